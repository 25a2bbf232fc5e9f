//! The dice notation, case by case, with scripted dice: each case states the dice it rolls and the exact
//! total, and every scripted value must be used (so each case also proves how many dice were thrown).
#![allow(clippy::unwrap_used)] // helpers outside #[test] fns unwrap too

use skald_dice::notation::{
    ErrorKind, Expr, NotationError, NumberPlace, Roll, TermRoll, check_str, parse, roll_str,
};
use skald_dice::odds::distribution_str;
use skald_dice::{DiceSource, Die, Scripted, SeededRandom, SourceError, notation};

/// Rolls `input` with exactly `dice` and expects `total`.
#[track_caller]
fn check(input: &str, dice: &[i64], total: i64) -> Roll {
    let mut source = Scripted::new(dice.to_vec());
    let roll =
        roll_str(input, &mut source).unwrap_or_else(|e| panic!("{input}:\n{}", e.render(input)));
    assert_eq!(roll.total, total, "{input}\n{roll}");
    assert!(
        source.remaining().is_empty(),
        "{input}: dice left over: {:?}\n{roll}",
        source.remaining()
    );
    roll
}

/// Expects `input` to fail before any die is thrown, with a message containing `expected`.
#[track_caller]
fn check_error(input: &str, expected: &str) -> NotationError {
    let error = roll_str(input, &mut Scripted::new(vec![])).expect_err(input);
    let message = error.kind().to_string();
    assert!(
        message.contains(expected),
        "{input}: {message:?} does not contain {expected:?}"
    );
    error
}

/// The one term of a roll.
#[track_caller]
fn only_term(roll: &Roll) -> &TermRoll {
    assert_eq!(roll.terms.len(), 1, "{roll}");
    &roll.terms[0]
}

fn values(term: &TermRoll) -> Vec<i64> {
    term.dice.iter().map(|d| d.value).collect()
}

fn kept(term: &TermRoll) -> Vec<bool> {
    term.dice.iter().map(|d| d.kept).collect()
}

#[test]
fn one_d_one_explode_and_one_d_zero_are_errors_but_one_d_one_rolls_one() {
    let error = check_error(
        "1d1!",
        "1d1! explodes on every face of a d1 (1 only) that its rerolls leave: an explosion \
         condition must leave at least one face that stops",
    );
    assert_eq!(error.position(), Some(0));
    let error = check_error("1d0", "sides must be 1 to 1000000, got 0");
    assert_eq!(
        error.kind(),
        &ErrorKind::SidesOutOfRange { low: 0, high: 0 }
    );
    let roll = check("1d1", &[1], 1);
    assert_eq!(only_term(&roll).die, Die::Numbered(1));
}

#[test]
fn zero_dice_total_zero_and_roll_nothing() {
    let roll = check("0d6", &[], 0);
    let term = only_term(&roll);
    assert_eq!((term.count, term.dice.len(), term.total), (0, 0, 0));
}

#[test]
fn a_missing_count_is_one_and_percent_is_a_hundred() {
    assert_eq!(parse("d20").unwrap(), parse("1d20").unwrap());
    assert_eq!(parse("d20").unwrap().to_string(), "1d20");
    check("d20", &[17], 17);
    let roll = check("d%", &[100], 100);
    assert_eq!(only_term(&roll).die, Die::Numbered(100));
}

#[test]
fn arithmetic_on_dice() {
    check("2d6-3", &[4, 5], 6);
    check("2d6+3", &[4, 5], 12);
    check("2d6*3", &[4, 5], 27);
    check("-3d6", &[1, 2, 3], -6);
    check("2*-3", &[], -6);
    check("1--1", &[], 2);
    check("2+3*4", &[], 14);
    check("(2+3)*4", &[], 20);
    check("10-4-3", &[], 3);
    check("2*3 > 5", &[], 1);
}

#[test]
fn division_rounds_toward_zero_and_refuses_zero() {
    check("7/2", &[], 3);
    check("-7/2", &[], -3);
    check("7/-2", &[], -3);
    check("-7/-2", &[], 3);
    check("1d6/2", &[5], 2);
    let error = check_error("1/0", "the divisor is 0: a divisor must not be 0");
    assert_eq!(error.position(), Some(1));
    // Refused before the die is drawn: the scripted 3 stays.
    let mut dice = Scripted::new(vec![3]);
    let error = roll_str("5/(1d6-3)", &mut dice).unwrap_err();
    assert_eq!(
        error.kind(),
        &ErrorKind::DivisionByZero {
            divisor: "(1d6 - 3)".into(),
            low: -2,
            high: 3
        }
    );
    assert_eq!(dice.remaining(), &[3]);
}

/// Expects `input` to be refused before any die is drawn, rendered exactly as `rendered`.
#[track_caller]
fn check_refusal(input: &str, rendered: &str) -> NotationError {
    let error = check_str(input).expect_err(input);
    assert_eq!(error.render(input), rendered, "{input}");
    let mut dice = Scripted::new(vec![1; 64]);
    assert_eq!(roll_str(input, &mut dice).unwrap_err(), error, "{input}");
    assert_eq!(dice.remaining().len(), 64, "{input}: a die was drawn");
    error
}

#[test]
fn a_divisor_that_can_be_zero_is_refused_before_any_die() {
    // The attack of issue 13: this was refused after drawing, as `156 / 0`, quoting the dice.
    check_refusal(
        "(1d6*1 + 1d6*10 + 1d6*100)/0",
        "(1d6*1 + 1d6*10 + 1d6*100)/0\n                          ^\nthe divisor is 0: a divisor must not be 0",
    );
    check_refusal(
        "1d6/(1d6-1)",
        "1d6/(1d6-1)\n   ^\nthe divisor (1d6 - 1) can be 0 (it ranges over 0 to 5): a divisor must \
         never be 0, whatever the dice show",
    );
    check_refusal(
        "10 / (2 - 2)",
        "10 / (2 - 2)\n   ^\nthe divisor (2 - 2) is always 0: a divisor must not be 0",
    );
    check_refusal(
        "2d6 / 1d3kh0",
        "2d6 / 1d3kh0\n    ^\nthe divisor 1d3kh0 is always 0: a divisor must not be 0",
    );
    // A success count is put in parentheses; the dropped integer 7 shifts no caret.
    check_refusal(
        "(6d10>=-7) / (2d6>=7)",
        "(6d10>=-7) / (2d6>=7)\n           ^\nthe divisor (2d6>=7) can be 0 (it ranges over 0 to 2): a \
         divisor must never be 0, whatever the dice show",
    );
    // The ranges are safe over-estimates: this divisor is -1 or 1, but its range holds 0.
    check_refusal(
        "1d6 / (1d2*2 - 3)",
        "1d6 / (1d2*2 - 3)\n    ^\nthe divisor (1d2 * 2 - 3) can be 0 (it ranges over -1 to 1): a \
         divisor must never be 0, whatever the dice show",
    );
    // A divisor that cannot be 0 rolls.
    check("1d6 / (1d6 + 1)", &[6, 2], 2);
    check("1d6 / -1d6", &[6, 2], -3);
    check("100 / (1d6 - 7)", &[1], -16);
}

