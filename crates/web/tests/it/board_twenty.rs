//! Twenty's board (`crates/twenty/templates/board.html`) renders through `board.html` for states
//! folded from the book's examples (`cargo run -- replay examples/twenty/<file>.toml --json`, its `state`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{Value, json};

/// `examples/twenty/three-way.toml` after 7 steps: exchange 2, Bram 12 11 5 winning over Ilsa 9 4,
/// Cole surrendered, Bram carrying "Cut along the ribs" [18] under Physical.
const THREE_WAY: &str = r#"{"characters":{"Bram":{"burdens":{"Cut along the ribs":{"boxes":[18],"stat":"Physical"}},"dead":false,"disabled":false,"equipment":{},"gear":[],"keys":[],"obligations":{},"stats":{"Emotional":{"boxes":4,"broken":false,"checked":0,"coloured":0},"Mental":{"boxes":2,"broken":false,"checked":0,"coloured":0},"Physical":{"boxes":3,"broken":false,"checked":0,"coloured":0},"Social":{"boxes":1,"broken":false,"checked":0,"coloured":0},"Spiritual":{"boxes":5,"broken":false,"checked":0,"coloured":0}},"traits":{"Brawling":{"boxes":3,"broken":false,"checked":1,"coloured":0},"Stubborn":{"boxes":2,"broken":false,"checked":0,"coloured":0}}},"Cole":{"burdens":{},"dead":false,"disabled":false,"equipment":{},"gear":[],"keys":[],"obligations":{},"stats":{},"traits":{"Leader":{"boxes":2,"broken":false,"checked":0,"coloured":0},"Polearms":{"boxes":3,"broken":false,"checked":1,"coloured":0}}},"Ilsa":{"burdens":{},"dead":false,"disabled":false,"equipment":{},"gear":[],"keys":[],"obligations":{},"stats":{},"traits":{"Knives":{"boxes":3,"broken":false,"checked":1,"coloured":0},"Sneaky":{"boxes":3,"broken":false,"checked":0,"coloured":0}}}},"conflict":{"allies_share_goal":true,"end":null,"ended":false,"exchange":2,"exchanges":[{"number":1,"sides":[{"steps":[{"dice":[18,9,4],"exchange":1,"kind":"brought_in","trait":"Knives"}],"who":"Ilsa"},{"steps":[{"dice":[12,11,5],"exchange":1,"kind":"brought_in","trait":"Brawling"}],"who":"Bram"},{"steps":[{"dice":[16,3,2],"exchange":1,"kind":"brought_in","trait":"Polearms"}],"who":"Cole"}]},{"number":2,"sides":[{"steps":[{"by":"Bram","dice":[18],"exchange":2,"kind":"discarded"}],"who":"Ilsa"},{"steps":[{"boxes":[18],"exchange":2,"from":"Ilsa","kind":"took_burden","name":"Cut along the ribs"}],"who":"Bram"},{"steps":[{"exchange":2,"kind":"surrendered","reason":"chose"}],"who":"Cole"}]}],"final_order":[],"healing":false,"order":["Bram","Ilsa"],"participants":{"Bram":{"death_of":null,"discarded":false,"goal":"keep the map","pool":[12,11,5],"standing":"in","used":["Brawling"]},"Cole":{"death_of":null,"discarded":false,"goal":"sell the map to the highest bidder","pool":[],"standing":"surrendered","used":["Polearms"]},"Ilsa":{"death_of":null,"discarded":true,"goal":"take the map","pool":[9,4],"standing":"in","used":["Knives"]}},"sides":[],"winner":null,"winners":[],"winning":"Bram","winning_allies":[]},"obligations":[]}"#;

