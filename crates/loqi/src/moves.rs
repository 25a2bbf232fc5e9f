//! What a seat at an online table may do now, as forms ([`moves`]), and the exact chances of the
//! d12 before it is rolled ([`crate::odds`]) (book: Problems, Evaluating Problems, Resolving Problems;
//! L1-L8).
//!
//! A move is offered only when the rules would accept it now with the right values, and only to a
//! seat the table's [`authority`](crate::authority::authority) lets send it: the GM acts for
//! everyone (`"GM"` and every character) and has the GM's own moves; a player acts for the
//! characters it owns. Choices list only eligible values (sides already proposed, characters who can
//! take part, traits they have now, entries that may be merged...). Where the actor decides what is
//! possible (influence held, who introduced the problem) there is one move per actor with the actor
//! fixed; where the actor only signs an entry (`by`), it is a choice. The rules still decide every
//! command: a wrong value is refused by [`crate::rules::decide`] with its message.
//!
//! Three blanks take JSON ([`FieldKind::Json`]), for what a flat form cannot hold: the sheet of
//! `enroll`, the consequences of `propose_outcome` and the goals of `prepare_goals`; each starts
//! from a valid example shaped as scenarios write it (`docs/loqi.md`), and its note gives the
//! rules.
//!
//! Odds: `resolve` gets each outcome's exact chance (L3, L4, [`crate::rules::chances`](mod@crate::rules::chances)); the tally
//! commands (`add_trait`, `add_modifier`, `spend_influence`, `merge_entries`) roll nothing but move
//! a likelihood, so they get the chances the roll would have with the entry made, beside today's.

use crate::limits;
use crate::model::{Character, Entry, EntryKind, GM, Problem, Scale, Side, State, Status};
use crate::rules::traits::signed;
use serde_json::{Value, json};
use skald_core::{Choice, Field, FieldKind, Move, Seat};

/// Group of the problem's own steps: introducing, taking over, proposing (book: Problems; L5).
pub const PROBLEM: &str = "Problem";
/// Group of the tally entries: traits, modifiers, influence spent, merges (L1, L5).
pub const TALLY: &str = "Tally";
/// Group of the roll that resolves the problem (book: Resolving Problems; L3, L4).
pub const RESOLVE: &str = "Resolve";
/// Group of influence outside problems: rewards and gifts (L5).
pub const INFLUENCE: &str = "Influence";
/// Group of goals (L6).
pub const GOALS: &str = "Goals";
/// Group of the story's time: sessions, scenes, scenarios.
pub const STORY: &str = "Story";
/// Group of the characters: making one, changing a trait freely.
pub const CHARACTERS: &str = "Characters";

/// The longest JSON a JSON blank takes (a sheet, consequences or goals), in characters; the
/// server's 64 KiB body limit is far above it.
pub const JSON_CHARS: usize = 4000;

/// The moves legal now for `seat`, grouped in this order: [`PROBLEM`], [`TALLY`], [`RESOLVE`],
/// [`INFLUENCE`], [`GOALS`], [`STORY`], [`CHARACTERS`]. Within a group the GM's own moves come
/// before the characters', and characters come in the order they joined.
///
/// What is offered when (each also needs the seat to control the actor):
/// - no open problem: `introduce_problem` (the GM's, and each character's who can take part and
///   holds 2 influence, L5); the GM's `start_session`, `end_scene`, `end_scenario` and, with free
///   changes on, `change_trait`;
/// - an open problem: `take_over` (its player proposer, before the GM's outcome, L5); the next
///   `propose_outcome` (the responders' side first; the GM's by whoever plays the GM's part);
///   once an outcome is proposed, `add_trait` (per character with traits now), `add_modifier`,
///   `spend_influence` (per payer with influence) and `merge_entries` (whoever plays the GM's part,
///   on a side with two or more trait, environment or genre entries); with both, the GM's `resolve`;
/// - at any time: the GM's `reward` and setting goals and `fulfil_goal`; `give_influence` (option);
///   `prepare_goals` (once per player; the GM any time); session goals before the session's first
///   problem; and `enroll` for everyone while the table has room.
pub fn moves(state: &State, seat: &Seat) -> Vec<Move> {
    let mut out = Vec::new();
    match &state.problem {
        Some(problem) => {
            problem_moves(state, problem, seat, &mut out);
            tally_moves(state, problem, seat, &mut out);
            resolve_move(state, problem, seat, &mut out);
        }
        None => introduce_moves(state, seat, &mut out),
    }
    influence_moves(state, seat, &mut out);
    goal_moves(state, seat, &mut out);
    if state.problem.is_none() && seat.gm {
        story_moves(state, &mut out);
    }
    character_moves(state, seat, &mut out);
    out
}

