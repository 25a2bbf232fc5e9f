//! Requests: a command that waits for parts others decide before anything is rolled (issue 15,
//! "The GM's numbers come from the GM"; docs/decisions.md).
//!
//! A system names the parts of a command that are not its sender's ([`skald_core::Part`]): the
//! GM's numbers (a Difficulty, a modifier, a concept call, a pool) and another character's
//! player's choices (the dice a defender puts in). When a player sends such a command, or the GM
//! calls for a roll (`call`), the table records it as `requested`, with the values proposed, and
//! who it waits for. Each answers with its own fields (`answer`); the last answer decides the
//! command with everything merged, and only then are dice drawn. A request may be withdrawn by its
//! sender or declined by one it waits for (`withdraw`). With the table option "players set the
//! GM's numbers" (`table_options`, off by default), a player's GM parts do not wait.
//!
//! Who answers what: the GM answers the GM's numbers (and its own characters' choices); a player
//! answers the parts of the characters it owns, never the GM in its place. The GM answering a
//! player's request for the GM's numbers may change the proposal's own numbers too (the dice a
//! Chi player puts in, when unticking "fits the concept" lowers what is allowed): every number of
//! the proposal is the GM's to bring within the rules, never another player's choice. A part with
//! no field ([`skald_core::Part::go_ahead`]) waits for its player's go-ahead only (the other side
//! of a Freelancer opposed check rolls its own d100). The sender withdraws a request; the GM
//! declines a player's, with a reason its sender reads; a player declines a roll the GM calls for
//! or a request that only waits for its go-ahead, never another player's request that waits for
//! its choices (a defender cannot call off an attack).

use crate::action::{Action, TableAction, TableVerb};
use crate::error::{Error, ErrorKind};
use crate::limits;
use crate::pending::Open;
use crate::record::{Actor, Body, Record, Waiting};
use crate::request_words::decider_words;
use crate::table::Table;
use serde_json::{Value, json};
use skald_core::capitalized;
use skald_core::{Authority, Decider, Field, FieldKind, Move, get_path as get, set_path as set};

impl Table {
    /// Folds an answer by `by` into `open`: its values merged, the waiting it answers gone.
    pub(crate) fn fold_answer(&self, open: &mut Open, by: Actor, values: &Value) {
        let yours = self.yours(open, by);
        for (path, value) in leaves(values, &yours) {
            set(&mut open.command, &path, value);
        }
        open.waiting.retain(|w| !self.answers(by, &w.decider));
    }

    /// Whether `by` may answer for `decider`: the GM for the GM's numbers, each player (the GM
    /// for its own characters) for its characters' choices. The GM does not answer in a
    /// player's place: a defender's dice are its player's (C3), and a roll called for is its
    /// player's to make; a request whose player is gone is withdrawn, and the GM sends the
    /// command itself.
    pub(crate) fn answers(&self, by: Actor, decider: &Decider) -> bool {
        match decider {
            Decider::Gm => by == Actor::Gm,
            Decider::Owner(character) => match self.owners().get(character) {
                Some(owner) => *owner == by,
                None => by == Actor::Gm,
            },
        }
    }

    /// Whether `by` may decline `open` without being its sender: the GM declines a player's
    /// request; a player declines a roll the GM calls for (its character need not try) and a
    /// request that waits only for its go-ahead (a Freelancer opposed check against its
    /// character: the book's friend agrees to the arm wrestling, or does not), never another
    /// player's request that waits for its choices (a defender cannot call off an attack, C3).
    fn declines(&self, by: Actor, open: &Open) -> bool {
        let mine: Vec<&Waiting> = open
            .waiting
            .iter()
            .filter(|w| self.answers(by, &w.decider))
            .collect();
        !mine.is_empty()
            && (by == Actor::Gm || open.by == Actor::Gm || mine.iter().all(|w| w.fields.is_empty()))
    }

