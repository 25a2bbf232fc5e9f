//! The moves of checks (rulings F1-F4): task checks (with a difficulty, against an Encounter
//! Sheet's rating, or on a number such as a Talent level), each with the GM's adjustments; chance
//! checks, team lifts (with who rolls), opposed checks (with each side's adjustments). Ratings are
//! spelled out as the book names them; numbers on the book's scale are typed as digits.

use super::forms::{
    BIG_NUMBER_HELP, EVEN, adjustments, big_number, controlled, field, has, mv, named, number,
    one_of, option, rating_label, ratings, some_of, text,
};
use crate::limits::MAX_TEXT;
use crate::model::Verb;
use crate::model::options::OpposedMethod;
use crate::model::sheet::{Character, Kind, Rating};
use crate::model::state::State;
use crate::rules::stats;
use serde_json::{Value, json};
use skald_core::{Choice, Field, Move, Seat};

pub(super) fn check_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let encounters: Vec<&Character> = state
        .characters
        .values()
        .filter(|s| s.kind == Kind::Encounter && !ratings(state, s).is_empty())
        .collect();
    for sheet in controlled(state, seat) {
        let own = ratings(state, sheet);
        let who = &sheet.name;
        if !own.is_empty() {
            let rating_options = || {
                own.iter()
                    .map(|(r, v)| option(json!(r), rating_label(*r, *v)))
                    .collect::<Vec<_>>()
            };
            out.push(
                mv(
                    "Checks",
                    format!("{who}: task check"),
                    Verb::TaskCheck,
                    json!({"who": who}),
                    vec![
                        field("rating", "Rating", one_of(rating_options())),
                        difficulty(),
                        adjustments("adjust"),
                        field("against", "Against what (optional)", text(MAX_TEXT)),
                    ],
                    TASK_CHECK_NOTE.to_owned(),
                )
                .for_character(who),
            );
            let opponents: Vec<&Character> = encounters
                .iter()
                .copied()
                .filter(|s| s.name != *who)
                .collect();
            if let Some(first) = opponents.first() {
                out.push(mv(
                    "Checks",
                    format!("{who}: task check against an NPC"),
                    Verb::TaskCheck,
                    json!({"who": who}),
                    vec![
                        field("rating", "Rating", one_of(rating_options())),
                        field(
                            "opponent",
                            "NPC (Encounter Sheet)",
                            one_of(opponents.iter().map(|s| named(&s.name)).collect()),
                        ),
                        field(
                            "opponent_rating",
                            "The NPC's rating",
                            one_of(opponent_ratings(state, first, &opponents)),
                        ),
                        adjustments("adjust"),
                    ],
                    "The NPC's rating is the difficulty (F3); a check against a full sheet is an \
                     opposed check (F4)."
                        .to_owned(),
                ).for_character(who));
            }
        }
        out.push(
            mv(
                "Checks",
                format!("{who}: task check on a Talent or another number"),
                Verb::TaskCheck,
                json!({"who": who}),
                vec![
                    big_number("rating", "Rating (a Talent level, or the GM's number)").with_help(
                        "A number not on the sheet: the level of a Talent the check is about, or a \
                     value the GM gives. A whole number 0 to 10^30.",
                    ),
                    difficulty(),
                    adjustments("adjust"),
                    field("against", "Against what (optional)", text(MAX_TEXT)),
                ],
                TASK_CHECK_NOTE.to_owned(),
            )
            .for_character(who),
        );
        out.push(mv(
            "Checks",
            format!("{who}: plain chance"),
            Verb::ChanceCheck,
            json!({"who": who}),
            vec![
                field("chance", "Chance of success (%)", number(0, 100, EVEN)),
                field("against", "What is attempted (optional)", text(MAX_TEXT)),
            ],
            "A chance the GM gives in percent: a d100 at or under it succeeds; 1-5 is a Crit and \
             always succeeds, 96-100 a Botch and always fails (the book's note closing Task \
             Checks; F1)."
                .to_owned(),
        ).for_character(who));
    }
    team_lift_move(state, seat, out);
    opposed_move(state, seat, out);
}

/// The note of a task check with a difficulty (F2, F3).
const TASK_CHECK_NOTE: &str = "When the larger number has more than three digits, both are cut \
     down to its three highest (F2). Difference = difficulty - rating: 0 or less succeeds without a \
     roll; 1-5 fails only on a Botch; 6-95 succeeds on a d100 of at most 100 - difference; 96-100 \
     succeeds only on a Crit, and a failure is minor; 101-150 succeeds only on a Crit, and any \
     failure is a Botch; 151 or more fails without a roll, counting as a Botch (F3).";

/// The difficulty blank: the Chance of Success the rating is checked against, the GM's number,
/// starting at 50 (a player proposes; the GM confirms or changes it before the roll).
fn difficulty() -> Field {
    big_number("difficulty", "Difficulty (the GM's Chance of Success)")
        .starting_at("50")
        .with_help(format!(
            "The number the GM gives the task (F3): a player proposes one, and the GM confirms or \
             changes it before the d100 is rolled. The book's guard has WIL 56, the boulder 1200. \
             {BIG_NUMBER_HELP}"
        ))
}

