//! `skald loqi ...`: Loqi's own calculators on the command line, which the registry gives the
//! binary ([`skald_cli::Calculators`]): the exact chances of a problem's two outcomes before the
//! roll (`odds`, L3 and L4), the impact an outcome's changes suggest (`impact`, L7, with the L2
//! guide), the advice over a scenario's open problem (`advise`, issue 32) and a fair fight for the
//! GM (`balance`, issue 32). Argument parsing and the position of the scenario file the user names
//! (read through the [`Shell`]) only: the calculators, their checks and their wording are the
//! crate's reports ([`crate::reports`]).

use crate::Loqi;
use crate::limits::{CALCULATOR_LIKELIHOOD, STRENGTH_POINTS, TACTICAL};
use crate::reports::{self, Change};
use clap::{Args, Subcommand};
use skald_cli::{Error, Shell};

/// Loqi's calculators: odds of a problem, the impact of consequences, each outcome's chance
/// given the influence still to spend (advise), a fair fight for the GM (balance).
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
    /// At a point of a scenario's problem: the chance that each outcome is the one selected, given
    /// the tallies and the influence that may still be spent on them (L3-L5), exact or simulated.
    #[command(after_help = ADVISE_EXAMPLES)]
    Advise(AdviseArgs),
    /// A fair fight: at a scenario's problem whose player's outcome is proposed, the impact of the
    /// GM's outcome for an easy (75%), even (50%) or hard (25%) fight: the chance that the
    /// player's outcome is selected, given the influence still to be spent (L2-L5).
    #[command(after_help = BALANCE_EXAMPLES)]
    Balance(BalanceArgs),
}

const BALANCE_EXAMPLES: &str = "\
Examples:
  skald loqi balance examples/loqi/bidding-war.toml --after 3
  skald loqi balance examples/loqi/tiran-scene.toml --after 2 --target even --json
The GM's outcome weighed is the next step's when it is the GM's proposal, else one still to
propose with nobody acting in it. The party wins when the player's outcome is selected, under the
advice's model: everyone who may still spend spends any amount from none to all it holds, each as
likely. See docs/loqi.md, \"A fair fight\".";

const ADVISE_EXAMPLES: &str = "\
Examples:
  skald loqi advise examples/loqi/bidding-war.toml --who Tiran --after 5
  skald loqi advise examples/loqi/bidding-war.toml --who GM --after 6 --json
The model: everyone who may still spend (players' characters that can take part and hold
influence; the GM under the GM-influence option) spends, before the roll, any amount from none to
all it holds on the outcome it backs, each amount as likely; then the d12 decides. Exact when small
enough, else simulated with its 99.9% margin. See docs/loqi.md, \"Advice over the problem\".";

const ODDS_EXAMPLES: &str = "\
Examples:
  skald loqi odds --player 3 --gm -2                    advantage 5, odds 11: 11/12 and 1/12
  skald loqi odds --player 0 --gm 0                     equal: 1-6 the player's, 7-12 the GM's
  skald loqi odds --player 7 --gm 0 --unlikely-outcomes  advantage 7 under L4: 5/144 for the GM
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
    #[arg(long, allow_hyphen_values = true, value_parser = skald_cli::whole::<i64>(*CALCULATOR_LIKELIHOOD.start(), *CALCULATOR_LIKELIHOOD.end()))]
    pub player: i64,
    /// The GM's outcome's likelihood total, -1000 to 1000.
    #[arg(long, allow_hyphen_values = true, value_parser = skald_cli::whole::<i64>(*CALCULATOR_LIKELIHOOD.start(), *CALCULATOR_LIKELIHOOD.end()))]
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
    #[arg(long, allow_hyphen_values = true, value_parser = skald_cli::whole::<i64>(-*TACTICAL.end(), *TACTICAL.end()))]
    pub tactical: Vec<i64>,
    /// Strength lost, 1 to 40 points. Repeatable.
    #[arg(long, value_parser = skald_cli::whole::<i64>(*STRENGTH_POINTS.start(), *STRENGTH_POINTS.end()))]
    pub weakening: Vec<i64>,
    /// Strength regained inside the outcome, 1 to 40 points. Repeatable.
    #[arg(long, value_parser = skald_cli::whole::<i64>(*STRENGTH_POINTS.start(), *STRENGTH_POINTS.end()))]
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

/// `skald loqi advise`.
#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// A Loqi scenario (TOML).
    pub file: std::path::PathBuf,
    /// Whom to advise: a character's name, or GM.
    #[arg(long)]
    pub who: String,
    /// Play the characters and this many steps first (default: every step); the advice is on the
    /// next step when it is a tally command or proposal of --who that leaves both outcomes
    /// proposed, else on the open problem as it stands.
    #[arg(long, allow_negative_numbers = true, value_parser = skald_cli::steps())]
    pub after: Option<usize>,
    /// Print JSON: `who`, `after`, `step` (the step advised, 1-based, or null for the open problem),
    /// `summary`, and `chances`, each with `label`, `p` (an exact "p/q", or "hits/plays" when
    /// simulated), `decimal`, and `margin` (the 99.9% interval's half-width; only when simulated).
    #[arg(long)]
    pub json: bool,
}

