#![allow(clippy::unwrap_used)]
//! Freelancer's board renders from the rules' own view: states folded from the events of
//! `examples/freelancer/ambush-event.toml` (round 1, both turns divided, Mara's turn) and
//! `examples/freelancer/guard.toml` (the guard's check and its retry), drawn for a player and for
//! the GM; the pieces a reader relies on are in the HTML.

use serde_json::{Value, json};

/// Freelancer's view after folding `events` (as logged) into a new table.
fn view(events: &[Value]) -> Value {
    let mut game =
        skald_table::new_game(skald_systems::REGISTRY, "freelancer", &json!({})).unwrap();
    game.apply(events).unwrap();
    game.view()
}

fn enrolled(sheet: Value) -> Value {
    let mut character =
        json!({"abilities": [], "ap": 0, "kind": "pc", "level": 1, "vocation": null, "xp": 0});
    for (k, v) in sheet.as_object().unwrap() {
        character[k] = v.clone();
    }
    json!({"event": "enrolled", "character": character})
}

/// The ambush at the ford up to Ash's division (steps 1, 2, 4 and 6).
fn ambush() -> Value {
    view(&[
        enrolled(json!({"name": "Ash", "ratings": {"ALC": 15, "LCK": 12, "SPD": 1248}})),
        enrolled(json!({"name": "Mara", "ratings": {"ALC": 150348, "LCK": 31, "SPD": 204000}})),
        enrolled(
            json!({"name": "Tobin", "ap": 3, "vocation": "Scout", "ratings": {"ALC": 0, "LCK": 18, "SPD": 25}}),
        ),
        json!({"event": "event_started", "method": 1, "name": "ambush at the ford", "who": ["Ash", "Mara", "Tobin"]}),
        json!({"event": "initiative_rolled", "order": [{"actions": 1, "turn": 150448, "who": "Mara"}, {"actions": 1, "turn": 1150, "who": "Ash"}, {"actions": 1, "turn": 25, "who": "Tobin"}], "rolls": [{"alc": 15, "d100": 100, "lck": 12, "roll": 115, "spd": 1248, "turn": 1150, "who": "Ash"}, {"alc": 150348, "d100": 100, "lck": 31, "roll": 150448, "spd": 204000, "turn": 150448, "who": "Mara"}, {"alc": 0, "d100": 25, "lck": 18, "roll": 25, "spd": 25, "turn": 25, "who": "Tobin"}], "round": 1, "slowest": 25, "total_actions": []}),
        json!({"actions": 3, "event": "divided", "max_actions": 3, "order": [{"actions": 3, "turn": 50149, "who": "Mara"}, {"actions": 1, "turn": 1150, "who": "Ash"}, {"actions": 1, "turn": 25, "who": "Tobin"}], "rolled": 150448, "turn": 50149, "who": "Mara"}),
        json!({"actions": 2, "event": "divided", "max_actions": 2, "order": [{"actions": 3, "turn": 50149, "who": "Mara"}, {"actions": 2, "turn": 575, "who": "Ash"}, {"actions": 1, "turn": 25, "who": "Tobin"}], "rolled": 1150, "turn": 575, "who": "Ash"}),
    ])
}

/// The guard: Ash's CHM 27 against the guard's WIL 56, then the retry with the number that rolls 72.
fn guard() -> Value {
    view(&[
        enrolled(json!({"name": "Ash", "ratings": {"CHM": 27}})),
        enrolled(json!({"name": "Guard", "kind": "encounter", "ratings": {"WIL": 56}})),
        json!({"against": "the guard's WIL", "band": "normal", "consequence": "none", "difference": 29, "difficulty": 56, "equalized": {"difficulty": 56, "digits": 2, "divisor": 1, "rating": 27}, "event": "task_checked", "opponent": "Guard", "opponent_rating": "WIL", "outcome": "success", "p_botch": "1/20", "p_success": "71/100", "rating": 27, "roll": 38, "stat": "CHM", "success": true, "who": "Ash"}),
        json!({"against": null, "band": "normal", "consequence": "failure", "difference": 29, "difficulty": 56, "equalized": {"difficulty": 56, "digits": 2, "divisor": 1, "rating": 27}, "event": "task_checked", "outcome": "failure", "p_botch": "1/20", "p_success": "71/100", "rating": 27, "roll": 72, "stat": "CHM", "success": false, "who": "Ash"}),
    ])
}

