//! [`Record`]: one entry of a table's append-only log, with its public part and its hidden part.
//!
//! Every record has a public [`Body`] that anyone seated at the table may read, and may carry a
//! [`Secret`] that only its [`Audience`] may read. Redaction ([`crate::view`]) drops the secret;
//! nothing secret is ever written into a body.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use skald_fair::Draw;

/// Who acted: the GM or a seated player (1-based id, in the order they joined).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    /// The game master.
    Gm,
    /// The player with this id.
    Player(u32),
}

/// Who may read a record's [`Secret`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// The GM only.
    Gm,
    /// This player only (not even the GM: a Chi allocation before its reveal, RULINGS C4).
    Player(u32),
    /// Nobody: the server keeps it (an epoch's seed before it is revealed).
    Server,
    /// A whisper's sender and recipient, and the GM, who reads every whisper (`talk.rs`).
    Whisper {
        /// Who whispered.
        from: Actor,
        /// Who it is for.
        to: Actor,
    },
}

impl Actor {
    /// The stored form: `gm`, `player:N`.
    pub fn to_stored(self) -> String {
        match self {
            Actor::Gm => "gm".into(),
            Actor::Player(id) => format!("player:{id}"),
        }
    }

    /// Reads the stored form back; `None` for anything else.
    pub fn from_stored(text: &str) -> Option<Self> {
        match text {
            "gm" => Some(Actor::Gm),
            _ => text
                .strip_prefix("player:")
                .and_then(|id| id.parse().ok())
                .map(Actor::Player),
        }
    }
}

impl Audience {
    /// The stored form: `gm`, `player:N`, `server`, `whisper:FROM>TO` (each `gm` or `player:N`).
    pub fn to_stored(self) -> String {
        match self {
            Audience::Gm => "gm".into(),
            Audience::Player(id) => Actor::Player(id).to_stored(),
            Audience::Server => "server".into(),
            Audience::Whisper { from, to } => {
                format!("whisper:{}>{}", from.to_stored(), to.to_stored())
            }
        }
    }

    /// Reads the stored form back; `None` for anything else.
    pub fn from_stored(text: &str) -> Option<Self> {
        if text == "server" {
            return Some(Audience::Server);
        }
        if let Some((from, to)) = text
            .strip_prefix("whisper:")
            .and_then(|pair| pair.split_once('>'))
        {
            return Some(Audience::Whisper {
                from: Actor::from_stored(from)?,
                to: Actor::from_stored(to)?,
            });
        }
        Actor::from_stored(text).map(|actor| match actor {
            Actor::Gm => Audience::Gm,
            Actor::Player(id) => Audience::Player(id),
        })
    }
}

/// The dice of one fair roll: where they came from and every die drawn (docs/fairness.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairRoll {
    /// The epoch whose server seed the roll used (0-based).
    pub epoch: u32,
    /// The roll's index: 0-based, counting every roll of the table, over all epochs.
    pub index: u64,
    /// The player-seed mix in force, 64 hex digits.
    pub mix: String,
    /// Every die drawn, in order.
    pub draws: Vec<Draw>,
}

/// The contents of a GM's secret roll: public once revealed, committed by SHA-256 at once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecretRoll {
    /// What the GM wrote the roll is for (at most 120 characters), if anything.
    pub label: Option<String>,
    /// The dice expression rolled, canonical notation.
    pub notation: String,
    /// The expression's value.
    pub total: i64,
    /// The roll shown as text, every die listed.
    pub text: String,
    /// Where the dice came from.
    pub roll: FairRoll,
    /// 32 random bytes in hex, so the commitment cannot be found by trying every likely roll.
    pub nonce: String,
}

impl SecretRoll {
    /// The commitment published when the roll is made: lower-case hex SHA-256 of this struct's
    /// JSON (fields in declaration order, no spaces), docs/fairness.md.
    pub fn commitment(&self) -> String {
        use sha2::{Digest, Sha256};
        let json = serde_json::to_string(self).unwrap_or_default();
        hex::encode(Sha256::digest(json.as_bytes()))
    }
}

