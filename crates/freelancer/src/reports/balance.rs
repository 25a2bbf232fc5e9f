//! `skald freelancer balance FILE --rating R [--after N] [--party a,b] [--against NAME]
//! [--opponent-rating R] [--target easy|even|hard]`: a fair fight for the GM (issue 32,
//! [`crate::advice::balance`]). For a party at a scenario's position, with one rating: each
//! member's difficulty for an easy, even and hard task check (F2, F3); an Encounter Sheet's rating
//! and a full NPC sheet's rating for an easy, even and hard fight against the party (a task check,
//! F3; an opposed check by the table's method, F4); and with `--against`, each member's chance
//! against a character at the table. Every chance exact.

use super::written::fraction;
use crate::advice::balance::{Contest, number_for, party_chance};
use crate::limits::MAX_CHARACTERS;
use crate::model::number::Number;
use crate::model::options::BothMiss;
use crate::model::sheet::{Kind, Rating};
use crate::model::state::State;
use crate::rules::stats;
use serde::Serialize;
use skald_core::Fight;
use skald_dice::odds::Fraction;
use std::fmt;

/// The report. JSON keys in alphabetical order, as every `skald freelancer` report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BalanceReport {
    /// The steps of the scenario played first.
    pub after: usize,
    /// Each member's chance against the character named with `--against`, and the mean.
    pub against: Option<AgainstLines>,
    /// For each member, the difficulty of an easy, even and hard task check with its rating.
    pub difficulties: Vec<DifficultyLine>,
    /// An Encounter Sheet's rating for an easy, even and hard fight (task checks against it).
    pub encounter: Vec<OpponentLine>,
    /// A full NPC sheet's rating for an easy, even and hard fight (opposed checks against it).
    pub npc: Vec<OpponentLine>,
    /// How an opposed check is settled at this table: `"roll_under"` or `"chaotic"`, then
    /// `"reroll"` or `"no_winner"` (the options `opposed` and `both_miss`).
    pub opposed: String,
    /// The same in words, as the text says it ("roll under, rolled again when both miss"): never
    /// in the JSON, which keeps the options' names for scripts.
    #[serde(skip)]
    pub opposed_words: String,
    /// The opponent's rating weighed (`--opponent-rating`, else `--rating`).
    pub opponent_rating: Rating,
    /// The party, each with its rating.
    pub party: Vec<Member>,
    /// The party's rating weighed.
    pub rating: Rating,
}

/// A member of the party.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Member {
    /// Its name.
    pub name: String,
    /// Its rating, 0 to 10^30 (in JSON a number, or a string of digits past 2^63 - 1).
    pub rating: Number,
}

/// An exact chance: `p` ("n/d") and its decimal.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Exact {
    /// In 0..=1.
    pub decimal: f64,
    /// A reduced fraction, "n/d".
    #[serde(serialize_with = "fraction")]
    pub p: Fraction,
}

impl Exact {
    fn of(p: Fraction) -> Exact {
        Exact {
            decimal: p.to_f64(),
            p,
        }
    }
}

impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&skald_core::chance(&self.p.to_string(), self.decimal))
    }
}

/// The party against one character.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AgainstLines {
    /// Each member's chance: a task check against an Encounter Sheet's rating, an opposed check
    /// against a full sheet.
    pub each: Vec<MemberChance>,
    /// `"pc"`, `"npc"` or `"encounter"`.
    pub kind: &'static str,
    /// The mean of the members' chances.
    pub mean: Exact,
    /// Its name.
    pub name: String,
    /// Its rating weighed, 0 to 10^30.
    pub rating: Number,
}

/// A member's chance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MemberChance {
    /// The chance.
    pub chance: Exact,
    /// The member.
    pub who: String,
}

/// An opponent's rating for a fight.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpponentLine {
    /// The party's mean chance against it.
    pub chance: Exact,
    /// The rating, 0 to 10^30.
    pub rating: Number,
    /// `easy`, `even` or `hard`.
    pub target: &'static str,
    /// The party's chance wanted, in percent.
    pub wanted: u32,
}

/// A member's difficulty for a task check.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DifficultyLine {
    /// Its chance of success.
    pub chance: Exact,
    /// The difficulty, 0 to 10^30.
    pub difficulty: Number,
    /// `easy`, `even` or `hard`.
    pub target: &'static str,
    /// The chance wanted, in percent.
    pub wanted: u32,
    /// The member.
    pub who: String,
}

