#![allow(clippy::unwrap_used)]
//! A fair fight for the GM (issue 32), checked, not trusted:
//!
//! - each chance the balance gives (a task check's, an opposed check's by either method and
//!   `both_miss`) agrees exactly with an enumeration of every d100 roll (every pair for an opposed
//!   check) played through the rules' `decide`;
//! - each proposal (a difficulty, an opponent's rating) is the closest of all numbers 0 to 10^30
//!   to the fight's chance, and the smallest among equally close: every number to 999 is tried,
//!   and above it every number with its own three leading digits, which is all F2 looks at;
//! - the page's advice: a task check's difficulty lines; the GM's NPC and Encounter Sheet
//!   builders' lines, in words.

use num_bigint::BigInt;
use serde_json::{Value, json};
use skald_core::{Chance, DiceSource, Fight, Scripted, System};
use skald_dice::odds::Fraction;
use skald_freelancer::advice::balance::{
    Contest, number_for, opposed_chance, party_chance, task_chance, wanted,
};
use skald_freelancer::model::event::Event;
use skald_freelancer::rules::opposed::{Side, margin, reduce, winner, without_roll};
use skald_freelancer::rules::task_check::outcome;
use skald_freelancer::rules::{apply, decide};
use skald_freelancer::{
    BothMiss, Command, Freelancer, MAX_RATING, OpposedMethod, Options, Sheet, State,
};
use std::cmp::Ordering;

fn command(value: Value) -> Command {
    serde_json::from_value(value).unwrap()
}

/// A table with `sheets` enrolled (JSON sheets), its options `options`.
fn table(options: Value, sheets: &[Value]) -> State {
    let mut state = State::new(serde_json::from_value::<Options>(options).unwrap());
    for sheet in sheets {
        let sheet: Sheet = serde_json::from_value(sheet.clone()).unwrap();
        let events = decide(
            &state,
            &Freelancer::enroll(sheet),
            &mut Scripted::new(vec![]),
        )
        .unwrap();
        state = events.iter().fold(state, apply);
    }
    state
}

/// The fraction `n/d`, reduced as the rules write it.
fn frac(n: u128, d: u128) -> String {
    Fraction::new(BigInt::from(n), d.into()).to_string()
}

/// A source that gives one face and counts what was asked.
struct Faces(Vec<u32>, usize);

impl DiceSource for Faces {
    fn roll(&mut self, _: skald_dice::Die) -> Result<i64, skald_dice::SourceError> {
        let face = self.0.get(self.1).copied().unwrap_or(1);
        self.1 += 1;
        Ok(i64::from(face))
    }
}

#[test]
fn a_task_checks_chance_is_every_face_by_the_rules_outcome_at_every_difference() {
    // Rating 0 against 0 to 999 is every difference 0 to 999 (F2 leaves them); the rules'
    // `outcome` decides each of the 100 faces.
    for difficulty in 0..=999u32 {
        let diff = i64::from(difficulty);
        let wins = (1..=100)
            .filter(|face| outcome(diff, Some(*face)).succeeded())
            .count();
        assert_eq!(
            task_chance(0, u128::from(difficulty)).to_string(),
            frac(u128::try_from(wins).unwrap(), 100),
            "difference {diff}"
        );
    }
}

#[test]
fn a_task_checks_chance_is_every_roll_played() {
    let pairs: [(u128, u128); 14] = [
        (27, 56),
        (27, 52),
        (27, 27),
        (27, 30),
        (42, 1200),
        (4, 150),
        (4, 160),
        (990, 999),
        (990, 1000),
        (0, 0),
        (0, 100),
        (10u128.pow(18), 10u128.pow(30)),
        (10u128.pow(30), 10u128.pow(30)),
        (123_456_789, 124_000_000),
    ];
    for (rating, difficulty) in pairs {
        let state = table(
            json!({}),
            &[json!({ "name": "Ash", "ratings": { "CHM": rating.to_string() } })],
        );
        let check = command(json!({
            "do": "task_check", "who": "Ash", "rating": "CHM", "difficulty": difficulty.to_string(),
        }));
        let mut wins = 0u128;
        for face in 1..=100 {
            let events = decide(&state, &check, &mut Faces(vec![face], 0)).unwrap();
            let Event::TaskChecked(task) = &events[0] else {
                panic!("a task check")
            };
            wins += u128::from(task.check.success);
        }
        assert_eq!(
            task_chance(rating, difficulty).to_string(),
            frac(wins, 100),
            "{rating} against {difficulty}"
        );
    }
}

