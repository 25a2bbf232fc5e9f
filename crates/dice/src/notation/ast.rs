//! The notation's syntax tree ([`Expr`] and its parts) and its canonical rendering ([`fmt::Display`]).
//!
//! The tree is plain data, built by [`parse`](super::parse) or by hand, and walked by
//! [`roll`](fn@super::roll) (and, later, by an exact probability engine). It keeps no positions and no
//! redundant syntax: `d20` and `1d20` are the same tree, `k` is `kh`, `r4` is `r=4`, and a term's
//! modifiers live in fixed slots ([`Modifiers`]) because they are always applied in one order
//! (rerolls, explosions, keep/drop, success counting), whatever order they were written in.
//!
//! # Canonical notation
//!
//! `Display` prints the tree so that [`parse`](super::parse) reads back the same tree: lower-case
//! letters, an explicit count (`1d20`) and keep count (`kh1`), spaces around binary operators and
//! comparisons (`2d6 + 3`, `8d6 > 6d6`), none inside a dice term (`6d10>=7`), and parentheses only
//! where precedence needs them. A comparison whose left side is a plain dice term and whose right side
//! is a plain integer would read back as success counting, so its left side is printed in parentheses:
//! `(3d6) >= 10`. Numbers in the tree are expected to be `>= 0` (the parser writes `-3` as
//! `Neg(Number(3))`); a negative [`Expr::Number`] prints as `-3` and reads back as that `Neg`.

use std::fmt;

use serde::{Deserialize, Serialize};

/// An expression: a number, a dice term, or operators over expressions.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Expr {
    /// An integer literal; [`parse`](super::parse) only makes non-negative ones.
    Number(i64),
    /// A dice term such as `4d6kh3`.
    Dice(DiceTerm),
    /// Unary minus: `-x`. Overflows (`-i64::MIN`) are errors when rolling.
    Neg(Box<Expr>),
    /// Arithmetic on two expressions, with checked `i64` arithmetic.
    Binary {
        /// `+`, `-`, `*` or `/`.
        op: BinaryOp,
        /// The left operand, evaluated first.
        lhs: Box<Expr>,
        /// The right operand.
        rhs: Box<Expr>,
    },
    /// A comparison of two expressions: 1 when it holds, 0 when it does not.
    Compare {
        /// The comparison.
        op: CompareOp,
        /// The left operand, evaluated first.
        lhs: Box<Expr>,
        /// The right operand.
        rhs: Box<Expr>,
    },
}

/// An arithmetic operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BinaryOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`: integer division rounding toward zero (`7/2` is 3, `-7/2` is -3); dividing by 0 is an error.
    Div,
}

impl BinaryOp {
    /// The operator as written: `+`, `-`, `*` or `/`.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
        }
    }
}

/// A comparison, used between expressions ([`Expr::Compare`]) and in compare points
/// ([`ComparePoint`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CompareOp {
    /// `=`
    Eq,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `<=`
    Le,
    /// `>=`
    Ge,
}

impl CompareOp {
    /// The operator as written: `=`, `<`, `>`, `<=` or `>=`.
    pub fn symbol(self) -> &'static str {
        match self {
            CompareOp::Eq => "=",
            CompareOp::Lt => "<",
            CompareOp::Gt => ">",
            CompareOp::Le => "<=",
            CompareOp::Ge => ">=",
        }
    }

    /// Whether `lhs op rhs` holds.
    pub fn holds(self, lhs: i64, rhs: i64) -> bool {
        match self {
            CompareOp::Eq => lhs == rhs,
            CompareOp::Lt => lhs < rhs,
            CompareOp::Gt => lhs > rhs,
            CompareOp::Le => lhs <= rhs,
            CompareOp::Ge => lhs >= rhs,
        }
    }
}

/// A condition on one die's face, such as `<3` or `=4` (written `4` after `r` and `!`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ComparePoint {
    /// How the face is compared.
    pub op: CompareOp,
    /// The value it is compared with (any `i64`; Fate dice use -1, 0, 1).
    pub value: i64,
}

impl ComparePoint {
    /// Whether a die showing `face` meets the condition.
    pub fn matches(self, face: i64) -> bool {
        self.op.holds(face, self.value)
    }

    /// The faces that meet the condition, as an inclusive range `(low, high)`; `None` when no `i64`
    /// does (`<i64::MIN`, `>i64::MAX`). Every compare point is one interval of integers.
    pub fn interval(self) -> Option<(i64, i64)> {
        let v = self.value;
        match self.op {
            CompareOp::Eq => Some((v, v)),
            CompareOp::Le => Some((i64::MIN, v)),
            CompareOp::Ge => Some((v, i64::MAX)),
            CompareOp::Lt => v.checked_sub(1).map(|h| (i64::MIN, h)),
            CompareOp::Gt => v.checked_add(1).map(|l| (l, i64::MAX)),
        }
    }

    /// Writes the point as a modifier suffix: `=` with a non-negative value is left out (`r4`, `!6`),
    /// because `!=` would read as "not equal"; every other point keeps its operator (`r<3`, `!=-1`).
    fn fmt_bare_eq(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.op == CompareOp::Eq && self.value >= 0 {
            write!(f, "{}", self.value)
        } else {
            write!(f, "{}", self)
        }
    }
}