/// The public part of a record. Serialized with `kind` as the tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Body {
    /// The table was made: its system, title, options, and the commitment to epoch 0's seed.
    Created {
        /// `skald_fair::VERSION`: the derivation every roll of this table uses.
        fairness: String,
        /// The system's name, one of the registry's the table was given (`skald_core::Registry`).
        system: String,
        /// The table's title (1-120 characters).
        title: String,
        /// The system's options, defaults filled in.
        options: Value,
        /// Hex SHA-256 of epoch 0's server seed.
        commitment: String,
        /// The table option "players set the GM's numbers" as the table starts (default false:
        /// a player's command waits for the GM's numbers; `requests.rs`). Changed later by
        /// `table_options` records.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        players_set_gm_numbers: bool,
        /// The edition of the words the table wrote when it was made ([`WORDING`]); 0 (left out)
        /// for a log made before editions were counted.
        #[serde(default, skip_serializing_if = "is_zero")]
        wording: u32,
    },
    /// A player took a seat.
    Joined {
        /// The new player's id.
        player: u32,
        /// The name the player gave (1-60 characters).
        name: String,
    },
    /// The GM made a new link to a player's seat (to hand it back to a player who lost its
    /// device): said in the log so that every seat knows another browser may now sit there.
    SeatHanded {
        /// The seat's player id.
        player: u32,
    },
    /// A system command was accepted.
    Command {
        /// Who sent it.
        by: Actor,
        /// The command as sent (`{"do": ...}`).
        command: Value,
        /// The events it produced.
        events: Vec<Value>,
        /// One line per event, dice shown.
        lines: Vec<String>,
        /// The dice it drew, if any.
        roll: Option<FairRoll>,
        /// The exact chances the rules gave it just before its dice were rolled (the system's
        /// `odds`), if it rolls and the system gives them: what the players saw before the roll.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        odds: Option<skald_core::Odds>,
    },
    /// Dice rolled in the open by notation (`roll 2d6+1`).
    DiceRolled {
        /// Who rolled.
        by: Actor,
        /// What for, if said.
        label: Option<String>,
        /// Canonical notation.
        notation: String,
        /// The value.
        total: i64,
        /// The roll as text, every die shown.
        text: String,
        /// Where the dice came from.
        roll: FairRoll,
    },
    /// The GM rolled in secret; the contents are the record's secret until revealed.
    SecretRolled {
        /// The roll's index (public, so the stream position is fixed before anyone sees it).
        index: u64,
        /// The epoch.
        epoch: u32,
        /// [`SecretRoll::commitment`] of the contents.
        commitment: String,
    },
    /// The GM showed a secret roll.
    SecretRevealed {
        /// The seq of the `secret_rolled` record.
        of: u64,
        /// Its contents, which hash to its commitment.
        contents: SecretRoll,
    },
    /// A GM note: the text is the secret ([`SecretBody::Note`]), bound by its commitment here.
    Note {
        /// [`SecretBody::commitment`] of the note (text and nonce), 64 hex digits: the note is
        /// under the log's hash chain without being shown. `None` in logs written before notes
        /// carried one (`skald verify` says so).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        commitment: Option<String>,
    },
    /// Talk to the whole table (`say` without `to`; `talk.rs`).
    Said {
        /// Who spoke.
        by: Actor,
        /// The character spoken as, one of the speaker's; none: out of character.
        #[serde(rename = "as", default, skip_serializing_if = "Option::is_none")]
        voice: Option<String>,
        /// The words (1-1000 characters, lines kept).
        text: String,
    },
    /// A whisper: who, to whom and what are the secret ([`SecretBody::Whisper`]), read by the two
    /// and the GM; the others see only that this record exists and its commitment.
    Whispered {
        /// [`SecretBody::commitment`] of the whisper (sender, recipient, voice, words and nonce),
        /// 64 hex digits: the whisper is under the log's hash chain without being shown. `None`
        /// in logs written before whispers carried one (`skald verify` says so).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        commitment: Option<String>,
    },
    /// A player (or the GM) added a seed to the mix.
    SeedContributed {
        /// Who contributed.
        by: Actor,
        /// The seed as given (1-256 bytes).
        seed: String,
        /// The mix after it, 64 hex digits.
        mix: String,
    },
    /// The GM ended an epoch: its seed is revealed and the next one committed.
    EpochEnded {
        /// The epoch ended.
        epoch: u32,
        /// Its seed, 64 hex digits: SHA-256 of it is the commitment made before its rolls.
        seed: String,
        /// Hex SHA-256 of the next epoch's seed.
        next_commitment: String,
    },
    /// The GM took back a command (one that rolled no dice, after the last roll, commitment or
    /// reveal).
    Undone {
        /// The seq of the `command` record taken back.
        of: u64,
    },
    /// A system command waiting for parts others decide (the GM's numbers, a defender's dice):
    /// nothing is rolled until everyone it waits for has answered (docs/decisions.md, "The GM's
    /// numbers"). The command holds the values proposed so far.
    Requested {
        /// Who asked: a player proposing, or the GM calling for a roll.
        by: Actor,
        /// The command, every field spelled out, with the proposed values.
        command: Value,
        /// Who it waits for, and for which fields.
        waiting: Vec<Waiting>,
        /// The request in words, as the table wrote it: what is asked, what is proposed (each
        /// field's label and value), who it waits for. Empty in logs written before it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        lines: Vec<String>,
    },
    /// One it waited for answered a request with its values (a part of the command, as JSON
    /// shaped like the command). When it was the last, the command follows in the same step.
    Answered {
        /// Who answered.
        by: Actor,
        /// The seq of the `requested` record.
        request: u64,
        /// The values set, shaped like the command (`{"difficulty": 4}`).
        values: Value,
        /// The answer in words, as the table wrote it ("Difficulty: 60"). Empty in logs written
        /// before it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        lines: Vec<String>,
    },
    /// A request withdrawn by its sender, or declined by one it waited for: nothing is rolled.
    Withdrawn {
        /// Who withdrew or declined it.
        by: Actor,
        /// The seq of the `requested` record.
        request: u64,
        /// Why, in the words of the one who declined it (1-300 characters), for its sender to
        /// read; none: no reason given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
        /// The withdrawal in words, as the table wrote it: what was withdrawn or declined, whose
        /// request it was, the reason. Empty in logs written before it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        lines: Vec<String>,
    },
    /// The GM set the table's own options (recorded like every option).
    TableOptions {
        /// Whether a player's command sets the GM's numbers itself (off: they wait for the GM).
        players_set_gm_numbers: bool,
    },
    /// A system command drew dice and was then refused by the rules (a Chi tie rerolled past its
    /// cap, say). Its dice are recorded and its roll index is used up, so the refusal, which may
    /// follow from the dice, tells nobody anything about a roll still to come (docs/fairness.md,
    /// "Refusals after the dice"). It changes no game state.
    RollFailed {
        /// Who sent it.
        by: Actor,
        /// The command as sent.
        command: Value,
        /// The rules' refusal, as its sender read it.
        error: String,
        /// The dice it drew before it was refused.
        roll: FairRoll,
    },
}