    /// Who `command` from `by` waits for: the GM's parts unless `by` is the GM or the table lets
    /// players set them; a player's parts for its character unless that player sent it, or the
    /// GM sent it acting for that very character (the GM acts for everyone) rather than calling
    /// for it (`call`). A defender's dice wait for the defender's player even when the GM's own
    /// character attacks (C3).
    pub(crate) fn waiting_for(
        &self,
        by: Actor,
        command: &Value,
        call: bool,
    ) -> Result<Vec<Waiting>, Error> {
        let mut waiting: Vec<Waiting> = Vec::new();
        let acting = match self.game().authority(command)? {
            Authority::Character(character) => Some(character),
            _ => None,
        };
        for part in self.game().parts(command)? {
            let waits = match &part.decider {
                Decider::Gm => by != Actor::Gm && !self.players_set_gm_numbers(),
                Decider::Owner(character) => match self.owners().get(character) {
                    Some(owner) => {
                        let gm_acting_for_it =
                            by == Actor::Gm && !call && acting.as_ref() == Some(character);
                        *owner != by && !gm_acting_for_it
                    }
                    None => false,
                },
            };
            if !waits {
                continue;
            }
            // A go-ahead part has no field: it waits for its player, who sets nothing.
            let field = (!part.is_go_ahead()).then_some(part.field.name);
            match waiting.iter_mut().find(|w| w.decider == part.decider) {
                Some(w) => w.fields.extend(field),
                None => waiting.push(Waiting {
                    decider: part.decider,
                    fields: field.into_iter().collect(),
                }),
            }
        }
        // A roll the GM calls for is rolled by the character's player, even one with nothing to
        // choose (a Freelancer task check): that player sees the odds, then answers "roll".
        if call && let Some(character) = acting {
            let decider = Decider::Owner(character.clone());
            let players = matches!(self.owners().get(&character), Some(Actor::Player(_)));
            if players && !waiting.iter().any(|w| w.decider == decider) {
                waiting.push(Waiting {
                    decider,
                    fields: Vec::new(),
                });
            }
        }
        Ok(waiting)
    }

    /// The `requested` record for `command` from `by`, once every rule before the dice passes.
    pub(crate) fn request(
        &self,
        by: Actor,
        command: &Value,
        waiting: Vec<Waiting>,
        at_ms: i64,
    ) -> Result<Vec<Record>, Error> {
        // A refusal about a field the request waits for is the decider's to mend with its
        // answer (a burden's name left to the opponent, T5): a system checks such a field last.
        if let Err(refusal) = self.check(by, &Action::Command(command.clone())) {
            let awaited = refusal
                .field()
                .is_some_and(|f| waiting.iter().any(|w| w.fields.iter().any(|x| x == f)));
            if !awaited {
                return Err(refusal);
            }
        }
        let command = self.game().normalize(command)?;
        let lines = self.request_lines(by, &command, &waiting);
        Ok(vec![self.record_now(
            at_ms,
            Body::Requested {
                by,
                command,
                waiting,
                lines,
            },
        )])
    }

    /// A request still open, or why not.
    fn open(&self, request: u64) -> Result<&Open, Error> {
        self.requests().get(&request).ok_or_else(|| {
            ErrorKind::BadAction {
                message: format!("request: record {request} is no request still open"),
            }
            .into()
        })
    }

    /// `answer`: `by` sets its fields of the request; the last answer decides the command.
    pub(crate) fn answer(
        &self,
        by: Actor,
        request: u64,
        values: &Value,
        at_ms: i64,
    ) -> Result<Vec<Record>, Error> {
        let open = self.open(request)?;
        let mine: Vec<&Waiting> = open
            .waiting
            .iter()
            .filter(|w| self.answers(by, &w.decider))
            .collect();
        if mine.is_empty() {
            return Err(ErrorKind::Forbidden {
                reason: format!("request {request} does not wait for you"),
            }
            .into());
        }
        let merged = self.merged(open, by, values)?;
        let mut answered = open.clone();
        self.fold_answer(&mut answered, by, values);
        let set = leaves(values, &self.yours(open, by));
        let mut records = vec![self.record_now(
            at_ms,
            Body::Answered {
                by,
                request,
                values: values.clone(),
                lines: self.answer_lines(open, by, &set),
            },
        )];
        if answered.waiting.is_empty() {
            let mut decided = self.decide_command(open.by, &merged, at_ms)?;
            decided.at_ms = at_ms;
            records.push(decided);
        } else {
            self.check(open.by, &Action::Command(merged))?;
        }
        Ok(records)
    }

