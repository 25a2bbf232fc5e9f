//! The healer picks which burden boxes go (T8): `remove` on a healer's `bring_in` or `stand`,
//! played through the core's `Table` with scripted dice: the boxes removed and the picks recorded
//! in `burden_healed`, the log line, and each bad pick refused by name with nothing changed.
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};
use skald_core::{Scripted, System, Table};
use skald_twenty::{Command, Event, Twenty};

/// Gorand with the book's flesh wound [17] [15] and cracked ribs [19] [12] [9]; the book's healer
/// (Spiritual 5 with one box checked, Healing 2, Shaman 1) and Wren (Spiritual 5, Herbs 3,
/// Bonesetting 3).
fn table() -> Table<Twenty> {
    let mut table = Table::<Twenty>::new(Default::default());
    let sheets = [
        json!({"name": "Gorand", "kind": "npc", "stats": {"Physical": 5, "Spiritual": 4},
               "traits": [{"name": "Swords", "boxes": 4}],
               "burdens": [{"name": "Flesh wound", "stat": "Physical", "boxes": [17, 15]},
                           {"name": "Cracked ribs", "stat": "Physical", "boxes": [19, 12, 9]}]}),
        json!({"name": "Healer", "kind": "npc", "stats": {"Spiritual": {"boxes": 5, "checked": 1}},
               "traits": [{"name": "Healing", "boxes": 2}, {"name": "Shaman", "boxes": 1}]}),
        json!({"name": "Wren", "kind": "npc", "stats": {"Spiritual": 5},
               "traits": [{"name": "Herbs", "boxes": 3}, {"name": "Bonesetting", "boxes": 3}]}),
    ];
    for sheet in sheets {
        play(
            &mut table,
            json!({"do": "add_character", "character": sheet}),
            &[],
        );
    }
    table
}

fn command(step: Value) -> Command {
    serde_json::from_value(step).unwrap()
}

/// Plays `step` with `dice`, every one of which must be rolled, and gives its events.
fn play(table: &mut Table<Twenty>, step: Value, dice: &[i64]) -> Vec<Event> {
    let mut source = Scripted::new(dice.to_vec());
    let events = table
        .execute(command(step.clone()), &mut source)
        .unwrap_or_else(|e| panic!("{step}: {e}"))
        .to_vec();
    assert!(source.remaining().is_empty(), "{step}: dice left");
    events
}

/// The book's healing up to its last bring-in: GM 18 17 15 4 against the healer's 16 12 7.
fn book_healing() -> Table<Twenty> {
    let mut t = table();
    play(
        &mut t,
        json!({"do": "start_healing", "healer": "Healer", "patient": "Gorand", "burden": "Flesh wound"}),
        &[],
    );
    play(
        &mut t,
        json!({"do": "bring_in", "who": "Healer", "trait": "Shaman"}),
        &[7],
    );
    play(
        &mut t,
        json!({"do": "bring_in", "who": "Healer", "trait": "Healing"}),
        &[16, 12, 18, 4],
    );
    t
}

/// Wren's healing of the ribs after her first bring-in: her 20 19 11 against the GM's 19 12 9.
fn wren_leads() -> Table<Twenty> {
    let mut t = table();
    play(
        &mut t,
        json!({"do": "start_healing", "healer": "Wren", "patient": "Gorand", "burden": "Cracked ribs"}),
        &[],
    );
    play(
        &mut t,
        json!({"do": "bring_in", "who": "Wren", "trait": "Bonesetting"}),
        &[20, 19, 11],
    );
    t
}

/// The one `burden_healed` among `events`, as JSON.
fn healed(events: &[Event]) -> Value {
    let found: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::BurdenHealed { .. }))
        .collect();
    assert_eq!(found.len(), 1, "{events:?}");
    serde_json::to_value(found[0]).unwrap()
}

fn boxes(table: &Table<Twenty>, burden: &str) -> Value {
    Twenty::view(table.state())["characters"]["Gorand"]["burdens"][burden]["boxes"].clone()
}

#[test]
fn by_default_the_highest_box_goes() {
    // The book: the 19 alone beats the GM's 18, so one box goes: the 17.
    let mut t = book_healing();
    let events = play(
        &mut t,
        json!({"do": "bring_in", "who": "Healer", "trait": "Spiritual"}),
        &[19, 14, 7, 2, 6, 4],
    );
    assert_eq!(
        healed(&events),
        json!({"event": "burden_healed", "who": "Gorand", "burden": "Flesh wound", "removed": [17]})
    );
    assert_eq!(boxes(&t, "Flesh wound"), json!([15]));
}

