//! Reading and writing 32-byte values as 64 hex digits, shared by [`crate::ServerSeed`] and
//! [`crate::Mix`].

use crate::error::{Error, ErrorKind};

/// How many characters of a refused value an error shows.
const SHOWN: usize = 20;

/// Parses exactly 64 hex digits (upper or lower case) into 32 bytes.
///
/// # Errors
/// [`ErrorKind::BadHex`] naming `field` when `s` is not 64 hex digits.
pub(crate) fn parse(field: &'static str, s: &str) -> Result<[u8; 32], Error> {
    let mut bytes = [0u8; 32];
    match hex::decode_to_slice(s, &mut bytes) {
        Ok(()) => Ok(bytes),
        Err(_) => Err(ErrorKind::BadHex {
            field,
            value: shorten(s),
            length: s.chars().count(),
        }
        .into()),
    }
}

/// 64 lower-case hex digits.
pub(crate) fn format(bytes: &[u8; 32]) -> String {
    hex::encode(bytes)
}

/// The first [`SHOWN`] characters of `s`, with `...` when it was longer.
fn shorten(s: &str) -> String {
    if s.chars().count() <= SHOWN {
        s.to_owned()
    } else {
        let mut out: String = s.chars().take(SHOWN).collect();
        out.push_str("...");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_either_case_and_writes_lower_case() {
        let upper = "00112233445566778899AABBCCDDEEFF00112233445566778899aabbccddeeff";
        let bytes = parse("mix", upper).expect("valid hex");
        assert_eq!(bytes[0], 0x00);
        assert_eq!(bytes[10], 0xaa);
        assert_eq!(bytes[31], 0xff);
        assert_eq!(format(&bytes), upper.to_ascii_lowercase());
    }

    #[test]
    fn a_wrong_length_names_the_field_and_shortens_the_value() {
        let err = parse("server seed", &"ab".repeat(40)).expect_err("80 digits");
        assert_eq!(
            err.kind(),
            &ErrorKind::BadHex {
                field: "server seed",
                value: "abababababababababab...".to_owned(),
                length: 80,
            }
        );
        assert_eq!(
            err.to_string(),
            "server seed must be 64 hex digits (32 bytes), got 80 characters: \"abababababababababab...\""
        );
        let err = parse("mix", "a").expect_err("one digit");
        assert_eq!(
            err.to_string(),
            "mix must be 64 hex digits (32 bytes), got 1 character: \"a\""
        );
    }

    #[test]
    fn a_non_hex_digit_is_refused() {
        let s = format!("{}g", "0".repeat(63));
        let err = parse("mix", &s).expect_err("g is not hex");
        assert!(matches!(
            err.kind(),
            ErrorKind::BadHex {
                field: "mix",
                length: 64,
                ..
            }
        ));
        assert!(parse("mix", "").is_err());
        // 64 bytes but not 64 characters: multi-byte characters are counted as characters.
        let err = parse("mix", &"é".repeat(32)).expect_err("not hex");
        assert!(matches!(err.kind(), ErrorKind::BadHex { length: 32, .. }));
    }
}
