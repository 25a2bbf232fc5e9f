//! What a seat may do now at a Chi table, as forms for a table page ([`moves`]). The exact chances
//! of a command before its dice are rolled are [`crate::odds::odds`].
//!
//! A move is offered only when the rules would take it now (given right values in its blanks):
//! actions and opposed actions for characters in play with dice left this round (C1-C3), the
//! secret roll's steps in their order (C4: open, allocate, reveal, roll), losses, recovery and
//! advancement (C5), sessions, and enrolment (C6). The GM may act for every character and has the
//! GM-only moves ([`crate::authority`]); a player acts only for the characters it owns.
//!
//! A form fills a command by dotted paths: an `opposed` action is its actor's move, with the
//! actor fixed in the command (`actor.who`, so the table names the right character when it words
//! a request for it), its dice, its concept call and the modifiers as blanks (`actor.spend`,
//! `actor.fits_concept`, `actor.modifier`, `defender.modifier`), and the defender one choice of
//! `{who, spend}` (a defender the seat owns with each number of dice it kept back; another's once,
//! its player choosing). `secret_open` offers its actions and opposed pairs as lists. The rules
//! check every command sent either way.
//!
//! The secret roll goes through the table (`crates/table`): a player allocates with the table
//! action `{"do": "allocate", "who", "spend"}` (the server keeps the number secret and sends
//! `secret_commit` with its hash), and reveals with a bare `{"do": "secret_reveal", "who"}` that
//! the server fills in. Both are offered only for the seat's own characters (the GM's are the
//! characters it enrolled): an allocation is its maker's secret, not even the GM sees it.

use crate::limits::{
    MAX_DETAIL, MAX_DIFFICULTY, MAX_LABELLED_ALLOCATIONS, MAX_LINE, MAX_MODIFIER, MAX_POOL,
    MAX_SECRET_PARTICIPANTS, MAX_TEXT, MAX_WORDS,
};
use crate::model::command::{Cause, Verb};
use crate::model::state::{Character, Role, SecretRoll, State};
use crate::odds::{self as chi_odds, tie_words};
use crate::rules::round::off_concept_cap;
use serde_json::{Value, json};
use skald_core::{Choice, Field, FieldKind, Move};

const ROUND: &str = "Round";
const SECRET: &str = "Secret roll";
const POTENTIAL: &str = "Potential";
const SESSION: &str = "Session";
const CHARACTERS: &str = "Characters";

/// The moves `seat` may make now in `state`, in the order a page shows them: the secret roll
/// (while one is open, nothing else is taken, C4), the round (actions, opposed actions, a new round,
/// opening a secret roll; none between sessions), potential (C5, GM), sessions (GM) and enrolment.
///
/// Each move's `command` holds `do` and, for a character's move, `who`; its fields are the blanks,
/// bounded by the state (dice left this round, the current pool, dice temporarily lost...). A
/// player gets moves only for the characters it owns and never a GM-only one (as
/// [`crate::authority`] decides); `allocate` and the bare `secret_reveal` are offered to the owner
/// of the character, the GM included for its own characters.
pub fn moves(state: &State, seat: &skald_core::Seat) -> Vec<Move> {
    let mut moves = Vec::new();
    if let Some(secret) = &state.secret {
        secret_moves(state, secret, seat, &mut moves);
        mark(state, seat, &mut moves);
        return moves;
    }
    if !state.between_sessions {
        round_moves(state, seat, &mut moves);
    }
    if seat.gm {
        potential_moves(state, &mut moves);
        session_moves(state, &mut moves);
    }
    moves.push(enroll_move(seat));
    moves.push(line_move(seat));
    mark(state, seat, &mut moves);
    moves
}

