//! `skald loqi ...`: Loqi's own calculators on the command line, over the `skald-loqi` crate: the
//! exact chances of a problem's two outcomes before the roll (`odds`, L3 and L4) and the impact an
//! outcome's changes suggest (`impact`, L7, with the L2 guide). Argument parsing and printing only;
//! the rules live in the crate.

use crate::error::Error;
use clap::{Args, Subcommand};
use serde_json::{Value, json};
use skald_dice::odds::Fraction;
use skald_loqi::limits;
use skald_loqi::rules::impact;
use skald_loqi::{Chances, Hundredths, Lasts, Reach, chances};
use std::fmt::Write as _;

/// `skald loqi` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Exact chance of each outcome of a problem from the two likelihood totals (L3; L4 with
    /// --unlikely-outcomes), and what one more point of influence on either side would make it.
    #[command(after_help = ODDS_EXAMPLES)]
    Odds(OddsArgs),
    /// The impact an outcome's changes suggest (L7): trait changes, tactical changes, weakenings,
    /// regained strength and relationships, summed, with where the total reaches on the L2 guide.
    #[command(after_help = IMPACT_EXAMPLES)]
    Impact(ImpactArgs),
}

const ODDS_EXAMPLES: &str = "\
Examples:
  skald loqi odds --player 3 --gm -2                    advantage 5, odds 11: 11/12 and 1/12
  skald loqi odds --player 0 --gm 0                     equal: 1-6 the player's, 7-12 the GM's
  skald loqi odds --player 7 --gm 0 --unlikely-outcomes advantage 7 under L4: 5/144 for the GM
  skald loqi odds --player 3 --gm -2 --json             JSON, chances as \"p/q\" strings
The totals are each outcome's likelihood tally (impact, traits, modifiers, influence). See docs/loqi.md.";

const IMPACT_EXAMPLES: &str = "\
Examples:
  skald loqi impact --trait-change 2:scenario              a trait +2 for the scenario: 4
  skald loqi impact --trait-change -1:permanent:harmful    a harmful trait -1 for good: +5
  skald loqi impact --weakening 3 --tactical -2            -6 and -1: -7
  skald loqi impact --regain 1 --relationship 2:1.5:0.5    +4 and +2 (1.5 rounds up): +6
  skald loqi impact --weakening 5 --json
Positive impact helps the player characters. See docs/loqi.md.";

/// `skald loqi odds`.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The player's outcome's likelihood total, -1000 to 1000.
    #[arg(long, allow_hyphen_values = true, value_parser = clap::value_parser!(i64).range(-1000..=1000))]
    pub player: i64,
    /// The GM's outcome's likelihood total, -1000 to 1000.
    #[arg(long, allow_hyphen_values = true, value_parser = clap::value_parser!(i64).range(-1000..=1000))]
    pub gm: i64,
    /// Play the unlikely-outcomes option (L4): at odds 12 or more a 12 keeps the less likely
    /// outcome possible.
    #[arg(long)]
    pub unlikely_outcomes: bool,
    /// Print JSON: `advantage`, `odds`, `more_likely`, `certain`, `p_player`, `p_gm` (exact "p/q"),
    /// their decimals, and `one_more_point` for each side.
    #[arg(long)]
    pub json: bool,
}

/// `skald loqi impact`.
#[derive(Debug, Args)]
pub struct ImpactArgs {
    /// A trait change: `CHANGE:DURATION[:harmful]`, CHANGE -6 to 6 (not 0), DURATION scene, scenario
    /// or permanent; add `:harmful` for a harmful trait. Repeatable.
    #[arg(
        long = "trait-change",
        value_name = "CHANGE:DURATION[:harmful]",
        allow_hyphen_values = true
    )]
    pub trait_changes: Vec<String>,
    /// A tactical change: the later modifier, -6 to 6, not 0 (+ helps the PCs). Repeatable.
    #[arg(long, allow_hyphen_values = true, value_parser = clap::value_parser!(i64).range(-6..=6))]
    pub tactical: Vec<i64>,
    /// Strength lost, 1 to 40 points. Repeatable.
    #[arg(long, value_parser = clap::value_parser!(i64).range(1..=40))]
    pub weakening: Vec<i64>,
    /// Strength regained inside the outcome, 1 to 40 points. Repeatable.
    #[arg(long, value_parser = clap::value_parser!(i64).range(1..=40))]
    pub regain: Vec<i64>,
    /// A relationship: `CHANGE[:INFLUENCE[:LENGTH]]`, CHANGE -4 to 4 (not 0; + a friend, - an enemy),
    /// INFLUENCE x0.5 to x2 and LENGTH x0.25 to x1.5 (default 1 each). Repeatable.
    #[arg(
        long,
        value_name = "CHANGE[:INFLUENCE[:LENGTH]]",
        allow_hyphen_values = true
    )]
    pub relationship: Vec<String>,
    /// Print JSON: `items` (each with its `impact`), `impact`, `reaches`.
    #[arg(long)]
    pub json: bool,
}

