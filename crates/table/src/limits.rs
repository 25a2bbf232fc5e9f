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
/// Characters in the reason a request is declined with (a blank reason is none).
pub const DECLINE_REASON: (usize, usize) = (1, 300);

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
use icu_properties::CodePointSetData;
use icu_properties::props::DefaultIgnorableCodePoint;
use unicode_normalization::UnicodeNormalization as _;
use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory as _};
use unicode_security::GeneralSecurityProfile as _;
use unicode_security::confusable_detection::skeleton;
use unicode_security::general_security_profile::IdentifierType;

/// A name as the table keeps it: Unicode NFKC (so full-width `Ａｎｎ` is `Ann`), without invisible
/// characters (every Default_Ignorable_Code_Point, as Unicode's data in `icu_properties` lists
/// them: U+200B ZERO WIDTH SPACE, U+034F COMBINING GRAPHEME JOINER, the variation selectors U+FE00
/// to U+FE0F and U+E0100 to U+E01EF, U+180B, U+17B4, the Hangul fillers...; format characters,
/// unassigned and private-use code points; U+2800 BRAILLE PATTERN BLANK), every run of spaces one
/// space, trimmed. So nobody sits as `Ann` plus a zero-width space beside `Ann`; names that still
/// differ are compared by how they look ([`same_name`]).
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

/// How the pages, the talk and the reports label the GM ("GM" in the log and the talk, "the GM"
/// in the list of who played and in whispers): no seat or character may be named like either.
pub const GM_LABELS: [&str; 2] = ["GM", "the GM"];

/// The form two names are compared in: the name without its ignorable characters
/// ([`normalize_name`], which cannot fail here: a control character is kept and compared), then
/// its Unicode confusable skeleton (UTS #39, `unicode_security::skeleton`) lowercased and
/// skeletonised again, so case and script do not tell names apart: `Ann`, `ANN`, Cyrillic `Аnn`,
/// Greek `Αnn` and Cherokee `Ꭺnn` share one key, and so do `GM`, `Gm`, `ＧＭ` and `GΜ` (Greek
/// Mu). The small capital `ᴀ` has no prototype in UTS #39: see [`technical_letter`].
pub fn name_key(name: &str) -> String {
    let kept = normalize_name("name", name).unwrap_or_else(|_| name.to_owned());
    let lower: String = skeleton(&kept).collect::<String>().to_lowercase();
    skeleton(&lower).collect()
}

/// Whether two names look like the same person's: equal [`name_key`]s.
pub fn same_name(a: &str, b: &str) -> bool {
    name_key(a) == name_key(b)
}

/// What the GM is called besides its labels ([`GM_LABELS`]), which no seat may take either.
const GM_TITLES: [&str; 1] = ["Game Master"];

/// Whether `name` looks like one of the GM's labels ([`GM_LABELS`]) or its title ("Game
/// Master"): their [`name_key`]s equal once spaces and punctuation are left out, so `G M`, `GM.`
/// and `(G.M.)` are the GM too (issue 30's fresh attacker sat as all three).
pub fn looks_like_gm(name: &str) -> bool {
    let letters = |text: &str| -> String {
        name_key(text)
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect()
    };
    let key = letters(name);
    GM_LABELS
        .iter()
        .chain(GM_TITLES.iter())
        .any(|label| letters(label) == key)
}

/// Whether `name` (kept by [`normalize_name`] or as typed) shows something: at least one
/// character that is neither a space, nor invisible, nor a combining mark (a mark draws only on
/// the character before it).
pub fn is_visible(name: &str) -> bool {
    name.chars().any(|c| {
        !c.is_whitespace()
            && !is_invisible(c)
            && c.general_category_group() != GeneralCategoryGroup::Mark
    })
}

