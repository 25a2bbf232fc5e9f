//! Text a page shows, with its references made links: a ruling id that the text cites (`(T3)`,
//! `(T1, T5)`, `RULINGS T5`) links to the statement of that ruling on its system's rules page
//! (`/rules/twenty#T3`), and `docs/fairness.md` to the page about the dice's fairness
//! ([`FAIRNESS_PAGE`]). Registered as the templates' `rule_links` filter
//! (`crate::templates::environment`), so the pages and the HTML report link the same way.
//!
//! A link opens in a new tab (`target="_blank" rel="noopener"`, [`NEW_TAB`]): a reader who looks
//! up a ruling in the middle of a move or a line of talk keeps the page and what they typed; its
//! `title` says so to a screen reader (as the link's description) and to a pointer.
//!
//! The text is escaped first and only then linked, so nothing in it becomes markup; an id is
//! linked only where a text cites a ruling (inside parentheses, or after `RULINGS`) and only when
//! a system's rules page states it ([`ruling`](skald_core::Registry::ruling) of
//! [`skald_systems::REGISTRY`]), so no link leads nowhere and a name such as "C3PO" or a room
//! "F1" in a sentence stays text.

use minijinja::{HtmlEscape, Value};
use std::fmt::Write;

/// The path under which the docs cite the dice's fairness.
pub const FAIRNESS_DOC: &str = "docs/fairness.md";
/// Where the binary serves the page about the dice's fairness.
pub const FAIRNESS_PAGE: &str = "/fairness";
/// What a link to the fairness page says, in words (a reader does not read a file's path).
pub const FAIRNESS_WORDS: &str = "how the dice are kept fair";
/// The attributes of a link that opens in a new tab, with its hint.
pub const NEW_TAB: &str = "target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\"";

/// The address of the statement of ruling `code` of `system`: `/rules/twenty#T3`.
pub fn ruling_href(system: &str, code: &str) -> String {
    format!("/rules/{system}#{code}")
}

/// The ruling id (`T3`, `L12`) that starts at byte `i` of `text`, as a word of its own: a capital
/// letter and one or two digits; its end. Whether a system states it is the registry's to say
/// (each system's codes have a letter of their own; none is listed here).
fn code_at(text: &str, i: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    if !bytes[i].is_ascii_uppercase() || (i > 0 && word(bytes[i - 1])) {
        return None;
    }
    let digits = bytes[i + 1..]
        .iter()
        .take_while(|d| d.is_ascii_digit())
        .count();
    let end = i + 1 + digits;
    ((1..=2).contains(&digits) && bytes.get(end).is_none_or(|&b| !word(b))).then_some(end)
}

/// How [`link_with`] writes a text: its plain parts, a cited ruling's link, the fairness page's.
struct Writer<'a> {
    /// A plain part, escaped as the output needs.
    plain: &'a dyn Fn(&str, &mut String),
    /// A link to ruling `code` at `href`.
    ruling: &'a dyn Fn(&str, &str, &mut String),
    /// The link that stands for `docs/fairness.md`.
    fairness: &'a dyn Fn(&mut String),
}

/// `text`, escaped for HTML, with each ruling id it cites linked to its statement and
/// `docs/fairness.md` linked to [`FAIRNESS_PAGE`] as [`FAIRNESS_WORDS`], each opening in a new
/// tab ([`NEW_TAB`]). An id is cited inside parentheses (`(T3)`,
/// `(T1, T5)`, `(disabled: loses at once, T7)`), or after the word `RULINGS` and in a list that
/// follows it (`RULINGS T5, T6`).
pub fn linked(text: &str) -> String {
    link_with(
        text,
        &Writer {
            plain: &|part, out| {
                let _ = write!(out, "{}", HtmlEscape(part));
            },
            ruling: &|code, href, out| {
                let _ = write!(
                    out,
                    "<a class=\"rule-link\" href=\"{href}\" {NEW_TAB}>{code}</a>"
                );
            },
            fairness: &|out| {
                let _ = write!(
                    out,
                    "<a class=\"doc-link\" href=\"{FAIRNESS_PAGE}\" {NEW_TAB}>{FAIRNESS_WORDS}</a>"
                );
            },
        },
    )
}