// ---------------------------------------------------------------------------------------------
// Who acts.

/// Whether `m` can take part in a problem (not out, not dead; L8).
fn in_play(state: &State, m: &Character) -> bool {
    m.status(&state.options) == Status::In
}

/// The characters `seat` acts for, in the order they joined: all of them for the GM.
fn controlled<'a>(state: &'a State, seat: &Seat) -> Vec<&'a Character> {
    state
        .characters
        .iter()
        .filter(|m| seat.controls(&m.name))
        .collect()
}

/// Who `seat` may sign an entry or a goal as (`by`): `"GM"` and every character for the GM, its
/// own characters for a player.
fn signers(state: &State, seat: &Seat) -> Vec<Choice> {
    let mut out = Vec::new();
    if seat.gm {
        out.push(option(json!(GM), "GM"));
    }
    out.extend(
        controlled(state, seat)
            .into_iter()
            .map(|m| option(json!(m.name), &m.name)),
    );
    out
}

/// Whether `seat` may act as `name` (`"GM"`: only the GM).
fn acts_as(seat: &Seat, name: &str) -> bool {
    if name == GM {
        seat.gm
    } else {
        seat.controls(name)
    }
}

// ---------------------------------------------------------------------------------------------
// The moves, group by group.

fn introduce_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
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

