//! `skald freelancer ...`: Freelancer's calculators on the command line, over the `skald-freelancer`
//! crate: a task check's equalizing, band and exact odds (`check`, F1-F3), an opposed check's odds by
//! either method (`opposed`, F4), an initiative roll's turn or turns (`initiative`, F5-F6) and the
//! extra Full Actions a turn may be divided into (`actions`, F5). Argument parsing and printing only;
//! the rules live in the crate.

use crate::error::Error;
use clap::{Args, Subcommand, ValueEnum};
use serde_json::{Value, json};
use skald_dice::odds::Fraction;
use skald_freelancer::rules::initiative::{choices, method_two_turns, orders_ahead, scale};
use skald_freelancer::rules::opposed::{
    PUNISHING_GAP, Side, gap, margin, reduce, winner, without_roll,
};
use skald_freelancer::rules::task_check::{chance_outcome, difference, equalize, explain, outcome};
use skald_freelancer::{Band, Consequence};
use skald_freelancer::{MAX_INITIATIVE_ROLL, MAX_RATING, MAX_TEAM, Number, NumberInput, odds};
use std::fmt::Write as _;

/// `skald freelancer` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// A task check before the roll: equalizing step by step (F2), the difference and its band (F3),
    /// exact P(success) and P(Botch); with --roll, the outcome. Or a plain percentage with --chance.
    #[command(after_help = CHECK_EXAMPLES)]
    Check(CheckArgs),
    /// An opposed check between two characters (F4): both ratings made rollable by either method,
    /// exact P(each side wins) per roll and if rerolled until someone wins; with --rolls, the winner.
    #[command(after_help = OPPOSED_EXAMPLES)]
    Opposed(OpposedArgs),
    /// An initiative roll (d100 + ALC) scaled to SPD: the turn (method 1, F5) or the turns (method 2,
    /// F6).
    #[command(after_help = INITIATIVE_EXAMPLES)]
    Initiative(InitiativeArgs),
    /// How many Full Actions a turn may be divided into against the slowest turn, and the turn number
    /// of each choice (F5).
    #[command(after_help = ACTIONS_EXAMPLES)]
    Actions(ActionsArgs),
}

const CHECK_EXAMPLES: &str = "\
Examples:
  skald freelancer check --rating 27 --difficulty 56              the guard: difference 29, 71/100
  skald freelancer check --rating 42 --difficulty 1200            the boulder: 4 vs 120, difference 116
  skald freelancer check --rating 42 --rating 71 --rating 87 --difficulty 1200   a team lift: 200
  skald freelancer check --rating 42 --difficulty 1200 --roll 63  the outcome of a roll of 63
  skald freelancer check --chance 75                              a plain 75% chance
  skald freelancer check --rating 42 --difficulty 1200 --json     JSON, chances as \"p/q\" strings
Ratings are whole numbers 0 to 10^30 (digits may be grouped: 1,200). See docs/freelancer.md.";

const OPPOSED_EXAMPLES: &str = "\
Examples:
  skald freelancer opposed --a 41 --b 457                     the arm wrestlers, rolled under
  skald freelancer opposed --a 41 --b 457 --method chaotic    reduced to 4 and 45: anyone can win
  skald freelancer opposed --a 41 --b 457 --method chaotic --rolls 2 97
  skald freelancer opposed --a 41 --b 457 --json
Give the ratings after the GM's adjustments (one arm: half). See docs/freelancer.md.";

const INITIATIVE_EXAMPLES: &str = "\
Examples:
  skald freelancer initiative --spd 1248 --roll 115            method 1: turn 1150
  skald freelancer initiative --spd 8 --roll 79                method 1: turn 7
  skald freelancer initiative --method 2 --roll 33550336       method 2: 33550336, 335503, 3355, 33
The roll is d100 + ALC. See docs/freelancer.md.";

