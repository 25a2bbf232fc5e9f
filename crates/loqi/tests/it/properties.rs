//! Property tests: the resolution's invariants (L3, L4) and that any command sequence keeps the
//! table consistent (no panic, state == fold(log), influence never below 0, commands and events
//! survive a JSON round trip).

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use proptest::prelude::*;
use skald_core::{Scripted, System, Table};
use skald_loqi::rules::resolution::resolve;
use skald_loqi::{
    Action, AddedAt, Command, Consequence, Event, GoalDraft, GoalKind, Hundredths, Lasts, Loqi,
    ModifierKind, Options, Scale, Sheet, Side, Trait,
};
use skald_loqi::{Odds, Verdict};

proptest! {
    /// L3: advantage 6 or more rolls no die and selects the more likely outcome; below 6 exactly one
    /// die is rolled and the more likely (or, when equal, the player's) outcome wins iff roll <= odds.
    #[test]
    fn l3_certain_never_rolls_and_one_roll_decides(a in -300_i64..300, b in -300_i64..300, roll in 1_i64..=12) {
        let odds = Odds::new(a, b);
        prop_assert_eq!(odds.advantage, (a - b).abs());
        prop_assert_eq!(odds.odds, odds.advantage + 6);
        let mut dice = Scripted::new(vec![roll]);
        let r = resolve(odds, false, &mut dice).unwrap();
        let favoured = if b > a { Side::Gm } else { Side::Player };
        if odds.advantage >= 6 {
            prop_assert!(r.certain);
            prop_assert!(r.rolls.is_empty());
            prop_assert_eq!(dice.remaining(), &[roll][..]);
            prop_assert_eq!(r.winner, favoured);
        } else {
            prop_assert!(!r.certain);
            prop_assert_eq!(r.rolls.len(), 1);
            prop_assert_eq!(r.winner == favoured, roll <= odds.odds);
        }
    }

    /// L4: every roll but the last is a 12 read at odds 12 or more; the advantage falls by 6 per 12;
    /// the less likely outcome wins only through the last roll being over odds below 12.
    #[test]
    fn l4_rolls_follow_the_twelves(a in -40_i64..40, b in -40_i64..40, faces in prop::collection::vec(1_i64..=12, 0..12)) {
        let odds = Odds::new(a, b);
        match resolve(odds, true, &mut Scripted::new(faces.clone())) {
            Ok(r) => {
                prop_assert!(!r.certain);
                let (last, before) = r.rolls.split_last().expect("L4 always rolls");
                for (i, roll) in before.iter().enumerate() {
                    prop_assert_eq!(roll.value, 12);
                    prop_assert!(roll.odds >= 12);
                    prop_assert_eq!(roll.verdict, Verdict::Again);
                    prop_assert_eq!(roll.advantage, odds.advantage - 6 * i64::try_from(i).unwrap());
                }
                let upset = r.winner != odds.favoured();
                prop_assert_eq!(upset, last.verdict == Verdict::LessLikely);
                prop_assert_eq!(upset, last.odds < 12 && last.value > last.odds);
            }
            Err(_) => {
                // Only a script of nothing but 12s can run out.
                prop_assert!(faces.iter().all(|&f| f == 12));
            }
        }
    }

    /// Any sequence of commands, sensible or not, at a table with any options: no panic, a refused
    /// command changes nothing, the state is always the fold of the log, influence never goes below
    /// 0 (L5), total influence changes only by spends, rewards, goals and swaps, strength stays
    /// between its floor and nominal (L8), trait ratings stay within the table's range, and commands
    /// and events survive a JSON round trip.
    #[test]
    fn any_commands_keep_the_table_consistent(
        steps in prop::collection::vec((commands(), prop::collection::vec(1_i64..=12, 0..3)), 0..40),
        options in options(),
    ) {
        let mut t: Table<Loqi> = Table::new(options);
        for sheet in [sheet("Mirela", 4, options.strength), sheet("Juno", 2, options.strength)] {
            t.execute(Loqi::enroll(sheet), &mut Scripted::new(vec![])).unwrap();
        }
        for (command, dice) in steps.into_iter().flat_map(|(cs, dice)| cs.into_iter().map(move |c| (c, dice.clone()))) {
            let before = t.state().clone();
            let log = t.log().len();
            match t.execute(command.clone(), &mut Scripted::new(dice)) {
                Err(_) => {
                    prop_assert_eq!(t.state(), &before);
                    prop_assert_eq!(t.log().len(), log);
                }
                Ok(events) => {
                    let events = events.to_vec();
                    let total = |s: &skald_loqi::State| s.characters.iter().map(|c| c.influence).sum::<i64>();
                    prop_assert_eq!(
                        total(t.state()) - total(&before),
                        influence_flow(&events),
                        "{:?}", command
                    );
                    let entry = t.log().last().unwrap();
                    let json = serde_json::to_value(&entry.command).unwrap();
                    prop_assert_eq!(&serde_json::from_value::<Command>(json).unwrap(), &entry.command);
                    for event in &events {
                        prop_assert!(!Loqi::describe(event).is_empty());
                        let json = serde_json::to_value(event).unwrap();
                        prop_assert_eq!(&serde_json::from_value::<Event>(json).unwrap(), event);
                    }
                }
            }
            let state = t.state();
            prop_assert_eq!(state, &Table::<Loqi>::fold(t.options(), t.log()));
            prop_assert!(state.characters.iter().all(|c| c.influence >= 0));
            prop_assert!(state.gm_influence.is_none_or(|g| g >= 0));
            for c in &state.characters {
                if let Some(s) = c.strength {
                    let floor = if options.dying { options.death_at } else { 0 };
                    prop_assert!(floor <= s.current && s.current <= s.nominal, "{:?}", s);
                }
                for tr in c.traits_now() {
                    prop_assert!((1..=options.max_rating()).contains(&tr.rating), "{:?}", tr);
                }
            }
            let view = Loqi::view(state);
            prop_assert_eq!(&view["problem_open"], &serde_json::json!(state.problem.is_some()));
        }
        for done in &t.state().resolved {
            let p = done.problem.player.as_ref().unwrap().likelihood();
            let g = done.problem.gm.as_ref().unwrap().likelihood();
            prop_assert_eq!(done.resolution.odds, Odds::new(p, g));
        }
    }
}

