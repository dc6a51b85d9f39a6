//! Where the app is, kept in the URL fragment so reloads and the back button work offline.

/// A screen of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// The start screen with the battle chooser.
    Start,
    /// The game in progress (the autosave).
    Play,
    /// A new game of a battle, by scenario id; it becomes `Play` once started.
    Battle(String),
}

impl Route {
    /// Reads a fragment such as `#/battle/issus`; anything else is the start screen.
    pub fn parse(hash: &str) -> Self {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        if path == "play" {
            return Self::Play;
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
            Self::Battle(id) => format!("#/battle/{id}"),
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
        assert_eq!(Route::parse("#/battle/"), Route::Start);
        assert_eq!(Route::parse("#/battle/<script>"), Route::Start);
        assert_eq!(Route::parse("#/elsewhere/x"), Route::Start);
    }
}
