//! Secret rolls (ruling C4): the GM opens one, each character in it commits its allocation unseen,
//! reveals it once everyone has committed, and all roll together.
//!
//! The table log is shared, so a commitment must not give the allocation away: a player commits
//! the lower-case hex SHA-256 of [`preimage`]`(who, spend, salt)` and keeps the salt; at the reveal
//! the allocation and salt are checked against it. Neither the commands nor the events nor the state
//! hold an allocation before its reveal.

use crate::error::Error;
use crate::limits::{
    COMMITMENT_DIGITS, MAX_QUOTED_COMMITMENT, MAX_SALT, MAX_SECRET_PARTICIPANTS, MIN_SALT,
};
use crate::model::command::{Command, SecretAction, SecretOpposed, SecretSide, Side, Verb};
use crate::model::event::Event;
use crate::model::state::{Role, SecretRoll, State};
use crate::rules::round::{self, Asked, Checked, Fields, REVEAL_ACTING, REVEAL_DEFENDING};
use crate::rules::sheets;
use serde::{Deserialize, Deserializer};
use sha2::{Digest, Sha256};
use skald_dice::DiceSource;
use std::collections::BTreeMap;

/// What is hashed for a commitment: `skald-chi-secret-v1`, the character's name, the allocation in
/// decimal and the salt, each on its own line (no final newline). Binding the name means a copied
/// commitment is of no use to anyone else.
pub fn preimage(who: &str, spend: u32, salt: &str) -> String {
    format!("skald-chi-secret-v1\n{who}\n{spend}\n{salt}")
}

/// The commitment to `spend` dice by `who` with `salt`: 64 lower-case hex digits of SHA-256 over
/// [`preimage`]. The same as `printf 'skald-chi-secret-v1\nWHO\nSPEND\nSALT' | sha256sum`.
pub fn commitment(who: &str, spend: u32, salt: &str) -> String {
    hex::encode(Sha256::digest(preimage(who, spend, salt).as_bytes()))
}

/// Checks a salt's length: [`MIN_SALT`] to [`MAX_SALT`] characters.
///
/// # Errors
/// [`Error::SaltLength`].
pub fn check_salt(salt: &str) -> Result<(), Error> {
    let len = salt.chars().count();
    if (MIN_SALT..=MAX_SALT).contains(&len) {
        Ok(())
    } else {
        Err(Error::SaltLength {
            field: "salt",
            len,
            min: MIN_SALT,
            max: MAX_SALT,
        })
    }
}

/// While a secret roll is open only `secret_commit`, `secret_reveal`, `secret_roll` and
/// `secret_cancel` are taken: everyone in it rolls at the same time (C4).
///
/// # Errors
/// [`Error::SecretRollOpen`] naming who is in it.
pub(crate) fn gate(state: &State, command: &Command) -> Result<(), Error> {
    let secret_command = matches!(
        command,
        Command::SecretCommit { .. }
            | Command::SecretReveal { .. }
            | Command::SecretRoll {}
            | Command::SecretCancel {}
    );
    match &state.secret {
        Some(open) if !secret_command => Err(Error::SecretRollOpen {
            names: open.names(),
        }),
        _ => Ok(()),
    }
}