impl Body {
    /// The record's kind as stored (`created`, `command`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            Body::Created { .. } => "created",
            Body::Joined { .. } => "joined",
            Body::SeatHanded { .. } => "seat_handed",
            Body::Command { .. } => "command",
            Body::DiceRolled { .. } => "dice_rolled",
            Body::SecretRolled { .. } => "secret_rolled",
            Body::SecretRevealed { .. } => "secret_revealed",
            Body::Note { .. } => "note",
            Body::Said { .. } => "said",
            Body::Whispered { .. } => "whispered",
            Body::SeedContributed { .. } => "seed_contributed",
            Body::EpochEnded { .. } => "epoch_ended",
            Body::Undone { .. } => "undone",
            Body::RollFailed { .. } => "roll_failed",
            Body::Requested { .. } => "requested",
            Body::Answered { .. } => "answered",
            Body::Withdrawn { .. } => "withdrawn",
            Body::TableOptions { .. } => "table_options",
        }
    }

    /// Whether folding this record may change what a move's odds and advice are worked out from
    /// ([`crate::OddsQuestion`]: the game, the requests waiting, the owners and seats, the table's
    /// options): true for a command, an undo, a request, an answer, a withdrawal, a seat taken,
    /// the options set and the creation; false for talk, whispers, notes, free and secret rolls
    /// and their reveals, a failed roll, a seed added, an epoch ended and a seat handed back,
    /// which [`crate::Table::apply`] folds into none of those. A live page asks its odds again
    /// only after a record of the first kind (issue 34).
    pub fn may_change_odds(&self) -> bool {
        match self {
            Body::Created { .. }
            | Body::Joined { .. }
            | Body::Command { .. }
            | Body::Undone { .. }
            | Body::Requested { .. }
            | Body::Answered { .. }
            | Body::Withdrawn { .. }
            | Body::TableOptions { .. } => true,
            Body::SeatHanded { .. }
            | Body::DiceRolled { .. }
            | Body::SecretRolled { .. }
            | Body::SecretRevealed { .. }
            | Body::Note { .. }
            | Body::Said { .. }
            | Body::Whispered { .. }
            | Body::SeedContributed { .. }
            | Body::EpochEnded { .. }
            | Body::RollFailed { .. } => false,
        }
    }
}