fn problem_moves(state: &State, problem: &Problem, seat: &Seat, out: &mut Vec<Move>) {
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
fn resolve_move(state: &State, problem: &Problem, seat: &Seat, out: &mut Vec<Move>) {
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

fn tally_moves(state: &State, problem: &Problem, seat: &Seat, out: &mut Vec<Move>) {
    let odds = problem.odds().is_some();
    let open: Vec<Choice> = [Side::Player, Side::Gm]
        .into_iter()
        .filter(|s| {
            problem
                .outcome(*s)
                .is_some_and(|o| o.tally.len() < limits::MAX_TALLY_ENTRIES)
        })
        .map(|s| option(json!(s.name()), &side_label(problem, s)))
        .collect();
    let signers = signers(state, seat);
    if !open.is_empty() && !signers.is_empty() {
        for m in state.characters.iter().filter(|m| in_play(state, m)) {
            let traits = m.traits_now();
            if traits.is_empty() {
                continue;
            }
            out.push(mv(
                TALLY,
                format!("Add {}'s trait", m.name),
                json!({"do": "add_trait", "character": m.name}),
                vec![
                    choice(
                        "trait",
                        "Trait",
                        traits
                            .iter()
                            .map(|t| {
                                let harm = if t.harmful { " (harmful)" } else { "" };
                                option(json!(t.name), &format!("{} {}{harm}", t.name, t.rating))
                            })
                            .collect(),
                    ),
                    choice("outcome", "On", open.clone()),
                    flag("along", "The action goes along with it", true),
                    choice("by", "Added by", signers.clone()),
                    text("reason", "Why it applies", limits::REASON_CHARS),
                ],
                odds,
                "Along a helpful trait adds its rating, against it subtracts; a harmful trait the reverse (L1).",
            ));
        }
        out.push(mv(
            TALLY,
            "Add a modifier".into(),
            json!({"do": "add_modifier"}),
            vec![
                choice("outcome", "On", open.clone()),
                choice(
                    "kind",
                    "Kind",
                    vec![
                        option(json!("environment"), "Environment"),
                        option(json!("genre"), "Genre convention"),
                    ],
                ),
                number(
                    "value",
                    "Value",
                    *limits::MODIFIER.start(),
                    *limits::MODIFIER.end(),
                    1,
                ),
                choice("by", "Added by", signers),
                text("reason", "What and why", limits::REASON_CHARS),
            ],
            odds,
            "Something in the immediate situation, or a rule of the genre: -20 to 20 (L1; book: Environmental Modifiers, Genre Conventions).",
        ));
    }
    if !open.is_empty() {
        let mut payers: Vec<(&str, i64)> = Vec::new();
        if seat.gm
            && let Some(has) = state.gm_influence
        {
            payers.push((GM, has));
        }
        payers.extend(
            controlled(state, seat)
                .into_iter()
                .filter(|m| in_play(state, m))
                .map(|m| (m.name.as_str(), m.influence)),
        );
        for (who, has) in payers.into_iter().filter(|(_, has)| *has >= 1) {
            let most = has.min(*limits::INFLUENCE_SPEND.end());
            out.push(mv(
                TALLY,
                format!("{who}: spend influence"),
                json!({"do": "spend_influence", "who": who}),
                vec![
                    choice("outcome", "On", open.clone()),
                    number("points", "Points (- to lower it)", most.saturating_neg(), most, 1),
                    text("reason", "Why (optional)", limits::REASON_CHARS),
                ],
                odds,
                &format!(
                    "{who} holds {has}: each point moves the likelihood one step either way, and is gone whoever wins; opposing bids each count (L5)."
                ),
            ));
        }
    }
    let acting = problem.acting_gm();
    if acts_as(seat, acting) {
        for side in [Side::Player, Side::Gm] {
            let Some(outcome) = problem.outcome(side) else {
                continue;
            };
            let mergeable: Vec<&Entry> = outcome
                .tally
                .iter()
                .filter(|e| {
                    matches!(
                        e.kind,
                        EntryKind::Trait | EntryKind::Environment | EntryKind::Genre
                    )
                })
                .collect();
            if mergeable.len() < 2 {
                continue;
            }
            let sum = mergeable
                .iter()
                .fold(0_i64, |s, e| s.saturating_add(e.value))
                .clamp(*limits::MODIFIER.start(), *limits::MODIFIER.end());
            out.push(mv(
                TALLY,
                format!("Merge entries on {}", side.outcome_phrase()),
                json!({"do": "merge_entries", "outcome": side.name(), "by": acting}),
                vec![
                    multi(
                        "entries",
                        "Entries that overlap",
                        mergeable
                            .iter()
                            .map(|e| option(json!(e.id), &entry_label(e)))
                            .collect(),
                    ),
                    number(
                        "value",
                        "Their value together",
                        *limits::MODIFIER.start(),
                        *limits::MODIFIER.end(),
                        sum,
                    ),
                    text("reason", "Why", limits::REASON_CHARS),
                ],
                odds,
                "Two or more overlapping trait, environment or genre entries become one value judged by whoever plays the GM's part; the sources stay listed (book: Judging Likelihood Modifiers).",
            ));
        }
    }
}

fn influence_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let max = *limits::INFLUENCE.end();
    if seat.gm {
        let rewardable: Vec<Choice> = state
            .characters
            .iter()
            .filter(|m| m.influence < max)
            .map(|m| option(json!(m.name), &m.name))
            .collect();
        if !rewardable.is_empty() {
            out.push(mv(
                INFLUENCE,
                "Reward influence".into(),
                json!({"do": "reward"}),
                vec![
                    choice("who", "Who", rewardable),
                    number(
                        "points",
                        "Points",
                        *limits::REWARD.start(),
                        *limits::REWARD.end(),
                        1,
                    ),
                    text("reason", "For what idea", limits::REASON_CHARS),
                ],
                false,
                "For a clever, amusing or helpful idea: usually 1-5; more is flagged (L5).",
            ));
        }
    }
    if state.options.influence_swapping {
        // The recipient gains double: only those who can take 2 more stay within 999.
        let receiving = max.saturating_sub(2);
        for m in controlled(state, seat) {
            if m.influence < 1 {
                continue;
            }
            let to: Vec<Choice> = state
                .characters
                .iter()
                .filter(|o| o.name != m.name && o.influence <= receiving)
                .map(|o| option(json!(o.name), &o.name))
                .collect();
            if to.is_empty() {
                continue;
            }
            out.push(mv(
                INFLUENCE,
                format!("{}: give influence", m.name),
                json!({"do": "give_influence", "from": m.name}),
                vec![
                    choice("to", "To", to),
                    number(
                        "points",
                        "Points given",
                        *limits::SWAP.start(),
                        m.influence.min(*limits::SWAP.end()),
                        1,
                    ),
                    text("reason", "Why", limits::REASON_CHARS),
                ],
                false,
                &format!(
                    "{} holds {}; the recipient gains double (L5, influence swapping).",
                    m.name, m.influence
                ),
            ));
        }
    }
}

fn goal_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let room = limits::MAX_GOALS.saturating_sub(state.goals.len());
    if seat.gm && room >= 1 {
        out.push(mv(
            GOALS,
            "GM: prepare goals".into(),
            json!({"do": "prepare_goals", "by": GM}),
            vec![json_field(
                "goals",
                "Goals (JSON)",
                json!([{"text": "The orcs take the pass", "kind": "specific", "base": 2, "multiplier": 5}]),
            )],
            false,
            "The GM's: 1-10 goals, each a text, a kind (specific or non_specific), a base 1-10 and for a specific one a multiplier 3 or 5; no total (L6).",
        ));
    }
    if room >= *limits::PREPARATION_GOALS.start() {
        for m in controlled(state, seat) {
            if state.prepared.contains(&m.name) {
                continue;
            }
            out.push(mv(
                GOALS,
                format!("{}: prepare goals", m.name),
                json!({"do": "prepare_goals", "by": m.name}),
                vec![json_field(
                    "goals",
                    "Goals (JSON)",
                    json!([
                        {"text": "Become captain", "kind": "specific", "base": 2, "multiplier": 3},
                        {"text": "Win a duel", "kind": "non_specific", "base": 3}
                    ]),
                )],
                false,
                "Once: 2-10 goals, at least one specific and one non_specific, bases 1-10 totalling 5-10, each specific base x3 or x5 (multiplier) (L6).",
            ));
        }
    }
    let signers = signers(state, seat);
    if state.story.session_problems == 0 && room >= 1 && !signers.is_empty() {
        out.push(mv(
            GOALS,
            "Add a session goal".into(),
            json!({"do": "add_goal", "at": "session"}),
            vec![
                choice("by", "Whose", signers),
                text("text", "What must happen", limits::REASON_CHARS),
                kind_field(),
                number("rating", "Rating", 1, *limits::SESSION_SPECIFIC_GOAL.end(), 3),
                flag("approved", "The group approves (non-specific)", false),
            ],
            false,
            "Before the session's first problem: specific 3-10, non-specific 1-5 with the group's approval (L6).",
        ));
    }
    if seat.gm {
        if room >= 1 {
            out.push(mv(
                GOALS,
                "Add a setting goal".into(),
                json!({"do": "add_goal", "at": "setting", "by": GM}),
                vec![
                    text("text", "What must happen", limits::REASON_CHARS),
                    kind_field(),
                    number(
                        "rating",
                        "Rating",
                        *limits::SETTING_GOAL.start(),
                        *limits::SETTING_GOAL.end(),
                        10,
                    ),
                ],
                false,
                "A goal the setting gives, entered by the GM: 1-100 (L6).",
            ));
        }
        if !state.goals.is_empty() && !state.characters.is_empty() {
            out.push(mv(
                GOALS,
                "Fulfil a goal".into(),
                json!({"do": "fulfil_goal"}),
                vec![
                    choice(
                        "goal",
                        "Goal",
                        state
                            .goals
                            .iter()
                            .map(|g| {
                                option(
                                    json!(g.number),
                                    &format!(
                                        "#{} {} ({}, {}, {})",
                                        g.number,
                                        g.text,
                                        g.kind.name().replace('_', "-"),
                                        g.rating,
                                        g.by
                                    ),
                                )
                            })
                            .collect(),
                    ),
                    multi(
                        "who",
                        "Fulfilled by",
                        state
                            .characters
                            .iter()
                            .map(|m| option(json!(m.name), &m.name))
                            .collect(),
                    ),
                ],
                false,
                "Everyone who fulfilled it at the same moment gets its full rating; a specific goal then disappears (L6).",
            ));
        }
    }
}

