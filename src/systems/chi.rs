//! `skald chi ...`: Chi's own calculators on the command line, over the `skald-chi` crate: exact odds
//! of an action (`odds`), the allocation adviser (`advise`), reading a character line (`character`)
//! and making a secret roll's commitment (`commit`). Argument parsing and printing only; the rules
//! live in the crate.

use crate::error::Error as CliError;
use clap::{Args, Subcommand, ValueEnum};
use serde_json::{Value, json};
use skald_chi::advise::{self, Goal, Plan, Planned};
use skald_chi::odds::{self, ActionOdds};
use skald_chi::rules::{line, secret, sheets};
use skald_chi::{Error, TieRule};
use skald_dice::odds::Fraction;
use std::fmt::Write as _;

/// `skald chi` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Exact chance that an action succeeds: N d6 plus a modifier against Difficulty d6 (C3).
    #[command(after_help = ODDS_EXAMPLES)]
    Odds(OddsArgs),
    /// How to split a pool over declared actions, keeping a reserve, to maximise exactly the chance
    /// that all succeed or the expected number of successes (C1-C3).
    #[command(after_help = ADVISE_EXAMPLES)]
    Advise(AdviseArgs),
    /// Read a character line in the book's notation and print it back with its parts (C6).
    #[command(after_help = CHARACTER_EXAMPLES)]
    Character(CharacterArgs),
    /// Make the commitment for a secret roll: the SHA-256 of an allocation and a salt (C4).
    #[command(after_help = COMMIT_EXAMPLES)]
    Commit(CommitArgs),
}

const ODDS_EXAMPLES: &str = "\
Examples:
  skald chi odds --dice 8 --difficulty 6               8d6 against the GM's 6d6
  skald chi odds --dice 3 --difficulty 2 --modifier -1 with a -1 modifier
  skald chi odds --dice 2 --difficulty 2 --tie reroll  ties rerolled (option tie = reroll)
  skald chi odds --dice 3 --defender-dice 2 --json     opposed: ties go to the defender
See docs/chi.md.";

const ADVISE_EXAMPLES: &str = "\
Examples:
  skald chi advise --pool 8 --reserve 2 --action 4 --action 2 --action 3:off
  skald chi advise --pool 7 --action 6+1 --action 1 --goal expected --json
An action is DIFFICULTY, then an optional modifier (+M or -M), then :off when it does not fit the
concept (at most ceil(pool / 3) dice, C2). See docs/chi.md.";

const CHARACTER_EXAMPLES: &str = "\
Examples:
  skald chi character 'Ragnar, fierce, arrogant, and savage barbarian8'
  skald chi character 'Capt. Dirk Rednova, ,dashing, handsome, and brave star marine7/5' --json
  skald chi character orc3";

const COMMIT_EXAMPLES: &str = "\
Examples:
  skald chi commit --who Ragnar --dice 3                 a fresh random salt
  skald chi commit --who Ragnar --dice 3 --salt ragnar-salt-0001 --json
Give the commitment to the table (secret_commit) and keep the salt until the reveal.";

/// How a tie is settled, as `--tie` takes it.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum TieArg {
    /// A tie fails (the default, C3).
    Fail,
    /// Both sides roll again until the totals differ.
    Reroll,
}

impl From<TieArg> for TieRule {
    fn from(tie: TieArg) -> Self {
        match tie {
            TieArg::Fail => TieRule::Fail,
            TieArg::Reroll => TieRule::Reroll,
        }
    }
}

/// What the adviser maximises, as `--goal` takes it.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum GoalArg {
    /// The chance that every declared action succeeds (default).
    All,
    /// The expected number of successes.
    Expected,
}

impl From<GoalArg> for Goal {
    fn from(goal: GoalArg) -> Self {
        match goal {
            GoalArg::All => Goal::All,
            GoalArg::Expected => Goal::Expected,
        }
    }
}

/// `skald chi odds`.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// d6 the player puts in, 1-100.
    #[arg(long, allow_negative_numbers = true, value_parser = dice_count)]
    pub dice: u32,
    /// The GM's Difficulty, 1-100 d6.
    #[arg(
        long,
        required_unless_present = "defender_dice",
        allow_negative_numbers = true,
        value_parser = dice_count
    )]
    pub difficulty: Option<u32>,
    /// Opposed action instead: the d6 the defender keeps back, 0-100; ties go to the defender.
    #[arg(
        long,
        conflicts_with_all = ["difficulty", "tie"],
        allow_negative_numbers = true,
        value_parser = dice_count
    )]
    pub defender_dice: Option<u32>,
    /// Added to the player's sum: -100 to 100 (opposed: the actor's minus the defender's, -200 to
    /// 200); beyond +/-5 is flagged.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub modifier: i32,
    /// How a tie is settled (table option `tie`; default fail).
    #[arg(long, value_enum)]
    pub tie: Option<TieArg>,
    /// Print JSON: `p_success`, `p_failure`, `p_tie` as exact "p/q" strings, with decimals.
    #[arg(long)]
    pub json: bool,
}

