#![allow(clippy::unwrap_used)]
//! Task checks through `Table<Freelancer>` with scripted dice: every band edge (rulings F1-F3) with its
//! odds and consequence, equalizing (F2) up to 10^30, the book's guard, boulder and team lift, checks
//! against an NPC's Encounter Sheet, adjustments, plain percentages, log lines and the view.

use serde_json::json;
use skald_core::{Scripted, System, Table};
use skald_freelancer::{
    Band, Command, Consequence, Event, Freelancer, Kind, Options, Outcome, Rating, RatingSource,
    Sheet,
};

fn table(characters: &[Sheet]) -> Table<Freelancer> {
    let mut table = Table::<Freelancer>::new(Options::default());
    for c in characters {
        table
            .execute(Freelancer::enroll(c.clone()), &mut Scripted::new(vec![]))
            .unwrap();
    }
    table
}

/// A command as a scenario step writes it.
fn command(step: serde_json::Value) -> Command {
    serde_json::from_value(step).unwrap()
}

fn task(who: &str, rating: RatingSource, difficulty: u128) -> Command {
    Command::TaskCheck {
        who: who.into(),
        rating,
        difficulty: Some(difficulty.into()),
        opponent: None,
        opponent_rating: None,
        adjust: Vec::new(),
        against: None,
        roll_anyway: false,
    }
}

fn last(table: &Table<Freelancer>) -> serde_json::Value {
    Freelancer::view(table.state())["last"].clone()
}

/// One task check of `rating` against `difficulty` with the d100 `roll` (`None`: no die may be
/// rolled): the band, the odds before the roll, the outcome and the consequence (rulings F1-F3).
fn check(
    rating: u128,
    difficulty: u128,
    roll: Option<i64>,
    band: Band,
    odds: (&str, &str),
    outcome: Outcome,
    consequence: Consequence,
) {
    let mut t = table(&[Sheet::new("You", &[])]);
    let command = command(json!({
        "do": "task_check", "who": "You", "rating": rating.to_string(),
        "difficulty": difficulty.to_string()
    }));
    let mut dice = Scripted::new(roll.into_iter().collect::<Vec<_>>());
    let events = t.execute(command, &mut dice).unwrap().to_vec();
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
            check.odds.p_success.as_str(),
            check.odds.p_botch.as_str(),
            check.roll.map(i64::from),
            check.outcome,
            check.success,
            check.consequence,
        ),
        (
            band,
            odds.0,
            odds.1,
            roll,
            outcome,
            outcome.succeeded(),
            consequence
        ),
        "rating {rating} vs difficulty {difficulty}, d100 {roll:?}"
    );
}

#[test]
fn every_band_edge() {
    use Band::*;
    use Consequence as C;
    use Outcome::{Botch, Crit, Failure, Success};
    let sure = ("1", "0");
    // difference <= 0: success without a roll.
    check(50, 50, None, Automatic, sure, Success, C::None);
    check(51, 50, None, Automatic, sure, Success, C::None);
    check(0, 0, None, Automatic, sure, Success, C::None);
    // 1-5: only a Botch fails; a Crit gives no bonus.
    let botch_only = ("19/20", "1/20");
    check(50, 51, Some(95), BotchOnly, botch_only, Success, C::None);
    check(50, 51, Some(96), BotchOnly, botch_only, Botch, C::Botch);
    check(50, 51, Some(1), BotchOnly, botch_only, Success, C::None);
    check(50, 55, Some(100), BotchOnly, botch_only, Botch, C::Botch);
    // 5/6 edge: at 6, d100 <= 94 succeeds.
    let six = ("47/50", "1/20");
    check(50, 56, Some(94), Normal, six, Success, C::None);
    check(50, 56, Some(95), Normal, six, Failure, C::Failure);
    check(50, 56, Some(96), Normal, six, Botch, C::Botch);
    check(50, 56, Some(3), Normal, six, Crit, C::None);
    // 95/96 edge: at 95 only 1-5 is at most 100 - 95; at 96 only a Crit succeeds, failure is minor.
    let narrow = ("1/20", "1/20");
    check(0, 95, Some(5), Normal, narrow, Crit, C::None);
    check(0, 95, Some(6), Normal, narrow, Failure, C::Failure);
    check(0, 96, Some(5), CritOnly, narrow, Crit, C::None);
    check(0, 96, Some(6), CritOnly, narrow, Failure, C::Minor);
    check(0, 96, Some(96), CritOnly, narrow, Botch, C::Botch);
    // 100/101 edge: from 101 every failure is a Botch.
    check(0, 100, Some(50), CritOnly, narrow, Failure, C::Minor);
    let miracle = ("1/20", "19/20");
    check(0, 101, Some(5), Miracle, miracle, Crit, C::None);
    check(0, 101, Some(6), Miracle, miracle, Botch, C::Botch);
    // 150/151 edge: from 151 the check fails with no roll and counts as a Botch (RULINGS F3):
    // P(success) 0, P(Botch) exactly 1.
    check(0, 150, Some(1), Miracle, miracle, Crit, C::None);
    let hopeless = ("0", "1");
    check(0, 151, None, Hopeless, hopeless, Botch, C::Botch);
    check(0, 999, None, Hopeless, hopeless, Botch, C::Botch);
    // Equalizing first (F2): 42 vs 1200 is 4 vs 120, difference 116.
    check(42, 1200, Some(5), Miracle, miracle, Crit, C::None);
    check(42, 1200, Some(63), Miracle, miracle, Botch, C::Botch);
    // 1000 vs 1499 is 100 vs 149, difference 49: d100 <= 51.
    let forty_nine = ("51/100", "1/20");
    check(1000, 1499, Some(51), Normal, forty_nine, Success, C::None);
    check(
        1000,
        1499,
        Some(52),
        Normal,
        forty_nine,
        Failure,
        C::Failure,
    );
    check(1499, 1000, None, Automatic, sure, Success, C::None);
}

