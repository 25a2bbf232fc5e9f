#![allow(clippy::unwrap_used)]
//! `skald chi ...` as a user meets it: exact odds, the allocation adviser, character lines and
//! secret-roll commitments, with their exit codes, stdout and stderr; and the Chi scenarios replayed.
use crate::common;
use common::check;

#[test]
fn odds_of_an_action_are_exact_fractions() {
    check(
        &[
            "chi",
            "odds",
            "--dice",
            "3",
            "--difficulty",
            "2",
            "--modifier",
            "-1",
        ],
        0,
        "3d6 - 1 against Difficulty 2 (2d6); a tie fails (C3)\n\
         P(success) = 69.5% (1801/2592)\n\
         P(failure) = 30.5% (791/2592)\n\
         P(tie)     = 8.4% (217/2592)\n",
    );
    check(
        &[
            "chi",
            "odds",
            "--dice",
            "2",
            "--difficulty",
            "2",
            "--tie",
            "reroll",
        ],
        0,
        "2d6 against Difficulty 2 (2d6); a tie is rerolled until the totals differ (C3)\n\
         P(success) = 50.0% (1/2)\n\
         P(failure) = 50.0% (1/2)\n\
         P(tie)     = 11.3% (73/648)\n",
    );
    check(
        &[
            "chi",
            "odds",
            "--dice",
            "1",
            "--defender-dice",
            "1",
            "--modifier",
            "6",
        ],
        0,
        "1d6 + 6 against the defender's 1d6 (modifier beyond +/-5, flagged); a tie goes to the \
         defender (C3)\n\
         P(success) = certain\n\
         P(failure) = impossible\n\
         P(tie)     = impossible\n",
    );
}

#[test]
fn odds_json_has_p_success_as_a_fraction() {
    let stdout = check(
        &["chi", "odds", "--dice", "8", "--difficulty", "6", "--json"],
        0,
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "dice": 8, "difficulty": 6, "modifier": 0, "flagged": false, "tie": "fail",
            "p_success": "22043155505/26121388032",
            "p_success_decimal": 22043155505.0 / 26121388032.0,
            "p_failure": "4078232527/26121388032",
            "p_failure_decimal": 4078232527.0 / 26121388032.0,
            "p_tie": "904301927/26121388032",
            "p_tie_decimal": 904301927.0 / 26121388032.0,
        })
    );
    let stdout = check(
        &[
            "chi",
            "odds",
            "--dice",
            "2",
            "--difficulty",
            "2",
            "--modifier",
            "1",
            "--tie",
            "reroll",
            "--json",
        ],
        0,
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    // 2d6 + 1 > 2d6: 721 of 1296; equal: 140; less: 435; ties rerolled: 721 / 1156.
    assert_eq!(
        (&json["p_success"], &json["p_tie"], &json["tie"]),
        (
            &serde_json::json!("721/1156"),
            &serde_json::json!("35/324"),
            &serde_json::json!("reroll")
        )
    );
}

#[test]
fn bad_odds_input_exits_2_naming_the_flag() {
    check(
        &["chi", "odds", "--dice", "0", "--difficulty", "2"],
        2,
        "skald: --dice is 0, but it must be 1 to 100 (d6 put into the action)\n",
    );
    check(
        &["chi", "odds", "--dice", "1", "--difficulty", "101"],
        2,
        "skald: --difficulty is 101, but it must be 1 to 100 (the GM's Difficulty, in d6)\n",
    );
    check(
        &[
            "chi",
            "odds",
            "--dice",
            "1",
            "--difficulty",
            "1",
            "--modifier",
            "-101",
        ],
        2,
        "skald: --modifier is -101, but it must be -100 to 100 (added to the sum; beyond +/-5 is \
         flagged, ruling C3)\n",
    );
    // clap's own usage errors: a missing Difficulty, an opposed roll with a tie option.
    check(&["chi", "odds", "--dice", "1"], 2, "");
    check(
        &[
            "chi",
            "odds",
            "--dice",
            "1",
            "--defender-dice",
            "1",
            "--tie",
            "reroll",
        ],
        2,
        "",
    );
}

