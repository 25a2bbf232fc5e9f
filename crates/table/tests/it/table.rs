//! The table log end to end, without a server: roles, secrets, undo, fair rolls, verification.
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};
use skald_fair::ServerSeed;
use skald_table::{
    Action, Actor, Audience, Body, ErrorKind, GameError, Record, SecretBody, TABLE_ACTIONS, Table,
    redact, verify,
};
use skald_testkit::sheets::{DIRK, RAGNAR};

use crate::play;
use play::{ANN, BOB, GM, Play};

fn chi_enroll(line: &str) -> Value {
    json!({"do": "enroll", "character": {"line": line}})
}

#[test]
fn a_character_only_the_gm_makes_is_the_gms_own() {
    // Chi's minor NPC (no descriptive words) is the GM's to make (book, Character Creation), and
    // then the GM's to play: its secret dice are offered to the GM like any owner's.
    let mut play = Play::new("chi", true);
    assert!(matches!(
        play.refused(ANN, chi_enroll("orc4")),
        ErrorKind::Forbidden { .. }
    ));
    play.records(GM, chi_enroll("Blackfang, orc4"));
    play.records(ANN, chi_enroll(RAGNAR));
    assert_eq!(play.table.owners().get("Blackfang"), Some(&GM));
    assert_eq!(play.table.owners().get("Ragnar"), Some(&ANN));
    let kind = play.refused(
        ANN,
        json!({"do": "action", "who": "Blackfang", "spend": 1, "difficulty": 1}),
    );
    assert_eq!(
        kind.to_string(),
        "\"Blackfang\" is not your character: only its player or the GM may command it"
    );
    // A secret roll with both: each owner is offered its own character's dice.
    play.records(
        GM,
        json!({"do": "secret_open", "opposed": [{"actor": {"who": "Ragnar"}, "defender": {"who": "Blackfang"}}]}),
    );
    let allocations = |reader: Actor| -> Vec<Value> {
        play.table
            .moves(reader)
            .into_iter()
            .filter(|m| m.command["do"] == "allocate")
            .map(|m| m.command["who"].clone())
            .collect()
    };
    assert_eq!(allocations(GM), vec![json!("Blackfang")]);
    assert_eq!(allocations(ANN), vec![json!("Ragnar")]);
}

#[test]
fn a_player_owns_what_it_enrolls_and_commands_nothing_else() {
    let mut play = Play::new("chi", true);
    play.records(ANN, chi_enroll(RAGNAR));
    play.records(BOB, chi_enroll(DIRK));
    assert_eq!(play.table.owners().get("Ragnar"), Some(&ANN));
    assert_eq!(play.table.owners().get("Capt. Dirk Rednova"), Some(&BOB));

    let action = json!({"do": "action", "who": "Ragnar", "spend": 1, "difficulty": 1});
    let kind = play.refused(BOB, action.clone());
    assert_eq!(
        kind.to_string(),
        "\"Ragnar\" is not your character: only its player or the GM may command it"
    );
    assert!(matches!(
        play.refused(ANN, json!({"do": "new_round"})),
        ErrorKind::Forbidden { .. }
    ));
    assert!(matches!(
        play.refused(ANN, json!({"do": "note", "text": "mine"})),
        ErrorKind::Forbidden { .. }
    ));
    assert!(matches!(
        play.refused(Actor::Player(9), json!({"do": "roll", "notation": "1d6"})),
        ErrorKind::Forbidden { .. }
    ));
    play.records(ANN, action.clone());
    play.records(GM, json!({"do": "new_round"}));
    play.records(GM, action);
}

#[test]
fn undo_takes_back_commands_after_the_last_roll_and_no_further() {
    let mut play = Play::new("chi", true);
    play.records(ANN, chi_enroll(RAGNAR));
    play.records(GM, json!({"do": "roll", "notation": "1d6"}));
    play.records(BOB, chi_enroll(DIRK));
    assert!(play.table.owners().contains_key("Capt. Dirk Rednova"));
    let undone = play.records(GM, json!({"do": "undo"}));
    assert_eq!(undone[0].body, Body::Undone { of: 6 });
    assert!(!play.table.owners().contains_key("Capt. Dirk Rednova"));
    assert!(play.table.view().to_string().contains("Ragnar"));
    assert!(!play.table.view().to_string().contains("Dirk"));
    assert_eq!(
        play.refused(GM, json!({"do": "undo"})).to_string(),
        "cannot undo: the last roll (record 5) is as far back as undo goes"
    );
    assert!(matches!(
        play.refused(ANN, json!({"do": "undo"})),
        ErrorKind::Forbidden { .. }
    ));
    // A command that rolled is never taken back either.
    play.records(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1}),
    );
    assert_eq!(
        play.refused(GM, json!({"do": "undo"})).to_string(),
        "cannot undo: the last command (record 8) rolled dice, and rolls are never taken back"
    );
}