/// The ratings of every opponent, `first`'s first (so the form's first pair is a valid one), each
/// labelled with who has it and at what value.
pub(super) fn opponent_ratings(
    state: &State,
    first: &Character,
    opponents: &[&Character],
) -> Vec<Choice> {
    let mut order: Vec<Rating> = ratings(state, first).into_iter().map(|(r, _)| r).collect();
    for sheet in opponents {
        for (r, _) in ratings(state, sheet) {
            if !order.contains(&r) {
                order.push(r);
            }
        }
    }
    order
        .into_iter()
        .map(|r| {
            let holders: Vec<String> = opponents
                .iter()
                .filter_map(|s| match stats::value(&state.formulas, s, r) {
                    Some(Ok((v, _))) => Some(format!("{} {v}", s.name)),
                    _ => None,
                })
                .collect();
            option(
                json!(r),
                format!("{}: {}", r.spelled_out(), holders.join(", ")),
            )
        })
        .collect()
}

pub(super) fn team_lift_move(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let lifters: Vec<&Character> = state
        .characters
        .values()
        .filter(|s| has(state, s, Rating::Lft))
        .collect();
    let (mine, others): (Vec<&Character>, Vec<&Character>) =
        lifters.iter().partition(|s| seat.controls(&s.name));
    if lifters.len() < 2 || mine.is_empty() {
        return;
    }
    let lft = |s: &Character| {
        stats::value(&state.formulas, s, Rating::Lft)
            .and_then(Result::ok)
            .map_or(0, |(v, _)| v)
    };
    let label = |s: &Character| {
        option(
            json!(s.name),
            format!("{} (Lifting Power {})", s.name, lft(s)),
        )
    };
    let options = mine.iter().chain(others.iter()).map(|s| label(s)).collect();
    let mut rollers = vec![option(
        Value::Null,
        "The luckiest lifter (highest LCK), as the book has it".to_owned(),
    )];
    rollers.extend(mine.iter().map(|s| named(&s.name)));
    out.push(mv(
        "Checks",
        "Team lift".to_owned(),
        Verb::TeamLift,
        json!({}),
        vec![
            field("who", "Lifters (2 to 12; yours first)", some_of(options)),
            big_number("difficulty", "The load's rating (the GM's number)").with_help(format!(
                "The GM's number for the load, against the team's LFT: the book's boulder is 1200 \
                 (F3). {BIG_NUMBER_HELP}"
            )),
            field("roller", "Who rolls the d100", one_of(rollers)).with_help(
                "The book has the member with the best Luck (LCK) roll; one of yours may roll \
                 instead, and then calls the lift.",
            ),
            field("against", "What is lifted (optional)", text(MAX_TEXT)),
        ],
        "The Lifting Power (LFT) of everyone who can grip the load adds up, then one task check \
         against the load (the book's boulder; F2, F3). The first lifter listed calls it."
            .to_owned(),
    ));
}

pub(super) fn opposed_move(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let full: Vec<(&Character, Vec<(Rating, u128)>)> = state
        .characters
        .values()
        .filter(|s| s.kind.is_full())
        .map(|s| (s, ratings(state, s)))
        .filter(|(_, r)| !r.is_empty())
        .collect();
    let sides: Vec<&(&Character, Vec<(Rating, u128)>)> = full
        .iter()
        .filter(|(s, _)| seat.controls(&s.name))
        .collect();
    let Some((first, _)) = sides.first() else {
        return;
    };
    let side = |sheet: &Character, list: &[(Rating, u128)]| -> Vec<Choice> {
        list.iter()
            .map(|(r, v)| {
                option(
                    json!({"who": sheet.name, "rating": r}),
                    format!("{}: {}", sheet.name, rating_label(*r, *v)),
                )
            })
            .collect()
    };
    let a: Vec<Choice> = sides.iter().flat_map(|(s, r)| side(s, r)).collect();
    // Opponents: everyone else first; the first challenger last (and left out when it is the
    // seat's only challenger: a character never opposes itself).
    let alone = sides.len() == 1;
    let mut b: Vec<Choice> = full
        .iter()
        .filter(|(s, _)| s.name != first.name)
        .flat_map(|(s, r)| side(s, r))
        .collect();
    if !alone && let Some((s, r)) = full.iter().find(|(s, _)| s.name == first.name) {
        b.extend(side(s, r));
    }
    if b.is_empty() {
        return;
    }
    let table = state.options.opposed;
    let methods = [table, other_method(table)]
        .into_iter()
        .map(|m| {
            let name = m.label();
            let label = if m == table {
                format!("{name} (the table's)")
            } else {
                name.to_owned()
            };
            option(json!(m), label)
        })
        .collect();
    out.push(mv(
        "Checks",
        "Opposed check".to_owned(),
        Verb::OpposedCheck,
        json!({}),
        vec![
            field("a", "Challenger", one_of(a)),
            adjustments("a.adjust"),
            field("b", "Against", one_of(b)),
            adjustments("b.adjust"),
            field("method", "Method", one_of(methods)),
            field("against", "The contest (optional)", text(MAX_TEXT)),
        ],
        "Between two full sheets (PCs, or NPCs the GM plays as PCs): each side rolls a d100 and \
         wants to come in at or under its rating, and the larger margin wins; a rating that comes \
         to 0 once the two are brought to size loses without a roll (F4). The other side's player \
         (the GM for an NPC) agrees and rolls its own d100 before anything is rolled."
            .to_owned(),
    ));
}

pub(super) fn other_method(method: OpposedMethod) -> OpposedMethod {
    match method {
        OpposedMethod::RollUnder => OpposedMethod::Chaotic,
        OpposedMethod::Chaotic => OpposedMethod::RollUnder,
    }
}
