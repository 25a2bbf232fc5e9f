//! The moves of a full sheet's growth (rulings F7, F8): changing vocation, spending AP, awards,
//! levels and ratings; and the GM's stat formulas (F8).

use super::forms::{
    BIG_NUMBER_HELP, big_number, controlled, field, mv, named, number, one_of, option, small,
    some_of, text,
};
use crate::limits::{
    MAX_ABILITIES, MAX_AWARD, MAX_FORMULA, MAX_LEVEL, MAX_POINTS, MAX_REASON, MAX_TEXT,
};
use crate::model::Verb;
use crate::model::options::formula_names;
use crate::model::sheet::{Character, Rating};
use crate::model::state::State;
use crate::model::vocation::Vocation;
use crate::rules::sheets::allowance;
use serde_json::json;
use skald_core::{Choice, Move, Seat};

pub(super) fn growth_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    for sheet in controlled(state, seat).filter(|s| s.kind.is_full()) {
        let who = &sheet.name;
        if let Some(at) = allowance(state, who) {
            let options: Vec<Choice> = Vocation::ALL
                .into_iter()
                .filter(|v| sheet.vocation != Some(*v))
                .map(|v| {
                    option(json!(v), format!("{v} ({})", v.organisation()))
                        .with_help(v.description())
                })
                .collect();
            let why = match at {
                crate::model::event::Allowance::Rest => format!("{who} is resting"),
                crate::model::event::Allowance::SafeArea => {
                    "the party is in a safe area".to_owned()
                }
            };
            out.push(
                mv(
                    "Growth",
                    format!("{who}: change vocation"),
                    Verb::ChangeVocation,
                    json!({"who": who}),
                    vec![field("vocation", "Vocation", one_of(options))],
                    format!("Allowed while resting or in a safe area, and {why} (F8)."),
                )
                .for_character(who),
            );
        }
        if let Some(m) = spend_ap_move(state, sheet) {
            out.push(m);
        }
    }
    if !seat.gm {
        return;
    }
    let full: Vec<&Character> = state
        .characters
        .values()
        .filter(|s| s.kind.is_full())
        .collect();
    if !full.is_empty() {
        let award = small(u128::from(MAX_AWARD));
        out.push(mv(
            "Growth",
            "Award XP and AP".to_owned(),
            Verb::Award,
            json!({}),
            vec![
                field(
                    "who",
                    "Who",
                    some_of(full.iter().map(|s| named(&s.name)).collect()),
                ),
                field("xp", "XP each", number(0, award, 10)),
                field("ap", "AP each", number(0, award, 0)),
                field("reason", "Why", text(MAX_REASON)),
            ],
            "XP for what was hard on the character, AP for work done (both when they overlap); \
             not both 0 (the book's Vocations and Abilities; F8)."
                .to_owned(),
        ));
    }
    let ap = state.options.ap_per_level;
    let levels: Vec<Choice> = full
        .iter()
        .filter(|s| s.level < MAX_LEVEL && s.ap.saturating_add(ap) <= MAX_POINTS)
        .map(|s| option(json!(s.name), format!("{} (level {})", s.name, s.level)))
        .collect();
    if !levels.is_empty() {
        out.push(mv(
            "Growth",
            "Level up".to_owned(),
            Verb::LevelUp,
            json!({}),
            vec![
                field("who", "Who", one_of(levels)),
                field("reason", "Why (optional)", text(MAX_REASON)),
            ],
            format!(
                "One level and {ap} AP; the book gives no XP thresholds, so it is the GM's call \
                 (F8)."
            ),
        ));
    }
    if !state.characters.is_empty() {
        out.push(mv(
            "Growth",
            "Set a rating".to_owned(),
            Verb::SetRating,
            json!({}),
            vec![
                field(
                    "who",
                    "Who",
                    one_of(state.characters.keys().map(|n| named(n)).collect()),
                ),
                field(
                    "rating",
                    "Rating",
                    one_of(
                        Rating::ALL
                            .into_iter()
                            .map(|r| option(json!(r), r.spelled_out()).with_help(r.meaning()))
                            .collect(),
                    ),
                ),
                big_number("value", "New value").with_help(BIG_NUMBER_HELP),
                field("reason", "Why", text(MAX_REASON)),
            ],
            "Training, equipment or injury; a stat set here wins over its formula (F8).".to_owned(),
        ));
    }
    out.push(formula_move(state));
}

/// The GM's formula for a stat (F8): a stat (each with what affects it and its formula now) and
/// the formula, or none.
fn formula_move(state: &State) -> Move {
    let stats: Vec<Choice> = Rating::ALL
        .into_iter()
        .filter(|r| !r.is_attribute())
        .map(|r| {
            let now = state
                .formulas
                .get(&r)
                .map_or_else(|| "none".to_owned(), |f| f.source().to_owned());
            option(json!(r), format!("{} (now: {now})", r.spelled_out())).with_help(format!(
                "May use {}. {}",
                formula_names(r).join(" "),
                r.meaning()
            ))
        })
        .collect();
    mv(
        "Stat formulas",
        "Set a stat formula".to_owned(),
        Verb::SetFormula,
        json!({}),
        vec![
            field("stat", "Stat", one_of(stats)),
            field("formula", "Formula (empty: none)", text(MAX_FORMULA)).with_help(
                "Whole numbers, the attributes that affect the stat, LVL for the level where it \
                 counts, + - * / and parentheses; / drops the fraction: VIG * 10 + MRL + LCK. Left \
                 empty, the stat has no formula and each sheet gives its own.",
            ),
        ],
        "The book's formulas are missing: the table defines them (F8). Every sheet without the \
         stat written on it follows the new formula at once; a stat written on a sheet wins."
            .to_owned(),
    )
}

pub(super) fn spend_ap_move(state: &State, sheet: &Character) -> Option<Move> {
    let who = &sheet.name;
    if sheet.ap == 0 || sheet.abilities.len() >= MAX_ABILITIES {
        return None;
    }
    if let Some(scene) = &state.scene {
        let declared = scene
            .round
            .as_ref()
            .is_some_and(|round| round.total_actions.iter().any(|n| n == who));
        if !declared {
            return None;
        }
    }
    let mut paths = vec![option(json!("general"), "General".to_owned())];
    let free = allowance(state, who).is_some();
    for v in Vocation::ALL {
        if sheet.vocation == Some(v) || free {
            paths.push(option(json!(v), v.to_string()));
        }
    }
    let most = small(u128::from(sheet.ap.min(MAX_AWARD)));
    let rule = if free {
        "while resting or in a safe area, an ability of any path may be bought"
    } else {
        "away from a rest or a safe area, only General abilities and the current vocation's may \
         be bought"
    };
    Some(
        mv(
            "Growth",
            format!("{who}: buy an ability"),
            Verb::SpendAp,
            json!({"who": who}),
            vec![
                field("ability", "Ability", text(MAX_TEXT)),
                field("path", "Path", one_of(paths)),
                field("cost", "Cost in AP", number(1, most, 1)),
            ],
            format!(
                "{who} has {} AP; {rule} (F8); during an event, only as a Total Action (F7).",
                sheet.ap
            ),
        )
        .for_character(who),
    )
}
