//! Freelancer through `Table<Freelancer>` with scripted dice: every band edge of the task check
//! (rulings F1-F3), equalizing (F2), the book's guard, boulder and team-lift examples, errors, log
//! lines and the view.

use serde_json::json;
use skald_core::{Scripted, System, Table};
use skald_freelancer::{
    Band, Character, Command, Event, Freelancer, FreelancerError, Options, Outcome, Rating,
    RatingSource,
};

fn sheet(name: &str, ratings: &[(Rating, u64)]) -> Character {
    Character {
        name: name.into(),
        ratings: ratings.iter().copied().collect(),
    }
}

fn table(characters: &[Character]) -> Table<Freelancer> {
    let mut table = Table::<Freelancer>::new(Options::default());
    for c in characters {
        table
            .execute(Freelancer::enroll(c.clone()), &mut Scripted::new(vec![]))
            .expect("enrolls");
    }
    table
}

fn task(who: &str, rating: RatingSource, difficulty: u64) -> Command {
    Command::TaskCheck {
        who: who.into(),
        rating,
        difficulty,
        against: None,
        roll_anyway: false,
    }
}

fn last(table: &Table<Freelancer>) -> serde_json::Value {
    Freelancer::view(table.state())["last"].clone()
}

/// One task check of `rating` against `difficulty`: the band, the d100 used (`None`: no die may be
/// rolled; in band 151+ a roll means the player rolled anyway) and the outcome (ruling F3).
fn check(rating: u64, difficulty: u64, roll: Option<i64>, band: Band, outcome: Outcome) {
    let mut t = table(&[sheet("You", &[])]);
    let command = Command::TaskCheck {
        who: "You".into(),
        rating: RatingSource::Value(rating),
        difficulty,
        against: None,
        roll_anyway: roll.is_some(),
    };
    let mut dice = Scripted::new(roll.into_iter().collect::<Vec<_>>());
    let events = t
        .execute(command, &mut dice)
        .expect("a legal check")
        .to_vec();
    assert!(
        dice.remaining().is_empty(),
        "{rating} vs {difficulty}: the d100 {roll:?} must be rolled"
    );
    let Some(Event::TaskChecked(check)) = events.first() else {
        panic!("a task check")
    };
    let check = &check.check;
    assert_eq!(
        (
            check.band,
            check.roll.map(i64::from),
            check.outcome,
            check.success
        ),
        (band, roll, outcome, outcome.succeeded()),
        "rating {rating} vs difficulty {difficulty}, d100 {roll:?}"
    );
}

#[test]
fn every_band_edge() {
    use Band::*;
    use Outcome::{Botch, Crit, Failure, Success};
    // difference <= 0: success without a roll.
    check(50, 50, None, Automatic, Success);
    check(51, 50, None, Automatic, Success);
    check(0, 0, None, Automatic, Success);
    // 1-5: only a Botch fails; a Crit gives no bonus.
    check(50, 51, Some(95), BotchOnly, Success);
    check(50, 51, Some(96), BotchOnly, Botch);
    check(50, 51, Some(1), BotchOnly, Success);
    check(50, 55, Some(100), BotchOnly, Botch);
    check(50, 55, Some(50), BotchOnly, Success);
    // 5/6 edge: at 6, d100 <= 94 succeeds.
    check(50, 56, Some(94), Normal, Success);
    check(50, 56, Some(95), Normal, Failure);
    check(50, 56, Some(96), Normal, Botch);
    check(50, 56, Some(3), Normal, Crit);
    // 95/96 edge: at 95 only 1-5 is at most 100 - 95; at 96 only a Crit succeeds.
    check(0, 95, Some(5), Normal, Crit);
    check(0, 95, Some(6), Normal, Failure);
    check(0, 95, Some(96), Normal, Botch);
    check(0, 96, Some(5), CritOnly, Crit);
    check(0, 96, Some(6), CritOnly, Failure);
    check(0, 96, Some(95), CritOnly, Failure);
    check(0, 96, Some(96), CritOnly, Botch);
    // 100/101 edge: at 100 a failure is minor; from 101 every failure is a Botch.
    check(0, 100, Some(4), CritOnly, Crit);
    check(0, 100, Some(50), CritOnly, Failure);
    check(0, 100, Some(100), CritOnly, Botch);
    check(0, 101, Some(5), Miracle, Crit);
    check(0, 101, Some(6), Miracle, Botch);
    check(0, 101, Some(50), Miracle, Botch);
    // 150/151 edge: from 151 the check fails; rolling anyway makes it a Botch, even a 1.
    check(0, 150, Some(1), Miracle, Crit);
    check(0, 150, Some(95), Miracle, Botch);
    check(0, 151, None, Hopeless, Failure);
    check(0, 151, Some(1), Hopeless, Botch);
    check(0, 999, Some(100), Hopeless, Botch);
    // Equalizing first (F2): 42 vs 1200 is 4 vs 120, difference 116.
    check(42, 1200, Some(5), Miracle, Crit);
    check(42, 1200, Some(63), Miracle, Botch);
    // 1499 vs 1000: 149 vs 100 (1000 vs 1499 is 100 vs 149, difference 49).
    check(1499, 1000, None, Automatic, Success);
    check(1000, 1499, Some(51), Normal, Success);
    check(1000, 1499, Some(52), Normal, Failure);
    // The largest inputs.
    check(
        1_000_000_000_000_000,
        1_000_000_000_000_000,
        None,
        Automatic,
        Success,
    );
    check(0, 1_000_000_000_000_000, Some(50), CritOnly, Failure); // 0 vs 100
    check(0, 999_999_999_999_999, None, Hopeless, Failure); // 0 vs 999
}

