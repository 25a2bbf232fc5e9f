//! Deciding: an actor's action in, new records (or a refusal) out. A system command goes to the
//! rules (`decide_command`), after the seat's authority and the table's checks; the table's own
//! actions (`decide_table`) to the file of their kind (rolls, undo, talk, requests).

use super::*;

impl Table {
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

    pub(super) fn decide_unsealed(
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
    pub(super) fn binding(&self, action: &Action) -> bool {
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
    pub(super) fn decide_or_request(
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
    pub(super) fn refused_after_dice(
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

    pub(super) fn decide_table(
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
                self.roll_in_the_open(by, notation, label.as_deref(), at_ms)?
            }
            TableAction::SecretRollDice { notation, label } => {
                gm_only("roll in secret")?;
                self.roll_in_secret(notation, label.as_deref(), fresh, at_ms)?
            }
            TableAction::RevealRoll { of } => {
                gm_only("reveal a secret roll")?;
                self.reveal_roll(*of, at_ms)?
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
                    message: e.kind().template(),
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
                return self.end_epoch(*reveal_hidden, fresh, at_ms);
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
    pub(super) fn allocate(
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
    pub(super) fn looks_like(&self, name: &str, seat: Option<Actor>) -> Option<String> {
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
}
