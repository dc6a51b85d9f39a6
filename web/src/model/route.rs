//! Where the app is, kept in the URL fragment so reloads and the back button work offline.

use crate::model::apart::Parcel;

/// A screen of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// The start screen with the battle chooser.
    Start,
    /// The game in progress (the autosave).
    Play,
    /// The current game played back.
    Replay,
    /// A new game of a battle, by scenario id; it becomes `Play` once started.
    Battle(String),
    /// A game link (`g2.…`) or a position link (`p2.…`), of any version, being opened; it
    /// becomes `Play` once the game is in the library.
    Link(String),
    /// A move of a game played apart, received from the other device (issue 22).
    Apart(Parcel),
}

impl Route {
    /// Reads a fragment such as `#/battle/issus`; anything else is the start screen.
    pub fn parse(hash: &str) -> Self {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        if path == "play" {
            return Self::Play;
        }
        if path == "replay" {
            return Self::Replay;
        }
        if let Some(parcel) = Parcel::parse(path) {
            return Self::Apart(parcel);
        }
        if sarissa_share::is_link(path) {
            return Self::Link(path.to_string());
        }
        match path.split_once('/') {
            Some(("battle", id))
                if !id.is_empty() && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') =>
            {
                Self::Battle(id.to_string())
            }
            _ => Self::Start,
        }
    }

    pub fn hash(&self) -> String {
        match self {
            Self::Start => "#/".to_string(),
            Self::Play => "#/play".to_string(),
            Self::Replay => "#/replay".to_string(),
            Self::Battle(id) => format!("#/battle/{id}"),
            Self::Link(link) => format!("#{link}"),
            Self::Apart(parcel) => format!("#{}", parcel.fragment()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_round_trip_and_junk_goes_to_the_start() {
        assert_eq!(Route::parse("#/battle/issus"), Route::Battle("issus".into()));
        assert_eq!(Route::parse(&Route::Battle("granicus".into()).hash()), Route::Battle("granicus".into()));
        assert_eq!(Route::parse(""), Route::Start);
        assert_eq!(Route::parse("#/play"), Route::Play);
        assert_eq!(Route::parse(&Route::Play.hash()), Route::Play);
        assert_eq!(Route::parse(&Route::Replay.hash()), Route::Replay);
        assert_eq!(Route::parse("#/battle/"), Route::Start);
        assert_eq!(Route::parse("#/battle/<script>"), Route::Start);
        assert_eq!(Route::parse("#/elsewhere/x"), Route::Start);
        assert_eq!(Route::parse("#g1.AbC_-9"), Route::Link("g1.AbC_-9".into()));
        assert_eq!(Route::parse("#/p1.xyz"), Route::Link("p1.xyz".into()));
        assert_eq!(Route::parse(&Route::Link("p1.xyz".into()).hash()), Route::Link("p1.xyz".into()));
        assert_eq!(Route::parse("#g2.AbC"), Route::Link("g2.AbC".into()));
        assert_eq!(Route::parse("#p2.AbC"), Route::Link("p2.AbC".into()));
        let parcel = Parcel { game: "00ab".into(), side: 1, orders: None, link: "g2.AbC".into() };
        assert_eq!(Route::parse(&Route::Apart(parcel.clone()).hash()), Route::Apart(parcel));
    }
}
