//! What the fuzz targets check, one function per target (scripts/fuzz runs them; docs/reliability.md
//! records what they ran and found). Each function takes the fuzzer's bytes and panics only when an
//! invariant of Skald's is broken: a refusal is never a finding, a panic, a hang or a wrong answer is.

use serde_json::{Value, json};
use skald_dice::{DiceSource, Die, SeededRandom, SourceError};
use skald_fair::ServerSeed;
use skald_table::{Action, Actor, Request, Table, redact, verify};

/// Longest notation tried: the odds of longer ones take seconds, which hides the findings.
const MAX_NOTATION: usize = 200;
/// Most actions one input sends to a table.
const MAX_ACTIONS: usize = 48;

/// A dice source that counts what it gives out.
struct Counting {
    inner: SeededRandom,
    throws: u64,
}

impl DiceSource for Counting {
    fn roll(&mut self, die: Die) -> Result<i64, SourceError> {
        self.throws += 1;
        self.inner.roll(die)
    }
}

/// Dice notation, as text: a notation the check accepts rolls without error, draws no more dice
/// than the check allowed for and parses alone. A refusal names something (never an empty message).
pub fn dice(data: &[u8]) {
    let _ = checked_roll(data);
}

/// Exact odds of dice notation, as text: where the odds are computed (within their budget), the
/// total a roll of it comes to is one they give a chance above zero.
pub fn odds(data: &[u8]) {
    let Some((checked, roll)) = checked_roll(data) else {
        return;
    };
    let Ok(odds) = skald_dice::odds::distribution(checked.expr()) else {
        return;
    };
    assert!(
        odds.p_eq(roll.total).numerator > 0.into(),
        "{:?} rolled {} which its odds give no chance",
        checked.expr(),
        roll.total
    );
}

/// The check and roll [`dice`] asserts on: `None` for bytes that are not notation or a notation refused.
fn checked_roll(data: &[u8]) -> Option<(skald_dice::Checked, skald_dice::Roll)> {
    let text = std::str::from_utf8(data).ok()?;
    if text.len() > MAX_NOTATION {
        return None;
    }
    let parsed = skald_dice::parse(text);
    let checked = match skald_dice::check_str(text) {
        Ok(checked) => checked,
        Err(refusal) => {
            assert!(
                !refusal.to_string().is_empty(),
                "{text:?}: an empty refusal"
            );
            return None;
        }
    };
    assert!(
        parsed.is_ok(),
        "{text:?} passed its check but does not parse"
    );
    let seed = data
        .iter()
        .fold(0u64, |h, b| h.rotate_left(5) ^ u64::from(*b));
    let mut dice = Counting {
        inner: SeededRandom::from_seed(seed),
        throws: 0,
    };
    let roll = checked
        .roll(&mut dice)
        .unwrap_or_else(|e| panic!("{text:?} passed its check, then its roll failed: {e}"));
    assert!(
        dice.throws <= checked.max_throws(),
        "{text:?} drew {} dice where its check allowed {}",
        dice.throws,
        checked.max_throws()
    );
    Some((checked, roll))
}

/// A scenario file, as text: it is read or refused, and a scenario that reads plays (each step
/// passes or fails) without a panic.
pub fn scenario(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(scenario) = skald_systems::load_scenario(text) {
        let _ = skald_systems::replay(&scenario).map(|replay| replay.to_text());
    }
}

/// Commands at an online table of any system the registry lists, one target for them all (a
/// system added to the registry is fuzzed without a target of its own): the input's first line
/// names the system (`chi`), the rest is [`table_actions`]'s. An input whose first line names no
/// system is passed over.
pub fn table(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    if let Some(system) = skald_systems::REGISTRY.find(first.trim()) {
        table_actions(system.name, rest.as_bytes());
    }
}

/// Commands of `system` at an online table with a GM and two players (Ann, 1; Bob, 2): each line of
/// the input is `gm`, `1` or `2`, a space, and an action as JSON (a line without a known seat is the
/// GM's). Whatever is accepted applies to the table without error; the log folds again to the same
/// head; and once the GM ends the epoch (revealing what is hidden), the export of every reader
/// verifies without a mismatch, under the head the table reports.
pub fn table_actions(system: &str, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let seed = ServerSeed::from_bytes([7; 32]);
    let created = Table::create(
        skald_systems::REGISTRY,
        system,
        "Fuzz",
        &serde_json::json!({"players_set_gm_numbers": true}),
        &seed,
        1_000,
    )
    .unwrap_or_else(|e| panic!("a {system} table cannot be created: {e}"));
    let mut table =
        Table::from_records(skald_systems::REGISTRY, vec![created]).expect("a new table folds");
    for name in ["Ann", "Bob"] {
        let joined = table.join(name, 2_000).expect("two players sit down");
        table.apply(joined).expect("a join applies");
    }
    for (i, line) in text.lines().take(MAX_ACTIONS).enumerate() {
        let (by, json) = match line.split_once(' ') {
            Some(("gm", rest)) => (Actor::Gm, rest),
            Some(("1", rest)) => (Actor::Player(1), rest),
            Some(("2", rest)) => (Actor::Player(2), rest),
            _ => (Actor::Gm, line),
        };
        let Ok(value) = serde_json::from_str::<Value>(json) else {
            continue;
        };
        let Ok(request) = Request::from_json(value) else {
            continue;
        };
        if let Some(client) = &request.client
            && table.earlier(by, client).is_some()
        {
            continue;
        }
        let fresh = [u8::try_from(i % 256).unwrap_or(0); 32];
        let at_ms = 3_000 + i64::try_from(i).unwrap_or(0);
        match table.decide_request(by, &request, fresh, at_ms) {
            Ok(records) => {
                for record in records {
                    let seq = record.seq;
                    table.apply(record).unwrap_or_else(|e| {
                        panic!("record {seq} was decided but does not apply: {e}")
                    });
                }
            }
            Err(refusal) => assert!(!refusal.to_string().is_empty(), "an empty refusal"),
        }
    }
    let again = Table::from_records(skald_systems::REGISTRY, table.records().to_vec())
        .unwrap_or_else(|e| panic!("the log does not fold again: {e}"));
    assert_eq!(again.head(), table.head(), "the log folds to another head");
    let end = Action::from_json(json!({"do": "end_epoch", "reveal_hidden": true}))
        .expect("end_epoch reads");
    if let Ok(records) = table.decide(Actor::Gm, &end, [255; 32], 9_000) {
        for record in records {
            table.apply(record).expect("the end of the epoch applies");
        }
    }
    for reader in [Actor::Gm, Actor::Player(1), Actor::Player(2)] {
        let export: Vec<_> = table
            .records()
            .iter()
            .map(|r| redact(r, reader.into()))
            .collect();
        let report = verify(skald_systems::REGISTRY, &export, Some(table.head()));
        assert!(
            report.ok(),
            "{reader:?}'s export of an honest log does not verify: {:?}",
            report.mismatches
        );
    }
}
