//! `skald roll EXPR`: parses dice notation, rolls it with a seeded or OS-seeded generator, prints it.

use crate::cli::RollArgs;
use crate::error::Error;
use skald_dice::{SeededRandom, notation};

/// Runs `skald roll`: exit 0 with the roll, or exit 2 with the notation error (caret under its position).
pub fn run(args: &RollArgs) -> crate::error::Result {
    let expr = match notation::parse(&args.expression) {
        Ok(expr) => expr,
        Err(err) => {
            return Err(Error::Usage(format!(
                "invalid dice expression
{}",
                err.render(&args.expression)
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
                err.render(&args.expression)
            )));
        }
    };
    if args.json {
        crate::output::print(&format!("{}\n", serde_json::to_string_pretty(&rolled)?))?;
    } else {
        let mut text = format!("{rolled}\n");
        for note in crate::odds::reading_notes(&args.expression, &expr) {
            text.push_str(&format!("note: {note}\n"));
        }
        crate::output::print(&text)?;
    }
    Ok(())
}