#[test]
fn a_value_that_can_overflow_is_refused_before_any_die() {
    check_refusal(
        "9223372036854775807 + 1d6",
        "9223372036854775807 + 1d6\n                    ^\n9223372036854775807 + 1d6 can overflow: it \
         can reach 9223372036854775813, and every value must stay within -9223372036854775808 to \
         9223372036854775807",
    );
    let error = check_refusal(
        "d6 * 9223372036854775807",
        "d6 * 9223372036854775807\n   ^\n1d6 * 9223372036854775807 can overflow: it can reach \
         55340232221128654842, and every value must stay within -9223372036854775808 to \
         9223372036854775807",
    );
    assert_eq!(
        error.kind(),
        &ErrorKind::Overflow {
            operation: "1d6 * 9223372036854775807".into(),
            low: i128::from(i64::MAX),
            high: 6 * i128::from(i64::MAX),
        }
    );
    check_refusal(
        "-9223372036854775807 - 1d6",
        "-9223372036854775807 - 1d6\n                     ^\n-9223372036854775807 - 1d6 can overflow: \
         it can reach -9223372036854775813, and every value must stay within -9223372036854775808 \
         to 9223372036854775807",
    );
    // The first part to overflow, in evaluation order, is the one named.
    check_refusal(
        "1 + 2 + 9223372036854775807 + 1d6",
        "1 + 2 + 9223372036854775807 + 1d6\n      ^\n1 + 2 + 9223372036854775807 overflows: it is \
         9223372036854775810, and every value must stay within -9223372036854775808 to \
         9223372036854775807",
    );
    // Of two minus signs, the inner one negates first.
    check_refusal(
        "--(-9223372036854775807 - 1)",
        "--(-9223372036854775807 - 1)\n ^\n-(-9223372036854775807 - 1) overflows: it is \
         9223372036854775808, and every value must stay within -9223372036854775808 to \
         9223372036854775807",
    );
    // Both ends out of range.
    check_refusal(
        "1d3 * 9223372036854775807 - 1d3 * 9223372036854775807 * 2",
        "1d3 * 9223372036854775807 - 1d3 * 9223372036854775807 * 2\n    ^\n1d3 * 9223372036854775807 \
         can overflow: it can reach 27670116110564327421, and every value must stay within \
         -9223372036854775808 to 9223372036854775807",
    );
    check("9223372036854775801 + 1d6", &[6], i64::MAX);
    check("-9223372036854775802 - 1d6", &[6], i64::MIN);
}

#[test]
fn a_roll_that_may_need_too_many_throws_is_refused_before_any_die() {
    let error = check_refusal(
        "100d6r1!",
        "100d6r1!\n^\nthe roll may need up to 1020100 throws of a die, counting every reroll and \
         explosion at its cap (100 each): the limit is 1010000 throws per roll",
    );
    assert_eq!(
        error.kind(),
        &ErrorKind::TooManyThrows { throws: 1_020_100 }
    );
    // The caret is at the term that passes the limit.
    check_refusal(
        "2d6 + 99d6r1!! + 50d6ro1!",
        "2d6 + 99d6r1!! + 50d6ro1!\n                 ^\nthe roll may need up to 1020001 throws of a \
         die, counting every reroll and explosion at its cap (100 each): the limit is 1010000 \
         throws per roll",
    );
    // A rolled count counts at its highest, its own dice included.
    check_refusal(
        "(1d100)d6r1!",
        "(1d100)d6r1!\n^\nthe roll may need up to 1020101 throws of a die, counting every reroll \
         and explosion at its cap (100 each): the limit is 1010000 throws per roll",
    );
    assert_eq!(check_str("99d6r1!").unwrap().max_throws(), 1_009_899);
}

#[test]
fn max_throws_is_the_worst_case_and_common_rolls_pass() {
    let cases: &[(&str, u64)] = &[
        ("1d20 + 5", 1),
        ("4d6kh3", 4),
        ("(1d4)d6", 5),
        ("3d6*2", 3),
        ("8d6 > 6d6", 14),
        ("6d10>=7", 6),
        ("3d6!", 303),
        ("3d6!!", 303),
        ("10d10!>=8", 1_010),
        ("2d6r1", 202),
        ("2d4ro3", 4),
        ("1d6r1!", 10_201),
        ("1d6ro1!!", 202),
        // A condition no face can meet throws nothing more.
        ("1d6r7!>6", 1),
        ("1d(1d6+1)r8", 2),
        ("1d(1d6+1)r7", 102),
        ("2 + 3", 0),
        ("0d6!", 0),
        ("10000d6", 10_000),
        // The throw limit lets every die the dice limit allows reroll or explode to its cap.
        ("10000d6!", 1_010_000),
        ("10000d6r1", 1_010_000),
        ("9900d1000000r<1000000", 999_900),
    ];
    for &(input, throws) in cases {
        let checked = check_str(input).unwrap_or_else(|e| panic!("{}", e.render(input)));
        assert_eq!(checked.max_throws(), throws, "{input}");
        assert_eq!(checked.expr(), &parse(input).unwrap(), "{input}");
    }
    let roll = check_str("4d6kh3")
        .unwrap()
        .roll(&mut Scripted::new(vec![6, 5, 2, 3]))
        .unwrap();
    assert_eq!(roll.total, 14);
}

#[test]
fn max_throws_is_reached_when_every_reroll_and_explosion_runs_to_its_cap() {
    // Each throw shows 1 a hundred times (rerolled), then 6 (explodes): 101 throws of 101 values.
    let mut throw = vec![1; 100];
    throw.push(6);
    let dice: Vec<i64> = throw.repeat(101);
    assert_eq!(dice.len() as u64, check_str("1d6r1!").unwrap().max_throws());
    let roll = check("1d6r1!", &dice, 606);
    let term = only_term(&roll);
    assert_eq!(term.dice.len(), 101);
    assert!(term.dice.iter().all(|d| d.rerolled.len() == 100));
    assert_eq!(term.dice.iter().filter(|d| d.capped).count(), 1);
    assert!(term.dice[100].capped);
    let dice: Vec<i64> = [1, 6].repeat(101);
    assert_eq!(
        dice.len() as u64,
        check_str("1d6ro1!!").unwrap().max_throws()
    );
    check("1d6ro1!!", &dice, 606);
}

#[test]
fn a_hand_built_tree_is_refused_without_a_position() {
    let error = notation::check(parse("1d6 / (1d6 - 1)").unwrap()).unwrap_err();
    assert_eq!(error.position(), None);
    assert_eq!(
        error.to_string(),
        "the divisor (1d6 - 1) can be 0 (it ranges over 0 to 5): a divisor must never be 0, \
         whatever the dice show"
    );
    let error = notation::check(Expr::Neg(Box::new(Expr::Number(i64::MIN)))).unwrap_err();
    assert_eq!(
        error.to_string(),
        "--9223372036854775808 overflows: it is 9223372036854775808, and every value must stay \
         within -9223372036854775808 to 9223372036854775807"
    );
    assert_eq!(
        notation::check(parse("3d6!").unwrap())
            .unwrap()
            .max_throws(),
        303
    );
}

