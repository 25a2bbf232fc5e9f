//! `skald freelancer ...`: Freelancer's calculators on the command line, which the registry gives
//! the binary ([`skald_cli::Calculators`]): a task check's equalizing, band and exact odds (`check`, F1-F3), an opposed check's odds by
//! either method (`opposed`, F4), an initiative roll's turn or turns (`initiative`, F5-F6) and the
//! extra Full Actions a turn may be divided into (`actions`, F5), and the advice over the event on a
//! scenario's check (`advise`, issue 32), and a fair fight for the GM (`balance`, issue 32). Argument
//! parsing and the position of the scenario file the user names (read through the [`Shell`]) only;
//! the calculators, their bounds and their wording are the crate's reports ([`crate::reports`]).

use crate::Freelancer;
use crate::reports::{self, inputs};
use crate::{InitiativeMethod, OpposedMethod};
use clap::{Args, Subcommand, ValueEnum};
use skald_cli::{Error, Shell};

/// Freelancer's calculators: task checks, opposed checks, initiative, actions, advice over an
/// event, a fair fight for the GM (balance).
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
    /// The advice over the event on a scenario's check: the chance the task goes through for each
    /// character who could try it and for the event, given the turn order and the extra Full
    /// Actions (F1, F3, F5-F7).
    #[command(after_help = ADVISE_EXAMPLES)]
    Advise(AdviseArgs),
    /// A fair fight: for the characters of a scenario at a position and one rating, each one's
    /// difficulty and an opponent's rating (an Encounter Sheet's, a full NPC sheet's) for an easy
    /// (75%), even (50%) or hard (25%) fight, exact; with --against, each one's chance against a
    /// character (F2-F4).
    #[command(after_help = BALANCE_EXAMPLES)]
    Balance(BalanceArgs),
}

const BALANCE_EXAMPLES: &str = "\
Examples:
  skald freelancer balance examples/freelancer/guard.toml --after 0 --rating CHM
  skald freelancer balance examples/freelancer/guard.toml --after 0 --rating CHM \\
      --against Guard --opponent-rating WIL --target even --json
Each member meets the opponent with its rating: a task check against an Encounter Sheet's rating as
the difficulty (F2, F3), an opposed check against a full sheet by the table's method (F4, counted
once someone wins when rolls are rerolled); the party's chance is the mean. Each rating proposed is
the smallest, 0 to 10^30, whose chance is closest to the fight's. See docs/freelancer.md, \"A fair
fight\".";

/// `skald freelancer balance`.
#[derive(Debug, Args)]
pub struct BalanceArgs {
    /// A Freelancer scenario (TOML).
    pub file: std::path::PathBuf,
    /// Play the characters and this many steps first (default: every step).
    #[arg(long, allow_negative_numbers = true, value_parser = skald_cli::steps())]
    pub after: Option<usize>,
    /// The party's rating weighed: an attribute or stat (MIT ... FTH).
    #[arg(long, value_parser = rating_name)]
    pub rating: crate::Rating,
    /// The opponent's rating the party meets (default: the same as --rating).
    #[arg(long, value_parser = rating_name)]
    pub opponent_rating: Option<crate::Rating>,
    /// The party, comma-separated names (default: every PC with the rating but --against).
    #[arg(long, value_delimiter = ',')]
    pub party: Option<Vec<String>>,
    /// A character outside the party to weigh each member against (an Encounter Sheet: task
    /// checks; a full sheet: opposed checks).
    #[arg(long)]
    pub against: Option<String>,
    /// The fight wanted: easy (75%), even (50%) or hard (25%); all three if left out.
    #[arg(long, value_enum)]
    pub target: Option<skald_cli::FightArg>,
    /// Print JSON: `after`, `against` (`each`, `kind`, `mean`, `name`, `rating`), `difficulties`
    /// (`chance`, `difficulty`, `target`, `wanted`, `who`), `encounter` and `npc` (`chance`,
    /// `rating`, `target`, `wanted`), `opponent_rating`, `opposed`, `party` (`name`, `rating`) and
    /// `rating`; a chance is `p` ("n/d") and `decimal`.
    #[arg(long)]
    pub json: bool,
}