#[test]
fn the_guard_56_vs_27() {
    // freelancer.txt, Task Checks: CHM 27 against the guard's WIL 56, difference 29: d100 <= 71.
    let mut t = table(&[sheet("You", &[(Rating::Chm, 27)])]);
    let command = Command::TaskCheck {
        who: "You".into(),
        rating: RatingSource::Sheet(Rating::Chm),
        difficulty: 56,
        against: Some("the guard's WIL".into()),
        roll_anyway: false,
    };
    t.execute(command.clone(), &mut Scripted::new(vec![71]))
        .expect("legal");
    assert_eq!(
        last(&t),
        json!({
            "event": "task_checked", "who": "You", "stat": "CHM",
            "rating": 27, "difficulty": 56, "against": "the guard's WIL",
            "equalized": { "rating": 27, "difficulty": 56, "divisor": 1 },
            "difference": 29, "band": "normal", "roll": 71, "outcome": "success", "success": true
        })
    );
    t.execute(command, &mut Scripted::new(vec![72]))
        .expect("legal");
    assert_eq!(last(&t)["outcome"], json!("failure"));
    assert_eq!(Freelancer::view(t.state())["checks"], json!(2));
}

fn party() -> [Character; 3] {
    [
        sheet("You", &[(Rating::Lft, 42), (Rating::Lck, 12)]),
        sheet("Mara", &[(Rating::Lft, 71), (Rating::Lck, 31)]),
        sheet("Tobin", &[(Rating::Lft, 87), (Rating::Lck, 18)]),
    ]
}

fn lift(who: &[&str], roller: Option<&str>) -> Command {
    Command::TeamLift {
        who: who.iter().map(|w| (*w).to_owned()).collect(),
        difficulty: 1200,
        roller: roller.map(str::to_owned),
        against: Some("the boulder".into()),
        roll_anyway: false,
    }
}

#[test]
fn the_boulder_alone_then_the_team_lift() {
    let mut t = table(&party());
    let alone = Command::TaskCheck {
        who: "You".into(),
        rating: RatingSource::Sheet(Rating::Lft),
        difficulty: 1200,
        against: Some("the boulder".into()),
        roll_anyway: false,
    };
    t.execute(alone, &mut Scripted::new(vec![63]))
        .expect("legal");
    let view = last(&t);
    assert_eq!(
        view["equalized"],
        json!({ "rating": 4, "difficulty": 120, "divisor": 10 })
    );
    assert_eq!(
        (view["difference"].clone(), view["band"].clone()),
        (json!(116), json!("miracle"))
    );
    assert_eq!(view["outcome"], json!("botch"));

    // 42 + 71 + 87 = 200, equalized against 1200: 20 vs 120, difference 100. Mara has the best LCK.
    t.execute(
        lift(&["You", "Mara", "Tobin"], None),
        &mut Scripted::new(vec![50]),
    )
    .expect("legal");
    assert_eq!(
        last(&t),
        json!({
            "event": "team_lifted",
            "team": [{ "who": "You", "lft": 42 }, { "who": "Mara", "lft": 71 }, { "who": "Tobin", "lft": 87 }],
            "roller": "Mara",
            "rating": 200, "difficulty": 1200, "against": "the boulder",
            "equalized": { "rating": 20, "difficulty": 120, "divisor": 10 },
            "difference": 100, "band": "crit_only", "roll": 50, "outcome": "failure", "success": false
        })
    );
    t.execute(
        lift(&["You", "Mara", "Tobin"], Some("Tobin")),
        &mut Scripted::new(vec![4]),
    )
    .expect("legal");
    let view = last(&t);
    assert_eq!(
        (view["roller"].clone(), view["outcome"].clone()),
        (json!("Tobin"), json!("crit"))
    );
    let lines: Vec<String> = t
        .log()
        .iter()
        .skip(3)
        .flat_map(|e| e.events.iter().map(Freelancer::describe))
        .collect();
    assert_eq!(
        lines,
        [
            "You: task check, LFT 42 vs 1200 (the boulder), equalized (divided by 10) 4 vs 120: difference 116 \
             (101-150: only a Crit succeeds; every failure is a Botch): d100 63: Botch, failure.",
            "Team lift, LFT added up: You 42 + Mara 71 + Tobin 87 = 200 vs 1200 (the boulder), equalized \
             (divided by 10) 20 vs 120: difference 100 (96-100: only a Crit succeeds; failure minor, Botch \
             worse): Mara rolls d100 50: failure.",
            "Team lift, LFT added up: You 42 + Mara 71 + Tobin 87 = 200 vs 1200 (the boulder), equalized \
             (divided by 10) 20 vs 120: difference 100 (96-100: only a Crit succeeds; failure minor, Botch \
             worse): Tobin rolls d100 4: Crit, success.",
        ]
    );
}