/// The board of `state` for a reader (`gm`, owning `mine`), with Ann seated as player 1 owning Ash.
fn render(state: &Value, gm: bool, mine: &[&str]) -> String {
    let context = json!({
        "state": state,
        "gm": gm,
        "you": if gm { "the GM" } else { "Ann" },
        "mine": mine,
        "players": [{"id": 1, "name": "Ann"}],
        "owners": {"Ash": {"player": 1}, "Mara": "gm", "Tobin": "gm", "Guard": "gm"},
        "seq": 9,
        // The page shows its fold of the whole state (`?state=1`): drawn filled.
        "state_shown": true,
    });
    skald_web::render_board("freelancer", &context).unwrap()
}

/// Checks that each of `present` is in `html`, and none of `absent`.
fn check(html: &str, present: &[&str], absent: &[&str]) {
    for piece in present {
        assert!(html.contains(piece), "missing {piece:?} in:\n{html}");
    }
    for piece in absent {
        assert!(!html.contains(piece), "unexpected {piece:?} in:\n{html}");
    }
}

#[test]
fn the_ambush_draws_the_turn_order_and_actions_left() {
    let state = ambush();
    let html = render(&state, false, &["Ash"]);
    check(
        &html,
        &[
            "<div class=\"board-freelancer\">",
            "Event: ambush at the ford · round 1",
            "It is <b>Mara</b>'s turn: 3 Full Actions at 50149.",
            // The order, first to last, the current turn marked.
            "<li class=\"now\" aria-current=\"step\">\n<span class=\"fl-turn\" title=\"turn number\">50149</span> <b>Mara</b>",
            "<span class=\"fl-turn\" title=\"turn number\">575</span> <b>Ash</b>",
            "<span class=\"fl-turn\" title=\"turn number\">25</span> <b>Tobin</b>",
            "aria-label=\"Mara&#x27;s Full Actions: 3 boxes, 0 checked\"",
            "<li><b>Ash</b>: <span class=\"boxes\" role=\"img\" aria-label=\"Ash&#x27;s Full Actions used: 2 boxes, 0 checked\">",
            // One box is a box.
            "<li><b>Tobin</b>: <span class=\"boxes\" role=\"img\" aria-label=\"Tobin&#x27;s Full Actions used: 1 box, 0 checked\">",
            "2 of 2 left",
            // The initiative rolls as percentile dice: Ash's 100 is 00 and 0; Tobin's 25 is 20 and 5.
            "aria-label=\"Ash&#x27;s d100 showing 100\"",
            "aria-label=\"tens die showing 00\"",
            "aria-label=\"Tobin&#x27;s d100 showing 25\"",
            "aria-label=\"tens die showing 20\"",
            "aria-label=\"units die showing 5\"",
            "+ ALC 150348 = 150448, scaled to SPD 204000: turn <b>150448</b>",
            "Before this first turn, a turn may still be divided",
            // The reader's own sheet first, marked.
            "<li class=\"fl-sheet mine\" data-piece=\"sheet Ash\">\n<h3>Ash <span class=\"fl-tag\">yours</span></h3>",
            "PC, level 1 · Ann's",
            "<abbr title=\"Running Speed\">SPD</abbr> <b>204000</b>",
        ],
        &["Your turn", "You may take it for them"],
    );
    // Ash's sheet comes before Mara's and Tobin's, and only the reader's own shows its points.
    let ash = html.find("<h3>Ash").unwrap();
    assert!(ash < html.find("<h3>Mara").unwrap());
    assert_eq!(html.matches("XP <b>").count(), 1);
    // The GM sees the turn as one it may take, and everyone's points.
    let html = render(&state, true, &["Mara", "Tobin"]);
    check(
        &html,
        &[
            "<b>Your turn</b>: take it under Your moves.",
            "<li class=\"now mine\" aria-current=\"step\">",
            "XP <b>0</b>",
            "AP <b>3</b>",
            "Scout (Hunters Association)",
        ],
        &[],
    );
    // The server lists no owner for a GM-enrolled character (or "gm"): the GM's own all the same.
    let html = render(&state, true, &[]);
    check(
        &html,
        &[
            "<b>Your turn</b>",
            "<h3>Mara <span class=\"fl-tag\">yours</span></h3>",
        ],
        &["<h3>Ash <span"],
    );
}

