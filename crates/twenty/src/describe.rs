//! One line of table log per Twenty event, every die shown.

use crate::Event;
use crate::event::StandReason;

fn dice(values: &[u32]) -> String {
    values
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The log line for `event`.
pub fn describe(event: &Event) -> String {
    match event {
        Event::CharacterAdded { character } => {
            let mut parts = Vec::new();
            if !character.stats.is_empty() {
                let stats = crate::STATS
                    .iter()
                    .filter_map(|s| character.stats.get(*s).map(|b| format!("{s} {b}")))
                    .collect::<Vec<_>>()
                    .join(", ");
                parts.push(stats);
            }
            let traits = character
                .traits
                .iter()
                .map(|t| format!("{} {}", t.name, t.boxes))
                .collect::<Vec<_>>()
                .join(", ");
            parts.push(format!("traits: {traits}"));
            if !character.equipment.is_empty() {
                let items = character
                    .equipment
                    .iter()
                    .map(|t| format!("{} {}", t.name, t.boxes))
                    .collect::<Vec<_>>()
                    .join(", ");
                parts.push(format!("special equipment: {items}"));
            }
            format!("{} joins the table ({})", character.name, parts.join("; "))
        }
        Event::ConflictStarted { participants } => {
            let sides = participants
                .iter()
                .map(|d| {
                    let death = if d.death_goal { " [death goal]" } else { "" };
                    format!("{} wants: {}{death}", d.who, d.goal)
                })
                .collect::<Vec<_>>()
                .join("; ");
            format!("Conflict! {sides}. Exchange 1 begins.")
        }
        Event::BroughtIn {
            who,
            trait_name,
            exchange,
            dice: rolled,
        } => format!(
            "{who} brings in {trait_name} (exchange {exchange}): rolls {}d20 = {}; checks a box of {trait_name}",
            rolled.len(),
            dice(rolled)
        ),
        Event::Stood { who, exchange } => format!("{who} stands in exchange {exchange}"),
        Event::ForcedToStand {
            who,
            reason: StandReason::RolledOne,
        } => {
            format!(
                "{who} rolled a 1 and must stand for the rest of the conflict (the dice still count)"
            )
        }
        Event::ForcedToStand {
            who,
            reason: StandReason::NothingEligible,
        } => {
            format!(
                "{who} has nothing with enough unchecked boxes and must stand for the rest of the conflict"
            )
        }
        Event::Surrendered { who } => format!("{who} surrenders: dice gone, goal lost"),
        Event::ExchangeEnded {
            exchange,
            order,
            pools,
            winning,
        } => {
            let lead = match winning {
                Some(who) => format!("{who} is winning"),
                None => "a tie at the top: no one is winning".to_string(),
            };
            let pools = order
                .iter()
                .zip(pools)
                .map(|(who, pool)| format!("{who} [{}]", dice(pool)))
                .collect::<Vec<_>>()
                .join(", ");
            format!(
                "End of exchange {exchange}: pools {pools}; {lead}; narration order {}",
                order.join(", ")
            )
        }
        Event::ExchangeBegan { exchange } => format!("Exchange {exchange} begins"),
        Event::TieRolled { rolls } => {
            let rolls = rolls
                .iter()
                .map(|(who, d)| format!("{who} {d}"))
                .collect::<Vec<_>>()
                .join(", ");
            format!("Final tie rolled off, 1d20 each: {rolls}")
        }
        Event::ConflictEnded { winner, order } => {
            format!(
                "The conflict ends: {winner} wins. Final narration: {}",
                order.join(", ")
            )
        }
    }
}