/// `examples/twenty/dragon-burden.toml` played to the end: Gorand won, the dragon is dead.
const DRAGON_END: &str = r#"{"characters":{"Dragon":{"burdens":{},"dead":true,"disabled":false,"equipment":{},"gear":[],"keys":["Dragon","Enormous"],"obligations":{},"stats":{},"traits":{"Ancient and Wise":{"boxes":3,"broken":false,"checked":1,"coloured":0},"Enormous":{"boxes":2,"broken":false,"checked":1,"coloured":0},"Fire Breath":{"boxes":4,"broken":false,"checked":1,"coloured":0},"Talons":{"boxes":2,"broken":false,"checked":0,"coloured":0},"Winged Flight":{"boxes":1,"broken":false,"checked":0,"coloured":0}}},"Gorand":{"burdens":{"Flesh wound across my cheek":{"boxes":[17],"stat":"Physical"}},"dead":false,"disabled":false,"equipment":{"Honeybee":{"boxes":2,"broken":false,"checked":0,"coloured":0},"wine flask":{"boxes":1,"broken":false,"checked":0,"coloured":0}},"gear":["traveling gear","food","empty treasure sack"],"keys":["Warrior"],"obligations":{},"stats":{"Emotional":{"boxes":1,"broken":false,"checked":0,"coloured":0},"Mental":{"boxes":2,"broken":false,"checked":0,"coloured":0},"Physical":{"boxes":5,"broken":false,"checked":0,"coloured":0},"Social":{"boxes":3,"broken":false,"checked":1,"coloured":0},"Spiritual":{"boxes":4,"broken":false,"checked":0,"coloured":0}},"traits":{"Arms":{"boxes":2,"broken":false,"checked":1,"coloured":0},"Friendly":{"boxes":2,"broken":false,"checked":0,"coloured":0},"Marching":{"boxes":1,"broken":false,"checked":0,"coloured":0},"Strong":{"boxes":1,"broken":false,"checked":0,"coloured":0},"Swords":{"boxes":4,"broken":false,"checked":1,"coloured":0}}}},"conflict":{"allies_share_goal":true,"end":{"exchange":4,"forced":false,"how":"no_dice"},"ended":true,"exchange":4,"exchanges":[{"number":1,"sides":[{"steps":[{"dice":[12,13,15],"exchange":1,"kind":"brought_in","trait":"Social"}],"who":"Gorand"},{"steps":[{"dice":[6,14,17],"exchange":1,"kind":"brought_in","trait":"Ancient and Wise"}],"who":"Dragon"}]},{"number":2,"sides":[{"steps":[{"boxes":[17],"exchange":2,"from":"Dragon","kind":"took_burden","name":"Flesh wound across my cheek"},{"dice":[15,7],"exchange":2,"kind":"brought_in","trait":"Arms"}],"who":"Gorand"},{"steps":[{"by":"Gorand","dice":[17],"exchange":2,"kind":"discarded"},{"dice":[2,11],"exchange":2,"kind":"brought_in","trait":"Enormous"}],"who":"Dragon"}]},{"number":3,"sides":[{"steps":[{"dice":[20,16,8,8],"exchange":3,"kind":"brought_in","trait":"Swords"}],"who":"Gorand"},{"steps":[{"dice":[18,16,13,5],"exchange":3,"kind":"brought_in","trait":"Fire Breath"}],"who":"Dragon"}]},{"number":4,"sides":[{"steps":[{"exchange":4,"kind":"stood"}],"who":"Gorand"},{"steps":[{"exchange":4,"kind":"forced_to_stand","reason":"nothing_eligible"}],"who":"Dragon"}]}],"final_order":["Gorand","Dragon"],"healing":false,"order":["Gorand","Dragon"],"participants":{"Dragon":{"death_of":null,"discarded":true,"goal":"keep the upstart off its road","pool":[18,16,14,13,11,6,5,2],"standing":"forced_stand","used":["Ancient and Wise","Enormous","Fire Breath"]},"Gorand":{"death_of":"Dragon","discarded":false,"goal":"kill this dragon and get to my brother's wedding on time","pool":[20,16,15,15,13,12,8,8,7],"standing":"in","used":["Social","Arms","Swords"]}},"sides":[],"winner":"Gorand","winners":["Gorand"],"winning":"Gorand","winning_allies":[]},"obligations":[]}"#;