/// Marks what the rules expect of this seat now ([`Move::lead`]): an action of each character it
/// owns with dice left this round (C1), its secret choice and then its reveal (C4); for the GM,
/// rolling the secret roll once all are revealed, and the next round once no character in play
/// has a die left. Each move names its character (its `who`, an opposed action's actor) where it
/// is made.
fn mark(state: &State, seat: &skald_core::Seat, moves: &mut [Move]) {
    let owned = |who: &str| seat.characters.iter().any(|c| c == who);
    let spent = in_play(state).next().is_some() && in_play(state).all(|(_, c)| c.left() == 0);
    for m in moves {
        m.lead = if m.sends(Verb::Action) || m.sends(ALLOCATE) || m.sends(Verb::SecretReveal) {
            m.character.as_deref().is_some_and(owned)
        } else {
            m.sends(Verb::SecretRoll) || m.sends(Verb::NewRound) && spent
        };
    }
}

fn field(name: &str, label: impl Into<String>, kind: FieldKind) -> Field {
    Field::new(name, label, kind)
}

fn number(name: &str, label: impl Into<String>, min: u32, max: u32, default: u32) -> Field {
    let kind = FieldKind::Number {
        min: i64::from(min),
        max: i64::from(max),
        default: i64::from(default),
    };
    field(name, label, kind)
}

fn flag(name: &str, label: impl Into<String>, default: bool) -> Field {
    field(name, label, FieldKind::Flag { default })
}

fn text(name: &str, label: impl Into<String>, max: usize) -> Field {
    Field::text(name, &label.into(), max)
}

fn choice(name: &str, label: impl Into<String>, options: Vec<Choice>, multiple: bool) -> Field {
    field(name, label, FieldKind::Choice { options, multiple })
}

fn option(value: Value, label: impl Into<String>) -> Choice {
    Choice::new(value, label)
}

/// The table's own action that seals a secret allocation (crates/table `allocate`: the server
/// keeps the number and sends `secret_commit` with its hash), which the `allocate` form sends.
const ALLOCATE: &str = "allocate";

/// A move sending `verb` (a [`Verb`], or the table's [`ALLOCATE`]) with the rest of its fixed
/// part `fixed`.
fn new_move(
    group: &str,
    label: String,
    verb: impl Into<&'static str>,
    fixed: Value,
    fields: Vec<Field>,
    odds: bool,
    note: String,
) -> Move {
    Move {
        fields,
        odds,
        note: Some(note),
        ..Move::new(group, label, verb, fixed)
    }
}

/// `m`, asking `question` before a page sends it (a move that ends something for good in play).
fn confirming(mut m: Move, question: String) -> Move {
    m.confirm = Some(question);
    m
}

/// What starting the next round loses: the dice not spent this round, by name (C1).
fn end_round_question(state: &State) -> String {
    let unspent: Vec<String> = in_play(state)
        .filter(|(_, c)| c.left() > 0)
        .map(|(name, c)| format!("{name} {}", c.left()))
        .collect();
    let lost = if unspent.is_empty() {
        "Every die was spent".to_owned()
    } else {
        format!("Dice not spent are gone ({})", unspent.join(", "))
    };
    format!(
        "End round {} and start round {}? {lost}; its rolls leave the board.",
        state.round,
        state.round.saturating_add(1)
    )
}

/// What calling off the open secret roll loses: the choices already made (C4).
fn cancel_question(secret: &SecretRoll) -> String {
    let chosen: Vec<&str> = secret
        .seats
        .iter()
        .filter(|s| s.commitment.is_some())
        .map(|s| s.who.as_str())
        .collect();
    if chosen.is_empty() {
        "Call off the secret roll? Nobody has chosen yet; no die is spent.".to_owned()
    } else {
        format!(
            "Call off the secret roll? The choices made are dropped ({}); no die is spent.",
            chosen.join(", ")
        )
    }
}

fn dice(n: u32) -> String {
    skald_core::noun(n as usize, "die", "dice")
}

/// Characters in play (current pool above 0), by name.
fn in_play(state: &State) -> impl Iterator<Item = (&String, &Character)> {
    state.characters.iter().filter(|(_, s)| !s.out_of_play())
}

