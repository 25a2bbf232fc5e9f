//! `skald roll EXPR`: parses dice notation, rolls it with a seeded or OS-seeded generator, prints it.

use crate::cli::RollArgs;
use crate::error::Error;
use skald_dice::{SeededRandom, notation};

/// The notation and, when words follow it, the words as the roll's label: as chat rollers read
/// `1d20 please don't break` (issue 31). The longest start of `text` that ends at a space and is
/// notation, when what follows holds a letter; `None` when `text` is notation whole or no such
/// start is.
fn with_label(text: &str) -> Option<(&str, &str)> {
    if notation::parse(text).is_ok() {
        return None;
    }
    text.char_indices()
        .filter(|(_, c)| c.is_whitespace())
        .map(|(at, _)| (text[..at].trim_end(), text[at..].trim()))
        .rev()
        .find(|(notation, label)| {
            !notation.is_empty()
                && label.chars().any(char::is_alphabetic)
                && notation::parse(notation).is_ok()
        })
}

/// Runs `skald roll`: exit 0 with the roll, or exit 2 with the notation error (caret under its
/// position). Words after the notation are the roll's label ([`with_label`]).
pub fn run(args: &RollArgs) -> crate::error::Result {
    let (expression, label) = match with_label(&args.expression) {
        Some((expression, label)) => (expression, Some(label)),
        None => (args.expression.as_str(), None),
    };
    let expr = match notation::parse(expression) {
        Ok(expr) => expr,
        Err(err) => {
            return Err(Error::Usage(format!(
                "invalid dice expression
{}",
                err.render(expression)
            )));
        }
    };
    let mut dice = match args.seed {
        Some(seed) => SeededRandom::from_seed(seed),
        None => SeededRandom::from_entropy_bytes(crate::entropy::os_entropy()?),
    };
    let rolled = match notation::roll(&expr, &mut dice) {
        Ok(rolled) => rolled,
        Err(err) => {
            return Err(Error::Usage(format!(
                "invalid dice expression
{}",
                err.render(expression)
            )));
        }
    };
    if args.json {
        let mut json = serde_json::to_value(&rolled)?;
        if let (Some(label), Some(fields)) = (label, json.as_object_mut()) {
            fields.insert("label".into(), label.into());
        }
        crate::output::print(&format!("{}\n", serde_json::to_string_pretty(&json)?))?;
    } else {
        let mut text = match label {
            Some(label) => format!("label: {label}\n{rolled}\n"),
            None => format!("{rolled}\n"),
        };
        for note in crate::odds::reading_notes(expression, &expr) {
            text.push_str(&format!("note: {note}\n"));
        }
        crate::output::print(&text)?;
    }
    Ok(())
}
