//! Property tests of Chi's invariants (rulings C1-C3): a pool is never overspent, a refused command
//! changes nothing, every roll's totals are the sums of its dice, and character lines round-trip (C6).

use proptest::prelude::*;
use skald_chi::{Character, Chi, Command, Event, Options, Outcome, Side, TieRule, notation};
use skald_core::{DiceSource, Die, SourceError, System, Table};

/// Cycles through proptest's d6 values forever.
struct Cycle {
    values: Vec<i64>,
    next: usize,
}

impl DiceSource for Cycle {
    fn roll(&mut self, _die: Die) -> Result<i64, SourceError> {
        let value = self.values[self.next % self.values.len()];
        self.next += 1;
        Ok(value)
    }
}

const NAMES: [&str; 3] = ["Ragnar", "Dirk", "orc"];

fn side() -> impl Strategy<Value = Side> {
    (0..3usize, 0..10u32, -8..8i32, any::<bool>()).prop_map(
        |(who, dice, modifier, fits_concept)| Side {
            who: NAMES[who].into(),
            spend: dice,
            modifier,
            fits_concept,
        },
    )
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        4 => (side(), 0..6u32).prop_map(|(s, difficulty)| Command::Action {
            who: s.who, spend: s.spend, difficulty, modifier: s.modifier, fits_concept: s.fits_concept
        }),
        2 => (side(), side()).prop_map(|(actor, defender)| Command::Opposed { actor, defender }),
        1 => Just(Command::NewRound {}),
    ]
}

fn pools() -> impl Strategy<Value = Vec<(u32, u32)>> {
    proptest::collection::vec((1..12u32).prop_flat_map(|pool| (Just(pool), 0..=pool)), 3)
}

fn check_event(event: &Event) {
    match event {
        Event::ActionRolled(roll) => {
            for attempt in &roll.rolls {
                assert_eq!(attempt.player.len() as u32, roll.spent);
                assert_eq!(attempt.gm.len() as u32, roll.difficulty);
                assert_eq!(
                    attempt.total,
                    attempt.player.iter().sum::<i64>() + i64::from(roll.modifier)
                );
                assert_eq!(attempt.gm_total, attempt.gm.iter().sum::<i64>());
            }
            let success = roll.total > roll.gm_total;
            assert_eq!(roll.outcome == Outcome::Success, success);
            if let Some(cap) = roll.cap {
                assert!(roll.spent <= cap && cap == roll.current.div_ceil(3));
            }
        }
        Event::OpposedRolled(roll) => {
            assert_eq!(
                roll.outcome == Outcome::Success,
                roll.actor.total > roll.defender.total
            );
            let winner = if roll.actor.total > roll.defender.total {
                &roll.actor.who
            } else {
                &roll.defender.who
            };
            assert_eq!(&roll.winner, winner);
        }
        Event::Enrolled { .. } | Event::RoundStarted { .. } => {}
    }
}

proptest! {
    #[test]
    fn pools_are_never_overspent_and_refusals_change_nothing(
        pools in pools(),
        tie in prop_oneof![Just(TieRule::Fail), Just(TieRule::Reroll)],
        commands in proptest::collection::vec(command(), 1..40),
        d6 in proptest::collection::vec(1..=6i64, 1..30),
    ) {
        let mut table = Table::<Chi>::new(Options { tie });
        let mut dice = Cycle { values: d6, next: 0 };
        for (name, (pool, current)) in NAMES.iter().zip(pools) {
            let character = Character {
                name: (*name).into(), words: vec![], occupation: (*name).into(), pool, current,
            };
            table.execute(Chi::enroll(character), &mut dice).expect("valid sheet");
        }
        for command in commands {
            let before = table.state().clone();
            let entries = table.log().len();
            match table.execute(command, &mut dice) {
                Ok(events) => events.iter().for_each(check_event),
                Err(_) => {
                    prop_assert_eq!(table.state(), &before);
                    prop_assert_eq!(table.log().len(), entries);
                }
            }
            for seat in table.state().characters.values() {
                prop_assert!(seat.spent <= seat.character.current);
                prop_assert_eq!(seat.left() + seat.spent, seat.character.current);
            }
            prop_assert_eq!(table.state(), &Table::<Chi>::fold(table.options(), table.log()));
        }
    }

    #[test]
    fn character_lines_round_trip(
        name in "[A-Z][a-z]{1,8}( [A-Z][a-z]{1,8})?",
        words in proptest::collection::vec("[a-z]{2,9}", 3..6),
        occupation in "[a-z]{2,9}( [a-z]{2,9})?",
        (pool, current) in (1..=100u32).prop_flat_map(|pool| (Just(pool), 0..=pool)),
    ) {
        // A descriptive word "and" would read as the separator; the book's words are adjectives.
        prop_assume!(!words.iter().any(|w| w == "and"));
        let character = Character { name, words, occupation, pool, current };
        prop_assert_eq!(notation::parse(&notation::format(&character)), Ok(character));
    }
}