/// `text` for Markdown, each plain part made inert by `escape` (the report's escaping), with the
/// ruling ids it cites (as [`linked`] finds them) as Markdown links to their statements
/// (`[T3](/rules/twenty#T3)`) and `docs/fairness.md` as a link to [`FAIRNESS_PAGE`].
pub fn linked_markdown(text: &str, escape: &dyn Fn(&str) -> String) -> String {
    link_with(
        text,
        &Writer {
            plain: &|part, out| out.push_str(&escape(part)),
            ruling: &|code, href, out| {
                let _ = write!(out, "[{code}]({href})");
            },
            fairness: &|out| {
                let _ = write!(out, "[{FAIRNESS_WORDS}]({FAIRNESS_PAGE})");
            },
        },
    )
}

/// `text` written by `writer`: its cited rulings and `docs/fairness.md` as links, the rest plain.
fn link_with(text: &str, writer: &Writer<'_>) -> String {
    let mut out = String::with_capacity(text.len() + 32);
    let mut plain = 0;
    let mut depth = 0usize;
    // Where "RULINGS" or an id linked after it ended: an id after only a list's separators is
    // cited too.
    let mut listing: Option<usize> = None;
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        if rest.starts_with(FAIRNESS_DOC) {
            (writer.plain)(&text[plain..i], &mut out);
            (writer.fairness)(&mut out);
            i += FAIRNESS_DOC.len();
            plain = i;
            continue;
        }
        if rest.starts_with("RULINGS") {
            i += if rest.starts_with("RULINGS.md") {
                10
            } else {
                7
            };
            listing = Some(i);
            continue;
        }
        match rest.as_bytes()[0] {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if let Some(end) = code_at(text, i) {
            let code = &text[i..end];
            let listed =
                listing.is_some_and(|from| text[from..i].bytes().all(|b| b" ,-&and".contains(&b)));
            if let (true, Some((system, _))) =
                (depth > 0 || listed, skald_systems::REGISTRY.ruling(code))
            {
                (writer.plain)(&text[plain..i], &mut out);
                (writer.ruling)(code, &ruling_href(system.name, code), &mut out);
                if listed {
                    listing = Some(end);
                }
                i = end;
                plain = end;
                continue;
            }
        }
        i += rest.chars().next().map_or(1, char::len_utf8);
    }
    (writer.plain)(&text[plain..], &mut out);
    out
}

