//! The calculators `skald loqi ...` offers, as reports: each a struct that is `Serialize` (the
//! command's `--json`) and `Display` (its text), made by one function over plain values.
//!
//! - [`odds`]: each outcome's exact chance from the two likelihood totals (L3; L4 under the
//!   unlikely-outcomes option), and what one more point of influence on either side makes it (L5).
//! - [`impact`]: the impact an outcome's changes suggest (L7), summed, with where it reaches on the
//!   L2 guide. Each [`Change`] is checked as it is made ([`Change::trait_change`],
//!   [`Change::read_trait_change`], ...), so the report itself cannot fail.
//! - [`advise()`]: the advice over the problem ([`crate::advice`]) at a scenario's position
//!   (`skald loqi advise FILE`), in `advise.rs`.
//! - [`balance()`]: a fair fight for the GM ([`crate::advice::balance`]) at a scenario's
//!   position (`skald loqi balance FILE`): the impact of the GM's outcome for an easy, even
//!   and hard fight, in `balance.rs`.
//!
//! JSON keys are in alphabetical order, as these commands have always printed them.
//!
//! Pure: no I/O.

pub mod advise;
pub mod balance;

pub use advise::{AdviseReport, advisable, advise};
pub use balance::{BalanceReport, balance, balanceable};

use crate::error::Error;
use crate::limits::{
    CALCULATOR_LIKELIHOOD, RATING_CHANGE, RELATIONSHIP_CHANGE, RELATIONSHIP_INFLUENCE,
    RELATIONSHIP_LENGTH, STRENGTH_POINTS, TACTICAL,
};
use crate::model::{Hundredths, Lasts, Reach};
use crate::rules::chances::{Chances, chances};
use crate::rules::impact as price;
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use skald_dice::odds::Fraction;
use std::cmp::Ordering;
use std::fmt;
use std::ops::RangeInclusive;

/// `skald loqi odds`: each outcome's exact chance before the roll (L3, L4), and with one more point
/// of influence on either side (L5). JSON: `advantage`, `certain`, `gm`, `more_likely` ("player",
/// "gm" or null), `odds`, `one_more_point` (`gm` and `player`, each the same keys), `p_gm`,
/// `p_gm_decimal`, `p_player`, `p_player_decimal` (exact "p/q" and decimals), `player`,
/// `unlikely_outcomes`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OddsReport {
    /// The chances for the totals given.
    pub now: Chances,
    /// Whether the table plays unlikely outcomes (L4).
    pub unlikely_outcomes: bool,
    /// The chances with one more point on the player's outcome.
    pub player_up: Chances,
    /// The chances with one more point on the GM's outcome.
    pub gm_up: Chances,
}

/// The chances of a problem's two outcomes for likelihood totals `player` and `gm` (L3; L4 with
/// `unlikely_outcomes`), and with one more point of influence on either side (L5).
///
/// # Errors
/// [`Error::OutOfRange`] for a total outside [`CALCULATOR_LIKELIHOOD`]; [`Error::Odds`] should the
/// exact chances be beyond their bound (they are not, inside that range).
pub fn odds(player: i64, gm: i64, unlikely_outcomes: bool) -> Result<OddsReport, Error> {
    Error::check_range("player", player, &CALCULATOR_LIKELIHOOD, "Skald limit")?;
    Error::check_range("gm", gm, &CALCULATOR_LIKELIHOOD, "Skald limit")?;
    Ok(OddsReport {
        now: chances(player, gm, unlikely_outcomes)?,
        unlikely_outcomes,
        player_up: chances(player.saturating_add(1), gm, unlikely_outcomes)?,
        gm_up: chances(player, gm.saturating_add(1), unlikely_outcomes)?,
    })
}

