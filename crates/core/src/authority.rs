//! [`Authority`]: who may send a command at an online table.
//!
//! At an online table the GM and the players send the systems' commands. A player commands only its
//! own characters; what the GM alone decides stays the GM's. Which is which is a rule of each system,
//! so every [`crate::System`] answers it per command ([`crate::System::authority`]), from its book and
//! RULINGS.md; each system's `docs/<system>.md` lists its decisions under "Who may send each command".
//! The GM may send every command: each variant names who else may.

/// Who may send a command at an online table (RULINGS and each system's book decide per command; see `docs/<system>.md`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum Authority {
    /// Only the GM.
    Gm,
    /// The GM, or the player who owns this character (by name, as the command names it).
    Character(String),
    /// The GM or any player seated at the table.
    Anyone,
    /// Puts a new character with this name at the table: the GM (the character is then a GM character) or any seated player (who then owns it).
    Enroll(String),
    /// Puts at the table a new character with this name that only the GM makes (Chi's minor NPC,
    /// Twenty's NPC sheet, Freelancer's NPC and Encounter sheets): the GM, who then owns it, so the
    /// GM is offered its moves (its secret dice, its actions) like any owner.
    GmEnroll(String),
}
