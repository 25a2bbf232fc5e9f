//! [`Table`]: the fold of a table's records, and the decisions that make new ones.
//!
//! `decide` is pure: an actor, an action, 32 fresh random bytes and the time in; new records (or a
//! refusal) out. `apply` folds committed records in. The server commits between the two, so state
//! never runs ahead of the log.

mod decide;
mod fold;
mod rolls;
mod undo;

use crate::action::{Action, Request, TableAction};
use crate::budget::Spent;
use crate::error::{Error, ErrorKind};
use crate::game::{listed, shorten};
use crate::limits::{self, MAX_PLAYERS, MAX_RECORDS, check_text};
use crate::pending::Open;
use crate::record::{
    Actor, Audience, Body, FairRoll, GENESIS, Record, Secret, SecretBody, SecretRoll,
};
use serde_json::Value;
use skald_core::Authority;
use skald_core::{Game, Listed, Registry};
use skald_fair::{FairSource, Mix, ServerSeed};
use std::collections::{BTreeMap, BTreeSet};

/// A seated player.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Player {
    /// 1-based id, in the order they joined.
    pub id: u32,
    /// The name they gave.
    pub name: String,
}

/// One table: its records and everything folded from them.
pub struct Table {
    title: String,
    /// The system played, as the registry the table was given lists it.
    listed: &'static Listed,
    game: Box<dyn Game>,
    records: Vec<Record>,
    players: Vec<Player>,
    owners: BTreeMap<String, Actor>,
    undone: BTreeSet<u64>,
    revealed: BTreeSet<u64>,
    epoch: u32,
    commitment: String,
    seed: Option<ServerSeed>,
    mix: Mix,
    next_index: u64,
    /// [`Record::hash`] of the last record: the next record's `prev`.
    head: String,
    /// The records each sender's client id made, so a resent action is answered, not redone.
    clients: BTreeMap<(Actor, String), Vec<u64>>,
    /// Requests still open, by the seq of their `requested` record (`requests.rs`).
    requests: BTreeMap<u64, Open>,
    /// The table option: a player's command sets the GM's numbers itself.
    players_set_gm_numbers: bool,
    /// The talk prompts each seat has answered and is still offered, by label (`talk.rs`).
    pub(crate) answered: BTreeMap<Actor, BTreeSet<String>>,
    /// What the records cost, in bytes and per seat (`budget.rs`).
    spent: Spent,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("system", &self.game.system())
            .field("title", &self.title)
            .field("records", &self.records.len())
            .finish_non_exhaustive()
    }
}

impl Table {
    /// The first record of a new table of `system`, one of `systems`: `created`, holding epoch
    /// 0's seed as the server's secret.
    ///
    /// # Errors
    /// [`ErrorKind::UnknownSystem`] (not one of `systems`), [`ErrorKind::Game`] (options not the
    /// system's), [`ErrorKind::Length`] (title 1-120).
    pub fn create(
        systems: Registry,
        system: &str,
        title: &str,
        options: &Value,
        seed: &ServerSeed,
        at_ms: i64,
    ) -> Result<Record, Error> {
        check_text("title", title, limits::TITLE)?;
        let (players_set_gm_numbers, options) = table_options(options)?;
        let listed = listed(systems, system)?;
        let game = (listed.new_game)(&options)
            .map_err(|e| Self::word_options(listed, &options, e.into()))?;
        Ok(Record {
            seq: 1,
            at_ms,
            prev: GENESIS.to_owned(),
            client: None,
            body: Body::Created {
                fairness: skald_fair::VERSION.to_owned(),
                system: game.system().to_owned(),
                title: title.to_owned(),
                options: game.options(),
                commitment: seed.commitment(),
                players_set_gm_numbers,
                wording: crate::record::WORDING,
            },
            secret: Some(Secret {
                audience: Audience::Server,
                body: SecretBody::ServerSeed {
                    epoch: 0,
                    seed: seed.to_hex(),
                },
            }),
        })
    }