impl fmt::Display for OddsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let now = &self.now;
        writeln!(
            f,
            "Likelihoods: the player's outcome {}, the GM's outcome {}",
            now.player, now.gm
        )?;
        writeln!(f, "advantage {}, odds {}", now.advantage, now.odds)?;
        match (now.player.cmp(&now.gm), now.certain) {
            (Ordering::Equal, _) => writeln!(
                f,
                "equal likelihoods: a d12 of 1-6 selects the player's outcome, 7-12 the GM's (L3)"
            )?,
            (_, true) => writeln!(
                f,
                "advantage 6 or more: the more likely outcome is certain, no die is rolled (L3)"
            )?,
            _ if self.unlikely_outcomes && now.odds >= 12 => writeln!(
                f,
                "odds 12 or more: the less likely outcome needs a 12, then a roll at advantage - 6 (L4)"
            )?,
            (more, false) => {
                // Each outcome by its name, as the table's log says it (issue 31: "more the
                // other" left the reader to work out which).
                let (likely, other) = if more == Ordering::Greater {
                    ("the player's outcome", "the GM's")
                } else {
                    ("the GM's outcome", "the player's")
                };
                let rest = if now.odds + 1 >= 12 {
                    "12".to_owned()
                } else {
                    format!("{}-12", now.odds + 1)
                };
                writeln!(
                    f,
                    "a d12 of {} or less selects {likely}, the more likely; {rest} selects {other} (L3)",
                    now.odds
                )?
            }
        }
        writeln!(f, "P(the player's outcome) = {}", Decimal(&now.p_player))?;
        writeln!(f, "P(the GM's outcome)     = {}", Decimal(&now.p_gm))?;
        writeln!(f, "One more point of influence (L5):")?;
        writeln!(
            f,
            "  for the player's outcome: P(the player's outcome) = {} (advantage {})",
            Decimal(&self.player_up.p_player),
            self.player_up.advantage
        )?;
        writeln!(
            f,
            "  for the GM's outcome:     P(the GM's outcome)     = {} (advantage {})",
            Decimal(&self.gm_up.p_gm),
            self.gm_up.advantage
        )
    }
}

/// A chance as a percentage with its exact fraction: `91.7% (11/12)`, `certain`
/// ([`skald_core::chance`]).
struct Decimal<'a>(&'a Fraction);

impl fmt::Display for Decimal<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&skald_core::chance(&self.0.to_string(), self.0.to_f64()))
    }
}

impl Serialize for OddsReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("OddsReport", 12)?;
        chances_head(&mut out, &self.now)?;
        out.serialize_field(
            "one_more_point",
            &OneMorePoint {
                gm: Side(&self.gm_up),
                player: Side(&self.player_up),
            },
        )?;
        chances_tail(&mut out, &self.now)?;
        out.serialize_field("unlikely_outcomes", &self.unlikely_outcomes)?;
        out.end()
    }
}

/// `one_more_point` of [`OddsReport`]'s JSON.
#[derive(Serialize)]
struct OneMorePoint<'a> {
    gm: Side<'a>,
    player: Side<'a>,
}

/// One [`Chances`] as JSON.
struct Side<'a>(&'a Chances);

impl Serialize for Side<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Chances", 10)?;
        chances_head(&mut out, self.0)?;
        chances_tail(&mut out, self.0)?;
        out.end()
    }
}

/// The keys of a [`Chances`] before `one_more_point`.
fn chances_head<S: SerializeStruct>(out: &mut S, c: &Chances) -> Result<(), S::Error> {
    out.serialize_field("advantage", &c.advantage)?;
    out.serialize_field("certain", &c.certain)?;
    out.serialize_field("gm", &c.gm)?;
    let more_likely = match c.player.cmp(&c.gm) {
        Ordering::Greater => Some("player"),
        Ordering::Less => Some("gm"),
        Ordering::Equal => None,
    };
    out.serialize_field("more_likely", &more_likely)?;
    out.serialize_field("odds", &c.odds)
}

/// The keys of a [`Chances`] after `one_more_point`.
fn chances_tail<S: SerializeStruct>(out: &mut S, c: &Chances) -> Result<(), S::Error> {
    out.serialize_field("p_gm", &c.p_gm.to_string())?;
    out.serialize_field("p_gm_decimal", &c.p_gm.to_f64())?;
    out.serialize_field("p_player", &c.p_player.to_string())?;
    out.serialize_field("p_player_decimal", &c.p_player.to_f64())?;
    out.serialize_field("player", &c.player)
}

