//! `skald chi commit`: the commitment a player gives the table for a secret roll (ruling C4): the
//! SHA-256 of the character's name, its allocation and a salt ([`crate::rules::secret::commitment`]).
//! The salt is the caller's: the command line draws a fresh one from the operating system.

use crate::error::Error;
use crate::limits::{MAX_POOL, MAX_TEXT};
use crate::reports::flags::flagged;
use crate::rules::secret;
use serde::Serialize;
use std::fmt;

/// A commitment and what it commits to. Its JSON (`--json`) is these fields, in this order
/// (alphabetical: the order the command line has always printed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CommitReport {
    /// 64 lower-case hex digits: what the table is given now (`secret_commit`).
    pub commitment: String,
    /// The secret allocation, in d6: 0-100.
    pub dice: u32,
    /// The salt, kept until the reveal.
    pub salt: String,
    /// The character's name, as at the table.
    pub who: String,
}

/// The commitment of `who` to `dice` d6 with `salt`.
///
/// # Errors
/// [`Error::NameLength`] naming `--who` (1 to [`MAX_TEXT`] characters, not blank);
/// [`Error::OutOfRange`] naming `--dice` (0 to [`MAX_POOL`]); [`Error::SaltLength`] naming
/// `--salt` (16 to 128 characters).
pub fn commit(who: &str, dice: u32, salt: &str) -> Result<CommitReport, Error> {
    let len = who.chars().count();
    if who.trim().is_empty() || len > MAX_TEXT {
        return Err(flagged(Error::NameLength {
            field: "who",
            value: who.to_owned(),
            len,
            min: 1,
            max: MAX_TEXT,
        }));
    }
    Error::check_range("dice", dice, 0, MAX_POOL, "the secret allocation, in d6")
        .map_err(flagged)?;
    secret::check_salt(salt).map_err(flagged)?;
    Ok(CommitReport {
        commitment: secret::commitment(who, dice, salt),
        dice,
        salt: salt.to_owned(),
        who: who.to_owned(),
    })
}

/// The commitment and the salt, then what to do with each.
impl fmt::Display for CommitReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "commitment: {}\nsalt: {}\nGive the table the commitment now (in a scenario, do = \
             \"secret_commit\"); keep the salt and the allocation ({} {}) until everyone has \
             committed, then reveal both (do = \"secret_reveal\").",
            self.commitment,
            self.salt,
            self.dice,
            if self.dice == 1 { "die" } else { "dice" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_binds_name_allocation_and_salt() {
        let report = commit("Ragnar", 3, "ragnar-salt-0001").unwrap();
        assert_eq!(
            report.commitment,
            "43f5e8137dc199311d55af16fe973be2eccd30927da5c2a25a59e9e6f2d45787"
        );
    }

    #[test]
    fn refusals_name_the_flags() {
        assert_eq!(
            commit(" ", 1, "ragnar-salt-0001").unwrap_err().to_string(),
            "`--who` is \" \", but a name is 1 to 64 characters and not blank"
        );
        assert_eq!(
            commit("Ragnar", 101, "ragnar-salt-0001")
                .unwrap_err()
                .to_string(),
            "`--dice` is 101, but it must be 0 to 100 (the secret allocation, in d6)"
        );
        assert!(
            commit("Ragnar", 1, "short")
                .unwrap_err()
                .to_string()
                .starts_with("`--salt` is 5 characters long, but it must be 16 to 128")
        );
    }
}