/// `examples/twenty/allies.toml` after its first conflict: Kaya and Gorand, one side (T13), won
/// with Kaya's 18; the dragon lost.
const ALLIES_END: &str = r#"{"characters":{"Dragon":{"burdens":{},"dead":false,"disabled":false,"equipment":{},"gear":[],"keys":[],"obligations":{},"stats":{},"traits":{"Fire Breath":{"boxes":3,"broken":false,"checked":1,"coloured":0},"Talons":{"boxes":2,"broken":false,"checked":0,"coloured":0}}},"Gorand":{"burdens":{"Singed beard":{"boxes":[16],"stat":"Spiritual"}},"dead":false,"disabled":false,"equipment":{},"gear":[],"keys":[],"obligations":{},"stats":{},"traits":{"Arms":{"boxes":2,"broken":false,"checked":0,"coloured":0},"Swords":{"boxes":3,"broken":false,"checked":1,"coloured":0}}},"Kaya":{"burdens":{},"dead":false,"disabled":false,"equipment":{},"gear":[],"keys":[],"obligations":{},"stats":{},"traits":{"Climbing":{"boxes":3,"broken":false,"checked":1,"coloured":0},"Maps":{"boxes":2,"broken":false,"checked":0,"coloured":0}}}},"conflict":{"allies_share_goal":true,"end":{"exchange":2,"forced":false,"how":"no_dice"},"ended":true,"exchange":2,"exchanges":[{"number":1,"sides":[{"steps":[{"dice":[7,5,4],"exchange":1,"kind":"brought_in","trait":"Swords"}],"who":"Gorand"},{"steps":[{"dice":[18,3,2],"exchange":1,"kind":"brought_in","trait":"Climbing"}],"who":"Kaya"},{"steps":[{"dice":[16,15,9],"exchange":1,"kind":"brought_in","trait":"Fire Breath"}],"who":"Dragon"}]},{"number":2,"sides":[{"steps":[{"boxes":[16],"exchange":2,"from":"Dragon","kind":"took_burden","name":"Singed beard"},{"exchange":2,"kind":"stood"}],"who":"Gorand"},{"steps":[{"exchange":2,"kind":"stood"}],"who":"Kaya"},{"steps":[{"by":"Gorand","dice":[16],"exchange":2,"kind":"discarded"},{"exchange":2,"kind":"stood"}],"who":"Dragon"}]}],"final_order":["Kaya","Dragon","Gorand"],"healing":false,"order":["Kaya","Dragon","Gorand"],"participants":{"Dragon":{"death_of":"Gorand","discarded":true,"goal":"burn the intruders","pool":[15,9],"standing":"in","used":["Fire Breath"]},"Gorand":{"death_of":null,"discarded":false,"goal":"Drive the dragon from the pass","pool":[7,5,4],"standing":"in","used":["Swords"]},"Kaya":{"death_of":null,"discarded":false,"goal":"drive the dragon  from the pass","pool":[18,3,2],"standing":"in","used":["Climbing"]}},"sides":[["Gorand","Kaya"]],"winner":"Kaya","winners":["Kaya","Gorand"],"winning":"Kaya","winning_allies":["Gorand"]},"obligations":[]}"#;

