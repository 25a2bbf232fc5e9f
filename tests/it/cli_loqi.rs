#![allow(clippy::unwrap_used)]
//! `skald loqi ...` as a user meets it: the exact chances of a problem's outcomes (L3, L4), the L7
//! impact calculator, their exit codes, stdout and stderr; and the Loqi scenarios replayed.
use crate::common;
use common::check;

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&check(args, 0, "~")).unwrap()
}

#[test]
fn odds_as_text() {
    check(
        &["loqi", "odds", "--player", "3", "--gm", "-2"],
        0,
        "Likelihoods: the player's outcome 3, the GM's outcome -2\n\
         advantage 5, odds 11\n\
         a d12 of 11 or less selects the player's outcome, the more likely; 12 selects the GM's (L3)\n\
         P(the player's outcome) = 91.7% (11/12)\n\
         P(the GM's outcome)     = 8.3% (1/12)\n\
         One more point of influence (L5):\n\
         \x20 for the player's outcome: P(the player's outcome) = certain (advantage 6)\n\
         \x20 for the GM's outcome:     P(the GM's outcome)     = 16.7% (1/6) (advantage 4)\n",
    );
    check(
        &["loqi", "odds", "--player", "0", "--gm", "0"],
        0,
        "Likelihoods: the player's outcome 0, the GM's outcome 0\n\
         advantage 0, odds 6\n\
         equal likelihoods: a d12 of 1-6 selects the player's outcome, 7-12 the GM's (L3)\n\
         P(the player's outcome) = 50.0% (1/2)\n\
         P(the GM's outcome)     = 50.0% (1/2)\n\
         One more point of influence (L5):\n\
         \x20 for the player's outcome: P(the player's outcome) = 58.3% (7/12) (advantage 1)\n\
         \x20 for the GM's outcome:     P(the GM's outcome)     = 58.3% (7/12) (advantage 1)\n",
    );
    check(
        &["loqi", "odds", "--player", "-4", "--gm", "2"],
        0,
        "~advantage 6 or more: the more likely outcome is certain, no die is rolled (L3)\n\
         P(the player's outcome) = impossible\n\
         P(the GM's outcome)     = certain\n",
    );
    check(
        &[
            "loqi",
            "odds",
            "--player",
            "7",
            "--gm",
            "0",
            "--unlikely-outcomes",
        ],
        0,
        "~odds 12 or more: the less likely outcome needs a 12, then a roll at advantage - 6 (L4)\n\
         P(the player's outcome) = 96.5% (139/144)\n\
         P(the GM's outcome)     = 3.5% (5/144)\n",
    );
}

/// `(player, gm, unlikely, p_player, p_gm)`: the JSON keys the issue asks for, exact.
#[test]
fn odds_as_json() {
    for (player, gm, unlikely, p_player, p_gm, advantage, odds) in [
        ("3", "-2", false, "11/12", "1/12", 5, 11),
        ("-2", "3", false, "1/12", "11/12", 5, 11),
        ("1", "1", false, "1/2", "1/2", 0, 6),
        ("6", "0", false, "1", "0", 6, 12),
        ("6", "0", true, "23/24", "1/24", 6, 12),
        ("0", "13", true, "5/1728", "1723/1728", 13, 19),
        ("1000", "-1000", false, "1", "0", 2000, 2006),
    ] {
        let mut args = vec!["loqi", "odds", "--player", player, "--gm", gm, "--json"];
        if unlikely {
            args.push("--unlikely-outcomes");
        }
        let v = json(&args);
        assert_eq!(v["p_player"], p_player, "{args:?}");
        assert_eq!(v["p_gm"], p_gm, "{args:?}");
        assert_eq!(v["advantage"], advantage, "{args:?}");
        assert_eq!(v["odds"], odds, "{args:?}");
        assert_eq!(v["unlikely_outcomes"], unlikely, "{args:?}");
    }
    let v = json(&["loqi", "odds", "--player", "3", "--gm", "-2", "--json"]);
    assert_eq!(v["more_likely"], "player");
    assert_eq!(v["certain"], false);
    assert_eq!(v["one_more_point"]["player"]["p_player"], "1");
    assert_eq!(v["one_more_point"]["player"]["certain"], true);
    assert_eq!(v["one_more_point"]["gm"]["p_gm"], "1/6");
    assert_eq!(v["one_more_point"]["gm"]["advantage"], 4);
    assert!((v["p_gm_decimal"].as_f64().unwrap() - 1.0 / 12.0).abs() < 1e-12);
    let v = json(&["loqi", "odds", "--player", "2", "--gm", "2", "--json"]);
    assert_eq!(v["more_likely"], serde_json::Value::Null);
}

