//! What the advice is asked about: the rolls of the round declared and not yet rolled, each with
//! the dice known or still secret (C4), read from a command at a state ([`Question::of`]).
//!
//! A command that rolls (`action`, `opposed`) declares its one roll; a secret roll (`secret_open`,
//! `secret_commit`, `secret_reveal`, `secret_roll`) declares every entry of it, each allocation known
//! once revealed (or revealed by the command itself) and otherwise secret: a range of dice, from
//! the fewest the role allows (1 to act, 0 to defend) to the dice left and the off-concept cap
//! (C1, C2). Every command is checked as the rules check it (`decide` with no dice for the secret
//! commands, which roll none); one the rules would refuse gets no question.

use crate::model::command::{Command, Side};
use crate::model::state::{Role, SecretRoll, State};
use crate::rules::round::{self, ACTION, ACTOR, DEFENDER};
use crate::rules::{self, apply};
use skald_dice::Scripted;

/// The dice one side puts in: known, or secret within a range (C4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dice {
    /// Known: this many d6.
    Known(u32),
    /// Secret: any of `least..=most` d6, each taken as equally likely.
    Secret {
        /// The fewest it may put in (1 to act, 0 to defend).
        least: u32,
        /// The most: its dice left, within its off-concept cap (C1, C2).
        most: u32,
    },
}

impl Dice {
    /// The number of allocations it may be: 1 when known.
    pub fn choices(self) -> u32 {
        match self {
            Dice::Known(_) => 1,
            Dice::Secret { least, most } => most - least + 1,
        }
    }

    /// The `i`-th allocation it may be (`i` below [`Dice::choices`]).
    pub fn nth(self, i: u32) -> u32 {
        match self {
            Dice::Known(k) => k,
            Dice::Secret { least, .. } => least + i,
        }
    }

    /// The most it may be.
    pub fn most(self) -> u32 {
        match self {
            Dice::Known(k) => k,
            Dice::Secret { most, .. } => most,
        }
    }
}

/// What a declared roll is against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Against {
    /// The GM's Difficulty, in d6 (1-100); ties settled by the table's rule (C3).
    Difficulty(u32),
    /// Another character's reaction; a tie goes to it (C3).
    Defender {
        /// The defender.
        who: String,
        /// The dice it keeps back for the reaction.
        dice: Dice,
    },
}

/// One roll of the round, declared and not yet rolled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declared {
    /// The acting character.
    pub who: String,
    /// The dice it puts in.
    pub dice: Dice,
    /// Its modifier; for an opposed action, the actor's minus the defender's.
    pub modifier: i32,
    /// The GM's concept call on it (C2).
    pub fits_concept: bool,
    /// What it is against.
    pub against: Against,
}

/// The question: the state the declared rolls are rolled in, the character the command acts for
/// (none for the GM's `secret_open` and `secret_roll`), and the rolls.
#[derive(Debug, Clone)]
pub struct Question {
    /// The state before the declared rolls (after the command, for a secret command).
    pub state: State,
    /// The character the advice is for.
    pub focus: Option<String>,
    /// The declared rolls, in rolling order.
    pub declared: Vec<Declared>,
}

impl Question {
    /// The question `command` asks at `state`; `None` for a command that declares no roll, or one
    /// the rules would refuse now.
    pub fn of(state: &State, command: &Command) -> Option<Question> {
        match command {
            Command::Action {
                who,
                spend,
                difficulty,
                modifier,
                fits_concept,
                ..
            } => {
                if state.secret.is_some() || state.between_sessions {
                    return None;
                }
                let side = Side {
                    who: who.clone(),
                    spend: *spend,
                    modifier: *modifier,
                    fits_concept: *fits_concept,
                };
                round::check_side(state, side, &ACTION).ok()?;
                round::check_difficulty("difficulty", *difficulty).ok()?;
                Some(Question {
                    state: state.clone(),
                    focus: Some(who.clone()),
                    declared: vec![Declared {
                        who: who.clone(),
                        dice: Dice::Known(*spend),
                        modifier: *modifier,
                        fits_concept: *fits_concept,
                        against: Against::Difficulty(*difficulty),
                    }],
                })
            }
            Command::Opposed { actor, defender } => {
                if state.secret.is_some() || state.between_sessions || actor.who == defender.who {
                    return None;
                }
                round::check_side(state, actor.clone(), &ACTOR).ok()?;
                round::check_side(state, defender.clone(), &DEFENDER).ok()?;
                Some(Question {
                    state: state.clone(),
                    focus: Some(actor.who.clone()),
                    declared: vec![Declared {
                        who: actor.who.clone(),
                        dice: Dice::Known(actor.spend),
                        modifier: actor.modifier - defender.modifier,
                        fits_concept: actor.fits_concept,
                        against: Against::Defender {
                            who: defender.who.clone(),
                            dice: Dice::Known(defender.spend),
                        },
                    }],
                })
            }
            Command::SecretOpen { .. } => secret(state, command, None),
            Command::SecretCommit { who, .. } => secret(state, command, Some(who)),
            Command::SecretReveal { who, .. } => secret(state, command, Some(who)),
            Command::SecretRoll {} => {
                let open = state.secret.as_ref()?;
                if !open.unrevealed().is_empty() {
                    return None;
                }
                Some(Question {
                    state: state.clone(),
                    focus: None,
                    declared: declared(state, open),
                })
            }
            _ => None,
        }
    }
}