fn story_moves(state: &State, out: &mut Vec<Move>) {
    let options = &state.options;
    let reset = if options.gm_influence {
        format!(
            "; the GM's influence is reset to {} (L5)",
            options.gm_influence_per_session
        )
    } else {
        String::new()
    };
    out.push(mv(
        STORY,
        "Start the next session".into(),
        json!({"do": "start_session"}),
        Vec::new(),
        false,
        &format!(
            "Session {}: goals may be made until its first problem (L6){reset}.",
            state.story.session.saturating_add(1)
        ),
    ));
    let (fields, note) = if options.strength {
        (
            vec![number(
                "recovery",
                "Strength regained",
                *limits::SCENE_RECOVERY.start(),
                *limits::SCENE_RECOVERY.end(),
                options.scene_recovery,
            )],
            "Scene-long trait changes end; each weakened character not dead regains strength, up to nominal (L8).",
        )
    } else {
        (
            Vec::new(),
            "Scene-long trait changes end (book: Trait Change).",
        )
    };
    out.push(mv(
        STORY,
        format!("End scene {}", state.story.scene),
        json!({"do": "end_scene"}),
        fields,
        false,
        note,
    ));
    out.push(mv(
        STORY,
        format!("End scenario {}", state.story.scenario),
        json!({"do": "end_scenario"}),
        Vec::new(),
        false,
        if options.strength {
            "Scene- and scenario-long trait changes end; everyone not dead regains all strength (L8)."
        } else {
            "Scene- and scenario-long trait changes end (book: Trait Change)."
        },
    ));
}

