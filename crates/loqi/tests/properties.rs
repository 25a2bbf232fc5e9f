//! Property tests: the resolution's invariants (L3, L4) and that any command sequence keeps the
//! table consistent (no panic, state == fold(log), influence never below 0, commands and events
//! survive a JSON round trip).

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use proptest::prelude::*;
use skald_core::{Scripted, System, Table};
use skald_loqi::resolution::{Odds, Verdict, resolve};
use skald_loqi::{Character, Command, Event, Loqi, ModifierKind, Options, Scale, Side, Trait};

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

    /// Any sequence of commands, sensible or not: no panic, a refused command changes nothing, the
    /// state is always the fold of the log, influence never goes below 0, likelihoods are tally sums.
    #[test]
    fn any_commands_keep_the_table_consistent(
        steps in prop::collection::vec((command(), prop::collection::vec(1_i64..=12, 0..3)), 0..60),
        unlikely in any::<bool>(),
    ) {
        let mut t: Table<Loqi> = Table::new(Options { unlikely_outcomes: unlikely });
        for sheet in [sheet("Mirela", 4), sheet("Juno", 2)] {
            t.execute(Loqi::enroll(sheet), &mut Scripted::new(vec![])).unwrap();
        }
        for (command, dice) in steps {
            let before = t.state().clone();
            let log = t.log().len();
            if t.execute(command, &mut Scripted::new(dice)).is_err() {
                prop_assert_eq!(t.state(), &before);
                prop_assert_eq!(t.log().len(), log);
            }
            prop_assert_eq!(t.state(), &Table::<Loqi>::fold(t.options(), t.log()));
            prop_assert!(t.state().characters.iter().all(|c| c.influence >= 0));
            for entry in t.log() {
                let command = serde_json::to_value(&entry.command).unwrap();
                prop_assert_eq!(&serde_json::from_value::<Command>(command).unwrap(), &entry.command);
                for event in &entry.events {
                    prop_assert!(!Loqi::describe(event).is_empty());
                    let json = serde_json::to_value(event).unwrap();
                    prop_assert_eq!(&serde_json::from_value::<Event>(json).unwrap(), event);
                }
            }
            let view = Loqi::view(t.state());
            prop_assert_eq!(&view["problem_open"], &serde_json::json!(t.state().problem.is_some()));
        }
        for done in &t.state().resolved {
            let p = done.problem.player.as_ref().unwrap().likelihood();
            let g = done.problem.gm.as_ref().unwrap().likelihood();
            prop_assert_eq!(done.resolution.odds, Odds::new(p, g));
        }
    }
}

fn sheet(name: &str, influence: i64) -> Character {
    Character {
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
    }
}

fn who() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => Just("GM".to_string()),
        3 => Just("Mirela".to_string()),
        2 => Just("Juno".to_string()),
        1 => Just("Nobody".to_string()),
    ]
}

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::Player), Just(Side::Gm)]
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        (who(), who()).prop_map(|(proposer, responder)| Command::IntroduceProblem {
            scale: Scale::Scene,
            description: "a problem".into(),
            proposer,
            responder,
        }),
        (side(), -120_i64..120, prop::option::of(who())).prop_map(|(outcome, impact, by)| {
            Command::ProposeOutcome {
                outcome,
                description: "an outcome".into(),
                impact,
                by,
            }
        }),
        (
            side(),
            any::<bool>(),
            prop_oneof![Just("Swordsman"), Just("Clumsy"), Just("Archery")],
            prop::option::of(-25_i64..25)
        )
            .prop_map(|(outcome, along, name, value)| Command::AddTrait {
                outcome,
                character: "Mirela".into(),
                trait_name: name.into(),
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
        Just(Command::Resolve {}),
        Just(Command::Resolve {}),
    ]
}