/// Who a request waits for, and the fields (paths into its command) that one decides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    /// The GM, or a character's player.
    pub decider: skald_core::Decider,
    /// The fields it decides, as dotted paths into the command.
    pub fields: Vec<String>,
}

/// The hidden part of a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SecretBody {
    /// An epoch's server seed (audience: server).
    ServerSeed {
        /// The epoch it serves.
        epoch: u32,
        /// 64 hex digits.
        seed: String,
    },
    /// A GM secret roll's contents (audience: GM).
    Roll {
        /// The contents.
        contents: SecretRoll,
    },
    /// A GM note (audience: GM).
    Note {
        /// The text (1-4000 characters).
        text: String,
        /// 32 random bytes in hex, so the commitment cannot be found by trying likely texts;
        /// `None` in logs written before notes were committed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nonce: Option<String>,
    },
    /// A whisper (audience: [`Audience::Whisper`], the two and the GM).
    Whisper {
        /// Who whispered.
        by: Actor,
        /// Who it is for.
        to: Actor,
        /// The character spoken as, one of the sender's; none: out of character.
        #[serde(rename = "as", default, skip_serializing_if = "Option::is_none")]
        voice: Option<String>,
        /// The words (1-1000 characters, lines kept).
        text: String,
        /// 32 random bytes in hex, so the commitment cannot be found by trying likely words;
        /// `None` in logs written before whispers were committed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nonce: Option<String>,
    },
    /// A Chi allocation committed through the server (audience: its player; RULINGS C4).
    Allocation {
        /// The character.
        who: String,
        /// Dice put in.
        spend: u32,
        /// The salt of its commitment.
        salt: String,
    },
}