#[test]
fn whitespace_never_drops_a_term() {
    let roll = check("9d8 + 5000", &[1, 2, 3, 4, 5, 6, 7, 8, 8], 5044);
    assert_eq!(only_term(&roll).dice.len(), 9);
    let mut dice = vec![8; 9];
    dice.extend([10; 40]);
    let roll = check("9d8 - 40d10", &dice, 72 - 400);
    assert_eq!(
        roll.terms.iter().map(|t| t.dice.len()).collect::<Vec<_>>(),
        vec![9, 40]
    );
    assert_eq!(
        parse(" 9 d 8\t-\n40 d10 ").unwrap(),
        parse("9d8-40d10").unwrap()
    );
}

#[test]
fn the_unicode_minus_sign_is_a_minus() {
    assert_eq!(parse("1d4 − 1").unwrap(), parse("1d4-1").unwrap());
    check("1d4 − 1", &[3], 2);
    check("−2", &[], -2);
}

#[test]
fn syntax_errors_point_at_the_character() {
    let input = "((0+1)d6 + 3 + )";
    let error = check_error(
        input,
        "expected a number, a dice term (like 2d6 or d20) or '(', found ')'",
    );
    assert_eq!(error.position(), Some(15));
    assert_eq!(
        error.render(input),
        "((0+1)d6 + 3 + )\n               ^\nexpected a number, a dice term (like 2d6 or d20) or '(', found ')'"
    );

    let error = check_error("1da", "unexpected character 'a'");
    assert_eq!(error.position(), Some(2));
    let rendered = error.render("1da");
    let lines: Vec<&str> = rendered.lines().collect();
    assert_eq!(lines[..2], ["1da", "  ^"]);
    assert!(lines[2].starts_with("unexpected character 'a': the notation uses digits, d, F, %"));
    assert_eq!(
        error.to_string(),
        format!("{} (at character 2)", error.kind())
    );
}

#[test]
fn more_syntax_errors() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 0, "the expression ends too early: expected a number"),
        ("   ", 3, "the expression ends too early"),
        (
            "2d",
            2,
            "expected the sides after 'd': a number, %, F or '('",
        ),
        ("2d6 +", 5, "ends too early"),
        ("(1d6", 4, "expected ')'"),
        (
            "1d6)",
            3,
            "expected an operator (+ - * /), a comparison or the end, found ')'",
        ),
        (
            "2d6d",
            4,
            "expected the number of dice to drop after 'd', like 2d20d1",
        ),
        (
            "2d6d%",
            4,
            "after 'd', like 2d20d1 (a dice term is the count of another only in parentheses: (1d4)d6), found '%'",
        ),
        ("2d6r", 4, "a compare point after r or ro"),
        ("2d6r<x", 5, "unexpected character 'x'"),
        (
            "4d6kh3kl1",
            6,
            "a dice term takes at most one keep/drop (kh kl dh dl d) modifier",
        ),
        ("2d6!!!", 5, "at most one explosion (! !!) modifier"),
        (
            "2d6r1ro2",
            5,
            "r (until the condition fails) or ro (once), not both",
        ),
        ("1 > 2 > 1", 6, "comparisons do not chain"),
        ("1d6 + 0 > 2 = 1", 12, "comparisons do not chain"),
        ("6d10>=7>=2>=1", 10, "comparisons do not chain"),
        ("3 4", 2, "found '4'"),
        ("+3", 0, "found '+'"),
        (
            "99999999999999999999",
            0,
            "a number must be 0 to 9223372036854775807 (a negative number is written with a minus \
             sign), got 99999999999999999999",
        ),
    ];
    for &(input, position, message) in cases {
        let error = check_error(input, message);
        assert_eq!(error.position(), Some(position), "{input}: {error}");
    }
}

#[test]
fn too_many_dice_fail_at_once_naming_the_limit() {
    for (input, dice) in [("99999999d6", 99_999_999), ("15123d123123", 15_123)] {
        let error = check_error(input, "the limit is 10000 dice per roll");
        assert_eq!(error.kind(), &ErrorKind::TooManyDice { dice }, "{input}");
        assert_eq!(error.position(), Some(0));
    }
    // The limit is on the whole expression: 5000 + 5001 dice.
    let error = check_error("5000d6 + 5001d6", "rolls up to 10001 dice");
    assert_eq!(error.position(), Some(9));
    // A rolled count counts at its highest: (1d6)d6 is up to 7 dice.
    assert_eq!(
        check_error("9995d6 + (1d6)d6", "rolls up to 10002").position(),
        Some(9)
    );
    let dice = vec![1; 10_000];
    check("10000d6", &dice, 10_000);
    check("1d1000000", &[1_000_000], 1_000_000);
    check_error("1d1000001", "sides must be 1 to 1000000, got 1000001");
}

#[test]
fn counts_and_sides_outside_their_range_are_errors() {
    let error = check_error("(0-1)d6", "the number of dice must be 0 or more, got -1");
    assert_eq!(
        error.kind(),
        &ErrorKind::NegativeCount { low: -1, high: -1 }
    );
    check_error(
        "(1d20-10)d6",
        "the number of dice must be 0 or more, got -9 to 10 (the count is rolled)",
    );
    check_error(
        "1d(1d6-1)",
        "sides must be 1 to 1000000, got 0 to 5 (the sides are rolled)",
    );
    check_error("1d(0-6)", "got -6");
    assert_eq!(check_error("2d6 + 1d0", "got 0").position(), Some(6));
}

#[test]
fn a_condition_that_every_face_meets_is_an_error() {
    let error = check_error("1d6r<7", "1d6r<7 rerolls every face of a d6 (1 to 6)");
    assert_eq!(error.position(), Some(0));
    check_error("1d6r1r2r3r4r5r6", "rerolls every face");
    check_error("1d6ro>=1", "rerolls every face");
    check_error(
        "1dF!>=-1",
        "1dF!>=-1 explodes on every face of a dF (-1 to 1)",
    );
    check_error("1d6!<=6", "explodes on every face of a d6");
    // Rerolling 1-5 leaves only 6, which always explodes.
    check_error("1d6r<6!", "explodes on every face of a d6");
    // Rolled sides can be 1, and a d1 always explodes.
    check_error("1d(1d6)!", "explodes on every face of a d1");
    // A condition no face meets is fine, as is one that leaves a single face.
    check("1d6r7", &[3], 3);
    check("1d6r<6", &[2, 6], 6);
    check("1d6!<6", &[6], 6);
    check("1d6ro<6!", &[1, 6, 2, 6, 3, 4], 16);
}

