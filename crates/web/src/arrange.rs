//! How the moves tab lays out a seat's moves (docs/decisions.md, "A phone layout"): the seat's
//! own requests still waiting (leading `withdraw` moves, crates/table `requests.rs`), then what the
//! rules expect of the seat now ([`Move::lead`], set by the systems and by the table for an
//! answer it waits for), then every other move folded by the character it is for
//! ([`Move::character`]) or, for the table's own moves, by its group, in the order the moves
//! come. Pure: moves in, an [`Arranged`] out.

use crate::shapes::{Arranged, Fold};
use skald_core::Move;

/// `moves` arranged for a page: the seat's waiting requests, the leads in their order, then one
/// fold per character or group, in the order of each one's first move.
pub fn arrange(moves: &[Move]) -> Arranged {
    let mut arranged = Arranged::default();
    for m in moves {
        if m.lead && m.does() == Some("withdraw") {
            arranged.requests.push(m.clone());
            continue;
        }
        if m.lead {
            arranged.lead.push(m.clone());
            continue;
        }
        let (key, title, character) = match &m.character {
            Some(name) => (format!("character:{name}"), name.clone(), true),
            None => (format!("group:{}", m.group), m.group.clone(), false),
        };
        match arranged.folds.iter_mut().find(|f| f.key == key) {
            Some(fold) => fold.moves.push(m.clone()),
            None => arranged.folds.push(Fold {
                id: fold_id(&key),
                key,
                title,
                character,
                moves: vec![m.clone()],
            }),
        }
    }
    arranged
}

/// A fold's element id: `fold-` and the FNV-1a hash of its key in hex, the same across updates
/// and reloads, so the page keeps it open or closed as the reader left it (any name, any script).
pub fn fold_id(key: &str) -> String {
    let hash = key.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("fold-{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn mv(group: &str, label: &str, character: Option<&str>, lead: bool) -> Move {
        Move {
            group: group.into(),
            label: label.into(),
            command: json!({"do": "x"}),
            fields: Vec::new(),
            odds: false,
            note: None,
            sheet: None,
            confirm: None,
            lead,
            character: character.map(str::to_owned),
        }
    }

    /// The seat's own waiting request first, then leads; the rest folded by character, then the
    /// table's own moves by group, each fold in the order of its first move and its moves in
    /// theirs.
    #[test]
    fn leads_come_first_and_the_rest_fold_by_character_or_group() {
        let mut own = mv("Requests", "Withdraw your request", None, true);
        own.command = json!({"do": "withdraw", "request": 4});
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
        let requests: Vec<&str> = arranged.requests.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(requests, ["Withdraw your request"]);
        let leads: Vec<&str> = arranged.lead.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(leads, ["Ragnar: act", "Blackfang: act"]);
        let folds: Vec<(&str, bool, Vec<&str>)> = arranged
            .folds
            .iter()
            .map(|f| {
                (
                    f.title.as_str(),
                    f.character,
                    f.moves.iter().map(|m| m.label.as_str()).collect(),
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

    /// A fold's id depends on its key alone: a character and a group of the same name differ.
    #[test]
    fn a_folds_id_is_its_keys_hash() {
        assert_eq!(fold_id("character:Ragnar"), fold_id("character:Ragnar"));
        assert_ne!(fold_id("character:Round"), fold_id("group:Round"));
        assert_eq!(fold_id(""), "fold-cbf29ce484222325");
    }
}
