//! The table options' checks: each option in its range and the options agreeing with each other
//! (L4, L5, L8), when the options are read ([`Options`]'s `TryFrom<RawOptions>`, which serde calls)
//! and before every command ([`crate::rules::decide`]).

use crate::limits;
use crate::model::Options;
use crate::model::options::RawOptions;

impl Options {
    /// Checks every option against its range and the options against each other.
    ///
    /// # Errors
    /// A message naming the option, the value and what is allowed, with the rule.
    pub fn validate(&self) -> Result<(), String> {
        // Each option by its name in the lobby (`model::options::fields`).
        let ranged = [
            (
                "Strength regained each scene",
                self.scene_recovery,
                &limits::SCENE_RECOVERY,
                "L8",
            ),
            ("Dead at strength", self.death_at, &limits::DEATH_AT, "L8"),
            (
                "The GM's influence each session",
                self.gm_influence_per_session,
                &limits::GM_INFLUENCE_PER_SESSION,
                "L5",
            ),
        ];
        for (field, value, range, rule) in ranged {
            if !range.contains(&value) {
                return Err(format!(
                    "{field} is {value}; allowed: {} to {} ({rule})",
                    range.start(),
                    range.end()
                ));
            }
        }
        if self.dying && !self.strength {
            return Err(
                "Dying is on without Strength; allowed: Dying only with Strength on too (L8: dying is strength below 0)"
                    .to_string(),
            );
        }
        Ok(())
    }
}

impl TryFrom<RawOptions> for Options {
    type Error = String;

    fn try_from(raw: RawOptions) -> Result<Self, String> {
        let options = Options {
            unlikely_outcomes: raw.unlikely_outcomes,
            high_ratings: raw.high_ratings,
            strength: raw.strength,
            scene_recovery: raw.scene_recovery,
            dying: raw.dying,
            death_at: raw.death_at,
            influence_swapping: raw.influence_swapping,
            gm_influence: raw.gm_influence,
            gm_influence_per_session: raw.gm_influence_per_session,
            free_changes: raw.free_changes,
            permanent_changes_in_problems: raw.permanent_changes_in_problems,
        };
        options.validate()?;
        Ok(options)
    }
}