    /// The words an `answered` record of `by` to request `request` with `values` has, as
    /// [`Table::answer`] writes them, for verification; `None` when the request is not open.
    pub(crate) fn answered_lines(
        &self,
        by: Actor,
        request: u64,
        values: &Value,
    ) -> Option<Vec<String>> {
        let open = self.requests().get(&request)?;
        let set = leaves(values, &self.yours(open, by));
        Some(self.answer_lines(open, by, &set))
    }

    /// The request's command with `values` from `by` set, each at a field `by` may answer.
    fn merged(&self, open: &Open, by: Actor, values: &Value) -> Result<Value, Error> {
        if !(values.is_null() || values.is_object()) {
            return Err(ErrorKind::BadAction {
                message: "values: an object shaped like the command, such as {\"difficulty\": 4}"
                    .into(),
            }
            .into());
        }
        let yours = self.yours(open, by);
        with_values(&open.command, values, &yours).map_err(|path| {
            let named = if yours.is_empty() {
                "none: your answer only says go ahead".to_owned()
            } else {
                let labels: Vec<String> = yours
                    .iter()
                    .map(|name| self.field_words(&open.command, name))
                    .collect();
                labels.join(", ")
            };
            ErrorKind::BadAction {
                message: format!(
                    "your answer sets {}, which is not yours to set in this request; yours: \
                     {named}",
                    self.field_words(&open.command, &path)
                ),
            }
            .into()
        })
    }

    /// The fields of `open` that `by` may set with its answer: those it waits for `by` to set,
    /// and, when the GM answers a player's request that waits for the GM's numbers, the
    /// proposal's own numbers too (the parts its sender's characters decide: the dice a Chi
    /// player puts in), so that the GM can bring the whole proposal within the rules (unticking
    /// "fits the concept" lowers the dice allowed). Another player's choices stay that player's.
    pub(crate) fn yours(&self, open: &Open, by: Actor) -> Vec<String> {
        let mut fields: Vec<String> = open
            .waiting
            .iter()
            .filter(|w| self.answers(by, &w.decider))
            .flat_map(|w| w.fields.iter().cloned())
            .collect();
        let gm_answers_numbers = by == Actor::Gm
            && open.by != Actor::Gm
            && open.waiting.iter().any(|w| w.decider == Decider::Gm);
        if gm_answers_numbers {
            for part in self.game().parts(&open.command).unwrap_or_default() {
                let senders = match &part.decider {
                    Decider::Owner(character) => self.owners().get(character) == Some(&open.by),
                    Decider::Gm => false,
                };
                if senders && !part.is_go_ahead() && !fields.contains(&part.field.name) {
                    fields.push(part.field.name);
                }
            }
        }
        fields
    }

    /// `withdraw`: the request's sender takes it back, or one it waits for declines it, with
    /// `reason` (optional, 1-300 characters; blank is none) for the sender to read.
    pub(crate) fn withdraw(
        &self,
        by: Actor,
        request: u64,
        reason: Option<&str>,
        at_ms: i64,
    ) -> Result<Vec<Record>, Error> {
        let open = self.open(request)?;
        if open.by != by && !self.declines(by, open) {
            return Err(ErrorKind::Forbidden {
                reason: format!(
                    "request {request} is not yours to withdraw: its sender withdraws it, the GM \
                     declines a player's request, a player declines a roll the GM calls for or a \
                     request that waits only for its go-ahead"
                ),
            }
            .into());
        }
        let reason = reason.map(str::trim).filter(|r| !r.is_empty());
        if let Some(reason) = reason {
            limits::check_text("reason", reason, limits::DECLINE_REASON)?;
        }
        let reason = reason.map(str::to_owned);
        let lines = self.withdrawn_lines(open, by, reason.as_deref());
        Ok(vec![self.record_now(
            at_ms,
            Body::Withdrawn {
                by,
                request,
                reason,
                lines,
            },
        )])
    }