const ACTIONS_EXAMPLES: &str = "\
Examples:
  skald freelancer actions --turn 150448 --slowest 25     up to 3: at 150448, 75224 or 50149
  skald freelancer actions --turn 673 --slowest 25        one order of magnitude: 1 action
See docs/freelancer.md.";

/// `skald freelancer check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The rating used, 0 to 10^30. Repeat it to add ratings together (a team lift, 2 to 12).
    #[arg(long, allow_hyphen_values = true, value_parser = rating, conflicts_with = "chance")]
    pub rating: Vec<u128>,
    /// What the rating is checked against, 0 to 10^30.
    #[arg(long, allow_hyphen_values = true, value_parser = difficulty, conflicts_with = "chance")]
    pub difficulty: Option<u128>,
    /// Instead of ratings: a plain chance of success, 0 to 100 percent (F1).
    #[arg(long, allow_hyphen_values = true, value_parser = chance)]
    pub chance: Option<u128>,
    /// The d100 rolled, 1 to 100: also print the outcome and its consequence.
    #[arg(long, allow_hyphen_values = true, value_parser = d100)]
    pub roll: Option<u32>,
    /// At a difference of 151 or more, roll anyway (any roll is then a Botch, F3).
    #[arg(long)]
    pub roll_anyway: bool,
    /// Print JSON: `rating`, `difficulty`, `equalized`, `steps`, `difference`, `band`, `p_success`,
    /// `p_botch` (exact "p/q") and their decimals; with --roll, `outcome`, `success`, `consequence`.
    #[arg(long)]
    pub json: bool,
}

/// How an opposed check is rolled (F4).
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Method {
    /// Equalize to three digits, roll under; the larger margin wins.
    RollUnder,
    /// Divide both by 10 until the larger is below 100, then roll under.
    Chaotic,
}

/// `skald freelancer opposed`.
#[derive(Debug, Args)]
pub struct OpposedArgs {
    /// The first side's rating (after adjustments), 0 to 10^30.
    #[arg(long, allow_hyphen_values = true, value_parser = side_a)]
    pub a: u128,
    /// The second side's rating (after adjustments), 0 to 10^30.
    #[arg(long, allow_hyphen_values = true, value_parser = side_b)]
    pub b: u128,
    /// roll-under (default) or chaotic.
    #[arg(long, value_enum, default_value = "roll-under")]
    pub method: Method,
    /// The two d100s rolled, a's then b's, 1 to 100 each: also print the winner.
    #[arg(long, num_args = 2, value_names = ["A", "B"], allow_hyphen_values = true, value_parser = d100)]
    pub rolls: Vec<u32>,
    /// Print JSON: `a`, `b` (each `rating`, `reduced`), `divisor`, `gap`, `punishing`, `automatic`,
    /// `p_a_wins`, `p_b_wins`, `p_no_winner`, `p_a_wins_eventually`, `p_b_wins_eventually`; with
    /// --rolls, `rolls`, `margins`, `winner`.
    #[arg(long)]
    pub json: bool,
}

/// `skald freelancer initiative`.
#[derive(Debug, Args)]
pub struct InitiativeArgs {
    /// The initiative roll: d100 + ALC, 1 to 10^30 + 100.
    #[arg(long, allow_hyphen_values = true, value_parser = initiative_roll)]
    pub roll: u128,
    /// The character's SPD, 0 to 10^30: the roll is scaled to its digit count. Without it the roll
    /// stands as it is.
    #[arg(long, allow_hyphen_values = true, value_parser = spd)]
    pub spd: Option<u128>,
    /// Initiative method: 1 (F5, one turn) or 2 (F6, a turn every two orders of magnitude).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub method: u8,
    /// Print JSON: `method`, `roll`, `spd`, and `turn` (method 1) or `turns` (method 2).
    #[arg(long)]
    pub json: bool,
}