/// Ash's and Brom's wins over every pair of d100 rolls, each pair played through `decide` (the
/// winner does not depend on `both_miss`, only whether the same check is rolled again).
fn played(method: OpposedMethod, a: u128, b: u128) -> (u128, u128) {
    let state = table(
        json!({ "opposed": method }),
        &[
            json!({ "name": "Ash", "ratings": { "LFT": a } }),
            json!({ "name": "Brom", "kind": "npc", "ratings": { "LFT": b } }),
        ],
    );
    let check = command(json!({
        "do": "opposed_check",
        "a": { "who": "Ash", "rating": "LFT" },
        "b": { "who": "Brom", "rating": "LFT" },
    }));
    let (mut ash, mut brom) = (0u128, 0u128);
    for x in 1..=100 {
        for y in 1..=100 {
            let events = decide(&state, &check, &mut Faces(vec![x, y], 0)).unwrap();
            let Event::OpposedChecked(c) = &events[0] else {
                panic!("an opposed check")
            };
            ash += u128::from(c.winner.as_deref() == Some("Ash"));
            brom += u128::from(c.winner.as_deref() == Some("Brom"));
        }
    }
    (ash, brom)
}

/// The same with the rules' own arithmetic of F4 (reduce, settle without a roll, margins,
/// winner) in place of the whole `decide`, which is slow in a test build (it works out the
/// check's odds each time).
fn counted(method: OpposedMethod, a: u128, b: u128) -> (u128, u128) {
    let reduced = reduce(a, b, method);
    if let Some(winner) = without_roll(&reduced) {
        let wins = |side| 10_000 * u128::from(winner == Some(side));
        return (wins(Side::A), wins(Side::B));
    }
    let (mut ash, mut brom) = (0u128, 0u128);
    for x in 1..=100 {
        for y in 1..=100 {
            match winner(margin(reduced.a, x), margin(reduced.b, y)) {
                Some(Side::A) => ash += 1,
                Some(Side::B) => brom += 1,
                None => {}
            }
        }
    }
    (ash, brom)
}

fn agrees(method: OpposedMethod, a: u128, b: u128, (ash, brom): (u128, u128)) {
    for both_miss in [BothMiss::Reroll, BothMiss::NoWinner] {
        let expected = match both_miss {
            BothMiss::NoWinner => frac(ash, 10_000),
            BothMiss::Reroll if ash + brom == 0 => "0".to_owned(),
            BothMiss::Reroll => frac(ash, ash + brom),
        };
        assert_eq!(
            opposed_chance(a, b, method, both_miss).to_string(),
            expected,
            "{a} against {b}, {method:?}, {both_miss:?}"
        );
    }
}

#[test]
fn an_opposed_checks_chance_is_every_pair_of_rolls_played() {
    // Through the whole rules (10,000 decides each, slow in a test build): the book's arm
    // wrestle under one method, an even match under the other.
    for (method, a, b) in [
        (OpposedMethod::RollUnder, 41, 457),
        (OpposedMethod::Chaotic, 50, 50),
    ] {
        let wins = played(method, a, b);
        assert_eq!(wins, counted(method, a, b), "{a} against {b}, {method:?}");
        agrees(method, a, b, wins);
    }
    for method in [OpposedMethod::RollUnder, OpposedMethod::Chaotic] {
        for (a, b) in [
            (41, 457),
            (50, 50),
            (45, 4),
            (1, 1),
            (0, 0),
            (0, 7),
            (82, 9),
            (99, 100),
            (100, 100),
            (1248, 1000),
            (457, 41),
            (10u128.pow(30), 10u128.pow(29)),
        ] {
            agrees(method, a, b, counted(method, a, b));
        }
    }
}

fn compare(x: &Fraction, y: &Fraction) -> Ordering {
    (&x.numerator * BigInt::from(y.denominator.clone()))
        .cmp(&(&y.numerator * BigInt::from(x.denominator.clone())))
}