/// One change an outcome makes, priced by L7. Made only by its constructors, which check its range,
/// so every `Change` is one the calculator takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Change(Kind);

/// What a [`Change`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Trait {
        rating_change: i64,
        lasts: Lasts,
        harmful: bool,
    },
    Tactical(i64),
    Weakening(i64),
    Regain(i64),
    Relationship {
        change: i64,
        influence: Hundredths,
        length: Hundredths,
    },
}

/// Why a change was refused as the impact calculator's input (L7, L8), with the value and what is
/// allowed. The message follows the change as the caller names it (`--trait-change #1 "0:scene":
/// the change is 0; allowed: -6 to -1 or 1 to 6 (L7)`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChangeProblem {
    /// The text is not in the notation's form.
    #[error("expected {expected}")]
    Form {
        /// The forms allowed, such as `CHANGE:DURATION or CHANGE:DURATION:harmful`.
        expected: &'static str,
    },
    /// A part that is not a whole number.
    #[error("the `{field}` {text:?} is not a whole number")]
    NotWhole {
        /// `change`.
        field: &'static str,
        /// The part as written.
        text: String,
    },
    /// A part that is not a number.
    #[error("the `{field}` {text:?} is not a number")]
    NotANumber {
        /// `influence` or `length`.
        field: &'static str,
        /// The part as written.
        text: String,
    },
    /// A number that is not a multiplier in hundredths ([`Hundredths::from_number`]'s message).
    #[error("{0}")]
    Hundredths(String),
    /// A rating or relationship change that is 0 or past its bound either way.
    #[error("the `{field}` is {value}; allowed: -{max} to -1 or 1 to {max} (L7)")]
    Change {
        /// `change`.
        field: &'static str,
        /// The change given.
        value: i64,
        /// The largest size: [`RATING_CHANGE`] or [`RELATIONSHIP_CHANGE`]'s end.
        max: i64,
    },
    /// A tactical modifier that is 0 or past its bound either way (the message follows the modifier).
    #[error("allowed -{max} to -1 or 1 to {max} (L7)")]
    Modifier {
        /// The modifier given.
        value: i64,
        /// [`TACTICAL`]'s end.
        max: i64,
    },
    /// A duration that is not one of the three.
    #[error("the duration is {value:?}; allowed: scene, scenario or permanent (L7)")]
    Duration {
        /// The duration as written.
        value: String,
    },
    /// A multiplier outside its range.
    #[error("the `{field}` is {value}; allowed: {min} to {max} (L7)")]
    Multiplier {
        /// `influence` or `length`.
        field: &'static str,
        /// The multiplier given.
        value: Hundredths,
        /// [`RELATIONSHIP_INFLUENCE`] or [`RELATIONSHIP_LENGTH`]'s start.
        min: Hundredths,
        /// Its end.
        max: Hundredths,
    },
    /// Strength points outside [`STRENGTH_POINTS`].
    #[error("{value} points of strength; allowed: {min} to {max} (L8)")]
    Points {
        /// The points given.
        value: i64,
        /// 1.
        min: i64,
        /// 40.
        max: i64,
    },
}

impl Change {
    /// A trait's rating change (book: Trait Change): `rating_change` -6 to 6 but not 0, lasting
    /// `lasts`, of a harmful trait when `harmful`.
    ///
    /// # Errors
    /// [`ChangeProblem::Change`] for 0 or past [`RATING_CHANGE`].
    pub fn trait_change(
        rating_change: i64,
        lasts: Lasts,
        harmful: bool,
    ) -> Result<Self, ChangeProblem> {
        nonzero(rating_change, &RATING_CHANGE)?;
        Ok(Self(Kind::Trait {
            rating_change,
            lasts,
            harmful,
        }))
    }

    /// A tactical change (book: Tactical Change): the later modifier, -6 to 6 but not 0 (+ helps
    /// the player characters).
    ///
    /// # Errors
    /// [`ChangeProblem::Modifier`] for 0 or a size past [`TACTICAL`].
    pub fn tactical(modifier: i64) -> Result<Self, ChangeProblem> {
        if TACTICAL.contains(&modifier.saturating_abs()) {
            Ok(Self(Kind::Tactical(modifier)))
        } else {
            Err(ChangeProblem::Modifier {
                value: modifier,
                max: *TACTICAL.end(),
            })
        }
    }

