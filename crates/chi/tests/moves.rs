#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The moves a seat is offered at an online Chi table and the odds before a roll: states are built
//! by folding commands as the scenarios write them; the moves offered are compared exactly (their
//! `do`, label, fixed part and the bounds or choices of each blank), for the GM and for players.

use serde_json::{Value, json};
use skald_chi::authority::authority;
use skald_chi::moves::moves;
use skald_chi::odds::odds;
use skald_chi::rules::secret::commitment;
use skald_chi::{Chi, Command, State};
use skald_core::{
    Authority, Chance, FieldKind, Move, Odds, Scripted, Seat, SeededRandom, System, Table,
};

const RAGNAR: &str = "Ragnar, fierce, arrogant, and savage barbarian4";
const SALT: &str = "a-salt-the-table-drew-0001";

/// The table after `steps` (commands as scenarios write them, each with its scripted dice), with
/// Ragnar (pool 4: off-concept cap 2) and a minor NPC orc2 (cap 1) enrolled first, under `options`.
fn play(options: Value, steps: &[(Value, &[i64])]) -> State {
    let mut table = Table::<Chi>::new(serde_json::from_value(options).unwrap());
    let enrol = [RAGNAR, "orc2"].map(|line| {
        (
            json!({"do": "enroll", "character": {"line": line}}),
            &[][..],
        )
    });
    for (command, dice) in enrol.iter().chain(steps) {
        let parsed: Command = serde_json::from_value(command.clone()).unwrap();
        table
            .execute(parsed, &mut Scripted::new(dice.to_vec()))
            .unwrap_or_else(|e| panic!("{command}: {e}"));
    }
    table.state().clone()
}

fn gm() -> Seat {
    // The GM enrolled the orc, so it is the GM's own character.
    Seat {
        gm: true,
        characters: vec!["orc".into()],
    }
}

fn ann() -> Seat {
    Seat {
        gm: false,
        characters: vec!["Ragnar".into()],
    }
}

fn newcomer() -> Seat {
    Seat::default()
}

/// One move in a line: `Group | label | fixed command | each blank`, a blank as `name 1..=4 (1)`,
/// `name yes|no`, `name text<=64`, `name one of [labels]` or `name any of [labels]`; `+odds` when
/// the move has odds.
fn sketch(m: &Move) -> String {
    let fields: Vec<String> = m
        .fields
        .iter()
        .map(|f| match &f.kind {
            FieldKind::Number { min, max, default } => {
                format!("{} {min}..={max} ({default})", f.name)
            }
            FieldKind::Flag { default } => {
                format!("{} {}", f.name, if *default { "yes" } else { "no" })
            }
            FieldKind::Text { max } => format!("{} text<={max}", f.name),
            FieldKind::Json { max, .. } => format!("{} json<={max}", f.name),
            FieldKind::Choice { options, multiple } => {
                let labels: Vec<&str> = options.iter().map(|o| o.label.as_str()).collect();
                let how = if *multiple { "any of" } else { "one of" };
                format!("{} {how} [{}]", f.name, labels.join("; "))
            }
        })
        .collect();
    let odds = if m.odds { " +odds" } else { "" };
    format!(
        "{} | {} | {} | {}{odds}",
        m.group,
        m.label,
        m.command,
        fields.join(", ")
    )
}

/// The one helper every expectation goes through: `(what, got, expected)` compared exactly, line
/// by line, naming the case.
fn check(cases: &[(&str, Vec<String>, Vec<&str>)]) {
    for (what, got, expected) in cases {
        assert_eq!(got, expected, "{what}:\n{}", got.join("\n"));
    }
}

fn offered(state: &State, seat: &Seat) -> Vec<String> {
    moves(state, seat).iter().map(sketch).collect()
}

