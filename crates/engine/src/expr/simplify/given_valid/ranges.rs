//! The ranges [`Assume`] knows of an expression where the clauses hold: tight ranges it
//! recorded, and ranges carried up through sums, multiples and quotients.

use crate::expr::simplify::given_valid::assume::Assume;
use crate::expr::simplify::given_valid::implied::form_range;
use crate::expr::simplify::linear::{add_scaled, binary, linear_of, nonneg, Linear};
use crate::expr::{BinOp, ExprArena, ExprId, Node};
use crate::support::arith::floor_div;

impl Assume<'_> {
    pub(super) fn range(&self, arena: &ExprArena, id: ExprId) -> (i64, i64) {
        self.tight
            .get(&id)
            .copied()
            .unwrap_or_else(|| arena.bounds(id))
    }

    /// Records that `id` lies in `(l, h)` where the clauses hold, where that is tighter than
    /// what is known of it and not empty.
    pub(super) fn narrow(&mut self, arena: &ExprArena, id: ExprId, (l, h): (i64, i64)) {
        let (low, high) = self.range(arena, id);
        let (l, h) = (l.max(low), h.min(high));
        if l <= h && (l, h) != (low, high) {
            self.tight.insert(id, (l, h));
        }
    }

    /// A linear form's range from its terms' tight ranges, and from the clauses on linear
    /// forms when it has two or more variables.
    pub(super) fn plain_range(&self, arena: &ExprArena, form: &Linear) -> Option<(i64, i64)> {
        let (mut low, mut high) = (form.constant, form.constant);
        for &(atom, c) in &form.terms {
            let (l, h) = self.range(arena, atom);
            let (a, b) = (c.checked_mul(l)?, c.checked_mul(h)?);
            low = low.checked_add(a.min(b))?;
            high = high.checked_add(a.max(b))?;
        }
        if form.terms.len() > 1 {
            if let Some((l, h)) = form_range(arena, form, self.implied) {
                (low, high) = (low.max(l), high.min(h));
            }
        }
        Some((low, high))
    }

    /// [`Self::plain_range`] and, for `c·(x // d) + c·a + k` with `x >= 0` (its only
    /// quotient), `c·⌊(d·a + x) / d⌋ + k` from the range of the one form `d·a + x`: the
    /// clauses may bound it where they bound neither part (`4·r + s <= 5` keeps
    /// `r + (r + s) // 3` in `[0, 1]`).
    pub(super) fn linear_range(&self, arena: &ExprArena, form: &Linear) -> Option<(i64, i64)> {
        let (mut low, mut high) = self.plain_range(arena, form)?;
        if let Some((l, h)) = self.folded_range(arena, form) {
            (low, high) = (low.max(l), high.min(h));
        }
        Some((low, high))
    }

    /// The range of the folded form of [`Self::linear_range`], `None` where it does not apply.
    pub(super) fn folded_range(&self, arena: &ExprArena, form: &Linear) -> Option<(i64, i64)> {
        let mut quotients = form
            .terms
            .iter()
            .enumerate()
            .filter_map(|(k, &(atom, c))| Some((k, binary(arena, atom, BinOp::Div)?, c)));
        let (index, (x, d), c) = quotients.next()?;
        if quotients.next().is_some() || form.terms.len() < 2 || self.range(arena, x).0 < 0 {
            return None;
        }
        // d·a + x, with a the other terms over c
        let mut inner = linear_of(arena, x)?;
        for (_, &(atom, coeff)) in form.terms.iter().enumerate().filter(|t| t.0 != index) {
            if coeff.checked_rem(c)? != 0 {
                return None;
            }
            let a = Linear {
                terms: vec![(atom, coeff.checked_div(c)?)],
                constant: 0,
            };
            inner = add_scaled(&inner, &a, d)?;
        }
        let (l, h) = self.plain_range(arena, &inner)?;
        let (l, h) = (floor_div(l, d), floor_div(h, d));
        let (a, b) = (c.checked_mul(l)?, c.checked_mul(h)?);
        Some((
            a.min(b).checked_add(form.constant)?,
            a.max(b).checked_add(form.constant)?,
        ))
    }

    /// The range of `a + b` or `a·b` (one of them a constant) from the tight ranges of `a`
    /// and `b`; `None` past i64.
    pub(super) fn sum_range(
        &self,
        arena: &ExprArena,
        op: BinOp,
        a: ExprId,
        b: ExprId,
    ) -> Option<(i64, i64)> {
        let ((al, ah), (bl, bh)) = (self.range(arena, a), self.range(arena, b));
        match op {
            BinOp::Add => Some((al.checked_add(bl)?, ah.checked_add(bh)?)),
            // a multiple, the constant on either side
            _ if bl == bh || al == ah => {
                let (k, (l, h)) = if bl == bh {
                    (bl, (al, ah))
                } else {
                    (al, (bl, bh))
                };
                let (x, y) = (l.checked_mul(k)?, h.checked_mul(k)?);
                Some((x.min(y), x.max(y)))
            }
            _ => None,
        }
    }

    /// The range of `id` from the tight ranges of its parts, however new the node.
    /// Whether `id >= 0` by its bounds or where the clauses hold.
    pub(super) fn nonneg(&self, arena: &ExprArena, id: ExprId) -> bool {
        nonneg(arena, id) || self.deep_range(arena, id).0 >= 0
    }

    pub(super) fn deep_range(&self, arena: &ExprArena, id: ExprId) -> (i64, i64) {
        let (low, high) = self.range(arena, id);
        let (l, h) = match *arena.node(id) {
            Node::Binary(BinOp::Add | BinOp::Mul, _, _) => {
                let Some(form) = linear_of(arena, id) else {
                    return (low, high);
                };
                let mut range = Some((form.constant, form.constant));
                for &(atom, c) in &form.terms {
                    // a product of two non-constants is its own atom: its range as known
                    let (l, h) = match atom == id {
                        true => (low, high),
                        false => self.deep_range(arena, atom),
                    };
                    range = range.and_then(|(lo, hi)| {
                        let (a, b) = (c.checked_mul(l)?, c.checked_mul(h)?);
                        Some((lo.checked_add(a.min(b))?, hi.checked_add(a.max(b))?))
                    });
                }
                range.unwrap_or((low, high))
            }
            Node::Binary(BinOp::Div, a, d) => match (arena.node(d), self.deep_range(arena, a)) {
                (&Node::Const(d), (l, h)) if d > 0 && l >= 0 => (l / d, h / d),
                _ => (low, high),
            },
            _ => (low, high),
        };
        (l.max(low), h.min(high))
    }
}