/// Runs a `skald loqi` subcommand.
pub fn run(command: &Command) -> crate::error::Result {
    match command {
        Command::Odds(args) => odds(args),
        Command::Impact(args) => impact(args),
    }
}

fn odds(args: &OddsArgs) -> crate::error::Result {
    let unlikely = args.unlikely_outcomes;
    let now = chances(args.player, args.gm, unlikely)?;
    let player_up = chances(args.player.saturating_add(1), args.gm, unlikely)?;
    let gm_up = chances(args.player, args.gm.saturating_add(1), unlikely)?;
    if args.json {
        let mut value = chances_json(&now);
        value["unlikely_outcomes"] = json!(unlikely);
        value["one_more_point"] = json!({
            "player": chances_json(&player_up),
            "gm": chances_json(&gm_up),
        });
        crate::output::print_json(&value)?;
    } else {
        crate::output::print(&odds_text(&now, &player_up, &gm_up, unlikely))?;
    }
    Ok(())
}

fn more_likely(c: &Chances) -> Value {
    match c.player.cmp(&c.gm) {
        std::cmp::Ordering::Greater => json!("player"),
        std::cmp::Ordering::Less => json!("gm"),
        std::cmp::Ordering::Equal => Value::Null,
    }
}

fn chances_json(c: &Chances) -> Value {
    json!({
        "player": c.player,
        "gm": c.gm,
        "advantage": c.advantage,
        "odds": c.odds,
        "more_likely": more_likely(c),
        "certain": c.certain,
        "p_player": c.p_player.to_string(),
        "p_gm": c.p_gm.to_string(),
        "p_player_decimal": c.p_player.to_f64(),
        "p_gm_decimal": c.p_gm.to_f64(),
    })
}

fn odds_text(now: &Chances, player_up: &Chances, gm_up: &Chances, unlikely: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Likelihoods: the player's outcome {}, the GM's outcome {}",
        now.player, now.gm
    );
    let _ = writeln!(out, "advantage {}, odds {}", now.advantage, now.odds);
    let rule = match (now.player.cmp(&now.gm), now.certain) {
        (std::cmp::Ordering::Equal, _) => {
            "equal likelihoods: a d12 of 1-6 selects the player's outcome, 7-12 the GM's (L3)"
                .to_string()
        }
        (_, true) => {
            "advantage 6 or more: the more likely outcome is certain, no die is rolled (L3)"
                .to_string()
        }
        _ if unlikely && now.odds >= 12 => {
            "odds 12 or more: the less likely outcome needs a 12, then a roll at advantage - 6 (L4)"
                .to_string()
        }
        _ => format!(
            "a d12 of {} or less selects the more likely outcome, more the other (L3)",
            now.odds
        ),
    };
    let _ = writeln!(out, "{rule}");
    let _ = writeln!(
        out,
        "P(the player's outcome) = {}",
        with_decimal(&now.p_player)
    );
    let _ = writeln!(out, "P(the GM's outcome)     = {}", with_decimal(&now.p_gm));
    let _ = writeln!(out, "One more point of influence (L5):");
    let _ = writeln!(
        out,
        "  for the player's outcome: P(the player's outcome) = {} (advantage {})",
        with_decimal(&player_up.p_player),
        player_up.advantage
    );
    let _ = writeln!(
        out,
        "  for the GM's outcome:     P(the GM's outcome)     = {} (advantage {})",
        with_decimal(&gm_up.p_gm),
        gm_up.advantage
    );
    out
}

fn with_decimal(p: &Fraction) -> String {
    format!("{p} ≈ {:.6}", p.to_f64())
}

/// One priced change for `skald loqi impact`.
struct Item {
    what: String,
    json: Value,
    impact: i64,
}