#[test]
fn odds_refuse_bad_input_with_exit_2() {
    check(
        &["loqi", "odds", "--player", "1001", "--gm", "0"],
        2,
        "~invalid value '1001' for '--player <PLAYER>': it must be a whole number from -1000 to 1000",
    );
    check(
        &["loqi", "odds", "--player", "x", "--gm", "0"],
        2,
        "~invalid value 'x' for '--player <PLAYER>'",
    );
    check(
        &["loqi", "odds", "--player", "1"],
        2,
        "~the following required arguments were not provided",
    );
}

#[test]
fn impact_sums_the_l7_calculators() {
    check(
        &[
            "loqi",
            "impact",
            "--trait-change",
            "2:scenario",
            "--trait-change",
            "-1:permanent:harmful",
            "--tactical",
            "-2",
            "--weakening",
            "3",
            "--regain",
            "1",
            "--relationship",
            "2:1.5:0.5",
        ],
        0,
        "trait +2 for the scenario                +4\n\
         harmful trait -1 permanently             +5\n\
         tactical change -2                       -1\n\
         weakening 3                              -6\n\
         regain 1                                 +4\n\
         relationship +2 x1.5 x0.5                +2\n\
         suggested impact +8 (L7): scenario, 6-9 on the L2 guide\n",
    );
    check(
        &["loqi", "impact", "--trait-change", "4:permanent"],
        0,
        "trait +4 permanently                     +20\n\
         suggested impact +20 (L7): beyond the L2 guide's 12\n",
    );
    let v = json(&["loqi", "impact", "--weakening", "5", "--json"]);
    assert_eq!(
        v,
        serde_json::json!({
            "items": [{"kind": "weakening", "points": 5, "impact": -10}],
            "impact": -10, "reaches": "story", "guide": [10, 12]
        })
    );
    let v = json(&["loqi", "impact", "--relationship", "-3", "--json"]);
    assert_eq!(v["items"][0]["influence"], 1.0);
    assert_eq!(v["impact"], -3);
}

#[test]
fn impact_refuses_bad_input_with_exit_2() {
    for (args, message) in [
        (
            vec!["loqi", "impact"],
            "skald: skald loqi impact needs at least one change: --trait-change, --tactical, --weakening, --regain or --relationship\n",
        ),
        (
            vec!["loqi", "impact", "--trait-change", "0:scene"],
            "skald: --trait-change #1 \"0:scene\": the change is 0; allowed: -6 to -1 or 1 to 6 (L7)\n",
        ),
        (
            vec!["loqi", "impact", "--trait-change", "2:forever"],
            "skald: --trait-change #1 \"2:forever\": the duration is \"forever\"; allowed: scene, scenario or permanent (L7)\n",
        ),
        (
            vec!["loqi", "impact", "--relationship", "2:3"],
            "skald: --relationship #1 \"2:3\": the influence is x3; allowed: x0.5 to x2 (L7)\n",
        ),
        (
            vec!["loqi", "impact", "--relationship", "5"],
            "skald: --relationship #1 \"5\": the change is 5; allowed: -4 to -1 or 1 to 4 (L7)\n",
        ),
        (
            vec!["loqi", "impact", "--tactical", "0"],
            "skald: --tactical 0: allowed -6 to -1 or 1 to 6 (L7)\n",
        ),
    ] {
        check(&args, 2, message);
    }
    check(
        &["loqi", "impact", "--weakening", "41"],
        2,
        "~it must be a whole number from 1 to 40",
    );
}