/// `examples/twenty/caravan-obligation.toml` after the grant and the start of the gate conflict:
/// two of the caravan master's Word of Mouth boxes coloured for Gorand's Fame in Corsille (and, for
/// the picture, Honeybee marked broken, as T9 breaks it on a 1).
const CARAVAN: &str = r#"{"characters":{"Caravan master":{"burdens":{},"dead":false,"disabled":false,"equipment":{},"keys":[],"obligations":{},"stats":{},"traits":{"Haggling":{"boxes":2,"broken":false,"checked":0,"coloured":0},"Word of Mouth":{"boxes":3,"broken":false,"checked":0,"coloured":2}}},"Gorand":{"burdens":{},"dead":false,"disabled":false,"equipment":{"Honeybee":{"boxes":2,"broken":true,"checked":0,"coloured":0},"wine flask":{"boxes":1,"broken":false,"checked":0,"coloured":0}},"keys":["Warrior"],"obligations":{"Fame in Corsille":{"boxes":2,"broken":false,"checked":0,"coloured":0}},"stats":{"Emotional":{"boxes":1,"broken":false,"checked":0,"coloured":0},"Mental":{"boxes":2,"broken":false,"checked":0,"coloured":0},"Physical":{"boxes":5,"broken":false,"checked":0,"coloured":0},"Social":{"boxes":3,"broken":false,"checked":0,"coloured":0},"Spiritual":{"boxes":4,"broken":false,"checked":0,"coloured":0}},"traits":{"Arms":{"boxes":2,"broken":false,"checked":0,"coloured":0},"Friendly":{"boxes":2,"broken":false,"checked":0,"coloured":0},"Marching":{"boxes":1,"broken":false,"checked":0,"coloured":0},"Strong":{"boxes":1,"broken":false,"checked":0,"coloured":0},"Swords":{"boxes":4,"broken":false,"checked":0,"coloured":0}}},"Guard":{"burdens":{},"dead":false,"disabled":false,"equipment":{},"keys":[],"obligations":{},"stats":{},"traits":{"Suspicious":{"boxes":2,"broken":false,"checked":0,"coloured":0}}}},"conflict":{"end":null,"ended":false,"exchange":1,"exchanges":[{"number":1,"sides":[]}],"final_order":[],"healing":false,"order":["Gorand","Guard"],"participants":{"Gorand":{"death_of":null,"discarded":false,"goal":"get into the city","pool":[],"standing":"in","used":[]},"Guard":{"death_of":null,"discarded":false,"goal":"keep the barbarian out","pool":[],"standing":"in","used":[]}},"winner":null,"winning":null},"obligations":[{"boxes":2,"grantee":"Gorand","grantee_trait":"Fame in Corsille","granter":"Caravan master","granter_trait":"Word of Mouth","service":"bring back my daughter from the big dragon"}]}"#;

fn context(state: &str, gm: bool, mine: &[&str], owners: Value) -> Value {
    json!({
        "state": serde_json::from_str::<Value>(state).unwrap(),
        "gm": gm,
        "you": if gm { "the GM" } else { "Ann" },
        "mine": mine,
        "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bo"}],
        "owners": owners,
        "seq": 9,
        // The page shows its fold of the whole state (`?state=1`): drawn filled.
        "state_shown": true,
    })
}

fn render(context: &Value) -> String {
    skald_web::render_board("twenty", context).unwrap()
}

/// Renders `context` and checks that every piece of `present` is in the HTML, in that order, and
/// that no piece of `absent` is.
fn check(context: &Value, present: &[&str], absent: &[&str]) {
    let html = render(context);
    let mut from = 0;
    for piece in present {
        match html[from..].find(piece) {
            Some(at) => from += at + piece.len(),
            None => panic!("{piece:?} is missing (or out of order) in:\n{html}"),
        }
    }
    for piece in absent {
        assert!(!html.contains(piece), "{piece:?} should not be in:\n{html}");
    }
}