impl Question {
    /// The question of the secret roll open at `state` for `who`, who is in it: its entries, as
    /// a secret command's (`skald chi advise FILE` between a secret roll's steps). `None` when
    /// no secret roll is open or `who` is not in it.
    pub fn open(state: &State, who: &str) -> Option<Question> {
        let open = state.secret.as_ref()?;
        open.seat(who)?;
        Some(Question {
            state: state.clone(),
            focus: Some(who.to_owned()),
            declared: declared(state, open),
        })
    }

    /// `who`'s dice known as `spend` wherever it acts or defends in the declared rolls (its own
    /// secret choice, as the one choosing knows it).
    pub fn choose(&mut self, who: &str, spend: u32) {
        for roll in &mut self.declared {
            if roll.who == who {
                roll.dice = Dice::Known(spend);
            }
            if let Against::Defender { who: d, dice } = &mut roll.against
                && d == who
            {
                *dice = Dice::Known(spend);
            }
        }
    }

    /// Whether `who` acts or defends in one of the declared rolls.
    pub fn involves(&self, who: &str) -> bool {
        self.declared.iter().any(|roll| {
            roll.who == who || matches!(&roll.against, Against::Defender { who: d, .. } if d == who)
        })
    }
}

/// The question of a secret command: the command is decided (it rolls no dice) and folded in,
/// and the open secret roll's entries are the declared rolls.
fn secret(state: &State, command: &Command, focus: Option<&String>) -> Option<Question> {
    let events = rules::decide(state, command, &mut Scripted::new(Vec::new())).ok()?;
    let after = events.iter().fold(state.clone(), apply);
    let open = after.secret.as_ref()?;
    let declared = declared(&after, open);
    Some(Question {
        focus: focus.cloned(),
        declared,
        state: after.clone(),
    })
}

/// The dice of `who` in `open`: revealed, or secret within what it may put in (C1, C2, C4).
fn seat_dice(state: &State, open: &SecretRoll, who: &str) -> Dice {
    let seat = open.seat(who);
    if let Some(spend) = seat.and_then(|s| s.revealed) {
        return Dice::Known(spend);
    }
    let least = u32::from(seat.is_none_or(|s| s.role != Role::Defender));
    let left = state.characters.get(who).map_or(0, |c| c.left());
    let most = open.caps.get(who).map_or(left, |&cap| cap.min(left));
    if most <= least {
        // Only one allocation is possible (or none, which the rules refuse at the reveal).
        return Dice::Known(least.max(most));
    }
    Dice::Secret { least, most }
}

fn declared(state: &State, open: &SecretRoll) -> Vec<Declared> {
    let mut rolls: Vec<Declared> = open
        .actions
        .iter()
        .map(|a| Declared {
            who: a.who.clone(),
            dice: seat_dice(state, open, &a.who),
            modifier: a.modifier,
            fits_concept: a.fits_concept,
            against: Against::Difficulty(a.difficulty),
        })
        .collect();
    rolls.extend(open.opposed.iter().map(|pair| Declared {
        who: pair.actor.who.clone(),
        dice: seat_dice(state, open, &pair.actor.who),
        modifier: pair.actor.modifier - pair.defender.modifier,
        fits_concept: pair.actor.fits_concept,
        against: Against::Defender {
            who: pair.defender.who.clone(),
            dice: seat_dice(state, open, &pair.defender.who),
        },
    }));
    rolls
}
