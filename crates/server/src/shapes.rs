//! What the API, the WebSocket, the pages and the export send and read: the bodies of requests and
//! answers, as types. The handlers build these, the pages read them, `utoipa` describes them in the
//! OpenAPI document (`crate::openapi`). Data only: no code reads a field by its name in a JSON
//! value, and nothing here does anything.
//!
//! The system's own JSON (a table's options and state, a command) stays a
//! [`serde_json::Value`]: it is the system's, behind [`skald_core::Game`].

use crate::schemas::{
    ActionSchema, ActorSchema, ErrorKindSchema, MoveSchema, OddsSchema, PlayerSchema, RecordSchema,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use skald_table::{Actor, Player, Record};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// `POST /api/tables` body.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// One of the systems the server plays (the served document lists them, from the registry).
    pub system: String,
    /// 1-120 characters, not blank, no control characters.
    #[schema(
        min_length = 1,
        max_length = 120,
        pattern = "^(?!\\s*$)[^\\u0000-\\u001f\\u007f-\\u009f]+$"
    )]
    pub title: String,
    /// The system's table options (`docs/<system>.md`); absent or null: the rulings' defaults.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub options: Value,
}

/// `POST /api/tables` answer (201): the table, the GM token and the invite token, shown once.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Created {
    /// The new table's id (16 characters, base64url).
    pub table: String,
    /// The system it plays.
    pub system: String,
    /// Its title.
    pub title: String,
    /// The GM's token (256 random bits, base64url); shown only here.
    pub gm_token: String,
    /// The table's first invite token; shown only here.
    pub invite: String,
    /// Hex SHA-256 of epoch 0's server seed (docs/fairness.md).
    pub commitment: String,
}

/// `POST /api/tables/{id}/join` body.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Join {
    /// The table's invite token.
    pub invite: String,
    /// The player's name, 1-60 characters.
    #[schema(min_length = 1, max_length = 60)]
    pub name: String,
}

/// `POST /api/tables/{id}/join` answer: the player's id and token, shown once.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Joined {
    /// The table id.
    pub table: String,
    /// The new player's id (1-based, in the order the players joined).
    #[schema(minimum = 1)]
    pub player: u32,
    /// The player's token; shown only here.
    pub token: String,
}

/// `POST /api/tables/{id}/invite` answer: a new invite token, shown once.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Invited {
    /// The table id.
    pub table: String,
    /// The new invite token; earlier invites stay valid.
    pub invite: String,
}

/// `POST /api/tables/{id}/seat-link` body: whose seat.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatLinkFor {
    /// The player's id (1-based, in the order they joined).
    #[schema(minimum = 1)]
    #[serde(deserialize_with = "crate::numbers::whole_u32")]
    pub player: u32,
}

/// `POST /api/tables/{id}/seat-link` answer: a new token for a player's seat, shown once.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeatLinked {
    /// The table id.
    pub table: String,
    /// The player's id.
    pub player: u32,
    /// The player's name.
    pub name: String,
    /// The seat's new token; every earlier token of the seat stops working.
    pub token: String,
}

/// `GET /api/tables/{id}` answer: the table's summary and the system's state, for one reader.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Summary {
    /// The table id.
    pub table: String,
    /// The system it plays (a name of the registry, `skald_systems`).
    pub system: String,
    /// Its title.
    pub title: String,
    /// The system's options, defaults filled in (the system's JSON).
    #[schema(value_type = Object)]
    pub options: Value,
    /// Who reads.
    #[schema(value_type = ActorSchema)]
    pub you: Actor,
    /// The seq of the last record (the log's length).
    pub seq: u64,
    /// The current epoch, 0-based (docs/fairness.md).
    pub epoch: u32,
    /// Hex SHA-256 of the current epoch's server seed.
    pub commitment: String,
    /// The seated players, in the order they joined.
    #[schema(value_type = Vec<PlayerSchema>)]
    pub players: Vec<Player>,
    /// Who owns each character, by the character's name (the GM for the GM's characters).
    #[schema(value_type = BTreeMap<String, ActorSchema>)]
    pub owners: BTreeMap<String, Actor>,
    /// The system's view of the state (sheets, conflict, round...; the system's JSON). Holds no
    /// secret.
    #[schema(value_type = Object)]
    pub state: Value,
}

/// `GET /api/tables/{id}/log` answer: records after a seq, as the reader may see them.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct LogPage {
    /// The table id.
    pub table: String,
    /// The seq of the table's last record.
    pub last_seq: u64,
    /// The records, oldest first, redacted for the reader.
    #[schema(value_type = Vec<RecordSchema>)]
    pub records: Vec<Record>,
}

/// `POST /api/tables/{id}/actions` answer: the committed records, as the sender may see them.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Acted {
    /// The seq of the last record the action made.
    pub seq: u64,
    /// The records it made, redacted for the sender.
    #[schema(value_type = Vec<RecordSchema>)]
    pub records: Vec<Record>,
}

/// `GET /api/tables/{id}/moves` answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MovesAnswer {
    /// The moves legal now for the reader, as forms.
    #[schema(value_type = Vec<MoveSchema>)]
    pub moves: Vec<skald_core::Move>,
}

/// `POST /api/tables/{id}/odds` answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OddsAnswer {
    /// The exact chances of the command before its dice; `null` when it does not roll or the
    /// system gives none.
    #[schema(value_type = Option<OddsSchema>)]
    pub odds: Option<skald_core::Odds>,
    /// Advice beyond the roll: for the character the command acts for, each choice it has now
    /// with its chance to come out ahead of the whole conflict, round, event or problem, exact or
    /// a simulation's estimate with its `margin` (issue 32); `null` when the system gives none.
    /// Never kept in a record.
    #[schema(value_type = Option<OddsSchema>)]
    pub advice: Option<skald_core::Odds>,
    /// The seq of the table's last record when the odds were worked out (0 for none): the state
    /// they are of. A page drops an answer older than the state it shows.
    pub seq: u64,
}