/// `skald freelancer actions`.
#[derive(Debug, Args)]
pub struct ActionsArgs {
    /// The turn number (the scaled initiative roll), 1 to 10^30 + 100.
    #[arg(long, allow_hyphen_values = true, value_parser = turn)]
    pub turn: u128,
    /// The slowest turn in the order, 1 to 10^30 + 100.
    #[arg(long, allow_hyphen_values = true, value_parser = slowest)]
    pub slowest: u128,
    /// Print JSON: `turn`, `slowest`, `orders_of_magnitude`, `max_actions`, `choices` (each `actions`
    /// and `turn`).
    #[arg(long)]
    pub json: bool,
}

fn number(
    text: &str,
    field: &str,
    min: u128,
    max: u128,
    why: &'static str,
) -> Result<u128, String> {
    NumberInput::Text(text.to_owned())
        .check(field, min, max, why)
        .map_err(|e| e.to_string())
}

fn rating(text: &str) -> Result<u128, String> {
    number(text, "--rating", 0, MAX_RATING, "a rating, F3")
}

fn side_a(text: &str) -> Result<u128, String> {
    number(text, "--a", 0, MAX_RATING, "a rating, F4")
}

fn side_b(text: &str) -> Result<u128, String> {
    number(text, "--b", 0, MAX_RATING, "a rating, F4")
}

fn difficulty(text: &str) -> Result<u128, String> {
    number(
        text,
        "--difficulty",
        0,
        MAX_RATING,
        "the task's difficulty, F3",
    )
}

fn chance(text: &str) -> Result<u128, String> {
    number(
        text,
        "--chance",
        0,
        100,
        "a chance of success in percent, F1",
    )
}

fn d100(text: &str) -> Result<u32, String> {
    number(text, "--roll", 1, 100, "a d100, F1").map(|v| u32::try_from(v).unwrap_or(100))
}

fn initiative_roll(text: &str) -> Result<u128, String> {
    number(text, "--roll", 1, MAX_INITIATIVE_ROLL, "d100 + ALC, F5")
}

fn spd(text: &str) -> Result<u128, String> {
    number(text, "--spd", 0, MAX_RATING, "a rating, F5")
}

fn turn(text: &str) -> Result<u128, String> {
    // A scaled roll has at most as many digits as the largest SPD plus the d100's carry.
    number(text, "--turn", 1, MAX_INITIATIVE_ROLL, "a turn number, F5")
}

fn slowest(text: &str) -> Result<u128, String> {
    number(
        text,
        "--slowest",
        1,
        MAX_INITIATIVE_ROLL,
        "a turn number, F5",
    )
}

/// Runs a `skald freelancer` subcommand.
pub fn run(command: &Command) -> crate::error::Result {
    match command {
        Command::Check(args) => check(args),
        Command::Opposed(args) => opposed(args),
        Command::Initiative(args) => initiative(args),
        Command::Actions(args) => actions(args),
    }
}

fn usage(message: &str) -> crate::error::Result {
    Err(Error::usage(message))
}

/// A number for JSON: an integer up to 2^63 - 1, a string of digits above.
fn num(value: u128) -> Value {
    serde_json::to_value(Number(value)).unwrap_or(Value::Null)
}

fn decimal(fraction: &Fraction) -> Value {
    json!(fraction.to_f64())
}

