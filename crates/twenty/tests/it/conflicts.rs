//! Twenty conflicts played through the core's `Table`, with scripted dice (T2-T4).
#![allow(clippy::unwrap_used)]

use skald_core::{Scripted, Table};
use skald_twenty::{Command, Declaration, Sheet, SheetKind, Standing, Trait, Twenty};

fn sheet(name: &str, traits: &[(&str, u32)]) -> Sheet {
    Sheet {
        name: name.into(),
        kind: SheetKind::Npc,
        burdens: vec![],
        stats: Default::default(),
        keys: vec![],
        traits: traits.iter().map(|(n, b)| Trait::new(*n, *b)).collect(),
        equipment: vec![],
        gear: vec![],
    }
}

/// A table with `sides` seated and a conflict started between all of them.
fn table(sides: &[(&str, &[(&str, u32)])]) -> Table<Twenty> {
    let mut table = Table::<Twenty>::new(Default::default());
    for (name, traits) in sides {
        table
            .execute(
                Command::AddCharacter {
                    character: sheet(name, traits),
                },
                &mut Scripted::default(),
            )
            .unwrap();
    }
    let participants = sides
        .iter()
        .map(|(n, _)| Declaration {
            who: (*n).into(),
            goal: format!("{n} wins the day"),
            death_of: None,
        })
        .collect();
    table
        .execute(
            Command::StartConflict { participants },
            &mut Scripted::default(),
        )
        .unwrap();
    table
}

