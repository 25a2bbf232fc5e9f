//! Binomial coefficients `C(n, k)` as weights, from Pascal's rule (additions only, so any weight type
//! builds them).

use super::super::OddsError;
use super::super::weight::Weight;

/// `C(i, k)` for `i <= rows` and `k <= columns`.
#[derive(Debug, Clone)]
pub struct Binomials<W> {
    rows: Vec<Vec<W>>,
}

impl<W: Weight> Binomials<W> {
    /// The table up to `C(rows, columns)`: `(rows + 1) (columns + 1)` additions.
    pub fn new(rows: u64, columns: usize) -> Result<Self, OddsError> {
        let mut table: Vec<Vec<W>> = Vec::with_capacity(rows as usize + 1);
        table.push(vec![W::one()]);
        for i in 1..=rows as usize {
            let above = &table[i - 1];
            let width = (i + 1).min(columns + 1);
            let row = (0..width)
                .map(|k| {
                    let left = k.checked_sub(1).and_then(|j| above.get(j));
                    let right = above.get(k);
                    match (left, right) {
                        (Some(l), Some(r)) => l.add(r),
                        (Some(l), None) => Ok(l.clone()),
                        (None, Some(r)) => Ok(r.clone()),
                        (None, None) => Ok(W::zero()),
                    }
                })
                .collect::<Result<_, _>>()?;
            table.push(row);
        }
        Ok(Self { rows: table })
    }

    /// `C(n, k)`: 0 when `k > n`. `n` and `k` are within the table (the caller's promise).
    pub fn get(&self, n: u64, k: u64) -> W {
        self.rows
            .get(n as usize)
            .and_then(|row| row.get(k as usize))
            .cloned()
            .unwrap_or_else(W::zero)
    }
}
