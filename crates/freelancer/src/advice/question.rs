//! What the advice over the event is asked about ([`Question::of`]): the task a check command sets,
//! who on the checker's side could try it and how each attempt of theirs would come out, the
//! attempts left in the round under way in turn order, and who rolls the next round's initiative.
//!
//! The command is checked as the rules check it (`decide` with a fixed die, which only says what
//! the rules would compute before the roll): a command the rules would refuse gets no question,
//! and each other character's attempt is the same command decided with `who` set to it.

use crate::model::command::{Command, RatingSource};
use crate::model::event::Event;
use crate::model::options::InitiativeMethod;
use crate::model::sheet::{Kind, Rating};
use crate::model::state::State;
use crate::rules::lookup::rating_of;
use crate::rules::task_check::{chance_outcome, outcome};
use crate::{limits::MAX_ROUNDS, model::check::Outcome, rules};
use skald_dice::Scripted;

/// How one face of the d100 ends an attempt (F1, F3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// A success or a Crit: the task goes through.
    Success,
    /// A failure (minor or not): the character may try again.
    Failure,
    /// A Botch: the character's tries are over.
    Botch,
}

impl Class {
    fn of(outcome: Outcome) -> Class {
        match outcome {
            Outcome::Success | Outcome::Crit => Class::Success,
            Outcome::Failure => Class::Failure,
            Outcome::Botch => Class::Botch,
        }
    }
}

/// One character's attempt at the task: how each face of the d100 ends it. A band that rolls no
/// die (F3) gives every face the same class: a success at a difference of 0 or less, a Botch at
/// 151 or more.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// The class of faces 1 to 100, in order.
    pub faces: Vec<Class>,
}

impl Attempt {
    /// Faces of `class`, 0 to 100.
    pub fn count(&self, class: Class) -> u32 {
        let n = self.faces.iter().filter(|c| **c == class).count();
        u32::try_from(n).unwrap_or(100)
    }

    /// The class of d100 face `face` (1-100).
    pub fn class(&self, face: u32) -> Class {
        self.faces
            .get(face.saturating_sub(1) as usize)
            .copied()
            .unwrap_or(Class::Failure)
    }
}

/// A character who would try the task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempter {
    /// The character.
    pub who: String,
    /// Its attempt, as the rules would decide it for this character.
    pub attempt: Attempt,
}

/// A participant rolling the next round's initiative (F5), with what orders its turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roller {
    /// The participant.
    pub who: String,
    /// ALC (added to the d100).
    pub alc: u128,
    /// SPD (the roll is scaled to its digits; ties go to the higher).
    pub spd: u128,
    /// LCK (ties next; 0 when the sheet has none).
    pub lck: u128,
    /// Its index among the attempters, if it would try the task.
    pub attempter: Option<usize>,
}

/// The question a check asks during an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// The task in words: `DIS against 75`, `a 40% chance`.
    pub task: String,
    /// Who would try it; the checker is the first, its attempt made now.
    pub attempters: Vec<Attempter>,
    /// The attempts left in the round under way after the check now, in turn order: the
    /// attempter and its Full Actions at that turn.
    pub this_round: Vec<(usize, u32)>,
    /// The round under way, if any.
    pub round: Option<u64>,
    /// The next round's number, or `None` when the event can have no more rounds.
    pub next_round: Option<u64>,
    /// Who rolls the next round's initiative, in the event's order (Total Actions declared left
    /// out); every roller, since the slowest turn sets the extra Full Actions.
    pub rollers: Vec<Roller>,
    /// Initiative method 1 or 2.
    pub method: InitiativeMethod,
}