    /// The words a `withdrawn` record of `by` to request `request` with `reason` has, as
    /// [`Table::withdraw`] writes them, for verification; `None` when the request is not open.
    pub(crate) fn withdrawn_words(
        &self,
        by: Actor,
        request: u64,
        reason: Option<&str>,
    ) -> Option<Vec<String>> {
        let open = self.requests().get(&request)?;
        Some(self.withdrawn_lines(open, by, reason))
    }

    /// What an `answer` from `by` would decide: the request's sender and its command with the
    /// answer's values, for the answer's live check.
    ///
    /// # Errors
    /// As [`Table::answer`] before its decision: no such request, not waiting for `by`, a value
    /// that is not `by`'s to set.
    pub(crate) fn answer_to_check(
        &self,
        by: Actor,
        request: u64,
        values: &Value,
    ) -> Result<(Actor, Value), Error> {
        let open = self.open(request)?;
        if !open.waiting.iter().any(|w| self.answers(by, &w.decider)) {
            return Err(ErrorKind::Forbidden {
                reason: format!("request {request} does not wait for you"),
            }
            .into());
        }
        Ok((open.by, self.merged(open, by, values)?))
    }

    /// The command an `answer` would decide, for its odds: the request's command with the
    /// answer's values at any field it waits for (whoever answers: odds hold no secret); for a
    /// `call`, the command called for; `None` for anything else.
    pub(crate) fn answer_command(&self, action: &Value) -> Option<Value> {
        let (request, values) = match Action::from_json(action.clone()).ok()? {
            Action::Table(TableAction::Call { command }) => return Some(command),
            Action::Table(TableAction::Answer { request, values }) => (request, values),
            _ => return None,
        };
        let open = self.requests().get(&request)?;
        let mut fields: Vec<String> = open
            .waiting
            .iter()
            .flat_map(|w| w.fields.iter().cloned())
            .collect();
        fields.extend(self.yours(open, Actor::Gm));
        with_values(&open.command, &values, &fields).ok()
    }

    /// The moves of requests for `reader`: answer or decline those that wait for it, withdraw its
    /// own. First on a page: a request holds the table up.
    pub(crate) fn request_moves(&self, reader: Actor) -> Vec<Move> {
        let mut out = Vec::new();
        for (seq, open) in self.requests() {
            let what = self.describe_request(open);
            let asker = self.name_of(open.by);
            let waits_for = self.waiting_words(&open.command, &open.waiting);
            let waits_for_reader = open
                .waiting
                .iter()
                .any(|w| self.answers(reader, &w.decider));
            let yours = self.yours(open, reader);
            let mine: Vec<&String> = yours.iter().collect();
            if open.by == reader {
                // Leading: what the seat waits on comes first on its page, not under its moves.
                out.push(
                    request_move(
                        TableVerb::Withdraw,
                        *seq,
                        format!("Withdraw your request: {what}"),
                        format!("It waits for {}.", waits_for.join(" and ")),
                    )
                    .leading(),
                );
            } else if waits_for_reader {
                let label = capitalized(&format!("{asker} asks: {what}"));
                out.push(self.answer_move(*seq, open, &mine, label, reader));
                if self.declines(reader, open) {
                    let mut decline = request_move(
                        TableVerb::Withdraw,
                        *seq,
                        format!("Decline {asker}'s request: {what}"),
                        format!(
                            "Nothing is rolled; the request is closed. {} reads your reason in \
                             the log.",
                            capitalized(&asker)
                        ),
                    );
                    decline.fields.push(
                        Field::text("reason", "Why (optional)", limits::DECLINE_REASON.1)
                            .with_help(format!(
                                "A few words for {asker}: what to change, or why not now (at most \
                                 {} characters).",
                                limits::DECLINE_REASON.1
                            )),
                    );
                    out.push(decline);
                }
            }
        }
        out
    }

