//! What a seat at an online Freelancer table may do now ([`moves`]), for the table page
//! ([`skald_core::System::moves`]); the exact chances of a command are [`crate::odds`].
//!
//! Moves follow the state and [`crate::authority::authority`]: the GM gets every character's moves
//! and the GM-only ones (awards, levels, ratings, rests, safe areas, events and initiative); a player
//! gets only the moves of the characters it owns, and creating a PC. A move is offered only when the
//! rules would take it now, with choices limited to what is eligible (a character's own ratings, the
//! participants in the event, the Full Actions a turn may be divided into...). The rules still decide
//! every command sent: a move is an offer, never a permission.
//!
//! | state | moves (who) | rulings |
//! |---|---|---|
//! | always | `enroll` (everyone; a player's only as `kind = "pc"`) | F8 |
//! | always | `task_check` (with a difficulty, or against an Encounter Sheet's rating), `chance_check`, `team_lift` (two lifters with LFT), `opposed_check` (two full sheets) (each character's player) | F1-F4 |
//! | a full sheet | `change_vocation` (resting or in a safe area), `spend_ap` (AP left; in an event, with a Total Action this round) (its player); `award`, `level_up`, `set_rating` (GM) | F7, F8 |
//! | no event | `rest` (someone not resting), `end_rest` (someone resting), `enter_safe_area` / `leave_safe_area` (GM), `start_event` (GM; characters with ALC and SPD, not resting) | F5, F8 |
//! | an event, between rounds | `declare_total_action` (participants not declared), `initiative` and `end_event` (GM) | F5-F7 |
//! | a round under way | `act` (whose turn it is), `divide` (method 1, before the first turn, when the turn may hold 2 or more Full Actions), `end_event` (GM) | F5-F7 |
//!

use crate::limits::{
    MAX_ABILITIES, MAX_AWARD, MAX_CHARACTERS, MAX_EMPTY_ACTIONS, MAX_LEVEL, MAX_POINTS, MAX_REASON,
    MAX_ROUNDS, MAX_TEXT,
};
use crate::model::options::{InitiativeMethod, OpposedMethod};
use crate::model::scene::Scene;
use crate::model::sheet::{Character, Kind, Rating};
use crate::model::state::State;
use crate::model::vocation::Vocation;
use crate::rules::initiative::{choices, empty_action_limit};
use crate::rules::sheets::allowance;
use crate::rules::stats;
use serde_json::{Value, json};
use skald_core::{Choice, Field, FieldKind, Move, Seat};

/// The largest number a form field offers: 2^53 - 1, the largest whole number a browser's number
/// input keeps exactly. Larger ratings and difficulties (up to 10^30) are sent as strings of digits
/// through the page's JSON box (docs/freelancer.md, Numbers).
pub const FORM_MAX: i64 = 9_007_199_254_740_991;

/// The longest JSON sheet the character-creation form takes, in characters.
pub const MAX_SHEET_TEXT: usize = 4_000;

/// A difficulty or chance a form starts at: an even chance (a difference of 50 in band 6-95, F3).
const EVEN: i64 = 50;

/// The moves legal now for `seat` (see the module's table), in the order a page shows them: the
/// event (turns first), checks, growth, the GM's rests and safe areas, then character creation.
/// A move's `command` is its fixed part; its `fields` fill the command's other top-level keys.
pub fn moves(state: &State, seat: &Seat) -> Vec<Move> {
    let mut out = Vec::new();
    event_moves(state, seat, &mut out);
    check_moves(state, seat, &mut out);
    growth_moves(state, seat, &mut out);
    if seat.gm {
        place_moves(state, &mut out);
    }
    if state.characters.len() < MAX_CHARACTERS {
        out.push(enroll_move(state, seat));
    }
    out
}

fn mv(group: &str, label: String, command: Value, fields: Vec<Field>, note: String) -> Move {
    let odds = matches!(
        command["do"].as_str(),
        Some("task_check" | "team_lift" | "chance_check" | "opposed_check" | "initiative")
    );
    Move {
        group: group.to_owned(),
        label,
        command,
        fields,
        odds,
        note: Some(note),
    }
}

fn field(name: &str, label: &str, kind: FieldKind) -> Field {
    Field {
        name: name.to_owned(),
        label: label.to_owned(),
        kind,
    }
}

