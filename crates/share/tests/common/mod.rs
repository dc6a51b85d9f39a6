//! The bundled battles and random games on them, for the tests.

use sarissa_rules::game::Phase;
use sarissa_rules::play::playout::RandomPlayer;
use sarissa_rules::{Command, Dice, Game};
use sarissa_share::Battle;
use std::path::PathBuf;

/// Every battle in scenarios/, by id.
pub fn battles() -> Vec<Battle> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("scenarios/ is there")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            Battle::load(&f.to_string_lossy(), &text).unwrap()
        })
        .collect()
}

pub fn finder(battles: &[Battle]) -> impl Fn(&str) -> Option<Battle> + '_ {
    move |id| battles.iter().find(|b| b.scenario.meta.id == id).cloned()
}

/// A random game of `battle` of at most `limit` commands (fewer if the battle ends).
#[allow(dead_code)]
pub fn random_game(battle: &Battle, seed: u64, limit: usize) -> (Game, Vec<Command>) {
    let (mut game, _) = Game::new(battle.scenario.clone(), Dice::seeded(seed)).unwrap();
    let mut player = RandomPlayer::new(seed);
    let mut played = Vec::new();
    while played.len() < limit && !matches!(game.state.phase, Phase::Over { .. }) {
        let Some(c) = player.choose(&game) else { break };
        game.execute(&c).unwrap();
        played.push(c);
    }
    (game, played)
}

/// Position links over a whole random battle of `battle` (seed `seed`), one made at every point
/// of it: the longest, after how many commands; how many the battle had; the last link's length.
#[allow(dead_code)]
pub fn longest_position_link(battles: &[Battle], battle: &Battle, seed: u64) -> (usize, usize, usize, usize) {
    use sarissa_rules::scenario::OptionChanges;
    use sarissa_share::{encode_position_link, Position};
    let (mut game, _) = Game::new(battle.scenario.clone(), Dice::seeded(seed)).unwrap();
    let mut player = RandomPlayer::new(seed);
    let (mut longest, mut at, mut played) = (0, 0, 0);
    let mut length;
    loop {
        let position = Position::of(&game, Some(battle.fingerprint.clone()), OptionChanges::new());
        length = encode_position_link(&position, finder(battles)).unwrap().len();
        if length > longest {
            (longest, at) = (length, played);
        }
        if matches!(game.state.phase, Phase::Over { .. }) {
            break;
        }
        let Some(c) = player.choose(&game) else { break };
        game.execute(&c).unwrap();
        played += 1;
    }
    (longest, at, played, length)
}

