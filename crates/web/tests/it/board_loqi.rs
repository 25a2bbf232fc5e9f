//! The Loqi board (`crates/loqi/templates/board.html`) renders through `skald_web::render_board`
//! for states from the examples: the open problem's two tallies, the d12's odds and bids, the last roll, and the
//! sheets with the reader's own first.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test helpers outside #[test] functions

use serde_json::{Value, json};

/// examples/loqi/bidding-war.toml's view just before its roll (every bid made, 4 against 4).
const BIDDING_WAR: &str = r#"{"characters":{"Ayla":{"changes":[],"influence":4,"status":"in","strength":null,"traits":{"Archer":{"harmful":false,"high":false,"permanent":3,"rating":3}}},"Tiran":{"changes":[],"influence":5,"status":"in","strength":null,"traits":{"Quick":{"harmful":false,"high":false,"permanent":2,"rating":2}}}},"fulfilled_goals":[],"gm_influence":3,"goals":[],"last_resolved":null,"options":{"death_at":-5,"dying":false,"free_changes":true,"gm_influence":true,"gm_influence_per_session":10,"high_ratings":false,"influence_swapping":false,"permanent_changes_in_problems":true,"scene_recovery":2,"strength":false,"unlikely_outcomes":false},"prepared":[],"problem":{"acting_gm":"GM","description":"The orc shaman is halfway through a curse aimed at Tiran.","gm":{"action":"ordinary","actors":[],"by":"GM","by_kind":{"environment":1,"impact":-2,"influence":5},"consequences":[],"description":"The curse lands: Tiran's limbs turn to lead until sunset.","impact":-2,"likelihood":4,"reaches":"inconclusive","suggested_impact":0,"tally":[{"by":"GM","id":1,"kind":"impact","reason":"impact -2, the net benefit to the PCs (L2; guide for a scene problem: 3-5)","value":-2},{"by":"GM","id":2,"kind":"environment","reason":"the chant is nearly done","value":1},{"by":"GM","id":3,"kind":"influence","reason":"the shaman is the scenario's villain","value":3},{"by":"GM","id":4,"kind":"influence","reason":"influence spent","value":2}]},"impact_guide":[3,5],"influence_spent":{"Ayla":2,"GM":7,"Tiran":5},"number":1,"odds":{"advantage":0,"certain":false,"gm":4,"more_likely":null,"odds":6,"one_more_point":{"gm":"7/12","player":"7/12"},"p_gm":"1/2","p_player":"1/2","player":4},"player":{"action":"ordinary","actors":["Tiran"],"by":"Tiran","by_kind":{"impact":-3,"influence":5,"trait":2},"consequences":[],"description":"Tiran reaches the shaman and knocks the bone fetish from his hand.","impact":3,"likelihood":4,"reaches":"scene","suggested_impact":0,"tally":[{"by":"Tiran","id":1,"kind":"impact","reason":"impact 3, the net benefit to the PCs (L2; guide for a scene problem: 3-5)","value":-3},{"by":"Tiran","id":2,"kind":"trait","reason":"he covers the ground in a heartbeat","trait":{"along":true,"character":"Tiran","harmful":false,"judged":false,"name":"Quick","rating":2},"value":2},{"by":"Tiran","id":3,"kind":"influence","reason":"he will not be cursed","value":2},{"by":"Ayla","id":4,"kind":"influence","reason":"she shoots the shaman's staff","value":2},{"by":"GM","id":5,"kind":"influence","reason":"the shaman's guards close in","value":-2},{"by":"Tiran","id":6,"kind":"influence","reason":"influence spent","value":3}]},"proposer":"GM","responders":["Tiran"],"scale":"scene"},"problem_open":true,"resolved":[],"session_resolved":[],"session_resolved_more":0,"story":{"scenario":1,"scene":1,"session":1,"session_problems":1}}"#;