#[test]
fn a_secret_roll_is_the_gms_until_revealed_and_then_verifies() {
    let mut play = Play::new("twenty", true);
    let made = play.records(
        GM,
        json!({"do": "secret_roll_dice", "notation": "1d20+3", "label": "ambush"}),
    );
    let seq = made[0].seq;
    let for_ann = redact(&made[0], ANN.into());
    assert!(for_ann.secret.is_none());
    let shown = serde_json::to_string(&for_ann).unwrap();
    assert!(
        !shown.contains("ambush") && !shown.contains("1d20"),
        "{shown}"
    );
    assert_eq!(
        redact(&made[0], GM.into()).secret.unwrap().audience,
        Audience::Gm
    );
    assert_eq!(
        play.refused(ANN, json!({"do": "reveal_roll", "of": seq}))
            .to_string(),
        "only the GM may reveal a secret roll"
    );
    // Ending the epoch would make the roll guessable from the seed: refused, with the list.
    assert_eq!(
        play.refused(GM, json!({"do": "end_epoch"})).to_string(),
        "1 secret roll still hidden: record 4 (\"ambush\", 1d20 + 3). Ending the epoch makes its seed public, and then anyone who guesses such a roll's dice can check the guess; reveal them first (Reveal a secret roll), or tick \"Reveal my secret rolls still hidden, in the same step\" to reveal them as the epoch ends"
    );
    // Before the reveal a player's export cannot check it; nothing mismatches.
    let report = verify(
        skald_systems::REGISTRY,
        &play.export(ANN),
        Some(play.table.head()),
    );
    assert!(report.ok(), "{report:?}");
    assert_eq!(report.unverified.len(), 1);
    // The GM chooses to reveal it with the end of the epoch: one step, two records.
    let ended = play.records(GM, json!({"do": "end_epoch", "reveal_hidden": true}));
    let kinds: Vec<&str> = ended.iter().map(|r| r.body.kind()).collect();
    assert_eq!(kinds, ["secret_revealed", "epoch_ended"]);
    assert!(matches!(
        play.refused(GM, json!({"do": "reveal_roll", "of": seq})),
        ErrorKind::NotASecretRoll { .. }
    ));
    let report = verify(
        skald_systems::REGISTRY,
        &play.export(ANN),
        Some(play.table.head()),
    );
    assert!(report.ok() && report.unverified.is_empty(), "{report:?}");
    assert_eq!(report.rolls_verified, 1);
}

#[test]
fn a_chi_allocation_stays_its_players_until_the_reveal() {
    let mut play = Play::new("chi", true);
    play.records(ANN, chi_enroll(RAGNAR));
    play.records(BOB, chi_enroll(DIRK));
    play.records(
        GM,
        json!({"do": "secret_open", "opposed": [{"actor": {"who": "Ragnar"}, "defender": {"who": "Capt. Dirk Rednova"}}]}),
    );
    let committed = play.records(ANN, json!({"do": "allocate", "who": "Ragnar", "spend": 4}));
    let record = &committed[0];
    assert!(matches!(
        &record.secret,
        Some(skald_table::Secret {
            audience: Audience::Player(1),
            body: SecretBody::Allocation { spend: 4, .. }
        })
    ));
    for reader in [GM, BOB] {
        let shown = serde_json::to_string(&redact(record, reader.into())).unwrap();
        assert!(!shown.contains("\"spend\""), "{shown}");
    }
    assert!(matches!(
        play.refused(BOB, json!({"do": "allocate", "who": "Ragnar", "spend": 1})),
        ErrorKind::Forbidden { .. }
    ));
    play.records(
        BOB,
        json!({"do": "allocate", "who": "Capt. Dirk Rednova", "spend": 3}),
    );
    // Bob cannot reveal Ann's allocation.
    assert!(matches!(
        play.refused(BOB, json!({"do": "secret_reveal", "who": "Ragnar"})),
        ErrorKind::Forbidden { .. }
    ));
    play.records(ANN, json!({"do": "secret_reveal", "who": "Ragnar"}));
    play.records(
        BOB,
        json!({"do": "secret_reveal", "who": "Capt. Dirk Rednova"}),
    );
    let rolled = play.records(GM, json!({"do": "secret_roll"}));
    let Body::Command {
        roll: Some(roll), ..
    } = &rolled[0].body
    else {
        panic!("{:?}", rolled[0].body)
    };
    assert_eq!(
        roll.draws.len(),
        4 + 3,
        "Ragnar's 4 dice against Dirk's 3 (opposed: no difficulty dice)"
    );
    play.records(GM, json!({"do": "end_epoch"}));
    let report = verify(
        skald_systems::REGISTRY,
        &play.export(BOB),
        Some(play.table.head()),
    );
    assert!(report.ok() && report.unverified.is_empty(), "{report:?}");
    assert_eq!(report.rolls_verified, 1);
}

