//! [`Action`]: what a GM or player asks of a table: a system command, or one of the table's own
//! actions (open and secret dice, notes, seeds, epochs, undo, Chi allocations through the server).

use crate::error::{Error, ErrorKind};
use crate::record::Actor;
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The table's own actions, by their `do` names ([`TableVerb`]'s, in its order). A system command
/// may not use these names (a test checks every system's commands).
pub const TABLE_ACTIONS: [&str; 13] = [
    "roll",
    "secret_roll_dice",
    "reveal_roll",
    "note",
    "contribute_seed",
    "end_epoch",
    "undo",
    "allocate",
    "call",
    "answer",
    "withdraw",
    skald_core::SAY,
    "table_options",
];

/// One thing asked of a table, as JSON `{"do": ..., ...}`.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A command of the table's system, as scenarios write it.
    Command(Value),
    /// One of the table's own actions.
    Table(TableAction),
}

/// The table's own actions. Their verbs without their fields are [`TableVerb`], which the
/// table's own forms name (the same snake_case names as serde's `do`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, strum::EnumDiscriminants)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
#[strum_discriminants(
    name(TableVerb),
    derive(strum::IntoStaticStr, strum::EnumIter),
    strum(serialize_all = "snake_case"),
    doc = "The verb of a [`TableAction`] without its fields (its `do`): what the table's own forms send."
)]
pub enum TableAction {
    /// `roll`: dice by notation, in the open (anyone seated).
    Roll {
        /// The expression (docs/dice-notation.md).
        notation: String,
        /// What for (at most 120 characters).
        #[serde(default)]
        label: Option<String>,
    },
    /// `secret_roll_dice`: the GM rolls in secret; the log shows a commitment at once.
    SecretRollDice {
        /// The expression.
        notation: String,
        /// What for (at most 120 characters); hidden with the roll.
        #[serde(default)]
        label: Option<String>,
    },
    /// `reveal_roll`: the GM shows a secret roll (`of` is its record's seq).
    RevealRoll {
        /// The seq of the `secret_rolled` record.
        of: u64,
    },
    /// `note`: a GM note nobody else sees.
    Note {
        /// 1-4000 characters.
        text: String,
    },
    /// `contribute_seed`: adds a seed to the epoch's mix (anyone seated); rolls after it use it.
    ContributeSeed {
        /// 1-256 bytes, no control characters.
        seed: String,
    },
    /// `end_epoch`: the GM reveals the epoch's server seed; the next epoch's seed is committed in
    /// the same record. Refused while a secret roll of the table is still hidden (the refusal
    /// lists them), unless `reveal_hidden` is true: then they are revealed first, in the same
    /// step. Once a seed is public, a hidden roll of its epoch is protected only by the secrecy
    /// of its dice (docs/fairness.md).
    EndEpoch {
        /// Reveal every hidden secret roll first (default false).
        #[serde(default)]
        reveal_hidden: bool,
    },
    /// `undo`: the GM takes back the last command, if it rolled no dice, committed or revealed
    /// nothing, and no roll, commitment or reveal came after it.
    Undo {},
    /// `allocate`: Chi secret rolls through the server (RULINGS C4): the player's allocation is
    /// kept as the player's secret, and `secret_commit` is sent with its commitment; the later
    /// `secret_reveal` may leave out `spend` and `salt` for the server to fill in.
    Allocate {
        /// The character committing.
        who: String,
        /// Dice put in.
        spend: u32,
    },
    /// `call`: the GM calls for a roll: a system command with the GM's numbers set, whose
    /// players' parts (the dice a character puts in) wait for those players' answers.
    Call {
        /// The system command.
        command: Value,
    },
    /// `answer`: one a request waits for sets its fields (`values`, shaped like the command);
    /// the last answer rolls it.
    Answer {
        /// The seq of the `requested` record.
        request: u64,
        /// The values, shaped like the command (`{"difficulty": 4}`); only the sender's fields.
        #[serde(default)]
        values: Value,
    },
    /// `withdraw`: the sender of a request takes it back, or one it waits for declines it.
    Withdraw {
        /// The seq of the `requested` record.
        request: u64,
        /// Why it is declined (1-300 characters; blank: none), which the request's sender reads
        /// in the log.
        #[serde(default)]
        reason: Option<String>,
    },
    /// `say`: talk at the table (anyone seated; `talk.rs`): to everyone, or whispered `to` one
    /// seat; out of character, or `as` one of the sender's characters.
    Say {
        /// 1-1000 characters, lines kept.
        text: String,
        /// The seat a whisper is for: `"gm"` or a player's number; none: everyone.
        #[serde(default)]
        to: Option<Recipient>,
        /// The character spoken as (one of the sender's); none: out of character.
        #[serde(default, rename = "as")]
        voice: Option<String>,
    },
    /// `table_options`: the GM sets the table's own options.
    TableOptions {
        /// A player's command sets the GM's numbers itself (default false: they wait for the GM).
        players_set_gm_numbers: bool,
    },
}

