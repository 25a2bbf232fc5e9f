//! The Problem and Resolve moves: introducing, taking over, proposing an outcome (book: Problems;
//! L5), and the GM's roll (book: Resolving Problems; L3, L4).

use super::forms::{
    PROBLEM, RESOLVE, acts_as, choice, controlled, in_play, json_field, multi, mv, number, option,
    scale_field, text,
};
use crate::limits;
use crate::model::{Character, GM, Problem, Side, State};
use crate::rules::traits::signed;
use serde_json::{Value, json};
use skald_core::{Move, Seat};

/// With no problem open: `introduce_problem` for the GM and for each character the seat controls
/// who can take part and holds the cost (L5).
pub(super) fn introduce_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let playing: Vec<&Character> = state
        .characters
        .iter()
        .filter(|m| in_play(state, m))
        .collect();
    if playing.is_empty() {
        return;
    }
    if seat.gm {
        out.push(mv(
            PROBLEM,
            "Introduce a problem".into(),
            json!({"do": "introduce_problem", "proposer": GM}),
            vec![
                scale_field(),
                text("description", "The situation", limits::DESCRIPTION_CHARS),
                multi(
                    "responders",
                    "Asked \"what happens?\"",
                    playing.iter().map(|m| option(json!(m.name), &m.name)).collect(),
                ),
            ],
            false,
            "One problem at a time; its outcomes reach its scale or higher: scene 3-5, scenario 6-9, story 10-12 impact (book: Problems, Scale; L2).",
        ));
    }
    for m in controlled(state, seat) {
        if !in_play(state, m) || m.influence < limits::INTRODUCE_COST {
            continue;
        }
        let mut responders = vec![option(json!(GM), "The GM, answering first")];
        responders.extend(
            playing
                .iter()
                .filter(|o| o.name != m.name)
                .map(|o| option(json!(o.name), &o.name)),
        );
        out.push(mv(
            PROBLEM,
            format!("{}: introduce a problem (2 influence)", m.name),
            json!({"do": "introduce_problem", "proposer": m.name}),
            vec![
                scale_field(),
                text("description", "The situation", limits::DESCRIPTION_CHARS),
                choice("responder", "Asked \"what happens?\"", responders),
            ],
            false,
            &format!(
                "{} pays 2 of {} influence; the GM may be asked to answer first (L5).",
                m.name, m.influence
            ),
        ));
    }
}

/// With a problem open: `take_over` for its player proposer (L5), then the next outcome to propose.
pub(super) fn problem_moves(state: &State, problem: &Problem, seat: &Seat, out: &mut Vec<Move>) {
    // L5: the player who introduced it may take it over, before the GM's outcome.
    if let Some(m) = state.character(&problem.proposer)
        && problem.acting_gm.is_none()
        && !problem.gm_answers()
        && problem.gm.is_none()
        && seat.controls(&m.name)
        && in_play(state, m)
        && m.influence >= limits::TAKEOVER_COST
    {
        out.push(mv(
            PROBLEM,
            format!("{}: take over the GM's part (2 influence)", m.name),
            json!({"do": "take_over", "who": m.name}),
            Vec::new(),
            false,
            &format!(
                "{} pays 2 more of {} influence to propose the GM's outcome and make the GM's judgements in this problem (L5).",
                m.name, m.influence
            ),
        ));
    }
    propose_move(state, problem, seat, out);
}

/// The GM's roll, once both outcomes are proposed (book: Resolving Problems; L3, L4).
pub(super) fn resolve_move(state: &State, problem: &Problem, seat: &Seat, out: &mut Vec<Move>) {
    if seat.gm && problem.odds().is_some() {
        let l4 = if state.options.unlikely_outcomes {
            " With unlikely outcomes, at odds 12 or more a 12 rolls again at advantage - 6 (L4)."
        } else {
            " An advantage of 6 or more is certain: no die (L3)."
        };
        out.push(mv(
            RESOLVE,
            "Roll the d12".into(),
            json!({"do": "resolve"}),
            Vec::new(),
            true,
            &format!(
                "A d12 at or under advantage + 6 selects the more likely outcome, then its consequences happen (L3).{l4}"
            ),
        ));
    }
}

/// The next outcome to propose: the responders' side first, then the other (book: Problems,
/// steps 2-3).
fn propose_move(state: &State, problem: &Problem, seat: &Seat, out: &mut Vec<Move>) {
    let first = problem.first_side();
    let side = if problem.outcome(first).is_none() {
        first
    } else if problem.outcome(first.other()).is_none() {
        first.other()
    } else {
        return;
    };
    let (low, _) = problem.scale.impact_guide();
    let mut command = json!({"do": "propose_outcome", "outcome": side.name()});
    let mut fields = Vec::new();
    match side {
        Side::Player => {
            let default = if problem.gm_answers() {
                &problem.proposer
            } else {
                problem.responders.first().unwrap_or(&problem.proposer)
            };
            let mut authors: Vec<&Character> = controlled(state, seat)
                .into_iter()
                .filter(|m| in_play(state, m))
                .collect();
            authors.sort_by_key(|m| m.name != *default);
            if authors.is_empty() {
                return;
            }
            fields.push(choice(
                "by",
                "Whose outcome",
                authors
                    .iter()
                    .map(|m| option(json!(m.name), &m.name))
                    .collect(),
            ));
        }
        Side::Gm => {
            let acting = problem.acting_gm();
            let able = acting == GM || state.character(acting).is_some_and(|m| in_play(state, m));
            if !acts_as(seat, acting) || !able {
                return;
            }
            command["by"] = json!(acting);
        }
    }
    fields.push(text(
        "description",
        "What happens",
        limits::DESCRIPTION_CHARS,
    ));
    let default = match side {
        Side::Player => low,
        Side::Gm => low.saturating_neg(),
    };
    fields.push(number(
        "impact",
        "Impact: net benefit to the PCs",
        *limits::IMPACT.start(),
        *limits::IMPACT.end(),
        default,
    ));
    fields.push(json_field(
        "consequences",
        "Consequences (JSON; [] for none)",
        json!([]),
    ));
    if state.options.strength {
        let mut actors = vec![option(
            Value::Null,
            match side {
                Side::Player => "The responders (default)",
                Side::Gm => "Nobody (default)",
            },
        )];
        actors.extend(
            state
                .characters
                .iter()
                .filter(|m| in_play(state, m))
                .map(|m| option(json!([m.name]), &m.name)),
        );
        fields.push(choice("actors", "Who acts in it (L8)", actors));
        fields.push(choice(
            "action",
            "The action (L8)",
            vec![
                option(json!("ordinary"), "Ordinary"),
                option(json!("strenuous"), "Strenuous"),
                option(json!("luck"), "Luck: no penalty"),
            ],
        ));
    }
    out.push(mv(
        PROBLEM,
        format!("Propose {}", side.outcome_phrase()),
        command,
        fields,
        false,
        &format!(
            "Impact {}: its tally opens at {} (L2; {} guide {}-{}). Consequences, made if it is selected, e.g. [{{\"kind\": \"trait_change\", \"character\": \"Tiran\", \"trait\": \"Wounded\", \"rating_change\": 2, \"harmful\": true, \"lasts\": \"scene\"}}]; kinds: trait_change, weakening, regain, tactical, relationship, reward (L7).",
            signed(default),
            signed(side.impact_entry(default)),
            problem.scale.name(),
            low,
            problem.scale.impact_guide().1
        ),
    ));
}
