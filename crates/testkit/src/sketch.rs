//! One text shape for a move list and for odds, the same in every system's tests, so a snapshot
//! shows at a glance what a page would offer and what chances it would show.
//!
//! A move is its head line, `group | label | fixed command`, with ` | odds` when the system gives
//! odds for it, then one indented line per blank:
//!
//! ```text
//! Round | Ragnar: act against a Difficulty | {"do":"action","who":"Ragnar"} | odds
//!   spend: number 1..=4, default 1
//!   fits_concept: flag, default yes
//!   detail: text, at most 200
//!   character: json, at most 4000, e.g. {"name":"Tova"}
//!   trait: one of ["Physical", "Mental"]
//!   spend: one of
//!     - 1 die: success 5/12 = 1
//!     - 2 dice: success 181/216 = 2
//!   goal: one of 40 options, not listed
//!   advancement [not sent]: one of ["new_key", "swap_trait"]
//!   reward.new_key [shown when advancement is "new_key"]: one of ["Explorer", "Scholar"]
//! ```
//!
//! A choice shows its options' JSON values on one line when each option's label is its value's
//! text, else one `- label = value` line per option; `any of` when several may be picked. A choice
//! of more than [`LISTED_AT_MOST`] options shows only how many there are. A blank that only steers
//! the form is marked `[not sent]`, and one shown only while another holds some values says
//! which (`[shown when FIELD is VALUE or VALUE]`). Notes are not shown; a
//! move's confirm question is (`  confirm: ...`, under the head line), and an option's after it
//! (`- label = value, confirm: ...`), since a question asked before sending is behaviour. A move
//! the rules expect of the seat now ([`Move::lead`]) ends its head line with `| lead`.

use serde_json::Value;
use skald_core::{Choice, FieldKind, Move, Odds};
use std::fmt::Write as _;

/// The most options of one choice a sketch lists; beyond this it gives their number only (a
/// catalogue of rewards runs to dozens).
pub const LISTED_AT_MOST: usize = 24;

/// `moves` as text: each move's head line, then its blanks (see the module's documentation).
pub fn sketch<'a>(moves: impl IntoIterator<Item = &'a Move>) -> String {
    let mut out = String::new();
    for m in moves {
        out.push_str(&sketch_move(m));
    }
    out
}

/// One move as text, ending with a newline.
///
/// # Panics
/// When the move's typed verb ([`Move::verb`]) is not its command's `do`.
pub fn sketch_move(m: &Move) -> String {
    assert_eq!(
        m.command.get("do").and_then(Value::as_str),
        Some(m.verb),
        "{}: the typed verb is not the command's",
        m.label
    );
    let odds = if m.odds { " | odds" } else { "" };
    let lead = if m.lead { " | lead" } else { "" };
    let mut out = format!("{} | {} | {}{odds}{lead}\n", m.group, m.label, m.command);
    if let Some(sheet) = &m.sheet {
        let _ = writeln!(out, "  (the sheet at {sheet} saves to a file)");
    }
    if let Some(confirm) = &m.confirm {
        let _ = writeln!(out, "  confirm: {confirm}");
    }
    fields(&mut out, &m.fields, "  ");
    out
}

/// Blanks, one line each at `indent`; a list's item fields one step further in.
fn fields(out: &mut String, fields: &[skald_core::Field], indent: &str) {
    for f in fields {
        let kind = match &f.kind {
            FieldKind::Number { min, max, default } => {
                format!("number {min}..={max}, default {default}")
            }
            FieldKind::Flag { default } => {
                format!("flag, default {}", if *default { "yes" } else { "no" })
            }
            FieldKind::Text { max, default } if default.is_empty() => {
                format!("text, at most {max}")
            }
            FieldKind::Text { max, default } => {
                format!("text, at most {max}, starting at {default:?}")
            }
            FieldKind::Choice { options, multiple } => {
                choice(options, if *multiple { "any of" } else { "one of" }, indent)
            }
            FieldKind::List {
                min,
                max,
                start,
                total,
                ..
            } => {
                let total = total
                    .as_ref()
                    .map(|t| format!(", {} adding up to {}", t.field, t.target))
                    .unwrap_or_default();
                format!("list of {min}..={max} entries, {start} at first{total}")
            }
        };
        // A blank shown only while another holds some values says which; one that only steers
        // the form says it is not sent.
        let shown = f
            .shown_when
            .as_ref()
            .map(|c| {
                let values: Vec<String> = c.any_of.iter().map(ToString::to_string).collect();
                format!(" [shown when {} is {}]", c.field, values.join(" or "))
            })
            .unwrap_or_default();
        let steers = if f.form_only { " [not sent]" } else { "" };
        let _ = writeln!(out, "{indent}{}{steers}{shown}: {kind}", f.name);
        if let FieldKind::List { item, .. } = &f.kind {
            self::fields(out, item, &format!("{indent}    "));
        }
    }
}

/// A choice's options: inline values, one line each (with the field and values that offer it, for
/// an option offered only sometimes), or their number.
fn choice(options: &[Choice], how: &str, indent: &str) -> String {
    if options.len() > LISTED_AT_MOST {
        return format!("{how} {} options, not listed", options.len());
    }
    let plain = |o: &Choice| {
        let text = match &o.value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        text == o.label && o.only_if.is_none() && o.confirm.is_none()
    };
    if options.iter().all(plain) {
        let values: Vec<String> = options.iter().map(|o| o.value.to_string()).collect();
        format!("{how} [{}]", values.join(", "))
    } else {
        let mut out = how.to_owned();
        for o in options {
            let _ = write!(out, "\n{indent}  - {} = {}", o.label, o.value);
            if let Some(c) = &o.only_if {
                let values: Vec<String> = c.any_of.iter().map(Value::to_string).collect();
                let _ = write!(out, " (if {} is {})", c.field, values.join(" or "));
            }
            if let Some(confirm) = &o.confirm {
                let _ = write!(out, ", confirm: {confirm}");
            }
        }
        out
    }
}

/// `odds` as text: `no odds` when there are none; else the summary, one `label: p (decimal)` line
/// per chance (the decimal as Rust prints an `f64`: the shortest text that reads back as the same
/// number), and the distribution on one line when there is one.
pub fn sketch_odds(odds: Option<&Odds>) -> String {
    let Some(odds) = odds else {
        return "no odds\n".to_owned();
    };
    let mut out = format!("{}\n", odds.summary);
    for c in &odds.chances {
        let _ = writeln!(out, "  {}: {} ({})", c.label, c.p, c.decimal);
    }
    if !odds.distribution.is_empty() {
        let shown: Vec<String> = odds
            .distribution
            .iter()
            .map(|c| format!("{}: {}", c.label, c.p))
            .collect();
        let _ = writeln!(out, "  distribution: {}", shown.join(", "));
    }
    out
}
