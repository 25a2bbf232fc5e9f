#![allow(clippy::unwrap_used)]
//! Chi's board renders from the rules' own view: states folded from the events of
//! `examples/chi/three-actions-and-a-defence.toml` and `examples/chi/secret-round.toml`, drawn for
//! a player and for the GM; the pieces a reader relies on are in the HTML, and an allocation not
//! yet revealed is not.

use serde_json::{Value, json};

/// Chi's view after folding `events` (as logged) into a new table.
fn view(events: &[Value]) -> Value {
    let mut game = skald_table::new_game(skald_systems::REGISTRY, "chi", &json!({})).unwrap();
    game.apply(events).unwrap();
    game.view()
}

fn enrolled(line: &str) -> Value {
    json!({"event": "enrolled", "character": {"line": line}})
}

/// Steps 1-4 and 7 of three-actions-and-a-defence: three actions (3 + 2 + 1 dice), the defence
/// with the 2 saved dice that wins its tie, then the orc's cleaver costs Ragnar a die.
fn three_actions() -> Value {
    view(&[
        enrolled("Ragnar, fierce, arrogant, and savage barbarian8"),
        enrolled("orc5"),
        json!({"cap":null,"current":8,"difficulty":2,"event":"action_rolled","fits_concept":true,"flagged":false,"gm_total":8,"left":5,"modifier":0,"outcome":"success","reaction":false,"rolls":[{"gm":[5,3],"gm_total":8,"player":[4,4,2],"total":10}],"round":1,"secret":false,"spent":3,"tie":false,"tie_rule":"fail","total":10,"who":"Ragnar"}),
        json!({"cap":null,"current":8,"difficulty":2,"event":"action_rolled","fits_concept":true,"flagged":false,"gm_total":9,"left":3,"modifier":0,"outcome":"failure","reaction":false,"rolls":[{"gm":[6,3],"gm_total":9,"player":[1,4],"total":5}],"round":1,"secret":false,"spent":2,"tie":false,"tie_rule":"fail","total":5,"who":"Ragnar"}),
        json!({"cap":null,"current":8,"difficulty":1,"event":"action_rolled","fits_concept":true,"flagged":false,"gm_total":4,"left":2,"modifier":1,"outcome":"success","reaction":false,"rolls":[{"gm":[4],"gm_total":4,"player":[6],"total":7}],"round":1,"secret":false,"spent":1,"tie":false,"tie_rule":"fail","total":7,"who":"Ragnar"}),
        json!({"actor":{"cap":null,"current":5,"fits_concept":true,"flagged":false,"left":2,"modifier":0,"rolled":[2,3,4],"spent":3,"total":9,"who":"orc"},"defender":{"cap":null,"current":8,"fits_concept":true,"flagged":false,"left":0,"modifier":0,"rolled":[6,3],"spent":2,"total":9,"who":"Ragnar"},"event":"opposed_rolled","outcome":"failure","round":1,"secret":false,"tie":true,"winner":"Ragnar"}),
        json!({"amount":1,"cause":"injury","current":7,"detail":"orc's cleaver","event":"lost","permanent":false,"pool":8,"who":"Ragnar"}),
    ])
}

/// Steps 1, 3 and 5 of secret-round (both committed), then Ragnar's reveal (step 7) when `reveal`.
fn secret_round(reveal: bool) -> Value {
    let mut events = vec![
        enrolled("Ragnar, fierce, arrogant, and savage barbarian8"),
        enrolled("Capt. Dirk Rednova, ,dashing, handsome, and brave star marine7"),
        json!({"actions": [], "caps": {}, "event": "secret_opened", "opposed": [{"actor": {"fits_concept": true, "modifier": 0, "who": "Ragnar"}, "defender": {"fits_concept": true, "modifier": 0, "who": "Capt. Dirk Rednova"}}], "round": 1}),
        json!({"commitment": "df40d7323fbbe5df4f3c74148854dd9fdc23876a7e57369f45e6496b14b93d0a", "event": "secret_committed", "who": "Ragnar"}),
        json!({"commitment": "0a2a715aa88a7689f48bd346a9845a4813e74c816145f8efa78a8e2ec0f0f7a1", "event": "secret_committed", "who": "Capt. Dirk Rednova"}),
    ];
    if reveal {
        events.push(json!({"event": "secret_revealed", "salt": "ragnar-keeps-this-1", "spend": 4, "who": "Ragnar"}));
    }
    view(&events)
}

