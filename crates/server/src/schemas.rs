//! How the OpenAPI document describes the types the server sends as the table and the rules make
//! them ([`skald_table::Actor`], [`skald_table::Player`], [`skald_table::Record`], a system command,
//! [`skald_core::Move`], [`skald_core::Odds`]): those crates know nothing of HTTP, so their
//! schemas are written here, one type each, mirroring its JSON. Nothing here is ever built: these
//! types exist only to be read by `utoipa`.

// Only the derives read these fields.
#![allow(dead_code)]

use utoipa::{IntoParams, ToSchema};

/// Who acted or reads: `"gm"`, or `{"player": N}` (1-based, in the order the players joined).
#[derive(ToSchema)]
#[schema(as = Actor)]
#[serde(rename_all = "snake_case")]
pub enum ActorSchema {
    /// The game master.
    Gm,
    /// The player with this id.
    Player(u32),
}

/// A seated player.
#[derive(ToSchema)]
#[schema(as = Player)]
pub struct PlayerSchema {
    /// 1-based id, in the order they joined.
    #[schema(minimum = 1)]
    id: u32,
    /// The name they gave (1-60 characters).
    name: String,
}

/// One log record: `seq` (1-based, contiguous), `at_ms` (Unix ms), `prev` (the hash of the
/// record before it, 64 hex digits; 64 zeros for the first: the log's hash chain,
/// docs/fairness.md), `client` (the sender's client_id, if given), `body` (public; tagged by
/// `kind`: created, joined, seat_handed, command, dice_rolled, secret_rolled, secret_revealed,
/// note, seed_contributed, epoch_ended, undone, roll_failed, ...), and `secret` only when the reader is its
/// audience.
#[derive(ToSchema)]
#[schema(as = Record)]
pub struct RecordSchema {
    /// 1-based, contiguous: the n-th record has seq n.
    #[schema(minimum = 1)]
    seq: u64,
    /// When it was committed, Unix milliseconds.
    at_ms: i64,
    /// The hash of the record before it (64 zeros for the first).
    #[schema(pattern = "^[0-9a-f]{64}$")]
    prev: String,
    /// The sender's client id for the action that made it, if it gave one.
    #[schema(min_length = 1, max_length = 64, pattern = "^[A-Za-z0-9_-]+$")]
    client: Option<String>,
    /// The public part, tagged by `kind`.
    body: BodySchema,
    /// The hidden part, only when the reader is its audience.
    #[schema(value_type = Option<Object>)]
    secret: Option<()>,
}

/// A record's public part: `kind` and that kind's fields.
#[derive(ToSchema)]
#[schema(as = Body)]
pub struct BodySchema {
    /// created, joined, seat_handed, command, dice_rolled, secret_rolled, secret_revealed, note,
    /// seed_contributed, epoch_ended, undone, roll_failed, requested, answered, withdrawn,
    /// table_options, said or whispered.
    kind: String,
}

/// A system command as scenarios write it (`{"do": "stand", ...}`), or a table action: roll
/// {notation, label?}, secret_roll_dice {notation, label?} (GM), reveal_roll {of} (GM), note {text}
/// (GM), contribute_seed {seed}, end_epoch {reveal_hidden?} (GM; refused while a secret roll is
/// hidden unless reveal_hidden is true), undo {} (GM), allocate {who, spend} (Chi), call {command}
/// (GM: a roll whose players' parts wait for them), answer {request, values?} (one a request
/// waits for), withdraw {request, reason?} (its sender, or one it waits for declining it with a
/// reason its sender reads), table_options {players_set_gm_numbers} (GM), say {text, to?,
/// as?} (talk; `to` "gm" or a player's number whispers). Any action may
/// carry `client_id`: the same action resent with the same id is answered with its first records,
/// not done twice.
#[derive(ToSchema)]
#[schema(as = Action)]
pub struct ActionSchema {
    /// The command's or the action's name.
    #[serde(rename = "do")]
    act: String,
    /// The sender's id for this action, unique per sender.
    #[schema(min_length = 1, max_length = 64, pattern = "^[A-Za-z0-9_-]+$")]
    client_id: Option<String>,
}