fn bring_in(table: &mut Table<Twenty>, who: &str, name: &str, dice: &[i64]) -> Result<(), String> {
    let command = Command::BringIn {
        who: who.into(),
        trait_name: name.into(),
        remove: Vec::new(),
    };
    table
        .execute(command, &mut Scripted::new(dice.to_vec()))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn act(table: &mut Table<Twenty>, command: Command, dice: &[i64]) -> Result<(), String> {
    table
        .execute(command, &mut Scripted::new(dice.to_vec()))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn stand(who: &str) -> Command {
    Command::Stand {
        who: who.into(),
        remove: Vec::new(),
    }
}

fn surrender(who: &str) -> Command {
    Command::Surrender { who: who.into() }
}

fn view(table: &Table<Twenty>) -> serde_json::Value {
    <Twenty as skald_core::System>::view(table.state())
}

fn standing(table: &Table<Twenty>, who: &str) -> Standing {
    table
        .state()
        .conflict
        .as_ref()
        .unwrap()
        .participant(who)
        .unwrap()
        .standing
}

#[test]
fn rolling_a_1_forces_a_stand_but_the_dice_count() {
    let mut t = table(&[
        ("A", &[("Axe", 3), ("Bow", 3)]),
        ("B", &[("Club", 2), ("Dart", 2)]),
    ]);
    bring_in(&mut t, "A", "Axe", &[1, 19, 4]).unwrap();
    assert_eq!(standing(&t, "A"), Standing::ForcedStand);
    assert_eq!(
        view(&t)["conflict"]["participants"]["A"]["pool"],
        serde_json::json!([19, 4, 1])
    );
    bring_in(&mut t, "B", "Club", &[7, 7]).unwrap();
    // Exchange 2: A may not come back.
    let err = bring_in(&mut t, "A", "Bow", &[5, 5, 5]).unwrap_err();
    assert!(err.contains("A was forced to stand"), "{err}");
    bring_in(&mut t, "B", "Dart", &[20, 2]).unwrap();
    assert_eq!(view(&t)["conflict"]["winning"], "B");
    // Exchange 3: B has nothing with 3 unchecked boxes left: forced, so the exchange ends with no dice.
    assert_eq!(view(&t)["conflict"]["ended"], true);
    assert_eq!(view(&t)["conflict"]["winner"], "B");
    assert_eq!(
        view(&t)["conflict"]["final_order"],
        serde_json::json!(["B", "A"])
    );
}

#[test]
fn standing_is_for_one_exchange_and_one_may_come_back() {
    let mut t = table(&[("A", &[("Axe", 3)]), ("B", &[("Club", 2), ("Dart", 2)])]);
    act(&mut t, stand("A"), &[]).unwrap();
    bring_in(&mut t, "B", "Club", &[3, 2]).unwrap();
    assert_eq!(view(&t)["conflict"]["exchange"], 2);
    bring_in(&mut t, "A", "Axe", &[9, 8, 7]).unwrap();
    let err = act(&mut t, stand("A"), &[]).unwrap_err();
    assert_eq!(
        err,
        "A has already acted in exchange 2; it waits for the others (T2)"
    );
    bring_in(&mut t, "B", "Dart", &[10, 2]).unwrap();
    assert_eq!(view(&t)["conflict"]["winning"], "B");
}

#[test]
fn everyone_standing_ends_the_conflict_and_the_highest_pool_wins() {
    let spare = ("Spare", 3);
    let mut t = table(&[
        ("A", &[("Axe", 3), spare]),
        ("B", &[("Club", 3), spare]),
        ("C", &[("Cane", 3), spare]),
    ]);
    bring_in(&mut t, "A", "Axe", &[15, 3, 2]).unwrap();
    bring_in(&mut t, "B", "Club", &[15, 3, 4]).unwrap();
    bring_in(&mut t, "C", "Cane", &[12, 12, 12]).unwrap();
    assert_eq!(
        view(&t)["conflict"]["order"],
        serde_json::json!(["B", "A", "C"])
    );
    for who in ["A", "B"] {
        act(&mut t, stand(who), &[]).unwrap();
    }
    assert_eq!(view(&t)["conflict"]["ended"], false);
    act(&mut t, stand("C"), &[]).unwrap();
    assert_eq!(view(&t)["conflict"]["winner"], "B");
    assert_eq!(
        view(&t)["conflict"]["final_order"],
        serde_json::json!(["B", "A", "C"])
    );
}

#[test]
fn a_final_tie_is_rolled_off_until_one_is_highest() {
    let spare = ("Spare", 3);
    let mut t = table(&[
        ("A", &[("Axe", 2), spare]),
        ("B", &[("Club", 2), spare]),
        ("C", &[("Cane", 2), spare]),
    ]);
    bring_in(&mut t, "A", "Axe", &[15, 3]).unwrap();
    bring_in(&mut t, "B", "Club", &[3, 15]).unwrap();
    bring_in(&mut t, "C", "Cane", &[14, 14]).unwrap();
    assert_eq!(view(&t)["conflict"]["winning"], serde_json::Value::Null);
    act(&mut t, stand("A"), &[]).unwrap();
    act(&mut t, stand("B"), &[]).unwrap();
    // Only A and B are tied at the top; their roll-offs: 9 vs 9, then 4 vs 11.
    let err = act(&mut t, stand("C"), &[9, 9]).unwrap_err();
    assert!(err.contains("the scripted dice ran out"), "{err}");
    assert_eq!(
        view(&t)["conflict"]["ended"],
        false,
        "a refused command changes nothing"
    );
    act(&mut t, stand("C"), &[9, 9, 4, 11]).unwrap();
    assert_eq!(view(&t)["conflict"]["winner"], "B");
    assert_eq!(
        view(&t)["conflict"]["final_order"],
        serde_json::json!(["B", "A", "C"])
    );
}

#[test]
fn surrender_at_any_time_and_the_surrendered_narrate_last_most_recent_first() {
    let mut t = table(&[
        ("A", &[("Axe", 3)]),
        ("B", &[("Club", 3)]),
        ("C", &[("Cane", 3)]),
    ]);
    bring_in(&mut t, "A", "Axe", &[5, 5, 5]).unwrap();
    act(&mut t, surrender("C"), &[]).unwrap();
    act(&mut t, surrender("A"), &[]).unwrap();
    let v = view(&t);
    assert_eq!(v["conflict"]["winner"], "B");
    assert_eq!(
        v["conflict"]["final_order"],
        serde_json::json!(["B", "A", "C"])
    );
    let err = act(&mut t, surrender("B"), &[]).unwrap_err();
    assert_eq!(err, "no conflict is in progress");
}

#[test]
fn nothing_eligible_at_the_start_forces_a_stand() {
    let mut t = table(&[("A", &[("Axe", 1)]), ("B", &[("Club", 2)])]);
    bring_in(&mut t, "A", "Axe", &[20]).unwrap();
    bring_in(&mut t, "B", "Club", &[19, 18]).unwrap();
    // Exchange 2: A's Axe is used, B's Club is used: both forced, the conflict ends.
    let v = view(&t);
    assert_eq!(v["conflict"]["winner"], "A");
    assert_eq!(
        v["conflict"]["participants"]["B"]["standing"],
        "forced_stand"
    );
}

#[test]
fn refusals_name_what_is_wrong() {
    let mut t = table(&[("A", &[("Axe", 2)]), ("B", &[("Club", 2)])]);
    let err = bring_in(&mut t, "A", "Sword", &[]).unwrap_err();
    assert_eq!(
        err,
        "A has no trait, stat or special item named \"Sword\" (has: Axe)"
    );
    let err = bring_in(&mut t, "Z", "Axe", &[]).unwrap_err();
    assert_eq!(
        err,
        "Z is not taking part in this conflict (taking part: A, B)"
    );
    let err = bring_in(&mut t, "A", "Axe", &[21, 3]).unwrap_err();
    assert_eq!(err, "dice: scripted die 1 is 21, but a d20 shows 1 to 20");
    let err = act(
        &mut t,
        Command::StartConflict {
            participants: vec![],
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(
        err,
        "a conflict is already in progress (exchange 1); it must end first"
    );
}

#[test]
fn undo_takes_back_the_last_command_and_its_bookkeeping() {
    let mut t = table(&[("A", &[("Axe", 2)]), ("B", &[("Club", 2), ("Cane", 2)])]);
    bring_in(&mut t, "A", "Axe", &[5, 6]).unwrap();
    let before = t.state().clone();
    bring_in(&mut t, "B", "Club", &[7, 8]).unwrap();
    assert_eq!(view(&t)["conflict"]["exchange"], 2);
    t.undo().unwrap();
    assert_eq!(t.state(), &before);
    assert_eq!(view(&t)["characters"]["B"]["traits"]["Club"]["checked"], 0);
}

/// The view says how a conflict ended: after which exchange and whether everyone had to stand or
/// some stood by choice (T2, T4), not the number of the exchange that brought in nothing.
#[test]
fn the_end_says_after_which_exchange_and_why() {
    use serde_json::json;
    // Exchange 2 begins with nothing left with 2 unchecked boxes on either side: both must stand,
    // and the exchange ends with no dice (T2, T4).
    let mut t = table(&[("A", &[("Axe", 1)]), ("B", &[("Club", 1)])]);
    bring_in(&mut t, "A", "Axe", &[12]).unwrap();
    assert_eq!(view(&t)["conflict"]["end"], json!(null));
    bring_in(&mut t, "B", "Club", &[9]).unwrap();
    assert_eq!(
        view(&t)["conflict"]["end"],
        json!({"how": "no_dice", "exchange": 2, "forced": true})
    );
    // B must stand in exchange 2, A stands by choice: not everyone had to.
    let mut t = table(&[("A", &[("Axe", 1), ("Bow", 2)]), ("B", &[("Club", 1)])]);
    bring_in(&mut t, "A", "Axe", &[12]).unwrap();
    bring_in(&mut t, "B", "Club", &[9]).unwrap();
    act(&mut t, stand("A"), &[]).unwrap();
    assert_eq!(
        view(&t)["conflict"]["end"],
        json!({"how": "no_dice", "exchange": 2, "forced": false})
    );
    // A surrender leaves one side in, in the exchange it came.
    let mut t = table(&[("A", &[("Axe", 3)]), ("B", &[("Club", 3)])]);
    act(&mut t, surrender("B"), &[]).unwrap();
    assert_eq!(
        view(&t)["conflict"]["end"],
        json!({"how": "left_in", "exchange": 1, "winner": "A"})
    );
}

/// The view lists every exchange of the conflict with what each side did in it, in the order the
/// sides were declared: dice brought in, stands by choice and forced, burdens taken and the dice
/// they discarded (T2, T5); and a pool emptied by a burden says so.
#[test]
fn every_exchange_lists_what_each_side_did() {
    use serde_json::json;
    let mut t = table(&[("A", &[("Axe", 1), ("Bow", 2)]), ("B", &[("Club", 1)])]);
    bring_in(&mut t, "A", "Axe", &[8]).unwrap();
    bring_in(&mut t, "B", "Club", &[15]).unwrap();
    // A takes a burden from B: B discards its 15, above A's 8 (T5); the d20 picks the stat.
    let take = Command::TakeBurden {
        who: "A".into(),
        from: "B".into(),
        boxes: 1,
        name: "Bruised ribs".into(),
    };
    act(&mut t, take, &[3]).unwrap();
    let conflict = &view(&t)["conflict"];
    assert_eq!(conflict["participants"]["B"]["pool"], json!([]));
    assert_eq!(conflict["participants"]["B"]["discarded"], true);
    assert_eq!(conflict["participants"]["A"]["discarded"], false);
    act(&mut t, stand("A"), &[]).unwrap();
    assert_eq!(
        view(&t)["conflict"]["exchanges"],
        json!([
            {"number": 1, "sides": [
                {"who": "A", "steps": [
                    {"exchange": 1, "kind": "brought_in", "trait": "Axe", "dice": [8]}]},
                {"who": "B", "steps": [
                    {"exchange": 1, "kind": "brought_in", "trait": "Club", "dice": [15]}]}]},
            {"number": 2, "sides": [
                {"who": "A", "steps": [
                    {"exchange": 2, "kind": "took_burden", "from": "B", "name": "Bruised ribs", "boxes": [15]},
                    {"exchange": 2, "kind": "stood"}]},
                {"who": "B", "steps": [
                    {"exchange": 2, "kind": "forced_to_stand", "reason": "nothing_eligible"},
                    {"exchange": 2, "kind": "discarded", "by": "A", "dice": [15]}]}]}
        ])
    );
}

/// A participant to seat: its name, its goal and its traits with their boxes.
type Side<'a> = (&'a str, &'a str, &'a [(&'a str, u32)]);

/// A table with `options`, `sides` seated and a conflict started between them, each with its own
/// goal (T13: the same goal makes allies when the table plays it).
fn table_with(options: skald_twenty::Options, sides: &[Side]) -> Table<Twenty> {
    let mut table = Table::<Twenty>::new(options);
    for (name, _, traits) in sides {
        table
            .execute(
                Command::AddCharacter {
                    character: sheet(name, traits),
                },
                &mut Scripted::default(),
            )
            .unwrap();
    }
    let participants = sides
        .iter()
        .map(|(n, goal, _)| Declaration {
            who: (*n).into(),
            goal: (*goal).into(),
            death_of: None,
        })
        .collect();
    table
        .execute(
            Command::StartConflict { participants },
            &mut Scripted::default(),
        )
        .unwrap();
    table
}

fn allies_on() -> skald_twenty::Options {
    skald_twenty::Options::default()
}

fn allies_off() -> skald_twenty::Options {
    skald_twenty::Options {
        allies_share_goal: false,
        ..Default::default()
    }
}

const PASS: &str = "drive the dragon from the pass";
const HOARD: &str = "keep the hoard";

fn take(who: &str, from: &str, boxes: u32) -> Command {
    Command::TakeBurden {
        who: who.into(),
        from: from.into(),
        boxes,
        name: "Bruised".into(),
    }
}

/// The log lines of the last command.
fn lines(table: &Table<Twenty>) -> Vec<String> {
    table
        .log()
        .last()
        .unwrap()
        .events
        .iter()
        .map(<Twenty as skald_core::System>::describe)
        .collect()
}

/// T13: two allies on one goal both get it when one of them holds the highest standing die, even
/// with the lowest pool of all on the other; the narration order stays per participant (T3).
#[test]
fn two_allies_on_one_goal_both_get_it_when_one_holds_the_highest_standing_die() {
    use serde_json::json;
    let mut t = table_with(
        allies_on(),
        &[
            ("A", PASS, &[("Axe", 2), ("Bow", 2)]),
            ("B", PASS, &[("Club", 2), ("Cane", 2)]),
            ("D", HOARD, &[("Fire", 2), ("Claw", 2)]),
        ],
    );
    assert_eq!(view(&t)["conflict"]["sides"], json!([["A", "B"]]));
    assert_eq!(
        lines(&t),
        [
            "Conflict! A and B want: drive the dragon from the pass (one side, T13); D wants: keep the hoard. Exchange 1 begins."
        ]
    );
    bring_in(&mut t, "A", "Axe", &[5, 4]).unwrap();
    bring_in(&mut t, "B", "Club", &[18, 3]).unwrap();
    bring_in(&mut t, "D", "Fire", &[15, 12]).unwrap();
    assert_eq!(
        lines(&t)[1],
        "End of exchange 1: pools B [18 3], D [15 12], A [5 4]; B's side is winning (B and A, T13); narration order B, D, A"
    );
    for who in ["A", "B", "D"] {
        act(&mut t, stand(who), &[]).unwrap();
    }
    let v = view(&t);
    assert_eq!(v["conflict"]["winner"], "B");
    assert_eq!(v["conflict"]["winners"], json!(["B", "A"]));
    assert_eq!(v["conflict"]["final_order"], json!(["B", "D", "A"]));
    assert_eq!(
        lines(&t).last().unwrap(),
        "The conflict ends: B and A win the goal they share, B holding the best pool (T13). Final narration: B, D, A"
    );
    // The same dice without T13: B alone wins; A is one more loser.
    let mut t = table_with(
        allies_off(),
        &[
            ("A", PASS, &[("Axe", 2), ("Bow", 2)]),
            ("B", PASS, &[("Club", 2), ("Cane", 2)]),
            ("D", HOARD, &[("Fire", 2), ("Claw", 2)]),
        ],
    );
    assert_eq!(view(&t)["conflict"]["sides"], json!([]));
    bring_in(&mut t, "A", "Axe", &[5, 4]).unwrap();
    bring_in(&mut t, "B", "Club", &[18, 3]).unwrap();
    bring_in(&mut t, "D", "Fire", &[15, 12]).unwrap();
    for who in ["A", "B", "D"] {
        act(&mut t, stand(who), &[]).unwrap();
    }
    assert_eq!(view(&t)["conflict"]["winners"], json!(["B"]));
    assert_eq!(
        lines(&t).last().unwrap(),
        "The conflict ends: B wins. Final narration: B, D, A"
    );
}

/// T13: allies never take burdens from each other nor use each other's burdens, and an ally's 20
/// breaks no item (T9: an opponent's does); with the option off, each is the other's opponent.
#[test]
fn allies_never_take_burdens_from_each_other() {
    let sides: [Side; 3] = [
        ("A", PASS, &[("Axe", 2), ("Bow", 2)]),
        ("B", PASS, &[("Club", 2), ("Cane", 2)]),
        ("D", HOARD, &[("Fire", 2), ("Claw", 2)]),
    ];
    let mut t = table_with(allies_on(), &sides);
    bring_in(&mut t, "A", "Axe", &[5, 4]).unwrap();
    bring_in(&mut t, "B", "Club", &[18, 3]).unwrap();
    let err = act(&mut t, take("A", "B", 1), &[2]).unwrap_err();
    assert_eq!(
        err,
        "B declared the same goal as A and is on its side: allies never take burdens from each other nor use each other's (T13); a burden is taken from an opponent (T5)"
    );
    // From the dragon, yes: its 15 is above A's 5.
    bring_in(&mut t, "D", "Fire", &[15, 12]).unwrap();
    act(&mut t, take("A", "D", 1), &[2]).unwrap();
    assert_eq!(
        lines(&t),
        [
            "A takes a 1-box burden to make D discard 15; A carries it: \"Bruised\" [15] under Physical (d20 2, T5)"
        ]
    );
    let mut t = table_with(allies_off(), &sides);
    bring_in(&mut t, "A", "Axe", &[5, 4]).unwrap();
    bring_in(&mut t, "B", "Club", &[18, 3]).unwrap();
    act(&mut t, take("A", "B", 1), &[2]).unwrap();
    assert_eq!(
        view(&t)["conflict"]["participants"]["B"]["pool"],
        serde_json::json!([3])
    );

    // An ally's 20 breaks no item; an opponent's does (T9, T13). B brings in its lamp, A rolls a
    // 20, then D rolls a 20.
    let mut t = Table::<Twenty>::new(allies_on());
    let mut lamp = sheet("B", &[("Club", 2)]);
    lamp.equipment = vec![Trait::new("Lamp", 2)];
    for character in [sheet("A", &[("Axe", 2)]), lamp, sheet("D", &[("Fire", 2)])] {
        t.execute(
            Command::AddCharacter { character },
            &mut Scripted::default(),
        )
        .unwrap();
    }
    let declare = |who: &str, goal: &str| Declaration {
        who: who.into(),
        goal: goal.into(),
        death_of: None,
    };
    let participants = vec![declare("A", PASS), declare("B", PASS), declare("D", HOARD)];
    act(&mut t, Command::StartConflict { participants }, &[]).unwrap();
    bring_in(&mut t, "B", "Lamp", &[7, 6]).unwrap();
    bring_in(&mut t, "A", "Axe", &[20, 4]).unwrap();
    assert_eq!(
        view(&t)["characters"]["B"]["equipment"]["Lamp"]["broken"],
        false
    );
    bring_in(&mut t, "D", "Fire", &[20, 2]).unwrap();
    assert_eq!(
        view(&t)["characters"]["B"]["equipment"]["Lamp"]["broken"],
        true
    );
    // Nor does anyone use an ally's burden (T6, T13), whatever A carries.
    let err = act(
        &mut t,
        Command::UseBurden {
            who: "B".into(),
            of: "A".into(),
            burden: "Old scar".into(),
            value: 12,
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(
        err,
        "A declared the same goal as B and is on its side: allies never take burdens from each other nor use each other's (T13); a burden's boxes are used against its owner by an opponent (T6)"
    );
}

/// T13: the conflict ends when at most one side has anyone in: an ally's surrender leaves two
/// sides and it goes on; the opponent's leaves one side of two members, who both get the goal.
#[test]
fn the_conflict_ends_when_at_most_one_side_is_left_in() {
    use serde_json::json;
    let sides: [Side; 4] = [
        ("A", PASS, &[("Axe", 2)]),
        ("B", PASS, &[("Club", 2)]),
        ("C", PASS, &[("Cane", 2)]),
        ("D", HOARD, &[("Fire", 2)]),
    ];
    let mut t = table_with(allies_on(), &sides);
    act(&mut t, surrender("C"), &[]).unwrap();
    assert_eq!(view(&t)["conflict"]["ended"], false);
    bring_in(&mut t, "A", "Axe", &[9, 2]).unwrap();
    bring_in(&mut t, "B", "Club", &[11, 6]).unwrap();
    act(&mut t, surrender("D"), &[]).unwrap();
    let v = view(&t);
    assert_eq!(v["conflict"]["ended"], true);
    assert_eq!(v["conflict"]["winner"], "B");
    assert_eq!(v["conflict"]["winners"], json!(["B", "A"]));
    assert_eq!(v["conflict"]["final_order"], json!(["B", "A", "D", "C"]));
    assert_eq!(
        v["conflict"]["end"],
        json!({"how": "left_in", "exchange": 1, "winner": "B"})
    );
    // Without T13 the same surrender leaves A and B, two sides: it goes on.
    let mut t = table_with(allies_off(), &sides);
    bring_in(&mut t, "A", "Axe", &[9, 2]).unwrap();
    act(&mut t, surrender("D"), &[]).unwrap();
    act(&mut t, surrender("C"), &[]).unwrap();
    assert_eq!(view(&t)["conflict"]["ended"], false);
    act(&mut t, surrender("B"), &[]).unwrap();
    assert_eq!(view(&t)["conflict"]["winners"], json!(["A"]));
}

/// T13 with T3: allies tied at the top are one side ahead (no roll-off between them); a tie
/// between sides is rolled off by the tied, and the winner's side wins.
#[test]
fn allies_tied_at_the_top_need_no_roll_off() {
    use serde_json::json;
    let sides: [Side; 3] = [
        ("A", PASS, &[("Axe", 1)]),
        ("B", PASS, &[("Club", 1)]),
        ("D", HOARD, &[("Fire", 1)]),
    ];
    let mut t = table_with(allies_on(), &sides);
    bring_in(&mut t, "A", "Axe", &[18]).unwrap();
    bring_in(&mut t, "B", "Club", &[18]).unwrap();
    // Exchange 2 begins with nothing left: everyone must stand and the conflict ends.
    bring_in(&mut t, "D", "Fire", &[12]).unwrap();
    let v = view(&t);
    assert_eq!(v["conflict"]["winner"], "A");
    assert_eq!(v["conflict"]["winners"], json!(["A", "B"]));
    // A tie with the dragon too: A, B and D roll off; B's 12 is highest, so A and B win.
    let mut t = table_with(allies_on(), &sides);
    bring_in(&mut t, "A", "Axe", &[18]).unwrap();
    bring_in(&mut t, "B", "Club", &[18]).unwrap();
    bring_in(&mut t, "D", "Fire", &[18, 5, 12, 9]).unwrap();
    let v = view(&t);
    assert_eq!(v["conflict"]["winners"], json!(["B", "A"]));
    let said = lines(&t);
    assert_eq!(
        said[said.len() - 2],
        "Final tie rolled off, 1d20 each: A 5, B 12, D 9"
    );
    // A and D tied, B below: only A and D roll off, and D's 9 wins it alone.
    let mut t = table_with(allies_on(), &sides);
    bring_in(&mut t, "A", "Axe", &[18]).unwrap();
    bring_in(&mut t, "B", "Club", &[3]).unwrap();
    assert_eq!(view(&t)["conflict"]["winning"], json!("A"));
    bring_in(&mut t, "D", "Fire", &[18, 5, 9]).unwrap();
    let v = view(&t);
    assert_eq!(v["conflict"]["winner"], "D");
    assert_eq!(v["conflict"]["winners"], json!(["D"]));
    let said = lines(&t);
    assert_eq!(
        said[said.len() - 2],
        "Final tie rolled off, 1d20 each: A 5, D 9"
    );
}

/// T13 with T7: a death goal names an opponent, never an ally; the winning side's death goals
/// kill, an ally's too.
#[test]
fn an_allys_death_goal_kills_when_the_side_wins() {
    let mut t = Table::<Twenty>::new(allies_on());
    for (name, traits) in [
        ("A", [("Axe", 1)]),
        ("B", [("Club", 1)]),
        ("D", [("Fire", 1)]),
    ] {
        t.execute(
            Command::AddCharacter {
                character: sheet(name, &traits),
            },
            &mut Scripted::default(),
        )
        .unwrap();
    }
    let declare = |who: &str, goal: &str, death_of: Option<&str>| Declaration {
        who: who.into(),
        goal: goal.into(),
        death_of: death_of.map(str::to_owned),
    };
    let err = act(
        &mut t,
        Command::StartConflict {
            participants: vec![
                declare("A", PASS, Some("B")),
                declare("B", PASS, None),
                declare("D", HOARD, None),
            ],
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(
        err,
        "A's fight to the death names B, who declared the same goal and so is on its side (T13): a death goal names an opponent (T7)"
    );
    let err = act(
        &mut t,
        Command::StartConflict {
            participants: vec![
                declare("A", PASS, None),
                declare("B", " Drive the Dragon from the pass ", None),
            ],
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(
        err,
        "A, B all declared the same goal, so they are one side; a conflict needs two sides or more with different goals (T13)"
    );
    act(
        &mut t,
        Command::StartConflict {
            participants: vec![
                declare("A", PASS, Some("D")),
                declare("B", PASS, None),
                declare("D", HOARD, None),
            ],
        },
        &[],
    )
    .unwrap();
    bring_in(&mut t, "A", "Axe", &[4]).unwrap();
    bring_in(&mut t, "B", "Club", &[17]).unwrap();
    bring_in(&mut t, "D", "Fire", &[9]).unwrap();
    assert_eq!(view(&t)["conflict"]["winner"], "B");
    assert_eq!(view(&t)["characters"]["D"]["dead"], true);
    assert!(
        lines(&t).contains(&"D dies: A won with D's death as its goal (T7)".to_owned()),
        "{:?}",
        lines(&t)
    );
}
