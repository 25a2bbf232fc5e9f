//! The chances of a decided check or initiative as the table page shows them
//! ([`skald_core::Odds`]): each outcome's exact fraction with its label (F1-F5).

use crate::model::check::{Band, Outcome};
use crate::model::event::{Check, Initiative, OpposedCheck};
use crate::model::options::{BothMiss, InitiativeMethod};
use crate::model::roll::DiceRoll;
use crate::model::state::State;
use crate::rules::chances as exact;
use crate::rules::initiative::scale;
use crate::rules::task_check::{chance_outcome, outcome};
use num_bigint::{BigInt, BigUint};
use skald_core::{Chance, Odds};
use skald_dice::odds::Fraction;

fn fraction(numerator: u128, denominator: u128) -> Fraction {
    Fraction::new(BigInt::from(numerator), BigUint::from(denominator))
}

/// How many of the d100's faces give `wanted`.
fn faces(wanted: impl Fn(u32) -> bool) -> u128 {
    (1..=100u32)
        .filter(|roll| wanted(*roll))
        .fold(0, |n, _| n + 1)
}

/// The four outcomes of a percentile check: success (Crits included), Crit, failure, Botch.
fn outcomes(
    success: &Fraction,
    botch: &Fraction,
    crit: u128,
    failure: u128,
    failure_label: &str,
) -> Vec<Chance> {
    vec![
        Chance::exact("Success".to_owned(), success),
        Chance::exact(
            "Crit (1-5, within success)".to_owned(),
            &fraction(crit, 100),
        ),
        Chance::exact(failure_label.to_owned(), &fraction(failure, 100)),
        Chance::exact("Botch".to_owned(), botch),
    ]
}

pub(crate) fn check_odds(rating: &str, difficulty: &str, check: &Check) -> Option<Odds> {
    let (success, botch) = exact::task_check(check.difference).ok()?;
    let equalized = if check.equalized.divisor.get() > 1 {
        format!(
            ", equalized to {} against {}",
            check.equalized.rating, check.equalized.difficulty
        )
    } else {
        String::new()
    };
    let roll = if check.band.rolls() {
        "one d100"
    } else {
        "no roll"
    };
    let summary = format!(
        "{rating} against {difficulty}{equalized}: difference {}, band {} ({roll}; F2, F3).",
        check.difference,
        check.band.rule()
    );
    let difference = check.difference;
    // A band without a roll is certain (F3): a success at 0 or less, a Botch at 151 or more; neither
    // has a Crit or a plain failure.
    let (crit, failure) = if check.band.rolls() {
        (
            faces(|r| outcome(difference, Some(r)) == Outcome::Crit),
            faces(|r| outcome(difference, Some(r)) == Outcome::Failure),
        )
    } else {
        (0, 0)
    };
    let failure_label = if check.band == Band::CritOnly {
        "Failure (minor consequences)"
    } else {
        "Failure"
    };
    Some(Odds {
        summary,
        chances: outcomes(&success, &botch, crit, failure, failure_label),
        distribution: Vec::new(),
    })
}

pub(crate) fn chance_odds(who: &str, percent: u32) -> Option<Odds> {
    let (success, botch) = exact::plain(percent).ok()?;
    let crit = faces(|r| chance_outcome(percent, r) == Outcome::Crit);
    let failure = faces(|r| chance_outcome(percent, r) == Outcome::Failure);
    Some(Odds {
        summary: format!(
            "{who}'s plain {percent}% chance: a d100 at most {percent} succeeds, 1-5 always (a Crit), \
             96-100 never (a Botch) (F1)."
        ),
        chances: outcomes(&success, &botch, crit, failure, "Failure"),
        distribution: Vec::new(),
    })
}

/// The chances of a roll of the dice besides the d100 (F1): a Crit, a Botch, neither (for one die;
/// for several, at least one Crit and at least one Botch), and the distribution of the total.
pub(crate) fn dice_odds(roll: &DiceRoll) -> Option<Odds> {
    let count = u32::try_from(roll.dice.len()).ok()?;
    let sides = roll.die;
    let marks = exact::marks(sides, count);
    let total = exact::total(sides, count).ok()?;
    let (dice, crit, botch, neither) = if count == 1 {
        (
            format!("d{sides}"),
            format!("Crit (a {sides})"),
            "Botch (a 1)".to_owned(),
            "Neither".to_owned(),
        )
    } else {
        (
            format!("{count}d{sides}"),
            format!("At least one Crit (a {sides})"),
            "At least one Botch (a 1)".to_owned(),
            "No Crit and no Botch".to_owned(),
        )
    };
    let subject = match &roll.who {
        Some(who) => format!("{who}'s {dice}"),
        None if count == 1 => format!("A {dice}"),
        None => dice,
    };
    let what = roll
        .what
        .as_ref()
        .map(|w| format!(" ({w})"))
        .unwrap_or_default();
    Some(Odds {
        summary: format!(
            "{subject}{what}: on each die {sides} is a Crit and 1 a Botch, each with a chance of \
             {} (F1); the faces add up to {count} to {}.",
            skald_core::chance(&marks.crit.to_string(), marks.crit.to_f64()),
            count.saturating_mul(sides)
        ),
        chances: vec![
            Chance::exact(crit, &marks.any_crit),
            Chance::exact(botch, &marks.any_botch),
            Chance::exact(neither, &marks.neither),
        ],
        distribution: total
            .outcomes
            .iter()
            .map(|(sum, weight)| {
                let p = Fraction::new(BigInt::from(weight.clone()), total.total.clone());
                Chance::exact(sum.to_string(), &p)
            })
            .collect(),
    })
}