impl SecretBody {
    /// The commitment a note's or a whisper's record publishes in its body: lower-case hex
    /// SHA-256 of this secret's JSON as stored (`serde_json::to_string`: `kind` first, then the
    /// fields in declaration order, no spaces; `{"kind":"note","text":...,"nonce":...}`,
    /// `{"kind":"whisper","by":...,"to":...,"as":...,"text":...,"nonce":...}`, `as` only when
    /// said in character), docs/fairness.md. `None` for any other secret, and for a note or
    /// whisper without a nonce (written before they were committed).
    pub fn commitment(&self) -> Option<String> {
        use sha2::{Digest, Sha256};
        match self {
            SecretBody::Note { nonce: Some(_), .. }
            | SecretBody::Whisper { nonce: Some(_), .. } => {
                let json = serde_json::to_string(self).ok()?;
                Some(hex::encode(Sha256::digest(json.as_bytes())))
            }
            _ => None,
        }
    }
}

/// A record's hidden part and who may read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Secret {
    /// Who may read it.
    pub audience: Audience,
    /// What it holds.
    pub body: SecretBody,
}

/// One entry of a table's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// 1-based, contiguous: the n-th record has seq n.
    pub seq: u64,
    /// When it was committed, Unix milliseconds (the server's clock).
    pub at_ms: i64,
    /// [`Record::hash`] of the record before it, 64 hex digits ([`GENESIS`] for the first): the
    /// log is a hash chain, so a record deleted, inserted or moved breaks it.
    #[serde(default)]
    pub prev: String,
    /// The id the sender's client gave the action that made this record (1-64 of `A-Z a-z 0-9 -
    /// _`), if it gave one: a resent action with the same id is answered with these records
    /// instead of being done again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client: Option<String>,
    /// The public part.
    pub body: Body,
    /// The hidden part, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<Secret>,
}

/// The `prev` of a table's first record: 64 zeros.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The public part of a record as hashed for the chain, in this field order.
#[derive(Serialize)]
struct Chained<'a> {
    chain: &'static str,
    seq: u64,
    at_ms: i64,
    prev: &'a str,
    client: Option<&'a str>,
    body: &'a Body,
}

impl Record {
    /// Who said a talk record: the sender of `said`, or of a whisper whose secret this copy
    /// holds; `None` for any other record (`talk.rs`).
    pub fn talker(&self) -> Option<Actor> {
        match (&self.body, &self.secret) {
            (Body::Said { by, .. }, _) => Some(*by),
            (
                Body::Whispered { .. },
                Some(Secret {
                    body: SecretBody::Whisper { by, .. },
                    ..
                }),
            ) => Some(*by),
            _ => None,
        }
    }

    /// The record's link in the log's hash chain: lower-case hex SHA-256 of the canonical JSON
    /// (`serde_json::to_string`, no spaces) of `{"chain": "skald-log-v1", "seq", "at_ms", "prev",
    /// "client", "body"}`. The secret is left out, so every reader computes the same chain from
    /// a redacted copy; each secret is bound by a commitment in its body instead
    /// (docs/fairness.md, "The log's hash chain").
    pub fn hash(&self) -> String {
        use sha2::{Digest, Sha256};
        let chained = Chained {
            chain: "skald-log-v1",
            seq: self.seq,
            at_ms: self.at_ms,
            prev: &self.prev,
            client: self.client.as_deref(),
            body: &self.body,
        };
        let json = serde_json::to_string(&chained).unwrap_or_default();
        hex::encode(Sha256::digest(json.as_bytes()))
    }
}

/// The edition of the words Skald writes into a log: each system's log lines (`describe`), a
/// request's, an answer's and a withdrawal's words, and a refused roll's refusal. Raised whenever
/// any of them changes, so that `skald verify` holds a log made under an earlier edition to its
/// events, dice and odds, and lists the lines this edition would word otherwise
/// ([`crate::Report::reworded`]) instead of calling them rewritten. 1: issue 31's words; 2: a
/// list in a request's words has its entries joined by commas, not by the mark between blanks.
pub const WORDING: u32 = 2;

fn is_zero(n: &u32) -> bool {
    *n == 0
}
