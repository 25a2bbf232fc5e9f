//! `skald freelancer initiative` and `skald freelancer actions`: an initiative roll scaled to SPD and
//! its turn (method 1, F5) or turns (method 2, F6); and the Full Actions a turn may be divided into
//! against the slowest turn, with the turn number of each choice (F5).

use crate::error::Error;
use crate::model::number::Number;
use crate::model::options::InitiativeMethod;
use crate::reports::inputs::{INITIATIVE_ROLL, SLOWEST, SPD, TURN};
use crate::rules::initiative::{choices, method_two_turns, orders_ahead, scale};
use serde::Serialize;
use std::fmt;

/// An initiative roll's turn or turns. Its JSON (`--json`) is these fields, in this order
/// (alphabetical: the order the command line has always printed): `turn` under method 1, `turns`
/// under method 2.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InitiativeReport {
    /// The initiative method: `1` (F5) or `2` (F6).
    pub method: InitiativeMethod,
    /// The roll as given: d100 + ALC.
    pub roll: Number,
    /// The character's SPD, if given (`null` otherwise: the roll is not scaled).
    pub spd: Option<Number>,
    /// Method 1: the turn, the roll scaled to SPD.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<Number>,
    /// Method 2: the turns, the scaled roll and every two orders of magnitude below it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turns: Option<Vec<Number>>,
    /// The roll scaled to SPD's digit count (the roll itself without SPD): method 1's turn and
    /// method 2's first.
    #[serde(skip)]
    pub scaled: Number,
}

/// The turn or turns of initiative `roll` (d100 + ALC) for a character with `spd` (none: the roll
/// stands as it is) under `method`.
///
/// # Errors
/// [`Error::OutOfRange`] naming `--roll` (1 to 10^30 + 100) or `--spd` (0 to 10^30).
pub fn initiative(
    roll: u128,
    spd: Option<u128>,
    method: InitiativeMethod,
) -> Result<InitiativeReport, Error> {
    INITIATIVE_ROLL.check(roll)?;
    if let Some(spd) = spd {
        SPD.check(spd)?;
    }
    let scaled = spd.map_or(roll, |spd| scale(roll, spd));
    let (turn, turns) = match method {
        InitiativeMethod::One => (Some(Number(scaled)), None),
        InitiativeMethod::Two => (
            None,
            Some(method_two_turns(scaled).into_iter().map(Number).collect()),
        ),
    };
    Ok(InitiativeReport {
        method,
        roll: Number(roll),
        spd: spd.map(Number),
        turn,
        turns,
        scaled: Number(scaled),
    })
}

/// How the roll was scaled, then the turn or turns.
impl fmt::Display for InitiativeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (roll, scaled) = (self.roll, self.scaled);
        match self.spd {
            Some(spd) if scaled != roll => {
                writeln!(f, "roll {roll} scaled to SPD {spd}'s digits: {scaled}")?;
            }
            Some(spd) => writeln!(f, "roll {roll} has as many digits as SPD {spd}: {scaled}")?,
            None => writeln!(f, "roll {roll} (no SPD given: not scaled)")?,
        }
        match &self.turns {
            Some(turns) => {
                let listed: Vec<String> = turns.iter().map(Number::to_string).collect();
                writeln!(f, "method 2 turns: {}", listed.join(", "))
            }
            None => writeln!(f, "method 1 turn: {scaled}"),
        }
    }
}

/// One way to divide a turn: how many Full Actions, and the turn number they come at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// Full Actions, 1 up to the most allowed.
    pub actions: u32,
    /// The turn number of each: the turn divided by `actions`, halves rounded up.
    pub turn: Number,
}

/// The Full Actions a turn may be divided into. Its JSON (`--json`) is these fields, in this order
/// (alphabetical: the order the command line has always printed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ActionsReport {
    /// Every choice, from 1 action up.
    pub choices: Vec<Choice>,
    /// The most Full Actions: 1 + one for every two orders of magnitude.
    pub max_actions: usize,
    /// Orders of magnitude the turn has on the slowest turn.
    pub orders_of_magnitude: u32,
    /// The slowest turn in the order.
    pub slowest: Number,
    /// The turn number divided.
    pub turn: Number,
}

/// The Full Actions `turn` may be divided into against the `slowest` turn (F5).
///
/// # Errors
/// [`Error::OutOfRange`] naming `--turn` or `--slowest` (1 to 10^30 + 100).
pub fn actions(turn: u128, slowest: u128) -> Result<ActionsReport, Error> {
    TURN.check(turn)?;
    SLOWEST.check(slowest)?;
    let choices: Vec<Choice> = choices(turn, slowest)
        .into_iter()
        .map(|(actions, turn)| Choice {
            actions,
            turn: Number(turn),
        })
        .collect();
    Ok(ActionsReport {
        max_actions: choices.len(),
        choices,
        orders_of_magnitude: orders_ahead(turn, slowest),
        slowest: Number(slowest),
        turn: Number(turn),
    })
}

/// How far ahead the turn is and the most actions, then one line per choice.
impl fmt::Display for ActionsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (orders, max) = (self.orders_of_magnitude, self.max_actions);
        writeln!(
            f,
            "turn {} is {orders} order{} of magnitude ahead of the slowest turn {}: up to {max} \
             Full Action{} (F5)",
            self.turn,
            if orders == 1 { "" } else { "s" },
            self.slowest,
            if max == 1 { "" } else { "s" }
        )?;
        for choice in &self.choices {
            writeln!(
                f,
                "  {} action{} at {}",
                choice.actions,
                if choice.actions == 1 { "" } else { "s" },
                choice.turn
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_books_initiative_examples() {
        let report = initiative(115, Some(1248), InitiativeMethod::One).unwrap();
        assert_eq!(report.turn, Some(Number(1150)));
        let report = initiative(33_550_336, None, InitiativeMethod::Two).unwrap();
        assert_eq!(
            report.turns,
            Some(vec![
                Number(33_550_336),
                Number(335_503),
                Number(3_355),
                Number(33)
            ])
        );
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            r#"{"method":2,"roll":33550336,"spd":null,"turns":[33550336,335503,3355,33]}"#
        );
    }

    #[test]
    fn the_books_divided_turn() {
        let report = actions(150_448, 25).unwrap();
        assert_eq!((report.orders_of_magnitude, report.max_actions), (4, 3));
        assert_eq!(report.choices[2].turn, Number(50_149));
        assert!(actions(0, 5).is_err());
    }
}
