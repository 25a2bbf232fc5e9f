//! `skald chi balance FILE [--after N]`: a fair fight for the GM (issue 32,
//! [`crate::advice::balance`]). For a party at a scenario's position: each member's chance against
//! a character named, the opponent's pool for an easy, even and hard fight, and each member's
//! Difficulty for an easy, even and hard action with its dice. Every chance exact.

use crate::advice::balance::{difficulty_for, opposed_chance, party_chance, pool_for};
use crate::advice::exact::Sums;
use crate::limits::MAX_POOL;
use crate::model::state::State;
use serde::Serialize;
use skald_core::Fight;
use skald_dice::odds::Fraction;
use std::fmt;

/// The report. JSON keys in alphabetical order, as every `skald chi` report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BalanceReport {
    /// The steps of the scenario played first.
    pub after: usize,
    /// Each member's chance against the character named with `--against`, and the mean.
    pub against: Option<AgainstLines>,
    /// For each member, the Difficulty of an easy, even and hard action with its dice.
    pub difficulties: Vec<DifficultyLine>,
    /// The opponent's pool for an easy, even and hard fight.
    pub opponents: Vec<OpponentLine>,
    /// The party, each with its current pool.
    pub party: Vec<Member>,
}

/// A member of the party.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Member {
    /// Its name.
    pub name: String,
    /// Its current pool, in d6.
    pub pool: u32,
}

/// An exact chance: "n/d" and its decimal.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Exact {
    /// In 0..=1.
    pub decimal: f64,
    /// A reduced fraction, "n/d".
    pub p: String,
}

impl Exact {
    fn of(p: &Fraction) -> Exact {
        Exact {
            decimal: p.to_f64(),
            p: p.to_string(),
        }
    }
}

impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&skald_core::chance(&self.p, self.decimal))
    }
}

/// The party against one character.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AgainstLines {
    /// Each member acting against it with every die, it defending with every die.
    pub each: Vec<MemberChance>,
    /// The mean of the members' chances.
    pub mean: Exact,
    /// Its name.
    pub name: String,
    /// Its current pool, in d6.
    pub pool: u32,
}

/// A member's chance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MemberChance {
    /// The chance.
    pub chance: Exact,
    /// The member.
    pub who: String,
}

/// An opponent's pool for a fight.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpponentLine {
    /// The party's mean chance against it.
    pub chance: Exact,
    /// Its pool, 1 to 100 d6.
    pub pool: u32,
    /// `easy`, `even` or `hard`.
    pub target: &'static str,
    /// The party's chance wanted, in percent.
    pub wanted: u32,
}

/// A member's Difficulty for an action.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DifficultyLine {
    /// Its chance of success.
    pub chance: Exact,
    /// The d6 it puts in.
    pub dice: u32,
    /// The Difficulty, 1 to 100.
    pub difficulty: u32,
    /// `easy`, `even` or `hard`.
    pub target: &'static str,
    /// The chance wanted, in percent.
    pub wanted: u32,
    /// The member.
    pub who: String,
}