fn number(min: i64, max: i64, default: i64) -> FieldKind {
    FieldKind::Number {
        min,
        max,
        default: default.clamp(min, max),
    }
}

fn text(max: usize) -> FieldKind {
    FieldKind::Text { max }
}

fn flag() -> FieldKind {
    FieldKind::Flag { default: false }
}

fn one_of(options: Vec<Choice>) -> FieldKind {
    FieldKind::Choice {
        options,
        multiple: false,
    }
}

fn some_of(options: Vec<Choice>) -> FieldKind {
    FieldKind::Choice {
        options,
        multiple: true,
    }
}

fn option(value: Value, label: String) -> Choice {
    Choice { value, label }
}

/// A name as a choice.
fn named(name: &str) -> Choice {
    option(json!(name), name.to_owned())
}

fn small(n: u128) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The ratings `sheet` can use now (its own, else the table's formula), in the book's order.
fn ratings(state: &State, sheet: &Character) -> Vec<(Rating, u128)> {
    Rating::ALL
        .into_iter()
        .filter_map(|r| match stats::value(&state.options, sheet, r) {
            Some(Ok((value, _))) => Some((r, value)),
            _ => None,
        })
        .collect()
}

fn has(state: &State, sheet: &Character, rating: Rating) -> bool {
    matches!(stats::value(&state.options, sheet, rating), Some(Ok(_)))
}

/// The sheets `seat` acts for, by name.
fn controlled<'a>(state: &'a State, seat: &'a Seat) -> impl Iterator<Item = &'a Character> + 'a {
    state
        .characters
        .values()
        .filter(move |s| seat.controls(&s.name))
}

fn event_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let Some(scene) = &state.scene else {
        if seat.gm {
            start_event_move(state, out);
        }
        return;
    };
    if let Some(round) = scene.round_under_way() {
        if let Some(slot) = round.whose_turn()
            && seat.controls(&slot.who)
        {
            let method_two = scene.method == InitiativeMethod::Two;
            let roll = round.roll_of(&slot.who).map_or(0, |r| r.roll.get());
            let advised = empty_action_limit(roll, method_two);
            let actions = i64::from(slot.actions);
            out.push(mv(
                "Event",
                format!("{}: take the turn", slot.who),
                json!({"do": "act", "who": slot.who}),
                vec![
                    field(
                        "full",
                        "Full Actions (0 passes)",
                        number(0, actions, actions),
                    ),
                    field(
                        "empty",
                        "Empty Actions",
                        number(0, small(u128::from(MAX_EMPTY_ACTIONS)), 0),
                    ),
                    field("what", "What they do (optional)", text(MAX_REASON)),
                ],
                format!(
                    "Turn {} of round {}: up to {} Full Action{}; Empty Actions are free, the book \
                     advises at most {advised} (F7).",
                    slot.turn,
                    round.number,
                    slot.actions,
                    if slot.actions == 1 { "" } else { "s" }
                ),
            ));
        }
        if scene.method == InitiativeMethod::One && round.next == 0 {
            for rolled in &round.rolls {
                if !seat.controls(&rolled.who) {
                    continue;
                }
                let options: Vec<Choice> = choices(rolled.turn.get(), round.slowest.get())
                    .into_iter()
                    .map(|(k, turn)| {
                        option(
                            json!(k),
                            format!("{k} Full Action{} at {turn}", if k == 1 { "" } else { "s" }),
                        )
                    })
                    .collect();
                let divided = round
                    .order
                    .iter()
                    .any(|s| s.who == rolled.who && s.actions > 1);
                if options.len() < 2 && !divided {
                    continue;
                }
                out.push(mv(
                    "Event",
                    format!("{}: divide the turn", rolled.who),
                    json!({"do": "divide", "who": rolled.who}),
                    vec![field("actions", "Full Actions", one_of(options))],
                    format!(
                        "Turn {} against the slowest {}: one more Full Action for every two orders \
                         of magnitude, all at the turn divided (F5); before the round's first turn.",
                        rolled.turn, round.slowest
                    ),
                ));
            }
        }
    } else {
        for who in &scene.participants {
            if seat.controls(who) && !scene.declared.contains(who) {
                out.push(mv(
                    "Event",
                    format!("{who}: declare a Total Action"),
                    json!({"do": "declare_total_action", "who": who}),
                    Vec::new(),
                    format!(
                        "{who} takes no turn in round {} and may buy an ability instead; declared \
                         before the round's initiative (F7).",
                        scene.rounds + 1
                    ),
                ));
            }
        }
        if seat.gm && scene.rounds < MAX_ROUNDS {
            out.push(initiative_move(scene));
        }
    }
    if seat.gm {
        out.push(mv(
            "Event",
            "End the event".to_owned(),
            json!({"do": "end_event"}),
            Vec::new(),
            format!(
                "Ends {:?} after {} round{} (F5).",
                scene.name,
                scene.rounds,
                if scene.rounds == 1 { "" } else { "s" }
            ),
        ));
    }
}

