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
/// The most dice one roll by notation may draw at the table, counted at its worst (every count at
/// its highest, every reroll and explosion at its cap) before any die is drawn: each die drawn is
/// kept in the log, twice in a revealed secret roll's record (its draws and its text), at most 54
/// bytes a die (`{"die":{"Numbered":1000000},"value":1000000}` and `1000000, `), and 15,000 of
/// them (about 810 KB) fit the store's 1 MiB field. `10000d6` and `148d6!` (14,948 at worst) pass;
/// `9900d1000000r<1000000` (999,900 at worst) is refused before rolling.
pub const ROLL_THROWS: u64 = 15_000;
/// What one `say` says, in characters (lines kept).
pub const TALK: (usize, usize) = (1, skald_core::TALK_CHARS);
/// Things one seat may say (aloud or whispered) in any minute, by the log's times.
pub const TALK_PER_MINUTE: usize = 20;
/// A roll's label, in characters.
pub const LABEL: (usize, usize) = (1, 120);

/// The most bytes one table's records may take, each counted as its JSON (the whole record,
/// secret included, as the JSON export writes it): 64 MB. A busy evening of a GM and five players
/// writes about 1,500 records of 1 to 3 KB (a command with its events, lines, dice and the odds
/// shown before it; a line of talk; `docs/benchmarks.md` has the sizes measured), so 2 to 4 MB:
/// the budget holds 15 to 30 such evenings, and a table loaded whole in the server's memory stays
/// a few hundred MB at worst. Past it an action is refused, saying what is used and that the GM
/// can start a new table (`crate::budget`).
pub const TABLE_BYTES: u64 = 64_000_000;
/// The most bytes of records one player's seat may make at a table (its records by the same
/// count as [`TABLE_BYTES`]): 8 MB, an eighth of the table, so no one player fills it. A player's
/// busy evening is well under 1 MB (a hundred rolls of a few KB, some hundreds of lines of talk);
/// 8 MB is about fifteen of the largest rolls [`ROLL_THROWS`] allows (`10000d1000000`, 520 KB
/// each), where 150 of them once made a table of 78 MB and a page of 410 MB (issue 30). The GM's
/// records are bounded by the table's budget only: it is the GM's table.
pub const SEAT_BYTES: u64 = 8_000_000;
/// Bytes of [`TABLE_BYTES`] the players' records never take: the last 2 MB are the GM's, so
/// however many players fill the table, its GM can still end the epoch (revealing the seed every
/// roll is verified with), reveal secret rolls and write notes.
pub const GM_ROOM: u64 = 2_000_000;
/// Records one player's seat may make in any hour, by the log's times: 1,000, five times what a
/// busy player makes in an hour of play (a roll is one to three records, talk one each, at most
/// [`TALK_PER_MINUTE`]). So one seat needs 100 hours to reach [`MAX_RECORDS`], where the server's
/// rate alone (20 actions a second) let it in 83 minutes. The GM's records are not counted: it is
/// the GM's table.
pub const SEAT_RECORDS_PER_HOUR: usize = 1_000;

use crate::error::{Error, ErrorKind};
use unicode_normalization::UnicodeNormalization as _;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory as _};

/// A name as the table keeps it: Unicode NFKC (so full-width `Ａｎｎ` is `Ann`), without invisible
/// characters (format characters such as U+200B ZERO WIDTH SPACE or U+200D, the Hangul fillers,
/// U+2800 BRAILLE PATTERN BLANK), every run of spaces one space, trimmed. Two names that look
/// alike are then equal, so nobody sits as `Ann` plus a zero-width space beside `Ann`.
///
/// # Errors
/// [`ErrorKind::ControlCharacter`] naming `field`.
pub fn normalize_name(field: &'static str, value: &str) -> Result<String, Error> {
    if value.chars().any(char::is_control) {
        return Err(ErrorKind::ControlCharacter { field }.into());
    }
    let visible = value.nfkc().filter(|c| !is_invisible(*c));
    let mut name = String::with_capacity(value.len());
    for c in visible {
        if c.is_whitespace() {
            if !name.is_empty() && !name.ends_with(' ') {
                name.push(' ');
            }
        } else {
            name.push(c);
        }
    }
    Ok(name.trim_end().to_owned())
}

/// Whether two names (each already [`normalize_name`]d) name the same person: equal ignoring case.
pub fn same_name(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

/// Characters that draw nothing: format characters (Cf), unassigned and private-use code points,
/// and the blank letters people use to fake an empty or a look-alike name.
fn is_invisible(c: char) -> bool {
    matches!(
        c.general_category(),
        GeneralCategory::Format
            | GeneralCategory::Unassigned
            | GeneralCategory::PrivateUse
            | GeneralCategory::Surrogate
    ) || matches!(
        c,
        '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{2800}'
    )
}

/// Checks a one-line text: `bounds.0` to `bounds.1` characters, not only spaces, no control
/// characters.
///
/// # Errors
/// [`ErrorKind::Length`] naming `field`; [`ErrorKind::ControlCharacter`] for a control character.
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
        return Err(ErrorKind::ControlCharacter { field }.into());
    }
    Ok(())
}