#[test]
fn a_three_way_conflict_in_exchange_two() {
    let owners = json!({"Bram": {"player": 1}, "Ilsa": {"player": 2}, "Cole": "gm"});
    check(
        &context(THREE_WAY, false, &["Bram"], owners),
        &[
            r#"<div class="board-twenty">"#,
            r#"<h2 id="tw-conflict-title">Conflict: exchange 2</h2>"#,
            "<b>Bram</b> is winning: its pool is ahead of every other character's",
            "An exchange needs at least 2 unchecked boxes on a trait (<a class=\"rule-link\" href=\"/rules/twenty#T2\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">T2</a>).",
            // Sides highest pool first, the surrendered last; the highest die marked.
            r#"<li class="tw-side tw-in tw-winning" data-piece="side Bram">"#,
            "<h3>Bram</h3>",
            r#"<span class="tw-flag tw-good">winning</span>"#,
            r#"aria-label="Bram's pool: 12 11 5""#,
            r#"<span class="tw-best" title="highest die"><span class="die d20" role="img" aria-label="highest d20 showing 12""#,
            r#"aria-label="d20 showing 11""#,
            "Brought in: Brawling",
            "<h3>Ilsa</h3>",
            r#"aria-label="Ilsa's pool: 9 4""#,
            r#"<li class="tw-side tw-surrendered" data-piece="side Cole">"#,
            "<h3>Cole</h3>",
            r#"<span class="tw-flag tw-bad">surrendered</span>"#,
            "dice gone",
            "<summary>Exchange 2</summary>",
            r#"<li><b>Ilsa</b>: discarded <span class="tw-dice">18</span> for Bram's burden</li>"#,
            "<li><b>Cole</b>: surrendered</li>",
            "<summary>Exchange 1</summary>",
            r#"<li><b>Ilsa</b>: Knives <span class="tw-dice">18 9 4</span></li>"#,
            // The reader's sheet first, stats in the book's order, the burden under its stat.
            r#"<article class="tw-sheet tw-own" aria-label="Bram's sheet" data-piece="sheet Bram">"#,
            r#"aria-label="Physical: 3 boxes, 0 checked""#,
            r#"aria-label="Burdens under Physical: 1 box against its 3 boxes""#,
            r#"<span class="tw-bbox">18</span>"#,
            r#"aria-label="Mental: 2 boxes, 0 checked""#,
            r#"aria-label="Social: 1 box, 0 checked""#,
            r#"aria-label="Brawling: 3 boxes, 1 checked"><span class="box checked"></span><span class="box"></span><span class="box"></span>"#,
            // Others' sheets after, open while they are in the conflict, with who plays them.
            r#"<details class="tw-sheet" data-piece="sheet Cole" open>"#,
            "<summary><h3>Cole</h3></summary>",
            "played by the GM",
            "<summary><h3>Ilsa</h3></summary>",
            "played by Bo",
            r#"<details class="raw-state">"#,
        ],
        &[
            "Narration order",
            "The twenty board is drawn here",
            "tw-coloured",
            "Obligations",
            // Three goals, three sides: no word about allies (T13).
            "one side",
        ],
    );
}