#[test]
fn every_loqi_scenario_replays() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/loqi");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 12, "{files:?}");
    for file in files {
        let path = file.to_string_lossy().into_owned();
        check(&["replay", &path], 0, "~");
    }
    let text = check(&["replay", "examples/loqi/bidding-war.toml"], 0, "~");
    assert!(
        text.contains("The GM spends 3 influence on a likelihood (L5); 7 left."),
        "{text}"
    );
    let text = check(&["replay", "examples/loqi/tiran-scene.toml"], 0, "~");
    assert!(
        text.contains(
            "Chances: the player's outcome 58.3% (7/12), the GM's outcome 41.7% (5/12).\n   d12 rolled 9 against odds 7: 9 > 7, so the GM's outcome is selected (L3)."
        ),
        "{text}"
    );
}

/// `skald loqi advise FILE --who NAME --after N`: the advice over the problem at a scenario's
/// position (issue 32), percentages first with the exact fraction beside; the next step's command
/// of NAME, or the open problem as it stands; JSON; a name not at the table and a position
/// without a problem refused with exit 2.
#[test]
fn advise_reads_a_scenario_position() {
    check(
        &[
            "loqi",
            "advise",
            "examples/loqi/bidding-war.toml",
            "--who",
            "Tiran",
            "--after",
            "5",
        ],
        0,
        "Advice for Tiran on step 6:\n\
         Problem 1: the player's outcome at +1 and the GM's at -1, advantage 2. Influence that may \
         still be spent on it (L5): Tiran 8 for the player's outcome (spent for it), Ayla 6 for the \
         player's outcome (better for the PCs), the GM 10 for the GM's outcome (proposed it). The \
         model: each spends, before the roll, any amount from none to all it holds on the outcome \
         it backs, each amount as likely (docs/loqi.md, \"Advice over the problem\"); exact.\n\
         \x20 The player's outcome (Tiran) is selected: 75.0% (1559/2079)\n\
         \x20 The GM's outcome is selected: 25.0% (520/2079)\n\
         \x20 The player's outcome (Tiran), if Tiran spends nothing more of the 8 held: 50.0% (1/2)\n\
         \x20 The player's outcome (Tiran), if Tiran spends all 8 held on it: 93.9% (31/33)\n\
         \x20 The player's outcome (Tiran), if everyone spends all held (the bidding war to the \
         end): 100% (sure)\n",
    );
    // Step 7 is the GM's bid, not Tiran's: the open problem as it stands after 6.
    check(
        &[
            "loqi",
            "advise",
            "examples/loqi/bidding-war.toml",
            "--who",
            "Tiran",
            "--after",
            "6",
        ],
        0,
        "~Advice for Tiran after 6 steps (the open problem):\n",
    );
    let v = json(&[
        "loqi",
        "advise",
        "examples/loqi/bidding-war.toml",
        "--who",
        "GM",
        "--after",
        "6",
        "--json",
    ]);
    assert_eq!(
        (v["who"].as_str(), v["after"].as_u64(), v["step"].as_u64()),
        (Some("GM"), Some(6), Some(7))
    );
    let chances = v["chances"].as_array().unwrap();
    let ps: Vec<&str> = chances.iter().map(|c| c["p"].as_str().unwrap()).collect();
    assert_eq!(ps, ["4079/6048", "1969/6048", "1/9", "437/756", "0"]);
    assert_eq!(
        chances[2]["label"],
        "The GM's outcome, if the GM spends nothing more of the 7 held"
    );
    assert!(
        chances.iter().all(|c| c.get("margin").is_none()),
        "exact: no margins"
    );
    check(
        &[
            "loqi",
            "advise",
            "examples/loqi/bidding-war.toml",
            "--who",
            "Bob",
            "--after",
            "5",
        ],
        2,
        "skald: --who is \"Bob\", but the table has \"GM\" and Tiran, Ayla\n",
    );
    check(
        &[
            "loqi",
            "advise",
            "examples/loqi/bidding-war.toml",
            "--who",
            "Tiran",
        ],
        2,
        "skald: no problem is open with both outcomes proposed after 14 steps; it is answered \
         after steps 4 to 12: give --after one of them\n",
    );
    check(
        &[
            "loqi",
            "advise",
            "examples/loqi/bidding-war.toml",
            "--who",
            "Tiran",
            "--after",
            "3",
        ],
        2,
        "~step 4 is no tally command nor proposal of Tiran that would leave one",
    );
}