#[test]
fn the_extremes_up_to_ten_to_the_thirty() {
    use Band::*;
    use Consequence as C;
    let e18 = 1_000_000_000_000_000_000;
    let e30 = skald_freelancer::MAX_RATING;
    check(
        e18,
        e18,
        None,
        Automatic,
        ("1", "0"),
        Outcome::Success,
        C::None,
    );
    // 0 vs 10^18 is 0 vs 100.
    let narrow = ("1/20", "1/20");
    check(
        0,
        e18,
        Some(50),
        CritOnly,
        narrow,
        Outcome::Failure,
        C::Minor,
    );
    // 10^18 - 1 (18 digits) vs 0: 999 vs 0.
    check(
        e18 - 1,
        0,
        None,
        Automatic,
        ("1", "0"),
        Outcome::Success,
        C::None,
    );
    check(
        0,
        e18 - 1,
        None,
        Hopeless,
        ("0", "1"),
        Outcome::Botch,
        C::Botch,
    );
    check(
        e30,
        e30,
        None,
        Automatic,
        ("1", "0"),
        Outcome::Success,
        C::None,
    );
    let botch_only = ("19/20", "1/20");
    check(
        e30 - 1,
        e30,
        Some(1),
        BotchOnly,
        botch_only,
        Outcome::Success,
        C::None,
    ); // 99 vs 100
    check(e18, e30, Some(1), CritOnly, narrow, Outcome::Crit, C::None); // 0 vs 100
    check(
        0,
        e30 - 1,
        None,
        Hopeless,
        ("0", "1"),
        Outcome::Botch,
        C::Botch,
    ); // 0 vs 999
}

#[test]
fn the_guard_against_his_encounter_sheet() {
    // freelancer.txt, Task Checks: CHM 27 against the guard's WIL 56, difference 29: d100 <= 71.
    let guard = Sheet {
        kind: Kind::Encounter,
        ..Sheet::new("Guard", &[(Rating::Wil, 56)])
    };
    let mut t = table(&[Sheet::new("You", &[(Rating::Chm, 27)]), guard]);
    let command = command(json!({
        "do": "task_check", "who": "You", "rating": "CHM", "opponent": "Guard",
        "opponent_rating": "WIL", "against": "the guard's WIL"
    }));
    t.execute(command.clone(), &mut Scripted::new(vec![71]))
        .unwrap();
    assert_eq!(
        last(&t),
        json!({
            "event": "task_checked", "who": "You", "stat": "CHM", "opponent": "Guard",
            "opponent_rating": "WIL", "rating": 27, "difficulty": 56, "against": "the guard's WIL",
            "equalized": { "rating": 27, "difficulty": 56, "divisor": 1, "digits": 2 },
            "difference": 29, "band": "normal", "p_success": "71/100", "p_botch": "1/20", "roll": 71,
            "outcome": "success", "success": true, "consequence": "none"
        })
    );
    t.execute(command, &mut Scripted::new(vec![72])).unwrap();
    assert_eq!(last(&t)["outcome"], json!("failure"));
    assert_eq!(Freelancer::view(t.state())["checks"], json!(2));
    assert_eq!(
        Freelancer::describe(&t.log()[2].events[0]),
        "You: task check, CHM 27 vs 56 (the guard's WIL), Guard's WIL: the larger number, 56, has 2 \
         digits: no equalizing needed (F2); difference = 56 - 27 = 29 (6-95: d100 at most 100 - \
         difference succeeds; Crit succeeds, Botch fails, F3); chance of success 71.0% (71/100), of \
         a Botch 5.0% (1/20): d100 71: success."
    );
}