#[test]
fn the_dragon_slain_and_the_narration_order() {
    // Read by the GM, who plays the dragon.
    let owners = json!({"Gorand": {"player": 1}, "Dragon": "gm"});
    check(
        &context(DRAGON_END, true, &["Dragon"], owners),
        &[
            // Exchange 4 passed with no dice: the conflict ended in it (T4), as the log counts.
            "Conflict: ended in exchange 4, before any dice: everyone stood</h2>",
            "<b>Gorand</b> won.",
            r#"<li class="tw-side tw-in tw-winner" data-piece="side Gorand">"#,
            r#"<span class="tw-flag tw-good">winner</span>"#,
            r#"<b class="tw-death">to the death of Dragon</b>"#,
            r#"aria-label="Gorand's pool: 20 16 15 15 13 12 8 8 7""#,
            "<h3>Dragon</h3>",
            r#"<span class="tw-flag tw-bad">dead</span>"#,
            r#"aria-label="Dragon's pool: 18 16 14 13 11 6 5 2""#,
            // Every exchange, the newest open and first, each side's dice and burdens.
            "<h3>Exchange by exchange</h3>",
            r#"<details class="tw-exchange" data-piece="exchange 4" open>"#,
            "<summary>Exchange 4</summary>",
            "<li><b>Gorand</b>: stood</li>",
            "<li><b>Dragon</b>: nothing with enough unchecked boxes: stands from now on</li>",
            r#"<details class="tw-exchange" data-piece="exchange 3">"#,
            "<summary>Exchange 3</summary>",
            r#"<li><b>Gorand</b>: Swords <span class="tw-dice">20 16 8 8</span></li>"#,
            "<summary>Exchange 2</summary>",
            r#"<li><b>Gorand</b>: took the burden &ldquo;Flesh wound across my cheek&rdquo;, making Dragon discard <span class="tw-dice">17</span>; Arms <span class="tw-dice">15 7</span></li>"#,
            r#"<li><b>Dragon</b>: discarded <span class="tw-dice">17</span> for Gorand's burden; Enormous <span class="tw-dice">2 11</span></li>"#,
            "<summary>Exchange 1</summary>",
            r#"<li><b>Gorand</b>: Social <span class="tw-dice">12 13 15</span></li>"#,
            "<h3>Narration order</h3>",
            r#"<li>Gorand <small class="muted">(wins, narrates first)</small></li><li>Dragon</li>"#,
            r#"<article class="tw-sheet tw-own tw-dead" aria-label="Dragon's sheet" data-piece="sheet Dragon">"#,
            "Keys: Dragon, Enormous",
            // Gorand's sheet, closed (the conflict is over), his burden under Physical.
            r#"<details class="tw-sheet" data-piece="sheet Gorand">"#,
            "<summary><h3>Gorand</h3></summary>",
            "played by Ann",
            r#"aria-label="burden Flesh wound across my cheek: 1 box holding 17""#,
        ],
        &[
            "is winning",
            "stands for the rest of the conflict",
            "<details class=\"tw-sheet\" data-piece=\"sheet Gorand\" open>",
            // Two sides are opponents: no word about allies.
            "one side",
        ],
    );
}

/// T13: two allies who won together are both winners; the board says who is one side, and the
/// narration order marks the ally who wins with the first.
#[test]
fn allies_won_as_one_side() {
    let owners = json!({"Gorand": {"player": 1}, "Kaya": {"player": 2}, "Dragon": "gm"});
    check(
        &context(ALLIES_END, false, &["Gorand"], owners),
        &[
            "<b>Kaya and Gorand</b> won, one side with one goal (<a class=\"rule-link\" href=\"/rules/twenty#T13\"",
            "Characters with the same goal are one side: Gorand and Kaya (<a class=\"rule-link\" href=\"/rules/twenty#T13\"",
            r#"<li class="tw-side tw-in tw-winner" data-piece="side Kaya">"#,
            "<h3>Kaya</h3>",
            r#"<span class="tw-flag tw-good">winner</span>"#,
            "(one side with Gorand)",
            "<h3>Dragon</h3>",
            r#"<li class="tw-side tw-in tw-winner" data-piece="side Gorand">"#,
            "<h3>Gorand</h3>",
            "(one side with Kaya)",
            r#"<li><b>Gorand</b>: took the burden &ldquo;Singed beard&rdquo;, making Dragon discard <span class="tw-dice">16</span>; stood</li>"#,
            "<h3>Narration order</h3>",
            r#"<li>Kaya <small class="muted">(wins, narrates first)</small></li><li>Dragon</li><li>Gorand <small class="muted">(wins with Kaya)</small></li>"#,
        ],
        &["is winning", "a side of its own"],
    );
    // Had the dragon surrendered, one side of two would have been left in.
    let left = changed(ALLIES_END, |state| {
        state["conflict"]["end"] = json!({"how": "left_in", "exchange": 2, "winner": "Kaya"});
    });
    check(
        &context(&left, false, &["Gorand"], json!({})),
        &["Conflict: ended in exchange 2: only one side was left in, Kaya and Gorand</h2>"],
        &[],
    );
}

/// `state` with `change` made to its JSON.
fn changed(state: &str, change: impl FnOnce(&mut Value)) -> String {
    let mut state: Value = serde_json::from_str(state).unwrap();
    change(&mut state);
    state.to_string()
}