    /// For the GM, beside each roll of a player's character that holds numbers someone other
    /// than its sender decides, the same roll called for: sent as `call`, it waits for the
    /// character's player, who chooses what is theirs (the dice put in) and rolls. The call's form
    /// holds the GM's numbers only; a move with no such numbers (a Twenty exchange, a Loqi bid) is
    /// not called for.
    pub(crate) fn call_moves(&self, moves: &[Move]) -> Vec<Move> {
        // The character a move is for, as the system names it (`Move::character`): never read
        // from the command's JSON, whose shape is the system's.
        let players_character = |m: &Move| {
            m.character
                .as_deref()
                .filter(|who| matches!(self.owners().get(*who), Some(Actor::Player(_))))
                .map(str::to_owned)
        };
        moves
            .iter()
            .filter(|m| m.odds)
            .filter_map(|m| {
                let character = players_character(m)?;
                let starting = m.starting_command();
                let parts = self.game().parts(&starting).ok()?;
                if parts.is_empty() {
                    return None;
                }
                let theirs: Vec<&skald_core::Part> = parts
                    .iter()
                    .filter(|p| p.decider == Decider::Owner(character.clone()))
                    .collect();
                // The player's fields leave the form; their starting values stand in the
                // command until the player answers.
                let mut command = m.command.clone();
                for part in &theirs {
                    if let Some(value) = get(&starting, &part.field.name) {
                        set(&mut command, &part.field.name, value.clone());
                    }
                }
                let mut call = m.clone();
                call.label = format!("Call for a roll: {}", m.label);
                // A call is the GM's choice, never what the rules wait for.
                call.lead = false;
                call.verb = TableVerb::Call.into();
                call.command = json!({"do": call.verb, "command": command});
                call.fields
                    .retain(|f| !theirs.iter().any(|p| p.field.name == f.name));
                for field in &mut call.fields {
                    field.name = format!("command.{}", field.name);
                }
                let player = self
                    .owners()
                    .get(&character)
                    .map_or_else(|| format!("{character}'s player"), |p| self.name_of(*p));
                let chooses: Vec<String> = theirs.iter().map(|p| p.field.label.clone()).collect();
                call.note = Some(if chooses.is_empty() {
                    format!("Set your numbers; {player} sees the odds and rolls.")
                } else {
                    format!(
                        "Set your numbers; {player} chooses the rest ({}) and rolls.",
                        chooses.join(", ")
                    )
                });
                Some(call)
            })
            .collect()
    }

    fn answer_move(
        &self,
        seq: u64,
        open: &Open,
        mine: &[&String],
        label: String,
        reader: Actor,
    ) -> Move {
        let parts = self.game().parts(&open.command).unwrap_or_default();
        let fields = parts
            .into_iter()
            .filter(|p| mine.contains(&&p.field.name))
            .map(|p| {
                let mut field = p.field;
                let current = get(&open.command, &field.name).cloned();
                if let Some(current) = current {
                    match &mut field.kind {
                        FieldKind::Number { default, .. } => {
                            *default = current.as_i64().unwrap_or(*default);
                        }
                        FieldKind::Flag { default } => {
                            *default = current.as_bool().unwrap_or(*default);
                        }
                        FieldKind::Text { default, .. } => {
                            *default = match current {
                                Value::String(text) => text,
                                Value::Null => String::new(),
                                other => other.to_string(),
                            };
                        }
                        // A list proposed (a rating's adjustments): its entries filled in, each
                        // to keep, change or remove, and more to add.
                        FieldKind::List { entries, max, .. } => {
                            if let Value::Array(items) = current {
                                *entries = items.into_iter().take(*max).collect();
                            }
                        }
                        FieldKind::Choice { options, .. } => {
                            if let Some(i) = options.iter().position(|o| o.value == current) {
                                let picked = options.remove(i);
                                options.insert(0, picked);
                            }
                        }
                    }
                }
                field.name = format!("values.{}", field.name);
                field
            })
            .collect();
        let odds = self.game().odds(&open.command).ok().flatten().is_some();
        Move {
            fields,
            odds,
            note: Some(self.answer_note(open, mine, odds, reader)),
            // The table waits for this answer: it leads the seat's page.
            lead: true,
            ..Move::new(
                "Requests",
                label,
                TableVerb::Answer,
                json!({"request": seq}),
            )
        }
    }

