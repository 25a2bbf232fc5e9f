//! The Problem and Resolve moves: introducing, taking over, proposing an outcome (book: Problems;
//! L5), and the GM's roll (book: Resolving Problems; L3, L4).

use super::forms::{
    PROBLEM, RESOLVE, acting_for, acts_as, choice, controlled, in_play, multi, mv, number, option,
    scale_field, text,
};
use crate::limits;
use crate::model::Verb;
use crate::model::{Character, GM, Lasts, Problem, Side, State};
use serde_json::{Value, json};
use skald_core::{Choice, Field, FieldKind, Move, Seat};

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
            Verb::IntroduceProblem,
            json!({"proposer": GM}),
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
        if m.npc || !in_play(state, m) || m.influence < limits::INTRODUCE_COST {
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
            Verb::IntroduceProblem,
            json!({"proposer": m.name}),
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
            Verb::TakeOver,
            json!({"who": m.name}),
            Vec::new(),
            false,
            &format!(
                "{} pays 2 more of {} influence to propose the GM's outcome and make the GM's judgements in this problem (L5).",
                m.name, m.influence
            ),
        ).for_character(&m.name));
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
        let mut roll = mv(
            RESOLVE,
            "Roll the d12".into(),
            Verb::Resolve,
            json!({}),
            Vec::new(),
            true,
            &format!(
                "A d12 at or under advantage + 6 selects the more likely outcome, then its consequences happen (L3).{l4}"
            ),
        );
        roll.confirm = Some(format!(
            "Roll the d12 and settle problem {}? Its tally closes: no more entries, influence or \
             changed outcomes for it.",
            problem.number
        ));
        out.push(roll);
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
    // The GM's side names who proposes it (the acting GM, or the character standing in for the
    // GM); the players' side picks its author in a blank.
    let mut by = None;
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
            by = Some(acting);
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
    fields.push(
        number(
            "impact",
            "Impact: net benefit to the PCs",
            *limits::IMPACT.start(),
            *limits::IMPACT.end(),
            default,
        )
        .with_help(
            "How much better off (+) or worse off (-) the player characters end up if this outcome is picked. The bigger the benefit, the less likely a player's outcome; the bigger the harm, the less likely the GM's (L2). The board shows the consequences' own price beside it (L7).",
        ),
    );
    fields.push(consequences_field(state));
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
    // The proposal that completes the pair gets the advice over the problem as it is filled
    // in: the GM's, a fair fight besides (issue 32, `advice/balance.rs`).
    let completes = problem.outcome(side.other()).is_some();
    let fixed = match by {
        Some(by) => json!({"outcome": side.name(), "by": by}),
        None => json!({"outcome": side.name()}),
    };
    let mut proposal = mv(
        PROBLEM,
        format!("Propose {}", side.outcome_phrase()),
        Verb::ProposeOutcome,
        fixed,
        fields,
        completes,
        // The note follows no blank: what the impact does is said as a rule, not at the
        // blank's starting value, which the form changes (a stale "Impact -6" beside -7).
        &format!(
            "Its tally opens at {} (L2; a {} problem's guide is {} to {}). Its consequences happen only if it is picked (L7).",
            match side {
                Side::Player =>
                    "minus its impact: the more it helps the PCs, the less likely it is",
                Side::Gm => "its impact: the more it costs the PCs, the less likely it is",
            },
            problem.scale.name(),
            low,
            problem.scale.impact_guide().1
        ),
    );
    if let Some(by) = by {
        proposal = acting_for(proposal, by);
    }
    // Proposing leads for the side's own seats: the responders' by its players, the other by
    // the GM (book: Problems, steps 2-3; offered only to them).
    if seat.gm == (side == Side::Gm) {
        proposal = proposal.leading();
    }
    out.push(proposal);
}

