//! Evaluating a table's stat formula (ruling F8) for a character: exact big-integer arithmetic over
//! the attributes and the level, `/` dropping the fraction; the result a whole number 0 to 10^30
//! ([`crate::MAX_RATING`]). The language's shape is [`crate::model::formula`];
//! its parse, [`crate::rules::formula_parse`].

use crate::limits::MAX_RATING;
use crate::model::formula::{EvalError, Expr, Formula, Op, Variable};
use num_bigint::BigInt;

impl Formula {
    /// The value for a character whose attributes and level `lookup` gives.
    ///
    /// # Errors
    /// [`EvalError`]: a missing attribute, a division by zero, a result below 0 or above 10^30.
    pub fn evaluate(&self, lookup: &dyn Fn(Variable) -> Option<u128>) -> Result<u128, EvalError> {
        let value = eval(self.expr(), lookup)?;
        u128::try_from(&value)
            .ok()
            .filter(|v| *v <= MAX_RATING)
            .ok_or_else(|| EvalError::OutOfRange(value.to_string()))
    }
}

fn eval(expr: &Expr, lookup: &dyn Fn(Variable) -> Option<u128>) -> Result<BigInt, EvalError> {
    Ok(match expr {
        Expr::Number(n) => BigInt::from(*n),
        Expr::Variable(v) => BigInt::from(lookup(*v).ok_or(EvalError::Missing(*v))?),
        Expr::Negate(inner) => -eval(inner, lookup)?,
        Expr::Binary(op, left, right) => {
            let (a, b) = (eval(left, lookup)?, eval(right, lookup)?);
            match op {
                Op::Add => a + b,
                Op::Subtract => a - b,
                Op::Multiply => a * b,
                Op::Divide(at) => {
                    if b == BigInt::default() {
                        return Err(EvalError::DivisionByZero(*at));
                    }
                    a / b
                }
            }
        }
    })
}
