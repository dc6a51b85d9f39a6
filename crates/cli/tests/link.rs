//! `sarissa link` as a user runs it.

mod common;

use common::sarissa;

fn save_file(text: &str) -> String {
    save_file_named("game.sarissa", text)
}

fn save_file_named(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("sarissa-link-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

const SAVE: &str = r#"{"format":1,"scenario":"samarkand","seed":5,
  "commands":["pre-arrange","activate bactrian-chief","end","no-momentum"]}"#;

#[test]
fn a_game_file_gives_two_links_that_read_back() {
    let out = sarissa(&["link", "encode", &save_file(SAVE)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let game = lines[0].strip_prefix("game g2.").map(|l| format!("g2.{l}")).expect("a game link first");
    let position = lines[1].strip_prefix("position p2.").map(|l| format!("p2.{l}")).expect("then a position link");

    let back = sarissa(&["link", "decode", &game]);
    assert!(back.status.success(), "{}", String::from_utf8_lossy(&back.stderr));
    let save: serde_json::Value = serde_json::from_slice(&back.stdout).unwrap();
    assert_eq!(save["scenario"], "samarkand");
    assert_eq!(save["seed"], 5);
    assert_eq!(save["commands"][1], "activate bactrian-chief");

    let state = sarissa(&["link", "decode", &position]);
    assert!(state.status.success(), "{}", String::from_utf8_lossy(&state.stderr));
    let state: serde_json::Value = serde_json::from_slice(&state.stdout).unwrap();
    assert_eq!(state["scenario_id"], "samarkand");
}

#[test]
fn links_of_the_first_version_still_read() {
    // A game link and a position link of the same game, 60 commands of Samarkand, as the version
    // before `g2.` and `p2.` wrote them (crates/share/tests/first_version.rs has more).
    let game = concat!(
        "g1.PY-xSgNBEIb_k8Dtzp5ynNMYGxvTiQQCMWojgcvlTvANJBcviiSm0BeIiGg0IaiolbW9jS_gO9hZ6RtYh-zuQXZhZ4d__m9mH",
        "HmRnqXn3bSfOb9_7Y_y2-ehhCMOetla77Tf_fl__9qttq7hn2DFWYjqxedV8IskogbK2IHf0mEbfkfLhf365l5xpAvGMleDI_Cls",
        "CdCZSIS_cgENfDQdd0QfG9IFGKrUwgWURlT036XlNJFBrwMvnUb4BspRBM8kNYQ572Pwa8kNeaRSCkVgZ9MjK0zaIPvdEaaWdN3f",
        "Vh6MJ2viJLcnmFjVBqAJ3oWz_NCa6uaVQ2QyPCM4s5X_eZpPAM",
    );
    let position = concat!(
        "p1.jVM9cpwwFI5LX0M1BeJf7t0mxRYpGMIo8DCagNiR0DY7HCWXSJMz5A4p7Su4th5_Xu8sHhqG93jfz_sk7jVvufrFZXn3_PLzD",
        "_3998eX1_szKUUB5OFMDgAllPgmZKGgBdmTh9Rjrh-GSeDHHo3jgDGWOUT3vLeYlLphzKI4SUIasYAFoRtkw-CQBngJSiOXiw-cN",
        "7ZMCS96cQKCHKYoQGvRSSTKLCrEUY6ihCY0wiGjocwbISEvura11u3HXhnA8fgjcyWk0LVd4Aa3nT7WXI9rTt4QYVtKmqIGjRhUs",
        "V1pmmaucgUVGrDdijcabLvtMBbTXraM7nO71kWrU1ZhxKXZUuq8gWoMNFvNpPMnguscFeRcKS6fJuR5ysoGbUvc2VmtXzp3iIIT8",
        "OZ9ykjRYyLZgOK9QKHUc-hYGSVnD_PYfEIVL4R8QkuH75jGseHFfAXO5NuYDPEo9cgYJv0I-boNidxwhlzJfAKh8Qy5knncgtjbs",
        "hjzb6jUUx50Cx2t6HCnoP0plrWSW1G03QnWq7pFgTd8pGBXFI87KXy2JOV5tyg2ZBeMv3NZP3STCXKFOGyrxEuk8e5Td2dfye5V1",
        "lNnezehLkPEMNT__929AQ",
    );
    let back = sarissa(&["link", "decode", game]);
    assert!(back.status.success(), "{}", String::from_utf8_lossy(&back.stderr));
    let save: serde_json::Value = serde_json::from_slice(&back.stdout).unwrap();
    assert_eq!((save["scenario"].as_str(), save["commands"].as_array().map(Vec::len)), (Some("samarkand"), Some(60)));
    let state = sarissa(&["link", "decode", position]);
    assert!(state.status.success(), "{}", String::from_utf8_lossy(&state.stderr));
    let state: serde_json::Value = serde_json::from_slice(&state.stdout).unwrap();
    assert_eq!(state["scenario_id"], "samarkand");
}

#[test]
fn a_damaged_link_is_refused_with_the_reason() {
    for broken in ["g1.AAAAbroken", "g2.AAAAbroken", "p2.AAAAbroken"] {
        let out = sarissa(&["link", "decode", broken]);
        assert_eq!(out.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&out.stderr).contains("The link is damaged"), "{broken}");
    }
    let out = sarissa(&["link", "decode", "g3.AAAA"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("newer version of Sarissa"));
    let out = sarissa(&["link", "decode", "hello"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stderr).trim(), "This is not a Sarissa game link.");
    let cut = sarissa(&["link", "encode", &save_file(&SAVE[..60])]);
    assert_eq!(cut.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&cut.stderr).contains("The game file is damaged: its list of moves is cut short."));
}

/// A game of Samarkand played apart with sealed dice, as its first side sends it and as the
/// second side sends it back (issue 22 §4; P303, P304).
fn sealed_exchange() -> (sarissa_share::Save, sarissa_share::Save) {
    use sarissa_rules::play::notation::format;
    let chains = [sarissa_share::DiceChain::new(&[5; 32]), sarissa_share::DiceChain::new(&[6; 32])];
    let mut sent = sarissa_share::read_save(SAVE).unwrap();
    let moves = std::mem::take(&mut sent.commands);
    sent.commands = vec![format(&chains[0].seal(0)), format(&chains[1].seal(1))];
    sent.commands.push(format(&chains[0].next_reveal(&sent, 0).unwrap()));
    sent.commands.extend(moves[..2].iter().cloned());
    let mut received = sent.clone();
    received.commands.push(format(&chains[1].next_reveal(&received, 1).unwrap()));
    received.commands.extend(moves[2..].iter().cloned());
    (sent, received)
}

#[test]
fn link_verify_passes_a_game_that_continues_and_names_the_first_difference() {
    let (sent, received) = sealed_exchange();
    let old = save_file_named("old.sarissa", &sent.to_json());
    let new = save_file_named("new.sarissa", &received.to_json());
    let out = sarissa(&["link", "verify", &old, &new]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "continues: 3 new commands, 2 dice reveals verified");

    // A link as NEW does as well as a file.
    let link = sarissa(&["link", "encode", &new]);
    let link = String::from_utf8_lossy(&link.stdout).lines().next().unwrap().trim_start_matches("game ").to_string();
    assert!(sarissa(&["link", "verify", &old, &link]).status.success());

    let mut forged = received.clone();
    let at = forged.commands.iter().rposition(|c| c.starts_with("reveal-dice")).unwrap();
    forged.commands[at] = format!("reveal-dice 1 {}", "cd".repeat(32));
    let out = sarissa(&["link", "verify", &old, &save_file_named("forged.sarissa", &forged.to_json())]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        format!(
            "does not continue: the die value the second side revealed at command {} does not match its seal",
            at + 1
        )
    );

    let mut rewritten = received.clone();
    rewritten.commands[4] = "activate sogdian-chief".into();
    let out = sarissa(&["link", "verify", &old, &save_file_named("rewritten.sarissa", &rewritten.to_json())]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "does not continue: the history differs from the one you sent, at command 5"
    );

    let out = sarissa(&["link", "verify", &new, &old]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("fewer moves"));
}

#[test]
fn link_verify_refuses_a_move_the_rules_do_not_allow() {
    let (sent, mut received) = sealed_exchange();
    received.commands.push("activate nobody".into());
    let old = save_file_named("old2.sarissa", &sent.to_json());
    let out = sarissa(&["link", "verify", &old, &save_file_named("illegal.sarissa", &received.to_json())]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("does not continue: Move 9 of 9 could not be replayed"), "{stderr}");
}
