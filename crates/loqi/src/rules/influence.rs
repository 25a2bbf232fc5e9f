//! Influence outside problems (L5): the GM's rewards and, under its option, influence swapping.
//! Spending (on likelihoods, problems and takeovers) is in [`crate::rules::checks::spend`].

use crate::error::Error;
use crate::limits;
use crate::model::{Event, GM, State};
use crate::rules::checks::player_character;

/// `reward`: the GM gives `who` `points` influence (L5): 1-5 usually; up to 50, flagged.
///
/// # Errors
/// [`Error`] for `"GM"` or an unknown character, points outside 1-50, a blank or long reason, or
/// influence that would pass 999.
pub fn reward(state: &State, who: &str, points: i64, reason: &str) -> Result<Vec<Event>, Error> {
    if who == GM {
        return Err(Error::not_allowed(
            "who",
            "\"GM\"",
            "a character: the GM rewards the players (L5)",
        ));
    }
    let member = player_character(state, "who", who, "is rewarded")?;
    Error::check_range(
        "points",
        points,
        &limits::REWARD,
        "L5: usually 1-5, more flagged; Skald limit 50",
    )?;
    Error::check_text("reason", reason, limits::REASON_CHARS)?;
    let now = after(who, member.influence, points).map_err(|e| e.at("points"))?;
    Ok(vec![Event::InfluenceRewarded {
        who: who.to_string(),
        points,
        now,
        reason: reason.to_string(),
        flagged: !limits::USUAL_REWARD.contains(&points),
    }])
}

/// `give_influence`: under the swapping option, `from` gives `to` 1-5 points and `to` gains double (L5).
///
/// # Errors
/// [`Error`] when the option is off, either name is `"GM"`, unknown or the same, points are outside
/// 1-5 or more than `from` holds, the reason is blank or long, or `to`'s influence would pass 999.
pub fn give(
    state: &State,
    from: &str,
    to: &str,
    points: i64,
    reason: &str,
) -> Result<Vec<Event>, Error> {
    if !state.options.influence_swapping {
        return Err(Error::not_allowed(
            "do",
            "giving influence",
            "a reward from the GM: this table does not swap influence (L5; the table's option \"Influence swapping\" is off)",
        ));
    }
    for (field, name) in [("from", from), ("to", to)] {
        if name == GM {
            return Err(Error::not_allowed(
                field,
                "\"GM\"",
                "a character: players swap influence among themselves (L5)",
            ));
        }
    }
    let giver = player_character(state, "from", from, "gives influence")?;
    let recipient = player_character(state, "to", to, "is given influence")?;
    if from == to {
        return Err(Error::not_allowed(
            "to",
            format!("{to:?}"),
            "another player than the giver (L5)",
        ));
    }
    Error::check_range("points", points, &limits::SWAP, "L5")?;
    Error::check_text("reason", reason, limits::REASON_CHARS)?;
    if giver.influence < points {
        return Err(Error::NotEnoughInfluence {
            field: "points".into(),
            value: points.to_string(),
            cost: points,
            who: from.to_string(),
            has: giver.influence,
        });
    }
    let received = points.saturating_mul(2);
    let to_now = after(to, recipient.influence, received).map_err(|e| e.at("points"))?;
    Ok(vec![Event::InfluenceGiven {
        from: from.to_string(),
        to: to.to_string(),
        points,
        received,
        from_left: giver.influence.saturating_sub(points),
        to_now,
        reason: reason.to_string(),
    }])
}

/// What `who` holds after gaining `points`, refused past 999.
fn after(who: &str, has: i64, points: i64) -> Result<i64, Error> {
    let now = has.saturating_add(points);
    Error::check_range(
        format!("{who}'s influence afterwards"),
        now,
        &limits::INFLUENCE,
        "L5; Skald limit 999",
    )
}
