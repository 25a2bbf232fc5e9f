//! The [`System`] trait: what a game system gives the core.

use crate::moves::{Field, Move, Odds, Seat};
use crate::{Authority, CommandShape};
use serde::Serialize;
use serde::de::DeserializeOwned;
use skald_dice::{DiceSource, SourceError};
use std::fmt::Debug;

/// A game system's rules as pure functions: `decide` (command + dice -> events or a rule error),
/// `apply` (state + event -> new state), and `authority` (who may send a command at an online table).
///
/// Invariants every implementation keeps:
/// - `decide` is deterministic given the dice it is handed, and never changes state;
/// - a refused command rolls no dice that matter: its partial dice are discarded with it;
/// - `apply` never fails: an event is a fact already checked by `decide`;
/// - every die rolled appears in some event, so a log replays without dice.
pub trait System {
    /// The system's name as written in scenarios, logs, the API and addresses (`/rules/<name>`):
    /// lowercase ASCII letters, one word.
    const NAME: &'static str;
    /// The system's name as people read it: its book's title.
    const TITLE: &'static str;
    /// What the game is, in Skald's own words for a lobby: two short sentences (at most 200
    /// characters together; `skald-systems` tests the bound), written from the rulebook's opening.
    const ABOUT: &'static str;
    /// The system's rules page: how to play it, and a statement of every ruling its texts cite
    /// (moves, notes, errors), for a code such as `(T3)` on a page to link to (`/rules/<name>#T3`).
    /// Each system keeps it in its `model/rulings.rs`.
    const RULINGS: crate::Rulings;
    /// How a page draws the system's state ([`crate::Board`]): its board template and stylesheet,
    /// which each system keeps in its crate's `templates/board.html` and `static/board.css`.
    const BOARD: crate::Board;
    /// The table options of this system (the RULINGS.md options), with the rulings' defaults.
    type Options: Debug + Clone + Default + Serialize + DeserializeOwned;
    /// A character sheet as written in a scenario.
    type Character: Debug + Clone + Serialize + DeserializeOwned;
    /// A player's or GM's command, which tells its verb and its acting character
    /// ([`CommandShape`]).
    type Command: Debug + Clone + Serialize + DeserializeOwned + CommandShape;
    /// A fact that happened at the table; state is the fold of these.
    type Event: Debug + Clone + Serialize + DeserializeOwned;
    /// The table state.
    type State: Debug + Clone + Serialize;
    /// Why a command was refused: names the field, the value and what is allowed.
    type Error: std::error::Error + From<SourceError> + Send + Sync + 'static;

    /// `error` as data, in the shape every system's refusals share ([`crate::Refusal`]): its kind
    /// (out of range, not found, not now...) and the command's field it is about, as a dotted path
    /// into the command (as [`Field::name`] is: `"spend"`, `"character.traits"`), for a form to
    /// show the refusal beside that field and a script to read its `code`.
    fn refusal(error: &Self::Error) -> crate::Refusal;

    /// The command's field `error` is about ([`System::refusal`]'s), or `None`.
    fn error_field(error: &Self::Error) -> Option<String> {
        Self::refusal(error).field
    }
    /// The state of a new table with these options (no characters yet).
    fn initial(options: &Self::Options) -> Self::State;

    /// The command that puts `character` at the table.
    fn enroll(character: Self::Character) -> Self::Command;

