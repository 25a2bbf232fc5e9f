//! [`Table`]: the fold of a table's records, and the decisions that make new ones.
//!
//! `decide` is pure: an actor, an action, 32 fresh random bytes and the time in; new records (or a
//! refusal) out. `apply` folds committed records in. The server commits between the two, so state
//! never runs ahead of the log.

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
            seed: server_seed(&first)?,
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

    /// Decides `action` sent by `by`, with `fresh` (32 random bytes from the server) for any seed,
    /// nonce or salt it needs. Returns the records to commit, seqs following the log; changes
    /// nothing.
    ///
    /// # Errors
    /// [`ErrorKind::Forbidden`] when `by` may not do it; [`ErrorKind::SeatBytes`],
    /// [`ErrorKind::TableBytes`] or [`ErrorKind::SeatRecordsPerHour`] past a budget
    /// (`budget.rs`); the action's own errors otherwise.
    pub fn decide(
        &self,
        by: Actor,
        action: &Action,
        fresh: [u8; 32],
        at_ms: i64,
    ) -> Result<Vec<Record>, Error> {
        let mut records = self
            .decide_unsealed(by, action, fresh, at_ms)
            .map_err(|e| self.word(by, action, e))?;
        self.seal(&mut records, None);
        Ok(records)
    }

    /// [`Table::decide`] for a [`Request`]: its client id, if any, goes into the records, and a
    /// request whose client id `by` already used is not decided again: answer it with
    /// [`Table::earlier`] first.
    ///
    /// # Errors
    /// As [`Table::decide`]; [`ErrorKind::BadAction`] when the client id was already used (the
    /// caller should have answered it with [`Table::earlier`]).
    pub fn decide_request(
        &self,
        by: Actor,
        request: &Request,
        fresh: [u8; 32],
        at_ms: i64,
    ) -> Result<Vec<Record>, Error> {
        if let Some(client) = &request.client
            && self.earlier(by, client).is_some()
        {
            return Err(ErrorKind::BadAction {
                message: format!("the client id \"{client}\" was already used for another action"),
            }
            .into());
        }
        let mut records = self
            .decide_unsealed(by, &request.action, fresh, at_ms)
            .map_err(|e| self.word(by, &request.action, e))?;
        self.seal(&mut records, request.client.as_deref());
        Ok(records)
    }

    fn decide_unsealed(
        &self,
        by: Actor,
        action: &Action,
        fresh: [u8; 32],
        at_ms: i64,
    ) -> Result<Vec<Record>, Error> {
        self.check_room(2)?;
        self.check_seated(by)?;
        if !self.binding(action) {
            self.spent.check(by, at_ms)?;
        }
        match action {
            Action::Command(command) => self.decide_or_request(by, command, at_ms),
            Action::Table(action) => self.decide_table(by, action, fresh, at_ms),
        }
    }

    /// Whether `action` commits to or reveals a secret (an `allocate`, or a command the system
    /// says binds, `System::binds`): such an action is never held back by a budget (`budget.rs`),
    /// since a secret roll waits on every commitment and reveal and cannot be called off once
    /// anyone revealed. A player past its budget could otherwise stop the table for good (issue
    /// 30). Each is one small record, and the rules take at most one of each per character and
    /// secret roll.
    fn binding(&self, action: &Action) -> bool {
        match action {
            Action::Table(TableAction::Allocate { .. }) => true,
            Action::Table(_) => false,
            // A bare reveal (the table fills in what it sealed) binds once filled in.
            Action::Command(command) => {
                self.game.binds(command) || self.game.bare_reveal(command).is_some()
            }
        }
    }

    /// A system command from `by`: decided now, or, when parts of it wait for others (the GM's
    /// numbers, another player's dice), recorded as a request (`requests.rs`).
    fn decide_or_request(
        &self,
        by: Actor,
        command: &Value,
        at_ms: i64,
    ) -> Result<Vec<Record>, Error> {
        self.check_unsealed(command)?;
        let command = self.fill_reveal(by, command)?;
        let waiting = self.waiting_for(by, &command, false)?;
        if waiting.is_empty() {
            self.decide_command(by, &command, at_ms).map(|r| vec![r])
        } else {
            self.request(by, &command, waiting, at_ms)
        }
    }

    pub(crate) fn decide_command(
        &self,
        by: Actor,
        command: &Value,
        at_ms: i64,
    ) -> Result<Record, Error> {
        let command = self.fill_reveal(by, command)?;
        let authority = self.game.authority(&command)?;
        self.check_authority(by, &authority)?;
        self.check_new_character(by, &authority)?;
        let seed = self.live_seed()?;
        let mut dice = FairSource::new(seed, &self.mix, self.next_index);
        let decided = match self.game.decide(&command, &mut dice) {
            Ok(decided) => decided,
            Err(error) => return self.refused_after_dice(by, command, error.into(), dice, at_ms),
        };
        let roll = self.fair_roll(dice);
        // The chances the page showed before the roll go into the log beside its dice.
        let odds = match roll {
            Some(_) => self.game.odds(&command).ok().flatten(),
            None => None,
        };
        Ok(self.record(
            at_ms,
            Body::Command {
                by,
                command,
                events: decided.events,
                lines: decided.lines,
                roll,
                odds,
            },
            None,
        ))
    }

    /// A command the rules refused: a plain refusal if it drew no die; if it did, the refusal may
    /// follow from its dice, so they are recorded (`roll_failed`) and its roll index is used up
    /// instead: nothing derived from dice leaves the table unrecorded (docs/fairness.md).
    fn refused_after_dice(
        &self,
        by: Actor,
        command: Value,
        error: Error,
        dice: FairSource,
        at_ms: i64,
    ) -> Result<Record, Error> {
        let Some(roll) = self.fair_roll(dice) else {
            return Err(error);
        };
        // The log keeps the refusal as its sender read it.
        let error = self.word(by, &Action::Command(command.clone()), error);
        Ok(self.record(
            at_ms,
            Body::RollFailed {
                by,
                command,
                error: error.to_string(),
                roll,
            },
            None,
        ))
    }

    fn decide_table(
        &self,
        by: Actor,
        action: &TableAction,
        fresh: [u8; 32],
        at_ms: i64,
    ) -> Result<Vec<Record>, Error> {
        let gm_only = |what: &str| -> Result<(), Error> {
            if by == Actor::Gm {
                Ok(())
            } else {
                Err(forbidden(format!("only the GM may {what}")))
            }
        };
        let record = match action {
            TableAction::Roll { notation, label } => {
                check_label(label.as_deref())?;
                let (text, total, notation, roll) = self.roll_notation(notation)?;
                self.record(
                    at_ms,
                    Body::DiceRolled {
                        by,
                        label: label.clone(),
                        notation,
                        total,
                        text,
                        roll,
                    },
                    None,
                )
            }
            TableAction::SecretRollDice { notation, label } => {
                gm_only("roll in secret")?;
                check_label(label.as_deref())?;
                let (text, total, notation, roll) = self.roll_notation(notation)?;
                let contents = SecretRoll {
                    label: label.clone(),
                    notation,
                    total,
                    text,
                    nonce: hex::encode(fresh),
                    roll,
                };
                self.record(
                    at_ms,
                    Body::SecretRolled {
                        index: contents.roll.index,
                        epoch: contents.roll.epoch,
                        commitment: contents.commitment(),
                    },
                    Some(Secret {
                        audience: Audience::Gm,
                        body: SecretBody::Roll { contents },
                    }),
                )
            }
            TableAction::RevealRoll { of } => {
                gm_only("reveal a secret roll")?;
                let contents = self
                    .hidden_roll(*of)
                    .ok_or(ErrorKind::NotASecretRoll { of: *of })?;
                self.record(
                    at_ms,
                    Body::SecretRevealed {
                        of: *of,
                        contents: contents.clone(),
                    },
                    None,
                )
            }
            TableAction::Note { text } => {
                gm_only("write a GM note")?;
                limits::check_lines("text", text, limits::NOTE)?;
                let secret = SecretBody::Note {
                    text: text.clone(),
                    nonce: Some(hex::encode(fresh)),
                };
                self.record(
                    at_ms,
                    Body::Note {
                        commitment: secret.commitment(),
                    },
                    Some(Secret {
                        audience: Audience::Gm,
                        body: secret,
                    }),
                )
            }
            TableAction::ContributeSeed { seed } => {
                skald_fair::check_contribution(seed).map_err(|e| ErrorKind::Seed {
                    message: e.to_string(),
                })?;
                self.record(
                    at_ms,
                    Body::SeedContributed {
                        by,
                        seed: seed.clone(),
                        mix: self.mix.with(seed).to_hex(),
                    },
                    None,
                )
            }
            TableAction::EndEpoch { reveal_hidden } => {
                gm_only("end an epoch")?;
                let seed = self.live_seed()?;
                let hidden = self.hidden_rolls();
                if !hidden.is_empty() && !reveal_hidden {
                    return Err(ErrorKind::HiddenRolls {
                        rolls: hidden
                            .iter()
                            .map(|(seq, roll)| describe_hidden(*seq, roll))
                            .collect(),
                    }
                    .into());
                }
                self.check_room(hidden.len() + 1)?;
                let next = ServerSeed::from_bytes(fresh);
                // A secret roll whose epoch's seed goes public is protected only by the secrecy of
                // its dice: the GM chose to show them first, in this same step.
                let mut records: Vec<Record> = hidden
                    .into_iter()
                    .map(|(of, contents)| {
                        self.record(
                            at_ms,
                            Body::SecretRevealed {
                                of,
                                contents: contents.clone(),
                            },
                            None,
                        )
                    })
                    .collect();
                records.push(self.record(
                    at_ms,
                    Body::EpochEnded {
                        epoch: self.epoch,
                        seed: seed.to_hex(),
                        next_commitment: next.commitment(),
                    },
                    Some(Secret {
                        audience: Audience::Server,
                        body: SecretBody::ServerSeed {
                            epoch: self.epoch + 1,
                            seed: next.to_hex(),
                        },
                    }),
                ));
                return Ok(records);
            }
            TableAction::Undo {} => {
                gm_only("undo")?;
                let of = self.undoable()?;
                self.record(at_ms, Body::Undone { of }, None)
            }
            TableAction::Allocate { who, spend } => {
                return self.allocate(by, who, *spend, fresh, at_ms);
            }
            TableAction::Call { command } => {
                gm_only("call for a roll")?;
                self.check_unsealed(command)?;
                let waiting = self.waiting_for(by, command, true)?;
                if waiting.is_empty() {
                    return self.decide_command(by, command, at_ms).map(|r| vec![r]);
                }
                return self.request(by, command, waiting, at_ms);
            }
            TableAction::Answer { request, values } => {
                return self.answer(by, *request, values, at_ms);
            }
            TableAction::Withdraw { request, reason } => {
                return self.withdraw(by, *request, reason.as_deref(), at_ms);
            }
            TableAction::Say { text, to, voice } => {
                self.say(by, text, *to, voice.as_deref(), fresh, at_ms)?
            }
            TableAction::TableOptions {
                players_set_gm_numbers,
            } => {
                gm_only("set the table's options")?;
                self.record(
                    at_ms,
                    Body::TableOptions {
                        players_set_gm_numbers: *players_set_gm_numbers,
                    },
                    None,
                )
            }
        };
        Ok(vec![record])
    }

    /// A sealed allocation (RULINGS C4 for Chi, the system's [`Game::seal`]): the allocation
    /// stays the sender's secret, and the system's commit command goes out with its commitment
    /// only. The rules say whether `who` may put `spend` in now; once committed, it cannot change.
    fn allocate(
        &self,
        by: Actor,
        who: &str,
        spend: u32,
        fresh: [u8; 32],
        at_ms: i64,
    ) -> Result<Vec<Record>, Error> {
        self.check_authority(by, &Authority::Character(who.to_owned()))?;
        let salt = hex::encode(&fresh[..16]);
        let command = self.game.seal(who, spend, &salt)?;
        let mut record = self.decide_command(by, &command, at_ms)?;
        record.secret = Some(Secret {
            audience: match by {
                Actor::Gm => Audience::Gm,
                Actor::Player(id) => Audience::Player(id),
            },
            body: SecretBody::Allocation {
                who: who.to_owned(),
                spend,
                salt,
            },
        });
        Ok(vec![record])
    }

    /// A reveal sent without what was sealed ([`Game::bare_reveal`]) gets it from the sender's own
    /// `allocate`; anything else passes unchanged.
    /// A player's actions need the player's seat (a token outlives nothing, but a log may).
    pub(crate) fn check_seated(&self, by: Actor) -> Result<(), Error> {
        match by {
            Actor::Player(id) if !self.players.iter().any(|p| p.id == id) => Err(forbidden(
                format!("player {id} is not seated at this table"),
            )),
            _ => Ok(()),
        }
    }

    /// Refuses a commitment or a reveal sent as the system's own command (`secret_commit`, a
    /// `secret_reveal` with its `spend` and `salt`): this table seals allocations itself
    /// (`allocate`, bounded by the rules before it is sealed) and reveals them from what it sealed,
    /// so every commitment it holds can be revealed and a secret roll never waits on one that
    /// cannot (docs/decisions.md, "A secret roll is never called off after a reveal").
    pub(crate) fn check_unsealed(&self, command: &Value) -> Result<(), Error> {
        if self.game.binds(command) && self.game.bare_reveal(command).is_none() {
            return Err(ErrorKind::BadAction {
                message: "at this table the table seals each secret allocation (its dice checked \
                          first) and reveals it from what it sealed: choose your dice with the \
                          secret roll's own move"
                    .into(),
            }
            .into());
        }
        Ok(())
    }

    pub(crate) fn fill_reveal(&self, by: Actor, command: &Value) -> Result<Value, Error> {
        let Some(who) = self.game.bare_reveal(command) else {
            return Ok(command.clone());
        };
        self.check_authority(by, &Authority::Character(who.clone()))?;
        // The table fills the reveal in for the seat, whichever of its links sends it: acting
        // for a seat is not reading its past (the reveal makes the allocation public anyway).
        let seat = crate::view::Reader::whole(by);
        let allocation = self.records.iter().rev().find_map(|r| match &r.secret {
            Some(Secret {
                audience,
                body:
                    SecretBody::Allocation {
                        who: w,
                        spend,
                        salt,
                    },
            }) if *w == who && crate::view::can_read(seat, r.seq, *audience) => {
                Some((*spend, salt.clone()))
            }
            _ => None,
        });
        let (spend, salt) = allocation.ok_or_else(|| ErrorKind::BadAction {
            message: format!(
                "you made no secret allocation for \"{}\" through the table: to reveal one made elsewhere, give its dice and its salt",
                shorten(&who)
            ),
        })?;
        self.game.reveal(&who, spend, &salt).ok_or_else(|| {
            ErrorKind::BadAction {
                message: format!("{} has no sealed allocations to reveal", self.system()),
            }
            .into()
        })
    }

    pub(crate) fn check_authority(&self, by: Actor, authority: &Authority) -> Result<(), Error> {
        match (authority, by) {
            (_, Actor::Gm) | (Authority::Anyone | Authority::Enroll(_), _) => Ok(()),
            (Authority::Gm | Authority::GmEnroll(_), Actor::Player(_)) => {
                Err(forbidden("only the GM may send this command".into()))
            }
            (Authority::Character(name), Actor::Player(_)) => {
                if self.owners.get(name) == Some(&by) {
                    Ok(())
                } else {
                    Err(forbidden(format!(
                        "\"{}\" is not your character: only its player or the GM may command it",
                        shorten(name)
                    )))
                }
            }
        }
    }

    /// Whom `name` looks like at this table ([`limits::same_name`]), in words, if anyone: the GM
    /// ([`limits::GM_LABELS`]), a seated player, or a character; `seat`'s own name and a
    /// character of exactly this name (its system's rules decide about that one) are passed over.
    fn looks_like(&self, name: &str, seat: Option<Actor>) -> Option<String> {
        if limits::looks_like_gm(name) {
            return Some("the GM".to_owned());
        }
        let key = limits::name_key(name);
        let player = self
            .players
            .iter()
            .find(|p| seat != Some(Actor::Player(p.id)) && limits::name_key(&p.name) == key);
        if let Some(player) = player {
            return Some(format!("{} (seat {})", shorten(&player.name), player.id));
        }
        let (character, owner) = self
            .owners
            .iter()
            .find(|(character, _)| *character != name && limits::name_key(character) == key)?;
        let whose = match owner {
            Actor::Gm => "the GM's".to_owned(),
            Actor::Player(id) => self.players.iter().find(|p| p.id == *id).map_or_else(
                || format!("player {id}'s"),
                |p| format!("{}'s", shorten(&p.name)),
            ),
        };
        Some(format!("the character {} ({whose})", shorten(character)))
    }

    /// A character the command enrols (its system's [`Authority::Enroll`] or
    /// [`Authority::GmEnroll`]) must show a letter and may not look like the GM, another seat or
    /// another character ([`Table::looks_like`]); its sender's own name it may take. Nothing else
    /// about the name is the table's: the system's rules keep theirs (an exact repeat is the
    /// system's to refuse).
    ///
    /// # Errors
    /// [`ErrorKind::NameUnseen`], [`ErrorKind::NameTechnical`] or [`ErrorKind::NameLooksLike`]
    /// naming `character.name`, the field every system's enrolment form names the character by.
    pub(crate) fn check_new_character(
        &self,
        by: Actor,
        authority: &Authority,
    ) -> Result<(), Error> {
        let (Authority::Enroll(name) | Authority::GmEnroll(name)) = authority else {
            return Ok(());
        };
        let (field, what) = ("character.name", "the character's name");
        if !limits::is_visible(name) {
            return Err(ErrorKind::NameUnseen {
                field,
                what,
                name: shorten(name),
            }
            .into());
        }
        if let Some(letter) = limits::technical_letter(name) {
            return Err(ErrorKind::NameTechnical {
                field,
                what,
                name: shorten(name),
                letter,
            }
            .into());
        }
        match self.looks_like(name, Some(by)) {
            Some(like) => Err(ErrorKind::NameLooksLike {
                field,
                what,
                name: shorten(name),
                like,
            }
            .into()),
            None => Ok(()),
        }
    }

    fn roll_notation(&self, notation: &str) -> Result<(String, i64, String, FairRoll), Error> {
        let seed = self.live_seed()?;
        // Everything that could refuse the roll is checked before its first die (the notation's
        // own bounds, and the log's room for its dice): a refusal that came after drawing could
        // tell the sender dice the next roll would reuse (docs/fairness.md).
        let checked = skald_dice::check_str(notation).map_err(|e| ErrorKind::Notation {
            message: e.render(notation),
        })?;
        if checked.max_throws() > limits::ROLL_THROWS {
            return Err(ErrorKind::Notation {
                message: format!(
                    "{}\nmay draw up to {} dice with its rerolls and explosions; a roll at the table draws at most {} (every die is kept in the log)",
                    shorten(notation),
                    checked.max_throws(),
                    limits::ROLL_THROWS
                ),
            }
            .into());
        }
        let mut dice = FairSource::new(seed, &self.mix, self.next_index);
        let roll = checked.roll(&mut dice).map_err(|e| ErrorKind::Notation {
            message: e.render(notation),
        })?;
        let text = roll_text(&roll);
        let fair = self.fair_roll(dice).unwrap_or_else(|| FairRoll {
            epoch: self.epoch,
            index: self.next_index,
            mix: self.mix.to_hex(),
            draws: Vec::new(),
        });
        Ok((text, roll.total, roll.expression, fair))
    }

    fn fair_roll(&self, dice: FairSource) -> Option<FairRoll> {
        let draws = dice.into_draws();
        (!draws.is_empty()).then(|| FairRoll {
            epoch: self.epoch,
            index: self.next_index,
            mix: self.mix.to_hex(),
            draws,
        })
    }

    fn live_seed(&self) -> Result<&ServerSeed, Error> {
        self.seed.as_ref().ok_or_else(|| {
            ErrorKind::Corrupt(format!(
                "epoch {}'s seed is not in this log (a redacted copy cannot roll)",
                self.epoch
            ))
            .into()
        })
    }

    /// The GM's secret rolls not revealed yet, oldest first, with their seqs.
    fn hidden_rolls(&self) -> Vec<(u64, &SecretRoll)> {
        self.records
            .iter()
            .filter_map(|r| self.hidden_roll(r.seq).map(|contents| (r.seq, contents)))
            .collect()
    }

    fn hidden_roll(&self, of: u64) -> Option<&SecretRoll> {
        if self.revealed.contains(&of) {
            return None;
        }
        let record = self
            .records
            .get(usize::try_from(of).ok()?.checked_sub(1)?)?;
        match (&record.body, &record.secret) {
            (
                Body::SecretRolled { .. },
                Some(Secret {
                    body: SecretBody::Roll { contents },
                    ..
                }),
            ) => Some(contents),
            _ => None,
        }
    }

    /// The seq of the command `undo` would take back: the last command not yet undone, if it
    /// rolled no dice, committed or revealed nothing, and no roll, commitment, reveal or epoch end
    /// came after it. Like a roll, a commitment binds once made (RULINGS C4): taking one back
    /// would let its maker commit anew after seeing the other side.
    pub(crate) fn undoable(&self) -> Result<u64, Error> {
        for record in self.records.iter().rev() {
            match &record.body {
                Body::Command { roll, command, .. } if !self.undone.contains(&record.seq) => {
                    return if roll.is_some() {
                        Err(undo_refused(format!(
                            "the last command (record {}) rolled dice, and rolls are never taken back",
                            record.seq
                        )))
                    } else if self.game.binds(command) {
                        Err(undo_refused(format!(
                            "the last command (record {}) committed or revealed a secret, and commitments are never taken back",
                            record.seq
                        )))
                    } else {
                        Ok(record.seq)
                    };
                }
                Body::DiceRolled { .. } | Body::SecretRolled { .. } | Body::RollFailed { .. } => {
                    return Err(undo_refused(format!(
                        "the last roll (record {}) is as far back as undo goes",
                        record.seq
                    )));
                }
                Body::SecretRevealed { .. } | Body::EpochEnded { .. } => {
                    return Err(undo_refused(format!(
                        "the reveal in record {} is as far back as undo goes",
                        record.seq
                    )));
                }
                _ => {}
            }
        }
        Err(undo_refused("there is no command to take back".into()))
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

    /// Folds one committed record in.
    ///
    /// # Errors
    /// [`ErrorKind::Corrupt`] when its seq does not follow the log or it does not fold.
    pub fn apply(&mut self, record: Record) -> Result<(), Error> {
        self.check_link(&record)?;
        match &record.body {
            Body::Created { .. } => {
                return Err(ErrorKind::Corrupt(format!(
                    "a second creation of the table at record {}",
                    record.seq
                ))
                .into());
            }
            Body::Joined { player, name } => self.players.push(Player {
                id: *player,
                name: name.clone(),
            }),
            Body::Command {
                by,
                command,
                events,
                roll,
                ..
            } => {
                fold_command(self.game.as_mut(), &mut self.owners, *by, command, events)?;
                self.count_roll(roll.as_ref());
            }
            Body::DiceRolled { roll, .. } => self.count_roll(Some(roll)),
            Body::SecretRolled { index, .. } => self.next_index = self.next_index.max(index + 1),
            Body::SecretRevealed { of, .. } => {
                self.revealed.insert(*of);
            }
            Body::Note { .. }
            | Body::Said { .. }
            | Body::Whispered { .. }
            | Body::SeatHanded { .. } => {}
            Body::SeedContributed { seed, .. } => self.mix = self.mix.with(seed),
            Body::EpochEnded {
                next_commitment, ..
            } => {
                self.epoch += 1;
                self.commitment = next_commitment.clone();
                self.seed = server_seed(&record)?;
                self.mix = Mix::initial();
            }
            Body::Undone { of } => {
                self.undone.insert(*of);
                self.refold()?;
            }
            Body::RollFailed { roll, .. } => self.count_roll(Some(roll)),
            Body::Requested {
                by,
                command,
                waiting,
                ..
            } => {
                let open = Open {
                    by: *by,
                    command: command.clone(),
                    waiting: waiting.clone(),
                };
                self.requests.insert(record.seq, open);
            }
            Body::Answered {
                by,
                request,
                values,
                ..
            } => {
                if let Some(mut open) = self.requests.remove(request) {
                    self.fold_answer(&mut open, *by, values);
                    if !open.waiting.is_empty() {
                        self.requests.insert(*request, open);
                    }
                }
            }
            Body::Withdrawn { request, .. } => {
                self.requests.remove(request);
            }
            Body::TableOptions {
                players_set_gm_numbers,
            } => self.players_set_gm_numbers = *players_set_gm_numbers,
        }
        let said = match &record.body {
            Body::Said { by, voice, .. } => Some((*by, voice.clone())),
            _ => None,
        };
        let rules_changed = matches!(
            record.body,
            Body::Command { .. } | Body::Answered { .. } | Body::Undone { .. }
        );
        if let Some(client) = &record.client {
            self.clients
                .entry((actor_of(&record), client.clone()))
                .or_default()
                .push(record.seq);
        }
        self.head = record.hash();
        self.spent.add(actor_of(&record), &record);
        self.records.push(record);
        self.fold_prompts(said, rules_changed);
        Ok(())
    }

    /// Whether `record` is the next link of the log: the next seq, and `prev` the hash of the
    /// last record.
    ///
    /// # Errors
    /// [`ErrorKind::Corrupt`] naming which.
    pub(crate) fn check_link(&self, record: &Record) -> Result<(), Error> {
        if record.seq != self.last_seq() + 1 {
            return Err(ErrorKind::Corrupt(format!(
                "record {} follows record {}",
                record.seq,
                self.last_seq()
            ))
            .into());
        }
        if record.prev != self.head {
            return Err(ErrorKind::Corrupt(format!(
                "record {}'s prev is not the hash of record {}: the hash chain is broken (a record deleted, inserted, moved or changed)",
                record.seq,
                self.last_seq()
            ))
            .into());
        }
        Ok(())
    }

    fn count_roll(&mut self, roll: Option<&FairRoll>) {
        if let Some(roll) = roll {
            self.next_index = self.next_index.max(roll.index + 1);
        }
    }

    /// Folds the game and the owners again from the commands not undone.
    fn refold(&mut self) -> Result<(), Error> {
        self.game.reset();
        self.owners.clear();
        for record in &self.records {
            if let Body::Command {
                by,
                command,
                events,
                ..
            } = &record.body
                && !self.undone.contains(&record.seq)
            {
                fold_command(self.game.as_mut(), &mut self.owners, *by, command, events)?;
            }
        }
        Ok(())
    }
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
    let mut options = options.clone();
    let Some(value) = options
        .as_object_mut()
        .and_then(|o| o.remove("players_set_gm_numbers"))
    else {
        return Ok((false, options));
    };
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

/// Folds one accepted command: its events into the game, and, if it enrolled a character, its
/// sender as that character's owner (the first enrolment of a name keeps it).
fn fold_command(
    game: &mut dyn Game,
    owners: &mut BTreeMap<String, Actor>,
    by: Actor,
    command: &Value,
    events: &[Value],
) -> Result<(), Error> {
    game.apply(events)?;
    if let Ok(Authority::Enroll(name) | Authority::GmEnroll(name)) = game.authority(command) {
        owners.entry(name).or_insert(by);
    }
    Ok(())
}

/// The server seed a record carries as the server's secret, if it does (an unredacted log).
fn server_seed(record: &Record) -> Result<Option<ServerSeed>, Error> {
    match &record.secret {
        Some(Secret {
            body: SecretBody::ServerSeed { seed, .. },
            ..
        }) => ServerSeed::from_hex(seed)
            .map(Some)
            .map_err(|e| ErrorKind::Corrupt(e.to_string()).into()),
        _ => Ok(None),
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
                field: None,
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
