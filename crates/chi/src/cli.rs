//! `skald chi ...`: Chi's own calculators on the command line, which the registry gives the binary
//! ([`skald_cli::Calculators`]): exact odds of an action (`odds`), the allocation adviser
//! (`advise`), a fair fight (`balance`), reading a character line (`character`) and making a
//! secret roll's commitment (`commit`). Argument parsing, the position of the scenario file the
//! user names and a fresh salt's entropy (both asked of the [`Shell`]) only; the calculators and
//! their wording are the crate's reports ([`crate::reports`]).

use crate::Chi;
use crate::TieRule;
use crate::reports::{
    self,
    advise::{Goal, Plan, Planned},
};
use clap::{Args, Subcommand, ValueEnum};
use skald_cli::{Error, Shell};

/// Chi's calculators: odds of an action, allocation advice and advice over the round, a fair
/// fight for the GM (balance), character lines, secret-roll commitments.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Exact chance that an action succeeds: N d6 plus a modifier against Difficulty d6 (C3).
    #[command(after_help = ODDS_EXAMPLES)]
    Odds(OddsArgs),
    /// How to split a pool over declared actions, keeping a reserve, to maximise exactly the chance
    /// that all succeed or the expected number of successes (C1-C3).
    #[command(after_help = ADVISE_EXAMPLES)]
    Advise(AdviseArgs),
    /// A fair fight: for the characters of a scenario at a position, the opponent's pool and each
    /// one's Difficulty for an easy (75%), even (50%) or hard (25%) fight, exact; with --against,
    /// each one's chance against a character.
    #[command(after_help = BALANCE_EXAMPLES)]
    Balance(BalanceArgs),
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
  skald chi odds --dice 3 --difficulty 2 --modifier -1  with a -1 modifier
  skald chi odds --dice 2 --difficulty 2 --tie reroll  ties rerolled (option tie = reroll)
  skald chi odds --dice 3 --defender-dice 2 --json     opposed: ties go to the defender
See docs/chi.md.";

const ADVISE_EXAMPLES: &str = "\
Examples:
  skald chi advise --pool 8 --reserve 2 --action 4 --action 2 --action 3:off
  skald chi advise --pool 7 --action 6+1 --action 1 --goal expected --json
  skald chi advise examples/chi/secret-round.toml --who Ragnar --after 2
An action is DIFFICULTY, then an optional modifier (+M or -M), then :off when it does not fit the
concept (at most ceil(pool / 3) dice, C2). With a scenario FILE and --who, the advice over the
round at that position: each declared roll's chance, the expected successes, the reactions still
possible and a split keeping dice back for a reaction (see docs/chi.md, \"Advice over the round\").";

const CHARACTER_EXAMPLES: &str = "\
Examples:
  skald chi character 'Ragnar, fierce, arrogant, and savage barbarian8'
  skald chi character 'Capt. Dirk Rednova, ,dashing, handsome, and brave star marine7/5' --json
  skald chi character orc3";

const COMMIT_EXAMPLES: &str = "\
Examples:
  skald chi commit --who Ragnar --dice 3                 a fresh random salt
  skald chi commit --who Ragnar --dice 3 --salt ragnar-salt-0001 --json
For play off the server: give the commitment to the table (in a scenario, do = \"secret_commit\") and
keep the salt until the reveal. The online table seals each allocation itself: there, just choose
your dice in secret.";

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
    #[arg(long, default_value_t = 0, allow_negative_numbers = true,
          value_parser = skald_cli::number::<i32>(-200, 200))]
    pub modifier: i32,
    /// How a tie is settled (table option `tie`; default fail).
    #[arg(long, value_enum)]
    pub tie: Option<TieArg>,
    /// Print JSON: `p_success`, `p_failure`, `p_tie` as exact "p/q" strings, with decimals.
    #[arg(long)]
    pub json: bool,
}

const BALANCE_EXAMPLES: &str = "\
Examples:
  skald chi balance examples/chi/book-characters.toml --after 0
  skald chi balance examples/chi/book-characters.toml --after 0 --dice 4 --target even --json
Each member, one on one, acts with every die against the opponent defending with every die, as
if each were its only foe that round (C1); a tie goes to the defender (C3). --dice is what each puts
into an action against a Difficulty (never more than its pool). See docs/chi.md, \"A fair fight\".";

/// `skald chi balance`.
#[derive(Debug, Args)]
pub struct BalanceArgs {
    /// A Chi scenario (TOML).
    pub file: std::path::PathBuf,
    /// Play the characters and this many steps first (default: every step).
    #[arg(long, allow_negative_numbers = true, value_parser = skald_cli::steps())]
    pub after: Option<usize>,
    /// The party, comma-separated names (default: every character in play but --against).
    #[arg(long, value_delimiter = ',')]
    pub party: Option<Vec<String>>,
    /// A character outside the party to weigh each member against.
    #[arg(long)]
    pub against: Option<String>,
    /// The d6 each member puts into an action against a Difficulty, 1-100 (default: its whole
    /// current pool; never more than it has, C1).
    #[arg(long, allow_negative_numbers = true, value_parser = skald_cli::number::<u32>(1, 100))]
    pub dice: Option<u32>,
    /// The fight wanted: easy (75%), even (50%) or hard (25%); all three if left out.
    #[arg(long, value_enum)]
    pub target: Option<skald_cli::FightArg>,
    /// Print JSON: `after`, `against` (`each`, `mean`, `name`, `pool`), `difficulties` (`chance`,
    /// `dice`, `difficulty`, `target`, `wanted`, `who`), `opponents` (`chance`, `pool`, `target`,
    /// `wanted`) and `party` (`name`, `pool`); a chance is `p` ("n/d") and `decimal`.
    #[arg(long)]
    pub json: bool,
}