/// examples/loqi/weakening-and-recovery.toml's view after its first roll (a 7: Tiran at 4 of 10).
const WEAKENED: &str = r#"{"characters":{"Ayla":{"changes":[],"influence":10,"status":"in","strength":{"current":8,"nominal":8,"ordinary":0,"strenuous":0},"traits":{"Archer":{"harmful":false,"high":false,"permanent":3,"rating":3}}},"Tiran":{"changes":[],"influence":10,"status":"in","strength":{"current":4,"nominal":10,"ordinary":-1,"strenuous":-3},"traits":{"Hot-headed":{"harmful":true,"high":false,"permanent":2,"rating":2},"Quick":{"harmful":false,"high":false,"permanent":2,"rating":2}}}},"fulfilled_goals":[],"gm_influence":null,"goals":[],"last_resolved":{"acting_gm":"GM","by":"GM","description":"The orc chases Tiran up the scree toward the ridge.","gm":{"action":"ordinary","actors":[],"by":"GM","by_kind":{"environment":6,"genre":2,"impact":-12,"trait":2},"consequences":[{"consequence":{"character":"Tiran","kind":"weakening","points":6},"impact":-12}],"description":"The orc runs Tiran down; he gets away, but only just, spent and bruised.","impact":-12,"likelihood":-2,"reaches":"story","suggested_impact":-12,"tally":[{"by":"GM","id":1,"kind":"impact","reason":"impact -12, the net benefit to the PCs (L2; guide for a scene problem: 3-5)","value":-12},{"by":"GM","id":2,"kind":"environment","reason":"the scree slides under every step he takes","value":6},{"by":"GM","id":3,"kind":"trait","reason":"he sprints and burns out","trait":{"along":false,"character":"Tiran","harmful":true,"judged":false,"name":"Hot-headed","rating":2},"value":2},{"by":"GM","id":4,"kind":"genre","reason":"orcs never tire in their own hills","value":2}]},"impact_guide":[3,5],"influence_spent":{},"number":1,"odds":{"advantage":0,"certain":false,"gm":-2,"more_likely":null,"odds":6,"one_more_point":{"gm":"7/12","player":"7/12"},"p_gm":"1/2","p_player":"1/2","player":-2},"outcome":"The orc runs Tiran down; he gets away, but only just, spent and bruised.","player":{"action":"strenuous","actors":["Tiran"],"by":"Tiran","by_kind":{"environment":-2,"impact":-2,"trait":2},"consequences":[],"description":"Tiran outruns the orc to the ridge.","impact":2,"likelihood":-2,"reaches":"inconclusive","suggested_impact":0,"tally":[{"by":"Tiran","id":1,"kind":"impact","reason":"impact 2, the net benefit to the PCs (L2; guide for a scene problem: 3-5)","value":-2},{"by":"Tiran","id":2,"kind":"trait","reason":"he is fast on his feet","trait":{"along":true,"character":"Tiran","harmful":false,"judged":false,"name":"Quick","rating":2},"value":2},{"by":"GM","id":3,"kind":"environment","reason":"uphill, on loose scree","value":-2}]},"proposer":"GM","responders":["Tiran"],"rolls":[7],"scale":"scene","scenario":1,"scene":1,"session":1,"winner":"gm"},"options":{"death_at":-5,"dying":false,"free_changes":true,"gm_influence":false,"gm_influence_per_session":10,"high_ratings":false,"influence_swapping":false,"permanent_changes_in_problems":true,"scene_recovery":2,"strength":true,"unlikely_outcomes":false},"prepared":[],"problem":null,"problem_open":false,"resolved":[{"acting_gm":"GM","by":"GM","description":"The orc chases Tiran up the scree toward the ridge.","gm":{"action":"ordinary","actors":[],"by":"GM","by_kind":{"environment":6,"genre":2,"impact":-12,"trait":2},"consequences":[{"consequence":{"character":"Tiran","kind":"weakening","points":6},"impact":-12}],"description":"The orc runs Tiran down; he gets away, but only just, spent and bruised.","impact":-12,"likelihood":-2,"reaches":"story","suggested_impact":-12,"tally":[{"by":"GM","id":1,"kind":"impact","reason":"impact -12, the net benefit to the PCs (L2; guide for a scene problem: 3-5)","value":-12},{"by":"GM","id":2,"kind":"environment","reason":"the scree slides under every step he takes","value":6},{"by":"GM","id":3,"kind":"trait","reason":"he sprints and burns out","trait":{"along":false,"character":"Tiran","harmful":true,"judged":false,"name":"Hot-headed","rating":2},"value":2},{"by":"GM","id":4,"kind":"genre","reason":"orcs never tire in their own hills","value":2}]},"impact_guide":[3,5],"influence_spent":{},"number":1,"odds":{"advantage":0,"certain":false,"gm":-2,"more_likely":null,"odds":6,"one_more_point":{"gm":"7/12","player":"7/12"},"p_gm":"1/2","p_player":"1/2","player":-2},"outcome":"The orc runs Tiran down; he gets away, but only just, spent and bruised.","player":{"action":"strenuous","actors":["Tiran"],"by":"Tiran","by_kind":{"environment":-2,"impact":-2,"trait":2},"consequences":[],"description":"Tiran outruns the orc to the ridge.","impact":2,"likelihood":-2,"reaches":"inconclusive","suggested_impact":0,"tally":[{"by":"Tiran","id":1,"kind":"impact","reason":"impact 2, the net benefit to the PCs (L2; guide for a scene problem: 3-5)","value":-2},{"by":"Tiran","id":2,"kind":"trait","reason":"he is fast on his feet","trait":{"along":true,"character":"Tiran","harmful":false,"judged":false,"name":"Quick","rating":2},"value":2},{"by":"GM","id":3,"kind":"environment","reason":"uphill, on loose scree","value":-2}]},"proposer":"GM","responders":["Tiran"],"rolls":[7],"scale":"scene","scenario":1,"scene":1,"session":1,"winner":"gm"}],"session_resolved":[{"acting_gm":"GM","by":"GM","description":"The orc chases Tiran up the scree toward the ridge.","gm":{"action":"ordinary","actors":[],"by":"GM","by_kind":{"environment":6,"genre":2,"impact":-12,"trait":2},"consequences":[{"consequence":{"character":"Tiran","kind":"weakening","points":6},"impact":-12}],"description":"The orc runs Tiran down; he gets away, but only just, spent and bruised.","impact":-12,"likelihood":-2,"reaches":"story","suggested_impact":-12,"tally":[{"by":"GM","id":1,"kind":"impact","reason":"impact -12, the net benefit to the PCs (L2; guide for a scene problem: 3-5)","value":-12},{"by":"GM","id":2,"kind":"environment","reason":"the scree slides under every step he takes","value":6},{"by":"GM","id":3,"kind":"trait","reason":"he sprints and burns out","trait":{"along":false,"character":"Tiran","harmful":true,"judged":false,"name":"Hot-headed","rating":2},"value":2},{"by":"GM","id":4,"kind":"genre","reason":"orcs never tire in their own hills","value":2}]},"impact_guide":[3,5],"influence_spent":{},"number":1,"odds":{"advantage":0,"certain":false,"gm":-2,"more_likely":null,"odds":6,"one_more_point":{"gm":"7/12","player":"7/12"},"p_gm":"1/2","p_player":"1/2","player":-2},"outcome":"The orc runs Tiran down; he gets away, but only just, spent and bruised.","player":{"action":"strenuous","actors":["Tiran"],"by":"Tiran","by_kind":{"environment":-2,"impact":-2,"trait":2},"consequences":[],"description":"Tiran outruns the orc to the ridge.","impact":2,"likelihood":-2,"reaches":"inconclusive","suggested_impact":0,"tally":[{"by":"Tiran","id":1,"kind":"impact","reason":"impact 2, the net benefit to the PCs (L2; guide for a scene problem: 3-5)","value":-2},{"by":"Tiran","id":2,"kind":"trait","reason":"he is fast on his feet","trait":{"along":true,"character":"Tiran","harmful":false,"judged":false,"name":"Quick","rating":2},"value":2},{"by":"GM","id":3,"kind":"environment","reason":"uphill, on loose scree","value":-2}]},"proposer":"GM","responders":["Tiran"],"rolls":[7],"scale":"scene","scenario":1,"scene":1,"session":1,"winner":"gm"}],"session_resolved_more":0,"story":{"scenario":1,"scene":1,"session":1,"session_problems":1}}"#;