pub(crate) fn opposed_odds(state: &State, check: &OpposedCheck) -> Option<Odds> {
    let (a, b) = (&check.a, &check.b);
    let side = |c: &crate::model::event::ContestResult| match c.stat {
        Some(stat) => format!("{}'s {stat} {}", c.who, c.adjusted),
        None => format!("{}'s {}", c.who, c.adjusted),
    };
    let reduced = if check.divisor.get() > 1 {
        format!(", reduced to {} against {}", a.reduced, b.reduced)
    } else {
        String::new()
    };
    let method = check.method.label();
    let punishing = if check.punishing {
        format!(
            "; a gap of {} calls for a punishing outcome for the loser",
            check.gap
        )
    } else {
        String::new()
    };
    let how = if check.automatic {
        "a rating reduced to 0 loses without a roll"
    } else {
        "each rolls a d100, the larger margin under the rating wins"
    };
    let summary = format!(
        "{} against {}, {method}{reduced}: {how} (F4){punishing}.",
        side(a),
        side(b)
    );
    let reroll = state.options.both_miss == BothMiss::Reroll;
    let neither_label = if reroll {
        "No winner (the GM rolls again)"
    } else {
        "No winner"
    };
    let mut chances = Vec::new();
    if check.automatic {
        let certain = |yes: bool| fraction(u128::from(yes), 1);
        let winner = check.winner.as_deref();
        chances.push(Chance::exact(
            format!("{} wins", a.who),
            &certain(winner == Some(&a.who)),
        ));
        chances.push(Chance::exact(
            format!("{} wins", b.who),
            &certain(winner == Some(&b.who)),
        ));
        chances.push(Chance::exact(
            neither_label.to_owned(),
            &certain(winner.is_none()),
        ));
    } else {
        let o = exact::opposed(u128::from(a.reduced), u128::from(b.reduced)).ok()?;
        chances.push(Chance::exact(format!("{} wins", a.who), &o.a));
        chances.push(Chance::exact(format!("{} wins", b.who), &o.b));
        chances.push(Chance::exact(neither_label.to_owned(), &o.neither));
        if reroll
            && o.neither.numerator != BigInt::default()
            && let (Some(pa), Some(pb)) = (&o.a_eventually, &o.b_eventually)
        {
            chances.push(Chance::exact(format!("{} wins in the end", a.who), pa));
            chances.push(Chance::exact(format!("{} wins in the end", b.who), pb));
        }
    }
    Some(Odds {
        summary,
        chances,
        distribution: Vec::new(),
    })
}

/// P(each participant takes the round's first turn) and P(a roll-off decides it) (F5, F6): a
/// participant's first turn is its d100 + ALC scaled to its SPD (method 2's other turns come later);
/// ties go to the higher SPD, then the higher LCK, and only a tie on all three is rolled off.
pub(crate) fn initiative_odds(state: &State, initiative: &Initiative) -> Option<Odds> {
    if initiative.rolls.is_empty() {
        return None;
    }
    // Each participant's (turn, SPD, LCK) for each d100 face, sorted for counting.
    let keys: Vec<Vec<(u128, u128, u128)>> = initiative
        .rolls
        .iter()
        .map(|r| {
            let (alc, spd, lck) = (r.alc.get(), r.spd.get(), r.lck.get());
            let mut k: Vec<_> = (1..=100u128)
                .map(|d| (scale(alc + d, spd), spd, lck))
                .collect();
            k.sort_unstable();
            k
        })
        .collect();
    let count = u32::try_from(keys.len()).ok()?;
    let total = BigUint::from(100u8).pow(count);
    let mut decided = BigUint::default();
    let mut chances = Vec::new();
    for (i, roll) in initiative.rolls.iter().enumerate() {
        let mut favourable = BigUint::default();
        for key in &keys[i] {
            let mut ways = BigUint::from(1u8);
            for (j, other) in keys.iter().enumerate() {
                if j != i {
                    ways *= BigUint::from(other.partition_point(|k| k < key));
                }
            }
            favourable += ways;
        }
        decided += &favourable;
        let p = Fraction::new(BigInt::from(favourable), total.clone());
        chances.push(Chance::exact(format!("{} goes first", roll.who), &p));
    }
    let tie = Fraction::new(BigInt::from(&total - &decided), total.clone());
    if tie.numerator != BigInt::default() {
        chances.push(Chance::exact(
            "A roll-off decides who goes first".to_owned(),
            &tie,
        ));
    }
    let method = match state.scene.as_ref().map(|s| s.method) {
        Some(InitiativeMethod::Two) => "F6: a turn every two orders of magnitude",
        _ => "F5",
    };
    let out = if initiative.total_actions.is_empty() {
        String::new()
    } else {
        format!(
            "; {} take{} a Total Action",
            initiative.total_actions.join(", "),
            if initiative.total_actions.len() == 1 {
                "s"
            } else {
                ""
            }
        )
    };
    Some(Odds {
        summary: format!(
            "Round {}: each rolls d100 + ALC scaled to SPD's digits, highest first; ties go to SPD, \
             then LCK, then a roll-off ({method}){out}.",
            initiative.round
        ),
        chances,
        distribution: Vec::new(),
    })
}