/// The change in the characters' total influence the events account for: minus characters'
/// spends, plus rewards, goal payments and the net gain of swaps (L5, L6).
fn influence_flow(events: &[Event]) -> i64 {
    events
        .iter()
        .map(|e| match e {
            Event::InfluenceSpent { who, points, .. } if who != "GM" => -points,
            Event::InfluenceRewarded { points, .. } => *points,
            Event::InfluenceGiven {
                points, received, ..
            } => received - points,
            Event::GoalFulfilled { goal, paid } => goal.rating * i64::try_from(paid.len()).unwrap(),
            _ => 0,
        })
        .sum()
}

fn sheet(name: &str, influence: i64, strength: bool) -> Sheet {
    Sheet {
        name: name.into(),
        traits: vec![
            Trait {
                name: "Swordsman".into(),
                rating: 3,
                harmful: false,
            },
            Trait {
                name: "Clumsy".into(),
                rating: 2,
                harmful: true,
            },
        ],
        influence,
        strength: strength.then_some(6),
        npc: false,
    }
}

fn options() -> impl Strategy<Value = Options> {
    (any::<[bool; 6]>(), 1_i64..=5, -8_i64..=-1).prop_map(|(flags, scene_recovery, death_at)| {
        Options {
            unlikely_outcomes: flags[0],
            high_ratings: flags[1],
            strength: flags[2],
            dying: flags[2] && flags[3],
            influence_swapping: flags[4],
            gm_influence: flags[5],
            scene_recovery,
            death_at,
            gm_influence_per_session: 3,
            free_changes: !flags[1],
            permanent_changes_in_problems: !flags[4],
        }
    })
}

fn who() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => Just("GM".to_string()),
        3 => Just("Mirela".to_string()),
        2 => Just("Juno".to_string()),
        1 => Just("Nobody".to_string()),
    ]
}

fn character() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => Just("Mirela".to_string()),
        2 => Just("Juno".to_string()),
        1 => Just("GM".to_string()),
    ]
}

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::Player), Just(Side::Gm)]
}