fn round_moves(state: &State, seat: &skald_core::Seat, moves: &mut Vec<Move>) {
    for (name, s) in in_play(state).filter(|(n, s)| seat.controls(n) && s.left() > 0) {
        moves.push(action_move(state, name, s));
        if let Some(opposed) = opposed_move(state, seat, name, s) {
            moves.push(opposed);
        }
    }
    if seat.gm {
        let next = new_move(
            ROUND,
            format!("Start round {}", state.round.saturating_add(1)),
            Verb::NewRound,
            json!({}),
            Vec::new(),
            false,
            "Every pool refills to its current size, not its maximum: lost dice stay lost \
             (book: Action Resolution; C1, C5)."
                .to_owned(),
        );
        moves.push(confirming(next, end_round_question(state)));
        if let Some(open) = secret_open_move(state) {
            moves.push(open);
        }
    }
}

fn action_move(state: &State, name: &str, s: &Character) -> Move {
    let current = s.sheet.current;
    let left = s.left();
    let cap = off_concept_cap(current);
    let tie = tie_words(state.options.tie);
    new_move(
        ROUND,
        format!("{name}: act against a Difficulty"),
        Verb::Action,
        json!({"who": name}),
        vec![
            number("spend", format!("Dice put in ({left} left)"), 1, left, 1),
            number(
                "difficulty",
                "Difficulty (the GM's, in d6)",
                1,
                MAX_DIFFICULTY,
                1,
            ),
            modifier_field(),
            flag(
                "fits_concept",
                format!(
                    "Fits the concept (the GM's call; if not, at most {})",
                    dice(cap)
                ),
                true,
            ),
            flag("reaction", "A reaction (a dodge, a parry)", false),
        ],
        true,
        format!(
            "{name} spends the dice put in from the {left} of {} left this round (C1); \
             off-concept at most {cap} (C2); success when the total beats the GM's Difficulty \
             d6, {tie} (C3).",
            dice(current)
        ),
    )
    .for_character(name)
}

fn modifier_field() -> Field {
    modifier_at("modifier", "Modifier (the GM's; beyond ±5 is flagged)")
}

/// A modifier blank at `name`: -100 to +100, starting at 0 (C3: beyond ±5 is flagged).
fn modifier_at(name: &str, label: &str) -> Field {
    let max = MAX_MODIFIER.unsigned_abs();
    let kind = FieldKind::Number {
        min: -i64::from(max),
        max: i64::from(max),
        default: 0,
    };
    field(name, label, kind)
}

/// An action against another character (C3). The defender's dice are its player's (C1, C3): a
/// defender the seat owns is offered with each number of dice it kept back; any other once, its
/// player choosing the dice when the action is sent (an online table waits for that player).
fn opposed_move(state: &State, seat: &skald_core::Seat, name: &str, s: &Character) -> Option<Move> {
    let defenders: Vec<Choice> = in_play(state)
        .filter(|(other, _)| other.as_str() != name)
        .flat_map(|(other, d)| {
            let owned = seat.characters.iter().any(|c| c == other);
            let kept_back = if owned { 0..=d.left() } else { 0..=0 };
            kept_back.map(move |kept| {
                let label = if !owned {
                    format!("{other} (who chooses its own dice)")
                } else if kept == 0 {
                    format!("{other}: no dice (the modifier alone)")
                } else {
                    format!("{other}: {} kept back", dice(kept))
                };
                option(json!({"who": other, "spend": kept}), label)
            })
        })
        .collect();
    if defenders.is_empty() {
        return None;
    }
    let left = s.left();
    let cap = off_concept_cap(s.sheet.current);
    Some(
        new_move(
            ROUND,
            format!("{name}: act against another character"),
            Verb::Opposed,
            json!({"actor": {"who": name}}),
            vec![
                number(
                    "actor.spend",
                    format!("Dice {name} puts in ({left} left)"),
                    1,
                    left,
                    1,
                ),
                flag(
                    "actor.fits_concept",
                    format!(
                        "Fits {name}'s concept (the GM's call; if not, at most {})",
                        dice(cap)
                    ),
                    true,
                ),
                choice(
                    "defender",
                    "Who reacts, with the dice it kept back",
                    defenders,
                    false,
                ),
                modifier_at("actor.modifier", &format!("{name}'s modifier (the GM's)")),
                modifier_at("defender.modifier", "The defender's modifier (the GM's)"),
            ],
            true,
            format!(
                "{name} spends the dice put in from the {left} left this round (C1). Both roll the \
                 dice they put in, plus their modifiers; the greater total wins and a tie goes to \
                 the defender, who may put in 0 (C1, C3)."
            ),
        )
        .for_character(name),
    )
}