#[test]
fn the_roller_defaults_to_the_best_luck_then_the_first_listed() {
    let mut t = table(&[
        sheet("A", &[(Rating::Lft, 10)]),
        sheet("B", &[(Rating::Lft, 10), (Rating::Lck, 5)]),
        sheet("C", &[(Rating::Lft, 10), (Rating::Lck, 5)]),
    ]);
    t.execute(lift(&["A", "C", "B"], None), &mut Scripted::new(vec![1]))
        .expect("legal");
    assert_eq!(last(&t)["roller"], json!("C"));
    t.execute(lift(&["A", "B"], None), &mut Scripted::new(vec![1]))
        .expect("legal");
    assert_eq!(last(&t)["roller"], json!("B"));
}

#[test]
fn every_input_is_bounded_and_named() {
    let mut t = table(&party());
    let mut refuse = |command: Command, message: &str| {
        let before = t.state().clone();
        let err = t
            .execute(command, &mut Scripted::new(vec![50]))
            .expect_err(message);
        assert_eq!(err.to_string(), message);
        assert_eq!(t.state(), &before);
    };
    refuse(
        task("You", RatingSource::Value(1_000_000_000_000_001), 5),
        "`rating` is 1000000000000001, but it must be 0 to 1000000000000000 (the rating used)",
    );
    refuse(
        task("You", RatingSource::Value(5), 1_000_000_000_000_001),
        "`difficulty` is 1000000000000001, but it must be 0 to 1000000000000000 (the rating checked against)",
    );
    refuse(
        task("You", RatingSource::Sheet(Rating::Chm), 5),
        "`rating` is \"CHM\", but You's sheet has no CHM (it has: LCK, LFT)",
    );
    refuse(
        task("Guard", RatingSource::Value(5), 5),
        "`who` is \"Guard\", but no character of that name is at the table (at the table: Mara, Tobin, You)",
    );
    refuse(
        Command::TaskCheck {
            who: "You".into(),
            rating: RatingSource::Value(5),
            difficulty: 5,
            against: Some(String::new()),
            roll_anyway: false,
        },
        "`against` is \"\", but it must be 1 to 64 characters and not blank",
    );
    refuse(
        lift(&["You"], None),
        "`who` names 1, but a team lift takes 2 to 12 characters (one alone makes a task_check with \
         rating = \"LFT\")",
    );
    refuse(
        lift(&["You", "Mara", "You"], None),
        "`who` lists \"You\" twice, but each member lends its LFT once",
    );
    refuse(
        lift(&["You", "Mara"], Some("Tobin")),
        "`roller` is \"Tobin\", but the roller must be one of the team: You, Mara",
    );
    refuse(
        Freelancer::enroll(sheet("Ogre", &[(Rating::Lft, 1_000_000_000_000_001)])),
        "`ratings.LFT` is 1000000000000001, but it must be 0 to 1000000000000000 (a rating on the sheet)",
    );
    refuse(
        Freelancer::enroll(sheet("You", &[])),
        "`name` is \"You\", but a character of that name is already at the table",
    );
    let mut t = table(&[sheet("You", &[(Rating::Lft, 4)]), sheet("Ghost", &[])]);
    let err = t
        .execute(lift(&["You", "Ghost"], None), &mut Scripted::new(vec![]))
        .expect_err("no LFT");
    assert_eq!(
        err.to_string(),
        "`who` is \"LFT\", but Ghost's sheet has no LFT (it has: none)"
    );
    assert!(matches!(err, FreelancerError::MissingRating { .. }));
}

