//! Converting between the table's [`Record`]s and the store's [`Row`]s.

use crate::role::{Role, TokenEntry};
use skald_store::{Row, TokenRow};
use skald_table::Actor;
use skald_table::{Audience, Body, Record, Secret, SecretBody};

/// The stored payload: the body's JSON (tagged by `kind`) with the record's place in the hash
/// chain and its client id beside the body's own fields.
#[derive(serde::Serialize)]
struct PayloadOut<'a> {
    #[serde(flatten)]
    body: &'a Body,
    prev: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    client: Option<&'a str>,
}

/// [`PayloadOut`] read back.
#[derive(serde::Deserialize)]
struct PayloadIn {
    #[serde(flatten)]
    body: Body,
    #[serde(default)]
    prev: String,
    #[serde(default)]
    client: Option<String>,
}

/// A record as stored: the public part's JSON (the body tagged by `kind`, `prev` and `client`),
/// the secret's JSON and audience apart.
pub fn to_row(record: &Record) -> Row {
    let payload = PayloadOut {
        body: &record.body,
        prev: &record.prev,
        client: record.client.as_deref(),
    };
    Row {
        seq: i64::try_from(record.seq).unwrap_or(i64::MAX),
        kind: record.body.kind().to_owned(),
        payload: serde_json::to_string(&payload).unwrap_or_default(),
        secret: record
            .secret
            .as_ref()
            .map(|s| serde_json::to_string(&s.body).unwrap_or_default()),
        audience: record.secret.as_ref().map(|s| s.audience.to_stored()),
        at_ms: record.at_ms,
    }
}

/// A stored row read back.
///
/// # Errors
/// A message naming the seq when the row's JSON or audience does not read.
pub fn from_row(row: &Row) -> Result<Record, String> {
    let PayloadIn { body, prev, client } =
        serde_json::from_str(&row.payload).map_err(|e| format!("record {}: body: {e}", row.seq))?;
    let secret = match (&row.secret, &row.audience) {
        (Some(secret), Some(audience)) => Some(Secret {
            audience: Audience::from_stored(audience)
                .ok_or_else(|| format!("record {}: audience {audience:?}", row.seq))?,
            body: serde_json::from_str::<SecretBody>(secret)
                .map_err(|e| format!("record {}: secret: {e}", row.seq))?,
        }),
        _ => None,
    };
    Ok(Record {
        seq: u64::try_from(row.seq).map_err(|_| format!("record seq {}", row.seq))?,
        at_ms: row.at_ms,
        prev,
        client,
        body,
        secret,
    })
}

/// The store's row for a token (with no seat name: [`seat_row`] gives a player's): its role as a word (`invite`, `gm`, `player`; the store knows
/// nothing of games) and the player's id for a player's.
pub fn token_row(entry: &TokenEntry) -> TokenRow {
    let (role, player) = match entry.role {
        Role::Invite => ("invite", None),
        Role::Seated(Actor::Gm) => ("gm", None),
        Role::Seated(Actor::Player(id)) => ("player", Some(i64::from(id))),
    };
    TokenRow {
        hash: entry.hash.clone(),
        role: role.to_owned(),
        player,
        name: None,
        since: i64::try_from(entry.since).unwrap_or(i64::MAX),
    }
}

/// The store's row for a player's token, with the name the player sat down with (for the
/// lobby's list of a browser's tables, `crate::held`).
pub fn seat_row(entry: &TokenEntry, name: &str) -> TokenRow {
    TokenRow {
        name: Some(name.to_owned()),
        ..token_row(entry)
    }
}

/// Stored token rows as the roles they give (rows of an unknown role are left out).
pub fn token_entries(rows: &[TokenRow]) -> Vec<TokenEntry> {
    rows.iter()
        .filter_map(|t| {
            let role = match (t.role.as_str(), t.player) {
                ("gm", _) => Role::Seated(Actor::Gm),
                ("player", Some(p)) => Role::Seated(Actor::Player(u32::try_from(p).ok()?)),
                ("invite", _) => Role::Invite,
                _ => return None,
            };
            Some(TokenEntry {
                hash: t.hash.clone(),
                role,
                since: u64::try_from(t.since).unwrap_or(0),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_reads_back_from_its_row() {
        let roles = [
            Role::Invite,
            Role::Seated(Actor::Gm),
            Role::Seated(Actor::Player(7)),
        ];
        let entries: Vec<TokenEntry> = roles
            .iter()
            .map(|&role| TokenEntry {
                hash: "ab".repeat(32),
                role,
                since: 7,
            })
            .collect();
        let rows: Vec<TokenRow> = entries.iter().map(token_row).collect();
        let words: Vec<&str> = rows.iter().map(|r| r.role.as_str()).collect();
        assert_eq!(words, ["invite", "gm", "player"]);
        let back: Vec<(Role, u64)> = token_entries(&rows)
            .iter()
            .map(|e| (e.role, e.since))
            .collect();
        assert_eq!(back, roles.map(|role| (role, 7)));
        // Its JSON is the same words, a seat being the actor it seats.
        assert_eq!(
            serde_json::to_value(roles).unwrap_or_default(),
            serde_json::json!(["invite", "gm", {"player": 7}])
        );
    }
}