impl fmt::Display for ComparePoint {
    /// Always with the operator: `=4`, `>=7`, `<-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.op.symbol(), self.value)
    }
}

/// A dice term: `count` dice with `sides` sides, then its modifiers.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DiceTerm {
    /// How many dice to roll: 0 to [`MAX_DICE`](super::limits::MAX_DICE) in total over the
    /// expression. Any expression (`(2+3)d6`, `(1d4)d6`); `d6` has the count `Number(1)`.
    pub count: Box<Expr>,
    /// What kind of die.
    pub sides: Sides,
    /// Rerolls, explosion, keep/drop and success counting.
    pub modifiers: Modifiers,
}

/// The kind of die in a [`DiceTerm`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sides {
    /// A numbered die with faces 1 to the expression's value, which must be 1 to
    /// [`MAX_SIDES`](super::limits::MAX_SIDES): `d6`, `d(4+2)`.
    Number(Box<Expr>),
    /// `d%`: a d100 (faces 1 to 100).
    Percent,
    /// `dF`: a Fate die (faces -1, 0, +1).
    Fate,
}

/// A dice term's modifiers, one slot per kind. They apply in this order whatever order they were
/// written in: rerolls, explosions, keep/drop, success counting.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modifiers {
    /// `r` / `ro` conditions: a die is rerolled when it meets any of them.
    pub reroll: Option<Reroll>,
    /// `!` / `!!`.
    pub explode: Option<Explode>,
    /// `kh kl dh dl`.
    pub keep: Option<Keep>,
    /// Success counting (`6d10>=7`): the term's value is the number of kept dice that meet this point.
    pub success: Option<ComparePoint>,
}

/// Rerolls: `r<3` rerolls a die while it shows 1 or 2; `ro<3` rerolls it at most once.
///
/// Explosion dice are rerolled too: rerolls shape every throw. A die stops at
/// [`MAX_REROLLS`](super::limits::MAX_REROLLS) rerolls and is marked capped.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Reroll {
    /// Repeat or once.
    pub mode: RerollMode,
    /// The conditions, in the order written (`r1r2` has two); a die is rerolled when it meets any.
    pub points: Vec<ComparePoint>,
}

/// How often a die is rerolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RerollMode {
    /// `r`: reroll while the die meets a condition (up to the cap).
    Repeat,
    /// `ro`: reroll at most once; the new value stays whatever it is.
    Once,
}

/// Explosions: `!` adds a die to the pool each time a die meets the point; `!!` (compounding) adds the
/// new throw to the same die instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Explode {
    /// `!` or `!!`.
    pub mode: ExplodeMode,
    /// When a die explodes; `None` means on its highest face (6 on a d6, +1 on a Fate die).
    pub point: Option<ComparePoint>,
}

/// Whether an explosion adds dice or grows the die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ExplodeMode {
    /// `!`: each explosion is a new die in the pool (it can be kept, dropped, counted).
    Explode,
    /// `!!`: each explosion adds to the die that exploded, which then counts as one die.
    Compound,
}

/// Keep or drop some of the pool (after rerolls and explosions). Keeping more dice than the pool
/// has keeps them all; dropping more drops them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Keep {
    /// Which dice.
    pub mode: KeepMode,
    /// How many (a missing count in the text is 1).
    pub count: u64,
}

/// Which dice [`Keep`] keeps or drops. Among equal faces, the die rolled earlier counts as higher,
/// so `kh3` and `dl1` keep the same dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KeepMode {
    /// `kh` (or `k`): keep the highest.
    KeepHighest,
    /// `kl`: keep the lowest.
    KeepLowest,
    /// `dh`: drop the highest.
    DropHighest,
    /// `dl`: drop the lowest.
    DropLowest,
}

impl KeepMode {
    /// The modifier as written: `kh`, `kl`, `dh` or `dl`.
    pub fn symbol(self) -> &'static str {
        match self {
            KeepMode::KeepHighest => "kh",
            KeepMode::KeepLowest => "kl",
            KeepMode::DropHighest => "dh",
            KeepMode::DropLowest => "dl",
        }
    }
}

/// Binding strength, loosest first; an operand printed in a tighter slot than its own gets parentheses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Compare,
    Additive,
    Multiplicative,
    Unary,
    Atom,
}

impl Expr {
    fn level(&self) -> Level {
        match self {
            Expr::Compare { .. } => Level::Compare,
            // Success counting is read at the comparison level (`6d10>=7`), so it binds like one.
            Expr::Dice(term) if term.modifiers.success.is_some() => Level::Compare,
            Expr::Binary {
                op: BinaryOp::Add | BinaryOp::Sub,
                ..
            } => Level::Additive,
            Expr::Binary {
                op: BinaryOp::Mul | BinaryOp::Div,
                ..
            } => Level::Multiplicative,
            Expr::Neg(_) => Level::Unary,
            Expr::Number(n) if *n < 0 => Level::Unary,
            Expr::Number(_) | Expr::Dice(_) => Level::Atom,
        }
    }