const ACTION_RAGNAR_4: &str = "Round | Ragnar: act against a Difficulty | {\"do\":\"action\",\"who\":\"Ragnar\"} | spend 1..=4 (1), difficulty 1..=100 (1), modifier -100..=100 (0), fits_concept yes, reaction no +odds";
const OPPOSED_RAGNAR_4: &str = "Round | Ragnar: act against another character | {\"do\":\"opposed\"} | actor one of [1 die; 2 dice; 3 dice; 4 dice; 1 die, off-concept; 2 dice, off-concept], defender one of [orc: no dice (the modifier alone); orc: 1 die kept back; orc: 2 dice kept back] +odds";
const ACTION_ORC_2: &str = "Round | orc: act against a Difficulty | {\"do\":\"action\",\"who\":\"orc\"} | spend 1..=2 (1), difficulty 1..=100 (1), modifier -100..=100 (0), fits_concept yes, reaction no +odds";
const OPPOSED_ORC_2: &str = "Round | orc: act against another character | {\"do\":\"opposed\"} | actor one of [1 die; 2 dice; 1 die, off-concept], defender one of [Ragnar: no dice (the modifier alone); Ragnar: 1 die kept back; Ragnar: 2 dice kept back; Ragnar: 3 dice kept back; Ragnar: 4 dice kept back] +odds";
const OPEN: &str = "Secret roll | Open a secret roll | {\"do\":\"secret_open\"} | actions any of [Ragnar against Difficulty 1; Ragnar against Difficulty 2; Ragnar against Difficulty 3; Ragnar against Difficulty 4; Ragnar against Difficulty 5; Ragnar against Difficulty 6; orc against Difficulty 1; orc against Difficulty 2; orc against Difficulty 3; orc against Difficulty 4; orc against Difficulty 5; orc against Difficulty 6], opposed any of [Ragnar against orc; orc against Ragnar]";
const LOSE_RAGNAR: &str = "Potential | Ragnar: loses potential | {\"do\":\"lose\",\"who\":\"Ragnar\"} | amount 1..=4 (1), cause one of [injury; fatigue; other], permanent no, detail text<=200";
const ADVANCE_RAGNAR: &str = "Potential | Ragnar: award a new die | {\"do\":\"advance\",\"who\":\"Ragnar\"} | word text<=64, occupation text<=64";
const LOSE_ORC: &str = "Potential | orc: loses potential | {\"do\":\"lose\",\"who\":\"orc\"} | amount 1..=2 (1), cause one of [injury; fatigue; other], permanent no, detail text<=200";
const ADVANCE_ORC: &str =
    "Potential | orc: award a new die | {\"do\":\"advance\",\"who\":\"orc\"} | occupation text<=64";
const END_1: &str = "Session | End session 1 | {\"do\":\"end_session\"} | ";
const ADD: &str =
    "Characters | Add a character or NPC | {\"do\":\"enroll\"} | character text<=1000";
const MAKE: &str = "Characters | Make a character | {\"do\":\"enroll\"} | character text<=1000";