/// Links already sent: (battle, game link, position link) of a random game of 60 commands
/// (seed 9, named "Old link"), made by the version that wrote `g1.` and `p1.` links.
#[allow(dead_code)]
pub const FIRST_VERSION_LINKS: [(&str, &str, &str); 2] = [
    (
        "samarkand",
        concat!(
            "g1.PY-xSgNBEIb_k8Dtzp5ynNMYGxvTiQQCMWojgcvlTvANJBcviiSm0BeIiGg0IaiolbW9jS_gO9hZ6RtYh-zuQXZhZ4d__m9mH",
            "HmRnqXn3bSfOb9_7Y_y2-ehhCMOetla77Tf_fl__9qttq7hn2DFWYjqxedV8IskogbK2IHf0mEbfkfLhf365l5xpAvGMleDI_Cls",
            "CdCZSIS_cgENfDQdd0QfG9IFGKrUwgWURlT036XlNJFBrwMvnUb4BspRBM8kNYQ572Pwa8kNeaRSCkVgZ9MjK0zaIPvdEaaWdN3f",
            "Vh6MJ2viJLcnmFjVBqAJ3oWz_NCa6uaVQ2QyPCM4s5X_eZpPAM",
        ),
        concat!(
            "p1.jVM9cpwwFI5LX0M1BeJf7t0mxRYpGMIo8DCagNiR0DY7HCWXSJMz5A4p7Su4th5_Xu8sHhqG93jfz_sk7jVvufrFZXn3_PLzD",
            "_3998eX1_szKUUB5OFMDgAllPgmZKGgBdmTh9Rjrh-GSeDHHo3jgDGWOUT3vLeYlLphzKI4SUIasYAFoRtkw-CQBngJSiOXiw-cN",
            "7ZMCS96cQKCHKYoQGvRSSTKLCrEUY6ihCY0wiGjocwbISEvura11u3HXhnA8fgjcyWk0LVd4Aa3nT7WXI9rTt4QYVtKmqIGjRhUs",
            "V1pmmaucgUVGrDdijcabLvtMBbTXraM7nO71kWrU1ZhxKXZUuq8gWoMNFvNpPMnguscFeRcKS6fJuR5ysoGbUvc2VmtXzp3iIIT8",
            "OZ9ykjRYyLZgOK9QKHUc-hYGSVnD_PYfEIVL4R8QkuH75jGseHFfAXO5NuYDPEo9cgYJv0I-boNidxwhlzJfAKh8Qy5knncgtjbs",
            "hjzb6jUUx50Cx2t6HCnoP0plrWSW1G03QnWq7pFgTd8pGBXFI87KXy2JOV5tyg2ZBeMv3NZP3STCXKFOGyrxEuk8e5Td2dfye5V1",
            "lNnezehLkPEMNT__929AQ",
        ),
    ),
    (
        "issus",
        concat!(
            "g1.TY67SgNBGIXPBte5bbHGEczGwiWVWIiFBLwUEpFdE9HKyiJFUNdd18uiTyCItbEUROzEW2sjAVHTKPg0ls6_CMkUZ86c-f6ZY",
            "9lRlh1n1kJlY2kmOLsRsPha0hpPojTePDn_na82L9qXqKavGGrCPULJKjRC72cM05iDe2DOdmN9qrbovfxHe4QENe-uDP0ghJRyB",
            "fqRdjJPuTGO2GILw9Btxlahr5UKoK-UCs3VLIop9JeQJuqM2P6oXzLIu1Tmha6jFI27EfQpY05Afrfv0w_OQ4MJYYY_BRec58g2S",
            "UKyQ7Lfa_5WpiCGfnbyVYcfD1QGHQf6nnHq426RHEJ_S6nqmOiaMmwZk4XO7R8",
        ),
        concat!(
            "p1.tZVNitswFMfbRa_QA6jbBGzJjuyB7jrQ1XQx0ELDYFT7ZWywZSPJw4SQdek1eqUuuuhl-iQrTlLIYJI0i2B9vN__ffn5TaV1r",
            "1-_f_f5Q_zx-89Xv95uSFHlQG425B6ggMI-VTJX0IA05GZJ04DFcRIxTkPOozRNH2ZEG2HQZpnQOEqjNIzxxxKa8iR42G5npAZRg",
            "NKWFQb2X7ZZ01pi36CZUT14So-XlmRVyUqXKG53-zwHratW4kmIG72GIqsrCVneNo2QxY6AQmFo6cI6ShgPuAWcr2WB9DJ3LYJZx",
            "DWCiy73Jf6v2V9cK1I-wU2Rm-oJTsSZXMmTU-XHI3b6KJqsjpfj05zFxQXnFxOSiwnphQREdKXQbigNk8RatM_ClAq0tbDFwz3Z1",
            "7VfZQpWtq64uxK1tmIH8uNWr02GfXSw1SrkOzvsMIUWlZDzVdsaMiOqXYt6XrYKfZkR0XU1zL-BUHa0PexsdVbDyvjW8n4v_RGx6",
            "egUZEIpIR8Hmc3QyThBcencmI1hElHDM3YkPqM8PAGu97d6WRmXvXLdCd1V2uh5iBcPltQ6-giNsNJHSrYEB0KmXDetLIQ-Ehouj",
            "ToNqBykUBXoeYREG7SpbIDLaBa4Va_G12qw2hDqRn7e1n0j97Uf1pkwGXaBMvuDlcgr-Wjl7m6Jq9sTFPvjrha5_xhtyCdXd0I5Z",
            "cQ1CnXNtkd8mUpYsHAgMHpMuJuMiFngEe79L4ekheNAOIsZJAMzcmNiggljQeRNFseq9051dGtiZu1H1NH4VWippyVXoC1Cn_Don",
            "6rfT20cluAH3iEW8fWa1M7d4Nij25fDc-MhK-EZdheGnabDJRuXOye8_9holJLtqdhi6mPj4dTeWYS-Pvzct4BFI4Kdi4ipfxd5c",
            "r4Xvm35lNY4Tj87Tn98Ov2cxi-l37mw3f74_efrXw",
        ),
    ),
];