#[test]
fn the_d100_must_be_scripted_and_a_face() {
    let mut t = table(&[sheet("You", &[])]);
    let err = t
        .execute(
            task("You", RatingSource::Value(27), 56),
            &mut Scripted::new(vec![]),
        )
        .expect_err("no die");
    assert_eq!(
        err.to_string(),
        "the scripted dice ran out: roll 1 (d100) has no value (the script holds 0)"
    );
    let err = t
        .execute(
            task("You", RatingSource::Value(27), 56),
            &mut Scripted::new(vec![0]),
        )
        .expect_err("0");
    assert_eq!(
        err.to_string(),
        "scripted die 1 is 0, but a d100 shows 1 to 100"
    );
    assert_eq!(t.state().checks, 0);
}

#[test]
fn commands_and_sheets_read_from_scenario_json() {
    let command: Command = serde_json::from_value(json!({
        "do": "task_check", "who": "You", "rating": "CHM", "difficulty": 56, "against": "the guard's WIL"
    }))
    .expect("a named rating");
    assert_eq!(
        command,
        Command::TaskCheck {
            who: "You".into(),
            rating: RatingSource::Sheet(Rating::Chm),
            difficulty: 56,
            against: Some("the guard's WIL".into()),
            roll_anyway: false,
        }
    );
    let command: Command = serde_json::from_value(
        json!({ "do": "task_check", "who": "You", "rating": 27, "difficulty": 56 }),
    )
    .expect("a number");
    assert_eq!(command, task("You", RatingSource::Value(27), 56));
    let bad = serde_json::from_value::<Command>(
        json!({ "do": "task_check", "who": "Y", "rating": "STRENGTH", "difficulty": 5 }),
    );
    assert!(
        bad.expect_err("unknown rating")
            .to_string()
            .contains("`rating` is \"STRENGTH\", but it must be")
    );
    let bad = serde_json::from_value::<Command>(
        json!({ "do": "task_check", "who": "Y", "rating": -3, "difficulty": 5 }),
    );
    assert!(
        bad.expect_err("negative")
            .to_string()
            .contains("`rating` is -3")
    );
    let typo = serde_json::from_value::<Command>(
        json!({ "do": "task_check", "who": "Y", "rating": 3, "dificulty": 5 }),
    );
    assert!(typo.is_err());
    let lift: Command = serde_json::from_value(json!({
        "do": "team_lift", "who": ["You", "Mara", "Tobin"], "difficulty": 1200
    }))
    .expect("defaults");
    assert!(matches!(
        lift,
        Command::TeamLift {
            roller: None,
            roll_anyway: false,
            ..
        }
    ));

    let you: Character =
        serde_json::from_value(json!({ "name": "You", "ratings": { "LFT": 42, "LCK": 12 } }))
            .expect("a sheet");
    assert_eq!(you, party()[0]);
    assert!(
        serde_json::from_value::<Character>(json!({ "name": "You", "ratings": { "lift": 42 } }))
            .is_err()
    );
    assert!(serde_json::from_value::<Character>(json!({ "name": "You", "LFT": 42 })).is_err());
    assert!(serde_json::from_value::<Options>(json!({ "chaotic": true })).is_err());

    // Events read back (the flattened check included), so a log replays.
    let mut t = table(&party());
    t.execute(lift, &mut Scripted::new(vec![3])).expect("legal");
    let event = t.log()[3].events[0].clone();
    let json = serde_json::to_value(&event).expect("serializes");
    assert_eq!(
        serde_json::from_value::<Event>(json).expect("reads back"),
        event
    );
}

#[test]
fn enrolling_logs_the_ratings_and_undo_takes_back_a_check() {
    let mut t = table(&party());
    assert_eq!(
        Freelancer::describe(&t.log()[0].events[0]),
        "You joins the table: LCK 12, LFT 42."
    );
    t.execute(
        task("You", RatingSource::Value(99), 5),
        &mut Scripted::new(vec![]),
    )
    .expect("no roll");
    assert_eq!(
        Freelancer::describe(&t.log()[3].events[0]),
        "You: task check, rating 99 vs 5: difference -94 (0 or less: success without a roll): no roll: success."
    );
    t.undo().expect("an entry");
    assert_eq!(Freelancer::view(t.state())["last"], json!(null));
    assert_eq!(
        Freelancer::view(t.state())["characters"]["Mara"],
        json!({ "LCK": 31, "LFT": 71 })
    );
}
