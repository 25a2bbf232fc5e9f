//! A fair fight for the GM (issue 32): the Difficulty and the opponent's pool for the chance the GM
//! picks, exact.
//!
//! Chi has no fight of its own, only actions (C3): so a fair fight is weighed as one exchange.
//! - An action against a Difficulty: the character puts in `dice` d6 with its `modifier` against
//!   the GM's Difficulty d6, a tie settled by the table's rule (C3). [`difficulty_for`] finds the
//!   Difficulty, 1 to [`MAX_DIFFICULTY`], whose chance of success is closest to the target.
//! - An opponent: each character of the party acts against it one on one, both putting in every
//!   die of their current pools, as if each were the opponent's only foe that round (C1: an
//!   opponent facing several in one round splits one pool among them, so this is the easiest it
//!   can be for the opponent), a tie going to the defender (C3). The party's chance is the mean of
//!   these contests.
//!   [`pool_for`] finds the opponent's pool, 1 to [`MAX_POOL`], whose mean is closest.
//!
//! Both chances only fall as the GM's dice grow, so each search is a binary search over exact
//! chances (about seven of them). Pure: no I/O.

use super::exact::Sums;
use crate::error::Error;
use crate::limits::{MAX_DIFFICULTY, MAX_POOL};
use crate::model::options::TieRule;
use crate::model::sheet::Sheet;
use crate::model::state::State;
use crate::odds::compare;
use crate::rules::line;
use num_bigint::{BigInt, BigUint};
use serde_json::json;
use skald_core::{Chance, Fight, Fill, Odds};
use skald_dice::odds::Fraction;

/// The exact chance that `dice` d6 plus `modifier` beat `difficulty` d6, ties by `tie` (C3).
///
/// # Errors
/// [`Error::Odds`] only if a sum of 0-100 d6 cannot be worked out (it can).
pub fn action_chance(
    dice: u32,
    modifier: i32,
    difficulty: u32,
    tie: TieRule,
    sums: &mut Sums,
) -> Result<Fraction, Error> {
    let mine = sums.get(dice)?.clone();
    let (n, d) = compare(&mine, modifier, sums.get(difficulty)?).success(tie);
    Ok(Fraction::new(BigInt::from(n), d))
}

/// The exact chance that an actor putting in `actor` d6 beats a defender putting in `defender`
/// d6, a tie going to the defender (C3).
///
/// # Errors
/// As [`action_chance`].
pub fn opposed_chance(actor: u32, defender: u32, sums: &mut Sums) -> Result<Fraction, Error> {
    action_chance(actor, 0, defender, TieRule::Fail, sums)
}

/// The party's chance against an opponent of `pool` d6: the mean over `party` (each a current
/// pool) of acting against it with every die, the opponent defending with every die of its own.
///
/// # Errors
/// As [`action_chance`].
pub fn party_chance(party: &[u32], pool: u32, sums: &mut Sums) -> Result<Fraction, Error> {
    let mut num = BigUint::default();
    let mut den = BigUint::from(1u8);
    for &member in party {
        let p = opposed_chance(member, pool, sums)?;
        let sum = Fraction::new(
            BigInt::from(&num * &p.denominator) + &p.numerator * BigInt::from(den.clone()),
            &den * &p.denominator,
        );
        num = sum.numerator.to_biguint().unwrap_or_default();
        den = sum.denominator;
    }
    let count = BigUint::from(party.len().max(1));
    Ok(Fraction::new(BigInt::from(num), den * count))
}

/// The Difficulty, 1 to [`MAX_DIFFICULTY`], whose exact chance for `dice` d6 plus `modifier`
/// (ties by `tie`) is closest to `fight`'s, with that chance (the lower Difficulty between two
/// equally close).
///
/// # Errors
/// As [`action_chance`].
pub fn difficulty_for(
    dice: u32,
    modifier: i32,
    tie: TieRule,
    fight: Fight,
    sums: &mut Sums,
) -> Result<(u32, Fraction), Error> {
    closest(1, MAX_DIFFICULTY, fight, |difficulty| {
        action_chance(dice, modifier, difficulty, tie, sums)
    })
}

/// The opponent's pool, 1 to [`MAX_POOL`], whose party chance ([`party_chance`]) is closest to
/// `fight`'s, with that chance (the smaller pool between two equally close).
///
/// # Errors
/// As [`action_chance`].
pub fn pool_for(party: &[u32], fight: Fight, sums: &mut Sums) -> Result<(u32, Fraction), Error> {
    closest(1, MAX_POOL, fight, |pool| party_chance(party, pool, sums))
}

/// Over `lo..=hi`, where `chance` only falls as its argument grows: the argument whose chance is
/// closest to `fight`'s.
fn closest(
    lo: u32,
    hi: u32,
    fight: Fight,
    mut chance: impl FnMut(u32) -> Result<Fraction, Error>,
) -> Result<(u32, Fraction), Error> {
    let want = fight.decimal();
    // The first argument whose chance is at or below the target.
    let (mut a, mut b) = (lo, hi);
    while a < b {
        let mid = a + (b - a) / 2;
        if chance(mid)?.to_f64() <= want {
            b = mid;
        } else {
            a = mid + 1;
        }
    }
    let at = chance(a)?;
    if a > lo {
        let before = chance(a - 1)?;
        if (before.to_f64() - want).abs() <= (at.to_f64() - want).abs() {
            return Ok((a - 1, before));
        }
    }
    Ok((a, at))
}

