//! How a report writes an exact chance in JSON: a `"p/q"` string (a [`Fraction`] as it displays),
//! beside which each report keeps the decimal (`p_success` and `p_success_decimal`).

use serde::Serializer;
use skald_dice::odds::Fraction;

/// Serializes a fraction as its `"p/q"` text (`"1009/1296"`, `"1"`, `"0"`), for
/// `#[serde(serialize_with = ...)]`.
///
/// # Errors
/// Whatever the serializer refuses.
pub(crate) fn fraction<S: Serializer>(
    fraction: &Fraction,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(fraction)
}
