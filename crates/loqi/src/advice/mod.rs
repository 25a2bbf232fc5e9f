//! Advice over the problem (issue 32, for [`skald_core::System::advice`] and `skald loqi advise
//! FILE`): for the open problem with both outcomes proposed, the chance that each outcome is the
//! one selected, given the tallies now and the influence that may still be spent on them (L3-L5).
//!
//! The model (`docs/loqi.md`, "Advice over the problem"): everyone who may still spend (the
//! holders of [`question`]) spends, before the roll, an amount from none to all it holds on the
//! outcome it backs, each amount as likely and each holder's independent of the others'; the
//! likelihoods move by the amounts and the d12 decides (L3; L4 with the option). Nobody at the
//! table knows more of what the others are willing to spend: the book lets a bidding war be
//! settled by whoever is willing to spend more, and that willingness is what is unknown. With
//! it, for whom the advice is (the command's spender or author):
//!
//! - each outcome's chance under the model;
//! - when the advised one may still spend, the chance of the outcome it backs if it spends
//!   nothing more, and if it spends all it holds (the others as in the model);
//! - the chance of that outcome if everyone spends all it holds: the bidding war to the end.
//!
//! Every chance is exact ([`exact`]) while `exact::work` stays within the budget
//! ([`Budget::TABLE`]: [`crate::limits::MAX_EXACT_WORK`]); beyond it they are simulated
//! ([`simulate`], [`crate::limits::SIMULATED_PLAYS`] plays, seeded from the question) and shown
//! with their 99.9% margins. Pure and deterministic: no clock, no global random source.
//!
//! The GM's outcome drafted once the player's is proposed also gets a fair fight ([`balance`]):
//! the impact for an easy, even or hard fight, the party winning when the player's outcome is
//! selected under the same model. [`value`] holds the data every file here shares ([`Budget`],
//! [`Value`]).

pub mod balance;
pub mod exact;
pub mod question;
pub mod simulate;
pub mod value;

pub use value::{Budget, Value};

use crate::model::{Command, GM, Side, State};
use crate::rules::chances::CERTAIN_ADVANTAGE;
use crate::rules::traits::signed;
use question::{Backing, Holder, Question};
use skald_core::{Fight, Odds, capitalized};

/// The advice on a [`Question`]: one model for every chance, so they compare.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Advice {
    /// What was asked.
    pub question: Question,
    /// Whether the chances are exact (else simulated, `plays` each).
    pub exact: bool,
    /// The plays of each simulated chance; 0 when exact.
    pub plays: u64,
    /// The player's outcome's chance of being selected, under the model (the GM's is the rest).
    pub player: Value,
    /// The chance of the outcome the advised one backs if it spends nothing more; `None` when it
    /// may not spend.
    pub focus_none: Option<Value>,
    /// The same if it spends all it holds on that outcome now; `None` when it may not spend.
    pub focus_all: Option<Value>,
    /// The chance of the outcome the advised one backs if everyone spends all it holds (the
    /// bidding war to the end); `None` when nobody may spend.
    pub all_in: Option<Value>,
}

/// The advice on `question` within `budget` (see the module docs): exact when
/// `exact::work` fits `budget.exact_work`, else simulated, `budget.plays` plays seeded from the
/// question. Never refused: a question too large for exact work is simulated.
pub fn advise(question: &Question, budget: Budget) -> Advice {
    let backs = question.focus_backs;
    let seed = simulate::question_seed(question);
    let exact = exact::work(question).is_some_and(|w| w <= budget.exact_work);
    let (player, none, all, plays) = if exact {
        let e = exact::answer(question);
        (
            Value::Exact(e.model),
            e.none.map(Value::Exact),
            e.all.map(Value::Exact),
            0,
        )
    } else {
        let c = simulate::play(question, budget.plays, seed);
        let value = |hits| Value::Estimate {
            hits,
            plays: c.plays,
        };
        (value(c.model), c.none.map(value), c.all.map(value), c.plays)
    };
    let all_in = (!question.holders.is_empty()).then(|| {
        let every = question.holders.iter().fold(question.difference(), |d, h| {
            d.saturating_add(h.sign().saturating_mul(h.pool))
        });
        let levels = every.unsigned_abs() / CERTAIN_ADVANTAGE.unsigned_abs() + 1;
        let cost = if question.unlikely_outcomes {
            levels.saturating_mul(levels / 16 + 1)
        } else {
            1
        };
        let exactly =
            exact::at(every, question.unlikely_outcomes).filter(|_| cost <= budget.exact_work);
        let player = match exactly {
            Some(p) => Value::Exact(p),
            None => {
                let plays = budget.plays.max(1);
                let seed = simulate::seed(&[&seed.to_le_bytes(), b"everyone spends all"]);
                let hits = simulate::fixed(every, question.unlikely_outcomes, plays, seed);
                Value::Estimate { hits, plays }
            }
        };
        player.of(backs)
    });
    Advice {
        question: question.clone(),
        exact,
        plays,
        player,
        focus_none: none.map(|v| v.of(backs)),
        focus_all: all.map(|v| v.of(backs)),
        all_in,
    }
}