/// What the party weighs: its `rating`, and the opponent's (`opponent_rating`, else the same).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ratings {
    /// The party's rating.
    pub rating: Rating,
    /// The opponent's rating, if not the same.
    pub opponent_rating: Option<Rating>,
}

/// The report for the party `named` (every PC but `against` when `None`) at `state`, after
/// `after` steps, with `ratings`: against the character `against` if named; the fights of
/// `target` (all three when `None`).
///
/// # Errors
/// A sentence for the reader: more names than a table holds ([`MAX_CHARACTERS`]), a name twice, a
/// name not at the table, a member without the rating, `against` in the party or without its
/// rating, an empty party.
pub fn balance(
    state: &State,
    after: usize,
    named: Option<&[String]>,
    ratings: Ratings,
    against: Option<&str>,
    target: Option<Fight>,
) -> Result<BalanceReport, String> {
    let Ratings {
        rating,
        opponent_rating,
    } = ratings;
    let opponent_rating = opponent_rating.unwrap_or(rating);
    let value_of = |name: &str, stat: Rating, flag: &str| -> Result<(u128, Kind), String> {
        let c = state
            .characters
            .get(name)
            .ok_or_else(|| format!("{name:?} is not at the table; it has {}", state.names()))?;
        match stats::value(&state.formulas, c, stat) {
            Some(Ok((value, _))) => Ok((value, c.kind)),
            _ => Err(format!(
                "{name} has no {stat} (`{flag}`): its sheet has {}; give `{flag}` one of them",
                c.ratings
                    .keys()
                    .map(|r| r.abbreviation())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    };
    if let Some(names) = named {
        check_named(names)?;
    }
    let party: Vec<Member> = match named {
        Some(names) => names
            .iter()
            .map(|n| {
                Ok(Member {
                    name: n.clone(),
                    rating: Number(value_of(n, rating, "--rating")?.0),
                })
            })
            .collect::<Result<_, String>>()?,
        None => state
            .characters
            .values()
            .filter(|c| c.kind == Kind::Pc && Some(c.name.as_str()) != against)
            .filter_map(|c| {
                let value = stats::value(&state.formulas, c, rating)?.ok()?.0;
                Some(Member {
                    name: c.name.clone(),
                    rating: Number(value),
                })
            })
            .collect(),
    };
    if party.is_empty() {
        return Err(format!(
            "no PC with {rating} to weigh: enroll one, or name the party with --party"
        ));
    }
    let fights: Vec<Fight> = Fight::ALL
        .into_iter()
        .filter(|f| target.is_none_or(|t| t == *f))
        .collect();
    let values: Vec<u128> = party.iter().map(|m| m.rating.get()).collect();
    let opposed = Contest::Opposed {
        method: state.options.opposed,
        both_miss: state.options.both_miss,
    };
    let against = match against {
        None => None,
        Some(name) => {
            if party.iter().any(|m| m.name == name) {
                return Err(format!(
                    "{name} is in the party: name an opponent outside it"
                ));
            }
            let (value, kind) = value_of(name, opponent_rating, "--opponent-rating")?;
            let contest = if kind.is_full() {
                opposed
            } else {
                Contest::Task
            };
            let each = party
                .iter()
                .map(|m| MemberChance {
                    chance: Exact::of(party_chance(&[m.rating.get()], value, contest)),
                    who: m.name.clone(),
                })
                .collect();
            Some(AgainstLines {
                each,
                kind: kind.name(),
                mean: Exact::of(party_chance(&values, value, contest)),
                name: name.to_owned(),
                rating: Number(value),
            })
        }
    };
    let opponents = |contest: Contest| -> Vec<OpponentLine> {
        fights
            .iter()
            .filter_map(|fight| {
                let (rating, p) = number_for(&values, contest, *fight)?;
                Some(OpponentLine {
                    chance: Exact::of(p),
                    rating: Number(rating),
                    target: fight.name(),
                    wanted: fight.percent(),
                })
            })
            .collect()
    };
    let difficulties = difficulties(&party, &fights);
    let both_miss = match state.options.both_miss {
        BothMiss::Reroll => "reroll",
        BothMiss::NoWinner => "no_winner",
    };
    Ok(BalanceReport {
        after,
        against,
        difficulties,
        encounter: opponents(Contest::Task),
        npc: opponents(opposed),
        opposed: format!("{}, {both_miss}", state.options.opposed.name()),
        opposed_words: format!(
            "{}, {}",
            state.options.opposed.label(),
            match state.options.both_miss {
                BothMiss::Reroll => "rolled again when both miss",
                BothMiss::NoWinner => "no winner when both miss",
            }
        ),
        opponent_rating,
        party,
        rating,
    })
}

/// The party `--party` names, checked before any is looked up: at most [`MAX_CHARACTERS`], each
/// once.
fn check_named(names: &[String]) -> Result<(), String> {
    if names.len() > MAX_CHARACTERS {
        return Err(format!(
            "`--party` names {}, but a table has at most {MAX_CHARACTERS} characters",
            names.len()
        ));
    }
    if let Some((i, twice)) = names
        .iter()
        .enumerate()
        .find(|(i, n)| names[..*i].contains(n))
    {
        let first = names.iter().position(|n| n == twice).unwrap_or(i) + 1;
        return Err(format!(
            "`--party` names {twice:?} twice (names {first} and {}): name each member once",
            i + 1
        ));
    }
    Ok(())
}

/// Each member's task-check difficulty for each of `fights` (F3), where one comes close.
fn difficulties(party: &[Member], fights: &[Fight]) -> Vec<DifficultyLine> {
    let mut out = Vec::new();
    for m in party {
        for fight in fights {
            if let Some((difficulty, p)) = number_for(&[m.rating.get()], Contest::Task, *fight) {
                out.push(DifficultyLine {
                    chance: Exact::of(p),
                    difficulty: Number(difficulty),
                    target: fight.name(),
                    wanted: fight.percent(),
                    who: m.name.clone(),
                });
            }
        }
    }
    out
}

impl fmt::Display for BalanceReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let party: Vec<String> = self
            .party
            .iter()
            .map(|m| format!("{} ({} {})", m.name, self.rating, m.rating))
            .collect();
        writeln!(
            f,
            "After step {}: the party, {}; its chance against an opponent is the mean of theirs",
            self.after,
            party.join(", ")
        )?;
        let theirs = self.opponent_rating;
        if let Some(a) = &self.against {
            let how = if a.kind == "encounter" {
                "a task check against it (F3)".to_owned()
            } else {
                format!("an opposed check ({}, F4)", self.opposed)
            };
            writeln!(f, "Against {} ({theirs} {}), {how}:", a.name, a.rating)?;
            for m in &a.each {
                writeln!(f, "  {:<24} {}", m.who, m.chance)?;
            }
            writeln!(f, "  {:<24} {}", "the party, on average", a.mean)?;
        }
        writeln!(
            f,
            "An Encounter Sheet's {theirs} (each member's task check against it, F2, F3):"
        )?;
        for o in &self.encounter {
            let fight = format!("{} ({}%)", o.target, o.wanted);
            writeln!(
                f,
                "  {fight:<24} {theirs} {:<8} {}",
                o.rating.to_string(),
                o.chance
            )?;
        }
        writeln!(
            f,
            "An NPC's {theirs} (each member's opposed check against it, {}, F4):",
            self.opposed_words
        )?;
        for o in &self.npc {
            let fight = format!("{} ({}%)", o.target, o.wanted);
            writeln!(
                f,
                "  {fight:<24} {theirs} {:<8} {}",
                o.rating.to_string(),
                o.chance
            )?;
        }
        writeln!(
            f,
            "The difficulty of a task check with {} (F3):",
            self.rating
        )?;
        for d in &self.difficulties {
            // The member's rating the difficulty is weighed against, beside its name.
            let rating = self
                .party
                .iter()
                .find(|m| m.name == d.who)
                .map(|m| format!(" ({} {})", self.rating, m.rating))
                .unwrap_or_default();
            let what = format!("{}{rating}, {}", d.who, d.target);
            writeln!(
                f,
                "  {what:<24} difficulty {:<8} {}",
                d.difficulty.to_string(),
                d.chance
            )?;
        }
        Ok(())
    }
}