fn party() -> [Sheet; 3] {
    [
        Sheet::new("You", &[(Rating::Lft, 42), (Rating::Lck, 12)]),
        Sheet::new("Mara", &[(Rating::Lft, 71), (Rating::Lck, 31)]),
        Sheet::new("Tobin", &[(Rating::Lft, 87), (Rating::Lck, 18)]),
    ]
}

fn lift(who: &[&str], roller: Option<&str>) -> Command {
    Command::TeamLift {
        who: who.iter().map(|w| (*w).to_owned()).collect(),
        difficulty: Some(1200u128.into()),
        roller: roller.map(str::to_owned),
        against: Some("the boulder".into()),
        roll_anyway: false,
    }
}

#[test]
fn the_boulder_alone_then_the_team_lift() {
    let mut t = table(&party());
    let alone = command(json!({
        "do": "task_check", "who": "You", "rating": "LFT", "difficulty": 1200, "against": "the boulder"
    }));
    t.execute(alone, &mut Scripted::new(vec![63])).unwrap();
    let view = last(&t);
    assert_eq!(
        view["equalized"],
        json!({ "rating": 4, "difficulty": 120, "divisor": 10, "digits": 4 })
    );
    assert_eq!(
        (&view["difference"], &view["band"], &view["outcome"]),
        (&json!(116), &json!("miracle"), &json!("botch"))
    );

    // 42 + 71 + 87 = 200, equalized against 1200: 20 vs 120, difference 100. Mara has the best LCK.
    t.execute(
        lift(&["You", "Mara", "Tobin"], None),
        &mut Scripted::new(vec![50]),
    )
    .unwrap();
    assert_eq!(
        last(&t),
        json!({
            "event": "team_lifted",
            "team": [{ "who": "You", "lft": 42 }, { "who": "Mara", "lft": 71 }, { "who": "Tobin", "lft": 87 }],
            "roller": "Mara",
            "rating": 200, "difficulty": 1200, "against": "the boulder",
            "equalized": { "rating": 20, "difficulty": 120, "divisor": 10, "digits": 4 },
            "difference": 100, "band": "crit_only", "p_success": "1/20", "p_botch": "1/20", "roll": 50,
            "outcome": "failure", "success": false, "consequence": "minor"
        })
    );
    t.execute(
        lift(&["You", "Mara", "Tobin"], Some("Tobin")),
        &mut Scripted::new(vec![4]),
    )
    .unwrap();
    let lines: Vec<String> = t
        .log()
        .iter()
        .skip(3)
        .flat_map(|e| e.events.iter().map(Freelancer::describe))
        .collect();
    assert_eq!(
        lines,
        [
            "You: task check, LFT 42 vs 1200 (the boulder): the larger number, 1200, has 4 digits: keep its \
             highest 3 (F2); divide both by 10^1 = 10, dropping fractions: rating 42 -> 4, difficulty 1200 \
             -> 120; difference = 120 - 4 = 116 (101-150: only a Crit succeeds; every failure is a Botch, \
             F3); chance of success 5.0% (1/20), of a Botch 95.0% (19/20): d100 63: Botch, failure.",
            "Team lift, LFT added up: You 42 + Mara 71 + Tobin 87 = 200 vs 1200 (the boulder): the larger \
             number, 1200, has 4 digits: keep its highest 3 (F2); divide both by 10^1 = 10, dropping \
             fractions: rating 200 -> 20, difficulty 1200 -> 120; difference = 120 - 20 = 100 (96-100: only \
             a Crit succeeds; failure minor, Botch worse, F3); chance of success 5.0% (1/20), of a Botch \
             5.0% (1/20): Mara rolls d100 50: failure, minor consequences.",
            "Team lift, LFT added up: You 42 + Mara 71 + Tobin 87 = 200 vs 1200 (the boulder): the larger \
             number, 1200, has 4 digits: keep its highest 3 (F2); divide both by 10^1 = 10, dropping \
             fractions: rating 200 -> 20, difficulty 1200 -> 120; difference = 120 - 20 = 100 (96-100: only \
             a Crit succeeds; failure minor, Botch worse, F3); chance of success 5.0% (1/20), of a Botch \
             5.0% (1/20): Tobin rolls d100 4: Crit, success.",
        ]
    );
}