/// examples/loqi/weakening-and-recovery.toml's view just before its first roll: the GM's outcome
/// would weaken Tiran by 6.
const BEFORE_THE_WEAKENING: &str = r#"{"characters":{"Ayla":{"changes":[],"influence":10,"status":"in","strength":{"current":8,"nominal":8,"ordinary":0,"strenuous":0},"traits":{"Archer":{"harmful":false,"high":false,"permanent":3,"rating":3}}},"Tiran":{"changes":[],"influence":10,"status":"in","strength":{"current":10,"nominal":10,"ordinary":0,"strenuous":0},"traits":{"Hot-headed":{"harmful":true,"high":false,"permanent":2,"rating":2},"Quick":{"harmful":false,"high":false,"permanent":2,"rating":2}}}},"fulfilled_goals":[],"gm_influence":null,"goals":[],"last_resolved":null,"options":{"death_at":-5,"dying":false,"free_changes":true,"gm_influence":false,"gm_influence_per_session":10,"high_ratings":false,"influence_swapping":false,"permanent_changes_in_problems":true,"scene_recovery":2,"strength":true,"unlikely_outcomes":false},"prepared":[],"problem":{"acting_gm":"GM","description":"The orc chases Tiran up the scree toward the ridge.","gm":{"action":"ordinary","actors":[],"by":"GM","by_kind":{"environment":6,"genre":2,"impact":-12,"trait":2},"consequences":[{"consequence":{"character":"Tiran","kind":"weakening","points":6},"impact":-12}],"description":"The orc runs Tiran down; he gets away, but only just, spent and bruised.","impact":-12,"likelihood":-2,"reaches":"story","suggested_impact":-12,"tally":[{"by":"GM","id":1,"kind":"impact","reason":"impact -12, the net benefit to the PCs (L2; guide for a scene problem: 3-5)","value":-12},{"by":"GM","id":2,"kind":"environment","reason":"the scree slides under every step he takes","value":6},{"by":"GM","id":3,"kind":"trait","reason":"he sprints and burns out","trait":{"along":false,"character":"Tiran","harmful":true,"judged":false,"name":"Hot-headed","rating":2},"value":2},{"by":"GM","id":4,"kind":"genre","reason":"orcs never tire in their own hills","value":2}]},"impact_guide":[3,5],"influence_spent":{},"number":1,"odds":{"advantage":0,"certain":false,"gm":-2,"more_likely":null,"odds":6,"one_more_point":{"gm":"7/12","player":"7/12"},"p_gm":"1/2","p_player":"1/2","player":-2},"player":{"action":"strenuous","actors":["Tiran"],"by":"Tiran","by_kind":{"environment":-2,"impact":-2,"trait":2},"consequences":[],"description":"Tiran outruns the orc to the ridge.","impact":2,"likelihood":-2,"reaches":"inconclusive","suggested_impact":0,"tally":[{"by":"Tiran","id":1,"kind":"impact","reason":"impact 2, the net benefit to the PCs (L2; guide for a scene problem: 3-5)","value":-2},{"by":"Tiran","id":2,"kind":"trait","reason":"he is fast on his feet","trait":{"along":true,"character":"Tiran","harmful":false,"judged":false,"name":"Quick","rating":2},"value":2},{"by":"GM","id":3,"kind":"environment","reason":"uphill, on loose scree","value":-2}]},"proposer":"GM","responders":["Tiran"],"scale":"scene"},"problem_open":true,"resolved":[],"session_resolved":[],"session_resolved_more":0,"story":{"scenario":1,"scene":1,"session":1,"session_problems":1}}"#;

