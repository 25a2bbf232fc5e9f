//! Who may send each Toy command at an online table ([`Authority`]). The match has no wildcard
//! arm, so a new command must be given its authority here.

use crate::model::command::Command;
use skald_core::Authority;

/// Who may send `command`: a player enrolls its own character (Y1), and tries for it (Y2); the GM
/// may send every command.
pub fn authority(command: &Command) -> Authority {
    match command {
        Command::Enroll { character } => Authority::Enroll(character.name.clone()),
        Command::Try { who } => Authority::Character(who.clone()),
    }
}