    /// Decides `command` against `state`, rolling what it needs from `dice`.
    ///
    /// # Errors
    /// The system's rule error when the command breaks a rule or a scripted die is missing or invalid.
    fn decide(
        state: &Self::State,
        command: &Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Self::Event>, Self::Error>;

    /// Who may send `command` at an online table.
    fn authority(command: &Self::Command) -> Authority;

    /// Whether `command` commits to or reveals a secret (a Chi allocation's commitment or its
    /// reveal, RULINGS C4). Such a command binds like a roll: an online table's undo never takes
    /// it back, so nobody can commit anew after seeing the other side. The default: none does.
    fn binds(_command: &Self::Command) -> bool {
        false
    }

    /// The parts of `command` that are not simply its sender's to decide: the GM's numbers
    /// ([`crate::Decider::Gm`]: a Difficulty, a modifier, a pool) and another character's
    /// player's choices ([`crate::Decider::Owner`]: the dice a defender puts in), each as a field
    /// named by its path in the command, starting at the value the command holds. An online table
    /// lets such a part wait for its decider before anything is rolled (docs/decisions.md, "The
    /// GM's numbers"). The default: none.
    fn parts(_state: &Self::State, _command: &Self::Command) -> Vec<crate::Part> {
        Vec::new()
    }

    /// The table options as a form's fields (a lobby's), in the book's terms with their rulings,
    /// each starting at the rulings' default ([`Self::Options`]'s `Default`). The default: none.
    fn option_fields() -> Vec<Field> {
        Vec::new()
    }

    /// Sealed allocations (RULINGS C4 for Chi): the command that commits `spend` dice of `who` now,
    /// as a hash with `salt` only, once the rules offer that allocation now; an online table keeps
    /// `spend` and `salt` as the sender's secret until the reveal. `None` for a system that seals
    /// nothing (the default).
    ///
    /// # Errors
    /// Inside the `Some`: the rule error when `who` has no allocation to make now or `spend` is not
    /// one it may put in.
    fn seal(
        _state: &Self::State,
        _who: &str,
        _spend: u32,
        _salt: &str,
    ) -> Option<Result<Self::Command, Self::Error>> {
        None
    }

    /// Advice beyond the roll ([`System::advice`]) for a sealed allocation (RULINGS C4 for Chi):
    /// `who` putting `spend` dice in the open secret roll, the others' sealed dice taken as any
    /// they may be. For the page of the one choosing only; never recorded. `None` when the system
    /// seals nothing (the default) or `who` has no such allocation to make now.
    fn allocation_advice(_state: &Self::State, _who: &str, _spend: u32) -> Option<Odds> {
        None
    }

    /// The character `command` (JSON, as sent) reveals for, when it is a reveal of a sealed
    /// allocation sent without its `spend` and `salt`, for the table to fill them in from the
    /// sender's secret. The default: none is.
    fn bare_reveal(_command: &serde_json::Value) -> Option<String> {
        None
    }

    /// The command that reveals the sealed `spend` and `salt` of `who`; `None` for a system that
    /// seals nothing (the default).
    fn reveal(_who: &str, _spend: u32, _salt: &str) -> Option<Self::Command> {
        None
    }

    /// Folds one event into the state.
    fn apply(state: Self::State, event: &Self::Event) -> Self::State;

    /// One line of the table log for `event`, in the book's terms, with every die shown.
    fn describe(event: &Self::Event) -> String;

    /// The moves legal now for `seat`, as forms for a table page. The default offers none (a page
    /// then offers only a free command box).
    fn moves(_state: &Self::State, _seat: &Seat) -> Vec<Move> {
        Vec::new()
    }

    /// The exact chances of `command` in `state` before its dice are rolled, if it rolls and the
    /// system computes them. The default gives none.
    fn odds(_state: &Self::State, _command: &Self::Command) -> Option<Odds> {
        None
    }

    /// Advice beyond the roll of `command`: for the character it acts for, the chance of each
    /// choice it has now to come out ahead of the whole conflict, round, event or problem
    /// (issue 32), exact or a simulation's estimate with its margin ([`crate::Chance::estimate`]).
    /// For pages and calculators only: never kept in a record (a record keeps [`System::odds`],
    /// which `skald verify` recomputes), and worked out off the table's task, as it may take up
    /// to about 200 ms within the system's own bounds. `None` when the system gives none (the
    /// default) or the command has none.
    fn advice(_state: &Self::State, _command: &Self::Command) -> Option<Odds> {
        None
    }

    /// The session's episodes for a report's summary (`chronicle.rs` of each system crate): the
    /// accepted commands' events, in log order (an undone command's left out), folded into each
    /// conflict, problem, round or event with who took part, its outcome and what it left behind,
    /// in the book's terms. The default: none.
    fn chronicle(_options: &Self::Options, _events: &[Self::Event]) -> Vec<crate::Episode> {
        Vec::new()
    }

    /// The state as JSON, as scenario expectations see it. The default is the serialized state.
    fn view(state: &Self::State) -> serde_json::Value {
        serde_json::to_value(state).unwrap_or(serde_json::Value::Null)
    }
}