/// `skald chi advise`.
#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// The character's current pool, 1-100 d6 (sets the off-concept cap).
    #[arg(long)]
    pub pool: u32,
    /// Dice left this round, 0 to the pool (default: the pool).
    #[arg(long)]
    pub left: Option<u32>,
    /// Dice kept back for reactions such as defence, 0 to the dice left.
    #[arg(long, default_value_t = 0)]
    pub reserve: u32,
    /// A declared action: `DIFFICULTY[+M|-M][:off]`, e.g. 6, 4+1, 3-2:off. Repeat for each (1-10).
    #[arg(long = "action", required = true, value_parser = parse_action, allow_hyphen_values = true)]
    pub actions: Vec<Planned>,
    /// What to maximise.
    #[arg(long, value_enum, default_value = "all")]
    pub goal: GoalArg,
    /// How a tie is settled (table option `tie`).
    #[arg(long, value_enum, default_value = "fail")]
    pub tie: TieArg,
    /// Print JSON with every chance as an exact "p/q" string.
    #[arg(long)]
    pub json: bool,
}

/// `skald chi character`.
#[derive(Debug, Args)]
pub struct CharacterArgs {
    /// The line, e.g. 'Ragnar, fierce, arrogant, and savage barbarian8' or 'orc3' (at most 1,000
    /// characters).
    pub line: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `skald chi commit`.
#[derive(Debug, Args)]
pub struct CommitArgs {
    /// The character's name, as at the table.
    #[arg(long)]
    pub who: String,
    /// The secret allocation: d6 put in, 0-100.
    #[arg(long)]
    pub dice: u32,
    /// The salt, 16-128 characters (default: 32 random hex digits from the operating system).
    #[arg(long)]
    pub salt: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs a `skald chi` subcommand.
pub fn run(command: &Command) -> crate::error::Result {
    let outcome = match command {
        Command::Odds(args) => run_odds(args),
        Command::Advise(args) => run_advise(args),
        Command::Character(args) => run_character(args),
        Command::Commit(args) => run_commit(args),
    };
    match outcome {
        Ok(Ok(())) => Ok(()),
        Ok(Err(message)) => Err(CliError::Usage(message)),
        Err(err) => Err(err.into()),
    }
}

/// The result of a subcommand: `Ok(Err(message))` is bad input (exit 2), `Err` an I/O failure.
type Outcome = anyhow::Result<Result<(), String>>;

fn decimal(f: &Fraction) -> f64 {
    f.to_f64()
}

fn run_odds(args: &OddsArgs) -> Outcome {
    let (result, against, tie) = match args.defender_dice {
        Some(defender) => (
            odds::opposed(args.dice, defender, args.modifier),
            format!("the defender's {defender}d6"),
            "defender",
        ),
        None => {
            let difficulty = args.difficulty.unwrap_or_default();
            let tie = TieRule::from(args.tie.unwrap_or(TieArg::Fail));
            (
                odds::action(args.dice, difficulty, args.modifier, tie),
                format!("Difficulty {difficulty} ({difficulty}d6)"),
                if tie == TieRule::Fail {
                    "fail"
                } else {
                    "reroll"
                },
            )
        }
    };
    let odds = match result {
        Ok(odds) => odds,
        Err(err) => return Ok(Err(with_flags(&err))),
    };
    let flagged = args.modifier.abs() > skald_chi::FLAGGED_MODIFIER;
    if args.json {
        let mut value = json!({
            "dice": args.dice,
            "modifier": args.modifier,
            "flagged": flagged,
            "tie": tie,
            "p_success": odds.p_success.to_string(),
            "p_success_decimal": decimal(&odds.p_success),
            "p_failure": odds.p_failure.to_string(),
            "p_failure_decimal": decimal(&odds.p_failure),
            "p_tie": odds.p_tie.to_string(),
            "p_tie_decimal": decimal(&odds.p_tie),
        });
        if let Some(map) = value.as_object_mut() {
            match args.defender_dice {
                Some(d) => map.insert("defender_dice".into(), json!(d)),
                None => map.insert("difficulty".into(), json!(args.difficulty)),
            };
        }
        crate::output::print_json(&value)?;
        return Ok(Ok(()));
    }
    crate::output::print(&odds_text(args, &odds, &against, tie, flagged))?;
    Ok(Ok(()))
}

fn odds_text(
    args: &OddsArgs,
    odds: &ActionOdds,
    against: &str,
    tie: &str,
    flagged: bool,
) -> String {
    let modifier = match args.modifier {
        0 => String::new(),
        m if m > 0 => format!(" + {m}"),
        m => format!(" - {}", m.unsigned_abs()),
    };
    let flag = if flagged {
        " (modifier beyond +/-5, flagged)"
    } else {
        ""
    };
    let tie_line = match tie {
        "fail" => "a tie fails",
        "reroll" => "a tie is rerolled until the totals differ",
        _ => "a tie goes to the defender",
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}d6{modifier} against {against}{flag}; {tie_line} (C3)",
        args.dice
    );
    for (name, f) in [
        ("P(success)", &odds.p_success),
        ("P(failure)", &odds.p_failure),
        ("P(tie)    ", &odds.p_tie),
    ] {
        let _ = writeln!(out, "{name} = {f} ≈ {:.6}", decimal(f));
    }
    out
}

/// Parses `--action DIFFICULTY[+M|-M][:off]`.
/// A count of dice as typed: any whole number reads (the range is checked with the rule's message);
/// a negative one is refused here, naming the range.
fn dice_count(text: &str) -> Result<u32, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if n < 0 => Err(format!("{n} is negative; dice are counted 0 to 100")),
        Ok(n) => u32::try_from(n).map_err(|_| format!("{n} is beyond 100")),
        Err(_) => Err(format!("{text:?} is not a whole number of dice (0 to 100)")),
    }
}

