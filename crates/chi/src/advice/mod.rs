//! Advice over the round (issue 32, for [`skald_core::System::advice`] and `skald chi advise
//! FILE`): for a command that declares or rolls an action, or a secret roll's command, what is
//! known at that point of the round (the pool, the dice spent and left, the Difficulties and
//! opponents declared, the off-concept cap, the tie rule) turned into:
//!
//! - the chance that each declared roll not yet rolled succeeds ([`question`]): the command's own
//!   roll, or every entry of the secret roll; a secret allocation not yet revealed is taken as
//!   any of the dice its character may put in, each as likely (C1, C2, C4);
//! - the successes of the character the command acts for: those of this round so far (from the
//!   rolls already made) plus the expected ones of the declared rolls (a win as the actor, a hold
//!   as the defender); for the GM's commands, the expected successes of all the declared rolls;
//! - the reactions still possible by the book (C1): for every other character in play with dice
//!   left once the declared rolls are made, the chance the character holds if that one acts against
//!   it with all of them, defending with what it keeps back;
//! - the allocation adviser's best split ([`mod@allocation`]) of the dice the character
//!   has left over its declared action, keeping back as many as the strongest other character has
//!   left (at most all but one), with its chance and that of holding with the dice kept.
//!
//! For the GM (a fair fight, [`balance`]): under an action's advice, the Difficulty for an easy,
//! even and hard action with its dice; a character being enrolled, each character in play
//! acting against it and an opponent's pool for an easy, even and hard fight.
//!
//! Every chance is exact ([`exact`]) while the work stays within
//! [`crate::limits::MAX_EXACT_WORK`] (rolls taken in order); a roll beyond it is simulated
//! ([`simulate`], [`crate::limits::SIMULATED_PLAYS`] plays, seeded from the state and the command)
//! and shown with its 99.9% margin. Pure and deterministic.

pub mod allocation;
pub mod balance;
pub mod exact;
pub mod question;
pub mod simulate;

use crate::limits::{MAX_EXACT_WORK, SIMULATED_PLAYS};
use crate::model::command::Command;
use crate::model::event::{Event, Outcome};
use crate::model::options::TieRule;
use crate::model::state::State;
use crate::odds::tie_words;
use allocation::{Goal, Plan, Planned, advise};
use exact::Sums;
use num_bigint::{BigInt, BigUint};
use question::{Against, Declared, Dice, Question};
use skald_core::{Chance, Odds, capitalized};
use skald_dice::odds::Fraction;

/// A chance worked out: exact, or `hits` of `plays` simulated plays.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Exact(Fraction),
    Estimate { hits: u64, plays: u64 },
}

impl Value {
    /// The chance of the other outcome.
    fn complement(&self) -> Value {
        match self {
            Value::Exact(p) => {
                let den = BigInt::from(p.denominator.clone());
                Value::Exact(Fraction::new(&den - &p.numerator, p.denominator.clone()))
            }
            Value::Estimate { hits, plays } => Value::Estimate {
                hits: plays - hits,
                plays: *plays,
            },
        }
    }

    fn chance(&self, label: String) -> Chance {
        match self {
            Value::Exact(p) => Chance::exact(label, p),
            Value::Estimate { hits, plays } => Chance::estimate(label, *hits, *plays),
        }
    }
}

/// Works out the chances of rolls, exactly while the budget lasts, then by simulation.
struct Worker {
    sums: Sums,
    budget: u64,
    tie: TieRule,
    seed: Vec<u8>,
    rolls: u64,
}

impl Worker {
    fn value(&mut self, roll: &Declared) -> Option<Value> {
        self.rolls += 1;
        let work = exact::work(roll);
        if work <= self.budget {
            self.budget -= work;
            return exact::chance(roll, self.tie, &mut self.sums)
                .ok()
                .map(Value::Exact);
        }
        let seed = simulate::seed(&[&self.seed, &self.rolls.to_le_bytes()]);
        let hits = simulate::hits(roll, self.tie, &mut self.sums, seed, SIMULATED_PLAYS).ok()?;
        Some(Value::Estimate {
            hits,
            plays: SIMULATED_PLAYS,
        })
    }
}

/// An expected number of successes: an exact sum, and the estimates' means and margins.
#[derive(Default)]
struct Expected {
    num: BigUint,
    den: Option<BigUint>,
    estimated: f64,
    margin_squared: f64,
}