#[test]
fn verification_finds_every_kind_of_tampering() {
    let mut play = Play::new("chi", true);
    play.records(ANN, chi_enroll(RAGNAR));
    play.records(
        ANN,
        json!({"do": "contribute_seed", "seed": "ann's lucky socks"}),
    );
    play.records(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 3, "difficulty": 2}),
    );
    play.records(BOB, json!({"do": "roll", "notation": "3d6"}));
    play.records(GM, json!({"do": "end_epoch"}));
    let honest = play.export(BOB);
    // The action kept the chances the rules gave before its dice: 3d6 against 2 difficulty dice,
    // 1009/1296 by brute force over the 6^5 faces.
    let Body::Command {
        odds: Some(odds), ..
    } = &honest[5].body
    else {
        panic!("{:?}", honest[5].body)
    };
    assert_eq!(
        (odds.chances[0].label.as_str(), odds.chances[0].p.as_str()),
        ("Success", "1009/1296")
    );
    let head = play.table.head().to_owned();
    let report = verify(skald_systems::REGISTRY, &honest, Some(&head));
    assert!(report.ok() && report.unverified.is_empty(), "{report:?}");
    assert_eq!((report.rolls_verified, report.commands_replayed), (2, 2));

    let tamper = |edit: &dyn Fn(&mut Value)| {
        let mut json = serde_json::to_value(&honest).unwrap();
        edit(&mut json);
        let records: Vec<Record> = serde_json::from_value(json).unwrap();
        let report = verify(skald_systems::REGISTRY, &records, Some(&head));
        assert!(!report.ok(), "tampering went unseen");
        report.mismatches[0].clone()
    };
    // Records: 4 Ann enrolls, 5 her seed, 6 her action, 7 Bob's roll, 8 the epoch ends.
    let first = tamper(&|j| j[5]["body"]["roll"]["draws"][0]["value"] = json!(7));
    assert_eq!(first.seq, 6);
    let first = tamper(&|j| j[6]["body"]["total"] = json!(99));
    assert_eq!(first.seq, 7);
    // The changed total is named, not only the text both sides share.
    assert!(
        first
            .message
            .starts_with("the total is recorded as 99 but its dice make "),
        "{first:?}"
    );
    let first = tamper(&|j| j[7]["body"]["seed"] = json!("00".repeat(32)));
    assert_eq!(first.seq, 8);
    assert!(
        first.message.contains("does not hash to the commitment"),
        "{first:?}"
    );
    let first = tamper(&|j| j[4]["body"]["seed"] = json!("someone else's socks"));
    assert_eq!(first.seq, 5);
    let first = tamper(&|j| j[5]["body"]["events"][0]["who"] = json!("Nobody"));
    assert_eq!(first.seq, 6);
    let first = tamper(&|j| j[5]["body"]["odds"]["chances"][0]["p"] = json!("1"));
    assert_eq!(
        (first.seq, first.message.as_str()),
        (
            6,
            "the odds recorded before the roll are not the rules' odds for it"
        )
    );
}

#[test]
fn a_redacted_log_folds_to_the_same_state_and_never_holds_the_seed() {
    let mut play = Play::new("chi", true);
    play.records(ANN, chi_enroll(RAGNAR));
    play.records(
        GM,
        json!({"do": "note", "text": "the innkeeper is a vampire"}),
    );
    for reader in [GM, ANN, BOB] {
        let log = play.export(reader);
        let text = serde_json::to_string(&log).unwrap();
        assert!(
            !text.contains(&"07".repeat(32)),
            "the live seed leaked to {reader:?}"
        );
        assert_eq!(text.contains("vampire"), reader == GM);
        let folded = Table::from_records(skald_systems::REGISTRY, log).unwrap();
        assert_eq!(folded.view(), play.table.view());
    }
}