fn secret_open_move(state: &State) -> Option<Move> {
    let acting: Vec<&String> = in_play(state)
        .filter(|(_, s)| s.left() > 0)
        .map(|(n, _)| n)
        .collect();
    if acting.is_empty() {
        return None;
    }
    let who: Vec<Choice> = acting
        .iter()
        .map(|w| option(json!(w), w.as_str()))
        .collect();
    let defenders: Vec<Choice> = in_play(state)
        .map(|(d, _)| option(json!(d), d.as_str()))
        .collect();
    let difficulty = number(
        "difficulty",
        "Difficulty (d6 the GM rolls)",
        1,
        MAX_DIFFICULTY,
        3,
    );
    let actions = Field::list(
        "actions",
        "Actions against a Difficulty",
        vec![
            choice("who", "Who", who.clone(), false),
            difficulty,
            modifier_at("modifier", "Modifier"),
            flag("fits_concept", "Fits the concept", true),
            flag("reaction", "A reaction", false),
        ],
        0,
        MAX_SECRET_PARTICIPANTS,
        1,
    );
    let mut fields = vec![actions];
    if defenders.len() > 1 {
        fields.push(Field::list(
            "opposed",
            "Opposed actions",
            vec![
                choice("actor.who", "Who acts", who, false),
                modifier_at("actor.modifier", "Its modifier"),
                flag("actor.fits_concept", "Fits its concept", true),
                choice("defender.who", "Against", defenders, false),
                modifier_at("defender.modifier", "The defender's modifier"),
            ],
            0,
            MAX_SECRET_PARTICIPANTS / 2,
            0,
        ));
    }
    Some(new_move(
        SECRET,
        "Open a secret roll".to_owned(),
        Verb::SecretOpen,
        json!({}),
        fields,
        false,
        "Each character once; everything but the dice is public (the Difficulties, the modifiers, \
         your concept calls), then each player chooses in secret and all roll at once (book: \
         Secret Rolls; C4)."
            .to_owned(),
    ))
}

fn secret_moves(
    state: &State,
    secret: &SecretRoll,
    seat: &skald_core::Seat,
    moves: &mut Vec<Move>,
) {
    let owned = |who: &str| seat.characters.iter().any(|c| c == who);
    let all_committed = secret.seats.iter().all(|s| s.commitment.is_some());
    let all_revealed = secret.seats.iter().all(|s| s.revealed.is_some());
    for place in secret.seats.iter().filter(|s| owned(&s.who)) {
        if place.commitment.is_none() {
            if let Some(allocate) = allocate_move(state, secret, &place.who, place.role) {
                moves.push(allocate);
            }
        } else if all_committed && place.revealed.is_none() {
            moves.push(new_move(
                SECRET,
                format!("{}: reveal your dice", place.who),
                Verb::SecretReveal,
                json!({"who": place.who}),
                Vec::new(),
                false,
                "Everyone has chosen: the server shows your dice and salt, checked against your \
                 commitment (C4)."
                    .to_owned(),
            ).for_character(&place.who));
        }
    }
    if seat.gm {
        if all_revealed {
            moves.push(new_move(
                SECRET,
                "Roll the secret roll".to_owned(),
                Verb::SecretRoll,
                json!({}),
                Vec::new(),
                true,
                "Everyone rolls at once: the actions in order, then the opposed pairs (book: \
                 Secret Rolls; C3, C4)."
                    .to_owned(),
            ));
        }
        // Once anyone has revealed, the roll can no longer be called off (C4).
        if secret.revealed().is_empty() {
            let cancel = new_move(
                SECRET,
                "Call off the secret roll".to_owned(),
                Verb::SecretCancel,
                json!({}),
                Vec::new(),
                false,
                "No die is spent (C4).".to_owned(),
            );
            moves.push(confirming(cancel, cancel_question(secret)));
        }
    }
}