fn parse_action(text: &str) -> Result<Planned, String> {
    let bad = || {
        format!(
            "{text:?} is not an action: write DIFFICULTY[+M|-M][:off], e.g. 6, 4+1, 3-2:off \
             (Difficulty 1-100, modifier -100 to 100)"
        )
    };
    let trimmed = text.trim();
    let (body, fits_concept) = match trimmed.strip_suffix(":off") {
        Some(body) => (body, false),
        None => (trimmed, true),
    };
    let split = body.find(['+', '-']).unwrap_or(body.len());
    let (difficulty, modifier) = body.split_at(split);
    let difficulty: u32 = difficulty.trim().parse().map_err(|_| bad())?;
    let modifier: i32 = match modifier.trim() {
        "" => 0,
        m => {
            // One sign, then digits only: `3++1` and `3+-1` are typos, not modifiers.
            let (sign, digits) = m.split_at(1);
            if digits.is_empty() || !digits.trim().chars().all(|c| c.is_ascii_digit()) {
                return Err(bad());
            }
            let value: i32 = digits.trim().parse().map_err(|_| bad())?;
            if sign == "-" { -value } else { value }
        }
    };
    Ok(Planned {
        difficulty,
        modifier,
        fits_concept,
    })
}

fn run_advise(args: &AdviseArgs) -> Outcome {
    let plan = Plan {
        current: args.pool,
        left: args.left.unwrap_or(args.pool),
        reserve: args.reserve,
        actions: args.actions.clone(),
        goal: args.goal.into(),
        tie: args.tie.into(),
    };
    let advice = match advise::advise(&plan) {
        Ok(advice) => advice,
        Err(err) => return Ok(Err(with_flags(&err))),
    };
    if args.json {
        let actions: Vec<Value> = plan
            .actions
            .iter()
            .enumerate()
            .map(|(i, a)| {
                json!({
                    "difficulty": a.difficulty,
                    "modifier": a.modifier,
                    "fits_concept": a.fits_concept,
                    "cap": advice.caps[i],
                    "dice": advice.dice[i],
                    "p_success": advice.p_success[i].to_string(),
                    "p_success_decimal": decimal(&advice.p_success[i]),
                })
            })
            .collect();
        crate::output::print_json(&json!({
            "pool": plan.current,
            "left": plan.left,
            "reserve": plan.reserve,
            "goal": plan.goal,
            "tie": plan.tie,
            "actions": actions,
            "spent": advice.spent,
            "kept": advice.kept,
            "p_all": advice.p_all.to_string(),
            "p_all_decimal": decimal(&advice.p_all),
            "expected_successes": advice.expected.to_string(),
            "expected_successes_decimal": decimal(&advice.expected),
        }))?;
        return Ok(Ok(()));
    }
    let goal = match plan.goal {
        Goal::All => "the chance that every action succeeds",
        Goal::Expected => "the expected number of successes",
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Pool {} with {} left this round, {} kept in reserve; maximising {goal} (ties {}):",
        plan.current, plan.left, plan.reserve, plan.tie
    );
    for (i, a) in plan.actions.iter().enumerate() {
        let modifier = match a.modifier {
            0 => String::new(),
            m if m > 0 => format!(" +{m}"),
            m => format!(" {m}"),
        };
        let concept = match advice.caps[i] {
            Some(cap) => format!(", off-concept (at most {cap})"),
            None => String::new(),
        };
        let dice = advice.dice[i];
        let p = &advice.p_success[i];
        let _ = writeln!(
            out,
            "  action {}: Difficulty {}{modifier}{concept}: {dice} {}, P(success) = {p} ≈ {:.6}",
            i + 1,
            a.difficulty,
            if dice == 1 { "die" } else { "dice" },
            decimal(p)
        );
    }
    let _ = writeln!(
        out,
        "Spent {}, kept back {}.\nP(all succeed) = {} ≈ {:.6}\nExpected successes = {} ≈ {:.6}",
        advice.spent,
        advice.kept,
        advice.p_all,
        decimal(&advice.p_all),
        advice.expected,
        decimal(&advice.expected)
    );
    crate::output::print(&out)?;
    Ok(Ok(()))
}