/// `secret_open`: checks every entry and records the secret roll (C4), with the off-concept caps (C2).
pub(crate) fn open(
    state: &State,
    actions: &[SecretAction],
    opposed: &[SecretOpposed],
) -> Result<Vec<Event>, Error> {
    if let Some(open) = &state.secret {
        return Err(Error::SecretRollOpen {
            names: open.names(),
        });
    }
    let count = actions.len() + 2 * opposed.len();
    if count == 0 {
        return Err(Error::EmptySecretRoll);
    }
    Error::check_range(
        "actions",
        i64::try_from(count).unwrap_or(i64::MAX),
        1,
        MAX_SECRET_PARTICIPANTS as i64,
        "characters in one secret roll (each opposed action counts two)",
    )?;
    let mut caps = BTreeMap::new();
    let mut seen: Vec<String> = Vec::new();
    let mut enter = |field, side: &SecretSide, acting: bool| -> Result<(), Error> {
        if seen.contains(&side.who) {
            return Err(Error::TwiceInSecretRoll {
                field,
                name: side.who.clone(),
            });
        }
        let character = sheets::character(state, field, &side.who)?;
        if character.out_of_play() {
            return Err(Error::OutOfPlay {
                field,
                name: side.who.clone(),
            });
        }
        if acting && character.left() == 0 {
            return Err(Error::NoDiceLeft {
                field,
                name: side.who.clone(),
                current: character.sheet.current,
            });
        }
        if !side.fits_concept {
            caps.insert(
                side.who.clone(),
                round::off_concept_cap(character.sheet.current),
            );
        }
        seen.push(side.who.clone());
        Ok(())
    };
    for action in actions {
        round::check_difficulty("actions.difficulty", action.difficulty)?;
        round::check_modifier("actions.modifier", action.modifier)?;
        let side = SecretSide {
            who: action.who.clone(),
            modifier: action.modifier,
            fits_concept: action.fits_concept,
        };
        enter("actions.who", &side, true)?;
    }
    for pair in opposed {
        round::check_modifier("opposed.actor.modifier", pair.actor.modifier)?;
        round::check_modifier("opposed.defender.modifier", pair.defender.modifier)?;
        enter("opposed.actor.who", &pair.actor, true)?;
        enter("opposed.defender.who", &pair.defender, false)?;
    }
    Ok(vec![Event::SecretOpened {
        round: state.round,
        actions: actions.to_vec(),
        opposed: opposed.to_vec(),
        caps,
    }])
}

fn open_roll(state: &State) -> Result<&SecretRoll, Error> {
    state.secret.as_ref().ok_or(Error::NoSecretRoll)
}

fn role_of(secret: &SecretRoll, who: &str) -> Result<Role, Error> {
    secret
        .seat(who)
        .map(|s| s.role)
        .ok_or_else(|| Error::NotInSecretRoll {
            name: who.to_owned(),
            names: secret.names(),
        })
}

/// The dice `who` may put in the open secret roll now, `(least, most)`: at least 1 unless it
/// defends, at most its dice left and its off-concept cap (C1, C2, C4). The `allocate` move's
/// bounds and the check of a sealed allocation ([`seal`]) both come from here.
///
/// # Errors
/// [`Error::NoAllocation`] when no secret roll is open, `who` is not in it, it has committed
/// already, or it has no dice to put in.
pub fn allocation_bounds(state: &State, who: &str) -> Result<(u32, u32), Error> {
    let none = |why| Error::NoAllocation {
        name: who.to_owned(),
        why,
    };
    let secret = state
        .secret
        .as_ref()
        .ok_or_else(|| none("no secret roll is open"))?;
    let seat = secret
        .seat(who)
        .ok_or_else(|| none("it is not in the secret roll"))?;
    if seat.commitment.is_some() {
        return Err(none(
            "it has chosen already, and a secret choice is never changed (C4)",
        ));
    }
    let character = state
        .characters
        .get(who)
        .ok_or_else(|| none("it is not at the table"))?;
    let least = u32::from(seat.role != Role::Defender);
    let most = secret
        .caps
        .get(who)
        .map_or(character.left(), |&cap| cap.min(character.left()));
    if most < least {
        return Err(none("it has no dice left to put in (C1)"));
    }
    Ok((least, most))
}

/// A sealed allocation (the table's `allocate`, C4): `spend` dice of `who`, within
/// [`allocation_bounds`], committed as the `secret_commit` of its [`commitment`] with `salt`.
///
/// # Errors
/// As [`allocation_bounds`]; [`Error::OutOfRange`] for a `spend` outside them;
/// [`Error::SaltLength`].
pub fn seal(state: &State, who: &str, spend: u32, salt: &str) -> Result<Command, Error> {
    let (least, most) = allocation_bounds(state, who)?;
    if !(least..=most).contains(&spend) {
        return Err(Error::OutOfRange {
            field: "spend",
            value: i64::from(spend),
            min: i64::from(least),
            max: i64::from(most),
            why: "the dice it has left and its off-concept cap, rulings C1, C2",
        });
    }
    check_salt(salt)?;
    Ok(Command::SecretCommit {
        who: who.to_owned(),
        commitment: commitment(who, spend, salt),
    })
}

