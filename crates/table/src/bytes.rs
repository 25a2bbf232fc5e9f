//! A number of bytes in words, for the budgets' refusals (`budget.rs`, `error.rs`).

/// A number of bytes as people read them, rounded up: `"850 bytes"`, `"520 KB"`, `"7.9 MB"`,
/// `"62.2 MB"`, `"64 MB"` (decimal units; megabytes to a tenth, without it when whole).
pub fn in_words(bytes: u64) -> String {
    match bytes {
        0..1_000 => format!("{bytes} bytes"),
        1_000..1_000_000 => format!("{} KB", bytes.div_ceil(1_000)),
        _ => {
            let tenths = bytes.div_ceil(100_000);
            if tenths.is_multiple_of(10) {
                format!("{} MB", tenths / 10)
            } else {
                format!("{}.{} MB", tenths / 10, tenths % 10)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::in_words;

    #[test]
    fn bytes_read_in_the_unit_people_use() {
        assert_eq!(in_words(850), "850 bytes");
        assert_eq!(in_words(1_000), "1 KB");
        assert_eq!(in_words(519_401), "520 KB");
        assert_eq!(in_words(7_900_000), "7.9 MB");
        assert_eq!(in_words(7_900_001), "8 MB");
        assert_eq!(in_words(8_000_000), "8 MB");
        assert_eq!(in_words(62_177_309), "62.2 MB");
        assert_eq!(in_words(63_950_000), "64 MB");
    }
}