#[test]
fn reroll_repeats_only_on_the_matching_faces() {
    let roll = check("4d6r=4", &[4, 2, 4, 4, 1, 6, 3], 12);
    let term = only_term(&roll);
    assert_eq!(values(term), vec![2, 1, 6, 3]);
    assert_eq!(
        term.dice
            .iter()
            .map(|d| d.rerolled.clone())
            .collect::<Vec<_>>(),
        vec![vec![4], vec![4, 4], vec![], vec![]]
    );
    assert_eq!(parse("4d6r4").unwrap(), parse("4d6r=4").unwrap());
    check("1d6r<3", &[1, 2, 1, 5], 5);
    check("1d6r1r2", &[1, 2, 6], 6);
    check("1d6r>4", &[6, 5, 4], 4);
    check("1d6r>=5", &[5, 6, 2], 2);
    check("1d6r<=2", &[2, 3], 3);
}

#[test]
fn reroll_once_keeps_a_second_match_and_reroll_repeats() {
    let roll = check("2d4ro3", &[3, 3, 2], 5);
    assert_eq!(only_term(&roll).dice[0].rerolled, vec![3]);
    assert!(!only_term(&roll).dice[0].capped);
    let roll = check("2d4r3", &[3, 3, 1, 2], 3);
    assert_eq!(values(only_term(&roll)), vec![1, 2]);
    assert_eq!(only_term(&roll).dice[0].rerolled, vec![3, 3]);
}

#[test]
fn keep_and_drop() {
    let cases: &[(&str, &[i64], i64, &[bool])] = &[
        ("4d6kh3", &[6, 5, 2, 3], 14, &[true, true, false, true]),
        ("4d6k3", &[6, 5, 2, 3], 14, &[true, true, false, true]),
        ("4d6k", &[6, 5, 2, 3], 6, &[true, false, false, false]),
        ("4d6kl2", &[6, 5, 2, 3], 5, &[false, false, true, true]),
        ("4d6dh1", &[6, 5, 2, 3], 10, &[false, true, true, true]),
        ("4d6dl", &[6, 5, 2, 3], 14, &[true, true, false, true]),
        ("4d6kh9", &[6, 5, 2, 3], 16, &[true, true, true, true]),
        ("4d6kh0", &[6, 5, 2, 3], 0, &[false, false, false, false]),
        ("4d6dl9", &[6, 5, 2, 3], 0, &[false, false, false, false]),
        // Among equal faces the earlier die ranks higher: kh3 and dl1 drop the same 2.
        ("4d6kh3", &[2, 5, 2, 6], 13, &[true, true, false, true]),
        ("4d6dl1", &[2, 5, 2, 6], 13, &[true, true, false, true]),
        ("4d6kl1", &[2, 5, 2, 6], 2, &[false, false, true, false]),
        ("4d6dh3", &[2, 5, 2, 6], 2, &[false, false, true, false]),
        ("2d20kh", &[7, 15], 15, &[false, true]),
        ("2d20kl", &[7, 15], 7, &[true, false]),
        // `d` with a number, alone, drops the lowest.
        ("2d20d1", &[7, 15], 15, &[false, true]),
        ("4d6d1", &[2, 5, 2, 6], 13, &[true, true, false, true]),
        ("4d6D2", &[6, 5, 2, 3], 11, &[true, true, false, false]),
    ];
    for &(input, dice, total, expected) in cases {
        let roll = check(input, dice, total);
        assert_eq!(kept(only_term(&roll)), expected, "{input}");
    }
    // Keep/drop comes after rerolls and explosions, whatever the written order.
    check("3d6kh2r1", &[1, 6, 2, 3], 9);
    // The explosion die of the 6 is a die of its own: 6 and 5 are kept.
    check("2d6kh2!", &[6, 5, 1], 11);
}

#[test]
fn explode_adds_dice_and_compound_grows_the_die() {
    let roll = check("3d6!", &[6, 4, 2, 3], 15);
    let term = only_term(&roll);
    assert_eq!(values(term), vec![6, 4, 2, 3]);
    assert_eq!(
        term.dice
            .iter()
            .map(|d| (d.exploded, d.explosion))
            .collect::<Vec<_>>(),
        vec![(true, false), (false, true), (false, false), (false, false)]
    );
    check("3d6!>=5", &[5, 6, 1, 2, 3], 17);
    check("3d6!>5", &[6, 5, 2, 3], 16);
    check("3d6!5", &[5, 6, 2, 3], 16);
    check("1dF!", &[1, 1, -1], 1);
    check("1dF!=-1", &[-1, 0], -1);
    // Explosion dice are rerolled too.
    check("1d6r1!", &[1, 6, 1, 3], 9);

    let roll = check("2d6!!", &[6, 6, 2, 5], 19);
    let term = only_term(&roll);
    assert_eq!(values(term), vec![14, 5]);
    assert_eq!(term.dice[0].compounded, vec![6, 6, 2]);
    assert!(term.dice[0].exploded);
    assert!(term.dice[1].compounded.is_empty());
    check("2d6!!kh1", &[6, 1, 5], 7);
    check("1d6!!>4", &[5, 6, 1], 12);
}

#[test]
fn rerolls_and_explosions_stop_at_one_hundred_and_mark_the_die_capped() {
    let sixes = vec![6; 101];
    let roll = check("1d6!", &sixes, 606);
    let term = only_term(&roll);
    assert_eq!(term.dice.len(), 101);
    assert!(term.dice[..100].iter().all(|d| d.exploded && !d.capped));
    assert!(term.dice[100].capped && !term.dice[100].exploded);

    let roll = check("1d6!!", &sixes, 606);
    let die = &only_term(&roll).dice[0];
    assert_eq!((die.compounded.len(), die.capped), (101, true));

    let roll = check("1d6r6", &sixes, 6);
    let die = &only_term(&roll).dice[0];
    assert_eq!((die.rerolled.len(), die.capped), (100, true));

    // One short of the cap is not capped.
    let mut dice = vec![6; 100];
    dice.push(2);
    let roll = check("1d6r6", &dice, 2);
    assert!(!only_term(&roll).dice[0].capped);
}

#[test]
fn success_counting() {
    let dice = [8, 3, 10, 7, 1, 2];
    check("6d10>=7", &dice, 3);
    check("6d10>7", &dice, 2);
    check("6d10<3", &dice, 2);
    check("6d10<=3", &dice, 3);
    check("6d10=10", &dice, 1);
    check("4dF>=0", &[-1, 0, 1, 1], 3);
    check("4dF=-1", &[-1, 0, 1, -1], 2);
    let roll = check("6d10>=7", &dice, 3);
    let marks: Vec<Option<bool>> = only_term(&roll).dice.iter().map(|d| d.success).collect();
    assert_eq!(
        marks,
        [
            Some(true),
            Some(false),
            Some(true),
            Some(true),
            Some(false),
            Some(false)
        ]
    );
    // Only kept dice count, and dropped dice have no mark.
    let roll = check("4d6kh3>=5", &[6, 5, 2, 3], 2);
    assert_eq!(only_term(&roll).dice[2].success, None);
    // Modifiers may follow the count: explode on the default face, count 5+.
    check("3d6>=5!", &[6, 4, 2, 5], 2);
    // A success count compared once more: at least two successes.
    check("6d10>=7 >= 2", &dice, 1);
    check("(6d10>=7) + 1", &dice, 4);
}