fn initiative_move(scene: &Scene) -> Move {
    let undeclared: Vec<Choice> = scene
        .participants
        .iter()
        .filter(|p| !scene.declared.contains(p))
        .map(|p| named(p))
        .collect();
    let declared = if scene.declared.is_empty() {
        String::new()
    } else {
        format!(" Declared already: {}.", scene.declared.join(", "))
    };
    let how = match scene.method {
        InitiativeMethod::One => "scaled to SPD's digits (F5)",
        InitiativeMethod::Two => {
            "scaled to SPD's digits, a turn every two orders of magnitude (F6)"
        }
    };
    mv(
        "Event",
        format!("Roll initiative for round {}", scene.rounds + 1),
        json!({"do": "initiative"}),
        vec![field(
            "total_actions",
            "Taking a Total Action (no turn)",
            some_of(undeclared),
        )],
        format!("Everyone else rolls d100 + ALC, {how}; highest first.{declared}"),
    )
}

fn start_event_move(state: &State, out: &mut Vec<Move>) {
    let eligible: Vec<Choice> = state
        .characters
        .values()
        .filter(|s| {
            has(state, s, Rating::Alc)
                && has(state, s, Rating::Spd)
                && !state.resting.contains(&s.name)
        })
        .map(|s| named(&s.name))
        .collect();
    if eligible.is_empty() {
        return;
    }
    out.push(mv(
        "Event",
        "Start an event".to_owned(),
        json!({"do": "start_event"}),
        vec![
            field("name", "What happens", text(MAX_TEXT)),
            field("who", "Participants (1 to 32)", some_of(eligible)),
        ],
        "A staged encounter with turn order; participants need ALC and SPD and must not be \
         resting; each round starts with initiative (F5)."
            .to_owned(),
    ));
}

fn check_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
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
                    .map(|(r, v)| option(json!(r), format!("{r} {v}")))
                    .collect::<Vec<_>>()
            };
            out.push(mv(
                "Checks",
                format!("{who}: task check"),
                json!({"do": "task_check", "who": who}),
                vec![
                    field("rating", "Rating", one_of(rating_options())),
                    field("difficulty", "Difficulty", number(0, FORM_MAX, EVEN)),
                    field("against", "Against what (optional)", text(MAX_TEXT)),
                    field("roll_anyway", "Roll even when hopeless (151+)", flag()),
                ],
                "Both equalized to three digits (F2); difference = difficulty - rating: 0 or less \
                 succeeds, 1-95 rolls the d100, 96-150 only a Crit succeeds, 151+ fails (F3)."
                    .to_owned(),
            ));
            let opponents: Vec<&Character> = encounters
                .iter()
                .copied()
                .filter(|s| s.name != *who)
                .collect();
            if let Some(first) = opponents.first() {
                out.push(mv(
                    "Checks",
                    format!("{who}: task check against an NPC"),
                    json!({"do": "task_check", "who": who}),
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
                        field("roll_anyway", "Roll even when hopeless (151+)", flag()),
                    ],
                    "The NPC's rating is the difficulty (F3); a check against a full sheet is an \
                     opposed check (F4)."
                        .to_owned(),
                ));
            }
        }
        out.push(mv(
            "Checks",
            format!("{who}: plain chance"),
            json!({"do": "chance_check", "who": who}),
            vec![
                field("chance", "Chance of success (%)", number(0, 100, EVEN)),
                field("against", "What is attempted (optional)", text(MAX_TEXT)),
            ],
            "The GM's percentage: d100 at most it succeeds; 1-5 is a Crit, 96-100 a Botch \
             (freelancer.txt, Task Checks; F1)."
                .to_owned(),
        ));
    }
    team_lift_move(state, seat, out);
    opposed_move(state, seat, out);
}