#[test]
fn the_roller_defaults_to_the_best_luck_then_the_first_listed() {
    let mut t = table(&[
        Sheet::new("A", &[(Rating::Lft, 10)]),
        Sheet::new("B", &[(Rating::Lft, 10), (Rating::Lck, 5)]),
        Sheet::new("C", &[(Rating::Lft, 10), (Rating::Lck, 5)]),
    ]);
    t.execute(lift(&["A", "C", "B"], None), &mut Scripted::new(vec![1]))
        .unwrap();
    assert_eq!(last(&t)["roller"], json!("C"));
    t.execute(lift(&["A", "B"], None), &mut Scripted::new(vec![1]))
        .unwrap();
    assert_eq!(last(&t)["roller"], json!("B"));
}

#[test]
fn adjustments_are_applied_before_equalizing_and_recorded() {
    // One arm lifts a quarter of LFT (freelancer.txt, Stats: Lifting Power): 420 / 4 = 105 vs 1200.
    let mut t = table(&[Sheet::new("You", &[(Rating::Lft, 420)])]);
    let quarter = command(json!({
        "do": "task_check", "who": "You", "rating": "LFT", "difficulty": 1200,
        "adjust": [{ "factor": "1/4", "reason": "one arm" }]
    }));
    t.execute(quarter, &mut Scripted::new(vec![10])).unwrap();
    let view = last(&t);
    assert_eq!(
        view["adjustments"],
        json!([{ "factor": "1/4", "reason": "one arm", "before": 420, "after": 105 }])
    );
    assert_eq!(
        (&view["rating"], &view["difference"]),
        (&json!(105), &json!(110))
    );
    assert!(
        Freelancer::describe(&t.log()[1].events[0])
            .starts_with("You: task check, LFT 420 x 1/4 (one arm) = 105 vs 1200:")
    );
}

#[test]
fn a_plain_percentage_rolls_one_d100() {
    let mut t = table(&[Sheet::new("You", &[])]);
    let chance = |c: u128| Command::ChanceCheck {
        who: "You".into(),
        chance: c.into(),
        against: None,
    };
    t.execute(chance(75), &mut Scripted::new(vec![75])).unwrap();
    assert_eq!(
        last(&t),
        json!({
            "event": "chance_checked", "who": "You", "chance": 75, "against": null,
            "p_success": "3/4", "p_botch": "1/20", "roll": 75, "outcome": "success", "success": true,
            "consequence": "none"
        })
    );
    t.execute(chance(0), &mut Scripted::new(vec![5])).unwrap();
    assert_eq!(
        (&last(&t)["p_success"], &last(&t)["outcome"]),
        (&json!("1/20"), &json!("crit"))
    );
}

#[test]
fn commands_and_events_read_back_from_json() {
    let read = command(json!({
        "do": "task_check", "who": "You", "rating": "CHM", "difficulty": 56, "against": "the guard's WIL"
    }));
    assert_eq!(
        read,
        Command::TaskCheck {
            who: "You".into(),
            rating: RatingSource::Sheet(Rating::Chm),
            difficulty: Some(56u128.into()),
            opponent: None,
            opponent_rating: None,
            adjust: Vec::new(),
            against: Some("the guard's WIL".into()),
            roll_anyway: false,
        }
    );
    let big = command(json!({
        "do": "task_check", "who": "You", "rating": 27, "difficulty": "1000000000000000000000000000000"
    }));
    let Command::TaskCheck { difficulty, .. } = big else {
        panic!("a task check")
    };
    assert_eq!(
        difficulty.map(|d| d.check("difficulty", 0, skald_freelancer::MAX_RATING, "")),
        Some(Ok(skald_freelancer::MAX_RATING))
    );
    let typo = serde_json::from_value::<Command>(
        json!({ "do": "task_check", "who": "Y", "rating": 3, "dificulty": 5 }),
    );
    assert!(
        typo.unwrap_err()
            .to_string()
            .contains("unknown field `dificulty`")
    );
    assert!(serde_json::from_value::<Sheet>(json!({ "name": "You", "LFT": 42 })).is_err());
    assert!(
        serde_json::from_value::<Sheet>(json!({ "name": "You", "ratings": { "lift": 42 } }))
            .is_err()
    );

    // Events read back (flattened checks and numbers past a TOML integer included), so a log replays.
    let mut t = table(&[Sheet::new(
        "Titan",
        &[(Rating::Lft, skald_freelancer::MAX_RATING)],
    )]);
    t.execute(
        task("Titan", RatingSource::Sheet(Rating::Lft), 12_345),
        &mut Scripted::new(vec![]),
    )
    .unwrap();
    for entry in t.log() {
        for event in &entry.events {
            let json = serde_json::to_value(event).unwrap();
            assert_eq!(&serde_json::from_value::<Event>(json).unwrap(), event);
        }
    }
    assert_eq!(last(&t)["rating"], json!("1000000000000000000000000000000"));
}