impl Expected {
    fn add(&mut self, value: &Value) {
        match value {
            Value::Exact(p) => {
                let n = p.numerator.to_biguint().unwrap_or_default();
                match self.den.take() {
                    None => {
                        self.num = n;
                        self.den = Some(p.denominator.clone());
                    }
                    Some(den) => {
                        let sum = Fraction::new(
                            BigInt::from(&self.num * &p.denominator + &n * &den),
                            &den * &p.denominator,
                        );
                        self.num = sum.numerator.to_biguint().unwrap_or_default();
                        self.den = Some(sum.denominator);
                    }
                }
            }
            Value::Estimate { .. } => {
                let c = value.chance(String::new());
                self.estimated += c.decimal;
                self.margin_squared += c.margin.unwrap_or(0.0).powi(2);
            }
        }
    }

    fn add_whole(&mut self, count: u32) {
        self.add(&Value::Exact(Fraction::new(
            BigInt::from(count),
            BigUint::from(1u8),
        )));
    }

    /// In words: `1.62 (13/8)` when exact; `about 1.62 ± 0.01 (simulated)` with estimates.
    fn words(&self) -> String {
        let exact = match &self.den {
            Some(den) => Fraction::new(BigInt::from(self.num.clone()), den.clone()),
            None => Fraction::new(BigInt::from(0u8), BigUint::from(1u8)),
        };
        if self.margin_squared == 0.0 {
            let text = exact.to_string();
            if text.contains('/') {
                return format!("{:.2} ({text})", exact.to_f64());
            }
            return text;
        }
        format!(
            "about {:.2} ± {:.2} (simulated)",
            exact.to_f64() + self.estimated,
            self.margin_squared.sqrt().max(0.005)
        )
    }
}

/// The advice beyond the roll of `command` at `state` (see the module docs), as a page shows it:
/// a summary and one chance per line; for an `action`, then the Difficulty for an easy, even and
/// hard action with its dice; for an `enroll`, a fair fight ([`balance`]). `None` for a command
/// that declares no roll, or one the rules would refuse now.
pub fn advice(state: &State, command: &Command) -> Option<Odds> {
    if let Command::Enroll { character } = command {
        return balance::enroll_advice(state, character);
    }
    let question = Question::of(state, command)?;
    let seed = [
        serde_json::to_vec(state).unwrap_or_default(),
        serde_json::to_vec(command).unwrap_or_default(),
    ]
    .concat();
    let mut odds = answer(state, &question, seed)?;
    // The GM's number (C3): the Difficulty that makes this action easy, even or hard.
    if let Command::Action {
        spend, modifier, ..
    } = command
    {
        odds.chances.extend(balance::difficulty_chances(
            *spend,
            *modifier,
            state.options.tie,
        ));
    }
    Some(odds)
}

/// The advice for `who` choosing in secret to put `spend` dice in the open secret roll (the
/// table's `allocate`, C4): the secret roll's question ([`Question::open`]) with `who`'s dice
/// known as `spend` and every other sealed allocation taken as any it may be. `None` when `who`
/// has no allocation to make now or `spend` is outside what it may put in
/// ([`crate::rules::secret::allocation_bounds`]). Seeded from the state, `who` and `spend`.
pub fn allocation(state: &State, who: &str, spend: u32) -> Option<Odds> {
    let (least, most) = crate::rules::secret::allocation_bounds(state, who).ok()?;
    if !(least..=most).contains(&spend) {
        return None;
    }
    let mut question = Question::open(state, who)?;
    question.choose(who, spend);
    let seed = [
        serde_json::to_vec(state).unwrap_or_default(),
        who.as_bytes().to_vec(),
        spend.to_le_bytes().to_vec(),
    ]
    .concat();
    answer(state, &question, seed)
}

