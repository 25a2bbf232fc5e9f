//! How the moves tab lays out a seat's moves (docs/decisions.md, "A phone layout" and "Your turn,
//! loudly"): what the rules expect of the seat now ([`Move::lead`], set by the systems and by the
//! table for an answer it waits for), then the seat's own requests still waiting (leading
//! `withdraw` moves, crates/table `requests.rs`), then every other move folded by the character
//! it is for ([`Move::character`]) or, for the table's own moves, by its group, in the order the
//! moves come. Each move gets a key from its identity, not its place, so a fold or a form being
//! filled stays the same element when moves come and go around it. Pure: moves in, an
//! [`Arranged`] out.

use crate::shapes::{Arranged, Awaited, Fold, Placed};
use skald_core::Move;
use skald_table::TableVerb;
use std::collections::HashMap;

/// `moves` arranged for a page: the leads in their order, the seat's waiting requests, then one
/// fold per character or group, in the order of each one's first move; and what is awaited.
pub fn arrange(moves: &[Move]) -> Arranged {
    let mut arranged = Arranged::default();
    let mut seen: HashMap<String, usize> = HashMap::new();
    for m in moves {
        let key = move_key(m);
        let n = seen.entry(key.clone()).or_default();
        *n += 1;
        let placed = Placed {
            key: if *n == 1 { key } else { format!("{key}-{n}") },
            mv: m.clone(),
        };
        if m.lead && m.sends(TableVerb::Withdraw) {
            arranged.requests.push(placed);
            continue;
        }
        if m.lead {
            arranged.lead.push(placed);
            continue;
        }
        let (key, title, character) = match &m.character {
            Some(name) => (format!("character:{name}"), name.clone(), true),
            None => (format!("group:{}", m.group), m.group.clone(), false),
        };
        match arranged.folds.iter_mut().find(|f| f.key == key) {
            Some(fold) => fold.moves.push(placed),
            None => arranged.folds.push(Fold {
                id: fold_id(&key),
                key,
                title,
                character,
                moves: vec![placed],
            }),
        }
    }
    arranged.awaited = awaited(&arranged.lead);
    arranged
}

/// What the table waits on the seat for, in words, from its leads: "Your turn: Gorand, bring in
/// dice" (a character's move named as "Gorand, ..."), "Bo asks you: Add a modifier ..." for an
/// answer, with "(and 2 more)" when more moves are awaited; `None` without a lead.
pub fn awaited(lead: &[Placed]) -> Option<Awaited> {
    let first = &lead.first()?.mv;
    let answering = first.sends(TableVerb::Answer);
    let what = match (&first.character, first.label.split_once(" asks: ")) {
        (_, Some((asker, asked))) if answering => format!("{asker} asks you: {asked}"),
        (Some(name), _) => match first.label.strip_prefix(&format!("{name}: ")) {
            Some(rest) => format!("Your turn: {name}, {rest}"),
            None => format!("Your turn: {}", first.label),
        },
        (None, _) if answering => format!("Your answer: {}", first.label),
        (None, _) => format!("Your turn: {}", first.label),
    };
    let more = match lead.len() - 1 {
        0 => String::new(),
        n => format!(" (and {n} more)"),
    };
    let short = if answering {
        "Your answer"
    } else {
        "Your turn"
    };
    Some(Awaited {
        short: short.to_owned(),
        text: format!("{what}{more}"),
    })
}

/// A move's identity on the page: the FNV-1a hash, in 16 hex digits, of its command's fixed part
/// (its `do` and every fixed field), its character and its blanks' names and kinds. Its place
/// among the moves is no part of it: a move keeps its key while others come and go around it,
/// and across reloads.
pub fn move_key(m: &Move) -> String {
    let blanks: Vec<String> = m
        .fields
        .iter()
        .map(|f| format!("{}:{}", f.name, kind_name(&f.kind)))
        .collect();
    let identity = format!(
        "{}|{}|{}",
        m.command,
        m.character.as_deref().unwrap_or(""),
        blanks.join(",")
    );
    format!("{:016x}", fnv1a(&identity))
}

/// The kind of a blank, as its key reads it.
fn kind_name(kind: &skald_core::FieldKind) -> &'static str {
    use skald_core::FieldKind;
    match kind {
        FieldKind::Number { .. } => "number",
        FieldKind::Flag { .. } => "flag",
        FieldKind::Text { .. } => "text",
        FieldKind::Choice { multiple: true, .. } => "multi",
        FieldKind::Choice { .. } => "choice",
        FieldKind::List { .. } => "list",
    }
}

/// A fold's element id: `fold-` and the FNV-1a hash of its key in hex, the same across updates
/// and reloads, so the page keeps it open or closed as the reader left it (any name, any script).
pub fn fold_id(key: &str) -> String {
    format!("fold-{:016x}", fnv1a(key))
}