fn check(args: &CheckArgs) -> crate::error::Result {
    if let Some(chance) = args.chance {
        return plain(args, u32::try_from(chance).unwrap_or(100));
    }
    if args.rating.is_empty() {
        return usage(
            "`--rating` is missing: a task check sets a rating against a difficulty (F3); or give \
             --chance",
        );
    }
    if args.rating.len() > MAX_TEAM {
        return usage(&format!(
            "`--rating` is given {} times, but at most {MAX_TEAM} ratings add up (a team of 2 to \
             {MAX_TEAM})",
            args.rating.len()
        ));
    }
    let Some(difficulty) = args.difficulty else {
        return usage(
            "`--difficulty` is missing: a task check sets a rating against a difficulty (F3)",
        );
    };
    let rating: u128 = args.rating.iter().sum();
    let equalized = equalize(rating, difficulty);
    let difference = difference(&equalized);
    let band = Band::of(difference);
    if let Some(roll) = args.roll
        && !band.rolls(args.roll_anyway)
    {
        let hint = if band == Band::Hopeless {
            "; add --roll-anyway to roll anyway (any roll is a Botch)"
        } else {
            ""
        };
        return usage(&format!(
            "`--roll` is {roll}, but at a difference of {difference} the check is decided without a \
             roll (F3){hint}"
        ));
    }
    let (p_success, p_botch) = odds::task_check(difference, args.roll_anyway)?;
    let steps = explain(rating, difficulty, &equalized);
    let result = args.roll.map(|roll| {
        let outcome = outcome(difference, Some(roll));
        (roll, outcome, Consequence::of(band, outcome))
    });
    if args.json {
        let mut value = json!({
            "rating": num(rating),
            "difficulty": num(difficulty),
            "equalized": {
                "rating": equalized.rating,
                "difficulty": equalized.difficulty,
                "divisor": num(equalized.divisor.get()),
                "digits": equalized.digits,
            },
            "steps": steps,
            "difference": difference,
            "band": band.name(),
            "rule": band.rule(),
            "rolls": band.rolls(args.roll_anyway),
            "p_success": p_success.to_string(),
            "p_botch": p_botch.to_string(),
            "p_success_decimal": decimal(&p_success),
            "p_botch_decimal": decimal(&p_botch),
        });
        if args.rating.len() > 1 {
            value["ratings"] = args.rating.iter().map(|r| num(*r)).collect();
        }
        if let Some((roll, outcome, consequence)) = result {
            value["roll"] = json!(roll);
            value["outcome"] = json!(outcome.name());
            value["success"] = json!(outcome.succeeded());
            value["consequence"] = json!(consequence.name());
        }
        crate::output::print_json(&value)?;
        return Ok(());
    }
    let mut text = String::new();
    let ratings: Vec<String> = args.rating.iter().map(u128::to_string).collect();
    let _ = write!(text, "rating {}", ratings.join(" + "));
    if args.rating.len() > 1 {
        let _ = write!(text, " = {rating}");
    }
    let _ = writeln!(text, " against difficulty {difficulty}");
    for step in &steps {
        let _ = writeln!(text, "  {step}");
    }
    let _ = writeln!(text, "band: {}", band.rule());
    if !band.rolls(args.roll_anyway) && band != Band::Automatic {
        let _ = writeln!(
            text,
            "no roll: the check fails (--roll-anyway rolls, and any roll is a Botch)"
        );
    }
    let _ = writeln!(text, "P(success) = {p_success} ({:.4})", p_success.to_f64());
    let _ = writeln!(text, "P(Botch)   = {p_botch} ({:.4})", p_botch.to_f64());
    if let Some((roll, outcome, consequence)) = result {
        let _ = writeln!(
            text,
            "d100 {roll}: {}, consequence: {}",
            outcome.name(),
            consequence.name()
        );
    }
    crate::output::print(&text)?;
    Ok(())
}