/// The most characters at the table weighed one by one in an enroll's advice; past it, only the
/// party's mean is shown (with every character in it).
const LISTED: usize = 8;

/// A fair fight for the GM enrolling `sheet` (issue 32, the advice of `enroll`): each character in
/// play at the table acting against it with every die, the party's mean, and an opponent's pool
/// for an easy, even and hard fight. `None` when nobody else is in play.
pub(crate) fn enroll_advice(state: &State, sheet: &Sheet) -> Option<Odds> {
    let party: Vec<(&String, u32)> = state
        .characters
        .iter()
        .filter(|(name, c)| !c.out_of_play() && !name.eq_ignore_ascii_case(&sheet.name))
        .map(|(name, c)| (name, c.sheet.current))
        .collect();
    if party.is_empty() || !(1..=MAX_POOL).contains(&sheet.current) {
        return None;
    }
    let pools: Vec<u32> = party.iter().map(|(_, p)| *p).collect();
    let name = match sheet.name.trim() {
        "" => "this character",
        name => name,
    };
    let mut sums = Sums::default();
    let mut chances = Vec::new();
    for (who, pool) in party.iter().take(LISTED) {
        let p = opposed_chance(*pool, sheet.current, &mut sums).ok()?;
        chances.push(Chance::exact(
            format!(
                "{who} ({pool} {}) acting against {name} ({} {})",
                dice(*pool),
                sheet.current,
                dice(sheet.current)
            ),
            &p,
        ));
    }
    if party.len() > 1 {
        let p = party_chance(&pools, sheet.current, &mut sums).ok()?;
        chances.push(Chance::exact(
            format!("The party against {name}, on average"),
            &p,
        ));
    }
    for fight in Fight::ALL {
        let (pool, p) = pool_for(&pools, fight, &mut sums).ok()?;
        let reach = if (p.to_f64() - fight.decimal()).abs() > 0.10 {
            " (out of reach: the closest there is)"
        } else {
            ""
        };
        chances.push(
            Chance::exact(
                format!(
                    "{}: an opponent with a pool of {pool}{reach}",
                    fight.heading()
                ),
                &p,
            )
            .with_fill(pool_fill(sheet, fight, pool)),
        );
    }
    Some(Odds {
        summary: format!(
            "A fair fight: each character in play acting against {name} one on one, both \
             putting in every die of their pools, as if each were its only foe that round (C1); a \
             tie goes to the defender (C3). The party's chance is the mean of these contests."
        ),
        chances,
        distribution: Vec::new(),
    })
}

/// What taking the pool proposed for `fight` writes into the GM's enroll form drafting `sheet`
/// (issue 32): the builder's pool, and the one-line form's line with that pool (C6; the line only
/// when the draft has a name and an occupation to write, as a line drafted on that form has).
/// A form takes the blank it has and passes the other over.
fn pool_fill(sheet: &Sheet, fight: Fight, pool: u32) -> Fill {
    let mut blanks = vec![("character.pool".to_owned(), json!(pool))];
    if !sheet.name.trim().is_empty() && !sheet.occupation.trim().is_empty() {
        let proposed = Sheet {
            pool,
            current: pool,
            ..sheet.clone()
        };
        blanks.push(("character".to_owned(), json!(line::format(&proposed))));
    }
    Fill::new(
        format!(
            "give the character being made a pool of {pool}, for the {} fight",
            fight.name()
        ),
        blanks,
    )
}

/// The Difficulty for an easy, even and hard action with `dice` d6 and `modifier` (ties by
/// `tie`), each with its exact chance: lines for an action's advice.
pub(crate) fn difficulty_chances(dice: u32, modifier: i32, tie: TieRule) -> Vec<Chance> {
    let mut sums = Sums::default();
    Fight::ALL
        .iter()
        .filter_map(|fight| {
            let (difficulty, p) = difficulty_for(dice, modifier, tie, *fight, &mut sums).ok()?;
            let reach = if (p.to_f64() - fight.decimal()).abs() > 0.10 {
                ", out of reach: the closest there is"
            } else {
                ""
            };
            let action = match fight {
                Fight::Easy => format!("an easy action (75% wanted{reach})"),
                Fight::Even => format!("an even action (50% wanted{reach})"),
                Fight::Hard => format!("a hard action (25% wanted{reach})"),
            };
            Some(
                Chance::exact(
                    format!(
                        "Difficulty {difficulty} for {action} with these {dice} {}",
                        self::dice(dice)
                    ),
                    &p,
                )
                .with_fill(Fill::new(
                    format!("set the Difficulty to {difficulty}"),
                    [("difficulty".to_owned(), json!(difficulty))],
                )),
            )
        })
        .collect()
}

fn dice(n: u32) -> &'static str {
    if n == 1 { "die" } else { "dice" }
}
