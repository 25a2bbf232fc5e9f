//! `skald twenty balance`: a fair fight for the GM (issue 32). The party's chance to win a whole
//! conflict against an NPC at the table, and an opponent proposed for an easy, even or hard fight
//! ([`crate::advice::balance`]). JSON: `after_steps`, `party`, `against`, `proposals`.

use crate::advice::balance::{
    BalanceBudget, MAX_PROPOSED_TRAITS, PartyChance, balance as propose, party, party_chance,
    shape_words,
};
use crate::advice::{AdviceModel, Estimate};
use crate::error::Error;
use crate::model::State;
use serde::Serialize;
use std::fmt;

/// The report: who the party is, its chance against an NPC named, and the opponents proposed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BalanceReport {
    /// How many steps of the scenario were played to reach the state.
    pub after_steps: usize,
    /// The party, in the order named or in table order: by default the characters not the GM's;
    /// never the dead or disabled (T7).
    pub party: Vec<String>,
    /// The party's chance against the NPC named with `--against`, if any.
    pub against: Option<AgainstLine>,
    /// The opponents proposed, easiest first: each target asked for, or all three.
    pub proposals: Vec<ProposalLine>,
}

/// The party's chance against one NPC at the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AgainstLine {
    /// The NPC.
    pub name: String,
    /// The party's chance to win.
    pub chance: ChanceLine,
}

/// An opponent proposed for a target.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProposalLine {
    /// `easy`, `even` or `hard`.
    pub target: &'static str,
    /// The party's chance wanted, in percent: 75, 50 or 25.
    pub wanted: u32,
    /// The opponent's traits' boxes, largest first: 1 to 8 traits of 1 to 20 boxes.
    pub traits: Vec<u32>,
    /// The party's chance against it.
    pub chance: ChanceLine,
    /// No opponent of this shape comes within 10 points of the target: the closest there is.
    pub out_of_reach: bool,
}

/// A chance of the party's: exact, or simulated with its margin.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChanceLine {
    /// The chance as a reduced fraction "p/q" (for a simulation, the share of the plays won).
    pub p: String,
    /// `p` as a decimal in 0..=1.
    pub decimal: f64,
    /// For a simulation, the half-width of the 99.9% interval in 0..=1; `null` when exact.
    pub margin: Option<f64>,
    /// For a simulation, the conflicts played; `null` when exact.
    pub plays: Option<u64>,
    /// `best_play` (exact) or `simple_policy` (simulated).
    pub model: super::AdviceModelName,
}

impl ChanceLine {
    fn of(chance: &PartyChance) -> ChanceLine {
        let c = chance.win.chance("");
        ChanceLine {
            p: c.p,
            decimal: c.decimal,
            margin: c.margin,
            plays: match chance.win {
                Estimate::Exact(_) => None,
                Estimate::Simulated { plays, .. } => Some(plays),
            },
            model: match chance.model {
                AdviceModel::BestPlay => super::AdviceModelName::BestPlay,
                AdviceModel::SimplePolicy => super::AdviceModelName::SimplePolicy,
            },
        }
    }

    fn words(&self) -> String {
        match (self.margin, self.plays) {
            (Some(_), Some(_)) => super::win_words(&self.p, self.decimal, self.margin, self.plays),
            _ => format!(
                "{} (exact, best play)",
                super::win_words(&self.p, self.decimal, None, None)
            ),
        }
    }
}

/// The balance report at `state` (reached after `after_steps` steps of a scenario) for the party
/// `named` (by default every player character, [`party`]): its chance against the character
/// `against` if named, and the opponents proposed for `target` (all three when `None`), within
/// `budget` ([`BalanceBudget::REPORT`] on the command line).
///
/// # Errors
/// [`Error::UnknownCharacter`] for a name not at the table; [`Error::EmptyParty`] when no
/// character of the party can fight; [`Error::UnfitOpponent`] when `against` is in the party or
/// dead.
pub fn balance(
    state: &State,
    after_steps: usize,
    named: Option<&[String]>,
    against: Option<&str>,
    target: Option<skald_core::Fight>,
    budget: BalanceBudget,
) -> Result<BalanceReport, Error> {
    let party = party(state, named)?;
    if party.is_empty() && named.is_none() {
        return Err(Error::EmptyParty {
            default_party: true,
        });
    }
    if let Some(name) = against
        && party.iter().any(|c| c.name == name)
    {
        return Err(Error::UnfitOpponent {
            name: name.to_owned(),
            dead: false,
        });
    }
    let against = match against {
        None => None,
        Some(name) => {
            let npc = state
                .character(name)
                .ok_or_else(|| Error::UnknownCharacter(name.to_owned()))?;
            if npc.dead {
                return Err(Error::UnfitOpponent {
                    name: name.to_owned(),
                    dead: true,
                });
            }
            let opponent: Vec<u32> = npc
                .rollables()
                .filter(|t| !t.broken && t.unchecked() > 0)
                .map(|t| t.unchecked())
                .collect();
            let chance = party_chance(&party, &opponent, budget.chance)?;
            Some(AgainstLine {
                name: npc.name.clone(),
                chance: ChanceLine::of(&chance),
            })
        }
    };
    let proposals = propose(&party, budget)?
        .into_iter()
        .filter(|p| target.is_none_or(|t| t == p.target))
        .map(|p| ProposalLine {
            target: p.target.name(),
            wanted: p.target.percent(),
            traits: p.traits.clone(),
            chance: ChanceLine::of(&p.chance),
            out_of_reach: p.out_of_reach,
        })
        .collect();
    Ok(BalanceReport {
        after_steps,
        party: party.iter().map(|c| c.name.clone()).collect(),
        against,
        proposals,
    })
}

impl fmt::Display for BalanceReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let party = match self.party.as_slice() {
            [one] => format!("{one}, alone,"),
            all => format!("the party ({}), allies (T13),", all.join(", ")),
        };
        writeln!(
            f,
            "After step {}: {party} in one conflict against one opponent",
            self.after_steps
        )?;
        writeln!(
            f,
            "The model: exact when small (everyone plays its best choice), otherwise simulated \
             (everyone stands when its side is ahead, else brings in its largest trait); no \
             burdens or surrenders (docs/twenty.md, \"A fair fight\")."
        )?;
        let winner = match self.party.as_slice() {
            [one] => one.as_str(),
            _ => "the party",
        };
        if let Some(a) = &self.against {
            writeln!(
                f,
                "  {} wins against {}: {}",
                skald_core::capitalized(winner),
                a.name,
                a.chance.words()
            )?;
        }
        for p in &self.proposals {
            let reach = if p.out_of_reach {
                "; out of reach, the closest there is"
            } else {
                ""
            };
            writeln!(
                f,
                "  {} fight ({}% wanted{reach}): an opponent with {}: {winner} wins {}",
                skald_core::capitalized(p.target),
                p.wanted,
                shape_words(&p.traits),
                p.chance.words()
            )?;
        }
        if !self.proposals.is_empty() {
            writeln!(
                f,
                "Opponents weighed: 1 to {MAX_PROPOSED_TRAITS} traits of 1 to 20 boxes each. To \
                 use one, name its traits and add it to the scenario's characters (at a table: \
                 the NPC builder, which shows the chance as you edit), then check the chance with \
                 --against and its name."
            )?;
        }
        Ok(())
    }
}
