//! A Twenty session as a report's summary tells it (the core's `System::chronicle`): one episode
//! per conflict (T2-T4) or healing conflict (T8), with who took part, who won and the goal it got,
//! those who surrendered, the boxes each checked, burdens taken, disabled, deaths and broken items;
//! and between conflicts the goals met (boxes unchecked), advancement (T10) and obligations (T11).

use crate::describe::describe;
use crate::model::Options;
use crate::model::{Event, SurrenderReason};
use skald_core::{Chronicle, Episode, noun};
use std::collections::BTreeMap;

/// What happens outside a conflict is told under this title.
const BETWEEN: &str = "Between conflicts";

/// The boxes each participant checked in the conflict open now, in the order they came in.
#[derive(Default)]
struct Checked(Vec<(String, Vec<String>)>);

impl Checked {
    fn add(&mut self, who: &str, trait_name: &str) {
        match self.0.iter_mut().find(|(w, _)| w == who) {
            Some((_, traits)) => traits.push(trait_name.to_owned()),
            None => self.0.push((who.to_owned(), vec![trait_name.to_owned()])),
        }
    }

    /// One sentence per participant: "Gorand checked 2 boxes (Arms, Fame)".
    fn sentences(&mut self) -> Vec<String> {
        std::mem::take(&mut self.0)
            .into_iter()
            .map(|(who, traits)| {
                format!(
                    "{who} checked {} ({})",
                    noun(traits.len(), "box", "boxes"),
                    traits.join(", ")
                )
            })
            .collect()
    }
}

/// The episodes of `events` (the session's, in log order).
pub fn chronicle(_options: &Options, events: &[Event]) -> Vec<Episode> {
    let mut chronicle = Chronicle::new();
    let mut conflicts = 0u32;
    let mut goals: BTreeMap<String, String> = BTreeMap::new();
    let mut checked = Checked::default();
    let mut exchanges = 0u32;
    let mut healing_conflict = false;
    for event in events {
        match event {
            Event::ConflictStarted { participants, .. } => {
                conflicts += 1;
                healing_conflict = false;
                exchanges = 1;
                let mut episode = Episode::new(format!("Conflict {conflicts}"));
                goals.clear();
                for side in participants {
                    episode.joined(&side.who);
                    goals.insert(side.who.clone(), side.goal.clone());
                    let death = side
                        .death_of
                        .as_ref()
                        .map(|d| format!(" (death goal: {d})"))
                        .unwrap_or_default();
                    episode
                        .changes
                        .push(format!("{} wants: {}{death}", side.who, side.goal));
                }
                chronicle.open(episode);
            }
            Event::HealingStarted { healing } => {
                conflicts += 1;
                exchanges = 1;
                healing_conflict = true;
                goals.clear();
                let mut episode = Episode::new(format!(
                    "Conflict {conflicts}: healing {}'s {} (T8)",
                    healing.patient, healing.burden
                ));
                episode.joined(&healing.healer);
                episode.joined(&healing.patient);
                chronicle.open(episode);
            }
            Event::BroughtIn {
                who, trait_name, ..
            } => checked.add(who, trait_name),
            Event::ExchangeBegan { exchange } => exchanges = *exchange,
            Event::ConflictEnded { winner, allies, .. } => {
                if let Some(episode) = chronicle.current() {
                    episode.changes.extend(checked.sentences());
                }
                let rule = if healing_conflict { "T8" } else { "T4" };
                let after = noun(exchanges as usize, "exchange", "exchanges");
                let outcome = if winner.is_empty() {
                    format!("nobody wins: nobody was left in ({rule}), after {after}")
                } else if allies.is_empty() {
                    let got = goals
                        .get(winner)
                        .map(|goal| format!(" and gets its goal: {goal}"))
                        .unwrap_or_default();
                    format!("{winner} wins{got} ({rule}), after {after}")
                } else {
                    let mut side = vec![winner.as_str()];
                    side.extend(allies.iter().map(String::as_str));
                    let got = goals
                        .get(winner)
                        .map(|goal| format!(" and get the goal they share: {goal}"))
                        .unwrap_or_default();
                    let (last, rest) = side.split_last().unwrap_or((&"", &[]));
                    format!(
                        "{} and {last} win{got} ({rule}, T13), after {after}",
                        rest.join(", ")
                    )
                };
                chronicle.end(outcome);
            }
            Event::Surrendered { who, reason } => {
                let line = match reason {
                    SurrenderReason::Chose => format!("{who} surrenders: goal lost"),
                    SurrenderReason::Disabled => {
                        format!("{who} is disabled and loses at once (T7)")
                    }
                };
                chronicle.change(BETWEEN, Some(who), line);
            }
            Event::CharacterDied { who, .. }
            | Event::BurdenHealed { who, .. }
            | Event::BurdenWorsened { who, .. } => {
                chronicle.after(BETWEEN, Some(who), describe(event));
            }
            Event::BurdenTaken { who, .. }
            | Event::Disabled { who, .. }
            | Event::ItemBroke { who, .. }
            | Event::ItemRepaired { who, .. }
            | Event::BoxesUnchecked { who, .. }
            | Event::KeyAdded { who, .. }
            | Event::TraitAdded { who, .. }
            | Event::BoxesAdded { who, .. }
            | Event::TraitSwapped { who, .. } => {
                chronicle.change(BETWEEN, Some(who), describe(event));
            }
            Event::ObligationGranted { granter, .. } => {
                chronicle.change(BETWEEN, Some(granter), describe(event));
            }
            Event::ObligationEnded { grantee, .. } => {
                chronicle.change(BETWEEN, Some(grantee), describe(event));
            }
            Event::CharacterAdded { .. }
            | Event::TraitDefined { .. }
            | Event::GmRolled { .. }
            | Event::BurdenDieUsed { .. }
            | Event::Stood { .. }
            | Event::ForcedToStand { .. }
            | Event::ExchangeEnded { .. }
            | Event::TieRolled { .. } => {}
        }
    }
    if let Some(episode) = chronicle.current() {
        episode.changes.extend(checked.sentences());
    }
    chronicle.finish()
}
