//! Advice over the problem (issue 32), checked, not trusted. Everything the advice says is worked
//! out again here without its code: who may still spend and for which outcome is read from the
//! state by this file's own reading of docs/loqi.md ("Advice over the problem"); small states are
//! enumerated through the real rules (every spending profile made with `spend_influence` through
//! `decide` and `apply`, every d12 of `resolve` scripted), and the advice must agree exactly;
//! every state is played by an independent Monte Carlo (its own generator, its own d12 reading
//! of L3 and L4), and the advice must lie within its 99.9% interval (both intervals together for
//! a simulated advice). States: every position of `examples/loqi/*.toml` with both outcomes
//! proposed, and seeded random tables. And no legal state is ever refused advice.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test helpers outside #[test] functions

use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;
use serde_json::{Value, json};
use skald_core::{Chance, Scripted, System};
use skald_dice::odds::Fraction;
use skald_loqi::advice::question::Question;
use skald_loqi::advice::{self, Budget, Value as Advised};
use skald_loqi::{Command, EntryKind, Error, GM, Loqi, Options, Side, State};
use skald_testkit::sheets::tiran;
use skald_testkit::{check, expect, sketch_odds};
use std::collections::HashMap;
use std::path::Path;

/// A table with `options` and `characters`, after `commands` (none of which rolls).
fn table(options: Value, characters: &[Value], commands: &[Value]) -> State {
    let options: Options = serde_json::from_value(options).expect("options");
    let mut state = Loqi::initial(&options);
    let enrolls = characters
        .iter()
        .map(|c| json!({"do": "enroll", "character": c}));
    for c in enrolls.chain(commands.iter().cloned()) {
        state = then(&state, &c).unwrap_or_else(|e| panic!("{c}: {e}"));
    }
    state
}

/// `state` after `command`, rolling nothing.
fn then(state: &State, command: &Value) -> Result<State, Error> {
    let command: Command = serde_json::from_value(command.clone()).expect("a command");
    let events = Loqi::decide(state, &command, &mut Scripted::new(Vec::new()))?;
    Ok(events.iter().fold(state.clone(), Loqi::apply))
}

fn command(value: Value) -> Command {
    serde_json::from_value(value).expect("a command")
}

/// A scene-level problem put to Tiran, his outcome at `player_impact`, the GM's at `gm_impact`.
fn problem(player_impact: i64, gm_impact: i64) -> Vec<Value> {
    vec![
        json!({"do": "introduce_problem", "scale": "scene", "description": "The orc.", "responder": "Tiran"}),
        json!({"do": "propose_outcome", "outcome": "player", "description": "He wins.", "impact": player_impact}),
        json!({"do": "propose_outcome", "outcome": "gm", "description": "He loses.", "impact": gm_impact}),
    ]
}

fn exact(p: &str) -> Advised {
    let (n, d) = p.split_once('/').unwrap_or((p, "1"));
    Advised::Exact(Fraction::new(
        n.parse::<BigInt>().unwrap(),
        d.parse::<BigUint>().unwrap(),
    ))
}

/// One holder of 1 point on equal likelihoods: half the time it spends nothing (6/12 for the
/// player's outcome), half the time 1 (7/12): 13/24. By hand, from L3.
#[test]
fn one_point_on_equal_likelihoods_is_thirteen_in_twenty_four() {
    let tiran = json!({"name": "Tiran", "influence": 1});
    let state = table(json!({}), &[tiran], &problem(0, 0));
    let advice = advice::advise(&Question::at(&state, "Tiran").unwrap(), Budget::TABLE);
    assert!(advice.exact);
    assert_eq!(advice.player, exact("13/24"));
    assert_eq!(advice.focus_none, Some(exact("1/2")));
    assert_eq!(advice.focus_all, Some(exact("7/12")));
    assert_eq!(advice.all_in, Some(exact("7/12")));
    // The GM, advised: it backs the GM's outcome and holds nothing at this table.
    let gm = advice::advise(&Question::at(&state, GM).unwrap(), Budget::TABLE);
    assert_eq!(gm.player, exact("13/24"));
    assert_eq!((gm.focus_none, gm.focus_all), (None, None));
    assert_eq!(gm.all_in, Some(exact("5/12")));
}