    /// What the answer's form says: the proposal, then what answering does.
    fn answer_note(&self, open: &Open, mine: &[&String], rolls: bool, reader: Actor) -> String {
        let others: Vec<Waiting> = open
            .waiting
            .iter()
            .filter(|w| !self.answers(reader, &w.decider))
            .cloned()
            .collect();
        let after = if others.is_empty() {
            String::new()
        } else {
            let words: Vec<String> = others.iter().map(|w| decider_words(&w.decider)).collect();
            let has = if words.len() == 1 { "has" } else { "have" };
            format!(", once {} {has} answered too", words.join(" and "))
        };
        let what = if mine.is_empty() {
            format!("Nothing for you to set: answer, and the dice are rolled{after}.")
        } else if rolls {
            format!(
                "Your numbers start at the proposal: change them or leave them; the dice are \
                 rolled when you answer{after}."
            )
        } else {
            format!(
                "The blanks start at the proposal: change them or leave them; it takes effect \
                 when you answer{after}."
            )
        };
        let proposal = self.proposal(open.by, &open.command);
        if proposal.is_empty() {
            what
        } else {
            let whose = if open.by == Actor::Gm {
                "The GM's call"
            } else {
                "Proposed"
            };
            format!("{whose}: {}. {what}", proposal.join("; "))
        }
    }

    /// A seat as people call it: the GM, or the player's name.
    pub(crate) fn name_of(&self, actor: Actor) -> String {
        match actor {
            Actor::Gm => "the GM".into(),
            Actor::Player(id) => self
                .players()
                .iter()
                .find(|p| p.id == id)
                .map_or_else(|| format!("player {id}"), |p| p.name.clone()),
        }
    }
}

fn request_move(does: TableVerb, seq: u64, label: String, note: String) -> Move {
    Move {
        note: Some(note),
        ..Move::new("Requests", label, does, json!({"request": seq}))
    }
}

/// `command` with each value of `values` set at its path, every path one of `fields`; else the
/// first path that is not.
fn with_values(command: &Value, values: &Value, fields: &[String]) -> Result<Value, String> {
    let mut merged = command.clone();
    for (path, value) in leaves(values, fields) {
        if !fields.contains(&path) {
            return Err(path);
        }
        set(&mut merged, &path, value);
    }
    Ok(merged)
}

/// Every value of `values` with its dotted path, as a form writes an answer: a path among
/// `fields` is taken whole (an adjustments list), any other object or array is walked
/// (`{"actor": {"modifier": 1}}` gives `actor.modifier`; `{"consequences": [null, {"points": 3}]}`
/// gives `consequences.1.points`, the nulls being the entries a form did not touch).
fn leaves(values: &Value, fields: &[String]) -> Vec<(String, Value)> {
    fn walk(at: &Value, path: String, fields: &[String], out: &mut Vec<(String, Value)>) {
        let next = |key: &str| {
            if path.is_empty() {
                key.to_owned()
            } else {
                format!("{path}.{key}")
            }
        };
        if !path.is_empty() && fields.contains(&path) {
            out.push((path, at.clone()));
            return;
        }
        match at {
            Value::Object(map) => {
                for (k, v) in map {
                    walk(v, next(k), fields, out);
                }
            }
            Value::Array(items) if !path.is_empty() => {
                for (i, v) in items.iter().enumerate() {
                    if !v.is_null() {
                        walk(v, next(&i.to_string()), fields, out);
                    }
                }
            }
            Value::Null if path.is_empty() => {}
            other => out.push((path, other.clone())),
        }
    }
    let mut out = Vec::new();
    walk(values, String::new(), fields, &mut out);
    out
}