#[test]
fn comparisons_between_expressions() {
    check("8d6 > 6d6", &[1; 14], 1);
    check("6d6 > 8d6", &[1; 14], 0);
    check("1d6 = 1d6", &[4, 4], 1);
    check("1d20 + 5 >= 15", &[10], 1);
    check("1d20 + 5 >= 15", &[9], 0);
    // Not success counting: the left side is not a single dice term, or the right not an integer.
    check("5 + 1d20 >= 15", &[9], 0);
    check("5 + 1d20 >= 15", &[10], 1);
    check("1d20 >= 10 + 5", &[15], 1);
    check("(3d6) >= 10", &[4, 4, 4], 1);
    check("3d6 >= (10)", &[4, 4, 4], 1);
    check("3d6 >= 10", &[4, 4, 4], 0);
    check("-3d6 < -10", &[4, 4, 4], 1);
    // A point's number never starts a dice term: this compares, the explosion keeps its default.
    check("3d6! > 2d6", &[5, 4, 3, 1, 1], 1);
    check("1 < 2", &[], 1);
    check("2 <= 1", &[], 0);
}

#[test]
fn computed_counts_and_sides() {
    let roll = check("(2+3)d6", &[1, 2, 3, 4, 5], 15);
    assert_eq!(only_term(&roll).count, 5);
    let roll = check("1d(4+2)", &[6], 6);
    assert_eq!(only_term(&roll).die, Die::Numbered(6));
    let error = roll_str("1d(4+2)", &mut Scripted::new(vec![7])).unwrap_err();
    assert!(matches!(
        error.kind(),
        ErrorKind::Source(SourceError::NotAFace { value: 7, .. })
    ));
    let roll = check("(1d4)d6", &[3, 1, 2, 3], 6);
    assert_eq!(
        roll.terms
            .iter()
            .map(|t| t.notation.as_str())
            .collect::<Vec<_>>(),
        ["1d4", "(1d4)d6"]
    );
    check("1d(1d6+1)", &[3, 4], 4);
    check("(8d6 > 6d6)d6", &[1; 15], 1);
}

#[test]
fn fate_dice() {
    let roll = check("4dF", &[-1, 0, 1, 1], 1);
    assert_eq!(only_term(&roll).die, Die::Fate);
    check("4df + 2", &[-1, -1, -1, -1], -2);
}

#[test]
fn nesting_deeper_than_64_fails() {
    let nested = |depth: usize| format!("{}1d6{}", "(".repeat(depth), ")".repeat(depth));
    check(&nested(64), &[3], 3);
    let error = check_error(&nested(65), "parentheses nest more than 64 levels deep");
    assert_eq!(error.position(), Some(64));
    // Minus signs are not nesting: a long run parses (and does not overflow the stack).
    check(&format!("{}1", "-".repeat(998)), &[], 1);
}

#[test]
fn an_expression_longer_than_1000_characters_fails() {
    let at_limit = format!("1{} ", "+1".repeat(499));
    assert_eq!(at_limit.chars().count(), 1000);
    check(&at_limit, &[], 500);
    let over = format!("{at_limit} ");
    let error = check_error(
        &over,
        "the expression is 1001 characters long: the limit is 1000 characters",
    );
    assert_eq!(error.position(), Some(1000));
    // Characters, not bytes: 1000 minus signs (3 bytes each) are within the limit.
    check(&format!("{}1", "−".repeat(999)), &[], -1);
}

#[test]
fn overflow_is_an_error_not_a_panic() {
    check("9223372036854775807", &[], i64::MAX);
    check("-9223372036854775807 - 1", &[], i64::MIN);
    check_error(
        "9223372036854775807 + 1",
        "9223372036854775807 + 1 overflows: it is 9223372036854775808, and every value must stay \
         within -9223372036854775808 to 9223372036854775807",
    );
    check_error(
        "-9223372036854775807 - 2",
        "-9223372036854775807 - 2 overflows: it is -9223372036854775809",
    );
    check_error(
        "4611686018427387904 * 2",
        "4611686018427387904 * 2 overflows: it is 9223372036854775808",
    );
    let error = check_error(
        "(-9223372036854775807 - 1) / -1",
        "(-9223372036854775807 - 1) / -1 overflows: it is 9223372036854775808",
    );
    assert_eq!(error.position(), Some(27));
    let error = check_error(
        "-(-9223372036854775807 - 1)",
        "-(-9223372036854775807 - 1) overflows: it is 9223372036854775808",
    );
    assert_eq!(error.position(), Some(0));
    check_error(
        "9223372036854775808",
        "a number must be 0 to 9223372036854775807 (a negative number is written with a minus \
         sign), got 9223372036854775808",
    );
    // Refused before the die is drawn, quoting the range, not the die.
    let mut dice = Scripted::new(vec![2]);
    let error = roll_str("1d6 * 9223372036854775807", &mut dice).unwrap_err();
    assert_eq!(
        error.kind().to_string(),
        "1d6 * 9223372036854775807 can overflow: it can reach 55340232221128654842, and every \
         value must stay within -9223372036854775808 to 9223372036854775807"
    );
    assert_eq!(error.position(), Some(4));
    assert_eq!(dice.remaining(), &[2]);
}

#[test]
fn canonical_notation() {
    let cases = [
        ("4D6 K3", "4d6kh3"),
        ("d20", "1d20"),
        ("2d20k", "2d20kh1"),
        ("2d6+3", "2d6 + 3"),
        ("-3d6", "-3d6"),
        ("(2+3)d6", "(2 + 3)d6"),
        ("1d(4+2)", "1d(4 + 2)"),
        ("(1d4)d6", "(1d4)d6"),
        ("4d6r=4", "4d6r4"),
        ("2d4ro<2ro=4", "2d4ro<2ro4"),
        ("4d6kh3r1!>5", "4d6r1!>5kh3"),
        ("6d10>=7", "6d10>=7"),
        ("8d6>6d6", "8d6 > 6d6"),
        ("(3d6)>=10", "(3d6) >= 10"),
        ("3d6>=(10)", "(3d6) >= 10"),
        ("1dF!=-1", "1dF!=-1"),
        ("3d6>=5!", "3d6>=5!"),
        ("3d6!r1>=5", "3d6r1>=5!"),
        ("3d6!kh2>=5", "3d6!kh2>=5"),
        ("3d6!>2d6", "(3d6!) > 2d6"),
        ("(3d6!) > 2 + 1", "(3d6!) > 2 + 1"),
        ("1-(2-3)", "1 - (2 - 3)"),
        ("(1-2)-3", "1 - 2 - 3"),
        ("2*(3+4)", "2 * (3 + 4)"),
        ("-(1+2)", "-(1 + 2)"),
        ("1--1", "1 - -1"),
        ("(6d10>=7)+1", "(6d10>=7) + 1"),
        ("6d10>=7>=2", "(6d10>=7) >= 2"),
        ("d%", "1d%"),
        ("1d4 − 1", "1d4 - 1"),
    ];
    for (input, canonical) in cases {
        let expr = parse(input).unwrap();
        assert_eq!(expr.to_string(), canonical, "{input}");
        assert_eq!(parse(canonical).unwrap(), expr, "{canonical} reads back");
    }
}