fn board(state: Value, gm: bool, mine: &[&str]) -> String {
    let context = json!({
        "state": state,
        "gm": gm,
        "you": if gm { "the GM" } else { "Ann" },
        "mine": mine,
        "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bo"}],
        "owners": {"Ragnar": {"player": 1}, "orc": "gm", "Capt. Dirk Rednova": {"player": 2}},
        "seq": 9,
        // The page shows its fold of the whole state (`?state=1`): drawn filled.
        "state_shown": true,
    });
    skald_web::render_board("chi", &context).unwrap()
}

fn at(html: &str, piece: &str) -> usize {
    html.find(piece).unwrap_or(usize::MAX)
}

/// The one helper: each `(what, got, expected)` compared exactly.
fn check(cases: &[(&str, String, &str)]) {
    for (what, got, expected) in cases {
        assert_eq!(got, expected, "{what}");
    }
}

#[test]
fn the_board_draws_pools_sheets_and_the_last_roll() {
    let ann = board(three_actions(), false, &["Ragnar"]);
    let gm = board(three_actions(), true, &["orc"]);
    let count = |html: &str, piece: &str| html.matches(piece).count().to_string();
    check(&[
        (
            "wrapped once",
            ann.matches("<div class=\"board-chi\">").count().to_string(),
            "1",
        ),
        (
            "the round",
            (at(
                &ann,
                "<h2>Round 1 <span class=\"muted\">· session 1</span></h2>",
            ) < usize::MAX)
                .to_string(),
            "true",
        ),
        // Ragnar 8/7: nothing left, 7 spent, 1 lost; the orc 5: 2 left, 3 spent.
        (
            "Ragnar's pool",
            (at(
                &ann,
                "aria-label=\"Pool 8/7: 0 dice left this round, 7 spent, 1 lost\"",
            ) < usize::MAX)
                .to_string(),
            "true",
        ),
        (
            "the orc's pool",
            (at(
                &ann,
                "aria-label=\"Pool 5: 2 dice left this round, 3 spent\"",
            ) < usize::MAX)
                .to_string(),
            "true",
        ),
        // The key shows one of each kind besides the sheets' dice.
        ("dice left", count(&ann, "chi-d left"), "3"),
        ("dice spent", count(&ann, "chi-d spent"), "11"),
        ("dice lost", count(&ann, "chi-d lost"), "2"),
        (
            "the loss",
            (at(&ann, "<li>1 lost to injury (orc&#x27;s cleaver)</li>") < usize::MAX).to_string(),
            "true",
        ),
        (
            "the line",
            (at(&ann, "Ragnar, fierce, arrogant, and savage barbarian8/7") < usize::MAX)
                .to_string(),
            "true",
        ),
        (
            "counts",
            (at(
                &ann,
                "<b>0</b> of 7 left this round · 3 actions · 1 reaction",
            ) < usize::MAX)
                .to_string(),
            "true",
        ),
        // The reader's own sheet first: Ann's Ragnar, the GM's orc.
        (
            "Ann sees Ragnar first",
            (at(&ann, "aria-label=\"Ragnar\"") < at(&ann, "aria-label=\"orc\"")).to_string(),
            "true",
        ),
        (
            "the GM sees the orc first",
            (at(&gm, "aria-label=\"orc\"") < at(&gm, "aria-label=\"Ragnar\"")).to_string(),
            "true",
        ),
        (
            "Ann's tag",
            (at(&ann, "<span class=\"chi-tag mine\">yours</span>") < usize::MAX).to_string(),
            "true",
        ),
        (
            "the GM reads Ann's",
            (at(&gm, "<span class=\"chi-tag\">Ann's</span>") < usize::MAX).to_string(),
            "true",
        ),
        // The last roll: the orc's 2, 3, 4 against Ragnar's 6, 3, the tie to the defender.
        (
            "the last roll's dice",
            count(&ann, "role=\"img\" aria-label=\"orc&#x27;s d6 showing"),
            "3",
        ),
        (
            "Ragnar's six",
            (at(&ann, "aria-label=\"Ragnar&#x27;s d6 showing 6\"") < usize::MAX).to_string(),
            "true",
        ),
        (
            "the winner",
            (at(&ann, "Ragnar wins (a tie goes to the defender)") < usize::MAX).to_string(),
            "true",
        ),
        (
            "no secret roll",
            (at(&ann, "Secret roll") == usize::MAX).to_string(),
            "true",
        ),
    ]);
}