/// A table plays the systems of the registry it is handed, and only those: a new table of another
/// is refused naming those it has, and so is another system's log.
#[test]
fn a_table_plays_the_systems_of_the_registry_it_is_handed() {
    let chi = *skald_systems::REGISTRY.find("chi").unwrap();
    let only_chi = skald_core::Registry::new(Box::leak(Box::new([chi])));
    let seed = ServerSeed::from_bytes([0; 32]);
    let created = Table::create(only_chi, "chi", "x", &Value::Null, &seed, 0).unwrap();
    let table = Table::from_records(only_chi, vec![created]).unwrap();
    assert_eq!((table.system(), table.listed().title), ("chi", "Chi"));

    let twenty = Table::create(
        skald_systems::REGISTRY,
        "twenty",
        "x",
        &Value::Null,
        &seed,
        0,
    );
    let twenty = twenty.unwrap();
    assert_eq!(
        Table::create(only_chi, "twenty", "x", &Value::Null, &seed, 0)
            .unwrap_err()
            .to_string(),
        "the system \"twenty\" is not one Skald plays (chi)"
    );
    assert_eq!(
        Table::from_records(only_chi, vec![twenty])
            .unwrap_err()
            .to_string(),
        "the system \"twenty\" is not one Skald plays (chi)"
    );
}

#[test]
fn no_system_command_is_shadowed_by_a_table_action() {
    for system in skald_systems::REGISTRY.names() {
        let game = skald_table::new_game(skald_systems::REGISTRY, system, &Value::Null).unwrap();
        for name in TABLE_ACTIONS {
            let error = game.authority(&json!({"do": name})).unwrap_err();
            assert_eq!(
                error.code(),
                Some("unknown_command"),
                "{system} has a command {name}: {error}"
            );
        }
    }
}

/// The table's own forms (what a refusal of a table action is worded by) send table actions,
/// each its own.
#[test]
fn each_own_form_sends_a_table_action() {
    let verbs: Vec<&str> = skald_table::own_forms().iter().map(|m| m.verb).collect();
    for verb in &verbs {
        assert!(TABLE_ACTIONS.contains(verb), "{verb} is no table action");
    }
    for action in TABLE_ACTIONS {
        assert!(verbs.contains(&action), "{action} has no form");
    }
}

#[test]
fn bad_input_names_the_field_and_the_bounds() {
    let mut play = Play::new("loqi", true);
    let check = |kind: ErrorKind, expected: &str| assert_eq!(kind.to_string(), expected);
    check(
        play.refused(GM, json!({"do": "note", "text": ""})),
        "Text is empty: fill it in",
    );
    check(
        play.refused(
            GM,
            json!({"do": "roll", "notation": "1d6", "label": "x".repeat(121)}),
        ),
        "label must be 1 to 120 characters long, not 121",
    );
    assert!(matches!(
        play.refused(GM, json!({"do": "roll", "notation": "1d"})),
        ErrorKind::Notation { .. }
    ));
    assert!(matches!(
        play.refused(GM, json!({"do": "roll"})),
        ErrorKind::BadAction { .. }
    ));
    assert!(matches!(
        play.refused(GM, json!({"do": "fly"})),
        ErrorKind::Game(GameError::BadCommand { .. })
    ));
    assert!(matches!(
        play.refused(GM, json!({"no": "do"})),
        ErrorKind::BadAction { .. }
    ));
    assert!(matches!(
        play.refused(GM, json!({"do": "allocate", "who": "x", "spend": 1})),
        ErrorKind::BadAction { .. }
    ));
    assert!(matches!(
        play.refused(GM, json!({"do": "contribute_seed", "seed": ""})),
        ErrorKind::Seed { .. }
    ));
    assert!(
        Table::create(
            skald_systems::REGISTRY,
            "poker",
            "x",
            &Value::Null,
            &ServerSeed::from_bytes([0; 32]),
            0
        )
        .is_err()
    );
    assert!(
        Table::create(
            skald_systems::REGISTRY,
            "chi",
            "",
            &Value::Null,
            &ServerSeed::from_bytes([0; 32]),
            0
        )
        .is_err()
    );
    let two_lines = Table::create(
        skald_systems::REGISTRY,
        "chi",
        "a\nb",
        &Value::Null,
        &ServerSeed::from_bytes([0; 32]),
        0,
    );
    assert_eq!(
        two_lines.unwrap_err().to_string(),
        "title may not hold control characters (such as tabs and line breaks)"
    );
    // Found by schemathesis (2026-12-06): options as a list were read by position into Loqi's.
    for system in skald_systems::REGISTRY.names() {
        let listed = Table::create(
            skald_systems::REGISTRY,
            system,
            "x",
            &json!([false, false, true]),
            &ServerSeed::from_bytes([0; 32]),
            0,
        );
        assert_eq!(
            listed.unwrap_err().to_string(),
            "the table's options are a list, but they must be named options, as the lobby's form \
             sends them (or left out for the rulings' defaults)",
            "{system}"
        );
    }
    play.records(GM, json!({"do": "note", "text": "a note\nmay hold\tlines"}));
    assert!(
        Table::create(
            skald_systems::REGISTRY,
            "chi",
            "x",
            &json!({"tie": "coin"}),
            &ServerSeed::from_bytes([0; 32]),
            0
        )
        .is_err()
    );
}