/// The first letter of `name` that Unicode marks as technical (UTS #39 Identifier_Type
/// `Technical`: the phonetic alphabets' letters and the small capitals such as U+1D00 `ᴀ`), if
/// any. Such a letter has no confusable of its own in UTS #39, yet `ᴀnn` passes for `Ann`, so a
/// name may not hold one.
pub fn technical_letter(name: &str) -> Option<char> {
    name.chars().find(|c| {
        c.general_category_group() == GeneralCategoryGroup::Letter
            && c.identifier_type() == Some(IdentifierType::Technical)
    })
}

/// Characters that draw nothing: Unicode's Default_Ignorable_Code_Point, format characters (Cf),
/// unassigned and private-use code points, and U+2800 BRAILLE PATTERN BLANK, a blank people use
/// to fake an empty or a look-alike name.
fn is_invisible(c: char) -> bool {
    CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
        || matches!(
            c.general_category(),
            GeneralCategory::Format
                | GeneralCategory::Unassigned
                | GeneralCategory::PrivateUse
                | GeneralCategory::Surrogate
        )
        || c == '\u{2800}'
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

#[cfg(test)]
mod tests {
    use super::*;

    /// "Ann" and the look-alikes issue 30 found seated beside her.
    const ANN_ALIKES: [&str; 10] = [
        "\u{410}nn",    // Cyrillic А
        "\u{391}nn",    // Greek Α
        "\u{13AA}nn",   // Cherokee Ꭺ
        "\u{1D00}nn",   // small capital ᴀ
        "Ann\u{34F}",   // COMBINING GRAPHEME JOINER
        "Ann\u{FE0F}",  // VARIATION SELECTOR-16
        "Ann\u{FE00}",  // VARIATION SELECTOR-1
        "Ann\u{180B}",  // MONGOLIAN FREE VARIATION SELECTOR ONE
        "Ann\u{17B4}",  // KHMER VOWEL INHERENT AQ
        "Ann\u{E0100}", // VARIATION SELECTOR-17
    ];

    #[test]
    fn look_alikes_of_ann_are_ann() {
        assert_eq!(technical_letter(ANN_ALIKES[3]), Some('\u{1D00}'));
        assert_eq!(technical_letter("Ann"), None);
        for name in ANN_ALIKES.iter().filter(|n| technical_letter(n).is_none()) {
            assert!(same_name(name, "Ann"), "{name:?}");
            assert_eq!(name_key(name), name_key("Ann"), "{name:?}");
        }
        assert!(!same_name("Ann", "Anna"));
        assert!(!same_name("Ann", "\u{C1}nn")); // Ánn shows its accent
    }

    #[test]
    fn ignorables_leave_the_kept_name() {
        for name in &ANN_ALIKES[4..] {
            assert_eq!(normalize_name("name", name).unwrap(), "Ann", "{name:?}");
        }
    }

    #[test]
    fn the_gms_labels_in_any_case_or_script_are_the_gm() {
        for name in [
            "GM",
            "gm",
            "Gm",
            "gM",
            "\u{FF27}\u{FF2D}", // full-width ＧＭ
            "G\u{41C}",         // Cyrillic М
            "G\u{39C}",         // Greek Μ
            "GM\u{FE0F}",
            "the GM",
            "The gm",
            "THE GM",
            "G M",
            "GM.",
            "(G.M.)",
            "Game Master",
            "game-master",
        ] {
            assert!(looks_like_gm(name), "{name:?}");
        }
        for name in ["Gim", "GMs", "Gemma", "Ann"] {
            assert!(!looks_like_gm(name), "{name:?}");
        }
    }

    #[test]
    fn a_name_of_marks_or_ignorables_shows_nothing() {
        for name in [
            "\u{301}\u{302}\u{303}",
            "\u{20DD}",
            "\u{34F}\u{FE0F}",
            " \u{E0100} ",
            "\u{2800}",
        ] {
            assert!(!is_visible(name), "{name:?}");
        }
        for name in ["Ann", "7", "\u{2605}", "A\u{301}"] {
            assert!(is_visible(name), "{name:?}");
        }
    }
}