/// An attribute or stat by its abbreviation, in any case.
fn rating_name(text: &str) -> Result<crate::Rating, String> {
    crate::Rating::from_abbreviation(text).ok_or_else(|| {
        format!(
            "{text:?} is not a rating: give an attribute (MIT VIG ALC INT MRL LCK) or a stat (HP TP \
             SP LFT STR PHD MD JMP SPD DOG ATN DIS RES WIL CHM FTH)"
        )
    })
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

const ADVISE_EXAMPLES: &str = "\
Examples:
  skald freelancer advise examples/freelancer/vault-event.toml --who Ash --after 5
  skald freelancer advise examples/freelancer/vault-event.toml --who Ash --after 5 --json
Plays the scenario's characters and its first N steps, then advises NAME on step N+1, which must be
a task check or a chance check NAME makes during an event. The task is tried by NAME and, for a
rating from the sheet, by every other participant on NAME's side with that rating: one d100 per Full
Action in turn order, the rest of the round as it stands, then the next round rolled with each
taking its most Full Actions; a Botch ends a character's tries, the first success carries it (see
docs/freelancer.md, \"Advice over the event\"). Each chance is a percentage with its exact fraction,
or a simulation's estimate with its 99.9% margin and its plays.
--json prints `who`, `after`, `step`, `summary` and `chances`, each with `label`, `p` (an exact
\"n/d\", or \"hits/plays\" for a simulated one), `decimal`, and `margin` (simulated only).";

/// `skald freelancer advise`.
#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// A Freelancer scenario (TOML).
    pub file: std::path::PathBuf,
    /// The character advised: the one making the check at step N+1.
    #[arg(long)]
    pub who: String,
    /// Play the characters and this many steps first (default: every step); the advice is on the
    /// next step.
    #[arg(long, allow_negative_numbers = true, value_parser = skald_cli::steps())]
    pub after: Option<usize>,
    /// Print JSON: `who`, `after`, `step`, `summary`, `chances` (each `label`, `p`, `decimal`, and
    /// `margin` for a simulated one).
    #[arg(long)]
    pub json: bool,
}

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
    pub chance: Option<u32>,
    /// The d100 rolled, 1 to 100: also print the outcome and its consequence.
    #[arg(long, allow_hyphen_values = true, value_parser = d100)]
    pub roll: Option<u32>,
    /// Retired (RULINGS F3): a check at a difference of 151 or more fails with no roll and counts as
    /// a Botch. Still read, so that an old script gets the reason rather than "unexpected argument".
    #[arg(long, hide = true)]
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
    #[arg(long, default_value_t = 1, value_parser = skald_cli::whole::<u8>(1, 2))]
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

/// A number as the crate reads it, its refusal as the value parser's message.
fn read(input: inputs::Input, text: &str) -> Result<u128, String> {
    input
        .read(text)
        .map_err(|e| skald_cli::words(&e.to_string()))
}

fn rating(text: &str) -> Result<u128, String> {
    read(inputs::RATING, text)
}

fn side_a(text: &str) -> Result<u128, String> {
    read(inputs::SIDE_A, text)
}

fn side_b(text: &str) -> Result<u128, String> {
    read(inputs::SIDE_B, text)
}

fn difficulty(text: &str) -> Result<u128, String> {
    read(inputs::DIFFICULTY, text)
}

fn chance(text: &str) -> Result<u32, String> {
    inputs::CHANCE
        .read_u32(text)
        .map_err(|e| skald_cli::words(&e.to_string()))
}

fn d100(text: &str) -> Result<u32, String> {
    inputs::D100
        .read_u32(text)
        .map_err(|e| skald_cli::words(&e.to_string()))
}

fn initiative_roll(text: &str) -> Result<u128, String> {
    read(inputs::INITIATIVE_ROLL, text)
}

fn spd(text: &str) -> Result<u128, String> {
    read(inputs::SPD, text)
}

fn turn(text: &str) -> Result<u128, String> {
    read(inputs::TURN, text)
}

fn slowest(text: &str) -> Result<u128, String> {
    read(inputs::SLOWEST, text)
}

/// Runs a `skald freelancer` subcommand: the text to print, or why not.
///
/// # Errors
/// [`Error::Usage`] for a refused input or position, in the reader's words.
pub fn run(command: &Command, shell: &dyn Shell) -> Result<String, Error> {
    match command {
        Command::Check(args) => match args.chance {
            Some(chance) => {
                let report = reports::chance(chance, args.roll).map_err(Error::usage)?;
                skald_cli::report(&report, args.json)
            }
            None => {
                if args.roll_anyway {
                    return Err(Error::usage(crate::Error::roll_anyway_retired(
                        "--roll-anyway",
                        "given",
                        "left out",
                    )));
                }
                let report = reports::task_check(&args.rating, args.difficulty, args.roll)
                    .map_err(Error::usage)?;
                skald_cli::report(&report, args.json)
            }
        },
        Command::Opposed(args) => {
            let method = match args.method {
                Method::RollUnder => OpposedMethod::RollUnder,
                Method::Chaotic => OpposedMethod::Chaotic,
            };
            let rolls = match args.rolls.as_slice() {
                [a, b] => Some([*a, *b]),
                _ => None,
            };
            let report = reports::opposed(args.a, args.b, method, rolls).map_err(Error::usage)?;
            skald_cli::report(&report, args.json)
        }
        Command::Initiative(args) => {
            let method = if args.method == 2 {
                InitiativeMethod::Two
            } else {
                InitiativeMethod::One
            };
            let report = reports::initiative(args.roll, args.spd, method).map_err(Error::usage)?;
            skald_cli::report(&report, args.json)
        }
        Command::Actions(args) => {
            let report = reports::actions(args.turn, args.slowest).map_err(Error::usage)?;
            skald_cli::report(&report, args.json)
        }
        Command::Advise(args) => advise(args, shell),
        Command::Balance(args) => {
            let (table, after) =
                skald_cli::scenario_after::<Freelancer>(shell, &args.file, args.after)?;
            let names = table.state().characters.keys().map(String::as_str);
            let party = skald_cli::all_meant(args.party.as_deref(), names.clone());
            let against = args.against.as_deref().map(|a| skald_cli::meant(a, names));
            let report = reports::balance(
                table.state(),
                after,
                party.as_deref(),
                reports::Ratings {
                    rating: args.rating,
                    opponent_rating: args.opponent_rating,
                },
                against.as_deref(),
                args.target.map(skald_core::Fight::from),
            )
            .map_err(Error::Usage)?;
            skald_cli::report(&report, args.json)
        }
    }
}

/// `skald freelancer advise FILE --who NAME [--after N]`: the advice over the event at a position.
fn advise(args: &AdviseArgs, shell: &dyn Shell) -> Result<String, Error> {
    let (table, after, next) = skald_cli::scenario_at::<Freelancer>(shell, &args.file, args.after)?;
    let who = skald_cli::meant(
        &args.who,
        table.state().characters.keys().map(String::as_str),
    );
    let report =
        reports::advice::advice(table.state(), &who, after, next.as_ref()).map_err(|e| {
            skald_cli::refused_at::<Freelancer>(shell, &args.file, e, |state, next| {
                reports::advice::advisable(state, &who, next)
            })
        })?;
    skald_cli::report(&report, args.json)
}