fn character_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let options = &state.options;
    if state.characters.len() < limits::MAX_CHARACTERS {
        let mut sheet = json!({
            "name": new_name(state),
            "influence": limits::STARTING_INFLUENCE,
            "traits": [
                {"name": "Swordsman", "rating": 3},
                {"name": "Hot-headed", "rating": 2, "harmful": true}
            ]
        });
        if options.strength {
            sheet["strength"] = json!(limits::DEFAULT_STRENGTH);
        }
        out.push(mv(
            CHARACTERS,
            "Make a character".into(),
            json!({"do": "enroll"}),
            vec![json_field("character", "The sheet (JSON)", sheet)],
            false,
            &format!(
                "A name (not \"GM\"), influence 0-999 (default 10){}, traits rated 1-{}, \"harmful\": true for one that works against its holder (book: Making Characters, Traits).",
                if options.strength {
                    ", strength 5-20 (default 10; L8)"
                } else {
                    ""
                },
                options.max_rating()
            ),
        ));
    }
    if seat.gm && options.free_changes && state.problem.is_none() && !state.characters.is_empty() {
        out.push(mv(
            CHARACTERS,
            "Change a trait (free change)".into(),
            json!({"do": "change_trait", "approved": true}),
            vec![
                choice(
                    "character",
                    "Whose",
                    state
                        .characters
                        .iter()
                        .map(|m| option(json!(m.name), &m.name))
                        .collect(),
                ),
                text("trait", "Trait (on the sheet, or new)", limits::NAME_CHARS),
                number("rating", "New permanent rating (0 removes it)", 0, options.max_rating(), 1),
                choice(
                    "harmful",
                    "Kind",
                    vec![
                        option(Value::Null, "As the trait is (a new one: helpful)"),
                        option(json!(true), "Harmful (a new trait)"),
                    ],
                ),
                text("reason", "Why", limits::REASON_CHARS),
            ],
            false,
            "The player asks, the GM approves: sets the permanent rating; temporary changes stay on top (book: Changing A Character).",
        ));
    }
}