    /// Folds a log of a table of one of `systems`. The log may be redacted (an export): decisions
    /// then need the epoch's seed, which only the server holds, but reading state does not.
    ///
    /// # Errors
    /// [`ErrorKind::Corrupt`] when the log does not start with `created`, its seqs are not 1, 2,
    /// 3..., or a record does not fold; [`ErrorKind::UnknownSystem`] when its system is not one of
    /// `systems`.
    pub fn from_records(systems: Registry, records: Vec<Record>) -> Result<Self, Error> {
        let mut records = records.into_iter();
        let first = records
            .next()
            .ok_or_else(|| ErrorKind::Corrupt("the log is empty".into()))?;
        let Body::Created {
            system,
            title,
            options,
            commitment,
            players_set_gm_numbers,
            ..
        } = &first.body
        else {
            return Err(ErrorKind::Corrupt(
                "the log does not start with the table's creation".into(),
            )
            .into());
        };
        if first.seq != 1 {
            return Err(
                ErrorKind::Corrupt(format!("the first record has seq {}", first.seq)).into(),
            );
        }
        if first.prev != GENESIS {
            return Err(ErrorKind::Corrupt(
                "the first record does not start the hash chain (its prev is not 64 zeros)".into(),
            )
            .into());
        }
        let listed = listed(systems, system)?;
        let mut table = Table {
            title: title.clone(),
            listed,
            game: (listed.new_game)(options)?,
            records: Vec::new(),
            players: Vec::new(),
            owners: BTreeMap::new(),
            undone: BTreeSet::new(),
            revealed: BTreeSet::new(),
            epoch: 0,
            commitment: commitment.clone(),
            seed: fold::server_seed(&first)?,
            mix: Mix::initial(),
            next_index: 0,
            head: first.hash(),
            clients: BTreeMap::new(),
            requests: BTreeMap::new(),
            answered: BTreeMap::new(),
            players_set_gm_numbers: *players_set_gm_numbers,
            spent: Spent::default(),
        };
        table.spent.add(Actor::Gm, &first);
        table.records.push(first);
        for record in records {
            table.apply(record)?;
        }
        Ok(table)
    }