#[test]
fn the_secret_roll_shows_who_has_chosen_and_never_an_unrevealed_allocation() {
    let hidden = board(secret_round(false), false, &["Ragnar"]);
    let shown = board(secret_round(true), true, &[]);
    check(&[
        (
            "waiting",
            (at(
                &hidden,
                "Everyone has chosen. Waiting to reveal: Ragnar, Capt. Dirk Rednova.",
            ) < usize::MAX)
                .to_string(),
            "true",
        ),
        (
            "both hidden",
            hidden.matches("chosen, hidden").count().to_string(),
            "2",
        ),
        (
            "no allocation before the reveal",
            (at(&hidden, "puts in") == usize::MAX).to_string(),
            "true",
        ),
        (
            "Ragnar revealed",
            (at(
                &shown,
                "puts in 4:\n<span class=\"chi-pool\" role=\"img\" aria-label=\"4 dice\">",
            ) < usize::MAX)
                .to_string(),
            "true",
        ),
        (
            "Dirk still hidden",
            shown.matches("chosen, hidden").count().to_string(),
            "1",
        ),
        (
            "still waiting",
            (at(&shown, "Waiting to reveal: Capt. Dirk Rednova.") < usize::MAX).to_string(),
            "true",
        ),
        (
            "Bo's Dirk",
            (at(&shown, "<span class=\"chi-tag\">Bo's</span>") < usize::MAX).to_string(),
            "true",
        ),
    ]);
}

#[test]
fn an_action_shows_both_sides_dice_and_the_outcome() {
    // Step 3 of three-actions-and-a-defence: 1 die + 1 against Difficulty 1, a 6 against a 4.
    let state = view(&[
        enrolled("Ragnar, fierce, arrogant, and savage barbarian8"),
        json!({"cap":null,"current":8,"difficulty":1,"event":"action_rolled","fits_concept":true,"flagged":false,"gm_total":4,"left":7,"modifier":1,"outcome":"success","reaction":false,"rolls":[{"gm":[4],"gm_total":4,"player":[6],"total":7}],"round":1,"secret":false,"spent":1,"tie":false,"tie_rule":"fail","total":7,"who":"Ragnar"}),
    ]);
    let html = board(state, false, &["Ragnar"]);
    check(&[
        (
            "what was rolled",
            (at(
                &html,
                "<p>Ragnar put 1 die into an action, against Difficulty 1:</p>",
            ) < usize::MAX)
                .to_string(),
            "true",
        ),
        (
            "the player's side",
            (at(&html, "aria-label=\"Ragnar&#x27;s d6 showing 6\"") < at(&html, "+1 = <b>7</b>"))
                .to_string(),
            "true",
        ),
        (
            "the GM's side",
            (at(&html, "aria-label=\"the GM&#x27;s d6 showing 4\"") < at(&html, "= <b>4</b>"))
                .to_string(),
            "true",
        ),
        (
            "the outcome",
            (at(
                &html,
                "<p class=\"chi-outcome success\">Ragnar: success</p>",
            ) < usize::MAX)
                .to_string(),
            "true",
        ),
    ]);
}

#[test]
fn an_empty_table_says_how_to_begin() {
    let html = board(view(&[]), true, &[]);
    check(&[(
        "empty",
        (at(&html, "Nobody is at the table yet") < usize::MAX).to_string(),
        "true",
    )]);
}