/// Who a whisper is for: the GM, or a seated player by number. Read from JSON as `"gm"` or the
/// player's number (`2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recipient(pub Actor);

/// As it is read: `"gm"` or the player's number.
impl Serialize for Recipient {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Actor::Gm => serializer.serialize_str("gm"),
            Actor::Player(n) => serializer.serialize_u32(n),
        }
    }
}

impl<'de> Deserialize<'de> for Recipient {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        match &value {
            serde_json::Value::String(s) if s.eq_ignore_ascii_case("gm") => {
                Ok(Recipient(Actor::Gm))
            }
            serde_json::Value::Number(n) => n
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .filter(|n| *n >= 1)
                .map(|n| Recipient(Actor::Player(n)))
                .ok_or_else(|| de::Error::custom(not_a_seat(&value))),
            _ => Err(de::Error::custom(not_a_seat(&value))),
        }
    }
}

fn not_a_seat(value: &serde_json::Value) -> String {
    let shown: String = match value {
        serde_json::Value::Object(_) | serde_json::Value::Array(_) => "a group of values".into(),
        other => other.to_string().chars().take(40).collect(),
    };
    format!("a whisper goes to \"gm\" or to a player's number, not to {shown}")
}

/// The longest client id, in characters.
pub const MAX_CLIENT_ID: usize = 64;

/// An action as a client sends it: the action, and the optional id its client gave it
/// (`"client_id"` beside `"do"`), so that an action resent after a lost answer is answered with
/// its first result instead of being done twice.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// What is asked.
    pub action: Action,
    /// 1-64 characters of `A-Z a-z 0-9 - _`, unique per sender, if given.
    pub client: Option<String>,
}

impl Request {
    /// Reads a request from JSON: `client_id` is taken out, the rest read by [`Action::from_json`].
    ///
    /// # Errors
    /// [`ErrorKind::BadAction`] for a `client_id` that is not 1-64 characters of `A-Z a-z 0-9 - _`,
    /// and as [`Action::from_json`].
    pub fn from_json(value: Value) -> Result<Self, Error> {
        let (client, value) = without_client_id(value);
        let client = match client {
            None => None,
            Some(Value::String(id)) if is_client_id(&id) => Some(id),
            Some(other) => {
                let shown: String = other.to_string().chars().take(80).collect();
                return Err(ErrorKind::BadAction {
                    message: format!(
                        "the client id {shown} is not one: give 1 to {MAX_CLIENT_ID} letters, digits, - or _"
                    ),
                }
                .into());
            }
        };
        Ok(Self {
            action: Action::from_json(value)?,
            client,
        })
    }
}

impl Request {
    /// The request as JSON, as [`Request::from_json`] reads it back (the same request): what a
    /// node sends the node that owns the table.
    pub fn to_json(&self) -> Value {
        let mut value = match &self.action {
            Action::Command(command) => command.clone(),
            Action::Table(action) => serde_json::to_value(action).unwrap_or(Value::Null),
        };
        if let (Some(client), Some(object)) = (&self.client, value.as_object_mut()) {
            object.insert("client_id".into(), Value::String(client.clone()));
        }
        value
    }
}

