use sarissa_rules::game::Phase;
use sarissa_rules::{notation, Command, Dice, Game};
use std::sync::Arc;

#[test]
#[ignore]
fn probe_granicus_games() {
    let text = include_str!("../../../scenarios/granicus.toml");
    let s = Arc::new(sarissa_rules::load("granicus.toml", text).unwrap());
    let (mut split, mut engaged) = (false, false);
    for pseed in 0..400u64 {
        let (mut g, _) = Game::new(s.clone(), Dice::seeded(1)).unwrap();
        let mut p = sarissa_rules::playout::RandomPlayer::new(pseed);
        let mut played: Vec<Command> = Vec::new();
        for _ in 0..1500 {
            if let Phase::Shock { optional, must, .. } = &g.state.phase {
                let st = &g.state;
                if !split && !optional.is_empty() {
                    let none = sarissa_rules::shock_segment::groupings(&s, st, &[]).len();
                    let one = sarissa_rules::shock_segment::groupings(&s, st, &optional[..1]).len();
                    if none == 1 && one == 2 {
                        split = true;
                        let v: Vec<String> = played.iter().map(notation::format).collect();
                        println!("SPLIT pseed {pseed} n {}\n{}", v.len(), serde_json::to_string(&v).unwrap());
                    }
                }
                if !engaged && must.iter().any(|m| s.units.iter().position(|u| &u.id == m).is_some_and(|i| st.units[i].engaged)) {
                    let bo: Vec<String> = sarissa_rules::legal::legal_commands(&g)
                        .into_iter()
                        .filter_map(|c| match c { Command::BreakOff { unit, .. } => Some(unit), _ => None })
                        .collect();
                    if !bo.is_empty() && bo.iter().all(|u| u == &bo[0]) {
                        engaged = true;
                        let v: Vec<String> = played.iter().map(notation::format).collect();
                        println!("ENGAGED pseed {pseed} n {}\n{}", v.len(), serde_json::to_string(&v).unwrap());
                    }
                }
            }
            if split && engaged {
                return;
            }
            let Some(c) = p.choose(&g) else { break };
            g.execute(&c).unwrap();
            played.push(c);
        }
    }
}
