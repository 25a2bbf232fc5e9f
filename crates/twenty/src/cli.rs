//! `skald twenty ...`: Twenty's own calculators on the command line (odds and the like), which
//! the registry gives the binary ([`skald_cli::Calculators`]). Argument parsing and the position
//! of the scenario file the user names (read through the [`Shell`]) only: the calculators and
//! their wording are the crate's reports ([`crate::reports`]).
//!
//! - `skald twenty burden`: the burdens one can take from one opponent and which leave one winning (T5).
//! - `skald twenty odds`: the exact chance of being ahead of every opponent after an exchange (T2, T3).
//! - `skald twenty choices`: each choice of a participant about to act, with its chance.
//! - `skald twenty advise`: each choice of a participant about to act, with its chance to win the
//!   whole conflict.
//! - `skald twenty balance`: a fair fight: the party's chance against an NPC, opponents proposed.

use crate::Twenty;
use crate::error::OddsError;
use crate::limits::MAX_NEW_DICE;
use crate::reports;
use clap::{Args, Subcommand};
use skald_cli::{Error, Shell};

/// Twenty's calculators: burdens, odds of an exchange, each choice's chance in a scenario,
/// the chance to win the whole conflict (advise), a fair fight for the GM (balance).
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
    /// At a point of a scenario's conflict: each legal choice of the participant to act (each
    /// eligible trait, standing, each burden, surrendering) with its chance that its side wins the
    /// whole conflict: exact under best play when small enough, else simulated.
    #[command(after_help = ADVISE_EXAMPLES)]
    Advise(ChoicesArgs),
    /// A fair fight: with the characters of a scenario at the table, the party's chance to win a
    /// whole conflict against an NPC (--against), and an opponent proposed for an easy (75%), even
    /// (50%) or hard (25%) fight.
    #[command(after_help = BALANCE_EXAMPLES)]
    Balance(BalanceArgs),
}

const BALANCE_EXAMPLES: &str = "\
Examples:
  skald twenty balance examples/twenty/gorand-and-the-dragon.toml --after 0 --against Dragon
  skald twenty balance examples/twenty/allies.toml --after 0 --party Gorand,Kaya --against Dragon
  skald twenty balance examples/twenty/allies.toml --after 0 --party Gorand,Kaya --target hard --json
The party is every character not made as an NPC (or --party), allied (T13); the opponents
proposed have 1 to 8 traits of equal boxes. See docs/twenty.md, \"A fair fight\".";

/// `skald twenty balance`.
#[derive(Debug, Args)]
pub struct BalanceArgs {
    /// A Twenty scenario (TOML).
    pub file: std::path::PathBuf,
    /// Play the characters and this many steps first (default: every step).
    #[arg(long, allow_negative_numbers = true, value_parser = skald_cli::steps())]
    pub after: Option<usize>,
    /// The party, comma-separated names (default: every character not made as an NPC).
    #[arg(long, value_delimiter = ',')]
    pub party: Option<Vec<String>>,
    /// A character at the table, outside the party, to weigh the party against.
    #[arg(long)]
    pub against: Option<String>,
    /// The fight wanted: easy (the party wins 75%), even (50%) or hard (25%); all three if left
    /// out.
    #[arg(long, value_enum)]
    pub target: Option<skald_cli::FightArg>,
    /// Simulated conflicts per chance, 1 to 10,000,000: fewer answer faster with wider margins.
    #[arg(long, default_value_t = 200_000,
          value_parser = skald_cli::whole::<u64>(1, 10_000_000))]
    pub plays: u64,
    /// Print JSON: `after_steps`, `party`, `against` (`name`, `chance`) and `proposals`, each with
    /// `target`, `wanted` (percent), `traits` (each trait's boxes), `chance` and `out_of_reach`; a chance has
    /// `p` ("p/q"), `decimal`, `margin` and `plays` (null when exact) and `model`.
    #[arg(long)]
    pub json: bool,
}

const ADVISE_EXAMPLES: &str = "\
Examples:
  skald twenty advise examples/twenty/gorand-and-the-dragon.toml --who Gorand --after 3
  skald twenty advise examples/twenty/gorand-and-the-dragon.toml --who Gorand --after 7 --json
The model: exact when small (everyone then plays its best choice), otherwise simulated (everyone
stands when its side is ahead, else brings in its largest trait); no later burdens or surrenders.
See docs/twenty.md, \"Whole-conflict advice\".";

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
    #[arg(long, allow_negative_numbers = true, value_parser = skald_cli::steps())]
    pub after: Option<usize>,
    /// Print JSON. `choices`: each with `bring_in` (null for standing), `dice` and `p_ahead`
    /// ("p/q"). `advise`: `who`, `after_steps`, `model`, and `choices`, each with `choice`, `p`
    /// ("p/q"), `decimal`, `margin` and `plays` (null when exact) and `model`.
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
  skald twenty odds --mine 12,10 --theirs 14,6,5 --bring 2 --theirs-bring 2  both bring dice
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
          value_parser = skald_cli::whole::<u32>(0, i64::from(MAX_NEW_DICE)))]
    pub bring: u32,
    /// New d20s the opponents bring, 0 to 20: once for all of them, or once per --theirs, in order.
    /// None if left out (they stand).
    #[arg(long, value_name = "N",
          value_parser = skald_cli::whole::<u32>(0, i64::from(MAX_NEW_DICE)))]
    pub theirs_bring: Vec<u32>,
    /// Print JSON: the pools, `p_winning` as an exact fraction "p/q" and `p_winning_decimal`.
    #[arg(long)]
    pub json: bool,
}

