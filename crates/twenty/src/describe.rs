//! One line of table log per Twenty event, in the book's terms, every die shown (the core's
//! `System::describe`).

use crate::model::{BreakCause, Event, ObligationEnd, STATS, StandReason, SurrenderReason, Trait};
use skald_core::{noun, plural};

fn dice(values: &[u32]) -> String {
    values
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn boxes(values: &[u32]) -> String {
    values
        .iter()
        .map(|v| format!("[{v}]"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A participant as a sentence names it: the GM's side of a healing conflict is "the GM" (its
/// reserved name, [`crate::GM`]), a character its name.
fn called(who: &str) -> String {
    if who == crate::GM {
        "the GM".to_owned()
    } else {
        who.to_owned()
    }
}

/// `text` with its first letter in capitals, for a name opening a sentence ("The GM wins").
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The log line for `event`.
pub fn describe(event: &Event) -> String {
    match event {
        Event::CharacterAdded { .. } | Event::TraitDefined { .. } => describe_sheets(event),
        Event::ConflictStarted { .. }
        | Event::HealingStarted { .. }
        | Event::BroughtIn { .. }
        | Event::GmRolled { .. }
        | Event::BurdenDieUsed { .. }
        | Event::Stood { .. }
        | Event::ForcedToStand { .. }
        | Event::Surrendered { .. }
        | Event::ExchangeEnded { .. }
        | Event::ExchangeBegan { .. }
        | Event::TieRolled { .. }
        | Event::ConflictEnded { .. } => describe_conflict(event),
        Event::BurdenTaken { .. }
        | Event::Disabled { .. }
        | Event::ItemBroke { .. }
        | Event::ItemRepaired { .. }
        | Event::CharacterDied { .. }
        | Event::BurdenHealed { .. }
        | Event::BurdenWorsened { .. } => describe_burdens(event),
        Event::BoxesUnchecked { .. }
        | Event::KeyAdded { .. }
        | Event::TraitAdded { .. }
        | Event::BoxesAdded { .. }
        | Event::TraitSwapped { .. }
        | Event::ObligationGranted { .. }
        | Event::ObligationEnded { .. } => describe_growth(event),
    }
}

/// A character sits down, a trait is defined (T1, T12).
fn describe_sheets(event: &Event) -> String {
    match event {
        Event::CharacterAdded { character } => character_added(character),
        Event::TraitDefined {
            name,
            description,
            open,
        } => {
            let open = if *open { ", open to all" } else { "" };
            format!("The table adds the trait {name}{open}: {description}")
        }
        // Every other event is another group's (`describe` sends each to its own).
        _ => String::new(),
    }
}

/// A conflict's course: its start, dice brought in and rolled, stands, surrenders, exchanges, ties
/// and its end (T2-T4, T8).
fn describe_conflict(event: &Event) -> String {
    match event {
        Event::ConflictStarted {
            participants,
            allies,
        } => conflict_started(participants, allies),
        Event::HealingStarted { healing } => format!(
            "Healing conflict: {} tends {}'s {} {}; the GM's pool starts as {}. Exchange 1 begins.",
            healing.healer,
            healing.patient,
            healing.burden,
            boxes(&healing.boxes),
            dice(&healing.boxes)
        ),
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
        Event::GmRolled { dice: rolled } => {
            format!("The GM rolls a d20 per burden box: {}", dice(rolled))
        }
        Event::BurdenDieUsed {
            who,
            of,
            burden,
            value,
            ..
        } => {
            format!("{who} uses {of}'s burden {burden}: a {value} joins {who}'s pool")
        }
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
        Event::Surrendered {
            who,
            reason: SurrenderReason::Chose,
        } => format!("{who} surrenders: dice gone, goal lost"),
        Event::Surrendered {
            who,
            reason: SurrenderReason::Disabled,
        } => {
            format!(
                "{who} is disabled and out of the conflict at once, as though {who} had surrendered (T7)"
            )
        }
        Event::ExchangeEnded {
            exchange,
            order,
            pools,
            winning,
            allies,
        } => exchange_ended(*exchange, order, pools, winning.as_ref(), allies),
        Event::ExchangeBegan { exchange } => format!("Exchange {exchange} begins"),
        Event::TieRolled { rolls } => {
            let rolls = rolls
                .iter()
                .map(|(who, d)| format!("{who} {d}"))
                .collect::<Vec<_>>()
                .join(", ");
            format!("Final tie rolled off, 1d20 each: {rolls}")
        }
        Event::ConflictEnded {
            winner,
            allies,
            order,
        } => conflict_ended(winner, allies, order),
        // Every other event is another group's (`describe` sends each to its own).
        _ => String::new(),
    }
}

/// Burdens and what they break: a burden taken, healed or worsened, a character disabled or dead,
/// an item broken or repaired (T5-T7, T9, T14).
fn describe_burdens(event: &Event) -> String {
    match event {
        Event::BurdenTaken {
            who,
            on,
            from,
            name,
            stat_roll,
            stat,
            boxes: values,
        } => match on {
            Some(patient) => format!(
                "{who} takes a {}-box burden to make {} discard {}; the patient, {patient}, carries it: \"{name}\" {} under {stat} (d20 {stat_roll}; T5, T14)",
                values.len(),
                called(from),
                dice(values),
                boxes(values)
            ),
            None => format!(
                "{} takes a {}-box burden to make {} discard {}; {who} carries it: \"{name}\" {} under {stat} (d20 {stat_roll}, T5)",
                capital(&called(who)),
                values.len(),
                called(from),
                dice(values),
                boxes(values)
            ),
        },
        Event::Disabled {
            who,
            stat,
            burden_boxes,
            stat_boxes,
        } => format!(
            "{who} is disabled: {} under {stat} {} its {} (T7)",
            noun(*burden_boxes as usize, "burden box", "burden boxes"),
            plural(*burden_boxes, "exceeds", "exceed"),
            noun(*stat_boxes as usize, "box", "boxes")
        ),
        Event::ItemBroke {
            who,
            item,
            cause: BreakCause::RolledOne,
        } => {
            format!("{who}'s {item} breaks: a 1 among its dice (T9)")
        }
        Event::ItemBroke {
            who,
            item,
            cause: BreakCause::OpponentRolledTwenty(by),
        } => {
            format!("{who}'s {item} breaks: {by} rolled a 20 in its exchange (T9)")
        }
        Event::ItemRepaired { who, item } => format!("{who}'s {item} is repaired"),
        Event::CharacterDied { who, by } => {
            format!("{who} dies: {by} won with {who}'s death as its goal (T7)")
        }
        Event::BurdenHealed {
            who,
            burden,
            removed,
            picked,
        } => {
            let picks = if picked.is_empty() {
                String::new()
            } else {
                format!(", the healer having picked {}", boxes(picked))
            };
            format!("{who}'s {burden} loses {}{picks} (T8)", boxes(removed))
        }
        Event::BurdenWorsened { who, burden, added } => {
            format!("The healing made it worse: {who}'s {burden} gains [{added}] (T8)")
        }
        // Every other event is another group's (`describe` sends each to its own).
        _ => String::new(),
    }
}

/// Growth between conflicts and obligations: boxes unchecked and added, keys and traits gained or
/// swapped, obligations granted and ended (T10, T11).
fn describe_growth(event: &Event) -> String {
    match event {
        Event::BoxesUnchecked {
            who,
            traits,
            reason,
        } => {
            format!("{who} unchecks a box of {} ({reason})", traits.join(", "))
        }
        Event::KeyAdded { who, key } => format!("{who} advances: a new key, {key}"),
        Event::TraitAdded { who, trait_name } => {
            format!("{who} advances: a new trait, {trait_name} 1")
        }
        Event::BoxesAdded { who, traits } => {
            format!("{who} advances: a box more on {}", traits.join(", "))
        }
        Event::TraitSwapped { who, old, new } => format!("{who} advances: {old} becomes {new}"),
        Event::ObligationGranted {
            granter,
            trait_name,
            boxes,
            grantee,
            as_trait,
            service,
        } => format!(
            "{granter} colours {} of {trait_name}: {grantee} gets {as_trait} {boxes} under Obligations, owing: {service}",
            noun(*boxes as usize, "box", "boxes")
        ),
        Event::ObligationEnded {
            grantee,
            trait_name,
            reason,
        } => {
            let why = match reason {
                ObligationEnd::Fulfilled => "the service is done",
                ObligationEnd::Rescinded => "the granter rescinds it",
            };
            format!(
                "{grantee}'s obligation {trait_name} ends, {why}: {grantee} loses the trait and the granter's coloured boxes are unchecked (T11)"
            )
        }
        // Every other event is another group's (`describe` sends each to its own).
        _ => String::new(),
    }
}

/// A character's joining: its stats, keys, traits, special equipment and burdens.
fn character_added(character: &crate::model::Sheet) -> String {
    let mut parts = Vec::new();
    if !character.stats.is_empty() {
        let stats = STATS
            .iter()
            .filter_map(|s| {
                character
                    .stats
                    .get(*s)
                    .map(|b| format!("{s} {}", b.boxes()))
            })
            .collect::<Vec<_>>()
            .join(", ");
        parts.push(stats);
    }
    if !character.keys.is_empty() {
        parts.push(format!("keys: {}", character.keys.join(", ")));
    }
    let list = |ts: &[Trait]| {
        ts.iter()
            .map(|t| format!("{} {}", t.name, t.boxes))
            .collect::<Vec<_>>()
            .join(", ")
    };
    parts.push(format!("traits: {}", list(&character.traits)));
    if !character.equipment.is_empty() {
        parts.push(format!("special equipment: {}", list(&character.equipment)));
    }
    for b in &character.burdens {
        parts.push(format!(
            "burden {} ({}) {}",
            b.name,
            b.stat,
            boxes(&b.boxes)
        ));
    }
    format!("{} joins the table ({})", character.name, parts.join("; "))
}

/// A conflict's start: each side's goal (allies told once, as one side: T13) and death goals.
fn conflict_started(participants: &[crate::Declaration], allies: &[Vec<String>]) -> String {
    let mut told: Vec<&str> = Vec::new();
    let mut sides = Vec::new();
    for d in participants {
        if told.contains(&d.who.as_str()) {
            continue;
        }
        let death = |d: &crate::Declaration| {
            d.death_of
                .as_ref()
                .map(|target| format!(" [death goal: {target}]"))
                .unwrap_or_default()
        };
        match allies.iter().find(|side| side.contains(&d.who)) {
            Some(side) => {
                let members: Vec<&crate::Declaration> = participants
                    .iter()
                    .filter(|p| side.contains(&p.who))
                    .collect();
                told.extend(members.iter().map(|m| m.who.as_str()));
                let names: Vec<&str> = members.iter().map(|m| m.who.as_str()).collect();
                let deaths: String = members.iter().map(|m| death(m)).collect();
                sides.push(format!(
                    "{} want: {}{deaths} (one side, T13)",
                    skald_core::and_list(&names),
                    d.goal
                ));
            }
            None => sides.push(format!("{} wants: {}{}", d.who, d.goal, death(d))),
        }
    }
    format!("Conflict! {}. Exchange 1 begins.", sides.join("; "))
}

/// An exchange's end: the pools in narration order and who is winning (a side of allies: T13).
fn exchange_ended(
    exchange: u32,
    order: &[String],
    pools: &[Vec<u32>],
    winning: Option<&String>,
    allies: &[String],
) -> String {
    let lead = match winning {
        Some(who) if allies.is_empty() => format!("{who} is winning"),
        Some(who) => {
            let side: Vec<&str> = std::iter::once(who)
                .chain(allies)
                .map(String::as_str)
                .collect();
            format!(
                "{who}'s side is winning ({}, T13)",
                skald_core::and_list(&side)
            )
        }
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

/// A conflict's end: the winner (and its allies, sharing the goal: T13) and the final narration.
fn conflict_ended(winner: &String, allies: &[String], order: &[String]) -> String {
    if winner.is_empty() {
        "The conflict ends with nobody left in it: nobody wins".to_owned()
    } else if allies.is_empty() {
        format!(
            "The conflict ends: {winner} wins. Final narration: {}",
            order.join(", ")
        )
    } else {
        let side: Vec<&str> = std::iter::once(winner)
            .chain(allies)
            .map(String::as_str)
            .collect();
        format!(
            "The conflict ends: {} win the goal they share, {winner} holding the best pool (T13). Final narration: {}",
            skald_core::and_list(&side),
            order.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_english_for_one_and_for_many() {
        let disabled = |burden_boxes, stat_boxes| Event::Disabled {
            who: "Gorand".into(),
            stat: "Mental".into(),
            burden_boxes,
            stat_boxes,
        };
        assert_eq!(
            describe(&disabled(2, 1)),
            "Gorand is disabled: 2 burden boxes under Mental exceed its 1 box (T7)"
        );
        assert_eq!(
            describe(&disabled(3, 2)),
            "Gorand is disabled: 3 burden boxes under Mental exceed its 2 boxes (T7)"
        );
        let granted = |boxes| Event::ObligationGranted {
            granter: "Gorand".into(),
            trait_name: "Fame".into(),
            boxes,
            grantee: "Ann".into(),
            as_trait: "Gorand's favour".into(),
            service: "a song".into(),
        };
        assert_eq!(
            describe(&granted(1)),
            "Gorand colours 1 box of Fame: Ann gets Gorand's favour 1 under Obligations, owing: a \
             song"
        );
        assert_eq!(
            describe(&granted(2)),
            "Gorand colours 2 boxes of Fame: Ann gets Gorand's favour 2 under Obligations, owing: a \
             song"
        );
    }
}