/// A move legal now, as a form: group, label, the fixed command, fields with their choices and
/// bounds, whether odds are given, a rule note.
#[derive(ToSchema)]
#[schema(as = Move)]
pub struct MoveSchema {
    /// What the move is about, for grouping on a page.
    group: String,
    /// A short label in the book's terms.
    label: String,
    /// The fixed part of the command, `{"do": ..., ...}`.
    #[schema(value_type = Object)]
    command: (),
    /// The blanks, in the order a form shows them (name, label, kind, choices, bounds).
    #[schema(value_type = Vec<Object>)]
    fields: Vec<()>,
    /// Whether the system gives exact odds for this command.
    odds: bool,
    /// A rule reminder shown beside the form, with its source.
    note: Option<String>,
    /// A question to ask before sending, for a move that cannot be taken back in play (ending a
    /// round, turn, problem, event or conflict); absent when the move sends at once. A choice may
    /// carry its own `confirm`, asked instead while it is picked.
    confirm: Option<String>,
    /// Present and true when this is what the rules expect of the seat now (its turn, an answer
    /// the table waits for): a page shows it first.
    lead: Option<bool>,
    /// The character the move is for, by name; absent for the table's own moves.
    character: Option<String>,
}

/// The chances of a command before its dice (exact, or a simulation's estimates with their
/// margins): a sentence, the outcomes that matter and the distribution of the deciding number.
#[derive(ToSchema)]
#[schema(as = Odds)]
pub struct OddsSchema {
    /// One sentence: what the chances are of.
    summary: String,
    /// Each outcome that matters with its chance.
    chances: Vec<ChanceSchema>,
    /// The distribution of the deciding number, when there is one worth drawing.
    distribution: Vec<ChanceSchema>,
}

/// One outcome's chance: exact (no `margin`), or a simulation's estimate with its margin.
#[derive(ToSchema)]
#[schema(as = Chance)]
pub struct ChanceSchema {
    /// The outcome, in the book's terms (or the number, for a distribution).
    label: String,
    /// The exact chance as a reduced fraction `"n/d"` (`"1"` and `"0"` for certain and
    /// impossible); for an estimate, the simulated plays that ended so over all the plays, not
    /// reduced (`"6213/10000"`).
    #[schema(example = "5/12")]
    p: String,
    /// The same as a decimal, for drawing; never shown instead of `p`.
    decimal: f64,
    /// Only for a simulation's estimate: the half-width of its 99.9% interval, in 0..=1 (`0.016`
    /// reads "± 2%"); absent for an exact chance.
    #[schema(minimum = 0.0, maximum = 1.0)]
    margin: Option<f64>,
}

/// What kind of refusal an error is.
#[derive(ToSchema)]
#[schema(as = ErrorKind)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKindSchema {
    /// Not the sender's to do, or no creation key (403).
    Forbidden,
    /// Refused by the rules or the table's bounds (422).
    Refused,
    /// No valid token, a seat's link the GM replaced with a newer one, or not the table's invite
    /// (401).
    Unauthorized,
    /// No such table or API route (404).
    NotFound,
    /// Not what the route reads (400).
    BadRequest,
    /// A bound or a rate reached (429, or 413 for a record or body too large).
    Limit,
    /// The table's queue is full or the server is stopping (503).
    Busy,
    /// The database failed; nothing was recorded (500).
    Store,
    /// A stored log that does not fold (500).
    Corrupt,
}

/// The path of a table's routes.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
pub struct TablePath {
    /// The table id (16 characters; at most 64 are read).
    #[param(min_length = 1, max_length = 64)]
    id: String,
}

/// What an export is written as.
#[derive(ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ExportFormat {
    /// What `skald verify` reads (the default).
    Json,
    /// A session report in Markdown.
    Md,
    /// A session report as one printable HTML page.
    Html,
}
