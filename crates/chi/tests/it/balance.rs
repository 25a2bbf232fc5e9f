//! A fair fight for the GM (issue 32, `skald_chi::advice::balance`): the exact chances it rests on
//! agree with every roll played through the rules engine; the Difficulty and the opponent's pool
//! proposed are the closest of every one allowed; the GM's forms show them.
#![allow(clippy::unwrap_used)]

use skald_chi::advice::balance::{
    action_chance, difficulty_for, opposed_chance, party_chance, pool_for,
};
use skald_chi::advice::exact::Sums;
use skald_chi::rules::decide;
use skald_chi::{Chi, Command, Event, Options, Outcome, State, TieRule};
use skald_core::{Fight, Scripted, SeededRandom, System};

/// A table with `characters` (book lines) enrolled.
fn table(options: Options, characters: &[&str]) -> State {
    let mut state = Chi::initial(&options);
    for line in characters {
        let command: Command =
            serde_json::from_value(serde_json::json!({"do": "enroll", "character": line})).unwrap();
        let events = decide(&state, &command, &mut SeededRandom::from_seed(1)).unwrap();
        state = events.iter().fold(state, skald_chi::rules::apply);
    }
    state
}

/// Every sequence of `n` d6.
fn sequences(n: u32) -> impl Iterator<Item = Vec<i64>> {
    (0..6u64.pow(n)).map(move |mut i| {
        (0..n)
            .map(|_| {
                let face = (i % 6) as i64 + 1;
                i /= 6;
                face
            })
            .collect()
    })
}

/// The share of every roll of `dice` d6 for which `command` succeeds for `actor`, played through
/// `decide` (a reroll's tie is left out of both counts: it is rolled again, C3).
fn played(state: &State, command: &Command, actor: &str, dice: u32) -> (u64, u64) {
    let (mut hits, mut plays) = (0, 0);
    for script in sequences(dice) {
        let mut source = Scripted::new(script.clone());
        let Ok(events) = decide(state, command, &mut source) else {
            continue;
        };
        // A reroll asks for more dice than the script has: the scripted source then fails.
        let outcome = events.iter().rev().find_map(|e| match e {
            Event::ActionRolled(r) if r.who == actor => Some(r.outcome == Outcome::Success),
            Event::OpposedRolled(r) if r.actor.who == actor => Some(r.winner == actor),
            _ => None,
        });
        if let Some(won) = outcome {
            plays += 1;
            hits += u64::from(won);
        }
    }
    (hits, plays)
}

fn same(p: &skald_dice::odds::Fraction, (hits, plays): (u64, u64), what: &str) {
    assert_eq!(
        p.to_string(),
        skald_dice::odds::Fraction::new(hits.into(), plays.into()).to_string(),
        "{what}"
    );
}

#[test]
fn the_chances_agree_with_every_roll_through_the_rules() {
    let mut sums = Sums::default();
    let state = table(
        Options::default(),
        &["Ragnar, fierce, arrogant, and savage barbarian8", "orc3"],
    );
    for (spend, difficulty, modifier) in [(1, 1, 0), (2, 1, 0), (2, 2, 1), (3, 2, -2), (1, 3, 5)] {
        let command: Command = serde_json::from_value(serde_json::json!({
            "do": "action", "who": "Ragnar", "spend": spend, "difficulty": difficulty, "modifier": modifier
        }))
        .unwrap();
        let p = action_chance(spend, modifier, difficulty, TieRule::Fail, &mut sums).unwrap();
        same(
            &p,
            played(&state, &command, "Ragnar", spend + difficulty),
            &format!("{spend} against {difficulty}{modifier:+}"),
        );
    }
    for (actor, defender) in [(1, 1), (2, 1), (1, 2), (3, 2)] {
        let command: Command = serde_json::from_value(serde_json::json!({
            "do": "opposed",
            "actor": {"who": "Ragnar", "spend": actor},
            "defender": {"who": "orc", "spend": defender}
        }))
        .unwrap();
        let p = opposed_chance(actor, defender, &mut sums).unwrap();
        same(
            &p,
            played(&state, &command, "Ragnar", actor + defender),
            &format!("{actor} against {defender}"),
        );
    }
    // By hand: one die against one, a tie to the defender: 15 of 36.
    assert_eq!(opposed_chance(1, 1, &mut sums).unwrap().to_string(), "5/12");
    // The party's chance is the mean of its members': (5/12 + 1) / 2 for 1 and 100 dice against 1.
    let mean = party_chance(&[1, 100], 1, &mut sums).unwrap();
    assert_eq!(mean.to_string(), "17/24");
}