/// How a conflict ended, in words: everyone had to stand, or one side was left in (T2, T4).
#[test]
fn the_end_of_a_conflict_says_how_it_came() {
    let owners = json!({"Gorand": {"player": 1}, "Dragon": "gm"});
    // The exchange that ended at once (everyone had to stand) lists nothing, not "nothing yet".
    let forced = changed(DRAGON_END, |s| {
        s["conflict"]["end"] = json!({"how": "no_dice", "exchange": 4, "forced": true});
        s["conflict"]["exchanges"][3]["sides"] = json!([]);
    });
    check(
        &context(&forced, true, &["Dragon"], owners.clone()),
        &[
            "Conflict: ended in exchange 4, before any dice: everyone had to stand</h2>",
            "<summary>Exchange 3</summary>",
        ],
        &["everyone stood", "<summary>Exchange 4", "nothing yet"],
    );
    let at_once = changed(DRAGON_END, |s| {
        s["conflict"]["end"] = json!({"how": "no_dice", "exchange": 1, "forced": true});
    });
    check(
        &context(&at_once, true, &["Dragon"], owners.clone()),
        &["Conflict: ended before any dice: everyone had to stand</h2>"],
        &[],
    );
    let left = changed(DRAGON_END, |s| {
        s["conflict"]["end"] = json!({"how": "left_in", "exchange": 2, "winner": "Gorand"});
    });
    check(
        &context(&left, true, &["Dragon"], owners),
        &["Conflict: ended in exchange 2: only Gorand was left in</h2>"],
        &[],
    );
}

/// A pool a burden emptied says its dice were discarded, not that none came yet (T5).
#[test]
fn a_pool_a_burden_emptied_says_so() {
    let owners = json!({"Bram": {"player": 1}, "Ilsa": {"player": 2}, "Cole": "gm"});
    let emptied = changed(THREE_WAY, |s| {
        s["conflict"]["participants"]["Ilsa"]["pool"] = json!([]);
    });
    check(
        &context(&emptied, false, &["Bram"], owners),
        &[
            "<h3>Ilsa</h3>",
            r#"no dice left: discarded for burdens (<a class="rule-link" href="/rules/twenty#T5" target="_blank" rel="noopener" title="opens in a new tab">T5</a>)"#,
            "Brought in: Knives",
        ],
        &["no dice yet"],
    );
}

#[test]
fn coloured_boxes_broken_items_and_obligations() {
    let owners = json!({"Gorand": {"player": 1}, "Caravan master": "gm", "Guard": "gm"});
    check(
        &context(CARAVAN, false, &["Gorand"], owners),
        &[
            "Conflict: exchange 1",
            "Tied at the top: nobody is winning yet (<a class=\"rule-link\" href=\"/rules/twenty#T3\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">T3</a>).",
            "no dice yet",
            r#"<li class="tw-row tw-is-broken"><span class="tw-name">Honeybee</span>"#,
            r#"aria-label="Honeybee: 2 boxes, 0 checked, broken""#,
            r#"<b class="tw-flag tw-bad">broken</b>"#,
            r#"<span class="tw-name">Fame in Corsille <small class="muted">owed</small></span>"#,
            "<summary><h3>Caravan master</h3></summary>",
            r#"aria-label="Word of Mouth: 3 boxes, 0 checked, 2 coloured"><span class="box"></span><span class="box tw-coloured"></span><span class="box tw-coloured"></span>"#,
            r#"<h2 id="tw-obligations-title">Obligations</h2>"#,
            "<b>Gorand</b> owes Caravan master: bring back my daughter from the big dragon.",
        ],
        &["<b>Gorand</b> is winning", "Exchange by exchange"],
    );
}

#[test]
fn an_empty_table_invites_a_character() {
    let state = r#"{"characters": {}, "conflict": null, "obligations": []}"#;
    check(
        &context(state, true, &[], json!({})),
        &["No character at the table yet: make one from the moves."],
        &["tw-conflict", "Obligations"],
    );
}