fn context(state: &str, gm: bool, mine: &[&str]) -> Value {
    json!({
        "state": serde_json::from_str::<Value>(state).expect("a view"),
        "gm": gm,
        "you": if gm { "the GM" } else { "Ann" },
        "mine": mine,
        "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bo"}],
        "owners": {"Ayla": {"player": 1}, "Tiran": {"player": 2}},
        "seq": 14,
        // The page shows its fold of the whole state (`?state=1`): drawn filled.
        "state_shown": true,
    })
}

/// Renders the board and checks that each piece is in it, in the order given.
fn check(context: &Value, pieces: &[&str]) {
    let html = skald_web::render_board("loqi", context).unwrap_or_else(|e| panic!("{e}"));
    let mut from = 0;
    for piece in pieces {
        match html[from..].find(piece) {
            Some(at) => from += at + piece.len(),
            None => panic!("{piece:?} not found after byte {from} in:\n{html}"),
        }
    }
}

#[test]
fn an_open_problem_shows_both_tallies_the_d12_and_the_bids() {
    check(
        &context(BIDDING_WAR, false, &["Ayla"]),
        &[
            r#"<div class="board-loqi">"#,
            "Session 1 · scenario 1 · scene 1",
            "GM's influence <b>3</b>",
            r#"<h2 id="loqi-problem">Problem 1 <span class="scale">scene</span></h2>"#,
            "The orc shaman is halfway through a curse aimed at Tiran.",
            // The player's tally, entry by entry, then its total.
            "The player's outcome <span class=\"by\">by Tiran</span>",
            r#"<span class="entry-name">Impact +3 (a bigger change is less likely, <a class="rule-link" href="/rules/loqi#L2" target="_blank" rel="noopener" title="opens in a new tab">L2</a>)</span>"#,
            r#"<span class="entry-value">-3</span>"#,
            r#"<span class="entry-name">Tiran's Quick (along)</span>"#,
            r#"<span class="entry-value">+2</span>"#,
            r#"<span class="entry-name">Ayla spends</span>"#,
            r#"<span class="entry-name">GM spends</span>"#,
            r#"<span class="entry-value">-2</span>"#,
            "Likelihood <b>+4</b>",
            // The GM's, beside it.
            "The GM's outcome <span class=\"by\">by GM</span>",
            r#"<span class="entry-name">Environment</span>"#,
            "Likelihood <b>+4</b>",
            // Equal likelihoods: 1-6 the player's, 7-12 the GM's (L3).
            "advantage <b>0</b>, odds <b>6</b>",
            r#"aria-label="d12: 1-6 select the player&#x27;s outcome, 7-12 the GM&#x27;s outcome""#,
            r#"<span class="face face-player">"#,
            r#"<span class="face face-gm">"#,
            "<b>50.0%</b> <small class=\"exact\">1&#x2f;2</small>",
            "<b>50.0%</b> <small class=\"exact\">1&#x2f;2</small>",
            "One more point on the player's outcome: 58.3% (7&#x2f;12) for it; one more on the GM's: 58.3% (7&#x2f;12) for it.",
            // Bids: the net counts, points are gone (L5).
            r#"<span class="bidder">Ayla</span> <b>2</b>"#,
            r#"<span class="bidder">GM</span> <b>7</b>"#,
            r#"<span class="bidder">Tiran</span> <b>5</b>"#,
            // Ayla's sheet (the reader's) before Tiran's.
            r#"<h3>Ayla <span class="tag">yours</span></h3>"#,
            "Played by Ann",
            "Influence <b>4</b>",
            r#"aria-label="Archer rating 3 of 4 boxes, 3 checked""#,
            "<h3>Tiran</h3>",
            "Played by Bo",
            "(5 spent on this problem)",
        ],
    );
}