/// The advice beyond the roll of `command` at `state` ([`skald_core::System::advice`]), as a page
/// shows it: a summary and one chance per line. `None` for a command that gets none (see
/// [`Question::of`]: `resolve` rolls now and its odds are exact; a problem without both
/// outcomes has nothing to weigh) or that the rules would refuse now.
///
/// The GM's outcome drafted once the player's is proposed ([`balance::Draft::of`]) gets a fair
/// fight besides (issue 32): the advice as drafted, then the impact proposed for an easy, even
/// and hard fight ([`balance::balance`] with [`Budget::TABLE`]); it is given while the
/// description is still blank and while a consequence is refused, since neither moves a
/// likelihood.
pub fn advice(state: &State, command: &Command) -> Option<Odds> {
    if let Some(draft) = balance::Draft::of(state, command) {
        let fair = balance::balance(&draft, &Fight::ALL, Budget::TABLE)?;
        let mut odds = words(&advise(&fair.question, Budget::TABLE));
        odds.summary.push(' ');
        odds.summary.push_str(&balance::summary(&fair));
        odds.chances.extend(balance::chances(&fair));
        return Some(odds);
    }
    let question = Question::of(state, command)?;
    Some(words(&advise(&question, Budget::TABLE)))
}

/// The advice at `state` for `who` (a character's name or `"GM"`), with no command: `None`
/// unless a problem is open with both outcomes proposed (`skald loqi advise FILE` between
/// steps).
pub fn position(state: &State, who: &str) -> Option<Odds> {
    let question = Question::at(state, who)?;
    Some(words(&advise(&question, Budget::TABLE)))
}

/// The advice in words: a summary (the problem, who may still spend, the model) and its chances.
pub fn words(advice: &Advice) -> Odds {
    let q = &advice.question;
    // An outcome and who proposed it: "the player's outcome (Tiran)", "the GM's outcome (Tiran)"
    // when a player took the GM's part over, and the GM's own said once, "the GM's outcome".
    let outcome = |side: Side| match q.author(side) {
        GM if side == Side::Gm => side.outcome_phrase().to_owned(),
        by => format!("{} ({})", side.outcome_phrase(), name(by)),
    };
    let mut chances = vec![
        advice.player.chance(format!(
            "{} is selected",
            capitalized(&outcome(Side::Player))
        )),
        advice
            .player
            .complement()
            .chance(format!("{} is selected", capitalized(&outcome(Side::Gm)))),
    ];
    let backed = capitalized(&outcome(q.focus_backs));
    let focus = name(&q.focus);
    if let (Some(none), Some(all), Some(h)) =
        (&advice.focus_none, &advice.focus_all, q.focus_holder())
    {
        chances.push(none.chance(format!(
            "{backed}, if {focus} spends nothing more of the {} held",
            h.pool
        )));
        chances.push(all.chance(format!(
            "{backed}, if {focus} spends all {} held on it",
            h.pool
        )));
    }
    if let Some(all_in) = &advice.all_in {
        chances.push(all_in.chance(format!(
            "{backed}, if everyone spends all held (the bidding war to the end)"
        )));
    }
    let likelihoods = format!(
        "Problem {}: the player's outcome at {} and the GM's at {}, advantage {}",
        q.problem,
        signed(q.player),
        signed(q.gm),
        q.difference().saturating_abs()
    );
    let l4 = if q.unlikely_outcomes {
        " The table plays unlikely outcomes (L4)."
    } else {
        ""
    };
    let summary = if q.holders.is_empty() {
        format!(
            "{likelihoods}. Nobody may still spend influence on it (L5), so these are the roll's \
             chances (L3).{l4}"
        )
    } else {
        let how = if advice.exact {
            "exact".to_owned()
        } else {
            format!(
                "simulated, {} plays, each chance with its 99.9% margin",
                advice.plays
            )
        };
        format!(
            "{likelihoods}. Influence that may still be spent on it (L5): {}. The model: each \
             spends, before the roll, any amount from none to all it holds on the outcome it \
             backs, each amount as likely (docs/loqi.md, \"Advice over the problem\"); {how}.{l4}",
            holders_words(&q.holders)
        )
    };
    Odds {
        summary,
        chances,
        distribution: Vec::new(),
    }
}

/// The holders listed: "Tiran 8 for the player's outcome (spent for it), the GM 10 for the GM's
/// outcome"; past eight, how many more.
fn holders_words(holders: &[Holder]) -> String {
    const LISTED: usize = 8;
    let mut items: Vec<String> = holders
        .iter()
        .take(LISTED)
        .map(|h| {
            let why = match h.why {
                Backing::Spent => " (spent for it)",
                Backing::Proposed => " (proposed it)",
                Backing::TheGm => "",
                Backing::BetterForThePcs => " (better for the PCs)",
            };
            format!(
                "{} {} for {}{why}",
                name(&h.who),
                h.pool,
                h.backs.outcome_phrase()
            )
        })
        .collect();
    if holders.len() > LISTED {
        items.push(format!("and {} more", holders.len() - LISTED));
    }
    items.join(", ")
}

/// A name as a sentence's subject reads it: "the GM" for `"GM"`.
fn name(who: &str) -> String {
    if who == GM {
        "the GM".to_owned()
    } else {
        who.to_owned()
    }
}