/// The consequences of `propose_outcome` as a list: one entry per change, any kind (L7, L8, L5).
///
/// An entry shows its kind first, then only the blanks that kind reads ([`Field::shown_when`]),
/// each with its own label, range and help: a trait change's whose, trait, rating points, duration
/// and kind of a new trait; a weakening's or a regain's whose and strength points; a tactical
/// change's later modifier and note; a relationship's strength, the person's standing, its length
/// and a note; a reward's who, influence points and reason (its `character` and `note`, the
/// aliases of [`crate::Consequence`]). A blank of another kind is hidden and left out of the
/// command, so two kinds may use one name (`points`, `note`) with their own meanings.
fn consequences_field(state: &State) -> Field {
    let options = &state.options;
    let mut kinds = vec![Choice::new(json!("trait_change"), "Trait change").with_help(
        "A trait gained, raised, lowered or lost, for the scene, the scenario or for good. Priced at the rating points x1 for the scene, x2 for the scenario, x5 for good (L7).",
    )];
    if options.strength {
        kinds.push(
            Choice::new(json!("weakening"), "Weakening")
                .with_help("Strength lost. Priced at 2 per point, against the PCs (L7, L8)."),
        );
        kinds.push(
            Choice::new(json!("regain"), "Strength regained")
                .with_help("Strength back within the outcome. Priced at 4 per point (L7, L8)."),
        );
    }
    kinds.push(Choice::new(json!("tactical"), "Tactical change").with_help(
        "A better or worse position for later problems. Priced at half its modifier, rounded up; the table enters the modifier when it applies (L7).",
    ));
    kinds.push(Choice::new(json!("relationship"), "Relationship").with_help(
        "A friend or an enemy made, lost or changed. Priced by multiplying its strength, the person's standing and how long it lasts, rounded (L7).",
    ));
    kinds.push(Choice::new(json!("reward"), "Influence reward").with_help(
        "Influence a player's character gains if this outcome is picked. Impact 0: influence is not a change to the character (L5).",
    ));
    let mut lasts = vec![
        (json!(Lasts::Scene.name()), "The scene"),
        (json!(Lasts::Scenario.name()), "The scenario"),
    ];
    if options.permanent_changes_in_problems {
        lasts.push((json!(Lasts::Permanent.name()), "For good"));
    }
    let whose: Vec<(Value, &str)> = state
        .characters
        .iter()
        .map(|m| (json!(m.name), m.name.as_str()))
        .collect();
    let when = |kinds: &[&str]| kinds.iter().map(|k| json!(k)).collect::<Vec<Value>>();
    let strength = *limits::STRENGTH_POINTS.end();
    let item = vec![
        Field::new(
            "kind",
            "What changes",
            FieldKind::Choice {
                options: kinds,
                multiple: false,
            },
        ),
        Field::choice("character", "Whose", &whose)
            .with_help("A reward goes to a player's character: NPCs hold no influence (L5).")
            .shown_when(
                "kind",
                when(&["trait_change", "weakening", "regain", "reward"]),
            ),
        Field::text("trait", "Trait", limits::NAME_CHARS)
            .with_help("As it is written on the sheet, or a new one.")
            .shown_when("kind", when(&["trait_change"])),
        Field::number(
            "rating_change",
            "Rating points",
            *limits::RATING_CHANGE.start(),
            *limits::RATING_CHANGE.end(),
            1,
        )
        .with_help("How far the rating moves: + raises it, - lowers it; at 0 the trait is gone.")
        .shown_when("kind", when(&["trait_change"])),
        Field::choice("lasts", "How long", &lasts).shown_when("kind", when(&["trait_change"])),
        Field::choice(
            "harmful",
            "A new trait",
            &[
                (json!(false), "Helps its holder"),
                (json!(true), "Works against its holder"),
            ],
        )
        .with_help("Only for a trait the character does not have; a known trait keeps its kind.")
        .shown_when("kind", when(&["trait_change"])),
        Field::number("points", "Strength points", 1, strength, 1)
            .with_help("How much strength is lost or regained (L8).")
            .shown_when("kind", when(&["weakening", "regain"])),
        Field::number(
            "modifier",
            "The later modifier",
            -*limits::TACTICAL.end(),
            *limits::TACTICAL.end(),
            1,
        )
        .with_help("1 to 6 when it helps the PCs, -1 to -6 when it hinders them (L7).")
        .shown_when("kind", when(&["tactical"])),
        Field::number(
            "change",
            "Strength of the relationship",
            -*limits::RELATIONSHIP_CHANGE.end(),
            *limits::RELATIONSHIP_CHANGE.end(),
            1,
        )
        .with_help("1 to 4 for a friend made or won over, -1 to -4 for an enemy (L7).")
        .shown_when("kind", when(&["relationship"])),
        Field::choice(
            "influence",
            "The person's standing",
            &[
                (json!(0.5), "x0.5: far below the character"),
                (json!(0.75), "x0.75"),
                (json!(1), "x1: about the same"),
                (json!(1.5), "x1.5"),
                (json!(2), "x2: far above"),
            ],
        )
        .with_help("Left unpicked: x1 (L7).")
        .shown_when("kind", when(&["relationship"])),
        Field::choice(
            "length",
            "How long it lasts",
            &[
                (json!(0.25), "x0.25: soon over"),
                (json!(0.5), "x0.5"),
                (json!(0.75), "x0.75"),
                (json!(1), "x1: months or years"),
                (json!(1.5), "x1.5: for life"),
            ],
        )
        .with_help("Left unpicked: x1, a long-standing one (L7).")
        .shown_when("kind", when(&["relationship"])),
        Field::number(
            "points",
            "Influence points",
            *limits::REWARD.start(),
            *limits::REWARD.end(),
            1,
        )
        .with_help("Usually 1 to 5; more is marked (L5). The number is the GM's.")
        .shown_when("kind", when(&["reward"])),
        Field::text("note", "What it is", limits::REASON_CHARS)
            .shown_when("kind", when(&["tactical"])),
        Field::text("note", "Who, and how", limits::REASON_CHARS)
            .shown_when("kind", when(&["relationship"])),
        Field::text("note", "For what", limits::REASON_CHARS).shown_when("kind", when(&["reward"])),
    ];
    Field::list(
        "consequences",
        "Consequences",
        item,
        0,
        limits::MAX_CONSEQUENCES,
        0,
    )
    .with_help(
        "What this outcome changes if it is picked, one entry per change: add an entry, pick what changes, and fill in the blanks that appear for it.",
    )
}