/// `skald chi advise`.
#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// A Chi scenario (TOML): advise on a character at its position instead (with `--who`).
    #[arg(conflicts_with_all = ["pool", "left", "reserve", "actions", "goal"])]
    pub file: Option<std::path::PathBuf>,
    /// With FILE: the character advised.
    #[arg(long, requires = "file")]
    pub who: Option<String>,
    /// With FILE: play the characters and this many steps first (default: every step); the
    /// advice is on the next step when it is a roll of `--who`, else on the open secret roll.
    #[arg(long, requires = "file", allow_negative_numbers = true, value_parser = skald_cli::steps())]
    pub after: Option<usize>,
    /// The character's current pool, 1-100 d6 (sets the off-concept cap).
    #[arg(long, required_unless_present = "file", allow_negative_numbers = true,
          value_parser = skald_cli::number::<u32>(1, 100))]
    pub pool: Option<u32>,
    /// Dice left this round, 0 to the pool (default: the pool).
    #[arg(long, allow_negative_numbers = true, value_parser = skald_cli::number::<u32>(0, 100))]
    pub left: Option<u32>,
    /// Dice kept back for reactions such as defence, 0 to the dice left.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true,
          value_parser = skald_cli::number::<u32>(0, 100))]
    pub reserve: u32,
    /// A declared action: `DIFFICULTY[+M|-M][:off]`, e.g. 6, 4+1, 3-2:off. Repeat for each (1-10).
    #[arg(long = "action", required_unless_present = "file", value_parser = str::parse::<Planned>, allow_hyphen_values = true)]
    pub actions: Vec<Planned>,
    /// What to maximise (default all).
    #[arg(long, value_enum)]
    pub goal: Option<GoalArg>,
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
    #[arg(long, allow_negative_numbers = true, value_parser = skald_cli::number::<u32>(0, 100))]
    pub dice: u32,
    /// The salt, 16-128 characters (default: 32 random hex digits from the operating system).
    #[arg(long)]
    pub salt: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs a `skald chi` subcommand: the text to print, or why not.
///
/// # Errors
/// [`Error::Usage`] for a refused input or position, in the reader's words; [`Error::Machine`]
/// when `shell` has no entropy for a fresh salt.
pub fn run(command: &Command, shell: &dyn Shell) -> Result<String, Error> {
    match command {
        Command::Odds(args) => {
            let report = match args.defender_dice {
                Some(defender) => reports::odds::opposed(args.dice, defender, args.modifier),
                None => reports::odds::action(
                    args.dice,
                    args.difficulty.unwrap_or_default(),
                    args.modifier,
                    args.tie.unwrap_or(TieArg::Fail).into(),
                ),
            };
            skald_cli::report(&report.map_err(Error::usage)?, args.json)
        }
        Command::Advise(args) if args.file.is_some() => round(args, shell),
        Command::Balance(args) => {
            let (table, after) = skald_cli::scenario_after::<Chi>(shell, &args.file, args.after)?;
            let names = table.state().characters.keys().map(String::as_str);
            let party = skald_cli::all_meant(args.party.as_deref(), names.clone());
            let against = args.against.as_deref().map(|a| skald_cli::meant(a, names));
            let report = reports::balance(
                table.state(),
                after,
                party.as_deref(),
                against.as_deref(),
                args.dice,
                args.target.map(skald_core::Fight::from),
            )
            .map_err(Error::Usage)?;
            skald_cli::report(&report, args.json)
        }
        Command::Advise(args) => {
            let pool = args.pool.unwrap_or_default();
            let plan = Plan {
                current: pool,
                left: args.left.unwrap_or(pool),
                reserve: args.reserve,
                actions: args.actions.clone(),
                goal: args.goal.unwrap_or(GoalArg::All).into(),
                tie: args.tie.into(),
            };
            skald_cli::report(&reports::advice(&plan).map_err(Error::usage)?, args.json)
        }
        Command::Character(args) => {
            let report = reports::character(&args.line).map_err(Error::usage)?;
            skald_cli::report(&report, args.json)
        }
        Command::Commit(args) => {
            let salt = match &args.salt {
                Some(salt) => salt.clone(),
                None => shell.entropy()?[..16]
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect(),
            };
            let report = reports::commit(&args.who, args.dice, &salt).map_err(Error::usage)?;
            skald_cli::report(&report, args.json)
        }
    }
}

/// `skald chi advise FILE --who NAME [--after N]`: the advice over the round at a position.
fn round(args: &AdviseArgs, shell: &dyn Shell) -> Result<String, Error> {
    let path = args.file.clone().unwrap_or_default();
    let who = args
        .who
        .as_deref()
        .ok_or_else(|| Error::Usage("`--who` names the character to advise, with FILE".into()))?;
    let (table, after, next) = skald_cli::scenario_at::<Chi>(shell, &path, args.after)?;
    let who = skald_cli::meant(who, table.state().characters.keys().map(String::as_str));
    let report = reports::round(table.state(), &who, after, next.as_ref()).map_err(|e| {
        skald_cli::refused_at::<Chi>(shell, &path, e, |state, next| {
            reports::advisable(state, &who, next)
        })
    })?;
    skald_cli::report(&report, args.json)
}

/// A count of dice as typed: any whole number reads (the range is checked with the rule's message);
/// a negative one is refused here, naming the range.
fn dice_count(text: &str) -> Result<u32, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if n < 0 => Err(format!("{n} is negative; dice are counted 0 to 100")),
        Ok(n) => u32::try_from(n).map_err(|_| format!("{n} is beyond 100")),
        Err(_) => Err(format!("{text:?} is not a whole number of dice (0 to 100)")),
    }
}
