//! A fair fight for the GM (issue 32), checked, not trusted: the party's chance at every impact
//! the GM's outcome may have is worked out again through the rules (the GM's outcome proposed with
//! that impact by `decide` and `apply`, then every spending profile spent with `spend_influence`
//! and every d12 of `resolve` scripted: `problem_advice.rs`'s enumeration, with its own reading of
//! who backs what), and must agree exactly; the proposal must be the closest of all the allowed
//! impacts by that brute force, ties to the one nearest 0; the GM's outcome form asks for the
//! advice and shows the lines; a simulated fair fight agrees with the exact one within its margin;
//! and random tables always get proposals in range, an easier fight never the milder outcome.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test helpers outside #[test] functions

use crate::problem_advice::{enumerate, lean};
use num_bigint::BigInt;
use proptest::prelude::*;
use serde_json::{Value, json};
use skald_core::{Fight, Scripted, System};
use skald_dice::odds::Fraction;
use skald_loqi::advice::balance::{self, Draft};
use skald_loqi::advice::{Budget, Value as Advised};
use skald_loqi::{Command, Error, GM, Loqi, Options, State};
use skald_testkit::{check, expect, form, gm, player, sketch_odds};
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

fn command(value: &Value) -> Command {
    serde_json::from_value(value.clone()).expect("a command")
}

/// The state after `steps` steps of `examples/loqi/<file>`.
fn example_after(file: &str, steps: usize) -> State {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/loqi")
        .join(file);
    let scenario = skald_scenario::load(&std::fs::read_to_string(path).unwrap()).unwrap();
    scenario.table_after::<Loqi>(steps).unwrap().state().clone()
}

/// The GM's outcome proposed at `impact`, as the GM's form sends it with the other blanks of
/// `draft`.
fn at(draft: &Value, impact: i64) -> Value {
    let mut c = draft.clone();
    c["impact"] = json!(impact);
    if c.get("description").is_none() {
        c["description"] = json!("The GM's outcome.");
    }
    c
}

/// |p - percent/100| as a fraction n / d, exactly.
fn distance(p: &Fraction, percent: u32) -> (BigInt, BigInt) {
    let d = BigInt::from(p.denominator.clone());
    let n = &p.numerator * BigInt::from(100u8) - BigInt::from(percent) * &d;
    (BigInt::from(n.magnitude().clone()), d * BigInt::from(100u8))
}

/// The closest of `chances` (each impact with its exact chance) to `fight`'s: the least distance,
/// then the impact nearest 0, then the lower. By brute force over every one.
fn closest_by_brute_force(chances: &[(i64, Fraction)], fight: Fight) -> i64 {
    let mut best: Option<(i64, (BigInt, BigInt))> = None;
    for (i, p) in chances {
        let (n, d) = distance(p, fight.percent());
        let better = match &best {
            None => true,
            Some((j, (bn, bd))) => {
                let (mine, theirs) = (&n * bd, bn * &d);
                mine < theirs || (mine == theirs && (i.unsigned_abs(), *i) < (j.unsigned_abs(), *j))
            }
        };
        if better {
            best = Some((*i, (n, d)));
        }
    }
    best.unwrap().0
}