#[test]
fn the_adviser_splits_the_pool_exactly() {
    check(
        &[
            "chi",
            "advise",
            "--pool",
            "8",
            "--reserve",
            "2",
            "--action",
            "4",
            "--action",
            "2",
            "--action",
            "3:off",
        ],
        0,
        "Pool 8 with 8 left this round, 2 kept in reserve; maximising the chance that every action \
         succeeds (ties fail):\n  \
         action 1: Difficulty 4: 3 dice, P(success) = 19.2% (559/2916)\n  \
         action 2: Difficulty 2: 1 die, P(success) = 9.3% (5/54)\n  \
         action 3: Difficulty 3, off-concept (at most 3): 2 dice, P(success) = 15.2% (197/1296)\n\
         Spent 6, kept back 2.\n\
         P(all succeed) = 0.3% (550615/204073344)\n\
         Expected successes = 0.44 (5089/11664)\n",
    );
    let stdout = check(
        &[
            "chi",
            "advise",
            "--pool",
            "8",
            "--reserve",
            "2",
            "--action",
            "4",
            "--action",
            "2",
            "--action",
            "3:off",
            "--goal",
            "expected",
            "--json",
        ],
        0,
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let dice: Vec<u64> = json["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["dice"].as_u64().unwrap())
        .collect();
    assert_eq!(dice, [1, 4, 1]);
    assert_eq!(json["expected_successes"], "4933/5184");
    assert_eq!(json["p_all"], "2705/322486272");
    assert_eq!(json["actions"][2]["cap"], 3);
    assert_eq!((&json["spent"], &json["kept"]), (&6.into(), &2.into()));
    check(
        &[
            "chi", "advise", "--pool", "7", "--action", "6-1", "--action", "1+2",
        ],
        0,
        "Pool 7 with 7 left this round, 0 kept in reserve; maximising the chance that every action \
         succeeds (ties fail):\n  \
         action 1: Difficulty 6 -1: 6 dice, P(success) = 40.1% (436539805/1088391168)\n  \
         action 2: Difficulty 1 +2: 1 die, P(success) = 72.2% (13/18)\n\
         Spent 7, kept back 0.\n\
         P(all succeed) = 29.0% (5675017465/19591041024)\n\
         Expected successes = 1.12 (1222600093/1088391168)\n",
    );
}

#[test]
fn bad_advice_input_exits_2() {
    check(
        &[
            "chi",
            "advise",
            "--pool",
            "3",
            "--reserve",
            "2",
            "--action",
            "1",
            "--action",
            "1",
        ],
        2,
        "skald: --action declares 2 actions, but the 3 dice left this round less the reserve of \
         2 leave 1 for them: each action needs at least 1 die (ruling C1)\n",
    );
    check(
        &[
            "chi", "advise", "--pool", "3", "--left", "4", "--action", "1",
        ],
        2,
        "skald: --left is 4, but it must be 0 to 3 (dice left this round, at most the current pool)\n",
    );
    check(
        &["chi", "advise", "--pool", "101", "--action", "1"],
        2,
        "skald: --pool is 101, but it must be 1 to 100 (the current pool, in d6)\n",
    );
    // An action's Difficulty is named by the flag that gave it.
    check(
        &["chi", "advise", "--pool", "5", "--action", "0"],
        2,
        "skald: --action's Difficulty is 0, but it must be 1 to 100 (the GM's Difficulty, in d6)\n",
    );
    let out = common::skald(&["chi", "advise", "--pool", "3", "--action", "hard"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(
        "\"hard\" is not an action: write DIFFICULTY[+M|-M][:off], e.g. 6, 4+1, 3-2:off"
    ));
}

/// `skald chi advise FILE --who NAME --after N`: the advice over the round at a scenario's
/// position (issue 32), percentages first with the exact fraction beside; the next step's roll,
/// or the open secret roll; a name not at the table refused.
#[test]
fn the_adviser_reads_a_scenario_position() {
    check(
        &[
            "chi",
            "advise",
            "examples/chi/three-actions-and-a-defence.toml",
            "--who",
            "Ragnar",
            "--after",
            "1",
        ],
        0,
        "Advice for Ragnar on step 2:\n\
         Ragnar in round 1: 5 of 8 dice left, 1 success so far this round; expected successes by \
         the end of the declared rolls: 1.44 (1871/1296) (C1). A tie fails (C3).\n\
         \x20 Ragnar's action succeeds: 2 dice against Difficulty 2: 44.4% (575/1296)\n\
         \x20 If orc acts against Ragnar with its 5 dice left, Ragnar holds with the 3 dice kept \
         back: 9.1% (8459/93312)\n\
         \x20 Keeping back as many dice as orc has left (5 dice, at most all but one): 1 die of \
         Ragnar's 5 left into the action, 4 kept back: success: 9.3% (5/54)\n\
         \x20 With that split, Ragnar holds with the 4 dice kept back if orc acts against it with \
         its 5 dice left: 28.2% (9865/34992)\n",
    );
    check(
        &[
            "chi",
            "advise",
            "examples/chi/secret-round.toml",
            "--who",
            "Ragnar",
            "--after",
            "1",
        ],
        0,
        "Advice for Ragnar after 1 step (the open secret roll):\n\
         Ragnar in round 1: 8 of 8 dice left, no success so far this round; expected successes by \
         the end of the declared rolls: 0.59 (1989230964151/3343537668096) (C1). Secret dice are \
         taken as any they may be, each as likely (C4); a tie fails (C3).\n\
         \x20 Ragnar beats Capt. Dirk Rednova: a secret 1 to 8 dice against a secret 0 to 7 dice \
         (a tie goes to Capt. Dirk Rednova): 59.5% (1989230964151/3343537668096)\n",
    );
    let json = check(
        &[
            "chi",
            "advise",
            "examples/chi/three-actions-and-a-defence.toml",
            "--who",
            "Ragnar",
            "--after",
            "0",
            "--json",
        ],
        0,
        "",
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["step"], 1);
    assert_eq!(value["chances"][0]["p"], "1009/1296");
    assert_eq!(
        value["chances"][0]["label"],
        "Ragnar's action succeeds: 3 dice against Difficulty 2"
    );
    check(
        &[
            "chi",
            "advise",
            "examples/chi/three-actions-and-a-defence.toml",
            "--who",
            "Grog",
        ],
        2,
        "skald: --who is \"Grog\", but the table has Ragnar, orc\n",
    );
}

#[test]
fn character_lines_are_read_and_written_back() {
    check(
        &[
            "chi",
            "character",
            "Capt. Dirk Rednova, ,dashing, handsome, and brave star marine7",
        ],
        0,
        "Capt. Dirk Rednova, dashing, handsome, and brave star marine7\n\
         name: Capt. Dirk Rednova\n\
         words: dashing, handsome, brave\n\
         occupation: star marine\n\
         pool: 7 (current 7)\n",
    );
    let stdout = check(&["chi", "character", "orc3/2", "--json"], 0, "");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&stdout).unwrap(),
        serde_json::json!({
            "line": "orc3/2", "name": "orc", "words": [], "occupation": "orc",
            "pool": 3, "current": 2, "minor_npc": true
        })
    );
    check(
        &["chi", "character", "Ragnar, fierce barbarian"],
        2,
        "skald: The character line \"Ragnar, fierce barbarian\" does not read: it must end with \
         the pool: a number such as 8, or 8/7 for maximum/current\n",
    );
    check(
        &["chi", "character", "Ragnar, fierce, arrogant, and savage8"],
        2,
        "skald: The character line \"Ragnar, fierce, arrogant, and savage8\" does not read: no \
         occupation follows the descriptive words\n",
    );
    check(
        &[
            "chi",
            "character",
            "Ragnar, fierce, arrogant, and savage barbarian8/9",
        ],
        2,
        "skald: The current pool is 9, but it must be 0 to 8 (the current pool is at most the maximum)\n",
    );
}

#[test]
fn commitments_hide_the_allocation_behind_a_salted_hash() {
    check(
        &[
            "chi",
            "commit",
            "--who",
            "Ragnar",
            "--dice",
            "4",
            "--salt",
            "ragnar-keeps-this-1",
        ],
        0,
        "commitment: df40d7323fbbe5df4f3c74148854dd9fdc23876a7e57369f45e6496b14b93d0a\n\
         salt: ragnar-keeps-this-1\n\
         Give the table the commitment now (in a scenario, do = \"secret_commit\"); keep the salt \
         and the allocation (4 dice) until everyone has committed, then reveal both \
         (do = \"secret_reveal\").\n",
    );
    // Without --salt, a fresh random one: two runs differ, and each matches its own salt.
    let run = || {
        let stdout = check(
            &["chi", "commit", "--who", "Ragnar", "--dice", "4", "--json"],
            0,
            "",
        );
        serde_json::from_str::<serde_json::Value>(&stdout).unwrap()
    };
    let (a, b) = (run(), run());
    assert_ne!(a["salt"], b["salt"]);
    assert_eq!(a["salt"].as_str().unwrap().len(), 32);
    let again = check(
        &[
            "chi",
            "commit",
            "--who",
            "Ragnar",
            "--dice",
            "4",
            "--salt",
            a["salt"].as_str().unwrap(),
            "--json",
        ],
        0,
        "",
    );
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&again).unwrap()["commitment"],
        a["commitment"]
    );
    check(
        &[
            "chi", "commit", "--who", "Ragnar", "--dice", "4", "--salt", "short",
        ],
        2,
        "skald: --salt is 5 characters long, but it must be 16 to 128: an allocation is one of at \
         most 101 numbers, so a short salt would let anyone try them all (ruling C4)\n",
    );
    check(
        &["chi", "commit", "--who", "Ragnar", "--dice", "101"],
        2,
        "skald: --dice is 101, but it must be 0 to 100 (the secret allocation, in d6)\n",
    );
}

