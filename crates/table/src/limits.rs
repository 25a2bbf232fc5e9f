//! The table's bounds: every input has one, and each refusal names it.

/// Records one table's log may hold; past it, actions are refused (start a new table).
pub const MAX_RECORDS: usize = 100_000;
/// Players seated at one table (the GM is not counted).
pub const MAX_PLAYERS: usize = 16;
/// A table title, in characters.
pub const TITLE: (usize, usize) = (1, 120);
/// A player's name, in characters.
pub const NAME: (usize, usize) = (1, 60);
/// A GM note, in characters.
pub const NOTE: (usize, usize) = (1, 4000);
/// A roll's label, in characters.
pub const LABEL: (usize, usize) = (1, 120);

use crate::error::{Error, ErrorKind};

/// Checks a one-line text: `bounds.0` to `bounds.1` characters, not only spaces, no control
/// characters.
///
/// # Errors
/// [`ErrorKind::Length`] naming `field`; [`ErrorKind::BadAction`] for a control character.
pub fn check_text(field: &'static str, value: &str, bounds: (usize, usize)) -> Result<(), Error> {
    check(field, value, bounds, false)
}

/// Checks a text of several lines (a note): as [`check_text`], but newlines and tabs are kept.
///
/// # Errors
/// As [`check_text`].
pub fn check_lines(field: &'static str, value: &str, bounds: (usize, usize)) -> Result<(), Error> {
    check(field, value, bounds, true)
}

fn check(
    field: &'static str,
    value: &str,
    bounds: (usize, usize),
    lines: bool,
) -> Result<(), Error> {
    let len = value.chars().count();
    if len < bounds.0 || len > bounds.1 || value.trim().is_empty() {
        return Err(ErrorKind::Length {
            field,
            len: if value.trim().is_empty() { 0 } else { len },
            min: bounds.0,
            max: bounds.1,
        }
        .into());
    }
    if value
        .chars()
        .any(|c| c.is_control() && !(lines && (c == '\n' || c == '\t')))
    {
        return Err(ErrorKind::BadAction {
            message: format!("{field}: control characters are not allowed"),
        }
        .into());
    }
    Ok(())
}