/// `text` without the rulings it cites in parentheses of their own (`" (T3)"`, `" (T1, T5)"`),
/// for a place where a link cannot go (a fold's summary, the control that opens it: a link inside
/// it would be one control inside another); the codes stay where they are links (the fold's
/// list). Parentheses that hold more than codes are kept whole. The `uncited` filter.
pub fn uncited(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find(" (") {
        let inside = &rest[open + 2..];
        let Some(close) = inside.find(')') else {
            break;
        };
        let codes = &inside[..close];
        let only_codes = !codes.is_empty()
            && codes.split(", ").all(|code| {
                code_at(code, 0) == Some(code.len())
                    && skald_systems::REGISTRY.ruling(code).is_some()
            });
        if only_codes {
            out.push_str(&rest[..open]);
        } else {
            out.push_str(&rest[..open + 2 + close + 1]);
        }
        rest = &inside[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The `rule_links` filter: [`linked`] for a text, as markup the template keeps as it is. A value
/// that is markup already (linked before, or the template's own) is left as it is, so nothing
/// is linked twice; none and undefined stay what they are.
pub fn rule_links(value: Value) -> Value {
    if value.is_safe() || value.is_none() || value.is_undefined() {
        return value;
    }
    Value::from_safe_string(linked(&value.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cited_ruling_links_to_its_statement_and_the_fairness_doc_to_its_page() {
        assert_eq!(
            linked("Ties are not ahead (T3)."),
            "Ties are not ahead (<a class=\"rule-link\" href=\"/rules/twenty#T3\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">T3</a>)."
        );
        assert_eq!(
            linked("(T1, T5) and RULINGS C3, C4; L1"),
            "(<a class=\"rule-link\" href=\"/rules/twenty#T1\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">T1</a>, \
             <a class=\"rule-link\" href=\"/rules/twenty#T5\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">T5</a>) and RULINGS \
             <a class=\"rule-link\" href=\"/rules/chi#C3\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">C3</a>, \
             <a class=\"rule-link\" href=\"/rules/chi#C4\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">C4</a>; L1"
        );
        assert_eq!(
            linked("(a decision: F8 is silent) see docs/fairness.md"),
            "(a decision: <a class=\"rule-link\" href=\"/rules/freelancer#F8\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">F8</a> is silent) \
             see <a class=\"doc-link\" href=\"/fairness\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">how the dice are kept fair</a>"
        );
    }

    #[test]
    fn text_is_escaped_before_it_is_linked() {
        assert_eq!(
            linked("<b>Ragnar</b> & \"Dirk\" (L2) <a href=x>T3</a>"),
            "&lt;b&gt;Ragnar&lt;&#x2f;b&gt; &amp; &quot;Dirk&quot; \
             (<a class=\"rule-link\" href=\"/rules/loqi#L2\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">L2</a>) \
             &lt;a href=x&gt;T3&lt;&#x2f;a&gt;"
        );
        // An id in a name, a word or a sentence is no citation; one no page states is left too.
        assert_eq!(
            linked("C3PO met F1 in T12a (T15, X1, CT2) é(C6)"),
            "C3PO met F1 in T12a (T15, X1, CT2) é(<a class=\"rule-link\" href=\"/rules/chi#C6\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">C6</a>)"
        );
    }

    #[test]
    fn a_summary_leaves_its_citations_to_the_list_under_it() {
        assert_eq!(
            uncited("Ahead after the exchange (T3), and (T1, T5) but (a tie, T3) (C3PO)"),
            "Ahead after the exchange, and but (a tie, T3) (C3PO)"
        );
    }

    #[test]
    fn the_filter_links_once() {
        let once = rule_links(Value::from("(T9)"));
        assert!(once.is_safe());
        let twice = rule_links(once.clone());
        assert_eq!(twice.to_string(), once.to_string());
        assert_eq!(
            twice.to_string(),
            "(<a class=\"rule-link\" href=\"/rules/twenty#T9\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">T9</a>)"
        );
        assert!(rule_links(Value::from(())).is_none());
        assert_eq!(
            linked_markdown("a [x] (T3, F2) C3PO", &|t| t
                .replace('[', "\\[")
                .replace(']', "\\]")),
            "a \\[x\\] ([T3](/rules/twenty#T3), [F2](/rules/freelancer#F2)) C3PO"
        );
        // As the binary's environment registers it (crate::templates), on a bare one: this file
        // must not import the one that imports it.
        let mut env = minijinja::Environment::new();
        env.set_auto_escape_callback(|_| minijinja::AutoEscape::Html);
        env.add_filter("rule_links", rule_links);
        let shown = env
            .render_str(
                "{{ t | rule_links }} {{ t | rule_links | rule_links }} {{ '(T9)' | rule_links }}",
                minijinja::context! { t => "<i>(T9)</i>" },
            )
            .map_err(|e| e.to_string());
        let link = "(<a class=\"rule-link\" href=\"/rules/twenty#T9\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">T9</a>)";
        assert_eq!(
            shown,
            Ok(format!(
                "&lt;i&gt;{link}&lt;&#x2f;i&gt; &lt;i&gt;{link}&lt;&#x2f;i&gt; {link}"
            ))
        );
    }
}