#[test]
fn the_checks_of_a_round_say_their_outcome_in_words() {
    let mut events: Vec<Value> = Vec::new();
    events.push(enrolled(
        json!({"name": "Ash", "ratings": {"ALC": 15, "CHM": 27, "SPD": 1248}}),
    ));
    events.push(json!({"event": "event_started", "method": 1, "name": "the gate", "who": ["Ash"]}));
    events.push(json!({"event": "initiative_rolled", "order": [{"actions": 1, "turn": 1150, "who": "Ash"}], "rolls": [{"alc": 15, "d100": 100, "lck": 0, "roll": 115, "spd": 1248, "turn": 1150, "who": "Ash"}], "round": 1, "slowest": 1150, "total_actions": []}));
    events.push(json!({"against": "the gate", "band": "normal", "consequence": "none", "difference": 29, "difficulty": 56, "equalized": {"difficulty": 56, "digits": 2, "divisor": 1, "rating": 27}, "event": "task_checked", "outcome": "crit", "p_botch": "1/20", "p_success": "71/100", "rating": 27, "roll": 3, "stat": "CHM", "success": true, "who": "Ash"}));
    let html = render(&view(&events), true, &[]);
    check(
        &html,
        &["<b>Ash</b> (the gate): rolled 3, <span class=\"fl-outcome crit\">Crit, success</span>"],
        &[">crit<"],
    );
}

#[test]
fn the_guard_draws_the_check_on_the_d100() {
    let state = guard();
    let html = render(&state, false, &["Ash"]);
    check(
        &html,
        &[
            "<h2 id=\"fl-last-title\">Last check</h2>",
            "<b>Ash</b>: CHM 27 against 56: difference <b>29</b> (<a class=\"rule-link\" href=\"/rules/freelancer#F2\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">F2</a>, <a class=\"rule-link\" href=\"/rules/freelancer#F3\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">F3</a>).",
            // The band 6-95 is the current one.
            "<li class=\"on\" aria-current=\"true\"><b>6-95</b>",
            // The roll of 72 as dice: 70 and 2, a failure.
            "aria-label=\"Ash d100 showing 72\"",
            "aria-label=\"tens die showing 70\"",
            "aria-label=\"units die showing 2\"",
            "<span class=\"fl-outcome failure\">Failure</span>",
            // The faces: 1-5 Crit, 6-71 success, 72-95 failure, 96-100 Botch.
            "<rect class=\"crit\" x=\"0\" y=\"2\" width=\"5\" height=\"10\">",
            "<rect class=\"success\" x=\"5\" y=\"2\" width=\"66\" height=\"10\">",
            "<rect class=\"failure\" x=\"71\" y=\"2\" width=\"24\" height=\"10\">",
            "<rect class=\"botch\" x=\"95\" y=\"2\" width=\"5\" height=\"10\">",
            "<rect class=\"mark\" x=\"71\"",
            // The odds as they stood before the roll.
            "<b>71.0%</b> <small class=\"exact\">71&#x2f;100</small>",
            "<b>5.0%</b> <small class=\"exact\">1&#x2f;20</small>",
            "Encounter Sheet",
            "<abbr title=\"Willpower\">WIL</abbr> <b>56</b>",
            "2 checks made",
        ],
        &["Event:"],
    );
    let gm = render(&state, true, &["Guard"]);
    check(
        &gm,
        &["No event under way: start one under Your moves"],
        &[],
    );
}

#[test]
fn the_last_dice_show_their_crits_and_botches() {
    // examples/freelancer/other-dice.toml: Ash's three d6 for the trap, 6 3 1 (F1).
    let state = view(&[
        enrolled(json!({"name": "Ash", "ratings": {}})),
        json!({"event": "dice_rolled", "who": "Ash", "die": 6, "what": "the trap's damage", "odds": {"p_crit": "1/6", "p_botch": "1/6", "p_any_crit": "91/216", "p_any_botch": "91/216"}, "dice": [{"face": 6, "mark": "crit"}, {"face": 3}, {"face": 1, "mark": "botch"}], "total": 10, "crits": 1, "botches": 1}),
    ]);
    check(
        &render(&state, false, &["Ash"]),
        &[
            "<h2 id=\"fl-dice-title\">Last dice</h2>",
            "<b>Ash</b> rolled 3d6 (the trap&#x27;s damage); on each die 6 is a Crit and 1 a Botch (<a class=\"rule-link\" href=\"/rules/freelancer#F1\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">F1</a>).",
            "aria-label=\"d6 showing 6\"",
            "<span class=\"fl-outcome crit\">Crit</span>",
            "aria-label=\"d6 showing 1\"",
            "<span class=\"fl-outcome botch\">Botch</span>",
            "Total <b>10</b>: 1 Crit, 1 Botch.",
            "<b>42.1%</b> <small class=\"exact\">91&#x2f;216</small>",
        ],
        // A roll is no check.
        &["Last check"],
    );
    let none = view(&[
        json!({"event": "dice_rolled", "die": 20, "odds": {"p_crit": "1/20", "p_botch": "1/20", "p_any_crit": "1/20", "p_any_botch": "1/20"}, "dice": [{"face": 20, "mark": "crit"}], "total": 20, "crits": 1, "botches": 0}),
    ]);
    check(
        &render(&none, true, &[]),
        &[
            "Rolled, for no one in particular: 1d20; on each die 20 is a Crit and 1 a Botch (<a class=\"rule-link\" href=\"/rules/freelancer#F1\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">F1</a>).",
            "Total <b>20</b>: 1 Crit, 0 Botches.",
            "<small class=\"exact\">1&#x2f;20</small>",
        ],
        &[],
    );
}