    /// A weakening (L8): strength lost, [`STRENGTH_POINTS`].
    ///
    /// # Errors
    /// [`ChangeProblem::Points`] outside [`STRENGTH_POINTS`].
    pub fn weakening(points: i64) -> Result<Self, ChangeProblem> {
        strength_points(points).map(|p| Self(Kind::Weakening(p)))
    }

    /// Strength regained inside the outcome (L8), [`STRENGTH_POINTS`].
    ///
    /// # Errors
    /// [`ChangeProblem::Points`] outside [`STRENGTH_POINTS`].
    pub fn regain(points: i64) -> Result<Self, ChangeProblem> {
        strength_points(points).map(|p| Self(Kind::Regain(p)))
    }

    /// A relationship (book: Relationship Change): `change` -4 to 4 but not 0 (+ a friend, - an
    /// enemy), the person's `influence` x0.5 to x2, its `length` x0.25 to x1.5.
    ///
    /// # Errors
    /// [`ChangeProblem::Change`] for the change, [`ChangeProblem::Multiplier`] for a multiplier out
    /// of range.
    pub fn relationship(
        change: i64,
        influence: Hundredths,
        length: Hundredths,
    ) -> Result<Self, ChangeProblem> {
        nonzero(change, &RELATIONSHIP_CHANGE)?;
        multiplier("influence", influence, &RELATIONSHIP_INFLUENCE)?;
        multiplier("length", length, &RELATIONSHIP_LENGTH)?;
        Ok(Self(Kind::Relationship {
            change,
            influence,
            length,
        }))
    }

    /// Reads a trait change written `CHANGE:DURATION[:harmful]` (`2:scenario`,
    /// `-1:permanent:harmful`; DURATION `scene`, `scenario` or `permanent`) and checks it
    /// ([`Change::trait_change`]).
    ///
    /// # Errors
    /// A [`ChangeProblem`] naming the part at fault, its value and what is allowed.
    pub fn read_trait_change(spec: &str) -> Result<Self, ChangeProblem> {
        let parts: Vec<&str> = spec.split(':').collect();
        let (change, lasts, harmful) = match parts.as_slice() {
            [c, l] => (*c, *l, false),
            [c, l, "harmful"] => (*c, *l, true),
            _ => {
                return Err(ChangeProblem::Form {
                    expected: "CHANGE:DURATION or CHANGE:DURATION:harmful",
                });
            }
        };
        let change = whole("change", change)?;
        nonzero(change, &RATING_CHANGE)?;
        let lasts = match lasts {
            "scene" => Lasts::Scene,
            "scenario" => Lasts::Scenario,
            "permanent" => Lasts::Permanent,
            other => {
                return Err(ChangeProblem::Duration {
                    value: other.to_owned(),
                });
            }
        };
        Self::trait_change(change, lasts, harmful)
    }

    /// Reads a relationship written `CHANGE[:INFLUENCE[:LENGTH]]` (`2:1.5:0.5`; each multiplier 1
    /// when left out) and checks it ([`Change::relationship`]).
    ///
    /// # Errors
    /// A [`ChangeProblem`] naming the part at fault, its value and what is allowed.
    pub fn read_relationship(spec: &str) -> Result<Self, ChangeProblem> {
        let parts: Vec<&str> = spec.split(':').collect();
        if parts.len() > 3 {
            return Err(ChangeProblem::Form {
                expected: "CHANGE, CHANGE:INFLUENCE or CHANGE:INFLUENCE:LENGTH",
            });
        }
        let change = whole("change", parts[0])?;
        nonzero(change, &RELATIONSHIP_CHANGE)?;
        let read = |i: usize, field: &'static str, range: &RangeInclusive<i64>| {
            let Some(text) = parts.get(i) else {
                return Ok(Hundredths(100));
            };
            let x: f64 = text.parse().map_err(|_| ChangeProblem::NotANumber {
                field,
                text: (*text).to_owned(),
            })?;
            let h = Hundredths::from_number(x).map_err(ChangeProblem::Hundredths)?;
            multiplier(field, h, range)
        };
        let influence = read(1, "influence", &RELATIONSHIP_INFLUENCE)?;
        let length = read(2, "length", &RELATIONSHIP_LENGTH)?;
        Self::relationship(change, influence, length)
    }

    /// Its impact by L7 (positive helps the player characters).
    pub fn impact(self) -> i64 {
        match self.0 {
            Kind::Trait {
                rating_change,
                lasts,
                harmful,
            } => price::trait_change(rating_change, harmful, lasts),
            Kind::Tactical(m) => price::tactical(m),
            Kind::Weakening(p) => price::weakening(p),
            Kind::Regain(p) => price::regain(p),
            Kind::Relationship {
                change,
                influence,
                length,
            } => price::relationship(change, influence, length),
        }
    }
}