    /// The system played.
    pub fn system(&self) -> &'static str {
        self.game.system()
    }

    /// The system played, as the registry the table was given lists it (its title, its lobby's
    /// option fields, its board).
    pub fn listed(&self) -> &'static Listed {
        self.listed
    }

    /// The table's title.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// Every record, oldest first (unredacted: redact before showing, [`crate::redact`]).
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// The seq of the last record (the log's length).
    pub fn last_seq(&self) -> u64 {
        self.records.len() as u64
    }

    /// [`Record::hash`] of the last record: the head of the log's hash chain, which an export
    /// carries so that a record cut from its end is noticed too.
    pub fn head(&self) -> &str {
        &self.head
    }

    /// The seqs of the records that `by`'s action with client id `client` made, if such an action
    /// was committed: a resent action is answered with them instead of being done twice.
    pub fn earlier(&self, by: Actor, client: &str) -> Option<&[u64]> {
        self.clients
            .get(&(by, client.to_owned()))
            .map(Vec::as_slice)
    }

    /// The seated players.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Player `n` of this table, for a request's `field` that names a player.
    ///
    /// # Errors
    /// [`ErrorKind::BadAction`] naming `n` when nobody sits in seat `n`, with the seats there
    /// are ("the players are 1 to 3", or "nobody has joined yet").
    pub fn player(&self, _field: &str, n: u32) -> Result<&Player, Error> {
        self.players.iter().find(|p| p.id == n).ok_or_else(|| {
            let message = match self.players.len() {
                0 => format!("there is no player {n}: nobody has joined yet"),
                seated => format!(
                    "there is no player {n}: the players are {}",
                    skald_core::bounds(1, seated)
                ),
            };
            ErrorKind::BadAction { message }.into()
        })
    }

    /// Who owns each character (the GM for the GM's characters).
    pub fn owners(&self) -> &BTreeMap<String, Actor> {
        &self.owners
    }

    /// The current epoch (0-based) and the commitment to its seed.
    pub fn epoch(&self) -> (u32, &str) {
        (self.epoch, &self.commitment)
    }

    /// The system's options, defaults filled in (the system's JSON).
    pub fn options(&self) -> Value {
        self.game.options()
    }

    /// The system's view of the state (sheets, conflict, round...). Holds no secret.
    pub fn view(&self) -> Value {
        self.game.view()
    }

    /// The moves legal now for `reader`: the system's moves for the characters `reader` owns (all
    /// of them for the GM).
    pub fn moves(&self, reader: Actor) -> Vec<skald_core::Move> {
        let mut moves = self.request_moves(reader);
        let mut offered = self.system_moves(reader);
        offered.retain(|offered| !self.answered_prompt(reader, offered));
        let calls = if reader == Actor::Gm {
            self.call_moves(&offered)
        } else {
            Vec::new()
        };
        moves.extend(offered);
        moves.extend(calls);
        moves
    }

    /// The system's moves for `reader`'s seat, as its rules offer them.
    pub(crate) fn system_moves(&self, reader: Actor) -> Vec<skald_core::Move> {
        let seat = skald_core::Seat {
            gm: reader == Actor::Gm,
            characters: self
                .owners
                .iter()
                .filter(|(_, owner)| **owner == reader)
                .map(|(name, _)| name.clone())
                .collect(),
        };
        self.game.moves(&seat)
    }

    /// The exact chances of `command` (a system command) before it is rolled, if the system gives
    /// them.
    ///
    /// # Errors
    /// [`ErrorKind::Game`] ([`skald_core::GameError::BadCommand`]).
    pub fn odds(&self, command: &Value) -> Result<Option<skald_core::Odds>, Error> {
        if let Some(merged) = self.answer_command(command) {
            return Ok(self.game.odds(&merged)?);
        }
        Ok(self.game.odds(command)?)
    }

    /// The `joined` record seating a new player called `name`.
    ///
    /// # Errors
    /// [`ErrorKind::Length`] (name 1-60), [`ErrorKind::NameUnseen`] for a name of only combining
    /// marks or invisible characters, [`ErrorKind::NameTechnical`] for a small-capital or
    /// phonetic letter, [`ErrorKind::NameTaken`] for a name that looks like a seated
    /// player's ([`limits::same_name`]), [`ErrorKind::NameLooksLike`] for one that looks like the
    /// GM's label or a character's, [`ErrorKind::Full`] past [`MAX_PLAYERS`] or [`MAX_RECORDS`].
    pub fn join(&self, name: &str, at_ms: i64) -> Result<Record, Error> {
        let given = name;
        let name = &limits::normalize_name("name", name)?;
        if !given.trim().is_empty() && !limits::is_visible(name) {
            return Err(ErrorKind::NameUnseen {
                field: "name",
                what: "the name",
                name: shorten(name),
            }
            .into());
        }
        check_text("name", name, limits::NAME)?;
        if let Some(letter) = limits::technical_letter(name) {
            return Err(ErrorKind::NameTechnical {
                field: "name",
                what: "the name",
                name: shorten(name),
                letter,
            }
            .into());
        }
        if let Some(seated) = self
            .players
            .iter()
            .find(|p| limits::same_name(&p.name, name))
        {
            return Err(ErrorKind::NameTaken {
                name: shorten(name),
                seated: shorten(&seated.name),
                seat: seated.id,
            }
            .into());
        }
        if let Some(like) = self.looks_like(name, None) {
            return Err(ErrorKind::NameLooksLike {
                field: "name",
                what: "the name",
                name: shorten(name),
                like,
            }
            .into());
        }
        if self.players.len() >= MAX_PLAYERS {
            return Err(ErrorKind::Full {
                what: "players",
                max: MAX_PLAYERS,
            }
            .into());
        }
        self.check_room(1)?;
        let player = u32::try_from(self.players.len() + 1).unwrap_or(u32::MAX);
        self.spent.check(Actor::Player(player), at_ms)?;
        let mut records = vec![self.record(
            at_ms,
            Body::Joined {
                player,
                name: name.to_owned(),
            },
            None,
        )];
        self.seal(&mut records, None);
        Ok(records.remove(0))
    }

    /// The `seat_handed` record saying that the GM made a new link to player `player`'s seat.
    ///
    /// # Errors
    /// [`ErrorKind::BadAction`] naming `player` when nobody sits there; [`ErrorKind::Full`] past
    /// [`MAX_RECORDS`].
    pub fn hand_seat(&self, player: u32, at_ms: i64) -> Result<Record, Error> {
        self.player("player", player)?;
        self.check_room(1)?;
        self.spent.check(Actor::Gm, at_ms)?;
        let mut records = vec![self.record(at_ms, Body::SeatHanded { player }, None)];
        self.seal(&mut records, None);
        Ok(records.remove(0))
    }

    /// Whether `by` may send `command` (the system's authority), for verification.
    pub(crate) fn authority_of(&self, by: Actor, command: &Value) -> Result<(), Error> {
        self.check_authority(by, &self.game.authority(command)?)
    }

    /// Whether the secret roll at `of` was revealed already, for verification.
    pub(crate) fn was_revealed(&self, of: u64) -> bool {
        self.revealed.contains(&of)
    }

    /// The game, for verification's replays.
    pub(crate) fn game(&self) -> &dyn Game {
        self.game.as_ref()
    }

    /// The bytes records take, each counted as [`crate::budget::stored_bytes`]: (every record of
    /// the table, the records `seat` made).
    pub fn bytes(&self, seat: Actor) -> (u64, u64) {
        (self.spent.table_bytes(), self.spent.seat_bytes(seat))
    }

    /// The current epoch, for verification.
    pub(crate) fn live_epoch(&self) -> u32 {
        self.epoch
    }

    /// The current mix, for verification.
    pub(crate) fn live_mix(&self) -> &Mix {
        &self.mix
    }

    /// The index the next roll takes, for verification.
    pub(crate) fn next_roll(&self) -> u64 {
        self.next_index
    }

    fn check_room(&self, records: usize) -> Result<(), Error> {
        if self.records.len() + records > MAX_RECORDS {
            Err(ErrorKind::Full {
                what: "records",
                max: MAX_RECORDS,
            }
            .into())
        } else {
            Ok(())
        }
    }

    /// A record to be [sealed](Table::seal): its seq and place in the chain come last.
    /// A record of `body` with no secret, to be numbered and linked by `seal`.
    pub(crate) fn record_now(&self, at_ms: i64, body: Body) -> Record {
        self.record(at_ms, body, None)
    }

    /// The requests still open, by the seq of their `requested` record.
    pub(crate) fn requests(&self) -> &BTreeMap<u64, Open> {
        &self.requests
    }

    /// The table option: whether a player's command sets the GM's numbers itself (off by
    /// default: they wait for the GM, `requests.rs`).
    pub fn players_set_gm_numbers(&self) -> bool {
        self.players_set_gm_numbers
    }

    /// A record of `body` holding `secret`, to be numbered and linked by `seal`.
    pub(crate) fn record_secret(&self, at_ms: i64, body: Body, secret: Secret) -> Record {
        self.record(at_ms, body, Some(secret))
    }

    fn record(&self, at_ms: i64, body: Body, secret: Option<Secret>) -> Record {
        Record {
            seq: 0,
            at_ms,
            prev: String::new(),
            client: None,
            body,
            secret,
        }
    }

    /// Numbers `records` after the log, links each into the hash chain and marks them with the
    /// sender's client id.
    fn seal(&self, records: &mut [Record], client: Option<&str>) {
        let mut seq = self.last_seq();
        let mut prev = self.head.clone();
        for record in records {
            seq += 1;
            record.seq = seq;
            record.prev = prev;
            record.client = client.map(str::to_owned);
            prev = record.hash();
        }
    }
}