fn plain(args: &CheckArgs, chance: u32) -> crate::error::Result {
    let (p_success, p_botch) = odds::plain(chance)?;
    let result = args.roll.map(|roll| (roll, chance_outcome(chance, roll)));
    if args.json {
        let mut value = json!({
            "chance": chance,
            "p_success": p_success.to_string(),
            "p_botch": p_botch.to_string(),
            "p_success_decimal": decimal(&p_success),
            "p_botch_decimal": decimal(&p_botch),
        });
        if let Some((roll, outcome)) = result {
            value["roll"] = json!(roll);
            value["outcome"] = json!(outcome.name());
            value["success"] = json!(outcome.succeeded());
        }
        crate::output::print_json(&value)?;
        return Ok(());
    }
    let mut text = format!(
        "a {chance}% chance: d100 at most {chance} succeeds; 1-5 is a Crit and always succeeds, 96-100 \
         a Botch and always fails (F1)\nP(success) = {p_success} ({:.4})\nP(Botch)   = {p_botch} ({:.4})\n",
        p_success.to_f64(),
        p_botch.to_f64()
    );
    if let Some((roll, outcome)) = result {
        let _ = writeln!(text, "d100 {roll}: {}", outcome.name());
    }
    crate::output::print(&text)?;
    Ok(())
}

fn opposed(args: &OpposedArgs) -> crate::error::Result {
    let method = match args.method {
        Method::RollUnder => skald_freelancer::OpposedMethod::RollUnder,
        Method::Chaotic => skald_freelancer::OpposedMethod::Chaotic,
    };
    let reduced = reduce(args.a, args.b, method);
    let gap = gap(args.a, args.b);
    let punishing = method == skald_freelancer::OpposedMethod::RollUnder && gap > PUNISHING_GAP;
    let settled = without_roll(&reduced);
    let side = |s: Option<Side>| match s {
        Some(Side::A) => json!("a"),
        Some(Side::B) => json!("b"),
        None => Value::Null,
    };
    let certain = |yes: bool| if yes { "1" } else { "0" }.to_owned();
    let (p_a, p_b, p_none, eventually_a, eventually_b) = match settled {
        Some(result) => (
            certain(result == Some(Side::A)),
            certain(result == Some(Side::B)),
            certain(result.is_none()),
            result.map(|r| certain(r == Side::A)),
            result.map(|r| certain(r == Side::B)),
        ),
        None => {
            let o = odds::opposed(reduced.a, reduced.b)?;
            (
                o.a.to_string(),
                o.b.to_string(),
                o.neither.to_string(),
                o.a_eventually.map(|f| f.to_string()),
                o.b_eventually.map(|f| f.to_string()),
            )
        }
    };
    if settled.is_some() && !args.rolls.is_empty() {
        return usage(
            "`--rolls` are given, but a rating came to 0, so the check is decided without a roll (F4)",
        );
    }
    let rolled = match args.rolls.as_slice() {
        [ra, rb] => {
            let (ma, mb) = (margin(reduced.a, *ra), margin(reduced.b, *rb));
            Some((*ra, *rb, ma, mb, winner(ma, mb)))
        }
        _ => None,
    };
    if args.json {
        let mut value = json!({
            "method": method.name(),
            "a": { "rating": num(args.a), "reduced": num(reduced.a) },
            "b": { "rating": num(args.b), "reduced": num(reduced.b) },
            "divisor": num(reduced.divisor),
            "gap": gap,
            "punishing": punishing,
            "automatic": settled.is_some(),
            "p_a_wins": p_a,
            "p_b_wins": p_b,
            "p_no_winner": p_none,
            "p_a_wins_eventually": eventually_a,
            "p_b_wins_eventually": eventually_b,
        });
        if let Some(result) = settled {
            value["winner"] = side(result);
        }
        if let Some((ra, rb, ma, mb, w)) = rolled {
            value["rolls"] = json!([ra, rb]);
            value["margins"] = json!([ma.map(num), mb.map(num)]);
            value["winner"] = side(w);
        }
        crate::output::print_json(&value)?;
        return Ok(());
    }
    let mut text = format!(
        "{} against {} ({})\n",
        args.a,
        args.b,
        method.name().replace('_', "-")
    );
    if reduced.divisor > 1 {
        let _ = writeln!(
            text,
            "  divided by {}, dropping fractions: {} against {}",
            reduced.divisor, reduced.a, reduced.b
        );
    }
    match settled {
        Some(Some(s)) => {
            let _ = writeln!(
                text,
                "{} wins without a roll: the other rating came to 0 (F4)",
                if s == Side::A { "a" } else { "b" }
            );
        }
        Some(None) => {
            let _ = writeln!(text, "no one can roll under 0: no winner (F4)");
        }
        None => {
            let _ = writeln!(
                text,
                "P(a wins)    = {p_a}\nP(b wins)    = {p_b}\nP(no winner) = {p_none}"
            );
            if let (Some(a), Some(b)) = (&eventually_a, &eventually_b) {
                let _ = writeln!(
                    text,
                    "rolled again until someone wins: P(a) = {a}, P(b) = {b}"
                );
            }
        }
    }
    if punishing {
        let _ = writeln!(
            text,
            "the ratings are {gap} apart, over 150: the loser deserves a punishing outcome (F4)"
        );
    }
    if let Some((ra, rb, ma, mb, w)) = rolled {
        let show = |roll: u32, m: Option<u128>, r: u128| match m {
            Some(m) => format!("d100 {roll} under {r} by {m}"),
            None => format!("d100 {roll} misses {r}"),
        };
        let _ = writeln!(
            text,
            "a: {}; b: {}: {}",
            show(ra, ma, reduced.a),
            show(rb, mb, reduced.b),
            match w {
                Some(Side::A) => "a wins",
                Some(Side::B) => "b wins",
                None => "no winner",
            }
        );
    }
    crate::output::print(&text)?;
    Ok(())
}

