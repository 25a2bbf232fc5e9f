//! The one assertion of snapshot tests: the text a test got against the text written in its
//! source, which `UPDATE_EXPECT=1 cargo test` rewrites in place.
//!
//! ```
//! use skald_testkit::{check, expect};
//! check(["a", "b"].join("\n"), expect![[r#"
//!     a
//!     b
//! "#]]);
//! ```

use expect_test::Expect;
use std::fmt::Display;

/// Asserts that `actual` is `expected`'s text (indentation and the outer blank lines of an
/// `expect![[...]]` block are ignored; a trailing newline is added to `actual` when it has none,
/// so a block ends as it is written).
///
/// # Panics
/// When they differ, with a diff, unless `UPDATE_EXPECT=1` is set: the expected text is then
/// rewritten in the test's source file and the test passes.
pub fn check(actual: impl Display, expected: Expect) {
    let mut actual = actual.to_string();
    if !actual.is_empty() && !actual.ends_with('\n') {
        actual.push('\n');
    }
    expected.assert_eq(&actual);
}
