//! When something happened, as a reader says it: "just now", "5 minutes ago", "3 hours ago",
//! "2 days ago", or a date ("2026-01-05", UTC) past four weeks. The shell's clock is handed in,
//! so the words are a function of two numbers.

/// `at_ms` as seen at `now_ms` (both unix milliseconds). A time in the future (a clock that
/// moved back) reads "just now".
pub fn ago(now_ms: i64, at_ms: i64) -> String {
    let minutes = now_ms.saturating_sub(at_ms) / 60_000;
    match minutes {
        i64::MIN..=0 => "just now".to_owned(),
        1 => "1 minute ago".to_owned(),
        2..=59 => format!("{minutes} minutes ago"),
        60..=119 => "1 hour ago".to_owned(),
        120..=1_439 => format!("{} hours ago", minutes / 60),
        1_440..=2_879 => "yesterday".to_owned(),
        2_880..=40_319 => format!("{} days ago", minutes / 1_440),
        _ => format!("on {}", date(at_ms)),
    }
}

/// The UTC date of `at_ms` (unix milliseconds) as `YYYY-MM-DD` (the proleptic Gregorian
/// calendar: Howard Hinnant's `civil_from_days`).
pub fn date(at_ms: i64) -> String {
    let days = at_ms.div_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z

    #[test]
    fn recent_times_read_in_the_unit_a_reader_would_use() {
        let at = |minutes: i64| ago(NOW, NOW - minutes * 60_000);
        assert_eq!(ago(NOW, NOW + 5_000), "just now");
        assert_eq!(ago(NOW, NOW - 59_999), "just now");
        assert_eq!(at(1), "1 minute ago");
        assert_eq!(at(59), "59 minutes ago");
        assert_eq!(at(60), "1 hour ago");
        assert_eq!(at(150), "2 hours ago");
        assert_eq!(at(1_439), "23 hours ago");
        assert_eq!(at(1_440), "yesterday");
        assert_eq!(at(2_880), "2 days ago");
        assert_eq!(at(27 * 1_440), "27 days ago");
        assert_eq!(at(28 * 1_440), "on 2025-12-04");
    }

    #[test]
    fn dates_are_the_utc_calendar_days() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(NOW), "2026-01-01");
        assert_eq!(date(NOW - 1), "2025-12-31");
        assert_eq!(date(951_782_400_000), "2000-02-29");
        assert_eq!(date(-86_400_000), "1969-12-31");
    }
}