fn distance(p: &Fraction, want: &Fraction) -> Fraction {
    let n = &p.numerator * BigInt::from(want.denominator.clone())
        - &want.numerator * BigInt::from(p.denominator.clone());
    Fraction::new(
        BigInt::from(n.magnitude().clone()),
        &p.denominator * &want.denominator,
    )
}

/// Every number 0 to 999, then for each digit count 4 to 30 the smallest number of each three
/// leading digits (F2 keeps only those), then 10^30: the smallest number of every class of equal
/// chance, in ascending order.
fn every_class() -> Vec<u128> {
    let mut xs: Vec<u128> = (0..=999).collect();
    for n in 4..=30u32 {
        let scale = 10u128.pow(n - 3);
        xs.extend((100..=999).map(|lead| lead * scale));
    }
    xs.push(MAX_RATING);
    xs
}

fn closest_of_all(ratings: &[u128], contest: Contest) {
    let classes = every_class();
    let chances: Vec<Fraction> = classes
        .iter()
        .map(|x| party_chance(ratings, *x, contest))
        .collect();
    for fight in Fight::ALL {
        let want = wanted(fight);
        let (number, p) = number_for(ratings, contest, fight).unwrap();
        let mut best = 0;
        for i in 1..classes.len() {
            if compare(
                &distance(&chances[i], &want),
                &distance(&chances[best], &want),
            ) == Ordering::Less
            {
                best = i;
            }
        }
        assert_eq!(
            (number, p.to_string()),
            (classes[best], chances[best].to_string()),
            "{ratings:?}, {contest:?}, {fight:?}"
        );
    }
}

#[test]
fn a_difficulty_is_the_closest_of_all() {
    for ratings in [
        vec![27],
        vec![0],
        vec![990],
        vec![82, 915],
        vec![4, 1200, 10u128.pow(20)],
        vec![10u128.pow(30)],
        vec![999_999_999_999_999_999_999_999_999_999],
    ] {
        closest_of_all(&ratings, Contest::Task);
    }
}

#[test]
fn an_opponents_rating_is_the_closest_of_all() {
    for method in [OpposedMethod::RollUnder, OpposedMethod::Chaotic] {
        for both_miss in [BothMiss::Reroll, BothMiss::NoWinner] {
            for ratings in [vec![41], vec![82, 915], vec![5, 5000]] {
                closest_of_all(&ratings, Contest::Opposed { method, both_miss });
            }
        }
    }
}

#[test]
fn every_number_to_twenty_thousand_is_no_closer() {
    // Not by class: each number one by one, for the guard's CHM 27 and a party of 42 and 1200.
    for ratings in [vec![27u128], vec![42, 1200]] {
        for fight in Fight::ALL {
            let want = wanted(fight);
            let (number, p) = number_for(&ratings, Contest::Task, fight).unwrap();
            let d = distance(&p, &want);
            for x in 0..=20_000u128 {
                let e = distance(&party_chance(&ratings, x, Contest::Task), &want);
                let order = compare(&e, &d);
                assert!(
                    order == Ordering::Greater || (order == Ordering::Equal && x >= number),
                    "{ratings:?} {fight:?}: {x} is closer than {number}"
                );
            }
        }
    }
}

#[test]
fn the_book_s_numbers() {
    // The guard: CHM 27 meets a difficulty of 52, 77 and 102 at exactly 75%, 50%, 25% (F3).
    let got: Vec<(u128, String)> = Fight::ALL
        .iter()
        .map(|f| {
            let (x, p) = number_for(&[27], Contest::Task, *f).unwrap();
            (x, p.to_string())
        })
        .collect();
    assert_eq!(
        got,
        [(52, "3/4".into()), (77, "1/2".into()), (102, "1/4".into())]
    );
    // The boulder's climber, LFT 42: a difficulty of 67 is easy; past three digits F2 equalizes.
    assert_eq!(
        number_for(&[42], Contest::Task, Fight::Easy).map(|(x, p)| (x, p.to_string())),
        Some((67, "3/4".into()))
    );
    // A rating of 10^30 cannot be beaten by any difficulty: every number gives success.
    assert_eq!(
        number_for(&[MAX_RATING], Contest::Task, Fight::Hard).map(|(x, p)| (x, p.to_string())),
        Some((0, "1".into()))
    );
    // Arm wrestling (F4, roll-under, rerolled): Ash's 82 and Brom's 915 against one NPC.
    let roll_under = Contest::Opposed {
        method: OpposedMethod::RollUnder,
        both_miss: BothMiss::Reroll,
    };
    let got: Vec<(u128, String)> = Fight::ALL
        .iter()
        .map(|f| {
            let (x, p) = number_for(&[82, 915], roll_under, *f).unwrap();
            (x, p.to_string())
        })
        .collect();
    assert_eq!(
        got,
        [(82, "3/4".into()), (181, "1/2".into()), (915, "1/4".into())]
    );
    assert_eq!(number_for(&[], Contest::Task, Fight::Even), None);
}