/// The character a `secret_reveal` (JSON, as sent) reveals for when it leaves out both `spend` and
/// `salt`: an online table fills them in from the sender's own sealed allocation.
pub fn bare_reveal(command: &serde_json::Value) -> Option<String> {
    if !command.is_object() {
        return None;
    }
    let sent = SentReveal::deserialize(command).ok()?;
    let is_bare = sent.verb.as_deref() == Some(<&str>::from(Verb::SecretReveal))
        && sent.spend.is_none()
        && sent.salt.is_none();
    is_bare.then(|| sent.who.unwrap_or_default())
}

/// What [`bare_reveal`] reads of a command as sent, before it is a whole [`Command`]: its verb
/// and `who` when they are strings, and whether `spend` and `salt` are there at all (a `null`
/// is there).
#[derive(Deserialize)]
struct SentReveal {
    #[serde(rename = "do", default, deserialize_with = "string")]
    verb: Option<String>,
    #[serde(default, deserialize_with = "string")]
    who: Option<String>,
    #[serde(default, deserialize_with = "present")]
    spend: Option<serde_json::Value>,
    #[serde(default, deserialize_with = "present")]
    salt: Option<serde_json::Value>,
}

/// A string, or `None` for a value of any other kind.
fn string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match serde_json::Value::deserialize(d)? {
        serde_json::Value::String(s) => Some(s),
        _ => None,
    })
}

/// Any value that is there, `null` included (a missing field is `None` by `default`).
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<serde_json::Value>, D::Error> {
    serde_json::Value::deserialize(d).map(Some)
}

/// `secret_commit`: records the hash only (C4).
pub(crate) fn commit(state: &State, who: &str, commitment: &str) -> Result<Vec<Event>, Error> {
    let secret = open_roll(state)?;
    role_of(secret, who)?;
    if secret.seat(who).is_some_and(|s| s.commitment.is_some()) {
        return Err(Error::AlreadyCommitted {
            name: who.to_owned(),
        });
    }
    if commitment.len() != COMMITMENT_DIGITS || !commitment.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(Error::BadCommitment {
            field: "commitment",
            value: commitment.chars().take(MAX_QUOTED_COMMITMENT).collect(),
            digits: COMMITMENT_DIGITS,
        });
    }
    Ok(vec![Event::SecretCommitted {
        who: who.to_owned(),
        commitment: commitment.to_ascii_lowercase(),
    }])
}

/// The side a character plays in the secret roll, with its allocation.
fn side_of(secret: &SecretRoll, who: &str, spend: u32) -> Option<Side> {
    let side = |s: &SecretSide| Side {
        who: s.who.clone(),
        spend,
        modifier: s.modifier,
        fits_concept: s.fits_concept,
    };
    let acting = secret.actions.iter().find(|a| a.who == who).map(|a| Side {
        who: a.who.clone(),
        spend,
        modifier: a.modifier,
        fits_concept: a.fits_concept,
    });
    acting.or_else(|| {
        secret.opposed.iter().find_map(|pair| {
            [&pair.actor, &pair.defender]
                .into_iter()
                .find(|s| s.who == who)
                .map(side)
        })
    })
}

fn fields(role: Role) -> &'static Fields {
    match role {
        Role::Action | Role::Actor => &REVEAL_ACTING,
        Role::Defender => &REVEAL_DEFENDING,
    }
}

/// `secret_reveal`: refused until everyone has committed; must match the commitment; the
/// allocation must keep C1 and C2.
pub(crate) fn reveal(
    state: &State,
    who: &str,
    spend: u32,
    salt: &str,
) -> Result<Vec<Event>, Error> {
    let secret = open_roll(state)?;
    let role = role_of(secret, who)?;
    let waiting = secret.uncommitted();
    if !waiting.is_empty() {
        return Err(Error::NotAllCommitted {
            name: who.to_owned(),
            waiting,
        });
    }
    let seat = secret.seat(who);
    if let Some(spend) = seat.and_then(|s| s.revealed) {
        return Err(Error::AlreadyRevealed {
            name: who.to_owned(),
            spend,
        });
    }
    check_salt(salt)?;
    let committed = seat.and_then(|s| s.commitment.clone()).unwrap_or_default();
    if commitment(who, spend, salt) != committed {
        return Err(Error::CommitmentMismatch {
            name: who.to_owned(),
            spend,
            commitment: committed,
        });
    }
    if let Some(side) = side_of(secret, who, spend) {
        round::check_side(state, side, fields(role))?;
    }
    Ok(vec![Event::SecretRevealed {
        who: who.to_owned(),
        spend,
        salt: salt.to_owned(),
    }])
}