/// `POST /api/tables/{id}/check` answer: whether the table would take the action now, as far as
/// can be known before its dice.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CheckAnswer {
    /// `true` when every rule before the dice passes.
    pub ok: bool,
    /// Why not, when `ok` is `false`: what sending it would answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorDetail>,
}

/// `GET /api/health` answer.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Health {
    /// Always `true`: the server answers.
    pub ok: bool,
    /// The store's database: `sqlite` or `postgres`.
    pub backend: String,
    /// How many tables are loaded now.
    pub live_tables: usize,
}

/// `GET /api/ready` answer (a node that is not ready answers 503 `not_ready` instead).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Ready {
    /// Always `true`: the database answers and its schema is this build's.
    pub ready: bool,
    /// The store's database: `sqlite` or `postgres`.
    pub backend: String,
}

/// `GET /api/tables/{id}/export?format=json` answer: the whole log as its reader may see it;
/// what `skald verify` reads.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ExportedLog {
    /// The export format's version: 1.
    pub skald_export: u32,
    /// The table id.
    pub table: String,
    /// The system it plays.
    pub system: String,
    /// Its title.
    pub title: String,
    /// Who exported (and so what the records show).
    #[schema(value_type = ActorSchema)]
    pub exported_for: Actor,
    /// Every record, oldest first, redacted for the reader.
    #[schema(value_type = Vec<RecordSchema>)]
    pub records: Vec<Record>,
    /// The hash of the last record, the end of the log's hash chain (docs/fairness.md).
    #[schema(pattern = "^[0-9a-f]{64}$")]
    pub head: Option<String>,
}

/// Every refusal's body: `{"error": {"kind": ..., "message": ...}}`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    /// What was refused and why.
    pub error: ErrorDetail,
}

/// A refusal: its kind and a message in the reader's words naming the field, the value and what
/// is allowed (never a token).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ErrorDetail {
    /// The machine-readable kind.
    #[schema(value_type = ErrorKindSchema)]
    pub kind: String,
    /// The reason, for a person.
    pub message: String,
    /// The field of the action the refusal is about, as a dotted path into the action's JSON
    /// (`"spend"`, `"character.traits"`), when it is about one: a form shows the refusal beside
    /// that field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// What is wrong, machine-readable, when the refusal says it: for an action that did not
    /// read, `missing` (a blank left out), `unknown_field`, `duplicate_field`,
    /// `unknown_command`, `wrong_type` or `unreadable`; for an action the rules refused, its kind,
    /// the same in every system: `out_of_range`, `length`, `not_found`, `taken`, `not_allowed`,
    /// `not_now`, `unreadable` or `dice`; `empty` or `length` for a text out of its bounds. The
    /// message says the same in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// For a number the rules refused as out of its range (`code` `out_of_range`): the value
    /// given and the lowest and highest allowed, as numbers, for a script that would not read
    /// them from the message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<OutOfRange>,
}

/// A number outside its range ([`ErrorDetail::range`]): both bounds allowed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OutOfRange {
    /// The value given.
    pub value: i64,
    /// The lowest value allowed.
    pub min: i64,
    /// The highest value allowed.
    pub max: i64,
}

/// A message a WebSocket client sends: `{"id": any JSON, "action": {"do": ...}}`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Incoming {
    /// The client's id for the message, echoed in its `ack` or `error`.
    #[serde(default)]
    pub id: Value,
    /// The action, as `POST /api/tables/{id}/actions` takes it.
    #[schema(value_type = ActionSchema)]
    pub action: Value,
}

/// A message the server sends a WebSocket client, tagged by `type`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Outgoing {
    /// The first message: who the client is and the table's last seq.
    Hello {
        /// Who the token seats.
        #[schema(value_type = ActorSchema)]
        you: Actor,
        /// The seq of the table's last record when the client connected.
        seq: u64,
    },
    /// A record, redacted for the client, in seq order with no gap.
    Record {
        /// The record (boxed: a record is far larger than the other messages).
        #[schema(value_type = RecordSchema)]
        record: Box<Record>,
    },
    /// A record's seq alone, in place of the record, for a client that asked for
    /// `records=seq`: in seq order with no gap, as records are.
    Seq {
        /// The record's seq.
        seq: u64,
    },
    /// An action committed.
    Ack {
        /// The client's id for the message.
        id: Value,
        /// The seq of the last record the action made.
        seq: u64,
    },
    /// An action or message refused.
    Error {
        /// The client's id for the message (`null` when it did not read).
        id: Value,
        /// Why.
        error: ErrorDetail,
    },
}

/// A seat this browser holds, as the lobby lists it ([`crate::held::seats`]): read from the
/// store, never from a table's log. Not an API answer: the pages' only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeldSeat {
    /// The table id.
    pub table: String,
    /// The table's title.
    pub title: String,
    /// The system's name, as the registry lists it (`skald_systems::REGISTRY`).
    pub system: String,
    /// The seat: the GM or a player.
    pub seat: Actor,
    /// The player's name (as they sat down); `None` for the GM, or for a seat from before
    /// names were kept whose `joined` record could not be read.
    pub name: Option<String>,
    /// When the table was last active, in unix milliseconds.
    pub active_ms: i64,
}
