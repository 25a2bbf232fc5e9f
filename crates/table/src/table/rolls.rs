//! The table's dice: a notation rolled in the open or in secret, a secret roll revealed, an epoch
//! ended with its seed published (docs/fairness.md), each roll's place in the seed's stream.

use super::*;

impl Table {
    pub(super) fn roll_notation(
        &self,
        notation: &str,
    ) -> Result<(String, i64, String, FairRoll), Error> {
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

    pub(super) fn fair_roll(&self, dice: FairSource) -> Option<FairRoll> {
        let draws = dice.into_draws();
        (!draws.is_empty()).then(|| FairRoll {
            epoch: self.epoch,
            index: self.next_index,
            mix: self.mix.to_hex(),
            draws,
        })
    }

    pub(super) fn live_seed(&self) -> Result<&ServerSeed, Error> {
        self.seed.as_ref().ok_or_else(|| {
            ErrorKind::Corrupt(format!(
                "epoch {}'s seed is not in this log (a redacted copy cannot roll)",
                self.epoch
            ))
            .into()
        })
    }

    /// The GM's secret rolls not revealed yet, oldest first, with their seqs.
    pub(super) fn hidden_rolls(&self) -> Vec<(u64, &SecretRoll)> {
        self.records
            .iter()
            .filter_map(|r| self.hidden_roll(r.seq).map(|contents| (r.seq, contents)))
            .collect()
    }

    pub(super) fn hidden_roll(&self, of: u64) -> Option<&SecretRoll> {
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
    /// The record of `by` rolling `notation` in the open, under `label` (at most a line).
    ///
    /// # Errors
    /// The label's or the notation's refusal ([`check_label`], [`Table::roll_notation`]).
    pub(super) fn roll_in_the_open(
        &self,
        by: Actor,
        notation: &str,
        label: Option<&str>,
        at_ms: i64,
    ) -> Result<Record, Error> {
        check_label(label)?;
        let (text, total, notation, roll) = self.roll_notation(notation)?;
        Ok(self.record(
            at_ms,
            Body::DiceRolled {
                by,
                label: label.map(str::to_owned),
                notation,
                total,
                text,
                roll,
            },
            None,
        ))
    }

    /// The record of the GM's secret roll of `notation`: its contents are the GM's secret, its
    /// public body their commitment, with `fresh` (32 random bytes) as the nonce.
    ///
    /// # Errors
    /// As [`Table::roll_in_the_open`].
    pub(super) fn roll_in_secret(
        &self,
        notation: &str,
        label: Option<&str>,
        fresh: [u8; 32],
        at_ms: i64,
    ) -> Result<Record, Error> {
        check_label(label)?;
        let (text, total, notation, roll) = self.roll_notation(notation)?;
        let contents = SecretRoll {
            label: label.map(str::to_owned),
            notation,
            total,
            text,
            nonce: hex::encode(fresh),
            roll,
        };
        Ok(self.record(
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
        ))
    }

    /// The record revealing the secret roll recorded at `of`, its contents made public.
    ///
    /// # Errors
    /// [`ErrorKind::NotASecretRoll`] when `of` is no secret roll still hidden.
    pub(super) fn reveal_roll(&self, of: u64, at_ms: i64) -> Result<Record, Error> {
        let contents = self
            .hidden_roll(of)
            .ok_or(ErrorKind::NotASecretRoll { of })?;
        Ok(self.record(
            at_ms,
            Body::SecretRevealed {
                of,
                contents: contents.clone(),
            },
            None,
        ))
    }

    /// The records ending the live epoch: its seed published, the next epoch's committed (its
    /// seed from `fresh`, the server's secret); with `reveal_hidden`, every secret roll still
    /// hidden revealed first, in the same step.
    ///
    /// # Errors
    /// [`ErrorKind::HiddenRolls`] naming them when rolls are hidden and `reveal_hidden` is
    /// false; the live seed's or the log's room's refusal.
    pub(super) fn end_epoch(
        &self,
        reveal_hidden: bool,
        fresh: [u8; 32],
        at_ms: i64,
    ) -> Result<Vec<Record>, Error> {
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
        // A secret roll whose epoch's seed goes public is protected only by the secrecy of its
        // dice: the GM chose to show them first, in this same step.
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
        Ok(records)
    }
}
