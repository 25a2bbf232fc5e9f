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
//! Who answers what: the GM may answer any part (the GM acts for everyone, as elsewhere at the
//! table); a player answers the parts of the characters it owns.

use crate::action::Action;
use crate::error::{Error, ErrorKind};
use crate::pending::Open;
use crate::record::{Actor, Body, Record, Waiting};
use crate::table::Table;
use serde_json::{Value, json};
use skald_core::{
    Authority, Choice, Decider, FieldKind, Move, Seat, get_path as get, set_path as set,
};

impl Table {
    /// Folds an answer by `by` into `open`: its values merged, the waiting it answers gone.
    pub(crate) fn fold_answer(&self, open: &mut Open, by: Actor, values: &Value) {
        let yours = self.yours(open, by);
        for (path, value) in leaves(values, &yours) {
            set(&mut open.command, &path, value);
        }
        open.waiting.retain(|w| !self.answers(by, &w.decider));
    }

    /// Whether `by` may answer for `decider`: the GM for anyone, a player for its characters.
    pub(crate) fn answers(&self, by: Actor, decider: &Decider) -> bool {
        match decider {
            _ if by == Actor::Gm => true,
            Decider::Gm => false,
            Decider::Owner(character) => self.owners().get(character) == Some(&by),
        }
    }