#[test]
fn a_bring_in_uses_the_first_picks_its_dice_earn() {
    let mut t = book_healing();
    let events = play(
        &mut t,
        json!({"do": "bring_in", "who": "Healer", "trait": "Spiritual", "remove": [15, 17]}),
        &[19, 14, 7, 2, 6, 4],
    );
    let event = healed(&events);
    assert_eq!(
        event,
        json!({"event": "burden_healed", "who": "Gorand", "burden": "Flesh wound", "removed": [15], "picked": [15, 17]})
    );
    let event: Event = serde_json::from_value(event).unwrap();
    assert_eq!(
        Twenty::describe(&event),
        "Gorand's Flesh wound loses [15], the healer having picked [15] [17] (T8)"
    );
    assert_eq!(boxes(&t, "Flesh wound"), json!([17]));
}

#[test]
fn a_stand_takes_the_picks_then_the_highest_left() {
    // Wren's 20 and 19 tie or beat the GM's 19: two boxes. She picks the 9; the 19 goes with it.
    let mut t = wren_leads();
    let events = play(
        &mut t,
        json!({"do": "stand", "who": "Wren", "remove": [9]}),
        &[],
    );
    assert_eq!(
        healed(&events),
        json!({"event": "burden_healed", "who": "Gorand", "burden": "Cracked ribs", "removed": [9, 19], "picked": [9]})
    );
    assert_eq!(boxes(&t, "Cracked ribs"), json!([12]));
    // Picking exactly what the dice earn: the 12 and the 9.
    let mut t = wren_leads();
    let events = play(
        &mut t,
        json!({"do": "stand", "who": "Wren", "remove": [12, 9]}),
        &[],
    );
    assert_eq!(healed(&events)["removed"], json!([12, 9]));
    assert_eq!(boxes(&t, "Cracked ribs"), json!([19]));
}

#[test]
fn picks_on_a_bring_in_that_does_not_end_the_healing_are_not_kept() {
    // Wren brings in Herbs with picks; the healing goes on, so nothing is removed yet, and her
    // later stand without picks removes the highest.
    let mut t = wren_leads();
    let events = play(
        &mut t,
        json!({"do": "bring_in", "who": "Wren", "trait": "Herbs", "remove": [9]}),
        &[5, 4, 3, 2, 2, 2],
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::BurdenHealed { .. }))
    );
    let events = play(&mut t, json!({"do": "stand", "who": "Wren"}), &[]);
    assert_eq!(healed(&events)["removed"], json!([19, 12]));
}

#[test]
fn a_healing_event_from_before_the_picks_still_reads() {
    let old = json!({"event": "burden_healed", "who": "Gorand", "burden": "Flesh wound", "removed": [17]});
    let event: Event = serde_json::from_value(old.clone()).unwrap();
    assert_eq!(serde_json::to_value(&event).unwrap(), old);
    assert_eq!(
        Twenty::describe(&event),
        "Gorand's Flesh wound loses [17] (T8)"
    );
}

/// `step` is refused with exactly `message`, naming the field `remove`, and nothing changes.
fn refused(mut t: Table<Twenty>, step: Value, message: &str) {
    let before = t.state().clone();
    let log = t.log().len();
    let err = t
        .execute(command(step.clone()), &mut Scripted::new(vec![10; 8]))
        .unwrap_err();
    assert_eq!(err.to_string(), message, "{step}");
    assert_eq!(
        Twenty::error_field(&err).as_deref(),
        Some("remove"),
        "{step}"
    );
    assert_eq!(t.state(), &before);
    assert_eq!(t.log().len(), log);
}

#[test]
fn bad_picks_are_refused_by_name() {
    refused(
        book_healing(),
        json!({"do": "bring_in", "who": "Healer", "trait": "Spiritual", "remove": [3]}),
        "the burden boxes picked to remove, [3]: no box of Gorand's Flesh wound holds 3: each pick names one of its \
         boxes, [17, 15] (T8)",
    );
    refused(
        book_healing(),
        json!({"do": "bring_in", "who": "Healer", "trait": "Spiritual", "remove": [15, 17, 15]}),
        "the burden boxes picked to remove, [15, 17, 15]: 15 is picked 2 times and Gorand's Flesh wound has 1 box of \
         it: each pick names one of its boxes, [17, 15] (T8)",
    );
    refused(
        wren_leads(),
        json!({"do": "stand", "who": "Wren", "remove": [19, 12, 9]}),
        "the burden boxes picked to remove, [19, 12, 9]: Wren's dice earn 2 boxes of Gorand's Cracked ribs (one per \
         die at or above the GM's highest), so pick at most 2 (T8)",
    );
    // Behind (16 against the GM's 18), a stand earns nothing.
    refused(
        book_healing(),
        json!({"do": "stand", "who": "Healer", "remove": [17]}),
        "the burden boxes picked to remove, [17]: Healer's dice earn 0 boxes of Gorand's Flesh wound (one per die at or \
         above the GM's highest), so pick at most 0 (T8)",
    );
    // Outside a healing conflict no one picks burden boxes.
    let mut t = table();
    play(
        &mut t,
        json!({"do": "start_conflict", "participants": [{"who": "Gorand", "goal": "win the bout"}, {"who": "Wren", "goal": "pin him down"}]}),
        &[],
    );
    refused(
        t,
        json!({"do": "stand", "who": "Gorand", "remove": [17]}),
        "the burden boxes picked to remove, [17]: only the healer of a healing conflict picks \
         burden boxes to remove, and Gorand is not one here: pick none (T8)",
    );
}

