//! `skald twenty ...`: Twenty's own calculators on the command line (odds and the like), over the
//! `skald-twenty` crate. Argument parsing and printing only; the rules live in the crate.
//!
//! - `skald twenty burden`: the burdens one can take from one opponent and which leave one winning (T5).
//! - `skald twenty odds`: the exact chance of being ahead of every opponent after an exchange (T2, T3).

use crate::error::Error;
use clap::{Args, Subcommand};
use serde::Serialize;
use skald_twenty::limits::{MAX_NEW_DICE, MAX_OTHERS, MAX_POOL_DICE};
use skald_twenty::odds::{self, BurdenOptions};
use std::fmt::Write as _;

/// `skald twenty` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The burdens you can take from one opponent: how many boxes, which dice they discard, and
    /// whether you are winning after (T5).
    #[command(after_help = BURDEN_EXAMPLES)]
    Burden(BurdenArgs),
    /// The exact chance that your pool is ahead of every opponent's after an exchange (T2, T3).
    #[command(after_help = ODDS_EXAMPLES)]
    Odds(OddsArgs),
    /// At a point of a scenario's conflict: each choice of the participant to act (each eligible trait,
    /// or standing) with its exact chance of being ahead after the exchange.
    #[command(after_help = CHOICES_EXAMPLES)]
    Choices(ChoicesArgs),
}

const CHOICES_EXAMPLES: &str = "\
Examples:
  skald twenty choices examples/twenty/gorand-and-the-dragon.toml --who Gorand --after 3
The model: every other participant yet to act brings in its largest eligible trait, or stands.
See docs/twenty.md, \"Odds\".";

/// `skald twenty choices`.
#[derive(Debug, Args)]
pub struct ChoicesArgs {
    /// A Twenty scenario (TOML).
    pub file: std::path::PathBuf,
    /// The participant about to act.
    #[arg(long)]
    pub who: String,
    /// Play the characters and this many steps first (default: every step).
    #[arg(long)]
    pub after: Option<usize>,
    /// Print JSON: `choices`, each with `bring_in` (null for standing), `dice` and `p_ahead` ("p/q").
    #[arg(long)]
    pub json: bool,
}

const BURDEN_EXAMPLES: &str = "\
Examples:
  skald twenty burden --mine 15,15,12,11,9 --theirs 20,19,19,17,6    the book's example: 4 boxes win
  skald twenty burden --mine 12,13,15 --theirs 6,14,17 --json        the dragon: one box, the 17
Each discarded die must beat your highest die; the burden's boxes hold their values (T5).
See docs/twenty.md, \"Odds\".";

const ODDS_EXAMPLES: &str = "\
Examples:
  skald twenty odds --mine 12,10 --theirs 14,6,5 --bring 2                  231/400
  skald twenty odds --mine 12,10 --theirs 14,6,5 --bring 2 --theirs-bring 2 both bring dice
  skald twenty odds --bring 3 --theirs '' --theirs 18 --theirs-bring 2      two opponents, empty pools
Ties are not ahead (T3). See docs/twenty.md, \"Odds\", for the method and its bounds.";

/// `skald twenty burden`.
#[derive(Debug, Args)]
pub struct BurdenArgs {
    /// Your pool: d20 faces 1 to 20, comma-separated (`15,15,12,11,9`); '' for none; at most 100 dice.
    #[arg(long, value_name = "DICE", value_parser = parse_pool)]
    pub mine: Pool,
    /// The opponent's pool, in the same form.
    #[arg(long, value_name = "DICE", value_parser = parse_pool)]
    pub theirs: Pool,
    /// Print JSON: `max_boxes` and `options` (boxes, discarded, their_pool_after, winning_after).
    #[arg(long)]
    pub json: bool,
}

/// `skald twenty odds`.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// Your pool before the exchange: d20 faces 1 to 20, comma-separated; at most 100 dice; none if left
    /// out.
    #[arg(long, value_name = "DICE", value_parser = parse_pool, default_value = "")]
    pub mine: Pool,
    /// An opponent's pool, in the same form ('' for none); repeat for each opponent (at most 19).
    #[arg(long, value_name = "DICE", value_parser = parse_pool, required = true)]
    pub theirs: Vec<Pool>,
    /// New d20s you bring in this exchange: 0 to 20 (the unchecked boxes of the trait you use).
    #[arg(long, value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_NEW_DICE)))]
    pub bring: u32,
    /// New d20s the opponents bring, 0 to 20: once for all of them, or once per --theirs, in order.
    /// None if left out (they stand).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_NEW_DICE)))]
    pub theirs_bring: Vec<u32>,
    /// Print JSON: the pools, `p_winning` as an exact fraction "p/q" and `p_winning_decimal`.
    #[arg(long)]
    pub json: bool,
}

