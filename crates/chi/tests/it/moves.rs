#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The moves a seat is offered at an online Chi table and the odds before a roll: states are built
//! by folding commands as the scenarios write them; the moves offered are compared exactly (their
//! `do`, label, fixed part and the bounds or choices of each blank), for the GM and for players,
//! as snapshots in the test kit's sketch (`UPDATE_EXPECT=1 cargo test` rewrites them).

use serde_json::{Value, json};
use skald_chi::authority::authority;
use skald_chi::moves::moves;
use skald_chi::odds::odds;
use skald_chi::rules::secret::commitment;
use skald_chi::{Chi, Command, State};
use skald_core::{Authority, Move, Scripted, Seat, SeededRandom, System, Table};
use skald_testkit::sheets::ragnar;
use skald_testkit::{check, expect, gm_with, newcomer, player, sketch, sketch_odds};

const SALT: &str = "a-salt-the-table-drew-0001";

/// The table after `steps` (commands as scenarios write them, each with its scripted dice), with
/// Ragnar (pool 4: off-concept cap 2) and a minor NPC orc2 (cap 1) enrolled first, under `options`.
fn play(options: Value, steps: &[(Value, &[i64])]) -> State {
    let mut table = Table::<Chi>::new(serde_json::from_value(options).unwrap());
    let enrol = [ragnar(4), "orc2".to_owned()].map(|line| {
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

/// The GM enrolled the orc, so it is the GM's own character.
fn gm() -> Seat {
    gm_with(&["orc"])
}

/// Ann, Ragnar's player.
fn ann() -> Seat {
    player(&["Ragnar"])
}

/// The moves `seat` is offered in `state`, sketched.
fn offered(state: &State, seat: &Seat) -> String {
    sketch(&moves(state, seat))
}

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
    // GM, round 1
    check(
        offered(&fresh, &gm()),
        expect![[r#"
            Round | Ragnar: act against a Difficulty | {"do":"action","who":"Ragnar"} | odds
              spend: number 1..=4, default 1
              difficulty: number 1..=100, default 1
              modifier: number -100..=100, default 0
              fits_concept: flag, default yes
              reaction: flag, default no
            Round | Ragnar: act against another character | {"actor":{"who":"Ragnar"},"do":"opposed"} | odds
              actor.spend: number 1..=4, default 1
              actor.fits_concept: flag, default yes
              defender: one of
                - orc: no dice (the modifier alone) = {"spend":0,"who":"orc"}
                - orc: 1 die kept back = {"spend":1,"who":"orc"}
                - orc: 2 dice kept back = {"spend":2,"who":"orc"}
              actor.modifier: number -100..=100, default 0
              defender.modifier: number -100..=100, default 0
            Round | orc: act against a Difficulty | {"do":"action","who":"orc"} | odds | lead
              spend: number 1..=2, default 1
              difficulty: number 1..=100, default 1
              modifier: number -100..=100, default 0
              fits_concept: flag, default yes
              reaction: flag, default no
            Round | orc: act against another character | {"actor":{"who":"orc"},"do":"opposed"} | odds
              actor.spend: number 1..=2, default 1
              actor.fits_concept: flag, default yes
              defender: one of
                - Ragnar (who chooses its own dice) = {"spend":0,"who":"Ragnar"}
              actor.modifier: number -100..=100, default 0
              defender.modifier: number -100..=100, default 0
            Round | Start round 2 | {"do":"new_round"}
              confirm: End round 1 and start round 2? Dice not spent are gone (Ragnar 4, orc 2); its rolls leave the board.
            Secret roll | Open a secret roll | {"do":"secret_open"}
              actions: list of 0..=20 entries, 1 at first
                  who: one of ["Ragnar", "orc"]
                  difficulty: number 1..=100, default 3
                  modifier: number -100..=100, default 0
                  fits_concept: flag, default yes
                  reaction: flag, default no
              opposed: list of 0..=10 entries, 0 at first
                  actor.who: one of ["Ragnar", "orc"]
                  actor.modifier: number -100..=100, default 0
                  actor.fits_concept: flag, default yes
                  defender.who: one of ["Ragnar", "orc"]
                  defender.modifier: number -100..=100, default 0
            Potential | Ragnar: loses potential | {"do":"lose","who":"Ragnar"}
              amount: number 1..=4, default 1
              cause: one of
                - Injury = "injury"
                - Fatigue = "fatigue"
                - Another cause = "other"
              permanent: flag, default no
              detail: text, at most 200
            Potential | Ragnar: award a new die | {"do":"advance","who":"Ragnar"}
              word: text, at most 64
              occupation: text, at most 64
            Potential | orc: loses potential | {"do":"lose","who":"orc"}
              amount: number 1..=2, default 1
              cause: one of
                - Injury = "injury"
                - Fatigue = "fatigue"
                - Another cause = "other"
              permanent: flag, default no
              detail: text, at most 200
            Potential | orc: award a new die | {"do":"advance","who":"orc"}
              occupation: text, at most 64
            Session | End session 1 | {"do":"end_session"}
              confirm: End session 1? Round 1 ends with it, and no round is played until the next session starts.
            Characters | Add a character or NPC | {"do":"enroll"} | odds
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.words: list of 0..=12 entries, 3 at first
                  : text, at most 64
              character.occupation: text, at most 64
              character.pool: number 1..=100, default 6
            Characters | Write a character as one line | {"do":"enroll"} | odds
              character: text, at most 1000
        "#]],
    );
    // Ann, Ragnar's player
    check(
        offered(&fresh, &ann()),
        expect![[r#"
            Round | Ragnar: act against a Difficulty | {"do":"action","who":"Ragnar"} | odds | lead
              spend: number 1..=4, default 1
              difficulty: number 1..=100, default 1
              modifier: number -100..=100, default 0
              fits_concept: flag, default yes
              reaction: flag, default no
            Round | Ragnar: act against another character | {"actor":{"who":"Ragnar"},"do":"opposed"} | odds
              actor.spend: number 1..=4, default 1
              actor.fits_concept: flag, default yes
              defender: one of
                - orc (who chooses its own dice) = {"spend":0,"who":"orc"}
              actor.modifier: number -100..=100, default 0
              defender.modifier: number -100..=100, default 0
            Characters | Make a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.words: list of 3..=12 entries, 3 at first
                  : text, at most 64
              character.occupation: text, at most 64
              character.pool: number 1..=100, default 6
            Characters | Write a character as one line | {"do":"enroll"}
              character: text, at most 1000
        "#]],
    );
    // a player with no character
    check(
        offered(&fresh, &newcomer()),
        expect![[r#"
            Characters | Make a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.words: list of 3..=12 entries, 3 at first
                  : text, at most 64
              character.occupation: text, at most 64
              character.pool: number 1..=100, default 6
            Characters | Write a character as one line | {"do":"enroll"}
              character: text, at most 1000
        "#]],
    );
    // Ann, after spending all four dice
    check(
        offered(&spent, &ann()),
        expect![[r#"
            Characters | Make a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.words: list of 3..=12 entries, 3 at first
                  : text, at most 64
              character.occupation: text, at most 64
              character.pool: number 1..=100, default 6
            Characters | Write a character as one line | {"do":"enroll"}
              character: text, at most 1000
        "#]],
    );
    // GM, after Ragnar spent all four dice
    check(
        sketch(moves(&spent, &gm()).iter().take(4)),
        expect![[r#"
            Round | orc: act against a Difficulty | {"do":"action","who":"orc"} | odds | lead
              spend: number 1..=2, default 1
              difficulty: number 1..=100, default 1
              modifier: number -100..=100, default 0
              fits_concept: flag, default yes
              reaction: flag, default no
            Round | orc: act against another character | {"actor":{"who":"orc"},"do":"opposed"} | odds
              actor.spend: number 1..=2, default 1
              actor.fits_concept: flag, default yes
              defender: one of
                - Ragnar (who chooses its own dice) = {"spend":0,"who":"Ragnar"}
              actor.modifier: number -100..=100, default 0
              defender.modifier: number -100..=100, default 0
            Round | Start round 2 | {"do":"new_round"}
              confirm: End round 1 and start round 2? Dice not spent are gone (orc 2); its rolls leave the board.
            Secret roll | Open a secret roll | {"do":"secret_open"}
              actions: list of 0..=20 entries, 1 at first
                  who: one of ["orc"]
                  difficulty: number 1..=100, default 3
                  modifier: number -100..=100, default 0
                  fits_concept: flag, default yes
                  reaction: flag, default no
              opposed: list of 0..=10 entries, 0 at first
                  actor.who: one of ["orc"]
                  actor.modifier: number -100..=100, default 0
                  actor.fits_concept: flag, default yes
                  defender.who: one of ["Ragnar", "orc"]
                  defender.modifier: number -100..=100, default 0
        "#]],
    );
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
    // GM, Ragnar 4/1 with a die waiting, the orc out of play
    check(
        offered(&hurt, &gm()),
        expect![[r#"
            Round | Ragnar: act against a Difficulty | {"do":"action","who":"Ragnar"} | odds
              spend: number 1..=1, default 1
              difficulty: number 1..=100, default 1
              modifier: number -100..=100, default 0
              fits_concept: flag, default yes
              reaction: flag, default no
            Round | Start round 2 | {"do":"new_round"}
              confirm: End round 1 and start round 2? Dice not spent are gone (Ragnar 1); its rolls leave the board.
            Secret roll | Open a secret roll | {"do":"secret_open"}
              actions: list of 0..=20 entries, 1 at first
                  who: one of ["Ragnar"]
                  difficulty: number 1..=100, default 3
                  modifier: number -100..=100, default 0
                  fits_concept: flag, default yes
                  reaction: flag, default no
            Potential | Ragnar: loses potential | {"do":"lose","who":"Ragnar"}
              amount: number 1..=1, default 1
              cause: one of
                - Injury = "injury"
                - Fatigue = "fatigue"
                - Another cause = "other"
              permanent: flag, default no
              detail: text, at most 200
            Potential | Ragnar: recovers dice | {"do":"recover","who":"Ragnar"}
              amount: number 1..=3, default 1
              cause: one of
                - any, oldest loss first = null
                - only injury (2 dice) = "injury"
                - only fatigue (1 die) = "fatigue"
            Potential | Ragnar: add a descriptive word | {"do":"add_word","who":"Ragnar"}
              word: text, at most 64
            Potential | orc: recovers dice | {"do":"recover","who":"orc"}
              amount: number 1..=2, default 1
              cause: one of
                - any, oldest loss first = null
                - only injury (2 dice) = "injury"
            Potential | orc: award a new die | {"do":"advance","who":"orc"}
              occupation: text, at most 64
            Session | End session 1 | {"do":"end_session"}
              confirm: End session 1? Round 1 ends with it, and no round is played until the next session starts.
            Characters | Add a character or NPC | {"do":"enroll"} | odds
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.words: list of 0..=12 entries, 3 at first
                  : text, at most 64
              character.occupation: text, at most 64
              character.pool: number 1..=100, default 6
            Characters | Write a character as one line | {"do":"enroll"} | odds
              character: text, at most 1000
        "#]],
    );
    // GM between sessions: no rounds, concepts may change
    check(
        offered(&between, &gm()),
        expect![[r#"
            Potential | Ragnar: loses potential | {"do":"lose","who":"Ragnar"}
              amount: number 1..=5, default 1
              cause: one of
                - Injury = "injury"
                - Fatigue = "fatigue"
                - Another cause = "other"
              permanent: flag, default no
              detail: text, at most 200
            Potential | Ragnar: award a new die | {"do":"advance","who":"Ragnar"}
              word: text, at most 64
              occupation: text, at most 64
            Potential | Ragnar: add a descriptive word | {"do":"add_word","who":"Ragnar"}
              word: text, at most 64
            Potential | Ragnar: change the concept | {"do":"change_concept","who":"Ragnar"}
              occupation: text, at most 64
            Potential | Ragnar: replace a descriptive word | {"do":"change_concept","who":"Ragnar"}
              replace.old: one of ["fierce", "arrogant", "savage"]
              replace.new: text, at most 64
            Potential | orc: loses potential | {"do":"lose","who":"orc"}
              amount: number 1..=2, default 1
              cause: one of
                - Injury = "injury"
                - Fatigue = "fatigue"
                - Another cause = "other"
              permanent: flag, default no
              detail: text, at most 200
            Potential | orc: award a new die | {"do":"advance","who":"orc"}
              occupation: text, at most 64
            Potential | orc: change the concept | {"do":"change_concept","who":"orc"}
              occupation: text, at most 64
            Session | Start session 2 | {"do":"start_session"}
            Characters | Add a character or NPC | {"do":"enroll"} | odds
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.words: list of 0..=12 entries, 3 at first
                  : text, at most 64
              character.occupation: text, at most 64
              character.pool: number 1..=100, default 6
            Characters | Write a character as one line | {"do":"enroll"} | odds
              character: text, at most 1000
        "#]],
    );
    // Ann between sessions
    check(
        offered(&between, &ann()),
        expect![[r#"
            Characters | Make a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.words: list of 3..=12 entries, 3 at first
                  : text, at most 64
              character.occupation: text, at most 64
              character.pool: number 1..=100, default 6
            Characters | Write a character as one line | {"do":"enroll"}
              character: text, at most 1000
        "#]],
    );
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
    // Ann, once the GM opened it
    check(
        offered(&open, &ann()),
        expect![[r#"
            Secret roll | Ragnar: choose your dice in secret | {"do":"allocate","who":"Ragnar"} | odds | lead
              spend: number 1..=4, default 1
        "#]],
    );
    // GM, once opened (the orc is the GM's)
    check(
        offered(&open, &gm()),
        expect![[r#"
            Secret roll | orc: choose your dice in secret | {"do":"allocate","who":"orc"} | odds | lead
              spend: number 0..=2, default 0
            Secret roll | Call off the secret roll | {"do":"secret_cancel"}
              confirm: Call off the secret roll? Nobody has chosen yet; no die is spent.
        "#]],
    );
    // Ann, committed: nothing until the orc commits
    check(offered(&one, &ann()), expect![[""]]);
    // GM, Ragnar committed
    check(
        offered(&one, &gm()),
        expect![[r#"
            Secret roll | orc: choose your dice in secret | {"do":"allocate","who":"orc"} | odds | lead
              spend: number 0..=2, default 0
            Secret roll | Call off the secret roll | {"do":"secret_cancel"}
              confirm: Call off the secret roll? The choices made are dropped (Ragnar); no die is spent.
        "#]],
    );
    // Ann, everyone committed
    check(
        offered(&both, &ann()),
        expect![[r#"
            Secret roll | Ragnar: reveal your dice | {"do":"secret_reveal","who":"Ragnar"} | lead
        "#]],
    );
    // GM, everyone committed
    check(
        offered(&both, &gm()),
        expect![[r#"
            Secret roll | orc: reveal your dice | {"do":"secret_reveal","who":"orc"} | lead
            Secret roll | Call off the secret roll | {"do":"secret_cancel"}
              confirm: Call off the secret roll? The choices made are dropped (Ragnar, orc); no die is spent.
        "#]],
    );
    // Ann, everyone revealed
    check(offered(&shown, &ann()), expect![[""]]);
    // GM, everyone revealed: the roll can no longer be called off (C4).
    check(
        offered(&shown, &gm()),
        expect![[r#"
            Secret roll | Roll the secret roll | {"do":"secret_roll"} | odds | lead
        "#]],
    );
    // The notes say what the seat plays for, never anyone's allocation.
    let note = |state: &State, seat: &Seat| moves(state, seat)[0].note.clone().unwrap_or_default();
    check(
        [note(&open, &ann()), note(&open, &gm())].join("\n"),
        expect![[r#"
            Ragnar is acting against orc, modifier +0; the odds depend on orc's secret choice. The server keeps your number secret (not even the GM sees it) and commits its hash; all roll at once (C4).
            orc is reacting to Ragnar, modifier +1; the odds depend on Ragnar's secret choice. The server keeps your number secret (not even the GM sees it) and commits its hash; all roll at once (C4).
        "#]],
    );
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
    // Ann's allocation
    check(
        offered(&state, &ann()),
        expect![[r#"
            Secret roll | Ragnar: choose your dice in secret | {"do":"allocate","who":"Ragnar"} | odds | lead
              spend: one of
                - 1 die: success 5/12 (41.7%) = 1
                - 2 dice: success 181/216 (83.8%) = 2
        "#]],
    );
    assert_eq!([brute(1, 0, 1).0, brute(2, 0, 1).0], ["5/12", "181/216"]);
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
    // brute force 3d6-1 vs 2d6
    assert_eq!([p, tie], ["1801/2592", "217/2592"]);
    // brute force 3d6 vs 2d6 (orc defends, +1 on its side: net -1)
    assert_eq!(brute(3, -1, 2).0, "1801/2592");
    // action 3d6 - 1 against Difficulty 2 (too many dice to draw the margin? no: 5 dice)
    check(
        sketch_odds(odds(&fresh, &action(3, 2, -1)).as_ref()),
        expect![[r#"
            Ragnar rolls 3d6 − 1 against Difficulty 2 (2d6); a tie fails (C3).
              Success: 1801/2592 (0.6948302469135802)
              Failure: 791/2592 (0.30516975308641975)
              A tie (a failure): 217/2592 (0.08371913580246913)
              distribution: -10: 1/7776, -9: 5/7776, -8: 5/2592, -7: 35/7776, -6: 35/3888, -5: 7/432, -4: 205/7776, -3: 305/7776, -2: 35/648, -1: 5/72, 0: 217/2592, +1: 245/2592, +2: 65/648, +3: 65/648, +4: 245/2592, +5: 217/2592, +6: 5/72, +7: 35/648, +8: 305/7776, +9: 205/7776, +10: 7/432, +11: 35/3888, +12: 35/7776, +13: 5/2592, +14: 5/7776, +15: 1/7776
        "#]],
    );
    // action 1d6 against Difficulty 1, with the margin
    check(
        sketch_odds(odds(&fresh, &action(1, 1, 0)).as_ref()),
        expect![[r#"
            Ragnar rolls 1d6 against Difficulty 1 (1d6); a tie fails (C3).
              Success: 5/12 (0.4166666666666667)
              Failure: 7/12 (0.5833333333333334)
              A tie (a failure): 1/6 (0.16666666666666666)
              distribution: -5: 1/36, -4: 1/18, -3: 1/12, -2: 1/9, -1: 5/36, 0: 1/6, +1: 5/36, +2: 1/9, +3: 1/12, +4: 1/18, +5: 1/36
        "#]],
    );
    // ties rerolled: 15 greater, 15 less of 36
    check(
        sketch_odds(odds(&reroll, &action(1, 1, 0)).as_ref()),
        expect![[r#"
            Ragnar rolls 1d6 against Difficulty 1 (1d6); a tie is rolled again (C3).
              Success (once ties are settled): 1/2 (0.5)
              Failure: 1/2 (0.5)
              One roll ties (rolled again): 1/6 (0.16666666666666666)
              distribution: -5: 1/36, -4: 1/18, -3: 1/12, -2: 1/9, -1: 5/36, 0: 1/6, +1: 5/36, +2: 1/9, +3: 1/12, +4: 1/18, +5: 1/36
        "#]],
    );
    // opposed: Ragnar 3d6 against the orc's 2d6 + 1
    let opposed = command(
        json!({"do": "opposed", "actor": {"who": "Ragnar", "spend": 3}, "defender": {"who": "orc", "spend": 2, "modifier": 1}}),
    );
    check(
        sketch_odds(odds(&fresh, &opposed).as_ref()),
        expect![[r#"
            Ragnar rolls 3d6 against orc's 2d6 + 1; a tie goes to orc (C3).
              Ragnar wins: 1801/2592 (0.6948302469135802)
              orc holds: 791/2592 (0.30516975308641975)
              A tie (goes to orc): 217/2592 (0.08371913580246913)
              distribution: -10: 1/7776, -9: 5/7776, -8: 5/2592, -7: 35/7776, -6: 35/3888, -5: 7/432, -4: 205/7776, -3: 305/7776, -2: 35/648, -1: 5/72, 0: 217/2592, +1: 245/2592, +2: 65/648, +3: 65/648, +4: 245/2592, +5: 217/2592, +6: 5/72, +7: 35/648, +8: 305/7776, +9: 205/7776, +10: 7/432, +11: 35/3888, +12: 35/7776, +13: 5/2592, +14: 5/7776, +15: 1/7776
        "#]],
    );
    // a command that rolls nothing
    check(
        sketch_odds(odds(&fresh, &command(json!({"do": "new_round"}))).as_ref()),
        expect![[r#"
            no odds
        "#]],
    );
    // more dice than are left (refused)
    check(
        sketch_odds(odds(&spent, &action(1, 1, 0)).as_ref()),
        expect![[r#"
            no odds
        "#]],
    );
    // off-concept over the cap (refused)
    check(sketch_odds(odds(&fresh, &command(json!({"do": "action", "who": "Ragnar", "spend": 3, "difficulty": 1, "fits_concept": false}))).as_ref()), expect![[r#"
        no odds
    "#]]);
    // while a secret roll is open (refused)
    check(
        sketch_odds(odds(&play(json!({}), &secret_steps()), &action(1, 1, 0)).as_ref()),
        expect![[r#"
            no odds
        "#]],
    );
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
    // 30 dice: no distribution
    assert_eq!(giant.chances[0].p, p);
    assert_eq!(giant.distribution.len(), 0);
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
    // not everyone revealed (refused)
    check(
        sketch_odds(odds(&waiting, &roll).as_ref()),
        expect![[r#"
        no odds
    "#]],
    );
    // Ragnar's 3d6 against the orc's 2d6 + 1
    check(
        sketch_odds(odds(&shown, &roll).as_ref()),
        expect![[r#"
        Everyone rolls at once; each entry's chance of success (a tie fails for actions; C3, C4).
          Ragnar beats orc: 3d6 against 2d6 + 1 (a tie goes to orc): 1801/2592 (0.6948302469135802)
          distribution: -10: 1/7776, -9: 5/7776, -8: 5/2592, -7: 35/7776, -6: 35/3888, -5: 7/432, -4: 205/7776, -3: 305/7776, -2: 35/648, -1: 5/72, 0: 217/2592, +1: 245/2592, +2: 65/648, +3: 65/648, +4: 245/2592, +5: 217/2592, +6: 5/72, +7: 35/648, +8: 305/7776, +9: 205/7776, +10: 7/432, +11: 35/3888, +12: 35/7776, +13: 5/2592, +14: 5/7776, +15: 1/7776
    "#]],
    );
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
                        Authority::Gm | Authority::GmEnroll(_) => false,
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
    // every player move, by authority
    check(
        checked.join("\n"),
        expect![[r#"
            Ragnar: act against a Difficulty allowed
            Ragnar: act against another character allowed
            Make a character allowed
            Write a character as one line allowed
            Make a character allowed
            Write a character as one line allowed
            Ragnar: choose your dice in secret allowed
            Ragnar: reveal your dice allowed
            Make a character allowed
            Write a character as one line allowed
            Make a character allowed
            Write a character as one line allowed
        "#]],
    );
}

/// A sample value a user would type into a text blank (the form cannot invent a name or a word).
fn typed(path: &str) -> Option<Value> {
    match path {
        // The enrolment line, sent as a page's text blank sends it: a bare JSON string.
        "character" => Some(json!("Tova, quick, quiet, and keen scout5")),
        "character.name" => Some(json!("Tova")),
        "character.occupation" | "occupation" => Some(json!("scout")),
        "word" | "replace.new" => Some(json!("wise")),
        // A descriptive word of a new character's concept: three different ones.
        p if p.starts_with("character.words.") => Some(json!(format!("keen{}", &p[16..]))),
        // Optional texts are left empty: the page then leaves the key out.
        _ => None,
    }
}

/// `m`'s command as a form would send it with the least typing (`skald_testkit::form`): every
/// number and flag at its default, every choice at its first option offered, every list with its
/// first entries, every text as [`typed`].
fn filled_json(m: &Move) -> Value {
    skald_testkit::form::filled(m, &|_, path| typed(path))
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
    // refused
    assert_eq!(refused, Vec::<String>::new(), "refused");
    // moves tried
    assert_eq!(tried, 78, "moves tried");
}

/// Whether every fixed key of `fixed` is in `command` with the same value (objects key by key):
/// how a table finds the move a request was sent with, to word it (crates/table, request_words).
fn within(fixed: &Value, command: &Value) -> bool {
    match (fixed, command) {
        (Value::Object(fixed), Value::Object(command)) => fixed
            .iter()
            .all(|(k, v)| command.get(k).is_some_and(|c| within(v, c))),
        _ => fixed == command,
    }
}

/// An opposed action is its actor's move, the actor fixed in its command, so the one move an
/// opposed command was sent with is its actor's and the table words a request with the right
/// character's labels (issue 31: "Kiko puts in: {...Vex...}" in the answer box, the log and both
/// reports, the two characters' labels swapped). Its blanks are words, never an object: the dice,
/// the concept call and the modifiers, each labelled with the actor's name.
#[test]
fn an_opposed_action_is_its_actors_move_with_its_actor_named() {
    let state = play(json!({}), &[]);
    let gm_moves = moves(&state, &gm());
    let sent = json!({"do": "opposed", "actor": {"who": "orc", "spend": 2, "modifier": 1, "fits_concept": false},
                      "defender": {"who": "Ragnar", "spend": 0}});
    let matching: Vec<&str> = gm_moves
        .iter()
        .filter(|m| within(&m.command, &sent))
        .map(|m| m.label.as_str())
        .collect();
    assert_eq!(matching, ["orc: act against another character"]);
    let orc = gm_moves
        .iter()
        .find(|m| m.label == "orc: act against another character")
        .unwrap();
    let labels: Vec<(&str, &str)> = orc
        .fields
        .iter()
        .map(|f| (f.name.as_str(), f.label.as_str()))
        .collect();
    assert_eq!(
        labels,
        [
            ("actor.spend", "Dice orc puts in (2 left)"),
            (
                "actor.fits_concept",
                "Fits orc's concept (the GM's call; if not, at most 1 die)"
            ),
            ("defender", "Who reacts, with the dice it kept back"),
            ("actor.modifier", "orc's modifier (the GM's)"),
            ("defender.modifier", "The defender's modifier (the GM's)"),
        ]
    );
    // Sent as the form fills it, with the GM's call that it is off-concept: accepted, the cap kept.
    let mut command = filled_json(orc);
    skald_testkit::form::set(&mut command, "actor.fits_concept", json!(false));
    skald_testkit::form::set(&mut command, "actor.spend", json!(2));
    let parsed: Command = serde_json::from_value(command).unwrap();
    let refused = Chi::decide(&state, &parsed, &mut Scripted::new(vec![3, 3, 2, 2]))
        .unwrap_err()
        .to_string();
    assert_eq!(
        refused,
        "The number of dice the actor puts in is 2, but an action that does not fit orc's concept may use at most 1 die: a third of the current pool 2, rounded up (ruling C2)"
    );
    assert_eq!(
        Chi::error_field(&Chi::decide(&state, &parsed, &mut Scripted::new(vec![])).unwrap_err()),
        Some("actor.spend".into())
    );
}