/// The `allocate` form of `who` (its `role` in the secret roll): dice bounded by what it has left
/// and its off-concept cap (C1, C2), at least 1 unless it defends; an action's choices show the
/// exact chance of each allocation.
fn allocate_move(state: &State, secret: &SecretRoll, who: &str, role: Role) -> Option<Move> {
    let (min, max) = crate::rules::secret::allocation_bounds(state, who).ok()?;
    let (spend, what) = match role {
        Role::Action => {
            let action = secret.actions.iter().find(|a| a.who == who)?;
            let choices = (min..=max)
                .map(|k| {
                    let label = if k - min < MAX_LABELLED_ALLOCATIONS {
                        chi_odds::action(k, action.difficulty, action.modifier, state.options.tie)
                            .map_or_else(
                                |_| dice(k),
                                |o| {
                                    format!(
                                        "{}: success {} ({:.1}%)",
                                        dice(k),
                                        o.p_success,
                                        o.p_success.to_f64() * 100.0
                                    )
                                },
                            )
                    } else {
                        dice(k)
                    };
                    option(json!(k), label)
                })
                .collect();
            let field = choice(
                "spend",
                format!("Dice put in ({max} at most)"),
                choices,
                false,
            );
            (
                field,
                format!(
                    "against Difficulty {}, modifier {:+}{}",
                    action.difficulty,
                    action.modifier,
                    concept_words(action.fits_concept)
                ),
            )
        }
        Role::Actor | Role::Defender => {
            let pair = secret
                .opposed
                .iter()
                .find(|p| p.actor.who == who || p.defender.who == who)?;
            let (me, other) = if role == Role::Actor {
                (&pair.actor, &pair.defender.who)
            } else {
                (&pair.defender, &pair.actor.who)
            };
            let label = if role == Role::Actor {
                format!("Dice put in (1 to {max})")
            } else {
                format!("Dice kept back for the reaction (0 to {max})")
            };
            let verb = if role == Role::Actor {
                "acting against"
            } else {
                "reacting to"
            };
            (
                number("spend", label, min, max, min),
                format!(
                    "{verb} {other}, modifier {:+}{}; the odds depend on {other}'s secret choice",
                    me.modifier,
                    concept_words(me.fits_concept)
                ),
            )
        }
    };
    Some(new_move(
        SECRET,
        format!("{who}: choose your dice in secret"),
        ALLOCATE,
        json!({"who": who}),
        vec![spend],
        // No odds of its own (each choice's label shows its chance), but advice over the round
        // for the allocation chosen (`advice::allocation`), under "The chances ahead".
        true,
        format!(
            "{who} is {what}. The server keeps your number secret (not even the GM sees it) and \
             commits its hash; all roll at once (C4)."
        ),
    ).for_character(who))
}

fn concept_words(fits: bool) -> &'static str {
    if fits { "" } else { ", off-concept (C2)" }
}

/// A cause of lost potential as a form offers it (C5).
fn cause_label(cause: Cause) -> &'static str {
    match cause {
        Cause::Injury => "Injury",
        Cause::Fatigue => "Fatigue",
        Cause::Other => "Another cause",
    }
}