/// The options a table is created with: the table's own, read as any JSON so that one of the
/// wrong kind is refused in words ([`table_options`]), and the system's, the rest.
#[derive(serde::Deserialize)]
struct Created {
    #[serde(default)]
    players_set_gm_numbers: Option<Value>,
    #[serde(flatten)]
    system: serde_json::Map<String, Value>,
}

/// The table's own option, taken out of the options a table is created with (the rest are the
/// system's): `players_set_gm_numbers`, a boolean, default false.
fn table_options(options: &Value) -> Result<(bool, Value), Error> {
    // Named options or none: a list would be read by position into a system's options (serde
    // reads a struct from a sequence too), which no form sends and the API does not document.
    if !(options.is_object() || options.is_null()) {
        return Err(ErrorKind::BadAction {
            message: format!(
                "the table's options are {}, but they must be named options, as the lobby's form \
                 sends them (or left out for the rulings' defaults)",
                match options {
                    Value::Array(_) => "a list".to_owned(),
                    other => other.to_string(),
                }
            ),
        }
        .into());
    }
    let Ok(Created {
        players_set_gm_numbers,
        system,
    }) = <Created as serde::Deserialize>::deserialize(options)
    else {
        // Null (no options): a named option or none always reads as `Created`.
        return Ok((false, options.clone()));
    };
    let Some(value) = players_set_gm_numbers else {
        return Ok((false, Value::Object(system)));
    };
    let options = Value::Object(system);
    match value {
        Value::Bool(on) => Ok((on, options)),
        other => Err(ErrorKind::BadAction {
            message: format!(
                "the option \"Players set the GM's numbers\" is {}, but it must be yes or no (no unless chosen)",
                match other {
                    Value::Object(_) | Value::Array(_) => "a group of values".to_owned(),
                    other => other.to_string(),
                }
            ),
        }
        .into()),
    }
}