#[test]
fn a_check_answers_what_the_table_would_refuse_and_draws_no_die() {
    let mut checked = Play::new("chi", true);
    let mut unchecked = Play::new("chi", true);
    for play in [&mut checked, &mut unchecked] {
        play.records(ANN, chi_enroll(RAGNAR));
    }
    let check = |play: &Play, by: Actor, action: Value| {
        play.table
            .check(by, &Action::from_json(action).unwrap())
            .map_err(|e| (e.field().map(str::to_owned), e.to_string()))
    };
    // Who may send it comes first: Bob may not command Ann's character.
    let ragnar_acts = json!({"do": "action", "who": "Ragnar", "spend": 9, "difficulty": 1});
    let (field, message) = check(&checked, BOB, ragnar_acts).unwrap_err();
    assert_eq!(field, None);
    assert_eq!(
        message,
        "\"Ragnar\" is not your character: only its player or the GM may command it"
    );
    // The rules' refusal names the field it is about.
    let too_many = json!({"do": "action", "who": "Ragnar", "spend": 9, "difficulty": 1});
    let (field, _) = check(&checked, ANN, too_many).unwrap_err();
    assert_eq!(field.as_deref(), Some("spend"));
    // A command the system does not know names the missing field.
    let (field, message) =
        check(&checked, ANN, json!({"do": "action", "who": "Ragnar"})).unwrap_err();
    assert_eq!(field.as_deref(), Some("spend"));
    assert_eq!(message, "Dice put in (8 left) is empty: fill it in");
    // A command that gets as far as its dice passes, and the check draws none of them: the roll
    // after a check is the roll without it.
    let fine = json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1});
    let before = checked.table.last_seq();
    assert_eq!(check(&checked, ANN, fine.clone()), Ok(()));
    assert_eq!(checked.table.last_seq(), before, "a check records nothing");
    assert_eq!(
        checked.records(ANN, fine.clone()),
        unchecked.records(ANN, fine)
    );
}

