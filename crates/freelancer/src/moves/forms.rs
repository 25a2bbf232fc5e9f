//! The pieces every move's form is made of: fields, choices, the ratings a sheet can use now and
//! the sheets a seat acts for.

use crate::limits::{MAX_ADJUSTMENTS, MAX_FACTOR, MAX_REASON};
use crate::model::Verb;
use crate::model::sheet::{Character, Rating};
use crate::model::state::State;
use crate::rules::stats;
use serde_json::{Value, json};
use skald_core::{Choice, Field, FieldKind, Move, Seat};

/// The longest text a form's blank takes for a rating, a difficulty or a rating's new value, in
/// characters: [`crate::MAX_RATING`], 10^30, written with a comma between each group of three
/// digits is 41. Such numbers are text blanks, not number blanks: a browser's number input keeps
/// whole numbers exactly only up to 2^53 - 1, and the book's ratings go to 10^30 (docs/freelancer.md,
/// "At the online table"); the rules read the digits and refuse anything else by the field's name.
pub const RATING_CHARS: usize = 48;

/// The longest adjustment factor a form takes (`"100/100"`, with room for spaces), in characters.
pub const FACTOR_CHARS: usize = 16;

/// A chance a form starts at: an even chance.
pub(super) const EVEN: i64 = 50;

/// A move sending `verb` with the rest of its fixed part `fixed`; the rolls give their odds.
pub(super) fn mv(
    group: &str,
    label: String,
    verb: Verb,
    fixed: Value,
    fields: Vec<Field>,
    note: String,
) -> Move {
    let odds = matches!(
        verb,
        Verb::TaskCheck
            | Verb::TeamLift
            | Verb::ChanceCheck
            | Verb::OpposedCheck
            | Verb::RollDie
            | Verb::Initiative
    );
    Move {
        fields,
        odds,
        note: Some(note),
        ..Move::new(group, label, verb, fixed)
    }
}

pub(super) fn field(name: &str, label: &str, kind: FieldKind) -> Field {
    Field::new(name, label, kind)
}

pub(super) fn number(min: i64, max: i64, default: i64) -> FieldKind {
    FieldKind::Number {
        min,
        max,
        default: default.clamp(min, max),
    }
}

pub(super) fn text(max: usize) -> FieldKind {
    FieldKind::Text {
        max,
        default: String::new(),
    }
}

/// A blank for a number on the book's scale (a rating, a difficulty), 0 to 10^30, typed as digits.
pub(super) fn big_number(name: &str, label: &str) -> Field {
    field(name, label, text(RATING_CHARS))
}

/// What a blank for a number on the book's scale takes, for its help.
pub(super) const BIG_NUMBER_HELP: &str =
    "A whole number 0 to 10^30; commas may group the digits (1,200).";

/// The adjustments to one rating at `name` (`adjust`, `a.adjust`): at most
/// [`crate::MAX_ADJUSTMENTS`], each a factor and a reason, applied in order before equalizing
/// (freelancer.txt, Task Checks: the arm wrestlers' halved LFT; ruling F4).
pub(super) fn adjustments(name: &str) -> Field {
    Field::list(
        name,
        "Adjustments (the GM's, optional)",
        adjustment_items(),
        0,
        MAX_ADJUSTMENTS,
        0,
    )
    .with_help(ADJUSTMENTS_HELP)
}

/// The blanks of one adjustment: its factor and its reason.
pub fn adjustment_items() -> Vec<Field> {
    vec![
        Field::text("factor", "Factor", FACTOR_CHARS).with_help(format!(
            "A fraction p/q or a whole number, p and q 1 to {MAX_FACTOR}: 1/2 halves the rating \
             (one arm), 2 doubles it."
        )),
        Field::text("reason", "Why", MAX_REASON),
    ]
}

/// What adjustments do, beside their list: the GM's changes to a rating before a check (F4).
pub const ADJUSTMENTS_HELP: &str = "The GM's changes to the rating before the check, each applied \
     in turn, dropping the fraction (915 x 1/2 = 457), and written in the log with its reason (F4). \
     A player may propose some; the GM keeps, changes, removes or adds them before the roll.";

/// A rating's choice label: `"Charisma (CHM) 27"`.
pub(super) fn rating_label(rating: Rating, value: u128) -> String {
    format!("{} {value}", rating.spelled_out())
}

pub(super) fn one_of(options: Vec<Choice>) -> FieldKind {
    FieldKind::Choice {
        options,
        multiple: false,
    }
}

pub(super) fn some_of(options: Vec<Choice>) -> FieldKind {
    FieldKind::Choice {
        options,
        multiple: true,
    }
}

pub(super) fn option(value: Value, label: String) -> Choice {
    Choice::new(value, label)
}

/// A name as a choice.
pub(super) fn named(name: &str) -> Choice {
    option(json!(name), name.to_owned())
}

pub(super) fn small(n: u128) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The ratings `sheet` can use now (its own, else the table's formula), in the book's order.
pub(super) fn ratings(state: &State, sheet: &Character) -> Vec<(Rating, u128)> {
    Rating::ALL
        .into_iter()
        .filter_map(|r| match stats::value(&state.formulas, sheet, r) {
            Some(Ok((value, _))) => Some((r, value)),
            _ => None,
        })
        .collect()
}

pub(super) fn has(state: &State, sheet: &Character, rating: Rating) -> bool {
    matches!(stats::value(&state.formulas, sheet, rating), Some(Ok(_)))
}

/// The sheets `seat` acts for, by name.
pub(super) fn controlled<'a>(
    state: &'a State,
    seat: &'a Seat,
) -> impl Iterator<Item = &'a Character> + 'a {
    state
        .characters
        .values()
        .filter(move |s| seat.controls(&s.name))
}