    /// Who `command` from `by` waits for: the GM's parts unless `by` is the GM or the table lets
    /// players set them; another player's parts, unless `by` is the GM sending the command
    /// itself (the GM acts for everyone) rather than calling for it (`call`).
    pub(crate) fn waiting_for(
        &self,
        by: Actor,
        command: &Value,
        call: bool,
    ) -> Result<Vec<Waiting>, Error> {
        let mut waiting: Vec<Waiting> = Vec::new();
        for part in self.game().parts(command)? {
            let waits = match &part.decider {
                Decider::Gm => by != Actor::Gm && !self.players_set_gm_numbers(),
                Decider::Owner(character) => match self.owners().get(character) {
                    Some(owner) => *owner != by && (call || by != Actor::Gm),
                    None => false,
                },
            };
            if !waits {
                continue;
            }
            match waiting.iter_mut().find(|w| w.decider == part.decider) {
                Some(w) => w.fields.push(part.field.name),
                None => waiting.push(Waiting {
                    decider: part.decider,
                    fields: vec![part.field.name],
                }),
            }
        }
        // A roll the GM calls for is rolled by the character's player, even one with nothing to
        // choose (a Freelancer task check): that player sees the odds, then answers "roll".
        if call && let Authority::Character(character) = self.game().authority(command)? {
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
        self.check(by, &Action::Command(command.clone()))?;
        let command = self.game().normalize(command)?;
        Ok(vec![self.record_now(
            at_ms,
            Body::Requested {
                by,
                command,
                waiting,
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
        let mut records = vec![self.record_now(
            at_ms,
            Body::Answered {
                by,
                request,
                values: values.clone(),
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
        let mut merged = open.command.clone();
        for (path, value) in leaves(values, &yours) {
            if !yours.contains(&path) {
                let named = if yours.is_empty() {
                    "none: your answer only says go ahead".to_owned()
                } else {
                    yours.join(", ")
                };
                return Err(ErrorKind::BadAction {
                    message: format!(
                        "values: {path} is not yours to set in this request; yours: {named}"
                    ),
                }
                .into());
            }
            set(&mut merged, &path, value);
        }
        Ok(merged)
    }

    /// The fields of `open` that `by` answers.
    fn yours(&self, open: &Open, by: Actor) -> Vec<String> {
        open.waiting
            .iter()
            .filter(|w| self.answers(by, &w.decider))
            .flat_map(|w| w.fields.iter().cloned())
            .collect()
    }

    /// `withdraw`: the request's sender takes it back, or one it waits for declines it.
    pub(crate) fn withdraw(
        &self,
        by: Actor,
        request: u64,
        at_ms: i64,
    ) -> Result<Vec<Record>, Error> {
        let open = self.open(request)?;
        let involved = open.by == by || open.waiting.iter().any(|w| self.answers(by, &w.decider));
        if !involved {
            return Err(ErrorKind::Forbidden {
                reason: format!("request {request} is not yours, nor does it wait for you"),
            }
            .into());
        }
        Ok(vec![
            self.record_now(at_ms, Body::Withdrawn { by, request }),
        ])
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
    /// answer's values; for a `call`, the command called for; `None` for anything else.
    pub(crate) fn answer_command(&self, by: Actor, action: &Value) -> Option<Value> {
        match action.get("do").and_then(Value::as_str) {
            Some("call") => return action.get("command").cloned(),
            Some("answer") => {}
            _ => return None,
        }
        let open = self.requests().get(&action.get("request")?.as_u64()?)?;
        let values = action.get("values").cloned().unwrap_or(Value::Null);
        self.merged(open, by, &values).ok()
    }

    /// The moves of requests for `reader`: answer or decline those that wait for it, withdraw its
    /// own. First on a page: a request holds the table up.
    pub(crate) fn request_moves(&self, reader: Actor) -> Vec<Move> {
        let mut out = Vec::new();
        for (seq, open) in self.requests() {
            let what = self.describe_request(open);
            let asker = self.name_of(open.by);
            let waits_for: Vec<String> = open
                .waiting
                .iter()
                .map(|w| match &w.decider {
                    Decider::Gm => "the GM".to_owned(),
                    Decider::Owner(c) => format!("{c}'s player"),
                })
                .collect();
            let waits_for_reader = open
                .waiting
                .iter()
                .any(|w| self.answers(reader, &w.decider));
            let mine: Vec<&String> = open
                .waiting
                .iter()
                .filter(|w| self.answers(reader, &w.decider))
                .flat_map(|w| &w.fields)
                .collect();
            if waits_for_reader {
                out.push(self.answer_move(*seq, open, &mine, &asker, &what, &waits_for));
                out.push(request_move(
                    "withdraw",
                    *seq,
                    format!("Decline {asker}'s request: {what}"),
                    "Nothing is rolled; the request is closed.".into(),
                ));
            } else if open.by == reader {
                out.push(request_move(
                    "withdraw",
                    *seq,
                    format!("Withdraw your request: {what}"),
                    format!("It waits for {}.", waits_for.join(" and ")),
                ));
            }
        }
        out
    }

    /// For the GM, beside each roll of a player's character, the same roll called for: sent as
    /// `call`, its player's parts (the dice put in) wait for that player.
    pub(crate) fn call_moves(&self, moves: &[Move]) -> Vec<Move> {
        let players_character = |m: &Move| {
            let named = [&m.command["who"], &m.command["actor"]["who"]];
            named
                .into_iter()
                .filter_map(Value::as_str)
                .any(|who| matches!(self.owners().get(who), Some(Actor::Player(_))))
        };
        moves
            .iter()
            .filter(|m| m.odds && players_character(m))
            .map(|m| {
                let mut call = m.clone();
                call.label = format!("Call for a roll: {}", m.label);
                call.command = json!({"do": "call", "command": m.command});
                for field in &mut call.fields {
                    field.name = format!("command.{}", field.name);
                }
                call.note = Some(
                    "Set your numbers; the character's player chooses the dice, and the roll \
                     happens when they answer."
                        .into(),
                );
                call
            })
            .collect()
    }

    fn answer_move(
        &self,
        seq: u64,
        open: &Open,
        mine: &[&String],
        asker: &str,
        what: &str,
        waits_for: &[String],
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
                        // A list proposed (a rating's adjustments): kept as proposed, or none.
                        FieldKind::List { .. }
                            if current.as_array().is_some_and(|a| !a.is_empty()) =>
                        {
                            field.kind = FieldKind::Choice {
                                options: vec![
                                    Choice::new(
                                        current.clone(),
                                        format!("As proposed: {}", summary(&current)),
                                    ),
                                    Choice::new(json!([]), "None".to_owned()),
                                ],
                                multiple: false,
                            };
                        }
                        FieldKind::Choice { options, .. } => {
                            if let Some(i) = options.iter().position(|o| o.value == current) {
                                let picked = options.remove(i);
                                options.insert(0, picked);
                            }
                        }
                        _ => {}
                    }
                }
                field.name = format!("values.{}", field.name);
                field
            })
            .collect();
        let odds = self.game().odds(&open.command).ok().flatten().is_some();
        Move {
            group: "Requests".into(),
            label: format!("{asker} asks: {what}"),
            command: json!({"do": "answer", "request": seq}),
            fields,
            odds,
            note: Some(if mine.is_empty() {
                "Nothing for you to set: answer when you are ready, and the dice are rolled."
                    .to_owned()
            } else {
                format!(
                    "Set your part; the dice are rolled once {} answered.",
                    waits_for.join(" and ") + if waits_for.len() > 1 { " have" } else { " has" }
                )
            }),
            sheet: None,
        }
    }

    /// What a request asks, as the move that sends it is labelled ("Ragnar: act against a
    /// Difficulty"), else its `do`.
    fn describe_request(&self, open: &Open) -> String {
        let seat = Seat {
            gm: true,
            characters: self.owners().keys().cloned().collect(),
        };
        let same = |m: &Move| {
            m.command
                .as_object()
                .is_some_and(|fixed| fixed.iter().all(|(k, v)| open.command.get(k) == Some(v)))
        };
        self.game()
            .moves(&seat)
            .into_iter()
            .find(same)
            .map(|m| m.label)
            .unwrap_or_else(|| {
                open.command
                    .get("do")
                    .and_then(Value::as_str)
                    .unwrap_or("a command")
                    .replace('_', " ")
            })
    }

    /// A seat as people call it: the GM, or the player's name.
    fn name_of(&self, actor: Actor) -> String {
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

fn request_move(does: &str, seq: u64, label: String, note: String) -> Move {
    Move {
        group: "Requests".into(),
        label,
        command: json!({"do": does, "request": seq}),
        fields: Vec::new(),
        odds: false,
        note: Some(note),
        sheet: None,
    }
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

/// A proposed list in a few words: each entry's values in order (`1/2 one arm; 2 rope`).
fn summary(list: &Value) -> String {
    let entry = |v: &Value| match v {
        Value::Object(map) => map
            .values()
            .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
            .collect::<Vec<_>>()
            .join(" "),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    list.as_array()
        .map(|a| a.iter().map(entry).collect::<Vec<_>>().join("; "))
        .unwrap_or_default()
}