/// Small tables whose GM's outcome is still to propose, with the draft the GM's form would send
/// (description left out, an impact): few spending profiles (for the enumeration), L4 with
/// differences past 6, 12 and far beyond, GM influence, a spend and a modifier before the GM's
/// outcome, a player's outcome that harms the PCs, and a player who took the problem over.
fn small_states() -> Vec<(&'static str, State, Value)> {
    let draft = json!({"do": "propose_outcome", "outcome": "gm", "impact": -3});
    let scene = |responder: &str, impact: i64| {
        vec![
            json!({"do": "introduce_problem", "scale": "scene", "description": "The orc.", "responder": responder}),
            json!({"do": "propose_outcome", "outcome": "player", "description": "He wins.", "impact": impact}),
        ]
    };
    let mut states = vec![
        (
            "nobody holds influence: the roll's twelfths",
            table(
                json!({}),
                &[json!({"name": "Tiran", "influence": 0})],
                &scene("Tiran", 3),
            ),
            draft.clone(),
        ),
        (
            "Tiran 3 and Ayla 2",
            table(
                json!({}),
                &[
                    json!({"name": "Tiran", "influence": 3}),
                    json!({"name": "Ayla", "influence": 2}),
                ],
                &scene("Tiran", 4),
            ),
            draft.clone(),
        ),
        (
            "L4, Tiran 2 and the GM's 3",
            table(
                json!({"unlikely_outcomes": true, "gm_influence": true, "gm_influence_per_session": 3}),
                &[json!({"name": "Tiran", "influence": 2})],
                &scene("Tiran", -8),
            ),
            draft.clone(),
        ),
        (
            "a spend and a modifier on the player's outcome before the GM's, an NPC",
            {
                let mut c = scene("Tiran", 2);
                c.push(json!({"do": "add_modifier", "outcome": "player", "kind": "environment", "value": 2, "by": GM, "reason": "the high ground"}));
                c.push(json!({"do": "spend_influence", "outcome": "player", "who": "Ayla", "points": -1}));
                table(
                    json!({}),
                    &[
                        json!({"name": "Tiran", "influence": 2}),
                        json!({"name": "Ayla", "influence": 3}),
                        json!({"name": "Grell", "npc": true}),
                    ],
                    &c,
                )
            },
            draft.clone(),
        ),
        (
            "a player's outcome that harms the PCs",
            table(
                json!({}),
                &[json!({"name": "Tiran", "influence": 4})],
                &scene("Tiran", -5),
            ),
            draft.clone(),
        ),
        (
            "taken over by Ayla",
            table(
                json!({}),
                &[
                    json!({"name": "Tiran", "influence": 2}),
                    json!({"name": "Ayla", "influence": 5}),
                ],
                &[
                    json!({"do": "introduce_problem", "scale": "scene", "description": "A duel.", "proposer": "Ayla", "responder": "Tiran"}),
                    json!({"do": "take_over", "who": "Ayla"}),
                    json!({"do": "propose_outcome", "outcome": "player", "description": "Tiran wins.", "impact": 3}),
                ],
            ),
            json!({"do": "propose_outcome", "outcome": "gm", "by": "Ayla", "impact": -2}),
        ),
    ];
    // The bidding war's GM outcome, with the piles cut down: Tiran 1, Ayla 1, the GM's 2.
    let mut war = example_after("bidding-war.toml", 3);
    for c in &mut war.characters {
        c.influence = 1;
    }
    war.gm_influence = Some(2);
    states.push(("the bidding war, smaller piles", war, draft));
    states
}