impl fmt::Display for Change {
    /// `trait +2 for the scenario`, `harmful trait -1 permanently`, `tactical change -2`,
    /// `weakening 3`, `regain 1`, `relationship +2 x1.5 x0.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Kind::Trait {
                rating_change,
                lasts,
                harmful,
            } => {
                let harm = if harmful { "harmful " } else { "" };
                match lasts {
                    Lasts::Permanent => write!(f, "{harm}trait {rating_change:+} permanently"),
                    other => write!(f, "{harm}trait {rating_change:+} for the {}", other.name()),
                }
            }
            Kind::Tactical(m) => write!(f, "tactical change {m:+}"),
            Kind::Weakening(p) => write!(f, "weakening {p}"),
            Kind::Regain(p) => write!(f, "regain {p}"),
            Kind::Relationship {
                change,
                influence,
                length,
            } => write!(f, "relationship {change:+} {influence} {length}"),
        }
    }
}

/// A whole number as written, with or without `+`.
fn whole(field: &'static str, text: &str) -> Result<i64, ChangeProblem> {
    text.trim_start_matches('+')
        .parse()
        .map_err(|_| ChangeProblem::NotWhole {
            field,
            text: text.to_owned(),
        })
}

/// Refuses a change of 0 or of a size past `range`'s end (`range` holds the sizes, or -max to max).
fn nonzero(value: i64, range: &RangeInclusive<i64>) -> Result<(), ChangeProblem> {
    if value != 0 && value.saturating_abs() <= *range.end() {
        Ok(())
    } else {
        Err(ChangeProblem::Change {
            field: "change",
            value,
            max: *range.end(),
        })
    }
}

/// Refuses a multiplier outside `range` (in hundredths).
fn multiplier(
    field: &'static str,
    value: Hundredths,
    range: &RangeInclusive<i64>,
) -> Result<Hundredths, ChangeProblem> {
    if range.contains(&value.0) {
        Ok(value)
    } else {
        Err(ChangeProblem::Multiplier {
            field,
            value,
            min: Hundredths(*range.start()),
            max: Hundredths(*range.end()),
        })
    }
}

/// Refuses strength points outside [`STRENGTH_POINTS`].
fn strength_points(points: i64) -> Result<i64, ChangeProblem> {
    if STRENGTH_POINTS.contains(&points) {
        Ok(points)
    } else {
        Err(ChangeProblem::Points {
            value: points,
            min: *STRENGTH_POINTS.start(),
            max: *STRENGTH_POINTS.end(),
        })
    }
}

/// One priced change of [`ImpactReport`]. JSON: the change's own keys (`kind`: `trait_change`
/// with `harmful`, `lasts`, `rating_change`; `tactical` with `modifier`; `weakening` or `regain`
/// with `points`; `relationship` with `change`, `influence`, `length`) and its `impact`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImpactItem {
    /// The change.
    pub change: Change,
    /// Its impact by L7.
    pub impact: i64,
}