/// Who made a record: the sender named in its body (or a whisper's secret), the joining player,
/// or else the GM (every other record is one only the GM may make). A whisper redacted for its
/// reader names nobody, and is said to be the GM's: show none.
pub fn actor_of(record: &Record) -> Actor {
    if let Some(by) = record.talker() {
        return by;
    }
    match &record.body {
        Body::Command { by, .. }
        | Body::DiceRolled { by, .. }
        | Body::SeedContributed { by, .. }
        | Body::RollFailed { by, .. }
        | Body::Requested { by, .. }
        | Body::Answered { by, .. }
        | Body::Withdrawn { by, .. } => *by,
        Body::Joined { player, .. } => Actor::Player(*player),
        _ => Actor::Gm,
    }
}

/// A hidden secret roll as the GM's list names it: `record 5 ("ambush", 1d20)`.
fn describe_hidden(seq: u64, roll: &SecretRoll) -> String {
    match &roll.label {
        Some(label) => format!("record {seq} (\"{}\", {})", shorten(label), roll.notation),
        None => format!("record {seq} ({})", roll.notation),
    }
}

fn forbidden(reason: String) -> Error {
    ErrorKind::Forbidden { reason }.into()
}

fn undo_refused(reason: String) -> Error {
    ErrorKind::Undo { reason }.into()
}

fn check_label(label: Option<&str>) -> Result<(), Error> {
    label.map_or(Ok(()), |l| check_text("label", l, limits::LABEL))
}