#[test]
fn a_fresh_round_offers_each_seat_its_own_moves() {
    let fresh = play(json!({}), &[]);
    // Ragnar spent all 4 dice: he can no longer act, but still defends with nothing (C1, C3).
    let spent = play(
        json!({}),
        &[(
            json!({"do": "action", "who": "Ragnar", "spend": 4, "difficulty": 1}),
            &[6, 6, 6, 6, 1],
        )],
    );
    check(&[
        (
            "GM, round 1",
            offered(&fresh, &gm()),
            vec![
                ACTION_RAGNAR_4,
                OPPOSED_RAGNAR_4,
                ACTION_ORC_2,
                OPPOSED_ORC_2,
                "Round | Start round 2 | {\"do\":\"new_round\"} | ",
                OPEN,
                LOSE_RAGNAR,
                ADVANCE_RAGNAR,
                LOSE_ORC,
                ADVANCE_ORC,
                END_1,
                ADD,
            ],
        ),
        (
            "Ann, Ragnar's player",
            offered(&fresh, &ann()),
            vec![ACTION_RAGNAR_4, OPPOSED_RAGNAR_4, MAKE],
        ),
        (
            "a player with no character",
            offered(&fresh, &newcomer()),
            vec![MAKE],
        ),
        (
            "Ann, after spending all four dice",
            offered(&spent, &ann()),
            vec![MAKE],
        ),
        (
            "GM, after Ragnar spent all four dice",
            offered(&spent, &gm()).into_iter().take(4).collect(),
            vec![
                ACTION_ORC_2,
                "Round | orc: act against another character | {\"do\":\"opposed\"} | actor one of [1 die; 2 dice; 1 die, off-concept], defender one of [Ragnar: no dice (the modifier alone)] +odds",
                "Round | Start round 2 | {\"do\":\"new_round\"} | ",
                "Secret roll | Open a secret roll | {\"do\":\"secret_open\"} | actions any of [orc against Difficulty 1; orc against Difficulty 2; orc against Difficulty 3; orc against Difficulty 4; orc against Difficulty 5; orc against Difficulty 6], opposed any of [orc against Ragnar]",
            ],
        ),
    ]);
}

#[test]
fn losses_sessions_and_advancement_offer_only_what_is_possible() {
    // Ragnar loses 2 to injury, 1 to fatigue; the orc is taken out (current 0: out of play).
    let hurt = play(
        json!({}),
        &[
            (
                json!({"do": "lose", "who": "Ragnar", "amount": 2, "cause": "injury"}),
                &[],
            ),
            (
                json!({"do": "lose", "who": "Ragnar", "amount": 1, "cause": "fatigue"}),
                &[],
            ),
            (
                json!({"do": "lose", "who": "orc", "amount": 2, "cause": "injury"}),
                &[],
            ),
            (json!({"do": "advance", "who": "Ragnar"}), &[]),
        ],
    );
    // At full potential a die joins at once and allows a word; then the session ends.
    let between = play(
        json!({}),
        &[
            (json!({"do": "advance", "who": "Ragnar"}), &[]),
            (json!({"do": "end_session"}), &[]),
        ],
    );
    check(&[
        (
            "GM, Ragnar 4/1 with a die waiting, the orc out of play",
            offered(&hurt, &gm()),
            vec![
                "Round | Ragnar: act against a Difficulty | {\"do\":\"action\",\"who\":\"Ragnar\"} | spend 1..=1 (1), difficulty 1..=100 (1), modifier -100..=100 (0), fits_concept yes, reaction no +odds",
                "Round | Start round 2 | {\"do\":\"new_round\"} | ",
                "Secret roll | Open a secret roll | {\"do\":\"secret_open\"} | actions any of [Ragnar against Difficulty 1; Ragnar against Difficulty 2; Ragnar against Difficulty 3; Ragnar against Difficulty 4; Ragnar against Difficulty 5; Ragnar against Difficulty 6]",
                "Potential | Ragnar: loses potential | {\"do\":\"lose\",\"who\":\"Ragnar\"} | amount 1..=1 (1), cause one of [injury; fatigue; other], permanent no, detail text<=200",
                "Potential | Ragnar: recovers dice | {\"do\":\"recover\",\"who\":\"Ragnar\"} | amount 1..=3 (1), cause one of [any, oldest loss first; only injury (2 dice); only fatigue (1 die)]",
                "Potential | Ragnar: add a descriptive word | {\"do\":\"add_word\",\"who\":\"Ragnar\"} | word text<=64",
                "Potential | orc: recovers dice | {\"do\":\"recover\",\"who\":\"orc\"} | amount 1..=2 (1), cause one of [any, oldest loss first; only injury (2 dice)]",
                ADVANCE_ORC,
                END_1,
                ADD,
            ],
        ),
        (
            "GM between sessions: no rounds, concepts may change",
            offered(&between, &gm()),
            vec![
                "Potential | Ragnar: loses potential | {\"do\":\"lose\",\"who\":\"Ragnar\"} | amount 1..=5 (1), cause one of [injury; fatigue; other], permanent no, detail text<=200",
                ADVANCE_RAGNAR,
                "Potential | Ragnar: add a descriptive word | {\"do\":\"add_word\",\"who\":\"Ragnar\"} | word text<=64",
                "Potential | Ragnar: change the concept | {\"do\":\"change_concept\",\"who\":\"Ragnar\"} | occupation text<=64",
                LOSE_ORC,
                ADVANCE_ORC,
                "Potential | orc: change the concept | {\"do\":\"change_concept\",\"who\":\"orc\"} | occupation text<=64",
                "Session | Start session 2 | {\"do\":\"start_session\"} | ",
                ADD,
            ],
        ),
        (
            "Ann between sessions",
            offered(&between, &ann()),
            vec![MAKE],
        ),
    ]);
}

