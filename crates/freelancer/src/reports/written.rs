//! How a report writes what JSON has no plain form for: an exact chance as a `"p/q"` string (a
//! [`Fraction`] as it displays), and an opposed check's side as `"a"` or `"b"`; and equalized
//! ratings with their keys in alphabetical order, as the command line has always printed them.

use crate::model::check::Equalized;
use crate::rules::opposed::Side;
use serde::ser::{SerializeStruct, Serializer};
use skald_dice::odds::Fraction;

/// A fraction as its `"p/q"` text (`"71/100"`, `"1"`, `"0"`), for `#[serde(serialize_with)]`.
///
/// # Errors
/// Whatever the serializer refuses.
pub(crate) fn fraction<S: Serializer>(
    fraction: &Fraction,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(fraction)
}

/// An optional fraction: its `"p/q"` text, or `null`.
///
/// # Errors
/// Whatever the serializer refuses.
pub(crate) fn maybe_fraction<S: Serializer>(
    fraction: &Option<Fraction>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match fraction {
        Some(f) => serializer.collect_str(f),
        None => serializer.serialize_none(),
    }
}

/// The winner when there is a verdict: `"a"`, `"b"`, or `null` for no winner.
///
/// # Errors
/// Whatever the serializer refuses.
pub(crate) fn winner<S: Serializer>(
    winner: &Option<Option<Side>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match winner {
        Some(Some(Side::A)) => serializer.serialize_str("a"),
        Some(Some(Side::B)) => serializer.serialize_str("b"),
        _ => serializer.serialize_none(),
    }
}

/// Equalized ratings (F2) as `{"difficulty", "digits", "divisor", "rating"}`.
///
/// # Errors
/// Whatever the serializer refuses.
pub(crate) fn equalized<S: Serializer>(
    equalized: &Equalized,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_struct("Equalized", 4)?;
    map.serialize_field("difficulty", &equalized.difficulty)?;
    map.serialize_field("digits", &equalized.digits)?;
    map.serialize_field("divisor", &equalized.divisor)?;
    map.serialize_field("rating", &equalized.rating)?;
    map.end()
}