/// A roll as one line: `4d6kh3 [6, 5, 3, (1)] = 14`, dropped dice in parentheses; an expression of
/// more than one term names each term: `2d6 + 1d4 + 1: 2d6 [3, 5] 1d4 [2] = 11`.
pub(crate) fn roll_text(roll: &skald_dice::Roll) -> String {
    let terms: Vec<String> = roll
        .terms
        .iter()
        .map(|term| {
            let dice: Vec<String> = term
                .dice
                .iter()
                .map(|d| {
                    if d.kept {
                        d.value.to_string()
                    } else {
                        format!("({})", d.value)
                    }
                })
                .collect();
            format!("{} [{}]", term.notation, dice.join(", "))
        })
        .collect();
    match roll.terms.as_slice() {
        [term] if term.notation == roll.expression => {
            format!("{} = {}", terms.join(" "), roll.total)
        }
        _ => format!("{}: {} = {}", roll.expression, terms.join(" "), roll.total),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;
    use skald_core::{Decided, GameError};
    use skald_core::{DiceSource, Die, Move, Odds, Seat};

    /// A system whose one command draws two d6 and is then refused with their values, as a
    /// rule that fails on its dice would be (a Chi tie rerolled past its cap).
    struct RefusesOnItsDice(Box<dyn Game>);

    impl Game for RefusesOnItsDice {
        fn system(&self) -> &'static str {
            self.0.system()
        }
        fn options(&self) -> Value {
            self.0.options()
        }
        fn authority(&self, _: &Value) -> Result<Authority, GameError> {
            Ok(Authority::Anyone)
        }
        fn binds(&self, _: &Value) -> bool {
            false
        }
        fn decide(&self, _: &Value, dice: &mut dyn DiceSource) -> Result<Decided, GameError> {
            let a = dice.roll(Die::Numbered(6)).unwrap();
            let b = dice.roll(Die::Numbered(6)).unwrap();
            Err(GameError::Refused {
                message: format!("the dice showed {a} and {b}"),
                refusal: skald_core::Refusal::of(skald_core::RefusalKind::NotAllowed),
            })
        }
        fn apply(&mut self, events: &[Value]) -> Result<(), GameError> {
            self.0.apply(events)
        }
        fn reset(&mut self) {
            self.0.reset();
        }
        fn moves(&self, seat: &Seat) -> Vec<Move> {
            self.0.moves(seat)
        }
        fn odds(&self, _: &Value) -> Result<Option<Odds>, GameError> {
            Ok(None)
        }
        fn advice(&self, _: &Value) -> Result<Option<Odds>, GameError> {
            Ok(None)
        }
        fn allocation_advice(&self, _: &str, _: u32) -> Option<Odds> {
            None
        }
        fn view(&self) -> Value {
            self.0.view()
        }
        fn seal(&self, who: &str, spend: u32, salt: &str) -> Result<Value, GameError> {
            self.0.seal(who, spend, salt)
        }
        fn bare_reveal(&self, command: &Value) -> Option<String> {
            self.0.bare_reveal(command)
        }
        fn reveal(&self, who: &str, spend: u32, salt: &str) -> Option<Value> {
            self.0.reveal(who, spend, salt)
        }
        fn boxed_clone(&self) -> Box<dyn Game> {
            Box::new(RefusesOnItsDice(self.0.boxed_clone()))
        }
        fn parts(&self, _: &Value) -> Result<Vec<skald_core::Part>, GameError> {
            Ok(Vec::new())
        }
        fn normalize(&self, command: &Value) -> Result<Value, GameError> {
            self.0.normalize(command)
        }
    }

    #[test]
    fn a_command_refused_after_its_dice_is_recorded_with_them_and_uses_up_its_index() {
        let seed = ServerSeed::from_bytes([3; 32]);
        let created = Table::create(
            skald_systems::REGISTRY,
            "chi",
            "t",
            &serde_json::json!({"players_set_gm_numbers": true}),
            &seed,
            0,
        )
        .unwrap();
        let mut table = Table::from_records(skald_systems::REGISTRY, vec![created]).unwrap();
        table.game = Box::new(RefusesOnItsDice(table.game.boxed_clone()));
        let command = Action::Command(json!({"do": "anything"}));
        let records = table.decide(Actor::Gm, &command, [0; 32], 5).unwrap();
        let Body::RollFailed { error, roll, .. } = &records[0].body else {
            panic!("{:?}", records[0].body)
        };
        let shown: Vec<i64> = roll.draws.iter().map(|d| d.value).collect();
        assert_eq!(
            *error,
            format!("the dice showed {} and {}", shown[0], shown[1])
        );
        assert_eq!(roll.index, 0);
        table.apply(records[0].clone()).unwrap();
        let next = table
            .decide(
                Actor::Gm,
                &Action::Table(TableAction::Roll {
                    notation: "1d6".into(),
                    label: None,
                }),
                [0; 32],
                6,
            )
            .unwrap();
        let Body::DiceRolled { roll, .. } = &next[0].body else {
            panic!("{:?}", next[0].body)
        };
        assert_eq!(roll.index, 1, "the refused command used up index 0");
        // Undo stops at it like at any roll.
        assert!(matches!(
            table.undoable().unwrap_err().kind(),
            ErrorKind::Undo { .. }
        ));
    }
}