/// A pool of d20s as given on the command line, in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pool(pub Vec<u32>);

/// Parses `15,15,12,11,9` (spaces allowed; '' is the empty pool): each 1 to 20, at most 100 dice.
fn parse_pool(text: &str) -> Result<Pool, String> {
    if text.trim().is_empty() {
        return Ok(Pool(Vec::new()));
    }
    let dice = text
        .split(',')
        .map(|part| {
            let part = part.trim();
            match part.parse::<u32>() {
                Ok(d) if (1..=20).contains(&d) => Ok(d),
                _ => Err(format!(
                    "{part:?} is not a d20 face: dice are 1 to 20, comma-separated, like 15,15,12"
                )),
            }
        })
        .collect::<Result<Vec<u32>, String>>()?;
    if dice.len() > MAX_POOL_DICE {
        return Err(format!(
            "{} dice; a pool has at most {MAX_POOL_DICE}",
            dice.len()
        ));
    }
    Ok(Pool(dice))
}

/// Runs a `skald twenty` subcommand.
pub fn run(command: &Command) -> crate::error::Result {
    match command {
        Command::Burden(args) => burden(args),
        Command::Odds(args) => odds(args),
        Command::Choices(args) => choices(args),
    }
}

fn burden(args: &BurdenArgs) -> crate::error::Result {
    let options = odds::burden_options(&args.mine.0, &args.theirs.0);
    if args.json {
        crate::output::print_json(&options)?;
    } else {
        crate::output::print(&burden_text(&args.mine.0, &args.theirs.0, &options))?;
    }
    Ok(())
}

