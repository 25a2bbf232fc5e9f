//! One log line per Freelancer event, in the book's terms, with every die and the odds shown.

use crate::model::adjustment::Adjusted;
use crate::model::event::{
    Allowance, ChanceCheck, Check, ContestResult, Event, OpposedCheck, TaskCheck, TeamLift,
};
use crate::model::options::InitiativeMethod;
use crate::model::roll::DiceRoll;
use crate::model::scene::Slot;
use crate::rules::task_check::explain;

/// The log line for `event`, e.g. `Ash: task check, CHM 27 vs 56 (the guard's WIL): the larger
/// number,
/// 56, has 2 digits: no equalizing needed (F2); difference = 56 - 27 = 29 (6-95: ...); P(success)
/// 71/100, P(Botch) 1/20: d100 38: success.`
pub fn describe(event: &Event) -> String {
    match event {
        Event::Enrolled { .. }
        | Event::Awarded { .. }
        | Event::LeveledUp { .. }
        | Event::RatingSet { .. }
        | Event::FormulaSet { .. }
        | Event::VocationChanged { .. }
        | Event::ApSpent { .. } => describe_sheets(event),
        Event::Rested { .. }
        | Event::RestEnded { .. }
        | Event::SafeAreaEntered { .. }
        | Event::SafeAreaLeft { .. } => describe_rest(event),
        Event::EventStarted { .. }
        | Event::TotalActionDeclared { .. }
        | Event::InitiativeRolled { .. }
        | Event::Divided { .. }
        | Event::Acted { .. }
        | Event::EventEnded { .. } => describe_event(event),
        Event::TaskChecked(task) => task_line(task),
        Event::TeamLifted(lift) => lift_line(lift),
        Event::ChanceChecked(chance) => chance_line(chance),
        Event::OpposedChecked(opposed) => opposed_line(opposed),
        Event::DiceRolled(roll) => dice_line(roll),
    }
}

/// A character enrolled, and what changes its sheet: awards, levels, ratings and formulas set,
/// vocations changed, AP spent (F8).
fn describe_sheets(event: &Event) -> String {
    match event {
        Event::Enrolled { character } => {
            let ratings: Vec<String> = character
                .ratings
                .iter()
                .map(|(r, v)| format!("{r} {v}"))
                .collect();
            let ratings = if ratings.is_empty() {
                "no ratings".to_owned()
            } else {
                ratings.join(", ")
            };
            let sheet = match character.kind {
                crate::Kind::Encounter => "an Encounter Sheet".to_owned(),
                kind => {
                    let vocation = character
                        .vocation
                        .map(|v| format!(", {v} ({})", v.organisation()))
                        .unwrap_or_default();
                    format!(
                        "{}, level {}, {} XP, {} AP{vocation}",
                        if kind == crate::Kind::Npc {
                            "an NPC with a full sheet"
                        } else {
                            "a PC"
                        },
                        character.level,
                        character.xp,
                        character.ap
                    )
                }
            };
            format!("{} joins the table ({sheet}): {ratings}.", character.name)
        }
        Event::Awarded(award) => {
            let mut gains = Vec::new();
            if award.xp > 0 {
                gains.push(format!("{} XP", award.xp));
            }
            if award.ap > 0 {
                gains.push(format!("{} AP", award.ap));
            }
            let (verb, each) = if award.who.len() == 1 {
                ("gets", "")
            } else {
                ("get", " each")
            };
            format!(
                "{} {verb} {}{each}: {}.",
                award.who.join(", "),
                gains.join(" and "),
                award.reason
            )
        }
        Event::LeveledUp {
            who,
            level,
            ap,
            reason,
        } => format!(
            "{who} reaches level {level} and gains {ap} AP{}.",
            reason
                .as_ref()
                .map(|r| format!(": {r}"))
                .unwrap_or_default()
        ),
        Event::RatingSet {
            who,
            rating,
            value,
            was,
            reason,
        } => format!(
            "{who}'s {rating} is now {value}{}: {reason}.",
            was.map(|w| format!(" (was {w})")).unwrap_or_default()
        ),
        Event::FormulaSet { stat, formula, was } => {
            let was = was
                .as_ref()
                .map_or_else(|| "none".to_owned(), |f| f.source().to_owned());
            match formula {
                Some(formula) => format!(
                    "{} now comes from the table's formula {} (was: {was}) (F8).",
                    stat.spelled_out(),
                    formula.source()
                ),
                None => format!(
                    "{} has no formula any more (was: {was}): each sheet gives its own (F8).",
                    stat.spelled_out()
                ),
            }
        }
        Event::VocationChanged { who, from, to, at } => format!(
            "{who} changes vocation{} to {to} ({}), {} (F8).",
            from.map(|f| format!(" from {f}")).unwrap_or_default(),
            to.organisation(),
            allowance(*at)
        ),
        Event::ApSpent {
            who,
            ability,
            cost,
            ap_left,
            at,
        } => format!(
            "{who} learns {} ({}) for {cost} AP, {ap_left} AP left{}.",
            ability.name,
            ability.path,
            at.map(|a| format!(", outside the current vocation {} (F8)", allowance(a)))
                .unwrap_or_default()
        ),
        // Every other event is another group's (`describe` sends each to its own).
        _ => String::new(),
    }
}