/// A pool of d20s as given on the command line, in the order given (a newtype, so clap reads one
/// `--mine` as one pool).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pool(pub Vec<u32>);

/// Reads `15,15,12,11,9` as the crate reads a pool ([`reports::read_pool`]).
fn parse_pool(text: &str) -> Result<Pool, OddsError> {
    reports::read_pool(text).map(Pool)
}

/// Runs a `skald twenty` subcommand: the text to print, or why not.
///
/// # Errors
/// [`Error::Usage`] for a refused input or position, in the reader's words.
pub fn run(command: &Command, shell: &dyn Shell) -> Result<String, Error> {
    match command {
        Command::Burden(args) => burden(args),
        Command::Odds(args) => odds(args),
        Command::Choices(args) => choices(args, shell),
        Command::Advise(args) => advise(args, shell),
        Command::Balance(args) => balance(args, shell),
    }
}

fn balance(args: &BalanceArgs, shell: &dyn Shell) -> Result<String, Error> {
    let (table, steps) = skald_cli::scenario_after::<Twenty>(shell, &args.file, args.after)?;
    let target = args.target.map(skald_core::Fight::from);
    let names = table.state().characters.iter().map(|c| c.name.as_str());
    let party = skald_cli::all_meant(args.party.as_deref(), names.clone());
    let against = args
        .against
        .as_deref()
        .map(|a| skald_cli::meant(a, names.clone()));
    let listed: Vec<&str> = names.collect();
    for name in party.iter().flatten() {
        at_table("--party", name, &listed)?;
    }
    if let Some(name) = &against {
        at_table("--against", name, &listed)?;
    }
    let report = reports::balance(
        table.state(),
        steps,
        party.as_deref(),
        against.as_deref(),
        target,
        crate::advice::balance::BalanceBudget::with_plays(args.plays),
    )
    .map_err(Error::usage)?;
    skald_cli::report(&report, args.json)
}

fn burden(args: &BurdenArgs) -> Result<String, Error> {
    let report = reports::burden(&args.mine.0, &args.theirs.0).map_err(Error::usage)?;
    skald_cli::report(&report, args.json)
}

fn odds(args: &OddsArgs) -> Result<String, Error> {
    let theirs: Vec<Vec<u32>> = args.theirs.iter().map(|pool| pool.0.clone()).collect();
    let report = reports::odds(&args.mine.0, args.bring, &theirs, &args.theirs_bring)
        .map_err(Error::usage)?;
    skald_cli::report(&report, args.json)
}

fn choices(args: &ChoicesArgs, shell: &dyn Shell) -> Result<String, Error> {
    let (table, steps) = table_after(args, shell)?;
    let who = who_at(args, &table)?;
    let report = reports::choices(table.state(), &who, steps).map_err(|e| {
        skald_cli::refused_at::<Twenty>(shell, &args.file, after(e, steps), |state, _| {
            crate::odds::choosable(state, &who)
        })
    })?;
    skald_cli::report(&report, args.json)
}

fn advise(args: &ChoicesArgs, shell: &dyn Shell) -> Result<String, Error> {
    let (table, steps) = table_after(args, shell)?;
    let who = who_at(args, &table)?;
    let report = reports::advise(table.state(), &who, steps).map_err(|e| {
        skald_cli::refused_at::<Twenty>(shell, &args.file, after(e, steps), |state, _| {
            crate::advice::advisable(state, &who)
        })
    })?;
    skald_cli::report(&report, args.json)
}

/// `--who` as the table's name it means ([`skald_cli::meant`]), the GM included; refused, naming the
/// table's characters, when it means none of them.
fn who_at(args: &ChoicesArgs, table: &skald_core::Table<Twenty>) -> Result<String, Error> {
    let names: Vec<&str> = table
        .state()
        .characters
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    let who = skald_cli::meant(&args.who, names.iter().copied());
    if who != crate::GM {
        at_table("--who", &who, &names)?;
    }
    Ok(who)
}

/// `name`, given with `flag`, is one of the table's `names`; refused naming them otherwise ("--who
/// is \"Bob\", but the table has Gorand, Dragon").
fn at_table(flag: &str, name: &str, names: &[&str]) -> Result<(), Error> {
    if names.contains(&name) {
        return Ok(());
    }
    Err(Error::Usage(format!(
        "{flag} is {name:?}, but the table has {}",
        if names.is_empty() {
            "no character".to_owned()
        } else {
            names.join(", ")
        }
    )))
}

/// A refusal at a position, saying which: "no conflict is in progress after 18 steps".
fn after(refusal: crate::Error, steps: usize) -> String {
    format!(
        "{refusal} after {}",
        skald_core::noun(steps, "step", "steps")
    )
}

/// The scenario of `args` played to `--after` steps (every step by default), and that count.
fn table_after(
    args: &ChoicesArgs,
    shell: &dyn Shell,
) -> Result<(skald_core::Table<Twenty>, usize), Error> {
    skald_cli::scenario_after(shell, &args.file, args.after)
}
