#![allow(clippy::unwrap_used)]
//! Property tests of Freelancer's invariants: equalizing keeps three digits and the order (F2); Crits
//! and Botches follow the bands and a lower roll is never worse (F1, F3); the d100 is rolled exactly
//! when the band calls for it; the odds before a roll count exactly the rolls that succeed (F3, F4);
//! and over random play, a refused command changes nothing, every event reads back from JSON, and the
//! state is the fold of the log.

use proptest::prelude::*;
use serde_json::json;
use skald_core::{Scripted, System, Table};
use skald_dice::SeededRandom;
use skald_freelancer::rules::opposed::{Side, margin, winner};
use skald_freelancer::rules::task_check::{digits, is_botch, is_crit, outcome};
use skald_freelancer::{
    Band, Command, Event, Freelancer, MAX_RATING, Options, Outcome, Rating, Sheet, equalize,
};

fn roll() -> impl Strategy<Value = u32> {
    1..=100u32
}

/// A command as a scenario step writes it.
fn command(step: serde_json::Value) -> Command {
    serde_json::from_value(step).unwrap()
}

/// The brute-force chance over the d100 of `holds`, as the odds module writes it (a reduced fraction).
fn check(count: u32, total: u32) -> String {
    fn gcd(a: u32, b: u32) -> u32 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    let g = gcd(count, total).max(1);
    if count == 0 {
        "0".into()
    } else if count == total {
        "1".into()
    } else {
        format!("{}/{}", count / g, total / g)
    }
}