fn secret_steps() -> Vec<(Value, &'static [i64])> {
    vec![(
        json!({"do": "secret_open", "opposed": [{"actor": {"who": "Ragnar"}, "defender": {"who": "orc", "modifier": 1}}]}),
        &[],
    )]
}

/// The `secret_commit` the table sends for an `allocate` of `spend` dice by `who` (its salt is
/// the server's; here a fixed one).
fn committed(who: &str, spend: u32) -> (Value, &'static [i64]) {
    (
        json!({"do": "secret_commit", "who": who, "commitment": commitment(who, spend, SALT)}),
        &[],
    )
}

fn revealed(who: &str, spend: u32) -> (Value, &'static [i64]) {
    (
        json!({"do": "secret_reveal", "who": who, "spend": spend, "salt": SALT}),
        &[],
    )
}

#[test]
fn the_secret_roll_offers_allocate_reveal_and_roll_in_turn() {
    let mut steps = secret_steps();
    let open = play(json!({}), &steps);
    steps.push(committed("Ragnar", 3));
    let one = play(json!({}), &steps);
    steps.push(committed("orc", 2));
    let both = play(json!({}), &steps);
    steps.push(revealed("Ragnar", 3));
    steps.push(revealed("orc", 2));
    let shown = play(json!({}), &steps);
    let cancel = "Secret roll | Call off the secret roll | {\"do\":\"secret_cancel\"} | ";
    let allocate_orc = "Secret roll | orc: choose your dice in secret | {\"do\":\"allocate\",\"who\":\"orc\"} | spend 0..=2 (0)";
    check(&[
        (
            "Ann, once the GM opened it",
            offered(&open, &ann()),
            vec![
                "Secret roll | Ragnar: choose your dice in secret | {\"do\":\"allocate\",\"who\":\"Ragnar\"} | spend 1..=4 (1)",
            ],
        ),
        (
            "GM, once opened (the orc is the GM's)",
            offered(&open, &gm()),
            vec![allocate_orc, cancel],
        ),
        (
            "Ann, committed: nothing until the orc commits",
            offered(&one, &ann()),
            vec![],
        ),
        (
            "GM, Ragnar committed",
            offered(&one, &gm()),
            vec![allocate_orc, cancel],
        ),
        (
            "Ann, everyone committed",
            offered(&both, &ann()),
            vec![
                "Secret roll | Ragnar: reveal your dice | {\"do\":\"secret_reveal\",\"who\":\"Ragnar\"} | ",
            ],
        ),
        (
            "GM, everyone committed",
            offered(&both, &gm()),
            vec![
                "Secret roll | orc: reveal your dice | {\"do\":\"secret_reveal\",\"who\":\"orc\"} | ",
                cancel,
            ],
        ),
        ("Ann, everyone revealed", offered(&shown, &ann()), vec![]),
        (
            "GM, everyone revealed",
            offered(&shown, &gm()),
            vec![
                "Secret roll | Roll the secret roll | {\"do\":\"secret_roll\"} |  +odds",
                cancel,
            ],
        ),
    ]);
    // The notes say what the seat plays for, never anyone's allocation.
    let note = |state: &State, seat: &Seat| moves(state, seat)[0].note.clone().unwrap_or_default();
    check(&[(
        "notes",
        vec![note(&open, &ann()), note(&open, &gm())],
        vec![
            "Ragnar is acting against orc, modifier +0; the odds depend on orc's secret choice. The server keeps your number secret (not even the GM sees it) and commits its hash; all roll at once (C4).",
            "orc is reacting to Ragnar, modifier +1; the odds depend on Ragnar's secret choice. The server keeps your number secret (not even the GM sees it) and commits its hash; all roll at once (C4).",
        ],
    )]);
}