/// `skald loqi balance`.
#[derive(Debug, Args)]
pub struct BalanceArgs {
    /// A Loqi scenario (TOML).
    pub file: std::path::PathBuf,
    /// Play the characters and this many steps first (default: every step); the GM's outcome
    /// weighed is the next step's when it proposes one, else one still to propose.
    #[arg(long, allow_negative_numbers = true, value_parser = skald_cli::steps())]
    pub after: Option<usize>,
    /// The fight wanted: easy (75%), even (50%) or hard (25%); all three if left out.
    #[arg(long, value_enum)]
    pub target: Option<skald_cli::FightArg>,
    /// Print JSON: `after`, `author`, `drafted` (null, or `chance`, `impact`, `likelihood`),
    /// `exact`, `holders` (`backs`, `pool`, `who`), `player` (`by`, `impact`, `likelihood`),
    /// `plays`, `problem`, `proposals` (`chance`, `impact`, `likelihood`, `out_of_reach`,
    /// `target`, `wanted`), `step` and `unlikely_outcomes`; a chance is `p` ("n/d", or
    /// "hits/plays" simulated), `decimal` and, simulated, `margin`.
    #[arg(long)]
    pub json: bool,
}

/// Runs a `skald loqi` subcommand: the text to print, or why not.
///
/// # Errors
/// [`Error::Usage`] for a refused input or position, in the reader's words.
pub fn run(command: &Command, shell: &dyn Shell) -> Result<String, Error> {
    match command {
        Command::Odds(args) => odds(args),
        Command::Impact(args) => impact(args),
        Command::Advise(args) => advise(args, shell),
        Command::Balance(args) => balance(args, shell),
    }
}

/// `skald loqi balance FILE [--after N] [--target T]`: a fair fight for the GM at a position.
fn balance(args: &BalanceArgs, shell: &dyn Shell) -> Result<String, Error> {
    let (table, after, next) = skald_cli::scenario_at::<Loqi>(shell, &args.file, args.after)?;
    let report = reports::balance(
        table.state(),
        after,
        next.as_ref(),
        args.target.map(skald_core::Fight::from),
    )
    .map_err(|e| {
        skald_cli::refused_at::<Loqi>(shell, &args.file, e, |state, next| {
            reports::balanceable(state, next)
        })
    })?;
    skald_cli::report(&report, args.json)
}

/// `skald loqi advise FILE --who NAME [--after N]`: the advice over the problem at a position.
fn advise(args: &AdviseArgs, shell: &dyn Shell) -> Result<String, Error> {
    let (table, after, next) = skald_cli::scenario_at::<Loqi>(shell, &args.file, args.after)?;
    let names = table.state().characters.iter().map(|c| c.name.as_str());
    let who = skald_cli::meant(&args.who, names.chain([crate::GM]));
    let report = reports::advise(table.state(), &who, after, next.as_ref()).map_err(|e| {
        skald_cli::refused_at::<Loqi>(shell, &args.file, e, |state, next| {
            reports::advisable(state, &who, next)
        })
    })?;
    skald_cli::report(&report, args.json)
}

fn odds(args: &OddsArgs) -> Result<String, Error> {
    let report =
        reports::odds(args.player, args.gm, args.unlikely_outcomes).map_err(Error::usage)?;
    skald_cli::report(&report, args.json)
}

fn impact(args: &ImpactArgs) -> Result<String, Error> {
    // Each change is read and checked in the order of the options, so the first refusal is the
    // first option at fault; the message names the option as given.
    let mut changes = Vec::new();
    for (i, spec) in args.trait_changes.iter().enumerate() {
        let change = Change::read_trait_change(spec)
            .map_err(|why| Error::usage(format!("--trait-change #{} {spec:?}: {why}", i + 1)))?;
        changes.push(change);
    }
    for &m in &args.tactical {
        changes.push(
            Change::tactical(m).map_err(|why| Error::usage(format!("--tactical {m}: {why}")))?,
        );
    }
    for &p in &args.weakening {
        changes.push(
            Change::weakening(p).map_err(|why| Error::usage(format!("--weakening {p}: {why}")))?,
        );
    }
    for &p in &args.regain {
        changes
            .push(Change::regain(p).map_err(|why| Error::usage(format!("--regain {p}: {why}")))?);
    }
    for (i, spec) in args.relationship.iter().enumerate() {
        let change = Change::read_relationship(spec)
            .map_err(|why| Error::usage(format!("--relationship #{} {spec:?}: {why}", i + 1)))?;
        changes.push(change);
    }
    if changes.is_empty() {
        return Err(Error::usage(
            "skald loqi impact needs at least one change: --trait-change, --tactical, --weakening, --regain or --relationship",
        ));
    }
    skald_cli::report(&reports::impact(&changes), args.json)
}