fn trait_name() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Swordsman".to_string()),
        Just("Clumsy".to_string()),
        Just("Wounded".to_string()),
    ]
}

fn lasts() -> impl Strategy<Value = Lasts> {
    prop_oneof![
        Just(Lasts::Scene),
        Just(Lasts::Scenario),
        Just(Lasts::Permanent)
    ]
}

fn consequence() -> impl Strategy<Value = Consequence> {
    prop_oneof![
        (
            character(),
            trait_name(),
            -5_i64..=5,
            prop::option::of(any::<bool>()),
            lasts()
        )
            .prop_map(|(character, trait_name, rating_change, harmful, lasts)| {
                Consequence::TraitChange {
                    character,
                    trait_name,
                    rating_change,
                    harmful,
                    lasts,
                }
            }),
        (character(), 0_i64..=12)
            .prop_map(|(character, points)| Consequence::Weakening { character, points }),
        (character(), 0_i64..=6)
            .prop_map(|(character, points)| Consequence::Regain { character, points }),
        (-7_i64..=7).prop_map(|modifier| Consequence::Tactical {
            modifier,
            note: "ground".into()
        }),
        (character(), 0_i64..=60).prop_map(|(who, points)| Consequence::Reward {
            who,
            points,
            reason: "a clever plan".into(),
        }),
        (-5_i64..=5, 40_i64..=210, 20_i64..=160).prop_map(|(change, i, l)| {
            Consequence::Relationship {
                change,
                influence: Hundredths(i),
                length: Hundredths(l),
                note: "a friend".into(),
            }
        }),
    ]
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        Just(Action::Strenuous),
        Just(Action::Ordinary),
        Just(Action::Luck)
    ]
}

fn problem_command() -> impl Strategy<Value = Command> {
    prop_oneof![
        (who(), who(), any::<bool>()).prop_map(|(proposer, responder, both)| {
            Command::IntroduceProblem {
                scale: Scale::Scene,
                description: "a problem".into(),
                proposer,
                responders: both.then(|| vec!["Mirela".to_string(), "Juno".to_string()]),
                responder: (!both).then_some(responder),
            }
        }),
        who().prop_map(|who| Command::TakeOver { who }),
        (
            side(),
            prop::option::of(-120_i64..120),
            prop::option::of(who()),
            prop::option::of(prop::collection::vec(character(), 0..3)),
            action(),
            prop::collection::vec(consequence(), 0..3),
        )
            .prop_map(|(outcome, impact, by, actors, action, consequences)| {
                Command::ProposeOutcome {
                    outcome,
                    description: "an outcome".into(),
                    impact,
                    by,
                    actors,
                    action,
                    consequences,
                }
            }),
        (
            side(),
            any::<bool>(),
            trait_name(),
            prop::option::of(-25_i64..25)
        )
            .prop_map(|(outcome, along, name, value)| Command::AddTrait {
                outcome,
                character: "Mirela".into(),
                trait_name: name,
                along,
                by: "GM".into(),
                reason: "why".into(),
                value,
            }),
        (side(), -25_i64..25, who()).prop_map(|(outcome, value, by)| Command::AddModifier {
            outcome,
            kind: ModifierKind::Genre,
            value,
            by,
            reason: "why".into(),
        }),
        (side(), who(), -6_i64..6).prop_map(|(outcome, who, points)| Command::SpendInfluence {
            outcome,
            who,
            points,
            reason: None,
        }),
        (
            side(),
            prop::collection::vec(1_u32..6, 0..4),
            -22_i64..22,
            who()
        )
            .prop_map(|(outcome, entries, value, by)| Command::MergeEntries {
                outcome,
                entries,
                value,
                by,
                reason: "they overlap".into(),
            }),
        Just(Command::Resolve {}),
        Just(Command::Resolve {}),
    ]
}