/// `skald loqi balance FILE --after N`: a fair fight for the GM (issue 32). On the GM's proposal
/// of the bidding war (step 4), the draft's chance and the impact of the GM's outcome for an easy,
/// even and hard fight, percentages first with the exact fraction beside (the hard fight out of
/// reach: no GM's outcome better for the PCs than theirs); before it, a GM's outcome still to
/// propose; JSON with one target; a position without a player's outcome, or past the problem,
/// refused with exit 2.
#[test]
fn balance_proposes_an_impact_for_the_fight_wanted() {
    check(
        &[
            "loqi",
            "balance",
            "examples/loqi/bidding-war.toml",
            "--after",
            "3",
        ],
        0,
        "Problem 1 after 3 steps: the GM's outcome as the GM drafts it on step 4.\n\
         The player's outcome (Tiran): impact 3, likelihood -1.\n\
         Influence that may still be spent on it (L5): Tiran 10 for the player's outcome, Ayla 6 \
         for the player's outcome, the GM 10 for the GM's outcome; each spends, before the roll, \
         any amount from none to all it holds on the outcome it backs, each as likely. The party \
         wins when the player's outcome is selected (L3; docs/loqi.md, \"A fair fight\"); exact.\n\
         The GM's outcome, the party's chance (more harm makes it less likely, L2):\n\
         \x20 as drafted               impact -2, likelihood -2     74.0% (7519/10164)\n\
         \x20 easy (75%)               impact -2, likelihood -2     74.0% (7519/10164)\n\
         \x20 even (50%)               impact 2, likelihood +2      50.0% (1/2)\n\
         \x20 hard (25%)               impact 3, likelihood +3      43.7% (317/726), the closest \
         there is\n",
    );
    let v = json(&[
        "loqi",
        "balance",
        "examples/loqi/bidding-war.toml",
        "--after",
        "2",
        "--target",
        "even",
        "--json",
    ]);
    assert_eq!(
        (
            v["after"].as_u64(),
            v["step"].is_null(),
            v["drafted"].is_null()
        ),
        (Some(2), true, true)
    );
    assert_eq!(
        (
            v["exact"].as_bool(),
            v["plays"].as_u64(),
            v["problem"].as_u64()
        ),
        (Some(true), Some(0), Some(1))
    );
    assert_eq!(
        v["player"],
        serde_json::json!({"by": "Tiran", "impact": 3, "likelihood": -3})
    );
    assert_eq!(v["holders"].as_array().map(Vec::len), Some(3));
    assert_eq!(
        v["proposals"],
        serde_json::json!([{"chance": {"decimal": 0.5, "p": "1/2"}, "impact": 0, "likelihood": 0,
                            "out_of_reach": false, "target": "even", "wanted": 50}])
    );
    check(
        &[
            "loqi",
            "balance",
            "examples/loqi/bidding-war.toml",
            "--after",
            "1",
        ],
        2,
        "skald: no GM's outcome to weigh after 1 step: a problem must be open with the player's \
         outcome proposed and the GM's still to propose; it is answered after steps 2 and 3: give \
         --after one of them\n",
    );
    check(
        &["loqi", "balance", "examples/loqi/bidding-war.toml"],
        2,
        "~no GM's outcome to weigh after 14 steps",
    );
    check(
        &[
            "loqi",
            "balance",
            "examples/loqi/bidding-war.toml",
            "--target",
            "fair",
        ],
        2,
        "~invalid value 'fair' for '--target <TARGET>'",
    );
}
