//! Obligations (T11; the book's "Obligations"): granting one, the granter colouring unchecked boxes
//! of a transferable trait and the grantee writing a trait of as many boxes under Obligations, and
//! ending one, fulfilled or rescinded.

use super::checks::{living, text};
use crate::error::Error;
use crate::limits::{MAX_NAME_CHARS, MAX_TEXT_CHARS};
use crate::model::{Event, ObligationEnd, State};

/// `grant_obligation`: `granter` colours `boxes` unchecked boxes of its trait `trait_name`;
/// `grantee` gets the trait `as_trait` with as many boxes under Obligations, owing `service` (T11).
///
/// # Errors
/// [`Error::UnknownCharacter`]; [`Error::Dead`] for a dead side (T7); [`Error::OwnObligation`] for
/// a grant to oneself; [`Error::TextLength`] for `as` or `service`; [`Error::NotOnSheet`] for a
/// trait the granter does not have; [`Error::ObligationBoxes`] for `boxes` outside 1 to the
/// trait's unchecked boxes; [`Error::AlreadyHas`] for an `as` the grantee already has.
pub(super) fn grant(
    state: &State,
    granter: &str,
    trait_name: &str,
    boxes: u32,
    grantee: &str,
    as_trait: &str,
    service: &str,
) -> Result<Vec<Event>, Error> {
    let g = living(state, "granter", granter)?;
    living(state, "grantee", grantee)?;
    if granter == grantee {
        return Err(Error::OwnObligation {
            who: granter.to_string(),
        });
    }
    text(
        "as",
        "the trait as the grantee writes it",
        as_trait,
        MAX_NAME_CHARS,
    )?;
    text("service", "the service promised", service, MAX_TEXT_CHARS)?;
    let Some(t) = g.rollable(trait_name) else {
        return Err(Error::NotOnSheet {
            field: "trait",
            who: granter.to_string(),
            what: "trait",
            name: trait_name.to_string(),
            rule: " to grant from (T11)",
        });
    };
    if boxes == 0 || boxes > t.unchecked() {
        return Err(Error::ObligationBoxes {
            field: "boxes",
            value: boxes,
            granter: granter.to_string(),
            trait_name: trait_name.to_string(),
            min: 1,
            max: t.unchecked(),
        });
    }
    if state
        .character(grantee)
        .is_some_and(|c| c.rollable(as_trait).is_some())
    {
        return Err(Error::AlreadyHas {
            field: "as",
            who: grantee.to_string(),
            what: "a trait named",
            name: as_trait.to_string(),
        });
    }
    Ok(vec![Event::ObligationGranted {
        granter: granter.to_string(),
        trait_name: trait_name.to_string(),
        boxes,
        grantee: grantee.to_string(),
        as_trait: as_trait.to_string(),
        service: service.to_string(),
    }])
}

/// `end_obligation`: `grantee`'s obligation trait `trait_name` goes and the granter's coloured
/// boxes become unchecked (T11), for `reason`.
///
/// # Errors
/// [`Error::NoObligation`] when `grantee` holds no such obligation.
pub(super) fn end(
    state: &State,
    grantee: &str,
    trait_name: &str,
    reason: ObligationEnd,
) -> Result<Vec<Event>, Error> {
    if !state
        .obligations
        .iter()
        .any(|o| o.grantee == grantee && o.grantee_trait == trait_name)
    {
        return Err(Error::NoObligation {
            grantee: grantee.to_string(),
            name: trait_name.to_string(),
        });
    }
    Ok(vec![Event::ObligationEnded {
        grantee: grantee.to_string(),
        trait_name: trait_name.to_string(),
        reason,
    }])
}