/// The advice on `question` asked at `state` (the state before its command), its simulations
/// seeded from `seed` (any bytes that tell the question apart: the state and the command as
/// JSON). `None` only if the odds engine refuses a sum of d6 (it does not for 0-100 d6).
pub fn answer(state: &State, question: &Question, seed: Vec<u8>) -> Option<Odds> {
    let mut worker = Worker {
        sums: Sums::default(),
        budget: MAX_EXACT_WORK,
        tie: state.options.tie,
        seed,
        rolls: 0,
    };
    let mut chances = Vec::new();
    let mut mine = Expected::default();
    let mut all = Expected::default();
    let focus = question.focus.as_deref();
    for roll in &question.declared {
        let value = worker.value(roll)?;
        chances.push(value.chance(declared_label(roll)));
        all.add(&value);
        if focus == Some(roll.who.as_str()) {
            mine.add(&value);
        }
        if let Against::Defender { who, .. } = &roll.against
            && focus == Some(who.as_str())
        {
            mine.add(&value.complement());
        }
    }
    let secret = question.declared.iter().any(|roll| {
        matches!(roll.dice, Dice::Secret { .. })
            || matches!(
                roll.against,
                Against::Defender {
                    dice: Dice::Secret { .. },
                    ..
                }
            )
    });
    let tie = match secret {
        true => format!(
            "Secret dice are taken as any they may be, each as likely (C4); {}",
            tie_words(state.options.tie)
        ),
        false => capitalized(tie_words(state.options.tie)),
    };
    let summary = match focus.and_then(|f| question.state.characters.get(f).map(|c| (f, c))) {
        Some((who, character)) => {
            let so_far = successes_so_far(state, who);
            mine.add_whole(so_far);
            chances.extend(reactions(question, who, &mut worker)?);
            chances.extend(adviser(question, who, &mut worker)?);
            format!(
                "{who} in round {}: {} of {} {} left, {} so far this round; expected successes by \
                 the end of the declared rolls: {} (C1). {tie} (C3).",
                question.state.round,
                character.left(),
                character.sheet.current,
                if character.sheet.current == 1 {
                    "die"
                } else {
                    "dice"
                },
                successes(so_far),
                mine.words()
            )
        }
        None => format!(
            "Round {}: the declared rolls; expected successes among them: {} (C1). {tie} (C3).",
            question.state.round,
            all.words()
        ),
    };
    Some(Odds {
        summary,
        chances,
        distribution: Vec::new(),
    })
}

fn successes(count: u32) -> String {
    match count {
        0 => "no success".to_owned(),
        1 => "1 success".to_owned(),
        n => format!("{n} successes"),
    }
}