impl Question {
    /// The question `command` asks at `state`: a `task_check` or `chance_check` the rules would
    /// take now while an event is under way. `None` otherwise.
    pub fn of(state: &State, command: &Command) -> Option<Question> {
        let scene = state.scene.as_ref()?;
        let (checker, task) = match command {
            Command::TaskCheck { who, rating, .. } => {
                (who.clone(), task_words(state, command, rating)?)
            }
            Command::ChanceCheck { who, .. } => (who.clone(), String::new()),
            _ => return None,
        };
        let first = attempt(state, command)?;
        let task = match (command, &first.1) {
            (Command::ChanceCheck { .. }, Some(chance)) => format!("a {chance}% chance"),
            _ => task,
        };
        let mut attempters = vec![Attempter {
            who: checker.clone(),
            attempt: first.0,
        }];
        let kind = state.characters.get(&checker)?.kind;
        let helpers_may = matches!(
            command,
            Command::TaskCheck {
                rating: RatingSource::Sheet(_),
                ..
            }
        );
        if helpers_may {
            for name in &scene.participants {
                let Some(sheet) = state.characters.get(name) else {
                    continue;
                };
                let opponent =
                    matches!(command, Command::TaskCheck { opponent: Some(o), .. } if o == name);
                if *name == checker || opponent || (sheet.kind == Kind::Pc) != (kind == Kind::Pc) {
                    continue;
                }
                if let Some((attempt, _)) = attempt(state, &with_who(command, name)) {
                    attempters.push(Attempter {
                        who: name.clone(),
                        attempt,
                    });
                }
            }
        }
        let index = |who: &str| attempters.iter().position(|a| a.who == who);
        let round = scene.round_under_way();
        let mut this_round = Vec::new();
        if let Some(round) = round {
            for (i, slot) in round.order.iter().enumerate().skip(round.next) {
                let Some(at) = index(&slot.who) else {
                    continue;
                };
                // The check now is a Full Action of the checker's turn when that turn is now (F7).
                let used = u32::from(i == round.next && at == 0);
                let left = slot.actions.saturating_sub(used);
                if left > 0 {
                    this_round.push((at, left));
                }
            }
        }
        let next_round = (scene.rounds < MAX_ROUNDS).then_some(scene.rounds + 1);
        let mut rollers = Vec::new();
        if next_round.is_some() {
            for name in &scene.participants {
                if scene.declared.contains(name) {
                    continue;
                }
                let sheet = state.characters.get(name)?;
                rollers.push(Roller {
                    who: name.clone(),
                    alc: rating_of(state, sheet, "who", Rating::Alc).ok()?,
                    spd: rating_of(state, sheet, "who", Rating::Spd).ok()?,
                    lck: rating_of(state, sheet, "who", Rating::Lck).unwrap_or(0),
                    attempter: index(name),
                });
            }
        }
        Some(Question {
            task,
            attempters,
            this_round,
            round: round.map(|r| r.number),
            next_round,
            rollers,
            method: scene.method,
        })
    }

    /// The checker: the first attempter.
    pub fn checker(&self) -> &str {
        self.attempters.first().map_or("", |a| a.who.as_str())
    }
}

/// `command` with `who` set to `name`.
fn with_who(command: &Command, name: &str) -> Command {
    let mut other = command.clone();
    if let Command::TaskCheck { who, .. } | Command::ChanceCheck { who, .. } = &mut other {
        *who = name.to_owned();
    }
    other
}

/// The attempt `command` makes, as the rules decide it (any face does: the outcome of each face is
/// taken from the difference or chance the rules computed), and a chance check's chance.
fn attempt(state: &State, command: &Command) -> Option<(Attempt, Option<u32>)> {
    let events = rules::decide(state, command, &mut Scripted::new(vec![50])).ok()?;
    let faces: Vec<Class> = match events.first()? {
        Event::TaskChecked(task) => {
            let difference = task.check.difference;
            let rolls = task.check.band.rolls();
            (1..=100)
                .map(|face| Class::of(outcome(difference, rolls.then_some(face))))
                .collect()
        }
        Event::ChanceChecked(check) => {
            let faces = (1..=100)
                .map(|face| Class::of(chance_outcome(check.chance, face)))
                .collect();
            return Some((Attempt { faces }, Some(check.chance)));
        }
        _ => return None,
    };
    Some((Attempt { faces }, None))
}

/// The task in words, from the command: `DIS against 75`, `rating 27 against the guard's WIL`.
fn task_words(state: &State, command: &Command, rating: &RatingSource) -> Option<String> {
    let Command::TaskCheck {
        difficulty,
        opponent,
        opponent_rating,
        adjust,
        ..
    } = command
    else {
        return None;
    };
    let rating = match rating {
        RatingSource::Sheet(stat) => stat.abbreviation().to_owned(),
        RatingSource::Value(_) => "a rating".to_owned(),
    };
    let adjusted = if adjust.is_empty() { "" } else { " (adjusted)" };
    let against = match (difficulty, opponent, opponent_rating) {
        (Some(d), _, _) => d
            .check("difficulty", 0, crate::limits::MAX_RATING, "")
            .ok()?
            .to_string(),
        (None, Some(name), Some(stat)) => {
            let value = state
                .characters
                .get(name)
                .and_then(|sheet| rating_of(state, sheet, "opponent_rating", *stat).ok())?;
            format!("{name}'s {stat} {value}")
        }
        _ => return None,
    };
    Some(format!("{rating}{adjusted} against {against}"))
}
