//! The fold: committed records applied to the table one by one (`apply`), checked against the
//! hash chain; an undo folds the whole log again without the undone command (`refold`).

use super::*;

impl Table {
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

    pub(super) fn count_roll(&mut self, roll: Option<&FairRoll>) {
        if let Some(roll) = roll {
            self.next_index = self.next_index.max(roll.index + 1);
        }
    }

    /// Folds the game and the owners again from the commands not undone.
    pub(super) fn refold(&mut self) -> Result<(), Error> {
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

/// Folds one accepted command: its events into the game, and, if it enrolled a character, its
/// sender as that character's owner (the first enrolment of a name keeps it).
pub(super) fn fold_command(
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
pub(super) fn server_seed(record: &Record) -> Result<Option<ServerSeed>, Error> {
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