fn table_command() -> impl Strategy<Value = Command> {
    prop_oneof![
        (
            character(),
            trait_name(),
            -1_i64..=7,
            prop::option::of(any::<bool>()),
            any::<bool>()
        )
            .prop_map(|(character, trait_name, rating, harmful, approved)| {
                Command::ChangeTrait {
                    character,
                    trait_name,
                    rating,
                    harmful,
                    reason: "always had it".into(),
                    approved,
                }
            }),
        Just(Command::StartSession {}),
        prop::option::of(0_i64..=6).prop_map(|recovery| Command::EndScene { recovery }),
        Just(Command::EndScenario {}),
        (who(), 0_i64..=60).prop_map(|(who, points)| Command::Reward {
            who,
            points,
            reason: "a good idea".into(),
        }),
        (who(), who(), 0_i64..=6).prop_map(|(from, to, points)| Command::GiveInfluence {
            from,
            to,
            points,
            reason: "a good joke".into(),
        }),
        (
            who(),
            prop::collection::vec(
                (any::<bool>(), 0_i64..=6, prop::option::of(2_i64..=5)),
                0..4
            )
        )
            .prop_map(|(by, drafts)| Command::PrepareGoals {
                by,
                goals: drafts
                    .into_iter()
                    .map(|(specific, base, multiplier)| GoalDraft {
                        text: "a goal".into(),
                        kind: if specific {
                            GoalKind::Specific
                        } else {
                            GoalKind::NonSpecific
                        },
                        base,
                        multiplier,
                    })
                    .collect(),
            }),
        (
            who(),
            any::<bool>(),
            0_i64..=12,
            any::<bool>(),
            any::<bool>()
        )
            .prop_map(
                |(by, specific, rating, session, approved)| Command::AddGoal {
                    by,
                    text: "a goal".into(),
                    kind: if specific {
                        GoalKind::Specific
                    } else {
                        GoalKind::NonSpecific
                    },
                    rating,
                    at: if session {
                        AddedAt::Session
                    } else {
                        AddedAt::Setting
                    },
                    approved,
                }
            ),
        (0_u64..6, prop::collection::vec(who(), 0..3))
            .prop_map(|(goal, who)| Command::FulfilGoal { goal, who }),
    ]
}

/// A problem played through in order, with random impacts, consequences and spends, so that
/// resolutions and their consequences happen often; then a reward, a swap, a GM goal and a goal
/// fulfilled by both, so that every way influence moves is exercised.
fn whole_problem() -> impl Strategy<Value = Vec<Command>> {
    (
        prop::option::of(-12_i64..12),
        prop::collection::vec(consequence(), 0..3),
        prop::option::of(-12_i64..12),
        prop::collection::vec(consequence(), 0..3),
        action(),
        -3_i64..3,
        1_i64..=3,
    )
        .prop_map(|(pi, pc, gi, gc, action, points, given)| {
            let propose = |outcome, impact, consequences| Command::ProposeOutcome {
                outcome,
                description: "an outcome".into(),
                impact,
                by: None,
                actors: None,
                action,
                consequences,
            };
            vec![
                Command::IntroduceProblem {
                    scale: Scale::Scenario,
                    description: "a problem".into(),
                    proposer: "GM".into(),
                    responder: Some("Mirela".into()),
                    responders: None,
                },
                propose(Side::Player, pi, pc),
                propose(Side::Gm, gi, gc),
                Command::SpendInfluence {
                    outcome: Side::Player,
                    who: "Juno".into(),
                    points,
                    reason: None,
                },
                Command::Resolve {},
                Command::Reward {
                    who: "Juno".into(),
                    points: given,
                    reason: "a good idea".into(),
                },
                Command::GiveInfluence {
                    from: "Juno".into(),
                    to: "Mirela".into(),
                    points: given,
                    reason: "a good joke".into(),
                },
                Command::PrepareGoals {
                    by: "GM".into(),
                    goals: vec![GoalDraft {
                        text: "a goal".into(),
                        kind: GoalKind::NonSpecific,
                        base: given,
                        multiplier: None,
                    }],
                },
                Command::FulfilGoal {
                    goal: u64::try_from(given).unwrap(),
                    who: vec!["Mirela".into(), "Juno".into()],
                },
            ]
        })
}

fn commands() -> impl Strategy<Value = Vec<Command>> {
    prop_oneof![
        3 => problem_command().prop_map(|c| vec![c]),
        2 => table_command().prop_map(|c| vec![c]),
        2 => whole_problem(),
    ]
}