/// `secret_roll`: everyone rolls together once all have revealed: the actions in order, then the
/// opposed pairs, then the secret roll closes.
pub(crate) fn roll(state: &State, dice: &mut dyn DiceSource) -> Result<Vec<Event>, Error> {
    let secret = open_roll(state)?;
    let waiting = secret.unrevealed();
    if !waiting.is_empty() {
        return Err(Error::NotAllRevealed { waiting });
    }
    let revealed = |who: &str| secret.seat(who).and_then(|s| s.revealed).unwrap_or(0);
    let checked = |who: &str, role: Role| -> Result<Checked<'_>, Error> {
        let side = side_of(secret, who, revealed(who)).ok_or_else(|| Error::NotInSecretRoll {
            name: who.to_owned(),
            names: secret.names(),
        })?;
        round::check_side(state, side, fields(role))
    };
    let mut events = Vec::new();
    for action in &secret.actions {
        let asked = Asked {
            difficulty: action.difficulty,
            reaction: action.reaction,
            secret: true,
        };
        let side = checked(&action.who, Role::Action)?;
        events.push(Event::ActionRolled(round::roll_action(
            state, side, &asked, dice,
        )?));
    }
    for pair in &secret.opposed {
        let actor = checked(&pair.actor.who, Role::Actor)?;
        let defender = checked(&pair.defender.who, Role::Defender)?;
        events.push(Event::OpposedRolled(round::roll_opposed(
            state, actor, defender, true, dice,
        )?));
    }
    events.push(Event::SecretClosed {
        round: secret.round,
    });
    Ok(events)
}

/// `secret_cancel`: the GM calls it off; nothing is spent. Only while nobody has revealed: a reveal
/// binds the whole roll (C4), or everyone could commit anew knowing it. A roll whose reveals
/// began is rolled; an online table seals every allocation itself within the bounds
/// ([`allocation_bounds`]), so each of its commitments can be revealed and none is stuck
/// (docs/decisions.md).
///
/// # Errors
/// [`Error::NoSecretRoll`]; [`Error::CancelAfterReveal`] once anyone has revealed.
pub(crate) fn cancel(state: &State) -> Result<Vec<Event>, Error> {
    let secret = open_roll(state)?;
    let revealed = secret.revealed();
    if !revealed.is_empty() {
        return Err(Error::CancelAfterReveal { revealed });
    }
    Ok(vec![Event::SecretCancelled {
        round: secret.round,
    }])
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A reveal is bare when it has neither `spend` nor `salt`, whatever they hold (a `null` is
    /// there); only a `secret_reveal` object is one.
    #[test]
    fn a_bare_reveal_leaves_out_both_spend_and_salt() {
        let bare = |command| bare_reveal(&command);
        assert_eq!(
            bare(json!({"do": "secret_reveal", "who": "Ann"})).as_deref(),
            Some("Ann")
        );
        assert_eq!(
            bare(json!({"do": "secret_reveal", "who": 7})).as_deref(),
            Some("")
        );
        assert_eq!(
            bare(json!({"do": "secret_reveal", "who": "Ann", "spend": null})),
            None
        );
        assert_eq!(
            bare(json!({"do": "secret_reveal", "who": "Ann", "salt": "ab"})),
            None
        );
        assert_eq!(bare(json!({"do": "secret_commit", "who": "Ann"})), None);
        assert_eq!(bare(json!(["secret_reveal", "Ann"])), None);
    }

    #[test]
    fn the_commitment_is_sha256_of_the_documented_preimage() {
        assert_eq!(
            preimage("Ragnar", 3, "0123456789abcdef"),
            "skald-chi-secret-v1\nRagnar\n3\n0123456789abcdef"
        );
        // `printf 'skald-chi-secret-v1\nRagnar\n3\n0123456789abcdef' | sha256sum`
        assert_eq!(
            commitment("Ragnar", 3, "0123456789abcdef"),
            "9234eca9a918b7121b5435af73b031ed95ca7df2b4b22a4ac2cb07d24e590bfd"
        );
        assert_ne!(
            commitment("Ragnar", 3, "0123456789abcdef"),
            commitment("Ragnar", 4, "0123456789abcdef")
        );
        assert_ne!(
            commitment("Ragnar", 3, "0123456789abcdef"),
            commitment("Dirk", 3, "0123456789abcdef")
        );
    }
}