proptest! {
    #[test]
    fn equalizing_keeps_three_digits_and_the_order(a in 0..=MAX_RATING * 12, b in 0..=MAX_RATING) {
        let e = equalize(a, b);
        prop_assert!(digits(u128::from(e.rating.max(e.difficulty))) <= 3);
        let divisor = e.divisor.get();
        prop_assert_eq!(divisor, 10u128.pow(digits(a.max(b)).saturating_sub(3)));
        prop_assert_eq!(
            (u128::from(e.rating), u128::from(e.difficulty)),
            (a / divisor, b / divisor)
        );
        if a.max(b) <= 999 {
            prop_assert_eq!((u128::from(e.rating), u128::from(e.difficulty), divisor), (a, b, 1));
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
    }

    #[test]
    fn a_lower_roll_is_never_worse(difference in -1000..1000i64, low in roll(), high in roll()) {
        prop_assume!(low <= high);
        if outcome(difference, Some(high)).succeeded() {
            prop_assert!(outcome(difference, Some(low)).succeeded());
        }
    }

    #[test]
    fn the_d100_is_rolled_exactly_when_the_band_calls_for_it_and_the_odds_count_the_rolls(
        rating in 0..=MAX_RATING,
        difficulty in 0..=MAX_RATING,
        d100 in roll(),
    ) {
        let mut table = Table::<Freelancer>::new(Options::default());
        table.execute(Freelancer::enroll(Sheet::new("You", &[])), &mut Scripted::new(vec![])).unwrap();
        let task = command(json!({
            "do": "task_check", "who": "You", "rating": rating.to_string(),
            "difficulty": difficulty.to_string()
        }));
        let mut dice = Scripted::new(vec![i64::from(d100)]);
        let events = table.execute(task, &mut dice).unwrap().to_vec();
        let Some(Event::TaskChecked(task)) = events.first() else { panic!("a task check") };
        let c = &task.check;
        let rolled = dice.remaining().is_empty();
        prop_assert_eq!(rolled, c.band.rolls());
        prop_assert_eq!(c.roll, rolled.then_some(d100));
        prop_assert_eq!(c.success, c.outcome.succeeded());
        prop_assert!((-999..=999).contains(&c.difference));
        prop_assert_eq!(c.band, Band::of(c.difference));
        // The odds count the rolls: P(success) = #successes / 100 when rolled, else certain.
        let (success, botch) = if rolled {
            let count = |want: fn(Outcome) -> bool| {
                (1..=100).filter(|r| want(outcome(c.difference, Some(*r)))).count() as u32
            };
            (check(count(Outcome::succeeded), 100), check(count(|o| o == Outcome::Botch), 100))
        } else {
            // F3: no roll is a success at 0 or less and a Botch at 151 or more, for certain.
            (
                check(u32::from(c.band == Band::Automatic), 1),
                check(u32::from(c.band == Band::Hopeless), 1),
            )
        };
        prop_assert_eq!(&c.odds.p_success, &success);
        prop_assert_eq!(&c.odds.p_botch, &botch);
    }

    #[test]
    fn opposed_odds_count_every_pair_of_rolls(a in 1..=999u128, b in 1..=999u128) {
        let odds = skald_freelancer::odds::opposed(a, b).unwrap();
        let (mut wa, mut wb, mut none) = (0, 0, 0);
        for ra in 1..=100 {
            for rb in 1..=100 {
                match winner(margin(a, ra), margin(b, rb)) {
                    Some(Side::A) => wa += 1,
                    Some(Side::B) => wb += 1,
                    None => none += 1,
                }
            }
        }
        prop_assert_eq!(odds.a.to_string(), check(wa, 10_000));
        prop_assert_eq!(odds.b.to_string(), check(wb, 10_000));
        prop_assert_eq!(odds.neither.to_string(), check(none, 10_000));
        if wa + wb > 0 {
            prop_assert_eq!(odds.a_eventually.map(|f| f.to_string()), Some(check(wa, wa + wb)));
        }
    }

    #[test]
    fn random_play_keeps_state_equal_to_the_fold_of_the_log(
        seed in any::<u64>(),
        picks in prop::collection::vec(0usize..16, 1..60),
    ) {
        let mut table = Table::<Freelancer>::new(Options::default());
        let sheets = [
            Sheet::new("Ash", &[(Rating::Alc, 15), (Rating::Spd, 1248), (Rating::Lck, 3), (Rating::Lft, 42), (Rating::Chm, 27)]),
            Sheet::new("Mara", &[(Rating::Alc, 150_348), (Rating::Spd, 204_000), (Rating::Lck, 3), (Rating::Lft, 915)]),
            Sheet { kind: skald_freelancer::Kind::Encounter, ..Sheet::new("Guard", &[(Rating::Alc, 0), (Rating::Spd, 25), (Rating::Wil, 56)]) },
        ];
        for sheet in sheets {
            table.execute(Freelancer::enroll(sheet), &mut Scripted::new(vec![])).unwrap();
        }
        let commands = [
            json!({ "do": "start_event", "name": "brawl", "who": ["Ash", "Mara", "Guard"] }),
            json!({ "do": "initiative" }),
            json!({ "do": "initiative", "total_actions": ["Guard"] }),
            json!({ "do": "declare_total_action", "who": "Ash" }),
            json!({ "do": "divide", "who": "Mara", "actions": 2 }),
            json!({ "do": "act", "who": "Mara" }),
            json!({ "do": "act", "who": "Ash", "empty": 4 }),
            json!({ "do": "act", "who": "Guard" }),
            json!({ "do": "end_event" }),
            json!({ "do": "task_check", "who": "Ash", "rating": "CHM", "opponent": "Guard", "opponent_rating": "WIL" }),
            json!({ "do": "opposed_check", "a": { "who": "Ash", "rating": "LFT" }, "b": { "who": "Mara", "rating": "LFT" }, "method": "chaotic" }),
            json!({ "do": "team_lift", "who": ["Ash", "Mara"], "difficulty": 1200 }),
            json!({ "do": "award", "who": ["Ash"], "ap": 2, "reason": "a job done" }),
            json!({ "do": "rest" }),
            json!({ "do": "change_vocation", "who": "Ash", "vocation": "Witch" }),
            json!({ "do": "spend_ap", "who": "Ash", "ability": "Hex", "path": "Witch", "cost": 1 }),
        ];
        let mut dice = SeededRandom::from_seed(seed);
        for pick in picks {
            let before = table.state().clone();
            let log_length = table.log().len();
            match table.execute(command(commands[pick].clone()), &mut dice) {
                Ok(events) => {
                    for event in events {
                        let json = serde_json::to_value(event).unwrap();
                        prop_assert_eq!(&serde_json::from_value::<Event>(json).unwrap(), event);
                        prop_assert!(!Freelancer::describe(event).is_empty());
                    }
                }
                Err(_) => {
                    prop_assert_eq!(table.state(), &before);
                    prop_assert_eq!(table.log().len(), log_length);
                }
            }
            prop_assert_eq!(&Table::<Freelancer>::fold(table.options(), table.log()), table.state());
            if let Some(round) = table.state().scene.as_ref().and_then(|s| s.round.as_ref()) {
                // The order runs from the highest turn down.
                prop_assert!(round.order.windows(2).all(|w| w[0].turn >= w[1].turn));
            }
        }
    }
}