fn potential_moves(state: &State, moves: &mut Vec<Move>) {
    let causes = [Cause::Injury, Cause::Fatigue, Cause::Other];
    for (name, s) in &state.characters {
        let c = &s.sheet;
        if c.current > 0 {
            let options = causes
                .iter()
                .map(|cause| option(json!(cause), cause_label(*cause)))
                .collect();
            moves.push(
                new_move(
                    POTENTIAL,
                    format!("{name}: loses potential"),
                    Verb::Lose,
                    json!({"who": name}),
                    vec![
                        number(
                            "amount",
                            format!("Dice lost (of {})", c.current),
                            1,
                            c.current,
                            1,
                        ),
                        choice("cause", "Cause", options, false),
                        flag(
                            "permanent",
                            "For good (a disease): the maximum drops too",
                            false,
                        ),
                        text("detail", "What happened (optional)", MAX_DETAIL),
                    ],
                    false,
                    "The severity decides how many dice and how fast they come back; at 0 the \
                 character is out of play (book: Injuries, Fatigue, and Loss of Potential; C5)."
                        .to_owned(),
                )
                .for_character(name),
            );
        }
        let lost = s.recoverable(None);
        if lost > 0 {
            let mut options = vec![option(Value::Null, "any, oldest loss first")];
            options.extend(causes.iter().filter_map(|&cause| {
                let n = s.recoverable(Some(cause));
                (n > 0).then(|| {
                    option(
                        json!(cause),
                        format!("only {} ({})", cause_label(cause).to_lowercase(), dice(n)),
                    )
                })
            }));
            moves.push(new_move(
                POTENTIAL,
                format!("{name}: recovers dice"),
                Verb::Recover,
                json!({"who": name}),
                vec![
                    number("amount", format!("Dice recovered (of {lost})"), 1, lost, 1),
                    choice("cause", "From losses to", options, false),
                ],
                false,
                "Dice lost for good never come back; back at the maximum, a waiting new die joins \
                 (book: Advancement; C5)."
                    .to_owned(),
            ).for_character(name));
        }
        let has_words = !c.words.is_empty();
        let room = c.words.len() < MAX_WORDS;
        if !s.waiting && c.pool < MAX_POOL {
            let mut fields = Vec::new();
            if has_words && room {
                fields.push(text("word", "A new descriptive word (optional)", MAX_TEXT));
            }
            fields.push(text("occupation", "A new occupation (optional)", MAX_TEXT));
            let when = if c.current < c.pool {
                format!(
                    "{name} is at {}/{}: the die waits until every lost die is back",
                    c.pool, c.current
                )
            } else {
                format!("{name} is at full potential: the die joins at once")
            };
            moves.push(
                new_move(
                    POTENTIAL,
                    format!("{name}: award a new die"),
                    Verb::Advance,
                    json!({"who": name}),
                    fields,
                    false,
                    format!("{when}; one die at a time (book: Advancement; C5)."),
                )
                .for_character(name),
            );
        }
        if s.words_earned > 0 && has_words && room {
            moves.push(
                new_move(
                    POTENTIAL,
                    format!("{name}: add a descriptive word"),
                    Verb::AddWord,
                    json!({"who": name}),
                    vec![text("word", "The new word (one word)", MAX_TEXT)],
                    false,
                    format!(
                        "Paid for by a pool increase ({} unused), at the GM's discretion (book: \
                     Advancement; C5).",
                        s.words_earned
                    ),
                )
                .for_character(name),
            );
        }
        if state.between_sessions {
            moves.push(new_move(
                POTENTIAL,
                format!("{name}: change the concept"),
                Verb::ChangeConcept,
                json!({"who": name}),
                vec![text("occupation", "The new occupation", MAX_TEXT)],
                false,
                "Between sessions, or when the character gets a new die (book: Advancement; C5)."
                    .to_owned(),
            ).for_character(name));
            if has_words {
                let words = c
                    .words
                    .iter()
                    .map(|w| option(json!(w), w.as_str()))
                    .collect();
                moves.push(new_move(
                    POTENTIAL,
                    format!("{name}: replace a descriptive word"),
                    Verb::ChangeConcept,
                    json!({"who": name}),
                    vec![
                        choice("replace.old", "The word that goes", words, false),
                        text("replace.new", "The word that takes its place", MAX_TEXT),
                    ],
                    false,
                    "Between sessions, or when the character gets a new die, and only when the story \
                     has changed the character (book: Advancement; C5)."
                        .to_owned(),
                ).for_character(name));
            }
        }
    }
}