/// Rest and safe areas.
fn describe_rest(event: &Event) -> String {
    match event {
        Event::Rested { who } => format!("{} rest{}.", who.join(", "), plural_verb(who.len())),
        Event::RestEnded { who } => {
            format!("{} stop{} resting.", who.join(", "), plural_verb(who.len()))
        }
        Event::SafeAreaEntered { place } => format!("The party is in a safe area: {place}."),
        Event::SafeAreaLeft { place } => format!("The party leaves the safe area: {place}."),
        // Every other event is another group's (`describe` sends each to its own).
        _ => String::new(),
    }
}

/// An event from its start to its end: initiative, total actions, divisions and turns (F5-F7).
fn describe_event(event: &Event) -> String {
    match event {
        Event::EventStarted { name, who, method } => format!(
            "Event: {name}, with {}; initiative by method {} ({}).",
            who.join(", "),
            u8::from(*method),
            match method {
                InitiativeMethod::One => "F5",
                InitiativeMethod::Two => "F6",
            }
        ),
        Event::TotalActionDeclared { who, round } => {
            format!("{who} declares a Total Action for round {round}: no turn that round (F7).")
        }
        Event::InitiativeRolled(initiative) => {
            let rolls: Vec<String> = initiative
                .rolls
                .iter()
                .map(|r| {
                    let scaled = if r.roll == r.turn {
                        String::new()
                    } else {
                        format!(" -> {} (SPD {})", r.turn, r.spd)
                    };
                    format!(
                        "{} d100 {} + ALC {} = {}{scaled}",
                        r.who, r.d100, r.alc, r.roll
                    )
                })
                .collect();
            let totals = if initiative.total_actions.is_empty() {
                String::new()
            } else {
                format!("; Total Action: {}", initiative.total_actions.join(", "))
            };
            let rolls = if rolls.is_empty() {
                "no one rolls".to_owned()
            } else {
                rolls.join(", ")
            };
            format!(
                "Round {} initiative: {rolls}{totals}{}; order: {}.",
                initiative.round,
                roll_offs(&initiative.roll_offs),
                order(&initiative.order)
            )
        }
        Event::Divided(division) => format!(
            "{} divides turn {} into {} (at most {}) at {}{}; order: {}.",
            division.who,
            division.rolled,
            skald_core::noun(division.actions as usize, "Full Action", "Full Actions"),
            division.max_actions,
            division.turn,
            roll_offs(&division.roll_offs),
            order(&division.order)
        ),
        Event::Acted(turn) => format!(
            "{} takes turn {}: {}, {}{}{}{}{}.",
            turn.who,
            turn.turn,
            skald_core::noun(turn.full as usize, "Full Action", "Full Actions"),
            skald_core::noun(turn.empty as usize, "Empty Action", "Empty Actions"),
            turn.what
                .as_ref()
                .map(|n| format!(": {n}"))
                .unwrap_or_default(),
            lost_words(turn),
            if turn.warning.is_some() {
                "; warning: "
            } else {
                ""
            },
            turn.warning.as_deref().unwrap_or_default()
        ),
        Event::EventEnded { name, rounds } => {
            format!(
                "The event {name} ends after {}.",
                skald_core::noun(*rounds as usize, "round", "rounds")
            )
        }
        // Every other event is another group's (`describe` sends each to its own).
        _ => String::new(),
    }
}

/// A chance written `"p/q"` (or `"0"`, `"1"`) as people read it, its fraction beside it: `"71.0%
/// (71/100)"`, `"certain"`, `"impossible"` (skald_core::chance).
pub fn chance_words(p: &str) -> String {
    let decimal = match p.split_once('/') {
        Some((n, d)) => match (n.parse::<f64>(), d.parse::<f64>()) {
            (Ok(n), Ok(d)) if d > 0.0 => n / d,
            _ => 0.0,
        },
        None => p.parse::<f64>().unwrap_or(0.0),
    };
    skald_core::chance(p, decimal)
}