/// For every impact the GM's outcome may have: the party's chance equals the enumeration through
/// the rules; each proposal is the closest by brute force; the draft's line is its impact's.
#[test]
fn the_party_s_chance_agrees_with_the_rules_and_the_proposal_is_the_closest() {
    let mut weighed = 0;
    for (what, state, draft) in small_states() {
        let d = Draft::of(&state, &command(&draft)).unwrap_or_else(|| panic!("{what}"));
        let player = state.problem.as_ref().unwrap().player.as_ref().unwrap();
        assert_eq!(d.impacts(), (-100, player.impact.min(100)), "{what}");
        let author = draft["by"].as_str().unwrap_or(GM);
        assert_eq!(d.author, author, "{what}");
        let mut chances = Vec::new();
        for i in -100..=player.impact.min(100) {
            let after = then(&state, &at(&draft, i)).unwrap();
            let p = enumerate::all(&after, author).player;
            assert_eq!(
                balance::party_chance(&d, i, Budget::TABLE),
                Some(Advised::Exact(p.clone())),
                "{what}, impact {i}"
            );
            chances.push((i, p));
            weighed += 1;
        }
        // Never rising as the impact grows (the binary search's premise).
        for pair in chances.windows(2) {
            assert!(pair[0].1.to_f64() >= pair[1].1.to_f64(), "{what}: {pair:?}");
        }
        let b = balance::balance(&d, &Fight::ALL, Budget::TABLE).unwrap();
        assert!(b.exact, "{what}");
        for (p, fight) in b.proposals.iter().zip(Fight::ALL) {
            assert_eq!(p.target, fight);
            let best = closest_by_brute_force(&chances, fight);
            assert_eq!(p.weighed.impact, best, "{what}, {}", fight.name());
            let exact = &chances.iter().find(|(i, _)| *i == best).unwrap().1;
            assert_eq!(p.weighed.chance, Advised::Exact(exact.clone()), "{what}");
            assert_eq!(
                p.out_of_reach,
                (exact.to_f64() - fight.decimal()).abs() > 0.10,
                "{what}"
            );
            // The likelihood it opens at: the tally of the GM's outcome proposed so.
            let after = then(&state, &at(&draft, best)).unwrap();
            let gm = after.problem.as_ref().unwrap().gm.as_ref().unwrap();
            assert_eq!(p.weighed.likelihood, gm.likelihood(), "{what}");
        }
        let drafted = draft["impact"].as_i64().unwrap();
        assert_eq!(b.drafted.impact, drafted);
        let after = then(&state, &at(&draft, drafted)).unwrap();
        assert_eq!(
            b.drafted.chance,
            Advised::Exact(enumerate::all(&after, author).player),
            "{what}"
        );
    }
    assert!(weighed >= 700, "{weighed} impacts weighed");
}

/// With nobody to spend, the chances are the roll's twelfths (L3), and the proposals the
/// differences of 3, 0 and -3: by hand.
#[test]
fn with_nobody_to_spend_the_proposals_are_the_roll_s() {
    let (_, state, draft) = small_states().remove(0);
    let d = Draft::of(&state, &command(&draft)).unwrap();
    let b = balance::balance(&d, &Fight::ALL, Budget::TABLE).unwrap();
    let found: Vec<(i64, i64, String, bool)> = b
        .proposals
        .iter()
        .map(|p| {
            let Advised::Exact(f) = &p.weighed.chance else {
                panic!("exact")
            };
            (
                p.weighed.impact,
                p.weighed.likelihood,
                f.to_string(),
                p.out_of_reach,
            )
        })
        .collect();
    // The player's outcome at -3: the GM's at -6 leaves it 3 ahead (9/12), at -3 equal (6/12),
    // at 0 three behind (3/12).
    assert_eq!(
        found,
        [
            (-6, -6, "3/4".to_owned(), false),
            (-3, -3, "1/2".to_owned(), false),
            (0, 0, "1/4".to_owned(), false)
        ]
    );
}