impl Serialize for ImpactItem {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let impact = self.impact;
        match self.change.0 {
            Kind::Trait {
                rating_change,
                lasts,
                harmful,
            } => {
                let mut out = s.serialize_struct("TraitChange", 5)?;
                out.serialize_field("harmful", &harmful)?;
                out.serialize_field("impact", &impact)?;
                out.serialize_field("kind", "trait_change")?;
                out.serialize_field("lasts", &lasts)?;
                out.serialize_field("rating_change", &rating_change)?;
                out.end()
            }
            Kind::Tactical(modifier) => {
                let mut out = s.serialize_struct("Tactical", 3)?;
                out.serialize_field("impact", &impact)?;
                out.serialize_field("kind", "tactical")?;
                out.serialize_field("modifier", &modifier)?;
                out.end()
            }
            Kind::Weakening(points) | Kind::Regain(points) => {
                let kind = if matches!(self.change.0, Kind::Weakening(_)) {
                    "weakening"
                } else {
                    "regain"
                };
                let mut out = s.serialize_struct("Strength", 3)?;
                out.serialize_field("impact", &impact)?;
                out.serialize_field("kind", kind)?;
                out.serialize_field("points", &points)?;
                out.end()
            }
            Kind::Relationship {
                change,
                influence,
                length,
            } => {
                let mut out = s.serialize_struct("Relationship", 5)?;
                out.serialize_field("change", &change)?;
                out.serialize_field("impact", &impact)?;
                out.serialize_field("influence", &influence)?;
                out.serialize_field("kind", "relationship")?;
                out.serialize_field("length", &length)?;
                out.end()
            }
        }
    }
}

/// `skald loqi impact`: the impact an outcome's changes suggest (L7) and where it reaches on the
/// L2 guide. JSON: `guide` (the reach's range of |impact|, `[lo, hi]`, or null past the guide),
/// `impact`, `items`, `reaches`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ImpactReport {
    /// The L2 guide's range of |impact| for `reaches`; `None` past the guide's 12.
    pub guide: Option<[i64; 2]>,
    /// The sum of the items' impacts (saturating).
    pub impact: i64,
    /// Each change with its impact, in the order given.
    pub items: Vec<ImpactItem>,
    /// Where `impact` reaches by the L2 guide.
    pub reaches: Reach,
}

/// The impact of `changes` (L7), each priced and summed, with where the total reaches (L2). No
/// changes sum to 0.
pub fn impact(changes: &[Change]) -> ImpactReport {
    let items: Vec<ImpactItem> = changes
        .iter()
        .map(|&change| ImpactItem {
            change,
            impact: change.impact(),
        })
        .collect();
    let total = items
        .iter()
        .fold(0_i64, |sum, item| sum.saturating_add(item.impact));
    let reaches = Reach::of(total);
    ImpactReport {
        guide: reaches.guide().map(|r| [*r.start(), *r.end()]),
        impact: total,
        items,
        reaches,
    }
}

