//! Undo: which record the GM may take back now (the last command not yet undone, talk after it
//! notwithstanding), and why not when none.

use super::*;

impl Table {
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
}