#[test]
fn the_tree_is_plain_data() {
    use skald_dice::notation::{
        BinaryOp, CompareOp, ComparePoint, DiceTerm, Keep, KeepMode, Modifiers, Sides,
    };
    let expected = Expr::Binary {
        op: BinaryOp::Add,
        lhs: Box::new(Expr::Dice(DiceTerm {
            count: Box::new(Expr::Number(4)),
            sides: Sides::Number(Box::new(Expr::Number(6))),
            modifiers: Modifiers {
                keep: Some(Keep {
                    mode: KeepMode::KeepHighest,
                    count: 3,
                }),
                success: Some(ComparePoint {
                    op: CompareOp::Ge,
                    value: 5,
                }),
                ..Modifiers::default()
            },
        })),
        rhs: Box::new(Expr::Neg(Box::new(Expr::Number(1)))),
    };
    assert_eq!(parse("(4d6kh3>=5) + -1").unwrap(), expected);
}

#[test]
fn a_hand_built_tree_is_checked_before_rolling() {
    use skald_dice::notation::{DiceTerm, Modifiers, Sides, roll};
    let term = |count: i64, sides: i64| {
        Expr::Dice(DiceTerm {
            count: Box::new(Expr::Number(count)),
            sides: Sides::Number(Box::new(Expr::Number(sides))),
            modifiers: Modifiers::default(),
        })
    };
    let mut nothing = Scripted::new(vec![]);
    assert_eq!(
        roll(&term(20_000, 6), &mut nothing).unwrap_err().kind(),
        &ErrorKind::TooManyDice { dice: 20_000 }
    );
    assert_eq!(
        roll(&term(1, 0), &mut nothing).unwrap_err().kind(),
        &ErrorKind::SidesOutOfRange { low: 0, high: 0 }
    );
    let mut deep = Expr::Number(1);
    for _ in 0..5000 {
        deep = Expr::Neg(Box::new(deep));
    }
    assert_eq!(
        roll(&deep, &mut nothing).unwrap_err().kind(),
        &ErrorKind::TooManyNodes { nodes: 2001 }
    );
}

#[test]
fn roll_display() {
    let cases: &[(&str, &[i64], &str)] = &[
        (
            "4d6kh3",
            &[6, 5, 2, 3],
            "4d6kh3: [6, 5, ~2~, 3] = 14\ntotal: 14 (4d6kh3)",
        ),
        (
            "3d6!",
            &[6, 4, 2, 3],
            "3d6!: [6!, 4, 2, 3] = 15\ntotal: 15 (3d6!)",
        ),
        (
            "2d4ro3",
            &[3, 3, 2],
            "2d4ro3: [3→3, 2] = 5\ntotal: 5 (2d4ro3)",
        ),
        (
            "6d10>=7",
            &[8, 3, 10, 7, 1, 2],
            "6d10>=7: [8*, 3, 10*, 7*, 1, 2] = 3\ntotal: 3 (6d10>=7)",
        ),
        (
            "2d6!!",
            &[6, 6, 2, 5],
            "2d6!!: [14(6!+6!+2), 5] = 19\ntotal: 19 (2d6!!)",
        ),
        ("2d6 + 3", &[1, 4], "2d6: [1, 4] = 5\ntotal: 8 (2d6 + 3)"),
        ("2 + 3", &[], "total: 5 (2 + 3)"),
        ("0d6", &[], "0d6: [] = 0\ntotal: 0 (0d6)"),
        (
            "(1d2)d4kl1",
            &[2, 3, 1],
            "1d2: [2] = 2\n(1d2)d4kl1: [~3~, 1] = 1\ntotal: 1 ((1d2)d4kl1)",
        ),
        (
            "3d6r1kh2>=4",
            &[1, 1, 5, 6, 2],
            "3d6r1kh2>=4: [1→1→5*, 6*, ~2~] = 2\ntotal: 2 (3d6r1kh2>=4)",
        ),
    ];
    for &(input, dice, expected) in cases {
        assert_eq!(check_display(input, dice), expected, "{input}");
    }
    let mut sixes = vec![6; 100];
    sixes.push(3);
    let shown = check_display("1d6r6", &sixes);
    assert_eq!(
        shown,
        format!("1d6r6: [{}3] = 3\ntotal: 3 (1d6r6)", "6→".repeat(100))
    );
    let shown = check_display("1d6!", &[6; 101]);
    assert!(
        shown.ends_with("6!, 6(capped)] = 606\ntotal: 606 (1d6!)"),
        "{shown}"
    );
}

fn check_display(input: &str, dice: &[i64]) -> String {
    let mut source = Scripted::new(dice.to_vec());
    let shown = roll_str(input, &mut source).unwrap().to_string();
    assert!(source.remaining().is_empty(), "{input}");
    shown
}

#[test]
fn seeded_rolls_are_reproducible() {
    let a = roll_str("4d6kh3 + 2d20kl1 + 3d6!", &mut SeededRandom::from_seed(7)).unwrap();
    let b = roll_str("4d6kh3 + 2d20kl1 + 3d6!", &mut SeededRandom::from_seed(7)).unwrap();
    assert_eq!(a, b);
}

#[test]
fn the_roll_serializes_every_die() {
    let roll = check("2d6kh1", &[3, 5], 5);
    let json = serde_json::to_value(&roll).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "expression": "2d6kh1",
            "total": 5,
            "terms": [{
                "notation": "2d6kh1",
                "die": { "Numbered": 6 },
                "count": 2,
                "total": 5,
                "dice": [
                    { "value": 3, "rerolled": [], "exploded": false, "explosion": false, "compounded": [],
                      "capped": false, "kept": false, "success": null },
                    { "value": 5, "rerolled": [], "exploded": false, "explosion": false, "compounded": [],
                      "capped": false, "kept": true, "success": null }
                ]
            }]
        })
    );
}

/// A source that always shows 1.
struct Ones;

impl DiceSource for Ones {
    fn roll(&mut self, _die: Die) -> Result<i64, SourceError> {
        Ok(1)
    }
}

#[test]
fn a_roll_at_its_worst_case_throws_rolls_to_the_end() {
    // Every die rerolls its 1s up to the cap, 101 throws each: 1,010,000 throws in all, the limit.
    let roll = roll_str("10000d6r1", &mut Ones).unwrap();
    assert_eq!(roll.total, 10_000);
    assert!(
        roll.terms[0]
            .dice
            .iter()
            .all(|d| d.capped && d.rerolled.len() == 100)
    );
}