fn lines(odds: &skald_core::Odds) -> Vec<String> {
    odds.chances
        .iter()
        .map(|c: &Chance| format!("{}: {}", c.label, c.p))
        .collect()
}

#[test]
fn a_task_check_shows_its_fair_difficulties() {
    let state = table(
        json!({}),
        &[json!({ "name": "Ash", "ratings": { "CHM": 27 } })],
    );
    let check = command(json!({
        "do": "task_check", "who": "Ash", "rating": "CHM", "difficulty": 56,
        "adjust": [{ "factor": "2", "reason": "a good bribe" }],
    }));
    let odds = Freelancer::advice(&state, &check).unwrap();
    assert_eq!(
        lines(&odds),
        [
            "Difficulty 79 for an easy check (75% wanted) with Ash's CHM 54: 3/4",
            "Difficulty 104 for an even check (50% wanted) with Ash's CHM 54: 1/2",
            "Difficulty 129 for a hard check (25% wanted) with Ash's CHM 54: 1/4",
        ]
    );
    assert!(odds.summary.starts_with("A fair check"));
    // A check the rules refuse (no such rating) gets none.
    let refused =
        command(json!({ "do": "task_check", "who": "Ash", "rating": "LFT", "difficulty": 5 }));
    assert_eq!(Freelancer::advice(&state, &refused), None);
}

#[test]
fn the_gm_drafting_an_opponent_sees_the_fight() {
    let state = table(
        json!({}),
        &[
            json!({ "name": "Ash", "ratings": { "CHM": 27, "LFT": 82 } }),
            json!({ "name": "Brom", "ratings": { "LFT": 915 } }),
        ],
    );
    let guard = command(json!({
        "do": "enroll",
        "character": { "name": "Guard", "kind": "encounter", "ratings": { "CHM": 56, "SPD": 9 } },
    }));
    let odds = Freelancer::advice(&state, &guard).unwrap();
    assert_eq!(
        lines(&odds),
        [
            "Ash (CHM 27) against Guard's CHM 56: 71/100",
            "Easy fight (75% wanted): Guard's CHM 52: 3/4",
            "Even fight (50% wanted): Guard's CHM 77: 1/2",
            "Hard fight (25% wanted): Guard's CHM 102: 1/4",
        ]
    );
    assert!(odds.summary.contains("a task check"), "{}", odds.summary);
    let wrestler = command(json!({
        "do": "enroll",
        "character": { "name": "", "kind": "npc", "ratings": { "LFT": "457" } },
    }));
    let odds = Freelancer::advice(&state, &wrestler).unwrap();
    assert_eq!(
        lines(&odds),
        [
            "Ash (LFT 82) against this opponent's LFT 457: 0",
            "Brom (LFT 915) against this opponent's LFT 457: 1",
            "The PCs against this opponent's LFT 457, on average: 1/2",
            "Easy fight (75% wanted): this opponent's LFT 82: 3/4",
            "Even fight (50% wanted): this opponent's LFT 181: 1/2",
            "Hard fight (25% wanted): this opponent's LFT 915: 1/4",
        ]
    );
    assert!(odds.summary.contains("roll under"), "{}", odds.summary);
    // A PC's sheet, and an opponent with no rating a PC has, get none.
    let pc =
        command(json!({ "do": "enroll", "character": { "name": "Cyd", "ratings": { "LFT": 5 } } }));
    assert_eq!(Freelancer::advice(&state, &pc), None);
    let odd = command(json!({
        "do": "enroll", "character": { "name": "Odd", "kind": "encounter", "ratings": { "FTH": 5 } },
    }));
    assert_eq!(Freelancer::advice(&state, &odd), None);
}
