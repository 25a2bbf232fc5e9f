//! What the tests of several files share.
#![allow(dead_code)]

/// What a text breaks of the pages' standards (issue 31): a rule code outside parentheses (the
/// pages link `(F3)`, `(F2, F3)`, `(... F1)`, never a bare `F3:`), a file's name, a backticked
/// or snake_case word, a chance as a bare fraction (a factor `x 1/2` is no chance).
pub fn slips(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b'F' if depth == 0
                && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
                && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric()) =>
            {
                out.push(format!("a code outside parentheses at {i}"));
            }
            _ => {}
        }
    }
    for raw in ["freelancer.txt", "`", "RULINGS"] {
        if text.contains(raw) {
            out.push(format!("{raw:?}"));
        }
    }
    for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        if word.contains('_') {
            out.push(format!("the word {word:?}"));
        }
    }
    // A fraction p/q is a chance unless it is an adjustment's factor ("x 1/2") or a factor's
    // form ("p/q"); a chance has its percentage before it: "5.0% (1/20)".
    let mut at = 0;
    while let Some(slash) = text[at..].find('/').map(|i| i + at) {
        let before = &text[..slash];
        let digits = before.len() - before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 {
            let start = slash - digits;
            let head = &text[..start];
            if !(head.ends_with("% (") || head.ends_with("x ")) {
                out.push(format!("a bare fraction at {start}"));
            }
        }
        at = slash + 1;
    }
    out
}