fn plural_verb(count: usize) -> &'static str {
    if count == 1 { "s" } else { "" }
}

fn allowance(at: Allowance) -> &'static str {
    match at {
        Allowance::Rest => "during a rest",
        Allowance::SafeArea => "in a safe area",
    }
}

fn roll_offs(rolls: &[crate::model::event::RollOff]) -> String {
    if rolls.is_empty() {
        return String::new();
    }
    let each: Vec<String> = rolls
        .iter()
        .map(|r| format!("{} d100 {} (tied at {})", r.who, r.roll, r.turn))
        .collect();
    format!("; roll-off: {}", each.join(", "))
}

fn order(slots: &[Slot]) -> String {
    if slots.is_empty() {
        return "nobody".to_owned();
    }
    slots
        .iter()
        .map(|s| {
            if s.actions > 1 {
                format!("{} {} (x{})", s.who, s.turn, s.actions)
            } else {
                format!("{} {}", s.who, s.turn)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn adjustments(list: &[Adjusted]) -> String {
    list.iter()
        .map(|a| format!(" x {} ({}) = {}", a.factor, a.reason, a.after))
        .collect()
}

fn task_line(task: &TaskCheck) -> String {
    let TaskCheck {
        who,
        stat,
        opponent,
        opponent_rating,
        adjustments: adjusted,
        check,
    } = task;
    let base = adjusted.first().map_or(check.rating, |a| a.before);
    let rating = match stat {
        Some(stat) => format!("{stat} {base}"),
        None => format!("rating {base}"),
    };
    let opposing = match (opponent, opponent_rating) {
        (Some(name), Some(r)) => format!(", {name}'s {r}"),
        _ => String::new(),
    };
    format!(
        "{who}: task check, {rating}{} vs {}",
        adjustments(adjusted),
        result(check, None, &opposing)
    )
}

fn lift_line(lift: &TeamLift) -> String {
    let shares: Vec<String> = lift
        .team
        .iter()
        .map(|l| format!("{} {}", l.who, l.lft))
        .collect();
    format!(
        "Team lift, LFT added up: {} = {} vs {}",
        shares.join(" + "),
        lift.check.rating,
        result(&lift.check, Some(&lift.roller), "")
    )
}

/// `56 (the guard's WIL): steps; P(success) 71/100, P(Botch) 1/20: d100 42: success.`
fn result(check: &Check, roller: Option<&String>, opposing: &str) -> String {
    let against = check
        .against
        .as_ref()
        .map(|a| format!(" ({a})"))
        .unwrap_or_default();
    let steps = explain(check.rating.get(), check.difficulty.get(), &check.equalized).join("; ");
    let roll = match (check.roll, roller) {
        (Some(roll), Some(roller)) => format!("{roller} rolls d100 {roll}"),
        (Some(roll), None) => format!("d100 {roll}"),
        (None, _) => "no roll".to_owned(),
    };
    let outcome = check.outcome.words(check.consequence);
    format!(
        "{}{against}{opposing}: {steps} ({}, F3); chance of success {}, of a Botch {}: {roll}: \
         {outcome}.",
        check.difficulty,
        check.band.rule(),
        chance_words(&check.odds.p_success),
        chance_words(&check.odds.p_botch)
    )
}

fn chance_line(chance: &ChanceCheck) -> String {
    let against = chance
        .against
        .as_ref()
        .map(|a| format!(" ({a})"))
        .unwrap_or_default();
    let outcome = chance.outcome.words(crate::Consequence::None);
    format!(
        "{}: a plain {}% chance{against} (F1); chance of success {}, of a Botch {}: d100 {}: \
         {outcome}.",
        chance.who,
        chance.chance,
        chance_words(&chance.odds.p_success),
        chance_words(&chance.odds.p_botch),
        chance.roll
    )
}

/// `Ash rolls 3d6 (the trap's damage): 6 (Crit), 3, 1 (Botch) = 10; P(at least one Crit) 91/216,
/// P(at least one Botch) 91/216 (F1: 6 is a Crit, 1 a Botch).`
fn dice_line(roll: &DiceRoll) -> String {
    let count = roll.dice.len();
    let dice = if count == 1 {
        format!("a d{}", roll.die)
    } else {
        format!("{count}d{}", roll.die)
    };
    let who = roll.who.as_ref().map_or_else(
        || format!("Rolled: {dice}"),
        |w| format!("{w} rolls {dice}"),
    );
    let what = roll
        .what
        .as_ref()
        .map(|w| format!(" ({w})"))
        .unwrap_or_default();
    let faces: Vec<String> = roll
        .dice
        .iter()
        .map(|d| match d.mark {
            Some(mark) => format!("{} ({})", d.face, mark.name()),
            None => d.face.to_string(),
        })
        .collect();
    let total = if count == 1 {
        String::new()
    } else {
        format!(" = {}", roll.total)
    };
    let odds = if count == 1 {
        format!(
            "chance of a Crit {}, of a Botch {}",
            chance_words(&roll.odds.p_crit),
            chance_words(&roll.odds.p_botch)
        )
    } else {
        format!(
            "chance of at least one Crit {}, of at least one Botch {}",
            chance_words(&roll.odds.p_any_crit),
            chance_words(&roll.odds.p_any_botch)
        )
    };
    format!(
        "{who}{what}: {}{total}; {odds} (F1: {} is a Crit, 1 a Botch).",
        faces.join(", "),
        roll.die
    )
}

fn side(side: &ContestResult) -> String {
    let base = side.adjustments.first().map_or(side.adjusted, |a| a.before);
    let rating = match side.stat {
        Some(stat) => format!("{stat} {base}"),
        None => format!("rating {base}"),
    };
    format!("{} {rating}{}", side.who, adjustments(&side.adjustments))
}

fn roll_result(side: &ContestResult) -> String {
    match (side.roll, side.margin) {
        (Some(roll), margin) => {
            let tag = if side.crit {
                " (Crit)"
            } else if side.botch {
                " (Botch)"
            } else {
                ""
            };
            match margin {
                Some(m) => format!(
                    "{} d100 {roll}{tag} under {} by {m}",
                    side.who, side.reduced
                ),
                None => format!("{} d100 {roll}{tag} misses {}", side.who, side.reduced),
            }
        }
        (None, _) => format!("{} no roll", side.who),
    }
}

fn opposed_line(check: &OpposedCheck) -> String {
    let against = check
        .against
        .as_ref()
        .map(|a| format!(" ({a})"))
        .unwrap_or_default();
    let reduced = if check.divisor.get() == 1 {
        String::new()
    } else {
        format!(
            ", divided by {}: {} vs {}",
            check.divisor, check.a.reduced, check.b.reduced
        )
    };
    let winner = match (&check.winner, check.reroll, check.automatic) {
        (Some(w), _, true) => format!("{w} wins without a roll (the other rating came to 0)"),
        (Some(w), _, false) => format!("{w} wins"),
        (None, _, true) => "no one can roll under 0: no winner".to_owned(),
        (None, true, _) => "no winner: roll again".to_owned(),
        (None, false, _) => "no winner".to_owned(),
    };
    let punishing = if check.punishing {
        format!(
            "; the gap of {} is over 150: a punishing outcome for the loser (F4)",
            check.gap
        )
    } else {
        String::new()
    };
    let rolls = if check.automatic {
        String::new()
    } else {
        format!("{}, {}: ", roll_result(&check.a), roll_result(&check.b))
    };
    format!(
        "Opposed check{against}, {} (F4): {} vs {}{reduced}; chance {} wins {}, {} wins {}, no \
         winner {}: {rolls}{winner}{punishing}.",
        check.method.label(),
        side(&check.a),
        side(&check.b),
        check.a.who,
        chance_words(&check.odds.p_a),
        check.b.who,
        chance_words(&check.odds.p_b),
        chance_words(&check.odds.p_neither)
    )
}

/// What a turn lost, for its log line: "; 1 of its 2 Full Actions not taken, lost with the turn
/// (F5, F7)", or nothing when every Full Action was taken.
fn lost_words(turn: &crate::model::event::Turn) -> String {
    if turn.lost == 0 {
        return String::new();
    }
    let had = turn.full.saturating_add(turn.lost);
    if had == 1 {
        return "; its Full Action not taken, lost with the turn (F7)".to_owned();
    }
    format!(
        "; {} of its {} not taken, lost with the turn (F5, F7)",
        turn.lost,
        skald_core::noun(had as usize, "Full Action", "Full Actions")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_of_one_round_says_round() {
        let ended = |rounds| Event::EventEnded {
            name: "the fight".into(),
            rounds,
        };
        assert_eq!(
            describe(&ended(1)),
            "The event the fight ends after 1 round."
        );
        assert_eq!(
            describe(&ended(2)),
            "The event the fight ends after 2 rounds."
        );
    }
}