/// The crate's messages name fields as written in scenarios; on the command line they are flags.
fn with_flags(err: &Error) -> String {
    let message = err.to_string();
    for (field, flag) in [
        ("`defender_dice`", "`--defender-dice`"),
        ("`difficulty`", "`--difficulty`"),
        ("`modifier`", "`--modifier`"),
        ("`dice`", "`--dice`"),
        ("`pool`", "`--pool`"),
        ("`left`", "`--left`"),
        ("`reserve`", "`--reserve`"),
        ("`action`", "`--action`"),
    ] {
        if let Some(rest) = message.strip_prefix(field) {
            return format!("{flag}{rest}");
        }
    }
    message
}

fn run_character(args: &CharacterArgs) -> Outcome {
    let length = args.line.chars().count();
    if length > skald_chi::MAX_LINE {
        return Ok(Err(format!(
            "the line is {length} characters long, but at most {} are read",
            skald_chi::MAX_LINE
        )));
    }
    let character = match line::parse(&args.line) {
        Ok(character) => character,
        Err(err) => return Ok(Err(err.to_string())),
    };
    if let Err(err) = sheets::validate(&character) {
        return Ok(Err(err.to_string()));
    }
    let minor = character.words.is_empty();
    if args.json {
        crate::output::print_json(&json!({
            "line": character.to_string(),
            "name": character.name,
            "words": character.words,
            "occupation": character.occupation,
            "pool": character.pool,
            "current": character.current,
            "minor_npc": minor,
        }))?;
        return Ok(Ok(()));
    }
    let words = if minor {
        "none (a minor NPC)".to_owned()
    } else {
        character.words.join(", ")
    };
    crate::output::print(&format!(
        "{character}\nname: {}\nwords: {words}\noccupation: {}\npool: {} (current {})\n",
        character.name, character.occupation, character.pool, character.current
    ))?;
    Ok(Ok(()))
}

fn run_commit(args: &CommitArgs) -> Outcome {
    let who_len = args.who.chars().count();
    if args.who.trim().is_empty() || who_len > skald_chi::MAX_TEXT {
        return Ok(Err(format!(
            "`--who` is {:?}, but a name is 1 to {} characters and not blank",
            args.who,
            skald_chi::MAX_TEXT
        )));
    }
    if args.dice > skald_chi::MAX_POOL {
        return Ok(Err(format!(
            "`--dice` is {}, but it must be 0 to {} (the secret allocation, in d6)",
            args.dice,
            skald_chi::MAX_POOL
        )));
    }
    let salt = match &args.salt {
        Some(salt) => salt.clone(),
        None => crate::entropy::os_entropy()?[..16]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect(),
    };
    if let Err(err) = secret::check_salt(&salt) {
        return Ok(Err(err.to_string().replacen("`salt`", "`--salt`", 1)));
    }
    let commitment = secret::commitment(&args.who, args.dice, &salt);
    if args.json {
        crate::output::print_json(&json!({
            "who": args.who,
            "dice": args.dice,
            "salt": salt,
            "commitment": commitment,
        }))?;
    } else {
        crate::output::print(&format!(
            "commitment: {commitment}\nsalt: {salt}\nGive the table the commitment now \
             (secret_commit); keep the salt and the allocation ({} {}) until everyone has \
             committed, then reveal both (secret_reveal).\n",
            args.dice,
            if args.dice == 1 { "die" } else { "dice" }
        ))?;
    }
    Ok(Ok(()))
}