/// The GM's outcome form, once the player's outcome is proposed, asks for its advice as it is
/// filled in, and it holds the advice over the problem as drafted, then the three proposals;
/// before the description is written too (the rules still refuse the form). The player's first
/// outcome and a GM answering first get none.
#[test]
fn the_gm_s_outcome_form_shows_the_fair_fight() {
    let state = example_after("bidding-war.toml", 3);
    let moves = Loqi::moves(&state, &gm());
    let m = moves
        .iter()
        .find(|m| m.label == "Propose the GM's outcome")
        .unwrap();
    assert!(m.odds, "the form asks for its advice");
    let drafted = form::picked(m, &[("impact", json!(-2))]);
    assert_eq!(
        drafted,
        json!({"do": "propose_outcome", "outcome": "gm", "by": "GM", "impact": -2, "consequences": []})
    );
    let refused = Loqi::decide(&state, &command(&drafted), &mut Scripted::new(Vec::new()));
    assert_eq!(
        refused.unwrap_err().to_string(),
        "The description is blank; allowed: 1 to 1000 characters"
    );
    check(
        sketch_odds(Loqi::advice(&state, &command(&drafted)).as_ref()),
        expect![[r#"
            Problem 1: the player's outcome at -1 and the GM's at -2, advantage 1. Influence that may still be spent on it (L5): Tiran 10 for the player's outcome (proposed it), Ayla 6 for the player's outcome (better for the PCs), the GM 10 for the GM's outcome (proposed it). The model: each spends, before the roll, any amount from none to all it holds on the outcome it backs, each amount as likely (docs/loqi.md, "Advice over the problem"); exact. A fair fight: the party wins when the player's outcome is selected, as above. Of the impacts the GM's outcome may have, from -100 up to the player's outcome's (no better for the PCs than theirs), the one whose chance comes closest to 75%, 50% or 25% is proposed: more harm makes it less likely (L2), so an easier fight is a harsher outcome (book: Maintaining Balance); exact.
              The player's outcome (Tiran) is selected: 7519/10164 (0.7397678079496262)
              The GM's outcome is selected: 2645/10164 (0.26023219205037385)
              The GM's outcome, if the GM spends nothing more of the 10 held: 5/132 (0.03787878787878788)
              The GM's outcome, if the GM spends all 10 held on it: 265/462 (0.5735930735930735)
              The GM's outcome, if everyone spends all held (the bidding war to the end): 0 (0)
              Easy fight (75% wanted): the GM's outcome at impact -2, likelihood -2: 7519/10164 (0.7397678079496262)
              Even fight (50% wanted): the GM's outcome at impact 2, likelihood +2: 1/2 (0.5)
              Hard fight (25% wanted, the closest there is): the GM's outcome at impact 3, likelihood +3: 317/726 (0.4366391184573003)
        "#]],
    );
    // Written, the same advice.
    let mut written = drafted.clone();
    written["description"] = json!("The curse lands.");
    assert_eq!(
        Loqi::advice(&state, &command(&written)),
        Loqi::advice(&state, &command(&drafted))
    );

    // The player's outcome, proposed first, asks for none and gets none.
    let before = example_after("bidding-war.toml", 1);
    let first = Loqi::moves(&before, &player(&["Tiran"]))
        .into_iter()
        .find(|m| m.label == "Propose the player's outcome")
        .unwrap();
    assert!(!first.odds);
    let mut c = form::picked(&first, &[("description", json!("He wins."))]);
    c["by"] = json!("Tiran");
    assert_eq!(Loqi::advice(&before, &command(&c)), None);
    // A player's problem the GM answers first: the GM's outcome comes before any party's.
    let asked = table(
        json!({}),
        &[json!({"name": "Tiran", "influence": 4})],
        &[
            json!({"do": "introduce_problem", "scale": "scene", "description": "A riddle.", "proposer": "Tiran", "responder": GM}),
        ],
    );
    let gm_first = Loqi::moves(&asked, &gm())
        .into_iter()
        .find(|m| m.label == "Propose the GM's outcome")
        .unwrap();
    assert!(!gm_first.odds);
    let c = form::picked(&gm_first, &[("description", json!("It stumps him."))]);
    assert_eq!(Loqi::advice(&asked, &command(&c)), None);
}

/// Past the exact bound every chance is simulated; each agrees with the exact chance at its
/// impact within its margin, and lands as close to its target as the exact proposal, give or
/// take the margins.
#[test]
fn a_simulated_fair_fight_agrees_with_the_exact_one() {
    let small = Budget {
        exact_work: 0,
        plays: 20_000,
    };
    let z = lean::z_two_sided(0.001 / 21.0);
    for (what, state, draft) in small_states() {
        let d = Draft::of(&state, &command(&draft)).unwrap();
        let exact = balance::balance(&d, &Fight::ALL, Budget::TABLE).unwrap();
        let simulated = balance::balance(&d, &Fight::ALL, small).unwrap();
        if simulated.question.holders.is_empty() {
            continue;
        }
        assert!(!simulated.exact && simulated.plays == 20_000, "{what}");
        for (s, e) in simulated.proposals.iter().zip(&exact.proposals) {
            let Advised::Estimate { hits, plays } = s.weighed.chance else {
                panic!("{what}: simulated")
            };
            assert_eq!(plays, 20_000);
            let share = hits as f64 / plays as f64;
            let Some(Advised::Exact(p)) =
                balance::party_chance(&d, s.weighed.impact, Budget::TABLE)
            else {
                panic!("{what}: exact")
            };
            let margin = lean::wilson(share, plays, z);
            assert!(
                (share - p.to_f64()).abs() <= margin,
                "{what}: {hits}/{plays} at impact {} against {p}",
                s.weighed.impact
            );
            let want = s.target.decimal();
            assert!(
                (p.to_f64() - want).abs()
                    <= (e.weighed.chance.decimal() - want).abs() + 2.0 * margin,
                "{what}, {}: impact {} against {}",
                s.target.name(),
                s.weighed.impact,
                e.weighed.impact
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Random tables with the GM's outcome still to propose: every draft gets proposals, each
    /// impact within -100 and the player's outcome's impact, each chance in 0..=1, and an easier
    /// fight never the milder outcome; the page's advice holds the three lines.
    #[test]
    fn every_draft_gets_proposals_in_range(seed in any::<u64>(), tiny in any::<bool>()) {
        let (state, drafted) = random_draft(seed);
        let d = Draft::of(&state, &command(&drafted));
        prop_assert!(d.is_some());
        let d = d.unwrap();
        let budget = if tiny { Budget { exact_work: 0, plays: 200 } } else { Budget::TABLE };
        let b = balance::balance(&d, &Fight::ALL, budget).unwrap();
        if !tiny {
            prop_assert!(b.exact);
        }
        let (lo, hi) = d.impacts();
        for p in &b.proposals {
            prop_assert!((lo..=hi).contains(&p.weighed.impact));
            prop_assert!((0.0..=1.0).contains(&p.weighed.chance.decimal()));
        }
        if b.exact {
            let impacts: Vec<i64> = b.proposals.iter().map(|p| p.weighed.impact).collect();
            prop_assert!(impacts[0] <= impacts[1] && impacts[1] <= impacts[2], "{:?}", impacts);
        }
        if !tiny {
            let advice = Loqi::advice(&state, &command(&drafted)).unwrap();
            let fights = advice.chances.iter().filter(|c| c.label.contains(" fight (")).count();
            prop_assert_eq!(fights, 3);
        }
    }
}

/// A seeded random table whose problem has the player's outcome proposed, and a GM's draft: 1-4
/// characters (influence up to 40, some NPCs), L4 and GM influence at random, a modifier or a
/// spend on the player's tally.
fn random_draft(seed: u64) -> (State, Value) {
    let mut rng = lean::Mix(seed ^ 0x0ba1_a4ce);
    let gm_pile = rng.below(41);
    let options = json!({
        "unlikely_outcomes": rng.below(3) == 0,
        "gm_influence": gm_pile > 0,
        "gm_influence_per_session": gm_pile.max(1),
    });
    let n = 1 + rng.below(4);
    let characters: Vec<Value> = (0..n)
        .map(|i| {
            if i > 0 && rng.below(5) == 0 {
                json!({"name": format!("C{i}"), "npc": true})
            } else {
                json!({"name": format!("C{i}"), "influence": rng.below(41)})
            }
        })
        .collect();
    let signed = |rng: &mut lean::Mix, span: u64| {
        i64::try_from(rng.below(2 * span + 1)).unwrap() - i64::try_from(span).unwrap()
    };
    let mut commands = vec![
        json!({"do": "introduce_problem", "scale": "scene", "description": "A problem.", "responder": "C0"}),
        json!({"do": "propose_outcome", "outcome": "player", "description": "Good.", "impact": signed(&mut rng, 8) + 2}),
    ];
    if rng.below(2) == 0 {
        commands.push(json!({"do": "add_modifier", "outcome": "player", "kind": "genre", "value": signed(&mut rng, 4), "by": GM, "reason": "heroes"}));
    }
    let state = table(options, &characters, &commands);
    let impact = signed(&mut rng, 10);
    (
        state,
        json!({"do": "propose_outcome", "outcome": "gm", "impact": impact}),
    )
}
