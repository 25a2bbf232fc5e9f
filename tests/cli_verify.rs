//! `skald verify`: an honest exported log verifies (exit 0); a tampered one names the record
//! (exit 1); a file that is no export is refused (exit 2).
#![allow(clippy::unwrap_used)]

mod common;

use common::check;
use serde_json::{Value, json};
use skald_fair::ServerSeed;
use skald_table::{Action, Actor, Record, Table, redact};

/// A Chi table played for a few records, its epoch ended (the secret roll revealed with it) when
/// `end`, exported as player 1 sees it, with the head of its hash chain.
fn export_ended(end: bool) -> Value {
    let seed = ServerSeed::from_bytes([3; 32]);
    // A quick table: players set the GM's numbers (crates/table/tests/requests.rs plays the default).
    let created = Table::create(
        "chi",
        "Verify me",
        &json!({"players_set_gm_numbers": true}),
        &seed,
        1_000,
    )
    .unwrap();
    let mut table = Table::from_records(vec![created]).unwrap();
    let joined = table.join("Ann", 2_000).unwrap();
    table.apply(joined).unwrap();
    let actions = [
        (
            Actor::Player(1),
            json!({"do": "enroll", "character": {"line": "Ragnar, fierce, arrogant, and savage barbarian8"}}),
        ),
        (
            Actor::Player(1),
            json!({"do": "contribute_seed", "seed": "my lucky socks"}),
        ),
        (
            Actor::Player(1),
            json!({"do": "action", "who": "Ragnar", "spend": 3, "difficulty": 2}),
        ),
        (
            Actor::Gm,
            json!({"do": "secret_roll_dice", "notation": "1d20", "label": "ambush"}),
        ),
        (
            Actor::Player(1),
            json!({"do": "roll", "notation": "4d6kh3"}),
        ),
        (Actor::Gm, json!({"do": "end_epoch", "reveal_hidden": true})),
    ];
    let played = if end {
        actions.len()
    } else {
        actions.len() - 1
    };
    for (i, (by, action)) in actions.into_iter().take(played).enumerate() {
        let action = Action::from_json(action).unwrap();
        let fresh = [u8::try_from(i).unwrap(); 32];
        for record in table.decide(by, &action, fresh, 3_000).unwrap() {
            table.apply(record).unwrap();
        }
    }
    let records: Vec<Record> = table
        .records()
        .iter()
        .map(|r| redact(r, Actor::Player(1).into()))
        .collect();
    json!({"skald_export": 1, "table": "t", "records": records, "head": table.head()})
}

fn export() -> Value {
    export_ended(true)
}

fn write(name: &str, value: &Value) -> String {
    let dir = std::env::temp_dir().join(format!("skald-cli-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, value.to_string()).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn an_honest_log_verifies_and_says_what_it_could_not_check() {
    let path = write("honest.json", &export());
    check(
        &["verify", &path],
        0,
        "9 records; 3 rolls recomputed from their revealed seeds and equal; 2 commands replayed through the rules\n\
         no mismatch\n",
    );
    let json = check(&["verify", &path, "--json"], 0, "");
    let report: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["rolls_verified"], 3);
    assert_eq!(report["mismatches"], json!([]));
    let path = write("open.json", &export_ended(false));
    check(
        &["verify", &path],
        0,
        "7 records; 0 rolls recomputed from their revealed seeds and equal; 2 commands replayed through the rules\n\
         3 rolls cannot be checked yet:\n  record 5: epoch 0 has not ended: its seed is not revealed yet\n  \
         record 6: secret roll not revealed\n  record 7: epoch 0 has not ended: its seed is not revealed yet\n\
         no mismatch\n",
    );
}

#[test]
fn a_changed_die_is_named_by_its_record() {
    let mut log = export();
    // Record 7 is the open 4d6kh3 roll: change its first die.
    let first = &mut log["records"][6]["body"]["roll"]["draws"][0]["value"];
    let value = first.as_i64().unwrap();
    let forged = if value == 6 { 1 } else { value + 1 };
    *first = json!(forged);
    let path = write("tampered.json", &log);
    let out = check(&["verify", &path], 1, "");
    let expected = format!(
        "2 mismatches:\n  record 7: draw 0 (d6) is recorded as {forged} but the seed derives {value}\n  \
         record 8: record 8's prev is not the hash of record 7: the hash chain is broken (a record deleted, inserted, moved or changed)\n\
         checking stopped at record 8: the log cannot be read past it, so the records after it are unchecked and the counts above cover only those before it\n"
    );
    assert!(out.ends_with(&expected), "{out}");
}

#[test]
fn what_people_read_is_checked_too() {
    // Each tamper of the attack but a die (above), with the first words of what is found: every one
    // exits 1.
    type Edit = fn(&mut Value);
    let cases: [(&str, Edit, &str); 9] = [
        (
            "seed changed",
            |log| log["records"][8]["body"]["seed"] = json!("00".repeat(32)),
            "record 9: epoch 0's seed does not hash to the commitment",
        ),
        (
            "commitment changed",
            |log| log["records"][5]["body"]["commitment"] = json!("ab".repeat(32)),
            "record 6: the revealed secret roll does not hash to its commitment",
        ),
        (
            "odds changed",
            |log| log["records"][4]["body"]["odds"]["chances"][0]["p"] = json!("1"),
            "record 5: the odds recorded before the roll are not the rules' odds",
        ),
        (
            "lines rewritten",
            |log| log["records"][4]["body"]["lines"][0] = json!("Ragnar fails miserably"),
            "record 5: the report lines are not what the rules say",
        ),
        (
            "odds removed",
            |log| {
                log["records"][4]["body"]
                    .as_object_mut()
                    .unwrap()
                    .remove("odds");
            },
            "record 5: the odds the rules gave before this roll are missing",
        ),
        (
            "record deleted",
            |log| {
                log["records"].as_array_mut().unwrap().remove(3);
            },
            "record 5: record 5 follows record 3",
        ),
        (
            "records reordered",
            |log| {
                let records = log["records"].as_array_mut().unwrap();
                records.swap(3, 4);
                records[3]["seq"] = json!(4);
                records[4]["seq"] = json!(5);
            },
            "record 4: record 4's prev is not the hash of record 3",
        ),
        (
            "last record cut",
            |log| {
                log["records"].as_array_mut().unwrap().pop();
            },
            "record 8: the export's head is not the hash of its last record",
        ),
        (
            "head removed",
            |log| {
                log.as_object_mut().unwrap().remove("head");
            },
            "record 9: the export names no head",
        ),
    ];
    for (what, edit, expected) in cases {
        let mut log = export();
        edit(&mut log);
        let path = write(&format!("{}.json", what.replace(' ', "-")), &log);
        let out = check(&["verify", &path], 1, "");
        assert!(out.contains(expected), "{what}: {out}");
        // A changed record breaks the chain at the next one, which stops the reading, and the
        // report says where; a log whose every link holds (the last record changed: only the head
        // disagrees) is read to its end.
        let read_to_the_end = ["seed changed", "last record cut", "head removed"].contains(&what);
        assert_eq!(
            out.contains("checking stopped at record"),
            !read_to_the_end,
            "{what}: {out}"
        );
    }
}

#[test]
fn a_file_that_is_no_export_is_refused() {
    let path = write("nothing.json", &json!({"hello": 1}));
    check(&["verify", &path], 2, "~is not a Skald table export");
}