#[test]
fn the_difficulty_and_the_pool_proposed_are_the_closest_allowed() {
    let mut sums = Sums::default();
    for fight in Fight::ALL {
        for (dice, modifier, tie) in [
            (1, 0, TieRule::Fail),
            (4, 0, TieRule::Fail),
            (8, 2, TieRule::Reroll),
            (20, -3, TieRule::Fail),
        ] {
            let (difficulty, p) = difficulty_for(dice, modifier, tie, fight, &mut sums).unwrap();
            let off = |p: f64| (p - fight.decimal()).abs();
            for other in 1..=100 {
                let q = action_chance(dice, modifier, other, tie, &mut sums)
                    .unwrap()
                    .to_f64();
                assert!(
                    off(p.to_f64()) <= off(q) + 1e-12,
                    "{dice} dice, {}: Difficulty {difficulty} ({}) but {other} ({q})",
                    fight.name(),
                    p.to_f64()
                );
            }
        }
        for party in [&[8u32][..], &[7, 1, 8, 3], &[2, 2]] {
            let (pool, p) = pool_for(party, fight, &mut sums).unwrap();
            let off = |p: f64| (p - fight.decimal()).abs();
            for other in 1..=40 {
                let q = party_chance(party, other, &mut sums).unwrap().to_f64();
                assert!(
                    off(p.to_f64()) <= off(q) + 1e-12,
                    "{party:?}, {}: pool {pool} but {other}",
                    fight.name()
                );
            }
        }
    }
}

#[test]
fn the_gm_sees_a_fair_fight_when_enrolling_and_a_difficulty_for_an_action() {
    let state = table(
        Options::default(),
        &["Ragnar, fierce, arrogant, and savage barbarian8", "orc3"],
    );
    let enroll: Command =
        serde_json::from_value(serde_json::json!({"do": "enroll", "character": "troll6"})).unwrap();
    let advice = Chi::advice(&state, &enroll).unwrap();
    let lines: Vec<(&str, &str)> = advice
        .chances
        .iter()
        .map(|c| (c.label.as_str(), c.p.as_str()))
        .collect();
    let mut sums = Sums::default();
    assert_eq!(
        lines[0],
        (
            "Ragnar (8 dice) acting against troll (6 dice)",
            opposed_chance(8, 6, &mut sums)
                .unwrap()
                .to_string()
                .as_str()
        )
    );
    assert_eq!(lines[1].0, "orc (3 dice) acting against troll (6 dice)");
    assert_eq!(lines[2].0, "The party against troll, on average");
    for (line, fight) in lines[3..].iter().zip(Fight::ALL) {
        let (pool, p) = pool_for(&[3, 8], fight, &mut sums).unwrap();
        assert_eq!(
            *line,
            (
                format!("{}: an opponent with a pool of {pool}", fight.heading()).as_str(),
                p.to_string().as_str()
            )
        );
    }
    assert!(
        advice
            .summary
            .starts_with("A fair fight: each character in play acting against troll")
    );
    // An action's advice ends with the Difficulty for an easy, even and hard one with its dice.
    let action: Command = serde_json::from_value(serde_json::json!({
        "do": "action", "who": "Ragnar", "spend": 4, "difficulty": 4
    }))
    .unwrap();
    let advice = Chi::advice(&state, &action).unwrap();
    let last: Vec<&str> = advice
        .chances
        .iter()
        .rev()
        .take(3)
        .map(|c| c.label.as_str())
        .collect();
    assert_eq!(
        last,
        [
            "Difficulty 5 for a hard action (25% wanted) with these 4 dice",
            "Difficulty 4 for an even action (50% wanted) with these 4 dice",
            "Difficulty 3 for an easy action (75% wanted) with these 4 dice",
        ]
    );
    // Nobody else at the table: nothing to weigh.
    let empty = table(Options::default(), &[]);
    assert_eq!(Chi::advice(&empty, &enroll), None);
}