#[test]
fn every_chi_scenario_replays() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/chi");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "book-characters.toml",
            "injury-defers-a-new-die.toml",
            "no-dice-left-to-defend.toml",
            "off-concept-at-the-cap.toml",
            "out-of-play-and-back.toml",
            "pool-7-round.toml",
            "recovery-releases-the-die.toml",
            "secret-round.toml",
            "three-actions-and-a-defence.toml",
        ]
    );
    for name in &names {
        let path = format!("examples/chi/{name}");
        check(&["replay", &path], 0, "");
    }
    let stdout = check(&["replay", "examples/chi/secret-round.toml"], 0, "");
    assert!(stdout.contains(
        "Ragnar commits a secret allocation: \
         df40d7323fbbe5df4f3c74148854dd9fdc23876a7e57369f45e6496b14b93d0a (C4)."
    ));
    let stdout = check(
        &["replay", "examples/chi/recovery-releases-the-die.toml"],
        0,
        "",
    );
    assert!(stdout.contains("Ragnar: the new die that waited joins the pool: pool 9/9 (C5)."));
}

/// `skald chi balance` (issue 32, a fair fight): the party's chances against a character, an
/// opponent's pool and each member's Difficulty for an even fight, exact; refusals in words.
#[test]
fn balance_proposes_a_pool_and_a_difficulty_for_the_fight_wanted() {
    check(
        &[
            "chi",
            "balance",
            "examples/chi/book-characters.toml",
            "--after",
            "0",
            "--party",
            "Ragnar,orc",
            "--against",
            "Capt. Dirk Rednova",
            "--target",
            "even",
        ],
        0,
        "After step 0: the party, Ragnar (pool 8), orc (pool 3); each, one on one, acts with every \
         die of its pool against the opponent defending with every die of its own, as if each were \
         the opponent's only foe that round (C1), a tie to the defender (C3); the party's chance is \
         the mean of these contests\n\
         Against Capt. Dirk Rednova (7 dice):\n\
         \x20 Ragnar                   67.3% (35183192065/52242776064)\n\
         \x20 orc                      0.3% (87373/30233088)\n\
         \x20 the party, on average    33.8% (35334172609/104485552128)\n\
         An opponent for the party:\n\
         \x20 even (50%)               a pool of 5   50.4% (13170980467/26121388032)\n\
         The Difficulty of an action (C3):\n\
         \x20 Ragnar, 8 dice, even             Difficulty 8   47.1% (147666524159/313456656384)\n\
         \x20 orc, 3 dice, even                Difficulty 3   45.4% (3527/7776)\n",
    );
    check(
        &[
            "chi",
            "balance",
            "examples/chi/book-characters.toml",
            "--after",
            "0",
            "--party",
            "Ragnar",
            "--against",
            "Ragnar",
        ],
        2,
        "skald: Ragnar is in the party: name an opponent outside it\n",
    );
    check(
        &[
            "chi",
            "balance",
            "examples/chi/book-characters.toml",
            "--after",
            "0",
            "--dice",
            "0",
        ],
        2,
        "skald: --dice is 0: put in 1 to 100 dice\n",
    );
}
