//! Property tests of the task check's invariants (rulings F1-F3): equalizing keeps three digits and
//! the order, a Crit never fails where it can succeed, a Botch never succeeds, a lower roll is never
//! worse, and the d100 is rolled exactly when the band calls for it.

use proptest::prelude::*;
use skald_core::{Scripted, Table};
use skald_freelancer::check::{digits, is_botch, is_crit, outcome};
use skald_freelancer::{
    Band, Character, Command, Event, Freelancer, MAX_RATING, Options, Outcome, RatingSource,
    equalize,
};

fn roll() -> impl Strategy<Value = u32> {
    1..=100u32
}

proptest! {
    #[test]
    fn equalizing_keeps_three_digits_and_the_order(a in 0..=MAX_RATING, b in 0..=MAX_RATING) {
        let e = equalize(a, b);
        prop_assert!(digits(e.rating.max(e.difficulty)) <= 3);
        prop_assert_eq!(e.divisor, 10u64.pow(digits(a.max(b)).saturating_sub(3)));
        prop_assert_eq!((e.rating, e.difficulty), (a / e.divisor, b / e.divisor));
        if a.max(b) <= 999 {
            prop_assert_eq!((e.rating, e.difficulty, e.divisor), (a, b, 1));
        }
        if a <= b {
            prop_assert!(e.rating <= e.difficulty);
        }
    }

    #[test]
    fn crits_and_botches_follow_the_bands(difference in -1000..1000i64, roll in roll()) {
        let band = Band::of(difference);
        let result = outcome(difference, Some(roll));
        if matches!(band, Band::Normal | Band::CritOnly | Band::Miracle) && is_crit(roll) {
            prop_assert_eq!(result, Outcome::Crit);
        }
        if matches!(band, Band::Normal | Band::CritOnly | Band::BotchOnly) && is_botch(roll) {
            prop_assert_eq!(result, Outcome::Botch);
        }
        if band == Band::Normal && !is_crit(roll) && !is_botch(roll) {
            prop_assert_eq!(result.succeeded(), i64::from(roll) <= 100 - difference);
        }
        match band {
            Band::Automatic => prop_assert_eq!(result, Outcome::Success),
            Band::Miracle => prop_assert!(result == Outcome::Crit || result == Outcome::Botch),
            Band::Hopeless => prop_assert_eq!(result, Outcome::Botch),
            _ => {}
        }
        prop_assert_eq!(result == Outcome::Crit, is_crit(roll) && band != Band::BotchOnly && band != Band::Automatic && band != Band::Hopeless);
    }

    #[test]
    fn a_lower_roll_is_never_worse(difference in -1000..1000i64, low in roll(), high in roll()) {
        prop_assume!(low <= high);
        if outcome(difference, Some(high)).succeeded() {
            prop_assert!(outcome(difference, Some(low)).succeeded());
        }
    }

    #[test]
    fn the_d100_is_rolled_exactly_when_the_band_calls_for_it(
        rating in 0..=MAX_RATING,
        difficulty in 0..=MAX_RATING,
        d100 in roll(),
        roll_anyway in any::<bool>(),
    ) {
        let mut table = Table::<Freelancer>::new(Options::default());
        let you = Character { name: "You".into(), ratings: Default::default() };
        table.execute(Command::Enroll { character: you }, &mut Scripted::new(vec![])).expect("enrolls");
        let command = Command::TaskCheck {
            who: "You".into(), rating: RatingSource::Value(rating), difficulty, against: None, roll_anyway,
        };
        let mut dice = Scripted::new(vec![i64::from(d100)]);
        let events = table.execute(command, &mut dice).expect("in range").to_vec();
        let Some(Event::TaskChecked(check)) = events.first() else { panic!("a task check") };
        let check = &check.check;
        let rolled = dice.remaining().is_empty();
        prop_assert_eq!(rolled, check.band.rolls(roll_anyway));
        prop_assert_eq!(check.roll, rolled.then_some(d100));
        prop_assert_eq!(check.success, check.outcome.succeeded());
        prop_assert!((-999..=999).contains(&check.difference));
        prop_assert_eq!(check.band, Band::of(check.difference));
    }
}
