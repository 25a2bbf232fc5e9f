//! `skald verify`: an honest exported log verifies (exit 0); a tampered one names the record
//! (exit 1); a file that is no export is refused (exit 2); a log rewritten with its chain
//! recomputed is caught with a kept head (`--head`, `--head-file`), and only with one.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::check;
use serde_json::{Value, json};
use skald_fair::ServerSeed;
use skald_table::{Action, Actor, GENESIS, Record, Table, redact};

/// A Chi table played for a few records, its epoch ended (the secret roll revealed with it) when
/// `end`, exported as player 1 sees it, with the head of its hash chain.
fn export_ended(end: bool) -> Value {
    let seed = ServerSeed::from_bytes([3; 32]);
    // A quick table: players set the GM's numbers (crates/table/tests/it/requests.rs plays the default).
    let created = Table::create(
        skald_systems::REGISTRY,
        "chi",
        "Verify me",
        &json!({"players_set_gm_numbers": true}),
        &seed,
        1_000,
    )
    .unwrap();
    let mut table = Table::from_records(skald_systems::REGISTRY, vec![created]).unwrap();
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

/// What the report says when no head was kept.
const NO_HEAD: &str = "no kept head (--head HASH or --head-file FILE): without a head kept before, a log whose records were changed and whose hash chain was recomputed cannot be told from an honest one; keep the head the table page shows";

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
        &format!(
            "no mismatch, but not checked against a kept head\n{NO_HEAD}\n\
             9 records; 3 rolls recomputed from their revealed seeds and equal; 2 commands replayed through the rules; 1 secret checked against its commitment\n"
        ),
    );
    let json = check(&["verify", &path, "--json"], 0, "");
    let report: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["rolls_verified"], 3);
    assert_eq!(report["mismatches"], json!([]));
    let path = write("open.json", &export_ended(false));
    check(
        &["verify", &path],
        0,
        &format!(
            "no mismatch, but not checked against a kept head\n{NO_HEAD}\n\
             3 rolls cannot be checked yet:\n  record 5: epoch 0 has not ended: its seed is not revealed yet\n  \
             record 6: secret roll not revealed\n  record 7: epoch 0 has not ended: its seed is not revealed yet\n\
             They can be checked once the GM ends the epoch (\"End the epoch\" in the table page's dice and table tools) or reveals the secret roll: export the log again then and verify it.\n\
             7 records; 0 rolls recomputed from their revealed seeds and equal; 2 commands replayed through the rules; 0 secrets checked against their commitments\n"
        ),
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
    // The verdict first, then what was found, then the counts.
    let out = check(&["verify", &path], 1, "");
    assert_eq!(
        out,
        format!(
            "NOT VERIFIED: 2 mismatches:\n  record 7: draw 0 (d6) is recorded as {forged} but the seed derives {value}\n  \
             record 8: record 8's prev is not the hash of record 7: the hash chain is broken (a record deleted, inserted, moved or changed)\n\
             checking stopped at record 8: the log cannot be read past it, so the records after it are unchecked and the counts below cover only those before it\n\
             {NO_HEAD}\n\
             9 records; 2 rolls recomputed from their revealed seeds and equal; 2 commands replayed through the rules; 1 secret checked against its commitment\n"
        ),
    );
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
            "record 6: the revealed secret roll (record 8) does not hash to its commitment",
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
        assert!(out.starts_with("NOT VERIFIED: "), "{what}: {out}");
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

/// `log` changed by `edit`, then every `prev` and the export's head recomputed, as an attacker
/// rewriting the log would.
fn rewritten(edit: fn(&mut Vec<Value>)) -> Value {
    let mut log = export();
    let mut records: Vec<Value> = log["records"].as_array().unwrap().clone();
    edit(&mut records);
    let mut prev = GENESIS.to_owned();
    let mut chained = Vec::new();
    for json in records {
        let mut record: Record = serde_json::from_value(json).unwrap();
        record.prev = prev;
        prev = record.hash();
        chained.push(record);
    }
    log["records"] = json!(chained);
    log["head"] = json!(prev);
    log
}

#[test]
fn a_rewritten_log_is_caught_only_against_a_kept_head() {
    let honest = export();
    let kept = honest["head"].as_str().unwrap().to_owned();
    let path = write("kept-honest.json", &honest);
    check(
        &["verify", &path, "--head", &kept.to_uppercase()],
        0,
        "verified: no mismatch, and the log holds the head you kept\n\
         the kept head is the hash of record 9, the last: every record is as it was when the head was kept\n\
         9 records; 3 rolls recomputed from their revealed seeds and equal; 2 commands replayed through the rules; 1 secret checked against its commitment\n",
    );
    let head_file = write_text(
        "head.txt",
        &format!("Skald table t\nrecord: 9\nhead: {kept}\n"),
    );
    check(&["verify", &path, "--head-file", &head_file], 0, "");
    type Edit = fn(&mut Vec<Value>);
    let cases: [(&str, Edit); 4] = [
        // The open 4d6kh3 (record 7) labelled; Ann's name changed; the last two records cut (the
        // export's head recomputed); a timestamp moved.
        ("label", |r| r[6]["body"]["label"] = json!("for luck")),
        ("name", |r| r[1]["body"]["name"] = json!("Eve")),
        ("cut", |r| r.truncate(7)),
        ("time", |r| r[3]["at_ms"] = json!(5)),
    ];
    for (what, edit) in cases {
        let path = write(&format!("rewritten-{what}.json"), &rewritten(edit));
        let out = check(&["verify", &path], 0, "");
        assert!(
            out.starts_with("no mismatch, but not checked against a kept head\n"),
            "{what}: {out}"
        );
        assert!(out.contains(NO_HEAD), "{what}: {out}");
        for flags in [
            ["--head", kept.as_str()],
            ["--head-file", head_file.as_str()],
        ] {
            let out = check(&["verify", &path, flags[0], flags[1]], 1, "");
            let last = if what == "cut" { 7 } else { 9 };
            assert!(
                out.starts_with(&format!(
                    "NOT VERIFIED: 1 mismatch:\n  record {last}: the kept head is the hash of no record of this log: the log was rewritten (its chain recomputed), or cut before the record it was kept at, or the head is another table's\n"
                )),
                "{what} {flags:?}: {out}"
            );
        }
    }
}

#[test]
fn a_head_kept_before_the_log_grew_names_its_record() {
    let before = export_ended(false);
    let kept = before["head"].as_str().unwrap();
    let path = write("grown.json", &export());
    let out = check(&["verify", &path, "--head", kept], 0, "");
    assert!(
        out.contains("the kept head is the hash of record 7: records 1 to 7 are as they were when it was kept; the log has grown by 2 records since, which it does not cover\n"),
        "{out}"
    );
}

#[test]
fn a_head_that_is_no_head_is_refused() {
    let path = write("for-heads.json", &export());
    check(
        &["verify", &path, "--head", "abc"],
        2,
        "~--head: \"abc\" is not a head: expected 64 hex digits",
    );
    let empty = write_text("empty-head.txt", "nothing here\n");
    check(
        &["verify", &path, "--head-file", &empty],
        2,
        "~holds no head: expected a line of 64 hex digits",
    );
    check(
        &[
            "verify",
            &path,
            "--head",
            &"a".repeat(64),
            "--head-file",
            &empty,
        ],
        2,
        "~cannot be used with",
    );
}

#[test]
fn a_field_skald_does_not_write_is_refused() {
    let mut log = export();
    log["records"][6]["body"]["extra"] = json!("loaded dice");
    let path = write("extra-field.json", &log);
    let out = check(&["verify", &path], 1, "");
    assert!(
        out.starts_with("NOT VERIFIED: 1 mismatch:\n  record 7: a field \"body.extra\" Skald does not write: the record's hash does not cover it\n"),
        "{out}"
    );
    let mut log = export();
    log["signed_by"] = json!("the GM");
    let path = write("extra-export-field.json", &log);
    check(
        &["verify", &path],
        2,
        "~the export holds a field \"signed_by\" Skald does not write",
    );
}

fn write_text(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("skald-cli-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}