/// The log lines of `events`.
fn said(events: &[Event]) -> Vec<String> {
    events.iter().map(Twenty::describe).collect()
}

/// T14: in a healing conflict a burden the healing side takes lands on the patient, whoever
/// rolled for that side; its stat is rolled as in T5 and the GM names it. The healer carries
/// nothing; the GM's side takes no burden (T5, T8).
#[test]
fn a_burden_the_healing_side_takes_lands_on_the_patient() {
    let mut t = book_healing();
    // The healer's 16 12 7 against the GM's 18 17 15 4: two of the GM's dice are above 16.
    let events = play(
        &mut t,
        json!({"do": "take_burden", "who": "Healer", "from": "GM", "boxes": 2, "name": "A terrible limp"}),
        &[10],
    );
    assert_eq!(
        events,
        [Event::BurdenTaken {
            who: "Healer".into(),
            on: Some("Gorand".into()),
            from: "GM".into(),
            name: "A terrible limp".into(),
            stat_roll: 10,
            stat: "Social".into(),
            boxes: vec![18, 17],
        }]
    );
    assert_eq!(
        said(&events),
        [
            "Healer takes a 2-box burden to make the GM discard 18 17; the patient, Gorand, carries it: \"A terrible limp\" [18] [17] under Social (d20 10; T5, T14)"
        ]
    );
    let view = Twenty::view(t.state());
    assert_eq!(
        view["characters"]["Gorand"]["burdens"]["A terrible limp"],
        json!({"stat": "Social", "boxes": [18, 17]})
    );
    assert_eq!(view["characters"]["Healer"]["burdens"], json!({}));
    assert_eq!(
        view["conflict"]["participants"]["GM"]["pool"],
        json!([15, 4])
    );
    assert_eq!(view["conflict"]["winning"], "Healer");
    // The GM's side takes none.
    let err = t
        .execute(
            command(json!({"do": "take_burden", "who": "GM", "from": "Healer", "boxes": 1, "name": "Fumbling"})),
            &mut Scripted::new(vec![1]),
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the GM takes no burdens in a healing conflict (T5)"
    );
}

/// T14 with T7: the patient may be disabled by it while another heals; the healer is the one in
/// the conflict, so it goes on. A patient healing itself carries the burden as any taker does, and
/// loses at once when it disables it.
#[test]
fn a_patient_disabled_by_its_healing_and_a_patient_healing_itself() {
    // Gorand's Physical 5 holds 5 burden boxes already: one more under it disables him.
    let mut t = book_healing();
    let events = play(
        &mut t,
        json!({"do": "take_burden", "who": "Healer", "from": "GM", "boxes": 1, "name": "Set wrong"}),
        &[2],
    );
    assert_eq!(
        said(&events),
        [
            "Healer takes a 1-box burden to make the GM discard 18; the patient, Gorand, carries it: \"Set wrong\" [18] under Physical (d20 2; T5, T14)",
            "Gorand is disabled: 6 burden boxes under Physical exceed its 5 boxes (T7)",
        ]
    );
    assert_eq!(Twenty::view(t.state())["conflict"]["ended"], false);
    // Gorand heals his own ribs and takes the burden himself: it is his, and it disables him.
    let mut t = table();
    play(
        &mut t,
        json!({"do": "start_healing", "healer": "Gorand", "patient": "Gorand", "burden": "Cracked ribs"}),
        &[],
    );
    play(
        &mut t,
        json!({"do": "bring_in", "who": "Gorand", "trait": "Swords"}),
        &[3, 2, 2, 2],
    );
    let events = play(
        &mut t,
        json!({"do": "take_burden", "who": "Gorand", "from": "GM", "boxes": 1, "name": "Torn stitches"}),
        &[1],
    );
    assert_eq!(
        said(&events),
        [
            "Gorand takes a 1-box burden to make the GM discard 19; Gorand carries it: \"Torn stitches\" [19] under Physical (d20 1, T5)",
            "Gorand is disabled: 6 burden boxes under Physical exceed its 5 boxes (T7)",
            "Gorand is disabled and out of the conflict at once, as though Gorand had surrendered (T7)",
            "The conflict ends: GM wins. Final narration: GM, Gorand",
            "The healing made it worse: Gorand's Cracked ribs gains [12] (T8)",
            "Gorand is disabled: 7 burden boxes under Physical exceed its 5 boxes (T7)",
        ]
    );
}