    /// Whether this prints as a plain integer (`7`, `-7`), which after a plain dice term and a
    /// comparison reads as success counting.
    fn prints_as_integer(&self) -> bool {
        match self {
            Expr::Number(_) => true,
            Expr::Neg(inner) => matches!(**inner, Expr::Number(n) if n >= 0),
            _ => false,
        }
    }

    /// Whether the text ends in `!` or `!!` without a point, which would take a following comparison
    /// (`3d6! > 2`) as its point.
    fn ends_with_default_explosion(&self) -> bool {
        match self {
            Expr::Dice(term) => {
                let m = &term.modifiers;
                matches!(m.explode, Some(Explode { point: None, .. })) && m.keep.is_none()
            }
            Expr::Neg(inner) => inner.ends_with_default_explosion(),
            Expr::Binary { rhs, .. } => rhs.ends_with_default_explosion(),
            Expr::Number(_) | Expr::Compare { .. } => false,
        }
    }

    fn fmt_at(&self, f: &mut fmt::Formatter<'_>, min: Level) -> fmt::Result {
        if self.level() < min {
            f.write_str("(")?;
            self.fmt_bare(f)?;
            f.write_str(")")
        } else {
            self.fmt_bare(f)
        }
    }

    fn fmt_bare(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Number(n) => write!(f, "{n}"),
            Expr::Dice(term) => fmt::Display::fmt(term, f),
            Expr::Neg(inner) => {
                f.write_str("-")?;
                inner.fmt_at(f, Level::Unary)
            }
            Expr::Binary { op, lhs, rhs } => {
                let own = self.level();
                lhs.fmt_at(f, own)?;
                write!(f, " {} ", op.symbol())?;
                // Left-associative: an equal-level right operand needs parentheses (`1 - (2 - 3)`).
                rhs.fmt_at(f, next(own))
            }
            Expr::Compare { op, lhs, rhs } => {
                let plain_dice = matches!(**lhs, Expr::Dice(_));
                if plain_dice && rhs.prints_as_integer()
                    || lhs.level() == Level::Compare
                    || lhs.ends_with_default_explosion()
                {
                    write!(f, "(")?;
                    lhs.fmt_bare(f)?;
                    write!(f, ")")?;
                } else {
                    lhs.fmt_at(f, Level::Additive)?;
                }
                write!(f, " {} ", op.symbol())?;
                rhs.fmt_at(f, Level::Additive)
            }
        }
    }
}

fn next(level: Level) -> Level {
    match level {
        Level::Compare => Level::Additive,
        Level::Additive => Level::Multiplicative,
        Level::Multiplicative => Level::Unary,
        Level::Unary | Level::Atom => Level::Atom,
    }
}

impl fmt::Display for Expr {
    /// The canonical notation; see the [module docs](self).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_bare(f)
    }
}

/// A count or sides expression: a bare non-negative number, or anything else in parentheses.
fn fmt_operand(expr: &Expr, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match expr {
        Expr::Number(n) if *n >= 0 => write!(f, "{n}"),
        other => {
            f.write_str("(")?;
            other.fmt_bare(f)?;
            f.write_str(")")
        }
    }
}

impl fmt::Display for DiceTerm {
    /// The term in canonical notation: `4d6r1!kh3`, `6d10>=7`, `(1d4)d(2 + 2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_operand(&self.count, f)?;
        f.write_str("d")?;
        match &self.sides {
            Sides::Number(sides) => fmt_operand(sides, f)?,
            Sides::Percent => f.write_str("%")?,
            Sides::Fate => f.write_str("F")?,
        }
        let m = &self.modifiers;
        if let Some(reroll) = &m.reroll {
            let symbol = match reroll.mode {
                RerollMode::Repeat => "r",
                RerollMode::Once => "ro",
            };
            for point in &reroll.points {
                f.write_str(symbol)?;
                point.fmt_bare_eq(f)?;
            }
        }
        // A default explosion right before the success point would take that point as its own
        // (`3d6!>=5` explodes on 5+), so it moves after the success point (`3d6>=5!`), which the
        // parser also accepts.
        let explode_after_success = matches!(m.explode, Some(Explode { point: None, .. }))
            && m.keep.is_none()
            && m.success.is_some();
        if !explode_after_success {
            fmt_explode(m.explode.as_ref(), f)?;
        }
        if let Some(keep) = m.keep {
            write!(f, "{}{}", keep.mode.symbol(), keep.count)?;
        }
        if let Some(point) = m.success {
            write!(f, "{point}")?;
        }
        if explode_after_success {
            fmt_explode(m.explode.as_ref(), f)?;
        }
        Ok(())
    }
}

fn fmt_explode(explode: Option<&Explode>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let Some(explode) = explode else {
        return Ok(());
    };
    f.write_str(match explode.mode {
        ExplodeMode::Explode => "!",
        ExplodeMode::Compound => "!!",
    })?;
    match explode.point {
        Some(point) => point.fmt_bare_eq(f),
        None => Ok(()),
    }
}