fn dice(pool: &[u32]) -> String {
    if pool.is_empty() {
        return "(none)".to_owned();
    }
    pool.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn burden_text(mine: &[u32], theirs: &[u32], options: &BurdenOptions) -> String {
    let highest = mine.iter().copied().max().unwrap_or(0);
    let mut out = format!(
        "Mine: {}\nTheirs: {}\nMy highest die: {highest}\n",
        dice(mine),
        dice(theirs)
    );
    if options.max_boxes == 0 {
        out.push_str("No burden can be taken: none of their dice beats my highest (T5).\n");
        return out;
    }
    let _ = writeln!(
        out,
        "At most {} boxes: {} of their dice beat my highest (T5).\n",
        options.max_boxes, options.max_boxes
    );
    let rows: Vec<[String; 4]> = options
        .options
        .iter()
        .map(|o| {
            [
                o.boxes.to_string(),
                dice(&o.discarded),
                dice(&o.their_pool_after),
                if o.winning_after { "yes" } else { "no" }.to_owned(),
            ]
        })
        .collect();
    let header = [
        "boxes".to_owned(),
        "they discard".to_owned(),
        "their pool after".to_owned(),
        "winning after".to_owned(),
    ];
    let widths: Vec<usize> = (0..4)
        .map(|c| {
            rows.iter()
                .chain(std::iter::once(&header))
                .map(|r| r[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in std::iter::once(&header).chain(&rows) {
        let line = format!(
            "{:>w0$}  {:<w1$}  {:<w2$}  {}",
            row[0],
            row[1],
            row[2],
            row[3],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2]
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out.push_str(
        "\nThe burden's boxes hold the discarded values; the opponent names it and 1d20 picks its stat.\n",
    );
    out
}

/// One opponent in `skald twenty odds --json`.
#[derive(Debug, Serialize)]
struct OpponentJson<'a> {
    pool: &'a [u32],
    bring: u32,
}

/// `skald twenty odds --json`.
#[derive(Debug, Serialize)]
struct OddsJson<'a> {
    mine: &'a [u32],
    bring: u32,
    opponents: Vec<OpponentJson<'a>>,
    p_winning: String,
    p_winning_decimal: f64,
}

fn odds(args: &OddsArgs) -> crate::error::Result {
    if args.theirs.len() > MAX_OTHERS {
        return Err(Error::usage(format!(
            "--theirs is given {} times; at most {MAX_OTHERS} opponents",
            args.theirs.len()
        )));
    }
    let theirs_bring: Vec<u32> = match args.theirs_bring.as_slice() {
        [] => vec![0; args.theirs.len()],
        [n] => vec![*n; args.theirs.len()],
        many if many.len() == args.theirs.len() => many.to_vec(),
        many => {
            return Err(Error::usage(format!(
                "--theirs-bring is given {} times for {} opponent{} (--theirs): give it once for all of \
             them, or once per opponent",
                many.len(),
                args.theirs.len(),
                if args.theirs.len() == 1 { "" } else { "s" }
            )));
        }
    };
    let others: Vec<(Vec<u32>, u32)> = args
        .theirs
        .iter()
        .zip(&theirs_bring)
        .map(|(pool, n)| (pool.0.clone(), *n))
        .collect();
    let p = odds::p_ahead(&args.mine.0, args.bring, &others)?;
    if args.json {
        crate::output::print_json(&OddsJson {
            mine: &args.mine.0,
            bring: args.bring,
            opponents: others
                .iter()
                .map(|(pool, bring)| OpponentJson {
                    pool,
                    bring: *bring,
                })
                .collect(),
            p_winning: p.to_string(),
            p_winning_decimal: p.to_f64(),
        })?;
    } else {
        let mut out = format!(
            "Mine: {}, bringing {} new d20{}\n",
            dice(&args.mine.0),
            args.bring,
            if args.bring == 1 { "" } else { "s" }
        );
        for (i, (pool, bring)) in others.iter().enumerate() {
            let _ = writeln!(
                out,
                "Opponent {}: {}, bringing {bring} new d20{}",
                i + 1,
                dice(pool),
                if *bring == 1 { "" } else { "s" }
            );
        }
        let _ = writeln!(
            out,
            "\nP(ahead of every opponent after the exchange) = {p}\n  = {:.6} ({:.2}%)\nTies are not ahead (T3).",
            p.to_f64(),
            100.0 * p.to_f64()
        );
        crate::output::print(&out)?;
    }
    Ok(())
}

fn choices(args: &ChoicesArgs) -> crate::error::Result {
    let text = match std::fs::read_to_string(&args.file) {
        Ok(text) => text,
        Err(e) => {
            return Err(Error::Usage(format!(
                "cannot read {}: {e}",
                args.file.display()
            )));
        }
    };
    let scenario = match skald_scenario::load(&text) {
        Ok(s) => s,
        Err(e) => {
            return Err(Error::Usage(format!(
                "{} is not a valid scenario: {e}",
                args.file.display()
            )));
        }
    };
    let steps = args.after.unwrap_or(scenario.steps.len());
    let table = match scenario.table_after::<skald_twenty::Twenty>(steps) {
        Ok(t) => t,
        Err(e) => {
            return Err(Error::Usage(format!("{}: {e}", args.file.display())));
        }
    };
    let found = match skald_twenty::exchange_choices(table.state(), &args.who) {
        Ok(found) => found,
        Err(e) => {
            return Err(Error::Usage(format!("{e}")));
        }
    };
    if args.json {
        let list: Vec<serde_json::Value> = found
            .iter()
            .map(|c| serde_json::json!({ "bring_in": c.bring_in, "dice": c.dice, "p_ahead": c.p_ahead.to_string(), "p_ahead_decimal": c.p_ahead.to_f64() }))
            .collect();
        crate::output::print_json(
            &serde_json::json!({ "who": args.who, "after_steps": steps, "choices": list }),
        )?;
    } else {
        let mut out = format!(
            "{} after step {steps}: chance of being ahead after the exchange\n",
            args.who
        );
        for c in &found {
            let what = c.bring_in.clone().map_or("stand".to_string(), |t| {
                format!("bring in {t} ({} dice)", c.dice)
            });
            let _ = writeln!(out, "  {what:<40} {:.4}  {}", c.p_ahead.to_f64(), c.p_ahead);
        }
        crate::output::print(&out)?;
    }
    Ok(())
}