fn impact(args: &ImpactArgs) -> crate::error::Result {
    let mut items = Vec::new();
    for (i, spec) in args.trait_changes.iter().enumerate() {
        match trait_change(spec) {
            Ok(item) => items.push(item),
            Err(why) => return usage(&format!("--trait-change #{} {spec:?}: {why}", i + 1)),
        }
    }
    for &m in &args.tactical {
        if m == 0 {
            return usage("--tactical 0: allowed -6 to -1 or 1 to 6 (L7)");
        }
        items.push(Item {
            what: format!("tactical change {m:+}"),
            json: json!({ "kind": "tactical", "modifier": m }),
            impact: impact::tactical(m),
        });
    }
    for &p in &args.weakening {
        items.push(Item {
            what: format!("weakening {p}"),
            json: json!({ "kind": "weakening", "points": p }),
            impact: impact::weakening(p),
        });
    }
    for &p in &args.regain {
        items.push(Item {
            what: format!("regain {p}"),
            json: json!({ "kind": "regain", "points": p }),
            impact: impact::regain(p),
        });
    }
    for (i, spec) in args.relationship.iter().enumerate() {
        match relationship(spec) {
            Ok(item) => items.push(item),
            Err(why) => return usage(&format!("--relationship #{} {spec:?}: {why}", i + 1)),
        }
    }
    if items.is_empty() {
        return usage(
            "skald loqi impact needs at least one change: --trait-change, --tactical, --weakening, --regain or --relationship",
        );
    }
    let total = items
        .iter()
        .fold(0_i64, |sum, item| sum.saturating_add(item.impact));
    let reach = Reach::of(total);
    if args.json {
        let list: Vec<Value> = items
            .iter()
            .map(|item| {
                let mut v = item.json.clone();
                v["impact"] = json!(item.impact);
                v
            })
            .collect();
        crate::output::print_json(&json!({
            "items": list,
            "impact": total,
            "reaches": reach.name(),
            "guide": reach.guide().map(|r| [*r.start(), *r.end()]),
        }))?;
    } else {
        let mut out = String::new();
        for item in &items {
            let _ = writeln!(out, "{:<40} {:+}", item.what, item.impact);
        }
        let guide = match reach.guide() {
            Some(r) => format!(
                "{}, {}-{} on the L2 guide",
                reach.name(),
                r.start(),
                r.end()
            ),
            None => "beyond the L2 guide's 12".to_string(),
        };
        let _ = writeln!(out, "suggested impact {total:+} (L7): {guide}");
        crate::output::print(&out)?;
    }
    Ok(())
}

fn usage(message: &str) -> crate::error::Result {
    Err(Error::usage(message))
}

/// `CHANGE:DURATION[:harmful]`.
fn trait_change(spec: &str) -> Result<Item, String> {
    let parts: Vec<&str> = spec.split(':').collect();
    let (change, lasts, harmful) = match parts.as_slice() {
        [c, l] => (*c, *l, false),
        [c, l, "harmful"] => (*c, *l, true),
        _ => return Err("expected CHANGE:DURATION or CHANGE:DURATION:harmful".to_string()),
    };
    let change: i64 = change
        .trim_start_matches('+')
        .parse()
        .map_err(|_| format!("the change {change:?} is not a whole number"))?;
    if change == 0 || !limits::RATING_CHANGE.contains(&change) {
        return Err(format!(
            "the change is {change}; allowed: -6 to -1 or 1 to 6 (L7)"
        ));
    }
    let lasts = match lasts {
        "scene" => Lasts::Scene,
        "scenario" => Lasts::Scenario,
        "permanent" => Lasts::Permanent,
        other => {
            return Err(format!(
                "the duration is {other:?}; allowed: scene, scenario or permanent (L7)"
            ));
        }
    };
    let harm = if harmful { "harmful " } else { "" };
    let how_long = match lasts {
        Lasts::Permanent => "permanently".to_string(),
        other => format!("for the {}", other.name()),
    };
    Ok(Item {
        what: format!("{harm}trait {change:+} {how_long}"),
        json: json!({ "kind": "trait_change", "rating_change": change, "lasts": lasts, "harmful": harmful }),
        impact: impact::trait_change(change, harmful, lasts),
    })
}

/// `CHANGE[:INFLUENCE[:LENGTH]]`.
fn relationship(spec: &str) -> Result<Item, String> {
    let parts: Vec<&str> = spec.split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err("expected CHANGE, CHANGE:INFLUENCE or CHANGE:INFLUENCE:LENGTH".to_string());
    }
    let change: i64 = parts[0]
        .trim_start_matches('+')
        .parse()
        .map_err(|_| format!("the change {:?} is not a whole number", parts[0]))?;
    if change == 0 || !limits::RELATIONSHIP_CHANGE.contains(&change.saturating_abs()) {
        return Err(format!(
            "the change is {change}; allowed: -4 to -1 or 1 to 4 (L7)"
        ));
    }
    let multiplier = |i: usize, name: &str, range: &std::ops::RangeInclusive<i64>| {
        let Some(text) = parts.get(i) else {
            return Ok(Hundredths(100));
        };
        let x: f64 = text
            .parse()
            .map_err(|_| format!("the {name} {text:?} is not a number"))?;
        let h = Hundredths::from_number(x)?;
        if range.contains(&h.0) {
            Ok(h)
        } else {
            Err(format!(
                "the {name} is {h}; allowed: {} to {} (L7)",
                Hundredths(*range.start()),
                Hundredths(*range.end())
            ))
        }
    };
    let influence = multiplier(1, "influence", &limits::RELATIONSHIP_INFLUENCE)?;
    let length = multiplier(2, "length", &limits::RELATIONSHIP_LENGTH)?;
    Ok(Item {
        what: format!("relationship {change:+} {influence} {length}"),
        json: json!({ "kind": "relationship", "change": change, "influence": influence, "length": length }),
        impact: impact::relationship(change, influence, length),
    })
}