#[test]
fn seed_7_rolls_as_the_docs_show() {
    let cases = [
        ("4d6kh3", "4d6kh3: [~1~, 4, 6, 2] = 12\ntotal: 12 (4d6kh3)"),
        ("3d6!", "3d6!: [1, 4, 6!, 2] = 13\ntotal: 13 (3d6!)"),
        ("2d4ro3", "2d4ro3: [1, 3→4] = 5\ntotal: 5 (2d4ro3)"),
        (
            "6d10>=7",
            "6d10>=7: [1, 6, 10*, 3, 2, 5] = 1\ntotal: 1 (6d10>=7)",
        ),
    ];
    for (input, shown) in cases {
        let roll = roll_str(input, &mut SeededRandom::from_seed(7)).unwrap();
        assert_eq!(roll.to_string(), shown, "{input}");
    }
}

#[test]
fn d_with_a_number_after_a_term_drops_the_lowest_as_dl_does() {
    for (short, long) in [
        ("2d20d1", "2d20dl1"),
        ("2d20 d 1", "2d20dl1"),
        ("4D6D1", "4d6dl1"),
        ("d20d0", "1d20dl0"),
        ("2d6r1d1", "2d6r1dl1"),
        ("2d6r<2d1", "2d6r<2dl1"),
        ("2d4ro3d1", "2d4ro3dl1"),
        ("3d6!6d1", "3d6!6dl1"),
        ("3d6!d1", "3d6!dl1"),
        ("3d6!!d2", "3d6!!dl2"),
        ("6d10d1>=7", "6d10dl1>=7"),
        ("3d6>=5!d1", "3d6>=5!dl1"),
        ("(1d4)d6d1", "(1d4)d6dl1"),
        ("1d(2+4)d1", "1d(2+4)dl1"),
        ("2d20d1 + 5", "2d20dl1 + 5"),
    ] {
        assert_eq!(parse(short).unwrap(), parse(long).unwrap(), "{short}");
    }
    assert_eq!(parse("2d20d1").unwrap().to_string(), "2d20dl1");
    assert_eq!(parse("4d6dl1").unwrap().to_string(), "4d6dl1");
    assert_eq!(parse("4d6dh1").unwrap().to_string(), "4d6dh1");
    assert_eq!(parse("4d6kl1").unwrap().to_string(), "4d6kl1");
    assert_eq!(parse("4d6kh3").unwrap().to_string(), "4d6kh3");
    // Where a `d` after a term read as something before, it still does: after `!` with an
    // operator, a number that starts a dice term is compared with; the right side of a comparison
    // is its own operand; a parenthesized term is a rolled count.
    assert_eq!(parse("3d6!>5d1").unwrap().to_string(), "(3d6!) > 5d1");
    assert_eq!(parse("6d10>=7d1").unwrap().to_string(), "6d10 >= 7d1");
    assert_eq!(parse("(2d20)d6").unwrap().to_string(), "(2d20)d6");
    let roll = check("2d20d1", &[7, 15], 15);
    assert_eq!(
        roll.to_string(),
        "2d20dl1: [~7~, 15] = 15\ntotal: 15 (2d20dl1)"
    );
}

#[test]
fn d_after_a_term_needs_its_number_and_is_one_keep_or_drop() {
    let cases: &[(&str, usize, &str)] = &[
        (
            "2d20d",
            5,
            "the expression ends too early: expected the number of dice to drop after 'd', like \
             2d20d1 (a dice term is the count of another only in parentheses: (1d4)d6)",
        ),
        (
            "2d20d(6)",
            5,
            "expected the number of dice to drop after 'd', like 2d20d1 (a dice term is the count \
             of another only in parentheses: (1d4)d6), found '('",
        ),
        (
            "2d20dF",
            5,
            "expected the number of dice to drop after 'd', like 2d20d1 (a dice term is the count \
             of another only in parentheses: (1d4)d6), found 'F'",
        ),
        (
            "2d20d1kh1",
            6,
            "a dice term takes at most one keep/drop (kh kl dh dl d) modifier",
        ),
        (
            "2d20dl1d1",
            7,
            "a dice term takes at most one keep/drop (kh kl dh dl d) modifier",
        ),
    ];
    for &(input, position, message) in cases {
        let error = check_str(input).unwrap_err();
        assert_eq!(
            (error.kind().to_string().as_str(), error.position()),
            (message, Some(position)),
            "{input}"
        );
    }
}

#[test]
fn d_and_dl_have_the_same_exact_odds() {
    for (short, long) in [
        ("2d20d1", "2d20dl1"),
        ("4d6d1", "4d6dl1"),
        ("2d6r1d1", "2d6r1dl1"),
        ("3d6!!6d1", "3d6!!6dl1"),
        ("5d10d2>=7", "5d10dl2>=7"),
    ] {
        assert_eq!(
            distribution_str(short).unwrap(),
            distribution_str(long).unwrap(),
            "{short}"
        );
    }
    // 2d20 drop the lowest is advantage: 2d20kh1.
    let advantage = distribution_str("2d20d1").unwrap();
    assert_eq!(advantage, distribution_str("2d20kh1").unwrap());
    assert_eq!(advantage.mean().to_string(), "553/40");
    assert_eq!(advantage.p_eq(20).to_string(), "39/400");
    assert_eq!(advantage.p_eq(1).to_string(), "1/400");
}