impl fmt::Display for ImpactReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for item in &self.items {
            writeln!(f, "{:<40} {:+}", item.change.to_string(), item.impact)?;
        }
        write!(f, "suggested impact {:+} (L7): ", self.impact)?;
        match self.guide {
            Some([lo, hi]) => writeln!(f, "{}, {lo}-{hi} on the L2 guide", self.reaches.name()),
            None => writeln!(f, "beyond the L2 guide's 12"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odds_word_each_rule() {
        let report = odds(3, -2, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            report.to_string(),
            "Likelihoods: the player's outcome 3, the GM's outcome -2\n\
             advantage 5, odds 11\n\
             a d12 of 11 or less selects the player's outcome, the more likely; 12 selects the GM's (L3)\n\
             P(the player's outcome) = 91.7% (11/12)\n\
             P(the GM's outcome)     = 8.3% (1/12)\n\
             One more point of influence (L5):\n\
             \x20 for the player's outcome: P(the player's outcome) = certain (advantage 6)\n\
             \x20 for the GM's outcome:     P(the GM's outcome)     = 16.7% (1/6) (advantage 4)\n"
        );
        let json = serde_json::to_string(&report).unwrap_or_default();
        assert!(
            json.starts_with(
                r#"{"advantage":5,"certain":false,"gm":-2,"more_likely":"player","odds":11,"one_more_point":{"gm":{"advantage":4,"#
            ),
            "{json}"
        );
        assert!(
            json.ends_with(
                r#""p_gm":"1/12","p_gm_decimal":0.08333333333333333,"p_player":"11/12","p_player_decimal":0.9166666666666666,"player":3,"unlikely_outcomes":false}"#
            ),
            "{json}"
        );
        let l4 = odds(7, 0, true).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(l4.now.p_gm.to_string(), "5/144");
        assert!(l4.to_string().contains("a roll at advantage - 6 (L4)"));
        assert_eq!(
            odds(1001, 0, false).map_err(|e| e.to_string()),
            Err(
                "The player's outcome's likelihood is 1001; allowed: -1000 to 1000 (Skald limit)"
                    .to_string()
            )
        );
    }

    #[test]
    fn impact_sums_and_words_each_change() {
        let changes = [
            Change::read_trait_change("2:scenario"),
            Change::read_trait_change("-1:permanent:harmful"),
            Change::tactical(-2),
            Change::weakening(3),
            Change::regain(1),
            Change::read_relationship("2:1.5:0.5"),
        ]
        .map(|c| c.unwrap_or_else(|e| panic!("{e}")));
        let report = impact(&changes);
        assert_eq!(
            report.to_string(),
            "trait +2 for the scenario                +4\n\
             harmful trait -1 permanently             +5\n\
             tactical change -2                       -1\n\
             weakening 3                              -6\n\
             regain 1                                 +4\n\
             relationship +2 x1.5 x0.5                +2\n\
             suggested impact +8 (L7): scenario, 6-9 on the L2 guide\n"
        );
        let json = serde_json::to_string(&impact(&[changes[0], changes[5]])).unwrap_or_default();
        assert_eq!(
            json,
            r#"{"guide":[6,9],"impact":6,"items":[{"harmful":false,"impact":4,"kind":"trait_change","lasts":"scenario","rating_change":2},{"change":2,"impact":2,"influence":1.5,"kind":"relationship","length":0.5}],"reaches":"scenario"}"#
        );
        let far = impact(&[
            Change::trait_change(4, Lasts::Permanent, false).unwrap_or_else(|e| panic!("{e}"))
        ]);
        assert_eq!(far.guide, None);
        assert!(far.to_string().ends_with("beyond the L2 guide's 12\n"));
        assert_eq!(impact(&[]).impact, 0);
    }

    #[test]
    fn changes_refuse_what_the_calculator_does_not_take() {
        // As the command line prints it (`skald_cli::words`): its backticked names plain.
        let said = |r: Result<Change, ChangeProblem>| {
            r.map_err(|e| skald_core::plain(&e.to_string(), &|_| None))
        };
        for (got, message) in [
            (
                said(Change::read_trait_change("0:scene")),
                "the change is 0; allowed: -6 to -1 or 1 to 6 (L7)",
            ),
            (
                said(Change::read_trait_change("2:forever")),
                "the duration is \"forever\"; allowed: scene, scenario or permanent (L7)",
            ),
            (
                said(Change::read_trait_change("2")),
                "expected CHANGE:DURATION or CHANGE:DURATION:harmful",
            ),
            (
                said(Change::read_trait_change("x:scene")),
                "the change \"x\" is not a whole number",
            ),
            (
                said(Change::read_relationship("2:3")),
                "the influence is x3; allowed: x0.5 to x2 (L7)",
            ),
            (
                said(Change::read_relationship("2:1:0.1")),
                "the length is x0.1; allowed: x0.25 to x1.5 (L7)",
            ),
            (
                said(Change::read_relationship("5")),
                "the change is 5; allowed: -4 to -1 or 1 to 4 (L7)",
            ),
            (
                said(Change::read_relationship("2:1:x")),
                "the length \"x\" is not a number",
            ),
            (said(Change::tactical(0)), "allowed -6 to -1 or 1 to 6 (L7)"),
            (said(Change::tactical(7)), "allowed -6 to -1 or 1 to 6 (L7)"),
            (
                said(Change::weakening(41)),
                "41 points of strength; allowed: 1 to 40 (L8)",
            ),
        ] {
            assert_eq!(got, Err(message.to_string()));
        }
    }
}