/// The ratings of every opponent, `first`'s first (so the form's first pair is a valid one), each
/// labelled with who has it and at what value.
fn opponent_ratings(state: &State, first: &Character, opponents: &[&Character]) -> Vec<Choice> {
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
                .filter_map(|s| match stats::value(&state.options, s, r) {
                    Some(Ok((v, _))) => Some(format!("{} {v}", s.name)),
                    _ => None,
                })
                .collect();
            option(json!(r), format!("{r} ({})", holders.join(", ")))
        })
        .collect()
}

fn team_lift_move(state: &State, seat: &Seat, out: &mut Vec<Move>) {
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
    let label = |s: &Character| {
        let lft = stats::value(&state.options, s, Rating::Lft)
            .and_then(Result::ok)
            .map_or(0, |(v, _)| v);
        option(json!(s.name), format!("{} (LFT {lft})", s.name))
    };
    let options = mine.iter().chain(others.iter()).map(|s| label(s)).collect();
    out.push(mv(
        "Checks",
        "Team lift".to_owned(),
        json!({"do": "team_lift"}),
        vec![
            field("who", "Lifters (2 to 12; yours first)", some_of(options)),
            field("difficulty", "The load's rating", number(0, FORM_MAX, EVEN)),
            field("against", "What is lifted (optional)", text(MAX_TEXT)),
            field("roll_anyway", "Roll even when hopeless (151+)", flag()),
        ],
        "LFT adds up across the team, then one task check; the luckiest lifter rolls (freelancer.txt, \
         Task Checks, the boulder; F2, F3). The first lifter listed calls it."
            .to_owned(),
    ));
}

fn opposed_move(state: &State, seat: &Seat, out: &mut Vec<Move>) {
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
                    format!("{}: {r} {v}", sheet.name),
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
        json!({"do": "opposed_check"}),
        vec![
            field("a", "Challenger", one_of(a)),
            field("b", "Against", one_of(b)),
            field("method", "Method", one_of(methods)),
            field("against", "The contest (optional)", text(MAX_TEXT)),
        ],
        "Between two full sheets: both roll d100 under their rating, the larger margin wins; a \
         rating reduced to 0 loses without a roll (F4). Adjustments: the JSON box."
            .to_owned(),
    ));
}

fn other_method(method: OpposedMethod) -> OpposedMethod {
    match method {
        OpposedMethod::RollUnder => OpposedMethod::Chaotic,
        OpposedMethod::Chaotic => OpposedMethod::RollUnder,
    }
}

fn growth_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    for sheet in controlled(state, seat).filter(|s| s.kind.is_full()) {
        let who = &sheet.name;
        if let Some(at) = allowance(state, who) {
            let options: Vec<Choice> = Vocation::ALL
                .into_iter()
                .filter(|v| sheet.vocation != Some(*v))
                .map(|v| option(json!(v), format!("{v} ({})", v.organisation())))
                .collect();
            let why = match at {
                crate::model::event::Allowance::Rest => format!("{who} is resting"),
                crate::model::event::Allowance::SafeArea => {
                    "the party is in a safe area".to_owned()
                }
            };
            out.push(mv(
                "Growth",
                format!("{who}: change vocation"),
                json!({"do": "change_vocation", "who": who}),
                vec![field("vocation", "Vocation", one_of(options))],
                format!("Allowed while resting or in a safe area, and {why} (F8)."),
            ));
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
            json!({"do": "award"}),
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
            "XP for what was hard, AP for work done; not both 0 (freelancer.txt, Vocations and \
             Abilities; F8)."
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
            json!({"do": "level_up"}),
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
            json!({"do": "set_rating"}),
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
                            .map(|r| option(json!(r), r.to_string()))
                            .collect(),
                    ),
                ),
                field("value", "New value", number(0, FORM_MAX, 10)),
                field("reason", "Why", text(MAX_REASON)),
            ],
            "Training, equipment or injury; a stat set here wins over its formula (F8).".to_owned(),
        ));
    }
}