#[test]
fn after_a_roll_the_board_shows_it_and_the_strength_it_cost() {
    check(
        &context(WEAKENED, true, &[]),
        &[
            "No problem is open: introduce one",
            r#"<h2 id="loqi-last">Resolved this session</h2>"#,
            r#"<details class="resolved" data-piece="resolved 1" open>"#,
            "<summary>Problem 1: The GM's outcome",
            "(scenario 1, scene 1)",
            "<b>The GM's outcome</b> (GM)",
            r#"aria-label="d12 showing 7""#,
            "against odds 6",
            "<h3>Ayla</h3>",
            "<h3>Tiran</h3>",
            r#"aria-label="Strength 10 boxes, 4 checked""#,
            "<b>4</b>/10",
            "penalty -3 strenuous, -1 ordinary",
            r#"<span class="trait-name">Hot-headed</span>"#,
            r#"<span class="tag">harmful</span>"#,
        ],
    );
}

#[test]
fn an_empty_table_says_so() {
    let empty = r#"{"characters":{},"fulfilled_goals":[],"gm_influence":null,"goals":[],"last_resolved":null,"options":{"death_at":-5,"dying":false,"free_changes":true,"gm_influence":false,"gm_influence_per_session":10,"high_ratings":false,"influence_swapping":false,"permanent_changes_in_problems":true,"scene_recovery":2,"strength":false,"unlikely_outcomes":false},"prepared":[],"problem":null,"problem_open":false,"resolved":[],"story":{"scenario":1,"scene":1,"session":1,"session_problems":0}}"#;
    check(
        &context(empty, false, &[]),
        &[
            "Session 1 · scenario 1 · scene 1</p>",
            "No problem is open.",
            "No characters yet",
        ],
    );
}