#[test]
fn a_number_too_large_for_its_place_names_the_place_and_its_limits() {
    let huge = "99999999999999999999";
    let points =
        "-9223372036854775807 to 9223372036854775807 (a die's faces go from -1 to 1000000)";
    let cases: Vec<(String, NumberPlace, String, usize, String)> = vec![
        (
            format!("1d{huge}"),
            NumberPlace::Sides,
            huge.into(),
            2,
            format!("sides must be 1 to 1000000, got {huge}"),
        ),
        (
            format!("{huge}d6"),
            NumberPlace::Count,
            huge.into(),
            0,
            format!(
                "the number of dice must be 0 to 10000 (the most one roll may have), got {huge}"
            ),
        ),
        (
            format!("4d6kh{huge}"),
            NumberPlace::KeepCount,
            huge.into(),
            5,
            format!(
                "a keep or drop count must be 0 to 9223372036854775807 (more than there are dice \
                 keeps or drops them all), got {huge}"
            ),
        ),
        (
            format!("2d20d{huge}"),
            NumberPlace::KeepCount,
            huge.into(),
            5,
            format!(
                "a keep or drop count must be 0 to 9223372036854775807 (more than there are dice \
                 keeps or drops them all), got {huge}"
            ),
        ),
        (
            format!("1d6r<{huge}"),
            NumberPlace::RerollPoint,
            huge.into(),
            5,
            format!("a reroll point must be {points}, got {huge}"),
        ),
        (
            format!("1d6ro{huge}d1"),
            NumberPlace::RerollPoint,
            huge.into(),
            5,
            format!("a reroll point must be {points}, got {huge}"),
        ),
        (
            format!("1dF!=-{huge}"),
            NumberPlace::ExplodePoint,
            format!("-{huge}"),
            6,
            format!("an explosion point must be {points}, got -{huge}"),
        ),
        (
            format!("3d6!{huge}"),
            NumberPlace::ExplodePoint,
            huge.into(),
            4,
            format!("an explosion point must be {points}, got {huge}"),
        ),
        (
            format!("6d10>={huge}"),
            NumberPlace::SuccessPoint,
            huge.into(),
            6,
            format!("a success-counting point must be {points}, got {huge}"),
        ),
        (
            format!("6d10 < -{huge} >= 2"),
            NumberPlace::SuccessPoint,
            format!("-{huge}"),
            8,
            format!("a success-counting point must be {points}, got -{huge}"),
        ),
        (
            format!("1d20 + {huge}"),
            NumberPlace::Constant,
            huge.into(),
            7,
            format!(
                "a number must be 0 to 9223372036854775807 (a negative number is written with a \
                 minus sign), got {huge}"
            ),
        ),
        // Part of a sum or in parentheses, a number is a constant; before `d`, a count.
        (
            format!("6d10>={huge} + 1"),
            NumberPlace::Constant,
            huge.into(),
            6,
            format!(
                "a number must be 0 to 9223372036854775807 (a negative number is written with a \
                 minus sign), got {huge}"
            ),
        ),
        (
            format!("({huge})d6"),
            NumberPlace::Constant,
            huge.into(),
            1,
            format!(
                "a number must be 0 to 9223372036854775807 (a negative number is written with a \
                 minus sign), got {huge}"
            ),
        ),
        (
            format!("3d6!>{huge}d6"),
            NumberPlace::Count,
            huge.into(),
            5,
            format!(
                "the number of dice must be 0 to 10000 (the most one roll may have), got {huge}"
            ),
        ),
    ];
    for (input, place, digits, position, message) in cases {
        let error = check_str(&input).unwrap_err();
        assert_eq!(
            error.kind(),
            &ErrorKind::NumberTooLarge {
                place,
                digits: digits.clone()
            },
            "{input}"
        );
        assert_eq!(error.position(), Some(position), "{input}");
        assert_eq!(error.kind().to_string(), message, "{input}");
    }
    // A number that fits an i64 but not its place is refused by that place's own check.
    let error = check_str("1d99999999").unwrap_err();
    assert_eq!(
        error.kind(),
        &ErrorKind::SidesOutOfRange {
            low: 99_999_999,
            high: 99_999_999
        }
    );
    assert_eq!(
        error.kind().to_string(),
        "sides must be 1 to 1000000, got 99999999"
    );
    // The places' limits as data.
    assert_eq!(NumberPlace::Sides.range(), (1, 1_000_000));
    assert_eq!(NumberPlace::Count.range(), (0, 10_000));
    assert_eq!(NumberPlace::KeepCount.range(), (0, i64::MAX));
    assert_eq!(NumberPlace::RerollPoint.range(), (-i64::MAX, i64::MAX));
    assert_eq!(NumberPlace::Constant.range(), (0, i64::MAX));
    // A very long number is shown by its first digits and its length.
    let long = "9".repeat(990);
    let error = check_str(&format!("1d{long}")).unwrap_err();
    assert_eq!(
        error.kind().to_string(),
        "sides must be 1 to 1000000, got 99999999999999999999… (990 digits)"
    );
    let error = check_str(&format!("3 {long}")).unwrap_err();
    assert_eq!(
        error.kind().to_string(),
        "expected an operator (+ - * /), a comparison or the end, found \
         '99999999999999999999… (990 digits)'"
    );
}

#[test]
fn a_refusal_of_a_long_input_quotes_80_characters_around_the_caret() {
    // Before: the whole 40,000 characters came back, and 1,000 spaces before the caret (41,072
    // bytes); now 199.
    let input = "1d6+".repeat(10_000);
    let error = check_str(&input).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::TooLong { length: 40_000 });
    assert_eq!(error.position(), Some(1000));
    let rendered = error.render(&input);
    assert_eq!(
        rendered,
        format!(
            "…{}…\n{}^\nthe expression is 40000 characters long: the limit is 1000 characters",
            &input[960..1040],
            " ".repeat(41)
        )
    );
    assert_eq!(rendered.len(), 199);
    assert!(rendered.len() < 300);
    let lines: Vec<&str> = rendered.lines().collect();
    assert_eq!(lines[0].chars().count(), 82);
    assert_eq!(lines[0].chars().nth(41), input.chars().nth(1000));
    assert_eq!(
        error.to_string(),
        "the expression is 40000 characters long: the limit is 1000 characters (at character 1000)"
    );

    // The caret stays under the problem wherever it is: the middle, near either end, past the end.
    let middle = format!("{}x{}", "1 + ".repeat(100), " + 1".repeat(100));
    let near_start = format!("1 + x{}", " + 1".repeat(100));
    let near_end = format!("{}x + 1", "1 + ".repeat(100));
    for (input, at, line) in [
        (middle.as_str(), 400, format!("…{}…", &middle[360..440])),
        (near_start.as_str(), 4, format!("{}…", &near_start[..80])),
        (
            near_end.as_str(),
            400,
            format!("…{}", &near_end[near_end.len() - 80..]),
        ),
    ] {
        let error = check_str(input).unwrap_err();
        assert_eq!(error.kind(), &ErrorKind::UnexpectedCharacter { found: 'x' });
        assert_eq!(error.position(), Some(at));
        let rendered = error.render(input);
        let lines: Vec<&str> = rendered.lines().collect();
        assert_eq!(lines[0], line, "{input}");
        let column = lines[1].len() - 1;
        assert_eq!(lines[1], format!("{}^", " ".repeat(column)));
        assert_eq!(lines[0].chars().nth(column), Some('x'), "{input}");
    }
    let open = "1+".repeat(300);
    let error = check_str(&open).unwrap_err();
    assert_eq!(error.position(), Some(600));
    assert_eq!(
        error.render(&open),
        format!(
            "…{}\n{}^\nthe expression ends too early: expected a number, a dice term (like 2d6 or \
             d20) or '('",
            "1+".repeat(40),
            " ".repeat(81)
        )
    );
    // Up to 80 characters, the whole input, whitespace drawn as spaces.
    let error = check_str("1d6\t+ x").unwrap_err();
    assert_eq!(
        error.render("1d6\t+ x"),
        "1d6 + x\n      ^\nunexpected character 'x': the notation uses digits, d, F, %, + - * /, \
         parentheses, kh kl dh dl k, r ro, ! !!, < <= > >= ="
    );
}

#[test]
fn a_message_quotes_at_most_80_characters_of_a_part() {
    let input = format!("1d6/({}1 - 1d150)", "1 + ".repeat(149));
    let error = check_str(&input).unwrap_err();
    let ErrorKind::DivisionByZero { divisor, low, high } = error.kind() else {
        panic!("{input}: {error}");
    };
    // The error keeps the whole divisor; its message cuts the middle out.
    assert_eq!(divisor, &format!("({}1 - 1d150)", "1 + ".repeat(149)));
    assert_eq!((*low, *high), (0, 149));
    assert_eq!(
        error.kind().to_string(),
        "the divisor (1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 …+ 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 - 1d150) \
         can be 0 (it ranges over 0 to 149): a divisor must never be 0, whatever the dice show"
    );
    let rendered = error.render(&input);
    assert!(rendered.len() < 400, "{} bytes", rendered.len());
}