/// The report for the party `named` (every character in play when `None`) at `state`, after
/// `after` steps: against the character `against` if named; each member putting `dice` d6 into an
/// action against a Difficulty (every die of its current pool when `None`; never more than its
/// pool, C1); the fights of `target` (all three when `None`).
///
/// # Errors
/// A sentence for the reader: a name not at the table, a member or `against` out of play,
/// `against` in the party, `dice` outside 1 to 100, an empty party.
pub fn balance(
    state: &State,
    after: usize,
    named: Option<&[String]>,
    against: Option<&str>,
    dice: Option<u32>,
    target: Option<Fight>,
) -> Result<BalanceReport, String> {
    let pool_of = |name: &str| -> Result<u32, String> {
        let c = state
            .characters
            .get(name)
            .ok_or_else(|| format!("{name:?} is not at the table; it has {}", state.names()))?;
        if c.out_of_play() {
            return Err(format!("{name} is out of play (pool 0, C5)"));
        }
        Ok(c.sheet.current)
    };
    let party: Vec<Member> = match named {
        Some(names) => names
            .iter()
            .map(|n| {
                Ok(Member {
                    name: n.clone(),
                    pool: pool_of(n)?,
                })
            })
            .collect::<Result<_, String>>()?,
        None => state
            .characters
            .iter()
            .filter(|(name, c)| !c.out_of_play() && Some(name.as_str()) != against)
            .map(|(name, c)| Member {
                name: name.clone(),
                pool: c.sheet.current,
            })
            .collect(),
    };
    if let Some(twice) = party
        .iter()
        .enumerate()
        .find(|(i, m)| party[..*i].iter().any(|o| o.name == m.name))
    {
        return Err(format!(
            "--party names {} twice: name each once",
            twice.1.name
        ));
    }
    if party.is_empty() {
        return Err(
            "no character in play to weigh: enroll one, or name the party with --party".into(),
        );
    }
    if let Some(d) = dice
        && !(1..=MAX_POOL).contains(&d)
    {
        return Err(format!("`--dice` is {d}: put in 1 to {MAX_POOL} dice"));
    }
    let fights: Vec<Fight> = Fight::ALL
        .into_iter()
        .filter(|f| target.is_none_or(|t| t == *f))
        .collect();
    let pools: Vec<u32> = party.iter().map(|m| m.pool).collect();
    let mut sums = Sums::default();
    let odds = |e: crate::error::Error| e.to_string();
    let against = match against {
        None => None,
        Some(name) => {
            if party.iter().any(|m| m.name == name) {
                return Err(format!(
                    "{name} is in the party: name an opponent outside it"
                ));
            }
            let pool = pool_of(name)?;
            let mut each = Vec::new();
            for m in &party {
                each.push(MemberChance {
                    chance: Exact::of(&opposed_chance(m.pool, pool, &mut sums).map_err(odds)?),
                    who: m.name.clone(),
                });
            }
            Some(AgainstLines {
                each,
                mean: Exact::of(&party_chance(&pools, pool, &mut sums).map_err(odds)?),
                name: name.to_owned(),
                pool,
            })
        }
    };
    let mut opponents = Vec::new();
    for fight in &fights {
        let (pool, p) = pool_for(&pools, *fight, &mut sums).map_err(odds)?;
        opponents.push(OpponentLine {
            chance: Exact::of(&p),
            pool,
            target: fight.name(),
            wanted: fight.percent(),
        });
    }
    let mut difficulties = Vec::new();
    for m in &party {
        // C1: no more than the pool it has this round.
        let put_in = dice.map_or(m.pool, |d| d.min(m.pool));
        for fight in &fights {
            let (difficulty, p) =
                difficulty_for(put_in, 0, state.options.tie, *fight, &mut sums).map_err(odds)?;
            difficulties.push(DifficultyLine {
                chance: Exact::of(&p),
                dice: put_in,
                difficulty,
                target: fight.name(),
                wanted: fight.percent(),
                who: m.name.clone(),
            });
        }
    }
    Ok(BalanceReport {
        after,
        against,
        difficulties,
        opponents,
        party,
    })
}

impl fmt::Display for BalanceReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let party: Vec<String> = self
            .party
            .iter()
            .map(|m| format!("{} (pool {})", m.name, m.pool))
            .collect();
        writeln!(
            f,
            "After step {}: the party, {}; each, one on one, acts with every die of its pool \
             against the opponent defending with every die of its own, as if each were the \
             opponent's only foe that round (C1), a tie to the defender (C3); the party's chance \
             is the mean of these contests",
            self.after,
            party.join(", ")
        )?;
        if let Some(a) = &self.against {
            writeln!(f, "Against {} ({} dice):", a.name, a.pool)?;
            for m in &a.each {
                writeln!(f, "  {:<24} {}", m.who, m.chance)?;
            }
            writeln!(f, "  {:<24} {}", "the party, on average", a.mean)?;
        }
        writeln!(f, "An opponent for the party:")?;
        for o in &self.opponents {
            let fight = format!("{} ({}%)", o.target, o.wanted);
            writeln!(
                f,
                "  {fight:<24} a pool of {:<3} {}{}",
                o.pool,
                o.chance,
                reach(o.chance.decimal, o.wanted)
            )?;
        }
        writeln!(f, "The Difficulty of an action (C3):")?;
        for d in &self.difficulties {
            let what = format!("{}, {} {}, {}", d.who, d.dice, dice(d.dice), d.target);
            writeln!(
                f,
                "  {what:<32} Difficulty {:<3} {}{}",
                d.difficulty,
                d.chance,
                reach(d.chance.decimal, d.wanted)
            )?;
        }
        Ok(())
    }
}

fn dice(n: u32) -> &'static str {
    if n == 1 { "die" } else { "dice" }
}

/// ", the closest there is" when `decimal` is more than 10 points from `wanted` percent (as the
/// other systems' fair fights say it): no number allowed comes nearer.
fn reach(decimal: f64, wanted: u32) -> &'static str {
    if (decimal - f64::from(wanted) / 100.0).abs() > 0.10 {
        " (out of reach: the closest there is)"
    } else {
        ""
    }
}