#[test]
fn an_empty_table_invites_a_character() {
    let html = render(&view(&[]), false, &[]);
    check(
        &html,
        &["No one at the table yet: create a character under Your moves."],
        &["Last check", "Last dice", "Event:"],
    );
}

#[test]
fn the_other_checks_draw_their_dice_too() {
    // The arm wrestlers rolled under (examples/freelancer/arm-wrestling.toml): 41 rolls 2, 457 rolls 97.
    let wrestling = view(&[
        enrolled(json!({"name": "Ash", "ratings": {"LFT": 82}})),
        enrolled(json!({"name": "Brom", "ratings": {"LFT": 915}})),
        json!({"a": {"adjusted": 41, "adjustments": [{"after": 41, "before": 82, "factor": "1/2", "reason": "one arm"}], "botch": false, "crit": true, "margin": 39, "rating": 82, "reduced": 41, "roll": 2, "stat": "LFT", "who": "Ash"}, "against": "arm wrestling", "automatic": false, "b": {"adjusted": 457, "adjustments": [{"after": 457, "before": 915, "factor": "1/2", "reason": "one arm"}], "botch": true, "crit": false, "margin": 360, "rating": 915, "reduced": 457, "roll": 97, "stat": "LFT", "who": "Brom"}, "divisor": 1, "event": "opposed_checked", "gap": 416, "method": "roll_under", "odds": {"p_a": "0", "p_a_eventually": "0", "p_b": "1", "p_b_eventually": "1", "p_neither": "0"}, "punishing": true, "reroll": false, "winner": "Brom"}),
    ]);
    check(
        &render(&wrestling, false, &["Ash"]),
        &[
            "<b>Ash</b> (LFT 41) against <b>Brom</b> (LFT 457): arm wrestling, roll under (<a class=\"rule-link\" href=\"/rules/freelancer#F4\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">F4</a>).",
            "<b>Ash</b> hits on 1-41:",
            "hit, margin 39, a Crit",
            "<b>Brom</b> hits on 1-100:",
            "hit, margin 360, a Botch",
            "<b>Brom wins</b>; a gap of 416: a punishing outcome for the loser.",
            "<rect class=\"success\" x=\"0\" y=\"2\" width=\"41\" height=\"10\">",
        ],
        &[],
    );
    // The boulder lifted by three (examples/freelancer/team-lift.toml): a Crit on 4 in band 96-100.
    let boulder = view(&[
        enrolled(json!({"name": "Ash", "ratings": {"LCK": 12, "LFT": 42}})),
        enrolled(json!({"name": "Mara", "ratings": {"LCK": 31, "LFT": 71}})),
        enrolled(json!({"name": "Tobin", "ratings": {"LCK": 18, "LFT": 87}})),
        json!({"against": "the boulder's weight", "band": "crit_only", "consequence": "none", "difference": 100, "difficulty": 1200, "equalized": {"difficulty": 120, "digits": 4, "divisor": 10, "rating": 20}, "event": "team_lifted", "outcome": "crit", "p_botch": "1/20", "p_success": "1/20", "rating": 200, "roll": 4, "roller": "Mara", "success": true, "team": [{"lft": 42, "who": "Ash"}, {"lft": 71, "who": "Mara"}, {"lft": 87, "who": "Tobin"}]}),
    ]);
    check(
        &render(&boulder, true, &[]),
        &[
            "<b>Ash + Mara + Tobin</b>: LFT 200 together (Mara rolls) against 1200",
            ", equalized to 20 against 120: difference <b>100</b>",
            "<li class=\"on\" aria-current=\"true\"><b>96-100</b>",
            "aria-label=\"Mara d100 showing 4\"",
            "<span class=\"fl-outcome crit\">Crit, success</span>",
            "<rect class=\"failure\" x=\"5\" y=\"2\" width=\"90\" height=\"10\">",
        ],
        &[],
    );
    // The same lift's first try, 50 in band 96-100: a failure with minor consequences, in words
    // (no "minor" or "botch" as the data names them), its ruling linked.
    let tried = view(&[
        enrolled(json!({"name": "Ash", "ratings": {"LCK": 12, "LFT": 42}})),
        enrolled(json!({"name": "Mara", "ratings": {"LCK": 31, "LFT": 71}})),
        enrolled(json!({"name": "Tobin", "ratings": {"LCK": 18, "LFT": 87}})),
        json!({"against": "the boulder's weight", "band": "crit_only", "consequence": "minor", "difference": 100, "difficulty": 1200, "equalized": {"difficulty": 120, "digits": 4, "divisor": 10, "rating": 20}, "event": "team_lifted", "outcome": "failure", "p_botch": "1/20", "p_success": "1/20", "rating": 200, "roll": 50, "roller": "Mara", "success": false, "team": [{"lft": 42, "who": "Ash"}, {"lft": 71, "who": "Mara"}, {"lft": 87, "who": "Tobin"}]}),
        json!({"against": null, "band": "miracle", "consequence": "botch", "difference": 116, "difficulty": 1200, "equalized": {"difficulty": 120, "digits": 4, "divisor": 10, "rating": 4}, "event": "task_checked", "outcome": "botch", "p_botch": "19/20", "p_success": "1/20", "rating": 42, "roll": 63, "stat": "LFT", "success": false, "who": "Ash"}),
    ]);
    let html = render(&tried, true, &[]);
    check(
        &html,
        &[
            "<span class=\"fl-outcome botch\">Botch, failure</span> <span class=\"muted\">(a Botch: worse consequences, <a class=\"rule-link\" href=\"/rules/freelancer#F3\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">F3</a>)</span>",
        ],
        &["botch consequences", "minor consequences"],
    );
    let tried = view(&[
        enrolled(json!({"name": "Ash", "ratings": {"LCK": 12, "LFT": 42}})),
        enrolled(json!({"name": "Mara", "ratings": {"LCK": 31, "LFT": 71}})),
        json!({"against": null, "band": "crit_only", "consequence": "minor", "difference": 100, "difficulty": 1200, "equalized": {"difficulty": 120, "digits": 4, "divisor": 10, "rating": 20}, "event": "team_lifted", "outcome": "failure", "p_botch": "1/20", "p_success": "1/20", "rating": 113, "roll": 50, "roller": "Mara", "success": false, "team": [{"lft": 42, "who": "Ash"}, {"lft": 71, "who": "Mara"}]}),
    ]);
    check(
        &render(&tried, true, &[]),
        &[
            "<span class=\"fl-outcome failure\">Failure</span> <span class=\"muted\">(minor consequences, <a class=\"rule-link\" href=\"/rules/freelancer#F3\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">F3</a>)</span>",
        ],
        &[],
    );
    // A plain 75% (examples/freelancer/plain-chance.toml): 80 fails.
    let chance = view(&[
        enrolled(json!({"name": "Ash", "ratings": {}})),
        json!({"against": "talking the ferryman down", "chance": 75, "consequence": "failure", "event": "chance_checked", "outcome": "failure", "p_botch": "1/20", "p_success": "3/4", "roll": 80, "success": false, "who": "Ash"}),
    ]);
    check(
        &render(&chance, false, &["Ash"]),
        &[
            "<b>Ash</b>: a plain 75% chance (talking the ferryman down) (<a class=\"rule-link\" href=\"/rules/freelancer#F1\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">F1</a>).",
            "<rect class=\"success\" x=\"5\" y=\"2\" width=\"70\" height=\"10\">",
            "<rect class=\"failure\" x=\"75\" y=\"2\" width=\"20\" height=\"10\">",
            "<b>75.0%</b> <small class=\"exact\">3&#x2f;4</small>",
            "No ratings yet.",
        ],
        &[],
    );
}