/// L4 at advantage 6 with the GM holding 1 point against it: advantage 6 (23/24 for the player's
/// outcome, L4) or 5 (11/12), each half the time: 15/16. By hand, from L3 and L4.
#[test]
fn unlikely_outcomes_at_advantage_six_against_one_point() {
    let tiran = json!({"name": "Tiran", "influence": 0});
    let options =
        json!({"unlikely_outcomes": true, "gm_influence": true, "gm_influence_per_session": 1});
    let state = table(options, &[tiran], &problem(-6, 0));
    let q = Question::at(&state, GM).unwrap();
    assert_eq!((q.player, q.gm, q.holders.len()), (6, 0, 1));
    let advice = advice::advise(&q, Budget::TABLE);
    assert_eq!(advice.player, exact("15/16"));
    // The GM's own lines are its outcome's: 1/24 spending nothing, 1/12 spending its point.
    assert_eq!(advice.focus_none, Some(exact("1/24")));
    assert_eq!(advice.focus_all, Some(exact("1/12")));
}

/// Without holders the advice is the roll's odds, exactly; resolve, a lone proposal and a refused
/// command get none.
#[test]
fn the_advice_is_for_a_problem_with_both_outcomes_and_stops_at_the_roll() {
    let broke = json!({"name": "Tiran", "influence": 0});
    let state = table(json!({}), &[broke], &problem(3, -2));
    let odds = Loqi::odds(&state, &command(json!({"do": "resolve"}))).unwrap();
    let advice = advice::position(&state, "Tiran").unwrap();
    assert_eq!(
        advice.chances,
        odds.chances
            .iter()
            .map(|c| Chance {
                // The advice names the GM's own outcome once: "The GM's outcome", not "(GM)" after.
                label: format!("{} is selected", c.label.replace("outcome (GM)", "outcome")),
                ..c.clone()
            })
            .collect::<Vec<_>>()
    );
    assert!(
        advice
            .summary
            .contains("Nobody may still spend influence on it")
    );
    assert_eq!(
        Loqi::advice(&state, &command(json!({"do": "resolve"}))),
        None
    );

    let state = table(json!({}), &[tiran()], &problem(3, -2)[..2]);
    let gm = json!({"do": "propose_outcome", "outcome": "gm", "description": "No.", "impact": -2});
    assert!(Loqi::advice(&state, &command(gm)).is_some());
    let state = table(json!({}), &[tiran()], &problem(3, -2)[..1]);
    let first =
        json!({"do": "propose_outcome", "outcome": "player", "description": "Yes.", "impact": 3});
    assert_eq!(Loqi::advice(&state, &command(first)), None);
    let state = table(json!({}), &[tiran()], &problem(3, -2));
    let too_much =
        json!({"do": "spend_influence", "outcome": "player", "who": "Tiran", "points": 11});
    assert_eq!(Loqi::advice(&state, &command(too_much)), None);
}