/// A request as sent: the action's own fields, and beside them the sender's `client_id`, read
/// as any JSON so that one of the wrong kind is refused in words ([`Request::from_json`]).
#[derive(Deserialize)]
struct Sent {
    #[serde(default)]
    client_id: Option<Value>,
    #[serde(flatten)]
    action: serde_json::Map<String, Value>,
}

/// `value`'s `client_id` (none when absent or null) and the action without it; a value that is
/// not an object is returned as it is, for the action's reader to refuse.
fn without_client_id(value: Value) -> (Option<Value>, Value) {
    if !value.is_object() {
        return (None, value);
    }
    match serde_json::from_value::<Sent>(value) {
        Ok(sent) => (sent.client_id, Value::Object(sent.action)),
        // An object always reads as `Sent` (any field, any value).
        Err(_) => (None, Value::Null),
    }
}

fn is_client_id(id: &str) -> bool {
    (1..=MAX_CLIENT_ID).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl Action {
    /// Reads an action from JSON: a table action when `do` names one, else a system command.
    /// A `client_id` beside `do` is left out (read it with [`Request::from_json`]).
    ///
    /// # Errors
    /// [`ErrorKind::BadAction`] when the JSON is not an object with a string `do`, or a table
    /// action's fields are wrong.
    pub fn from_json(value: Value) -> Result<Self, Error> {
        let (_, value) = without_client_id(value);
        let name = skald_core::Head::of(&value)
            .verb
            .ok_or_else(|| ErrorKind::BadAction {
                message: "an action is a JSON object naming its move in its field do".into(),
            })?;
        if TABLE_ACTIONS.contains(&name.as_str()) {
            skald_core::read_json(&value)
                .map(Action::Table)
                .map_err(|problem| crate::own_forms::unreadable_action(&value, problem))
        } else {
            Ok(Action::Command(value))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Request, TABLE_ACTIONS, TableAction, TableVerb};
    use serde_json::json;
    use strum::IntoEnumIterator;

    #[test]
    fn each_table_verb_is_the_serialized_do_of_its_action() {
        skald_testkit::check_verbs::<TableAction>(TableVerb::iter().map(<&str>::from));
        let verbs: Vec<&str> = TableVerb::iter().map(<&str>::from).collect();
        assert_eq!(verbs, TABLE_ACTIONS);
    }

    /// What a node forwards is what the owner reads: every table action, and a system command,
    /// with and without a client id, reads back as the same request.
    #[test]
    fn a_request_reads_back_from_its_json() {
        let actions = [
            json!({"do": "roll", "notation": "2d6", "label": "jump"}),
            json!({"do": "roll", "notation": "d20"}),
            json!({"do": "secret_roll_dice", "notation": "d100", "label": "ambush"}),
            json!({"do": "reveal_roll", "of": 7}),
            json!({"do": "note", "text": "the bridge is out"}),
            json!({"do": "contribute_seed", "seed": "abc"}),
            json!({"do": "end_epoch", "reveal_hidden": true}),
            json!({"do": "undo"}),
            json!({"do": "allocate", "who": "Ann", "spend": 2}),
            json!({"do": "call", "command": {"do": "check", "skill": 40}}),
            json!({"do": "answer", "request": 3, "values": {"difficulty": 2}}),
            json!({"do": "withdraw", "request": 3}),
            json!({"do": "withdraw", "request": 3, "reason": "too dark to see"}),
            json!({"do": "say", "text": "hello", "to": "gm", "as": "Ann"}),
            json!({"do": "say", "text": "psst", "to": 2}),
            json!({"do": "say", "text": "hi"}),
            json!({"do": "table_options", "players_set_gm_numbers": false}),
            json!({"do": "narrate", "text": "I leap"}),
        ];
        for action in actions {
            for client in [None, Some("c-1")] {
                let mut sent = action.clone();
                if let Some(client) = client {
                    sent["client_id"] = json!(client);
                }
                let request =
                    Request::from_json(sent.clone()).unwrap_or_else(|e| panic!("{sent}: {e}"));
                let again = Request::from_json(request.to_json())
                    .unwrap_or_else(|e| panic!("{sent} -> {}: {e}", request.to_json()));
                assert_eq!(again, request, "{sent}");
                assert_eq!(again.client.as_deref(), client, "{sent}");
            }
        }
    }
}
