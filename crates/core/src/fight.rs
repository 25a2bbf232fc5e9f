//! [`Fight`]: how hard a fight a GM wants, as every system's fair-fight advice takes it (issue 32):
//! the party's chance to win, 75%, 50% or 25%.

/// How hard a fight the GM wants: the party's chance to win it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fight {
    /// The party wins three times in four.
    Easy,
    /// One in two.
    Even,
    /// One in four.
    Hard,
}

impl Fight {
    /// The three, easiest first.
    pub const ALL: [Fight; 3] = [Fight::Easy, Fight::Even, Fight::Hard];

    /// The party's chance wanted, in percent: 75, 50 or 25.
    pub fn percent(self) -> u32 {
        match self {
            Fight::Easy => 75,
            Fight::Even => 50,
            Fight::Hard => 25,
        }
    }

    /// The party's chance wanted, in 0..=1.
    pub fn decimal(self) -> f64 {
        f64::from(self.percent()) / 100.0
    }

    /// Its name: "easy", "even" or "hard".
    pub fn name(self) -> &'static str {
        match self {
            Fight::Easy => "easy",
            Fight::Even => "even",
            Fight::Hard => "hard",
        }
    }

    /// "Easy fight (75% wanted)": how a proposal for it is headed.
    pub fn heading(self) -> String {
        format!(
            "{} fight ({}% wanted)",
            crate::capitalized(self.name()),
            self.percent()
        )
    }
}