fn initiative(args: &InitiativeArgs) -> crate::error::Result {
    let turn = args.spd.map_or(args.roll, |spd| scale(args.roll, spd));
    let turns = method_two_turns(turn);
    if args.json {
        let mut value = json!({
            "method": args.method,
            "roll": num(args.roll),
            "spd": args.spd.map(num),
        });
        if args.method == 2 {
            value["turns"] = turns.iter().map(|t| num(*t)).collect();
        } else {
            value["turn"] = num(turn);
        }
        crate::output::print_json(&value)?;
        return Ok(());
    }
    let mut text = match args.spd {
        Some(spd) if turn != args.roll => {
            format!("roll {} scaled to SPD {spd}'s digits: {turn}\n", args.roll)
        }
        Some(spd) => format!(
            "roll {} has as many digits as SPD {spd}: {turn}\n",
            args.roll
        ),
        None => format!("roll {} (no SPD given: not scaled)\n", args.roll),
    };
    if args.method == 2 {
        let listed: Vec<String> = turns.iter().map(u128::to_string).collect();
        let _ = writeln!(text, "method 2 turns: {}", listed.join(", "));
    } else {
        let _ = writeln!(text, "method 1 turn: {turn}");
    }
    crate::output::print(&text)?;
    Ok(())
}

fn actions(args: &ActionsArgs) -> crate::error::Result {
    let orders = orders_ahead(args.turn, args.slowest);
    let choices = choices(args.turn, args.slowest);
    let max = choices.len();
    if args.json {
        let listed: Vec<Value> = choices
            .iter()
            .map(|(k, t)| json!({ "actions": k, "turn": num(*t) }))
            .collect();
        crate::output::print_json(&json!({
            "turn": num(args.turn),
            "slowest": num(args.slowest),
            "orders_of_magnitude": orders,
            "max_actions": max,
            "choices": listed,
        }))?;
        return Ok(());
    }
    let mut text = format!(
        "turn {} is {orders} order{} of magnitude ahead of the slowest turn {}: up to {max} Full \
         Action{} (F5)\n",
        args.turn,
        if orders == 1 { "" } else { "s" },
        args.slowest,
        if max == 1 { "" } else { "s" }
    );
    for (k, t) in &choices {
        let _ = writeln!(
            text,
            "  {k} action{} at {t}",
            if *k == 1 { "" } else { "s" }
        );
    }
    crate::output::print(&text)?;
    Ok(())
}