fn session_moves(state: &State, moves: &mut Vec<Move>) {
    if state.between_sessions {
        moves.push(new_move(
            SESSION,
            format!("Start session {}", state.session.saturating_add(1)),
            Verb::StartSession,
            json!({}),
            Vec::new(),
            false,
            "A new round begins with it: every pool refills (C1).".to_owned(),
        ));
    } else {
        let end = new_move(
            SESSION,
            format!("End session {}", state.session),
            Verb::EndSession,
            json!({}),
            Vec::new(),
            false,
            "Between sessions concepts may change and no rounds are played (book: \
             Advancement; C5)."
                .to_owned(),
        );
        let question = format!(
            "End session {}? Round {} ends with it, and no round is played until the next session \
             starts.",
            state.session, state.round
        );
        moves.push(confirming(end, question));
    }
}

fn enroll_move(seat: &skald_core::Seat) -> Move {
    let (label, note) = if seat.gm {
        (
            "Add a character or NPC",
            "A name and a concept: three descriptive words and an occupation, then the pool you \
             give. An important NPC is made the same way; a minor one needs no words, only its \
             occupation or race and a pool, as orc3 (book: Character Creation; C6).",
        )
    } else {
        (
            "Make a character",
            "A name and a concept: three descriptive words and an occupation; the pool is the \
             GM's to give (book: Character Creation; C6). The character is yours to play.",
        )
    };
    let words = Field::list(
        "character.words",
        "Descriptive words",
        vec![text("", "Word", MAX_TEXT)],
        if seat.gm { 0 } else { 3 },
        MAX_WORDS,
        3,
    )
    .with_help("Three words that tell the character's personality at once: fierce, arrogant, savage. More come with advancement (C5).");
    let mut m = new_move(
        CHARACTERS,
        label.to_owned(),
        Verb::Enroll,
        json!({}),
        vec![
            text("character.name", "Name", MAX_TEXT),
            words,
            text("character.occupation", "Occupation", MAX_TEXT)
                .with_help("What the character does: barbarian, star marine. For a minor NPC, its occupation or race."),
            number("character.pool", "Pool (d6)", 1, MAX_POOL, 6).with_help(
                "How many six-sided dice the character has: how powerful it may become. The GM gives this number.",
            ),
        ],
        false,
        note.to_owned(),
    );
    m.sheet = Some("character".into());
    // Issue 32: the GM sees each character's chance against the one being made (a fair fight).
    m.odds = seat.gm;
    m
}

/// The same character as the book writes it, on one line (C6).
fn line_move(seat: &skald_core::Seat) -> Move {
    let example = if seat.gm {
        "Ragnar, fierce, arrogant, and savage barbarian8, or a minor NPC: orc3"
    } else {
        "Ragnar, fierce, arrogant, and savage barbarian8"
    };
    new_move(
        CHARACTERS,
        "Write a character as one line".to_owned(),
        Verb::Enroll,
        json!({}),
        vec![text("character", "The book's line", MAX_LINE)],
        seat.gm,
        format!(
            "Name, three words and an occupation, then the pool (8/7: maximum/current): {example} \
             (book: Character Creation; C6)."
        ),
    )
}