fn spend_ap_move(state: &State, sheet: &Character) -> Option<Move> {
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
        "any path while resting or in a safe area"
    } else {
        "General or the current vocation's abilities outside a rest or a safe area"
    };
    Some(mv(
        "Growth",
        format!("{who}: buy an ability"),
        json!({"do": "spend_ap", "who": who}),
        vec![
            field("ability", "Ability", text(MAX_TEXT)),
            field("path", "Path", one_of(paths)),
            field("cost", "Cost in AP", number(1, most, 1)),
        ],
        format!(
            "{who} has {} AP: {rule} (F8); during an event only as a Total Action (F7).",
            sheet.ap
        ),
    ))
}

fn place_moves(state: &State, out: &mut Vec<Move>) {
    if state.scene.is_none() {
        let tired: Vec<Choice> = state
            .characters
            .values()
            .filter(|s| s.kind.is_full() && !state.resting.contains(&s.name))
            .map(|s| named(&s.name))
            .collect();
        if !tired.is_empty() {
            out.push(mv(
                "Rest and safe areas",
                "Rest".to_owned(),
                json!({"do": "rest"}),
                vec![field("who", "Who rests", some_of(tired))],
                "While resting a character may change vocation and buy any ability; not during an \
                 event (F8)."
                    .to_owned(),
            ));
        }
    }
    if !state.resting.is_empty() {
        out.push(mv(
            "Rest and safe areas",
            "End a rest".to_owned(),
            json!({"do": "end_rest"}),
            vec![field(
                "who",
                "Who gets up",
                some_of(state.resting.iter().map(|n| named(n)).collect()),
            )],
            "Ends the rest of those named (F8).".to_owned(),
        ));
    }
    match &state.safe_area {
        None => out.push(mv(
            "Rest and safe areas",
            "Enter a safe area".to_owned(),
            json!({"do": "enter_safe_area"}),
            vec![field("place", "Where", text(MAX_TEXT))],
            "Somewhere safe, where vocations may change and any ability may be bought (F8)."
                .to_owned(),
        )),
        Some(place) => out.push(mv(
            "Rest and safe areas",
            format!("Leave {place}"),
            json!({"do": "leave_safe_area"}),
            Vec::new(),
            "The party leaves the safe area (F8).".to_owned(),
        )),
    }
}

fn enroll_move(state: &State, seat: &Seat) -> Move {
    let note = if seat.gm {
        "A sheet as scenarios write it (docs/freelancer.md): name (1-64 characters), kind \"pc\", \
         \"npc\" (a full NPC sheet) or \"encounter\" (ratings only), level, xp, ap, vocation (one of \
         the eight), ratings (MIT VIG ALC INT MRL LCK and the stats, 0 to 10^30), abilities (F8)."
    } else {
        "A sheet as scenarios write it (docs/freelancer.md): name (1-64 characters), level, xp, ap, \
         vocation (one of the eight), ratings (MIT VIG ALC INT MRL LCK and the stats, 0 to 10^30), \
         abilities; a player's character is a PC, and becomes yours (F8)."
    };
    mv(
        "Characters",
        "Create a character".to_owned(),
        json!({"do": "enroll"}),
        vec![field(
            "character",
            "Sheet (JSON)",
            FieldKind::Json {
                max: MAX_SHEET_TEXT,
                example: example_sheet(state),
            },
        )],
        note.to_owned(),
    )
}

/// A valid PC sheet to start the form from, under a name not yet at the table: `"Newcomer"`, else
/// `"Newcomer 2"`, `"Newcomer 3"`...
pub fn example_sheet(state: &State) -> Value {
    let mut name = "Newcomer".to_owned();
    let mut n = 1;
    while state.characters.contains_key(&name) {
        n += 1;
        name = format!("Newcomer {n}");
    }
    json!({
        "name": name,
        "kind": "pc",
        "level": 1,
        "ap": 0,
        "ratings": {"MIT": 10, "VIG": 10, "ALC": 10, "INT": 10, "MRL": 10, "LCK": 10, "LFT": 20, "SPD": 30},
    })
}