#[test]
fn a_secret_action_shows_the_exact_chance_of_each_allocation() {
    // Off-concept against Difficulty 1: Ragnar (current 4) may put in at most ceil(4/3) = 2 (C2).
    let state = play(
        json!({}),
        &[(
            json!({"do": "secret_open", "actions": [{"who": "Ragnar", "difficulty": 1, "fits_concept": false}]}),
            &[],
        )],
    );
    // Brute force: 1d6 > 1d6 in 15 of 36; 2d6 > 1d6 in 181 of 216.
    check(&[(
        "Ann's allocation",
        offered(&state, &ann()),
        vec![
            "Secret roll | Ragnar: choose your dice in secret | {\"do\":\"allocate\",\"who\":\"Ragnar\"} | spend one of [1 die: success 5/12 (41.7%); 2 dice: success 181/216 (83.8%)]",
        ],
    )]);
    check(&[(
        "brute force",
        vec![brute(1, 0, 1).0, brute(2, 0, 1).0],
        vec!["5/12", "181/216"],
    )]);
}

/// P(`a`d6 + `modifier` > `b`d6) and P(tie), by enumerating every roll; as reduced fractions.
fn brute(a: u32, modifier: i64, b: u32) -> (String, String) {
    fn sums(n: u32) -> Vec<i64> {
        (0..n).fold(vec![0], |acc, _| {
            acc.iter()
                .flat_map(|s| (1..=6).map(move |f| s + f))
                .collect()
        })
    }
    let (xs, ys) = (sums(a), sums(b));
    let (mut greater, mut equal) = (0_u64, 0_u64);
    for x in &xs {
        for y in &ys {
            greater += u64::from(x + modifier > *y);
            equal += u64::from(x + modifier == *y);
        }
    }
    let total = (xs.len() * ys.len()) as u64;
    let reduce = |n: u64| {
        let g = gcd(n, total);
        if n == 0 {
            "0".to_owned()
        } else {
            format!("{}/{}", n / g, total / g)
        }
    };
    (reduce(greater), reduce(equal))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn chances(odds: &Option<Odds>) -> Vec<String> {
    let show = |c: &Chance| format!("{}: {}", c.label, c.p);
    match odds {
        None => vec!["none".to_owned()],
        Some(o) => std::iter::once(o.summary.clone())
            .chain(o.chances.iter().map(show))
            .chain(std::iter::once(
                o.distribution
                    .iter()
                    .map(show)
                    .collect::<Vec<_>>()
                    .join(", "),
            ))
            .collect(),
    }
}

fn command(value: Value) -> Command {
    serde_json::from_value(value).unwrap()
}

#[test]
fn odds_are_exact_before_each_roll() {
    let fresh = play(json!({}), &[]);
    let reroll = play(json!({"tie": "reroll"}), &[]);
    let spent = play(
        json!({}),
        &[(
            json!({"do": "action", "who": "Ragnar", "spend": 4, "difficulty": 1}),
            &[6, 6, 6, 6, 1],
        )],
    );
    let action = |spend: u32, difficulty: u32, modifier: i32| {
        command(
            json!({"do": "action", "who": "Ragnar", "spend": spend, "difficulty": difficulty, "modifier": modifier}),
        )
    };
    // `skald chi odds --dice 3 --difficulty 2 --modifier -1` (docs/chi.md): 1801/2592, 791/2592, 217/2592.
    let (p, tie) = brute(3, -1, 2);
    check(&[
        (
            "brute force 3d6-1 vs 2d6",
            vec![p, tie],
            vec!["1801/2592", "217/2592"],
        ),
        (
            "brute force 3d6 vs 2d6 (orc defends, +1 on its side: net -1)",
            vec![brute(3, -1, 2).0],
            vec!["1801/2592"],
        ),
    ]);
    check(&[
        (
            "action 3d6 - 1 against Difficulty 2 (too many dice to draw the margin? no: 5 dice)",
            chances(&odds(&fresh, &action(3, 2, -1))).into_iter().take(4).collect(),
            vec![
                "Ragnar rolls 3d6 − 1 against Difficulty 2 (2d6); a tie fails (C3).",
                "Success: 1801/2592",
                "Failure: 791/2592",
                "A tie (a failure): 217/2592",
            ],
        ),
        (
            "action 1d6 against Difficulty 1, with the margin",
            chances(&odds(&fresh, &action(1, 1, 0))),
            vec![
                "Ragnar rolls 1d6 against Difficulty 1 (1d6); a tie fails (C3).",
                "Success: 5/12",
                "Failure: 7/12",
                "A tie (a failure): 1/6",
                "-5: 1/36, -4: 1/18, -3: 1/12, -2: 1/9, -1: 5/36, 0: 1/6, +1: 5/36, +2: 1/9, +3: 1/12, +4: 1/18, +5: 1/36",
            ],
        ),
        (
            "ties rerolled: 15 greater, 15 less of 36",
            chances(&odds(&reroll, &action(1, 1, 0))).into_iter().take(4).collect(),
            vec![
                "Ragnar rolls 1d6 against Difficulty 1 (1d6); a tie is rolled again (C3).",
                "Success (once ties are settled): 1/2",
                "Failure: 1/2",
                "One roll ties (rolled again): 1/6",
            ],
        ),
        (
            "opposed: Ragnar 3d6 against the orc's 2d6 + 1",
            chances(&odds(
                &fresh,
                &command(json!({"do": "opposed", "actor": {"who": "Ragnar", "spend": 3}, "defender": {"who": "orc", "spend": 2, "modifier": 1}})),
            ))
            .into_iter()
            .take(4)
            .collect(),
            vec![
                "Ragnar rolls 3d6 against orc's 2d6 + 1; a tie goes to orc (C3).",
                "Ragnar wins: 1801/2592",
                "orc holds: 791/2592",
                "A tie (goes to orc): 217/2592",
            ],
        ),
        ("a command that rolls nothing", chances(&odds(&fresh, &command(json!({"do": "new_round"})))), vec!["none"]),
        ("more dice than are left (refused)", chances(&odds(&spent, &action(1, 1, 0))), vec!["none"]),
        ("off-concept over the cap (refused)", chances(&odds(&fresh, &command(json!({"do": "action", "who": "Ragnar", "spend": 3, "difficulty": 1, "fits_concept": false})))), vec!["none"]),
        ("while a secret roll is open (refused)", chances(&odds(&play(json!({}), &secret_steps()), &action(1, 1, 0))), vec!["none"]),
    ]);
    // Beyond 24 dice the margin is not drawn; the chances are still exact (as `skald chi odds
    // --dice 20 --defender-dice 10` gives them).
    let big = play(
        json!({}),
        &[
            (
                json!({"do": "enroll", "character": {"line": "giant20"}}),
                &[],
            ),
            (
                json!({"do": "enroll", "character": {"line": "troll10"}}),
                &[],
            ),
        ],
    );
    let exact = skald_chi::odds::opposed(20, 10, 0).unwrap();
    let giant = odds(
        &big,
        &command(json!({"do": "opposed", "actor": {"who": "giant", "spend": 20}, "defender": {"who": "troll", "spend": 10}})),
    )
    .unwrap();
    let p = exact.p_success.to_string();
    check(&[(
        "30 dice: no distribution",
        vec![
            giant.chances[0].p.clone(),
            giant.distribution.len().to_string(),
        ],
        vec![p.as_str(), "0"],
    )]);
}

#[test]
fn the_secret_roll_has_the_odds_of_each_entry() {
    let mut steps = secret_steps();
    steps.extend([
        committed("Ragnar", 3),
        committed("orc", 2),
        revealed("Ragnar", 3),
    ]);
    let waiting = play(json!({}), &steps);
    steps.push(revealed("orc", 2));
    let shown = play(json!({}), &steps);
    let roll = command(json!({"do": "secret_roll"}));
    check(&[
        (
            "not everyone revealed (refused)",
            chances(&odds(&waiting, &roll)),
            vec!["none"],
        ),
        (
            "Ragnar's 3d6 against the orc's 2d6 + 1",
            chances(&odds(&shown, &roll)).into_iter().take(2).collect(),
            vec![
                "Everyone rolls at once; each entry's chance of success (a tie fails for actions; C3, C4).",
                "Ragnar beats orc: 3d6 against 2d6 + 1 (a tie goes to orc): 1801/2592",
            ],
        ),
    ]);
}

#[test]
fn a_player_never_gets_a_move_it_may_not_send() {
    let mut steps = secret_steps();
    let mut states = vec![play(json!({}), &[]), play(json!({}), &steps)];
    steps.extend([committed("Ragnar", 3), committed("orc", 2)]);
    states.push(play(json!({}), &steps));
    states.push(play(json!({}), &[(json!({"do": "end_session"}), &[])]));
    let mut checked = Vec::new();
    for state in &states {
        for seat in [ann(), newcomer()] {
            for m in moves(state, &seat) {
                let who = m.command["who"].as_str().map(str::to_owned);
                let allowed = match m.command["do"].as_str() {
                    // Table actions: for the seat's own character only (crates/table).
                    Some("allocate" | "secret_reveal") => {
                        who.is_some_and(|w| seat.characters.contains(&w))
                    }
                    _ => match authority(&filled(&m)) {
                        Authority::Gm => false,
                        Authority::Anyone | Authority::Enroll(_) => true,
                        Authority::Character(name) => seat.characters.contains(&name),
                    },
                };
                checked.push(format!(
                    "{} {}",
                    m.label,
                    if allowed { "allowed" } else { "NOT ALLOWED" }
                ));
            }
        }
    }
    check(&[(
        "every player move, by authority",
        checked,
        vec![
            "Ragnar: act against a Difficulty allowed",
            "Ragnar: act against another character allowed",
            "Make a character allowed",
            "Make a character allowed",
            "Ragnar: choose your dice in secret allowed",
            "Ragnar: reveal your dice allowed",
            "Make a character allowed",
            "Make a character allowed",
        ],
    )]);
}

/// A sample value a user would type into a text blank (the form cannot invent a name or a word).
fn typed(name: &str) -> Value {
    match name {
        // The enrolment line, sent as a page's text blank sends it: a bare JSON string.
        "character" => json!("Tova, quick, quiet, and keen scout5"),
        "word" => json!("wise"),
        "occupation" => json!("chieftain"),
        // Optional texts are left empty: the page then leaves the key out.
        _ => Value::Null,
    }
}

/// `m`'s command as a form would send it with the least typing: every number and flag at its
/// default, every choice at its first option, every text as [`typed`]. Of the multiple choices
/// (checkboxes) only the first option of the first is ticked: a secret roll needs one entry, and
/// two ticks could name one character twice, which the labels show.
fn filled_json(m: &Move) -> Value {
    let mut command = m.command.clone();
    let mut ticked = false;
    for f in &m.fields {
        let value = match &f.kind {
            FieldKind::Number { default, .. } => json!(default),
            FieldKind::Flag { default } => json!(default),
            FieldKind::Json { example, .. } => example.clone(),
            FieldKind::Choice {
                options,
                multiple: false,
            } => options
                .first()
                .map(|o| o.value.clone())
                .unwrap_or(Value::Null),
            FieldKind::Choice {
                options,
                multiple: true,
            } => {
                let first: Vec<Value> = options
                    .iter()
                    .take(usize::from(!ticked))
                    .map(|o| o.value.clone())
                    .collect();
                ticked = true;
                json!(first)
            }
            FieldKind::Text { .. } => typed(&f.name),
        };
        if !value.is_null() || matches!(f.kind, FieldKind::Choice { .. }) {
            command[f.name.as_str()] = value;
        }
    }
    command
}

fn filled(m: &Move) -> Command {
    command(filled_json(m))
}

#[test]
fn every_move_at_its_defaults_is_accepted() {
    // The criterion: each move's command, with every blank at its default or first choice and
    // every text a sample a user would type, is accepted by `decide`: no move is offered that the
    // rules refuse for a reason the form could know (a number out of its bounds, a character not
    // in play, a step of the secret roll out of turn). The table actions are sent as the table
    // sends them: `allocate` as `secret_commit` with the table's salt, the bare `secret_reveal`
    // filled in with that allocation and salt.
    let mut steps = secret_steps();
    let mut states = vec![
        play(json!({}), &[]),
        play(
            json!({"tie": "reroll"}),
            &[(
                json!({"do": "lose", "who": "Ragnar", "amount": 2, "cause": "injury"}),
                &[],
            )],
        ),
        play(
            json!({}),
            &[
                (json!({"do": "advance", "who": "Ragnar"}), &[]),
                (json!({"do": "end_session"}), &[]),
            ],
        ),
        play(
            json!({}),
            &[(
                json!({"do": "lose", "who": "orc", "amount": 2, "cause": "fatigue"}),
                &[],
            )],
        ),
        play(
            json!({}),
            &[(
                json!({"do": "secret_open", "actions": [{"who": "Ragnar", "difficulty": 2, "fits_concept": false}]}),
                &[],
            )],
        ),
        play(json!({}), &steps),
    ];
    steps.extend([committed("Ragnar", 1), committed("orc", 0)]);
    states.push(play(json!({}), &steps));
    steps.extend([revealed("Ragnar", 1), revealed("orc", 0)]);
    states.push(play(json!({}), &steps));
    let mut refused = Vec::new();
    let mut tried = 0;
    for state in &states {
        for seat in [gm(), ann(), newcomer()] {
            for m in moves(state, &seat) {
                let mut sent = filled_json(&m);
                match sent["do"].as_str() {
                    Some("allocate") => {
                        let who = sent["who"].as_str().unwrap_or_default().to_owned();
                        let spend = u32::try_from(sent["spend"].as_u64().unwrap()).unwrap();
                        sent = json!({"do": "secret_commit", "who": who, "commitment": commitment(&who, spend, SALT)});
                    }
                    Some("secret_reveal") => {
                        // The allocations made above: Ragnar 1, the orc 0.
                        let spend = u32::from(sent["who"] == "Ragnar");
                        sent["spend"] = json!(spend);
                        sent["salt"] = json!(SALT);
                    }
                    _ => {}
                }
                tried += 1;
                let parsed = command(sent.clone());
                if let Err(e) = Chi::decide(state, &parsed, &mut SeededRandom::from_seed(7)) {
                    refused.push(format!("{sent}: {e}"));
                }
            }
        }
    }
    check(&[
        ("refused", refused, vec![]),
        ("moves tried", vec![tried.to_string()], vec!["66"]),
    ]);
}
