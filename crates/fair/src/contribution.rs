//! The rule for a player's seed contribution before it enters the [`crate::Mix`]: 1 to
//! [`MAX_CONTRIBUTION`] bytes of UTF-8 with no control characters.

use crate::error::{ContributionProblem, Error, ErrorKind};
use crate::limits::MAX_CONTRIBUTION;

/// Checks a player's seed contribution: 1 to [`MAX_CONTRIBUTION`] (256) UTF-8 bytes, none of its
/// characters a control character (Unicode Cc: U+0000-U+001F and U+007F-U+009F; tabs and newlines
/// included). Any other text, including spaces and non-ASCII letters, is fine.
///
/// # Errors
/// [`ErrorKind::BadContribution`] with field `"seed"`, the length in bytes and the
/// [`ContributionProblem`] (empty, too long, or the byte offset of the first control character).
pub fn check_contribution(s: &str) -> Result<(), Error> {
    let problem = if s.is_empty() {
        ContributionProblem::Empty
    } else if s.len() > MAX_CONTRIBUTION {
        ContributionProblem::TooLong
    } else if let Some((at, _)) = s.char_indices().find(|(_, c)| c.is_control()) {
        ContributionProblem::ControlCharacter { at }
    } else {
        return Ok(());
    };
    Err(ErrorKind::BadContribution {
        field: "seed",
        length: s.len(),
        problem,
    }
    .into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(s: &str) -> Option<ContributionProblem> {
        match check_contribution(s) {
            Ok(()) => None,
            Err(e) => match e.kind() {
                ErrorKind::BadContribution { problem, .. } => Some(*problem),
                ErrorKind::BadHex { .. } => panic!("not a hex error"),
            },
        }
    }

    #[test]
    fn accepts_1_to_256_bytes_of_text() {
        assert_eq!(problem("x"), None);
        assert_eq!(problem("lucky dice 🎲 für alle"), None);
        assert_eq!(problem(&"a".repeat(256)), None);
        // 128 two-byte characters are 256 bytes.
        assert_eq!(problem(&"é".repeat(128)), None);
    }

    #[test]
    fn refuses_empty_too_long_and_control_characters() {
        assert_eq!(problem(""), Some(ContributionProblem::Empty));
        assert_eq!(
            problem(&"a".repeat(257)),
            Some(ContributionProblem::TooLong)
        );
        assert_eq!(
            problem(&"é".repeat(129)),
            Some(ContributionProblem::TooLong)
        );
        assert_eq!(
            problem("ab\ncd"),
            Some(ContributionProblem::ControlCharacter { at: 2 })
        );
        assert_eq!(
            problem("é\t"),
            Some(ContributionProblem::ControlCharacter { at: 2 })
        );
        assert_eq!(
            problem("a\u{7f}"),
            Some(ContributionProblem::ControlCharacter { at: 1 })
        );
        assert_eq!(
            problem("\u{85}"),
            Some(ContributionProblem::ControlCharacter { at: 0 })
        );
    }

    #[test]
    fn the_message_names_the_field_the_length_and_the_range() {
        let err = check_contribution(&"a".repeat(300)).expect_err("too long");
        assert_eq!(
            err.to_string(),
            "seed must be 1 to 256 bytes with no control characters, got 300 bytes (too long)"
        );
        let err = check_contribution("a\u{0}").expect_err("NUL");
        assert_eq!(
            err.to_string(),
            "seed must be 1 to 256 bytes with no control characters, got 2 bytes \
             (a control character at byte 1)"
        );
        let err = check_contribution("\u{7}").expect_err("BEL");
        assert_eq!(
            err.to_string(),
            "seed must be 1 to 256 bytes with no control characters, got 1 byte \
             (a control character at byte 0)"
        );
    }
}
