//! A table played from tests: the GM, Ann (player 1) and Bob (player 2) seated; each action decided
//! and its records applied, as the server does (`crates/server`), with fresh entropy per action.
#![allow(dead_code, clippy::unwrap_used)]

use serde_json::{Value, json};
use skald_fair::ServerSeed;
use skald_table::{Action, Actor, Body, ErrorKind, Record, Table, redact};

pub const GM: Actor = Actor::Gm;
pub const ANN: Actor = Actor::Player(1);
pub const BOB: Actor = Actor::Player(2);

pub struct Play {
    pub table: Table,
    fresh: u8,
}

impl Play {
    /// A `system` table with Ann and Bob seated; `quick` turns "players set the GM's numbers" on.
    pub fn new(system: &str, quick: bool) -> Self {
        Self::with_seed(system, quick, 9)
    }

    /// [`Play::new`] over the server seed of 32 bytes `seed`.
    pub fn with_seed(system: &str, quick: bool, seed: u8) -> Self {
        let seed = ServerSeed::from_bytes([seed; 32]);
        let options = json!({"players_set_gm_numbers": quick});
        let created = Table::create(
            skald_systems::REGISTRY,
            system,
            "Test table",
            &options,
            &seed,
            1_000,
        )
        .unwrap();
        let mut table = Table::from_records(skald_systems::REGISTRY, vec![created]).unwrap();
        for name in ["Ann", "Bob"] {
            let joined = table.join(name, 2_000).unwrap();
            table.apply(joined).unwrap();
        }
        Self { table, fresh: 0 }
    }

    pub fn try_act(&mut self, by: Actor, action: Value) -> Result<Vec<Record>, skald_table::Error> {
        self.try_act_at(by, action, 3_000)
    }

    /// [`Play::try_act`] at `at_ms` (the server's clock, Unix milliseconds).
    pub fn try_act_at(
        &mut self,
        by: Actor,
        action: Value,
        at_ms: i64,
    ) -> Result<Vec<Record>, skald_table::Error> {
        self.fresh = self.fresh.wrapping_add(1);
        let action = Action::from_json(action)?;
        let records = self.table.decide(by, &action, [self.fresh; 32], at_ms)?;
        for record in &records {
            self.table.apply(record.clone()).unwrap();
        }
        Ok(records)
    }

    /// The records of `action` by `by`; panics on a refusal.
    pub fn records(&mut self, by: Actor, action: Value) -> Vec<Record> {
        self.try_act(by, action.clone())
            .unwrap_or_else(|e| panic!("{action} by {by:?} refused: {e}"))
    }

    /// The bodies of the records of `action` by `by`; panics on a refusal.
    pub fn act(&mut self, by: Actor, action: Value) -> Vec<Body> {
        self.records(by, action)
            .into_iter()
            .map(|r| r.body)
            .collect()
    }

    /// The refusal of `action` by `by`, having checked that it recorded nothing.
    pub fn refused(&mut self, by: Actor, action: Value) -> ErrorKind {
        let before = self.table.last_seq();
        let error = self.try_act(by, action).unwrap_err();
        assert_eq!(self.table.last_seq(), before, "a refusal records nothing");
        error.kind().clone()
    }

    /// The refusal of `action` by `by` as its sender reads it (worded by the sender's forms), and
    /// the field it is about.
    pub fn said(&mut self, by: Actor, action: Value) -> (String, Option<String>) {
        let before = self.table.last_seq();
        let error = self.try_act(by, action).unwrap_err();
        assert_eq!(self.table.last_seq(), before, "a refusal records nothing");
        (error.to_string(), error.field().map(str::to_owned))
    }

    /// The message of the refusal of `action` by `by` ([`Play::refused`]).
    pub fn refusal(&mut self, by: Actor, action: Value) -> String {
        self.refused(by, action).to_string()
    }

    /// The log as `reader` would export it.
    pub fn export(&self, reader: Actor) -> Vec<Record> {
        self.table
            .records()
            .iter()
            .map(|r| redact(r, reader.into()))
            .collect()
    }

    /// `command` by `by`, and, if it became a request, the GM's answer as proposed.
    pub fn agreed(&mut self, by: Actor, command: Value) {
        let asked = self.act(by, command);
        if let [Body::Requested { .. }] = asked.as_slice() {
            let request = self.table.last_seq();
            self.act(GM, json!({"do": "answer", "request": request}));
        }
    }

    /// The last system command decided.
    pub fn last_command(&self) -> Value {
        self.table
            .records()
            .iter()
            .rev()
            .find_map(|r| match &r.body {
                Body::Command { command, .. } => Some(command.clone()),
                _ => None,
            })
            .unwrap()
    }
}

/// The kinds of `bodies`, in order.
pub fn kinds(bodies: &[Body]) -> Vec<&'static str> {
    bodies.iter().map(Body::kind).collect()
}

/// Whether one of `bodies` drew dice.
pub fn rolled(bodies: &[Body]) -> bool {
    bodies
        .iter()
        .any(|b| matches!(b, Body::Command { roll: Some(_), .. }))
}