/// The successes of `who` in the rolls of this round so far: its actions that succeeded, the
/// opposed actions it won (as actor or defender).
fn successes_so_far(state: &State, who: &str) -> u32 {
    let count = state
        .rolls
        .iter()
        .filter(|event| match event {
            Event::ActionRolled(roll) => roll.who == who && roll.outcome == Outcome::Success,
            Event::OpposedRolled(roll) => roll.winner == who,
            _ => false,
        })
        .count();
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// The dice `who` is known to put into the declared rolls, `None` when any is secret.
fn dice_declared(question: &Question, who: &str) -> Option<u32> {
    let mut total = 0;
    for roll in &question.declared {
        if roll.who == who {
            let Dice::Known(k) = roll.dice else {
                return None;
            };
            total += k;
        }
        if let Against::Defender { who: d, dice } = &roll.against
            && d == who
        {
            let Dice::Known(k) = dice else {
                return None;
            };
            total += k;
        }
    }
    Some(total)
}

/// The dice `who` has left once the declared rolls are made, `None` when its own are secret.
fn left_after(question: &Question, who: &str) -> Option<u32> {
    let left = question.state.characters.get(who)?.left();
    Some(left.saturating_sub(dice_declared(question, who)?))
}

/// The characters other than `who` in play with dice left after the declared rolls, with those
/// dice, most first (ties by name).
fn others(question: &Question, who: &str) -> Vec<(String, u32)> {
    let mut others: Vec<(String, u32)> = question
        .state
        .characters
        .iter()
        .filter(|(name, c)| name.as_str() != who && !c.out_of_play())
        .filter_map(|(name, _)| Some((name.clone(), left_after(question, name)?)))
        .filter(|(_, left)| *left > 0)
        .collect();
    others.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    others
}

/// The reactions still possible (C1): each other character acting against `who` with all the
/// dice it has left, `who` defending with what it keeps back.
fn reactions(question: &Question, who: &str, worker: &mut Worker) -> Option<Vec<Chance>> {
    let Some(kept) = left_after(question, who) else {
        return Some(Vec::new());
    };
    let mut chances = Vec::new();
    for (other, dice) in others(question, who) {
        let roll = Declared {
            who: other.clone(),
            dice: Dice::Known(dice),
            modifier: 0,
            fits_concept: true,
            against: Against::Defender {
                who: who.to_owned(),
                dice: Dice::Known(kept),
            },
        };
        let holds = worker.value(&roll)?.complement();
        chances.push(holds.chance(format!(
            "If {other} acts against {who} with its {} left, {who} holds with {}",
            dice_words(Dice::Known(dice)),
            kept_words(kept)
        )));
    }
    Some(chances)
}

/// The adviser's best split of what `who` has left over its declared action against a
/// Difficulty, keeping back as many as the strongest other character has left (at most all but
/// one): its chance, and the chance of holding with the dice kept back against that character.
fn adviser(question: &Question, who: &str, worker: &mut Worker) -> Option<Vec<Chance>> {
    let character = question.state.characters.get(who)?;
    let Some((roll, difficulty)) = question.declared.iter().find_map(|r| match r.against {
        Against::Difficulty(d) if r.who == who => Some((r, d)),
        _ => None,
    }) else {
        return Some(Vec::new());
    };
    let left = character.left();
    let strongest = question
        .state
        .characters
        .iter()
        .filter(|(name, c)| name.as_str() != who && !c.out_of_play() && c.left() > 0)
        .map(|(name, c)| (name.clone(), c.left()))
        .max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.cmp(&a.0)));
    let reserve = strongest
        .as_ref()
        .map_or(0, |(_, dice)| (*dice).min(left.saturating_sub(1)));
    let plan = Plan {
        current: character.sheet.current,
        left,
        reserve,
        actions: vec![Planned {
            difficulty,
            modifier: roll.modifier,
            fits_concept: roll.fits_concept,
        }],
        goal: Goal::All,
        tie: worker.tie,
    };
    let Ok(split) = advise(&plan) else {
        return Some(Vec::new());
    };
    let dice = *split.dice.first()?;
    let p = split.p_success.first()?;
    // Worded as the rule it follows, not as a verdict: the dice kept back are fixed by the
    // strongest other character's, and a fresh user read "the adviser's split" as advice to put
    // fewer dice in than declared.
    let label = match &strongest {
        Some((name, n)) if split.kept > 0 => format!(
            "Keeping back as many dice as {name} has left ({}, at most all but one): {} of \
             {who}'s {left} left into the action, {} kept back: success",
            dice_words(Dice::Known(*n)),
            dice_words(Dice::Known(dice)),
            split.kept
        ),
        _ => format!(
            "{} of {who}'s {left} left into the action, none kept back: success",
            dice_words(Dice::Known(dice))
        ),
    };
    let mut chances = vec![Chance::exact(label, p)];
    if let Some((name, n)) = strongest
        && split.kept > 0
    {
        let roll = Declared {
            who: name.clone(),
            dice: Dice::Known(n),
            modifier: 0,
            fits_concept: true,
            against: Against::Defender {
                who: who.to_owned(),
                dice: Dice::Known(split.kept),
            },
        };
        let holds = worker.value(&roll)?.complement();
        chances.push(holds.chance(format!(
            "With that split, {who} holds with {} if {name} acts against it with its {} left",
            kept_words(split.kept),
            dice_words(Dice::Known(n))
        )));
    }
    Some(chances)
}

/// Dice kept back in words: `the 2 dice kept back`, `no dice kept back (its modifier alone)`.
fn kept_words(kept: u32) -> String {
    match kept {
        0 => "no dice kept back (its modifier alone)".to_owned(),
        k => format!("the {} kept back", dice_words(Dice::Known(k))),
    }
}

/// Dice in words: `1 die`, `3 dice`, `a secret 1 to 4 dice`.
fn dice_words(dice: Dice) -> String {
    match dice {
        Dice::Known(1) => "1 die".to_owned(),
        Dice::Known(k) => format!("{k} dice"),
        Dice::Secret { least, most } => format!("a secret {least} to {most} dice"),
    }
}

fn signed(modifier: i32) -> String {
    match modifier {
        0 => String::new(),
        m if m > 0 => format!(" + {m}"),
        m => format!(" − {}", m.unsigned_abs()),
    }
}

/// A declared roll in words, as the chance of its success.
fn declared_label(roll: &Declared) -> String {
    let concept = if roll.fits_concept {
        ""
    } else {
        ", off-concept (C2)"
    };
    match &roll.against {
        Against::Difficulty(d) => format!(
            "{}'s action succeeds: {}{} against Difficulty {d}{concept}",
            roll.who,
            dice_words(roll.dice),
            signed(roll.modifier)
        ),
        Against::Defender { who, dice } => format!(
            "{} beats {who}: {}{} against {} (a tie goes to {who}){concept}",
            roll.who,
            dice_words(roll.dice),
            signed(roll.modifier),
            dice_words(*dice)
        ),
    }
}