#[test]
fn consequences_and_every_kind_of_d12_strip() {
    check(
        &context(BEFORE_THE_WEAKENING, true, &[]),
        &[
            "If selected: 1 consequence (impact -12)",
            "<li>Tiran loses 6 strength <span class=\"muted\">(impact -12)</span></li>",
            r#"aria-label="d12: 1-6 select the player&#x27;s outcome, 7-12 the GM&#x27;s outcome""#,
        ],
    );
    // The strip follows the odds: L3 with the GM's outcome favoured at advantage 2; L4 at
    // advantage 7 (a 12 rolls again); certain at advantage 6 without L4.
    let with = |odds: Value, l4: bool| {
        let mut c = context(BEFORE_THE_WEAKENING, true, &[]);
        c["state"]["problem"]["odds"] = odds;
        c["state"]["options"]["unlikely_outcomes"] = json!(l4);
        c
    };
    let cases = [
        (
            with(
                json!({"player": -2, "gm": 0, "advantage": 2, "odds": 8, "more_likely": "gm", "certain": false, "p_player": "1/3", "p_gm": "2/3"}),
                false,
            ),
            r#"aria-label="d12: 1-8 select the GM&#x27;s outcome, 9-12 the player&#x27;s outcome""#,
        ),
        (
            with(
                json!({"player": 5, "gm": -2, "advantage": 7, "odds": 13, "more_likely": "player", "certain": false, "p_player": "139/144", "p_gm": "5/144"}),
                true,
            ),
            r#"aria-label="d12: 1-11 select the player&#x27;s outcome; a 12 rolls again at advantage 1""#,
        ),
        (
            with(
                json!({"player": 4, "gm": -2, "advantage": 6, "odds": 12, "more_likely": "player", "certain": true, "p_player": "1", "p_gm": "0"}),
                false,
            ),
            r#"aria-label="No die: the player&#x27;s outcome is certain (advantage 6)""#,
        ),
    ];
    for (context, strip) in cases {
        check(&context, &[strip, "<span class=\"chance-p\"><b>"]);
    }
}

/// The board lists the problems resolved this session, newest first and open, the earlier folded,
/// and how many more the list leaves out.
#[test]
fn the_problems_resolved_this_session_are_listed_newest_first() {
    let mut state: Value = serde_json::from_str(WEAKENED).unwrap();
    let mut newer = state["session_resolved"][0].clone();
    newer["number"] = json!(2);
    newer["outcome"] = json!("Tiran reaches Ayla on the ridge.");
    newer["winner"] = json!("player");
    newer["by"] = json!("Tiran");
    let older = state["session_resolved"][0].clone();
    state["session_resolved"] = json!([newer, older]);
    state["session_resolved_more"] = json!(3);
    check(
        &context(&state.to_string(), false, &["Tiran"]),
        &[
            r#"<h2 id="loqi-last">Resolved this session</h2>"#,
            r#"<details class="resolved" data-piece="resolved 2" open>"#,
            "<summary>Problem 2: The player's outcome",
            "<b>The player's outcome</b> (Tiran): Tiran reaches Ayla on the ridge.",
            r#"<details class="resolved" data-piece="resolved 1">"#,
            "<summary>Problem 1: The GM's outcome",
            "3 earlier this session: in the log and the report.",
        ],
    );
}