/// The 64-bit FNV-1a hash of `text`'s bytes.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn mv(group: &str, label: &str, character: Option<&str>, lead: bool) -> Move {
        Move {
            lead,
            character: character.map(str::to_owned),
            ..Move::new(group, label, "x", json!({}))
        }
    }

    /// `m`, sending `verb` with the rest of its fixed part `fixed` instead.
    fn sending(m: Move, verb: &'static str, fixed: serde_json::Value) -> Move {
        let made = Move::new(&m.group, m.label.clone(), verb, fixed);
        Move {
            verb: made.verb,
            command: made.command,
            ..m
        }
    }

    /// Leads first, then the seat's own waiting request; the rest folded by character, then the
    /// table's own moves by group, each fold in the order of its first move and its moves in
    /// theirs.
    #[test]
    fn leads_come_first_and_the_rest_fold_by_character_or_group() {
        let own = sending(
            mv("Requests", "Withdraw your request", None, true),
            "withdraw",
            json!({"request": 4}),
        );
        let moves = [
            mv("Requests", "Decline Bob's request", None, false),
            own,
            mv("Round", "Ragnar: act", Some("Ragnar"), true),
            mv(
                "Round",
                "Ragnar: act against another",
                Some("Ragnar"),
                false,
            ),
            mv("Round", "Start round 2", None, false),
            mv("Potential", "Sela: loses potential", Some("Sela"), false),
            mv(
                "Potential",
                "Ragnar: loses potential",
                Some("Ragnar"),
                false,
            ),
            mv("Round", "Blackfang: act", Some("Blackfang"), true),
        ];
        let arranged = arrange(&moves);
        let requests: Vec<&str> = arranged
            .requests
            .iter()
            .map(|m| m.mv.label.as_str())
            .collect();
        assert_eq!(requests, ["Withdraw your request"]);
        let leads: Vec<&str> = arranged.lead.iter().map(|m| m.mv.label.as_str()).collect();
        assert_eq!(leads, ["Ragnar: act", "Blackfang: act"]);
        let folds: Vec<(&str, bool, Vec<&str>)> = arranged
            .folds
            .iter()
            .map(|f| {
                (
                    f.title.as_str(),
                    f.character,
                    f.moves.iter().map(|m| m.mv.label.as_str()).collect(),
                )
            })
            .collect();
        assert_eq!(
            folds,
            [
                ("Requests", false, vec!["Decline Bob's request"]),
                (
                    "Ragnar",
                    true,
                    vec!["Ragnar: act against another", "Ragnar: loses potential"]
                ),
                ("Round", false, vec!["Start round 2"]),
                ("Sela", true, vec!["Sela: loses potential"]),
            ]
        );
    }

    /// A move's key is its identity: the same command, character and blanks give the same key
    /// wherever the move stands among the others; a move added before it changes nothing, and
    /// two moves of the same identity are told apart by their order.
    #[test]
    fn a_moves_key_is_its_identity_not_its_place() {
        let mut check = sending(
            mv("Checks", "Ash: task check", Some("Ash"), false),
            "task_check",
            json!({"who": "Ash"}),
        );
        check.fields = vec![skald_core::Field::text("rating", "Rating", 8)];
        let mut against = check.clone();
        against.label = "Ash: task check against an NPC".into();
        against.fields = vec![skald_core::Field::new(
            "rating",
            "Rating",
            skald_core::FieldKind::Choice {
                options: Vec::new(),
                multiple: false,
            },
        )];
        let keys = |moves: &[Move]| -> Vec<String> {
            let arranged = arrange(moves);
            arranged.folds[0]
                .moves
                .iter()
                .map(|m| m.key.clone())
                .collect()
        };
        let alone = keys(&[check.clone()]);
        let after = keys(&[against.clone(), check.clone()]);
        assert_eq!(alone[0], after[1], "the same move, with another before it");
        assert_ne!(
            after[0], after[1],
            "the blanks' kinds tell two checks apart"
        );
        assert_eq!(alone[0], move_key(&check));
        assert_eq!(alone[0].len(), 16);
        let twice = keys(&[check.clone(), check.clone()]);
        assert_eq!(twice, [alone[0].clone(), format!("{}-2", alone[0])]);
        let mut bo = check.clone();
        bo.character = Some("Bo".into());
        assert_ne!(move_key(&bo), move_key(&check), "another character's");
    }

    /// What the page says is awaited: a character's move named as "Gorand, ...", an answer
    /// with who asks, the count of the others; nothing without a lead.
    #[test]
    fn the_awaited_line_names_the_first_lead() {
        let said = |moves: &[Move]| arrange(moves).awaited.map(|a| (a.short, a.text));
        assert_eq!(
            said(&[mv(
                "Conflict",
                "Gorand: bring in dice",
                Some("Gorand"),
                true
            )]),
            Some((
                "Your turn".into(),
                "Your turn: Gorand, bring in dice".into()
            ))
        );
        assert_eq!(
            said(&[
                mv("Problem", "Propose the player's outcome", None, true),
                mv("Goals", "Tiran: prepare goals", Some("Tiran"), false),
                mv("Round", "Ragnar: act", Some("Ragnar"), true),
                mv("Round", "Sela: act", Some("Sela"), true),
            ]),
            Some((
                "Your turn".into(),
                "Your turn: Propose the player's outcome (and 2 more)".into()
            ))
        );
        let answer = sending(
            mv("Requests", "Bo asks: Add a modifier", None, true),
            "answer",
            json!({"request": 7}),
        );
        assert_eq!(
            said(&[answer]),
            Some(("Your answer".into(), "Bo asks you: Add a modifier".into()))
        );
        let own = sending(
            mv("Requests", "Withdraw your request", None, true),
            "withdraw",
            json!({"request": 4}),
        );
        assert_eq!(
            said(&[own, mv("Round", "Sela: act", Some("Sela"), false)]),
            None
        );
    }

    /// A fold's id depends on its key alone: a character and a group of the same name differ.
    #[test]
    fn a_folds_id_is_its_keys_hash() {
        assert_eq!(fold_id("character:Ragnar"), fold_id("character:Ragnar"));
        assert_ne!(fold_id("character:Round"), fold_id("group:Round"));
        assert_eq!(fold_id(""), "fold-cbf29ce484222325");
    }
}