// ---------------------------------------------------------------------------------------------
// Building blocks.

fn mv(
    group: &str,
    label: String,
    command: Value,
    fields: Vec<Field>,
    odds: bool,
    note: &str,
) -> Move {
    Move {
        group: group.to_string(),
        label,
        command,
        fields,
        odds,
        note: Some(note.to_string()),
    }
}

fn option(value: Value, label: &str) -> Choice {
    Choice {
        value,
        label: label.to_string(),
    }
}

/// A JSON blank starting at `example`, a valid value.
fn json_field(name: &str, label: &str, example: Value) -> Field {
    field(
        name,
        label,
        FieldKind::Json {
            max: JSON_CHARS,
            example,
        },
    )
}

/// A name for the example sheet that no character at the table has yet (ignoring case).
fn new_name(state: &State) -> String {
    let taken = |name: &str| {
        state
            .characters
            .iter()
            .any(|m| m.name.eq_ignore_ascii_case(name))
    };
    ["Tiran", "Ayla", "Mirela", "Juno"]
        .into_iter()
        .find(|n| !taken(n))
        .map_or_else(
            || format!("Character {}", state.characters.len().saturating_add(1)),
            str::to_string,
        )
}

fn field(name: &str, label: &str, kind: FieldKind) -> Field {
    Field {
        name: name.to_string(),
        label: label.to_string(),
        kind,
    }
}

fn text(name: &str, label: &str, max: usize) -> Field {
    field(name, label, FieldKind::Text { max })
}

fn number(name: &str, label: &str, min: i64, max: i64, default: i64) -> Field {
    field(name, label, FieldKind::Number { min, max, default })
}

fn choice(name: &str, label: &str, options: Vec<Choice>) -> Field {
    field(
        name,
        label,
        FieldKind::Choice {
            options,
            multiple: false,
        },
    )
}

fn multi(name: &str, label: &str, options: Vec<Choice>) -> Field {
    field(
        name,
        label,
        FieldKind::Choice {
            options,
            multiple: true,
        },
    )
}

fn flag(name: &str, label: &str, default: bool) -> Field {
    field(name, label, FieldKind::Flag { default })
}

fn scale_field() -> Field {
    choice(
        "scale",
        "Scale",
        [Scale::Scene, Scale::Scenario, Scale::Story]
            .into_iter()
            .map(|s| {
                let (low, high) = s.impact_guide();
                option(
                    json!(s.name()),
                    &format!("{} (impact {low}-{high})", capitalized(s.name())),
                )
            })
            .collect(),
    )
}

fn kind_field() -> Field {
    choice(
        "kind",
        "Kind",
        vec![
            option(json!("specific"), "Specific (pays once)"),
            option(json!("non_specific"), "Non-specific (pays each time)"),
        ],
    )
}

/// "The player's outcome (Tiran: 1)": a proposed side with its author and likelihood.
fn side_label(problem: &Problem, side: Side) -> String {
    let phrase = capitalized(side.outcome_phrase());
    match problem.outcome(side) {
        Some(o) => format!("{phrase} ({}, now {})", o.by, signed(o.likelihood())),
        None => phrase,
    }
}

/// "#2 trait Quick +2 (Tiran)": an entry as a merge choice.
fn entry_label(e: &Entry) -> String {
    let what = match &e.trait_use {
        Some(t) => format!("{}'s {}", t.character, t.name),
        None => e.reason.clone(),
    };
    format!("#{} {} {}: {what}", e.id, e.kind.name(), signed(e.value))
}

pub(crate) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}