/// Issue 31, "nothing raw": a refusal names the blank as the sender's form labels it (the
/// system's moves, the table's own tools, the lobby's options), with the value and what is
/// allowed, and no parser wording, backtick, field path or option key; the field it is about
/// stays beside the words for a form to place it.
#[test]
fn refusals_name_the_blank_as_the_senders_form_labels_it() {
    let mut chi = Play::new("chi", true);
    chi.records(ANN, chi_enroll(RAGNAR));
    let mut loqi = Play::new("loqi", true);
    loqi.records(
        ANN,
        json!({"do": "enroll", "character": skald_testkit::sheets::tiran()}),
    );
    let mut freelancer = Play::new("freelancer", true);
    freelancer.records(
        ANN,
        json!({"do": "enroll", "character": skald_testkit::sheets::ash()}),
    );
    let said = |play: &mut Play, by: Actor, action: Value| {
        let (message, field) = play.said(by, action);
        (message, field.unwrap_or_default())
    };
    let cases = [
        (
            said(&mut chi, ANN, json!({"do": "say"})),
            ("What you say is empty: fill it in", "text"),
        ),
        (
            said(&mut chi, GM, json!({"do": "note", "text": ""})),
            ("The note is empty: fill it in", "text"),
        ),
        (
            said(&mut chi, ANN, json!({"do": "say", "text": "hi", "to": 1})),
            (
                "a whisper goes to someone else: pick another seat, or everyone",
                "",
            ),
        ),
        (
            said(
                &mut chi,
                ANN,
                json!({"do": "say", "text": "hi", "as": "Bob"}),
            ),
            (
                "you cannot speak as \"Bob\": your characters are Ragnar",
                "",
            ),
        ),
        (
            said(&mut chi, ANN, json!({"do": "roll", "notation": 5})),
            (
                "Dice is 5, but it must be text of at most 200 characters",
                "notation",
            ),
        ),
        (
            said(
                &mut chi,
                ANN,
                json!({"do": "enroll", "character": "Sela, quick barbarian"}),
            ),
            (
                "The character line \"Sela, quick barbarian\" does not read: it must end with the \
                 pool: a number such as 8, or 8/7 for maximum/current",
                "character",
            ),
        ),
        (
            said(
                &mut chi,
                ANN,
                json!({"do": "action", "who": "Ragnar", "spend": "x", "difficulty": 2}),
            ),
            (
                "Dice put in (8 left) is \"x\", but it must be a whole number from 1 to 8",
                "spend",
            ),
        ),
        (
            said(
                &mut chi,
                ANN,
                json!({"do": "action", "who": "Ragnar", "spend": 99, "difficulty": 2}),
            ),
            (
                "The number of dice put in is 99, but Ragnar has 8 of 8 dice left this round, so at \
                 most 8 can go in (ruling C1: the pool refills at the next round)",
                "spend",
            ),
        ),
        (
            said(
                &mut chi,
                ANN,
                json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 2, "bogus": 1}),
            ),
            (
                "“Ragnar: act against a Difficulty” takes no blank called “bogus”: the form may \
                 be out of date, so open the move again",
                "bogus",
            ),
        ),
        (
            said(&mut chi, ANN, json!({"do": "nope"})),
            ("Chi has no move called “nope”", ""),
        ),
        (
            said(
                &mut loqi,
                ANN,
                json!({"do": "enroll", "character": {"name": "Ayla", "influence": 3, "traits": [
                    {"name": "Archer", "rating": 3}, {"name": "Bow", "rating": 5}]}}),
            ),
            (
                "Trait 2's rating is 5; allowed: 1 to 4 (book: Traits; 5 and 6 need the table's \
                 option \"Trait ratings 5 and 6\")",
                "character.traits.1.rating",
            ),
        ),
        (
            said(
                &mut loqi,
                ANN,
                json!({"do": "enroll", "character": {"name": "Ayla", "influence": 3, "traits": [
                    {"name": "Archer", "rating": "1l"}]}}),
            ),
            (
                "Rating in entry 1 of Traits is \"1l\", but it must be a whole number from 1 to 4",
                "character.traits.0.rating",
            ),
        ),
        (
            said(
                &mut freelancer,
                ANN,
                json!({"do": "enroll", "character": {"name": "Bo", "ratings": {"LCK": "1l"}}}),
            ),
            (
                "Luck (LCK) is \"1l\", but it must be a whole number 0 to 10^30 (a rating on the \
                 sheet, F8)",
                "character.ratings.LCK",
            ),
        ),
    ];
    for ((message, field), (expected, at)) in cases {
        assert_eq!((message.as_str(), field.as_str()), (expected, at));
    }
    // The lobby's options by their labels.
    let refused = |system: &str, options: Value| {
        let e = Table::create(
            skald_systems::REGISTRY,
            system,
            "x",
            &options,
            &ServerSeed::from_bytes([0; 32]),
            0,
        )
        .unwrap_err();
        (e.to_string(), e.field().map(str::to_owned))
    };
    assert_eq!(
        refused("chi", json!({"tie": "coin"})),
        (
            "the table's options do not fit Chi: the option “Ties on an action (C3)” is \"coin\", \
             but it must be one of “a tie fails” or “a tie is rolled again”"
                .to_owned(),
            Some("tie".to_owned())
        )
    );
    assert_eq!(
        refused("loqi", json!({"high_ratings": 3})).0,
        "the table's options do not fit Loqi: the option “Trait ratings 5 and 6” is 3, but it \
         must be yes or no"
    );
    assert_eq!(
        refused("loqi", json!({"nope": 3})).0,
        "the table's options do not fit Loqi: Loqi has no option called “nope”"
    );
}