/// examples/loqi/bidding-war.toml, Tiran's first bid (step 6) as the page shows its advice.
#[test]
fn the_bidding_war_as_the_page_shows_it() {
    let state = example_after("bidding-war.toml", 5);
    let bid =
        command(json!({"do": "spend_influence", "outcome": "player", "who": "Tiran", "points": 2}));
    check(
        sketch_odds(Loqi::advice(&state, &bid).as_ref()),
        expect![[r#"
            Problem 1: the player's outcome at +1 and the GM's at -1, advantage 2. Influence that may still be spent on it (L5): Tiran 8 for the player's outcome (spent for it), Ayla 6 for the player's outcome (better for the PCs), the GM 10 for the GM's outcome (proposed it). The model: each spends, before the roll, any amount from none to all it holds on the outcome it backs, each amount as likely (docs/loqi.md, "Advice over the problem"); exact.
              The player's outcome (Tiran) is selected: 1559/2079 (0.7498797498797499)
              The GM's outcome is selected: 520/2079 (0.25012025012025013)
              The player's outcome (Tiran), if Tiran spends nothing more of the 8 held: 1/2 (0.5)
              The player's outcome (Tiran), if Tiran spends all 8 held on it: 31/33 (0.9393939393939394)
              The player's outcome (Tiran), if everyone spends all held (the bidding war to the end): 1 (1)
        "#]],
    );
}

/// Who backs what, by the rules of docs/loqi.md: spends first (the GM pushing the player's
/// outcome down backs the GM's), then authorship (a taker-over backs the GM's outcome it
/// proposed), the GM its outcome, and a character the outcome better for the PCs; NPCs, the out
/// and the broke hold nothing.
#[test]
fn who_backs_which_outcome() {
    let options = json!({"gm_influence": true});
    let characters = [
        json!({"name": "Tiran", "influence": 4}),
        json!({"name": "Ayla", "influence": 4}),
        json!({"name": "Bran", "influence": 2}),
        json!({"name": "Grell", "npc": true}),
        json!({"name": "Dana", "influence": 0}),
    ];
    let commands = [
        json!({"do": "introduce_problem", "scale": "scene", "description": "A duel.", "proposer": "Ayla", "responder": "Tiran"}),
        json!({"do": "take_over", "who": "Ayla"}),
        json!({"do": "propose_outcome", "outcome": "player", "description": "Tiran wins.", "impact": -1}),
        json!({"do": "propose_outcome", "outcome": "gm", "description": "Tiran is knighted.", "impact": 2, "by": "Ayla"}),
        json!({"do": "spend_influence", "outcome": "player", "who": "GM", "points": -2}),
    ];
    let state = table(options, &characters, &commands);
    let q = Question::at(&state, "Bran").unwrap();
    let backs: Vec<(&str, i64, Side)> = q
        .holders
        .iter()
        .map(|h| (h.who.as_str(), h.pool, h.backs))
        .collect();
    assert_eq!(
        backs,
        [
            ("Tiran", 4, Side::Player),
            ("Bran", 2, Side::Gm),
            ("GM", 8, Side::Gm),
        ]
    );
    assert_eq!(q.focus_backs, Side::Gm);
    let ayla_q = Question::at(&state, "Ayla").unwrap();
    assert_eq!(
        ayla_q.focus_backs,
        Side::Gm,
        "Ayla proposed the GM's outcome"
    );
    assert!(
        ayla_q.focus_holder().is_none(),
        "Ayla spent her 4 on the problem and its takeover"
    );
    assert_eq!(lean::piles(&state).1.len(), 3);
}

/// The exact advice agrees exactly with every spending profile played through the rules.
#[test]
fn exact_advice_agrees_exactly_with_every_profile_through_the_rules() {
    let mut states = small_states();
    assert!(states.len() >= 8, "{} states", states.len());
    let mut checked = 0;
    for (state, who) in states.drain(..) {
        let advice = advice::advise(&Question::at(&state, &who).unwrap(), Budget::TABLE);
        assert!(advice.exact, "{who}");
        let e = enumerate::all(&state, &who);
        let fraction = |v: &Option<Advised>| match v {
            Some(Advised::Exact(f)) => Some(f.clone()),
            None => None,
            Some(other) => panic!("simulated: {other:?}"),
        };
        assert_eq!(
            fraction(&Some(advice.player.clone())),
            Some(e.player),
            "{who}: the model"
        );
        assert_eq!(fraction(&advice.focus_none), e.none, "{who}: nothing more");
        assert_eq!(fraction(&advice.focus_all), e.all, "{who}: all now");
        assert_eq!(fraction(&advice.all_in), e.all_in, "{who}: everyone all");
        checked += 1;
    }
    assert!(checked >= 8);
}

/// Every position of the examples and seeded random tables, each chance played again by the
/// independent Monte Carlo: 20,000 plays a state here (the full check is the ignored `million`).
#[test]
fn the_advice_agrees_with_an_independent_monte_carlo() {
    // The test's own normal tail: a 99.9% interval is 3.2905 standard deviations each way.
    assert!((lean::z_two_sided(0.001) - 3.290_527).abs() < 1e-4);
    let positions = positions();
    assert!(positions.len() >= 30, "{} positions", positions.len());
    let found = agree(&positions, 20_000, 2026);
    assert!(found.checks >= 100, "{} checks", found.checks);
    eprintln!(
        "{} chances agree within simultaneous 99.9% intervals (z {:.2}); {} outside their own \
         99.9% interval; the largest gap {:.2} of that interval",
        found.checks, found.z, found.outside, found.worst
    );
}

/// A simulated advice (the budget forbidding exact work) agrees with the exact one within its
/// margin, for every third position (simultaneous 99.9% intervals, as [`agree`]).
#[test]
fn simulated_advice_agrees_with_the_exact_advice() {
    let small = Budget {
        exact_work: 0,
        plays: 20_000,
    };
    let mut pairs = Vec::new();
    for (state, who) in positions().iter().step_by(3) {
        let q = Question::at(state, who).unwrap();
        if q.holders.is_empty() {
            continue;
        }
        let (e, s) = (advice::advise(&q, Budget::TABLE), advice::advise(&q, small));
        assert!(e.exact && !s.exact, "{who}");
        let lines = [
            (Some(e.player), Some(s.player)),
            (e.focus_none, s.focus_none),
            (e.focus_all, s.focus_all),
        ];
        for (exact, simulated) in lines {
            assert_eq!(exact.is_some(), simulated.is_some(), "{who}");
            if let (Some(Advised::Exact(p)), Some(Advised::Estimate { hits, plays })) =
                (exact, simulated)
            {
                pairs.push((who.clone(), p, hits, plays));
            }
        }
    }
    assert!(pairs.len() >= 20, "{} checks", pairs.len());
    let z = lean::z_two_sided(0.001 / pairs.len() as f64);
    for (who, p, hits, plays) in pairs {
        let share = hits as f64 / plays as f64;
        assert!(
            (share - p.to_f64()).abs() <= lean::wilson(share, plays, z),
            "{who}: {hits}/{plays} against {p}"
        );
    }
}

/// The full check, in a release build: 10^6 independent problems from each of at least 30
/// states: `cargo test -p skald-loqi --release --test it -- --ignored million`.
#[test]
#[ignore = "a few seconds in a release build; run by hand (docs/loqi.md)"]
fn million_problems_agree_with_the_advice() {
    let mut positions = positions();
    // Large tables: many holders with big piles, exact without L4 and simulated with it (past
    // an advantage of 12,000).
    for (seed, unlikely) in [(1, false), (2, true), (3, false), (4, true)] {
        positions.push(large_table(seed, unlikely));
    }
    assert!(positions.len() >= 30);
    let found = agree(&positions, 1_000_000, 1_000_000);
    eprintln!(
        "{} states, {} problems played; {} chances agree within simultaneous 99.9% intervals \
         (z {:.2}; {} of them simulated advice); {} outside their own 99.9% interval; the \
         largest gap {:.2} of that interval",
        positions.len(),
        positions.len() * 1_000_000,
        found.checks,
        found.z,
        found.simulated,
        found.outside,
        found.worst
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    /// No advice is ever refused for a legal state: every holder, the GM and a bystander get an
    /// answer, each chance in 0..=1, however small the budget (it falls back to simulation); every
    /// spend the rules take gets advice on the page.
    #[test]
    fn advice_is_never_refused_for_a_legal_state(seed in any::<u64>(), tiny in any::<bool>()) {
        let (state, mut names) = random_table(seed, 12);
        names.push(GM.to_owned());
        let budget = if tiny {
            Budget { exact_work: 0, plays: 50 }
        } else {
            Budget::TABLE
        };
        for who in &names {
            let q = Question::at(&state, who);
            prop_assert!(q.is_some(), "{who}");
            let a = advice::advise(&q.unwrap(), budget);
            if !tiny {
                prop_assert!(a.exact, "{who}");
            } else if !a.question.holders.is_empty() {
                prop_assert!(!a.exact, "{who}");
            }
            for v in [Some(a.player), a.focus_none, a.focus_all, a.all_in].into_iter().flatten() {
                let p = v.decimal();
                prop_assert!((0.0..=1.0).contains(&p), "{who}: {v:?}");
                if let Advised::Estimate { hits, plays } = v {
                    prop_assert!(hits <= plays && plays > 0);
                }
            }
        }
        for h in lean::piles(&state).1 {
            let outcome = if h.up { "player" } else { "gm" };
            let spend = command(json!({"do": "spend_influence", "outcome": outcome, "who": h.who, "points": 1}));
            prop_assert!(Loqi::advice(&state, &spend).is_some(), "{}", h.who);
        }
    }
}

/// What [`agree`] found: the chances checked (those of simulated advice among them), how many
/// fell outside their own 99.9% interval, the largest gap over that interval's allowance, and
/// the z of the simultaneous 99.9% intervals every one was held to.
struct Agreement {
    checks: usize,
    simulated: usize,
    outside: usize,
    worst: f64,
    z: f64,
}

/// Runs the independent Monte Carlo on every position, `plays` each, and checks every chance the
/// advice gives against it. Many chances are checked at once, so each is held to a simultaneous
/// 99.9% interval (Bonferroni: each at 99.9% / the number of checks, from this file's own normal
/// tail), and the count outside their own 99.9% intervals is reported (about one in a thousand
/// by chance). An exact chance must lie within the Monte Carlo's interval; a simulated one within
/// both intervals together.
fn agree(positions: &[(State, String)], plays: u64, seed: u64) -> Agreement {
    let mut rng = lean::Mix(seed);
    let mut pairs = Vec::new();
    for (state, who) in positions {
        let advice = advice::advise(&Question::at(state, who).unwrap(), Budget::TABLE);
        let ours = lean::play(state, who, plays, &mut rng);
        let lines = [
            ("the model", Some(advice.player.clone()), Some(ours.player)),
            ("nothing more", advice.focus_none.clone(), ours.none),
            ("all now", advice.focus_all.clone(), ours.all),
            ("everyone all", advice.all_in.clone(), ours.all_in),
        ];
        for (line, theirs, mine) in lines {
            assert_eq!(theirs.is_some(), mine.is_some(), "{who}, {line}");
            if let (Some(theirs), Some(hits)) = (theirs, mine) {
                pairs.push((format!("{who}, {line}"), theirs, hits));
            }
        }
    }
    let z = lean::z_two_sided(0.001 / pairs.len() as f64);
    let z_999 = lean::z_two_sided(0.001);
    let mut found = Agreement {
        checks: pairs.len(),
        simulated: 0,
        outside: 0,
        worst: 0.0,
        z,
    };
    for (what, theirs, hits) in &pairs {
        let mine = *hits as f64 / plays as f64;
        let (advised, their_plays) = match theirs {
            Advised::Exact(p) => (p.to_f64(), None),
            Advised::Estimate { hits, plays } => (*hits as f64 / *plays as f64, Some(*plays)),
        };
        found.simulated += usize::from(their_plays.is_some());
        let allowance = |z: f64| {
            lean::wilson(mine, plays, z) + their_plays.map_or(0.0, |n| lean::wilson(advised, n, z))
        };
        let gap = (advised - mine).abs();
        found.worst = found.worst.max(gap / allowance(z_999));
        found.outside += usize::from(gap > allowance(z_999));
        assert!(
            gap <= allowance(z),
            "{what}: advised {theirs:?} against {hits}/{plays} (± {} at z {z:.2})",
            allowance(z)
        );
    }
    found
}

/// The state after `steps` steps of `examples/loqi/<file>`.
fn example_after(file: &str, steps: usize) -> State {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/loqi")
        .join(file);
    let scenario = skald_scenario::load(&std::fs::read_to_string(path).unwrap()).unwrap();
    scenario.table_after::<Loqi>(steps).unwrap().state().clone()
}

/// Every position of the examples with both outcomes proposed, advised for the next step's
/// actor (else the responder), then seeded random tables, advised for each character and the GM.
fn positions() -> Vec<(State, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/loqi");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut positions = Vec::new();
    for path in files {
        let scenario = skald_scenario::load(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for i in 0..=scenario.steps.len() {
            let Ok(table) = scenario.table_after::<Loqi>(i) else {
                continue;
            };
            let state = table.state().clone();
            let Some(problem) = &state.problem else {
                continue;
            };
            if problem.player.is_none() || problem.gm.is_none() {
                continue;
            }
            let next = scenario.steps.get(i).map(|s| &s.command);
            let who = next
                .and_then(|c| c.get("who").or_else(|| c.get("by")))
                .and_then(Value::as_str)
                .map_or_else(|| problem.responders[0].clone(), str::to_owned);
            positions.push((state, who));
        }
    }
    for seed in 0..12 {
        let (state, names) = random_table(seed, 12);
        for who in names.into_iter().chain([GM.to_owned()]) {
            positions.push((state.clone(), who));
        }
    }
    positions
}

/// Small states, each advised for one of its holders: the worked cases above, the bidding war
/// before its bids, and random tables whose profiles are few (for [`enumerate::all`]).
fn small_states() -> Vec<(State, String)> {
    let mut states = vec![(example_after("bidding-war.toml", 5), "Ayla".to_owned())];
    // L4 with differences past 6 and past 12: the tails of one and two powers of 12.
    let l4 =
        json!({"unlikely_outcomes": true, "gm_influence": true, "gm_influence_per_session": 3});
    for player_impact in [-8, -11] {
        let tiran = json!({"name": "Tiran", "influence": 2});
        let state = table(l4.clone(), &[tiran], &problem(player_impact, 0));
        states.push((state.clone(), "Tiran".to_owned()));
        states.push((state, GM.to_owned()));
    }
    let mut seed = 100;
    while states.len() < 14 {
        seed += 1;
        let (state, names) = random_table(seed, 4);
        let profiles: i64 = lean::piles(&state).1.iter().map(|p| p.pool + 1).product();
        if !(4..=150).contains(&profiles) {
            continue;
        }
        let who = names
            .get(usize::try_from(seed).unwrap() % names.len().max(1))
            .cloned()
            .unwrap_or_else(|| GM.to_owned());
        states.push((state, who));
    }
    states
}

/// A seeded random table with an open problem and both outcomes: 1-4 characters (influence up to
/// `most`, some NPCs, the options L4 and GM influence at random), modifiers and spends on either
/// tally. Returns it with its characters' names.
fn random_table(seed: u64, most: u64) -> (State, Vec<String>) {
    let mut rng = lean::Mix(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5eed);
    let gm_pile = rng.below(most + 1);
    let options = json!({
        "unlikely_outcomes": rng.below(3) == 0,
        "gm_influence": gm_pile > 0,
        "gm_influence_per_session": gm_pile.max(1),
    });
    let n = 1 + rng.below(4);
    let mut characters = Vec::new();
    let mut names = Vec::new();
    for i in 0..n {
        let name = format!("C{i}");
        let c = if i > 0 && rng.below(5) == 0 {
            json!({"name": name, "npc": true})
        } else {
            json!({"name": name, "influence": rng.below(most + 1)})
        };
        characters.push(c);
        names.push(name);
    }
    let signed = |rng: &mut lean::Mix, span: u64| {
        i64::try_from(rng.below(2 * span + 1)).unwrap() - i64::try_from(span).unwrap()
    };
    let mut commands = vec![
        json!({"do": "introduce_problem", "scale": "scene", "description": "A problem.", "responder": "C0"}),
        json!({"do": "propose_outcome", "outcome": "player", "description": "Good.", "impact": signed(&mut rng, 5) + 2}),
        json!({"do": "propose_outcome", "outcome": "gm", "description": "Bad.", "impact": signed(&mut rng, 5) - 2}),
    ];
    for _ in 0..rng.below(3) {
        let outcome = if rng.below(2) == 0 { "player" } else { "gm" };
        commands.push(json!({"do": "add_modifier", "outcome": outcome, "kind": "environment", "value": signed(&mut rng, 4), "by": GM, "reason": "the ground"}));
    }
    let mut state = table(options, &characters, &commands);
    for _ in 0..rng.below(4) {
        let (_, piles) = lean::piles(&state);
        if piles.is_empty() {
            break;
        }
        let pile = &piles[usize::try_from(rng.below(piles.len() as u64)).unwrap()];
        let most = u64::try_from(pile.pool.min(3)).unwrap();
        let points = i64::try_from(1 + rng.below(most)).unwrap();
        let outcome = if rng.below(2) == 0 { "player" } else { "gm" };
        let points = if rng.below(3) == 0 { -points } else { points };
        let spend =
            json!({"do": "spend_influence", "outcome": outcome, "who": pile.who, "points": points});
        state = then(&state, &spend).unwrap();
    }
    (state, names)
}

/// A large table for the simulated advice: 32 characters of 999 influence, the GM's 100.
fn large_table(seed: u64, unlikely: bool) -> (State, String) {
    let options = json!({"unlikely_outcomes": unlikely, "gm_influence": true, "gm_influence_per_session": 100});
    let characters: Vec<Value> = (0..32)
        .map(|i| json!({"name": format!("C{i:02}"), "influence": 999 - i * seed}))
        .collect();
    let commands = [
        json!({"do": "introduce_problem", "scale": "story", "description": "The war.", "responder": "C00"}),
        json!({"do": "propose_outcome", "outcome": "player", "description": "Won.", "impact": 12}),
        json!({"do": "propose_outcome", "outcome": "gm", "description": "Lost.", "impact": -12}),
        json!({"do": "spend_influence", "outcome": "gm", "who": "C01", "points": 100}),
    ];
    (table(options, &characters, &commands), "C00".to_owned())
}

/// The exact chances of small states, by playing every spending profile through the rules.
pub(crate) mod enumerate {
    use super::*;

    /// The four chances of the advice, each an exact fraction (`None` where the advice has none).
    pub struct Enumerated {
        pub player: Fraction,
        pub none: Option<Fraction>,
        pub all: Option<Fraction>,
        pub all_in: Option<Fraction>,
    }

    /// Every profile of amounts (each holder 0 to its pile) spent through `spend_influence`, then
    /// `resolve` with every d12 it asks for; for `who`.
    pub fn all(state: &State, who: &str) -> Enumerated {
        let (_, piles) = lean::piles(state);
        let focus = piles.iter().position(|p| p.who == who);
        let backs_player = lean::backs(state, who);
        let mut memo = HashMap::new();
        let mut over = |fixed: Option<(usize, i64)>, every: bool| -> Fraction {
            let mut sum = Fraction::new(BigInt::from(0), BigUint::from(1u8));
            let ranges: Vec<Vec<i64>> = piles
                .iter()
                .enumerate()
                .map(|(i, p)| match fixed {
                    Some((j, w)) if j == i => vec![w],
                    _ if every => vec![p.pool],
                    _ => (0..=p.pool).collect(),
                })
                .collect();
            let count: usize = ranges.iter().map(Vec::len).product();
            for index in 0..count {
                let mut rest = index;
                let mut s = state.clone();
                for (pile, range) in piles.iter().zip(&ranges) {
                    let amount = range[rest % range.len()];
                    rest /= range.len();
                    s = spend(&s, pile, amount);
                }
                let problem = s.problem.as_ref().unwrap();
                let key = (
                    problem.player.as_ref().unwrap().likelihood(),
                    problem.gm.as_ref().unwrap().likelihood(),
                );
                let p = memo.entry(key).or_insert_with(|| resolved(&s, &[])).clone();
                sum = add(&sum, &p);
            }
            let n = u32::try_from(count).unwrap();
            Fraction::new(sum.numerator, sum.denominator * BigUint::from(n))
        };
        let side = |p: Fraction| if backs_player { p } else { complement(&p) };
        let player = over(None, false);
        let none = focus.map(|i| side(over(Some((i, 0)), false)));
        let all = focus.map(|i| side(over(Some((i, piles[i].pool)), false)));
        let all_in = (!piles.is_empty()).then(|| side(over(None, true)));
        Enumerated {
            player,
            none,
            all,
            all_in,
        }
    }

    /// `state` after `pile` spends `amount` on the outcome it backs, 100 points a spend at most.
    fn spend(state: &State, pile: &lean::Pile, amount: i64) -> State {
        let mut s = state.clone();
        let mut left = amount;
        while left > 0 {
            let points = left.min(100);
            let outcome = if pile.up { "player" } else { "gm" };
            let c = json!({"do": "spend_influence", "outcome": outcome, "who": pile.who, "points": points});
            s = then(&s, &c).unwrap_or_else(|e| panic!("{c}: {e}"));
            left -= points;
        }
        s
    }

    /// P(the player's outcome is selected) by `resolve` through the rules with `prefix` scripted:
    /// where it asks for another d12, every face, each a twelfth.
    fn resolved(state: &State, prefix: &[i64]) -> Fraction {
        let resolve = command(json!({"do": "resolve"}));
        match Loqi::decide(state, &resolve, &mut Scripted::new(prefix.to_vec())) {
            Ok(events) => {
                let after = events.iter().fold(state.clone(), Loqi::apply);
                let winner = after.resolved.last().unwrap().resolution.winner;
                let one = u8::from(winner == Side::Player);
                Fraction::new(BigInt::from(one), BigUint::from(1u8))
            }
            Err(Error::Dice(_)) => {
                let mut sum = Fraction::new(BigInt::from(0), BigUint::from(1u8));
                for face in 1..=12 {
                    let mut next = prefix.to_vec();
                    next.push(face);
                    sum = add(&sum, &resolved(state, &next));
                }
                Fraction::new(sum.numerator, sum.denominator * BigUint::from(12u8))
            }
            Err(e) => panic!("resolve refused: {e}"),
        }
    }

    fn add(a: &Fraction, b: &Fraction) -> Fraction {
        Fraction::new(
            &a.numerator * BigInt::from(b.denominator.clone())
                + &b.numerator * BigInt::from(a.denominator.clone()),
            &a.denominator * &b.denominator,
        )
    }

    fn complement(p: &Fraction) -> Fraction {
        Fraction::new(
            BigInt::from(p.denominator.clone()) - &p.numerator,
            p.denominator.clone(),
        )
    }
}

/// The independent Monte Carlo: its own reading of who may spend and for which outcome
/// (docs/loqi.md, "Advice over the problem"), its own generator (SplitMix64) and its own d12
/// (L3, L4).
pub(crate) mod lean {
    use super::*;

    /// SplitMix64.
    pub struct Mix(pub u64);

    impl Mix {
        pub fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }

        /// Uniform in 0..n (n >= 1), by rejection.
        pub fn below(&mut self, n: u64) -> u64 {
            let zone = u64::MAX - u64::MAX % n;
            loop {
                let x = self.next();
                if x < zone {
                    return x % n;
                }
            }
        }
    }

    /// The half-width of the Wilson score interval at `z` around a share `p` of `n` plays (the
    /// larger side).
    pub fn wilson(p: f64, n: u64, z: f64) -> f64 {
        let n = n as f64;
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        (centre + half - p).max(p - (centre - half))
    }

    /// The z of a two-sided normal interval leaving `alpha` outside, by bisection on the normal
    /// tail (erfc by Numerical Recipes' Chebyshev fit, fractional error under 1.2e-7).
    pub fn z_two_sided(alpha: f64) -> f64 {
        let erfc = |x: f64| {
            let t = 1.0 / (1.0 + 0.5 * x.abs());
            let poly = -x * x - 1.265_512_23
                + t * (1.000_023_68
                    + t * (0.374_091_96
                        + t * (0.096_784_18
                            + t * (-0.186_288_06
                                + t * (0.278_868_07
                                    + t * (-1.135_203_98
                                        + t * (1.488_515_87
                                            + t * (-0.822_152_23 + t * 0.170_872_77))))))));
            t * poly.exp()
        };
        let (mut lo, mut hi) = (0.0_f64, 40.0_f64);
        for _ in 0..200 {
            let mid = (lo + hi) / 2.0;
            if erfc(mid / std::f64::consts::SQRT_2) > alpha {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        hi
    }

    /// A pile that may still be spent: who, how much, whether it backs the player's outcome.
    pub struct Pile {
        pub who: String,
        pub pool: i64,
        pub up: bool,
    }

    /// The likelihood difference (the player's outcome's minus the GM's, summed from the
    /// tallies) and the piles: players' characters who take part and hold influence, then the GM's
    /// pile under its option.
    pub fn piles(state: &State) -> (i64, Vec<Pile>) {
        let problem = state.problem.as_ref().unwrap();
        let sum = |side: Side| -> i64 {
            let outcome = problem.outcome(side).unwrap();
            outcome.tally.iter().map(|e| e.value).sum()
        };
        let mut piles: Vec<Pile> = state
            .characters
            .iter()
            .filter(|c| !c.npc && c.influence > 0)
            .filter(|c| c.strength.as_ref().is_none_or(|s| s.current > 0))
            .map(|c| Pile {
                who: c.name.clone(),
                pool: c.influence,
                up: backs(state, &c.name),
            })
            .collect();
        if let Some(pool) = state.gm_influence.filter(|p| *p > 0) {
            piles.push(Pile {
                who: GM.to_owned(),
                pool,
                up: backs(state, GM),
            });
        }
        (sum(Side::Player) - sum(Side::Gm), piles)
    }

    /// Whether `who` backs the player's outcome: its net spends, else its own outcome, else the
    /// GM the GM's and a character the one of higher impact (the player's on equal).
    pub fn backs(state: &State, who: &str) -> bool {
        let problem = state.problem.as_ref().unwrap();
        let (player, gm) = (
            problem.player.as_ref().unwrap(),
            problem.gm.as_ref().unwrap(),
        );
        let spent = |tally: &[skald_loqi::Entry]| -> i64 {
            tally
                .iter()
                .filter(|e| e.kind == EntryKind::Influence && e.by == who)
                .map(|e| e.value)
                .sum()
        };
        let net = spent(&player.tally) - spent(&gm.tally);
        if net != 0 {
            return net > 0;
        }
        if player.by == who {
            return true;
        }
        if gm.by == who {
            return false;
        }
        if who == GM {
            return false;
        }
        player.impact >= gm.impact
    }

    /// Whether the d12 selects the player's outcome at likelihood difference `d`: the more
    /// likely outcome on a roll at or under advantage + 6 (the player's on equal likelihoods);
    /// at odds 12 or more the more likely for sure, or under L4 a 12 first, then again at the
    /// advantage less 6.
    pub fn player_wins(d: i64, unlikely: bool, rng: &mut Mix) -> bool {
        let player_more_likely = d >= 0;
        let mut advantage = d.abs();
        loop {
            let odds = advantage + 6;
            if odds < 12 {
                let roll = 1 + i64::try_from(rng.below(12)).unwrap();
                return (roll <= odds) == player_more_likely;
            }
            if !unlikely || rng.below(12) != 11 {
                return player_more_likely;
            }
            advantage -= 6;
        }
    }

    /// Hits of each line in `plays` problems: the player's outcome under the model; the outcome
    /// `who` backs with it spending nothing more, all now (when it holds some), and everyone all.
    pub struct Hits {
        pub player: u64,
        pub none: Option<u64>,
        pub all: Option<u64>,
        pub all_in: Option<u64>,
    }

    pub fn play(state: &State, who: &str, plays: u64, rng: &mut Mix) -> Hits {
        let (d0, piles) = piles(state);
        let unlikely = state.options.unlikely_outcomes;
        let focus_up = backs(state, who);
        let mine = piles.iter().find(|p| p.who == who);
        let sign = |p: &Pile| if p.up { 1 } else { -1 };
        let every: i64 = d0 + piles.iter().map(|p| sign(p) * p.pool).sum::<i64>();
        let (mut player, mut none, mut all, mut all_in) = (0, 0, 0, 0);
        let backed = |player_won: bool| u64::from(player_won == focus_up);
        for _ in 0..plays {
            let mut others = d0;
            let mut mine_drawn = 0;
            for p in &piles {
                let w = i64::try_from(rng.below(u64::try_from(p.pool).unwrap() + 1)).unwrap();
                if p.who == who {
                    mine_drawn = sign(p) * w;
                } else {
                    others += sign(p) * w;
                }
            }
            player += u64::from(player_wins(others + mine_drawn, unlikely, rng));
            if let Some(m) = mine {
                none += backed(player_wins(others, unlikely, rng));
                all += backed(player_wins(others + sign(m) * m.pool, unlikely, rng));
            }
            all_in += backed(player_wins(every, unlikely, rng));
        }
        Hits {
            player,
            none: mine.map(|_| none),
            all: mine.map(|_| all),
            all_in: (!piles.is_empty()).then_some(all_in),
        }
    }
}
