//! Index expressions: a hash-consed arena of integer and boolean nodes with bounds.
//!
//! Every node carries `[min, max]` over all variable assignments, so comparisons that bounds
//! decide fold to constants as they are built. `//` and `%` truncate toward zero (C semantics,
//! as tinygrad renders them). Booleans are `0` / `1` when evaluated.

use std::collections::HashMap;

/// A node of an [`ExprArena`]; equal nodes of one arena have equal ids (hash-consing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(u32);

/// A variable of an [`ExprArena`]; a variable re-bounded by [`ExprArena::rebound`] may get a new
/// id but keeps its slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VarId(u32);

/// The binary operators; `//` and `%` truncate toward zero (C semantics).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `a + b`.
    Add,
    /// `a * b`.
    Mul,
    /// `a // b`, truncating toward zero.
    Div,
    /// `a % b`, with the sign of `a`.
    Mod,
    /// `a < b`, a boolean.
    Lt,
    /// `a && b` on booleans.
    And,
}

/// One node of the arena; its children are ids in the same arena.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    /// An integer literal.
    Const(i64),
    /// A boolean literal (`True` / `False`).
    Bool(bool),
    /// A variable ranging over its `[min, max]`.
    Var(VarId),
    /// `a op b`.
    Binary(BinOp, ExprId, ExprId),
    /// Boolean negation, rendered `(a!=True)` in tinygrad's style.
    Not(ExprId),
}

/// A variable's name, range and environment slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    /// The name it renders as (`ridx0`, `gidx1`).
    pub name: String,
    /// Smallest value it takes.
    pub min: i64,
    /// Largest value it takes (inclusive).
    pub max: i64,
    /// Position of the variable's value in the environment passed to [`ExprArena::eval`];
    /// a variable re-bounded with [`ExprArena::rebound`] keeps its slot.
    pub slot: usize,
}

/// The arena every index expression lives in: nodes with `[min, max]` bounds, hash-consed so that
/// equal subterms share one id, and folded as they are built.
#[derive(Clone, Debug, Default)]
pub struct ExprArena {
    nodes: Vec<Node>,
    bounds: Vec<(i64, i64)>,
    /// Whether the node's bounds hold at every point: no bound below it saturated (a node that
    /// is not exact may overflow, and its bounds hold only where nothing overflowed).
    exact: Vec<bool>,
    ops: Vec<usize>,
    interned: HashMap<Node, ExprId>,
    vars: Vec<Variable>,
    slots: usize,
}

impl ExprArena {
    /// An empty arena.
    pub fn new() -> ExprArena {
        ExprArena::default()
    }

    /// The node behind `id`.
    pub fn node(&self, id: ExprId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    /// `[min, max]` of the node over every assignment of its variables.
    pub fn bounds(&self, id: ExprId) -> (i64, i64) {
        self.bounds[id.0 as usize]
    }

    /// Whether every value of the node and of each node below it lies in `i64` by their
    /// bounds, so that [`ExprArena::eval`] never wraps: the simplifier writes only such nodes.
    pub fn exact(&self, id: ExprId) -> bool {
        self.exact[id.0 as usize]
    }

    fn both_exact(&self, a: ExprId, b: ExprId) -> bool {
        self.exact(a) && self.exact(b)
    }

    /// The name, range and slot of `var`.
    pub fn variable(&self, var: VarId) -> &Variable {
        &self.vars[var.0 as usize]
    }

    /// Every variable made so far, re-bounded ones included, indexed by [`VarId`].
    pub fn variables(&self) -> &[Variable] {
        &self.vars
    }

    fn intern(&mut self, node: Node, bounds: (i64, i64), exact: bool) -> ExprId {
        if let Some(&id) = self.interned.get(&node) {
            return id;
        }
        // Unreachable: a node takes more than 40 bytes here, so 2^32 of them need over 170 GB,
        // and the browser build has 4 GB of address space.
        let id =
            ExprId(u32::try_from(self.nodes.len()).expect("expression arena exceeds u32 nodes"));
        let ops = match node {
            Node::Const(_) | Node::Bool(_) | Node::Var(_) => 0,
            Node::Not(a) => self.ops[a.0 as usize].saturating_add(1),
            Node::Binary(_, a, b) => {
                (1 + self.ops[a.0 as usize]).saturating_add(self.ops[b.0 as usize])
            }
        };
        self.nodes.push(node.clone());
        self.bounds.push(bounds);
        self.exact.push(exact);
        self.ops.push(ops);
        self.interned.insert(node, id);
        id
    }

    /// The literal `value`.
    pub fn constant(&mut self, value: i64) -> ExprId {
        self.intern(Node::Const(value), (value, value), true)
    }

    /// The boolean literal `value` (bounds `(0,0)` or `(1,1)`).
    pub fn boolean(&mut self, value: bool) -> ExprId {
        self.intern(Node::Bool(value), (value as i64, value as i64), true)
    }

    /// A new variable ranging over `[min, max]`, bound to `env[k]` by [`ExprArena::eval`] where
    /// `k` counts the variables made before it. A single-valued range still takes its slot but
    /// is the constant itself.
    pub fn var(&mut self, name: &str, min: i64, max: i64) -> ExprId {
        let slot = self.slots;
        self.slots += 1;
        self.var_in_slot(name, min, max, slot)
    }

    /// The number of environment slots [`ExprArena::eval`] reads.
    pub fn slots(&self) -> usize {
        self.slots
    }

    fn var_in_slot(&mut self, name: &str, min: i64, max: i64, slot: usize) -> ExprId {
        let var = VarId(self.vars.len() as u32);
        self.vars.push(Variable {
            name: name.to_string(),
            min,
            max,
            slot,
        });
        if min == max {
            return self.constant(min);
        }
        self.intern(Node::Var(var), (min, max), true)
    }

    /// The variable of `var`'s slot as first made, with its whole range: `var` without what
    /// [`ExprArena::rebound`] assumed.
    pub fn slot_origin(&self, var: VarId) -> VarId {
        let slot = self.variable(var).slot;
        self.vars
            .iter()
            .position(|v| v.slot == slot)
            .map_or(var, |k| VarId(k as u32))
    }

    /// The node of an existing variable.
    pub fn var_node(&mut self, var: VarId) -> ExprId {
        let v = self.variable(var);
        let bounds = (v.min, v.max);
        if bounds.0 == bounds.1 {
            return self.constant(bounds.0);
        }
        self.intern(Node::Var(var), bounds, true)
    }

    /// The same variable (name and slot) known to lie in `[min, max]`, e.g. where `valid` holds.
    /// An empty range gives the variable unchanged.
    pub fn rebound(&mut self, var: VarId, min: i64, max: i64) -> ExprId {
        let v = self.variable(var).clone();
        let (min, max) = (min.max(v.min), max.min(v.max));
        if min > max || (min, max) == (v.min, v.max) {
            return self.intern(Node::Var(var), (v.min, v.max), true);
        }
        // Reuse an earlier variable with the same slot and range.
        if let Some(k) = self
            .vars
            .iter()
            .position(|w| w.slot == v.slot && (w.min, w.max) == (min, max))
        {
            return if min == max {
                self.constant(min)
            } else {
                self.intern(Node::Var(VarId(k as u32)), (min, max), true)
            };
        }
        self.var_in_slot(&v.name, min, max, v.slot)
    }

    fn const_value(&self, id: ExprId) -> Option<i64> {
        match self.node(id) {
            Node::Const(v) => Some(*v),
            _ => None,
        }
    }

    fn bool_value(&self, id: ExprId) -> Option<bool> {
        match self.node(id) {
            Node::Bool(v) => Some(*v),
            _ => None,
        }
    }

    /// `a + b`, folded when a side is 0 or both are constants; bounds saturate at `i64`, and a
    /// saturated node is not [`exact`](ExprArena::exact).
    pub fn add(&mut self, a: ExprId, b: ExprId) -> ExprId {
        match (self.const_value(a), self.const_value(b)) {
            (Some(0), _) => return b,
            (_, Some(0)) => return a,
            (Some(x), Some(y)) => {
                if let Some(sum) = x.checked_add(y) {
                    return self.constant(sum);
                }
            }
            _ => {}
        }
        let ((amin, amax), (bmin, bmax)) = (self.bounds(a), self.bounds(b));
        let bounds = (amin.saturating_add(bmin), amax.saturating_add(bmax));
        let exact = self.both_exact(a, b)
            && amin.checked_add(bmin).is_some()
            && amax.checked_add(bmax).is_some();
        self.intern(Node::Binary(BinOp::Add, a, b), bounds, exact)
    }

    /// `a * b`, folded for a factor 0 or 1 or two constants; bounds are the extreme corner
    /// products, saturated (and then not exact) past `i64`.
    pub fn mul(&mut self, a: ExprId, b: ExprId) -> ExprId {
        match (self.const_value(a), self.const_value(b)) {
            (Some(0), _) | (_, Some(0)) => return self.constant(0),
            (Some(1), _) => return b,
            (_, Some(1)) => return a,
            (Some(x), Some(y)) => {
                if let Some(product) = x.checked_mul(y) {
                    return self.constant(product);
                }
            }
            _ => {}
        }
        let ((amin, amax), (bmin, bmax)) = (self.bounds(a), self.bounds(b));
        // a corner product past i64 saturates the bounds and makes the node inexact
        let mut exact = self.both_exact(a, b);
        let corners = [(amin, bmin), (amin, bmax), (amax, bmin), (amax, bmax)].map(|(x, y)| {
            x.checked_mul(y).unwrap_or_else(|| {
                exact = false;
                x.saturating_mul(y)
            })
        });
        let bounds = (
            *corners.iter().min().unwrap_or(&0),
            *corners.iter().max().unwrap_or(&0),
        );
        self.intern(Node::Binary(BinOp::Mul, a, b), bounds, exact)
    }

    /// `a // d` truncating toward zero, for a constant divisor `d`; folded and bounded for
    /// `d > 0`, kept as written otherwise ([`ExprArena::eval`] gives 0 for `d == 0`).
    pub fn div(&mut self, a: ExprId, divisor: i64) -> ExprId {
        if divisor <= 0 {
            let d = self.constant(divisor);
            return self.raw_binary(BinOp::Div, a, d);
        }
        if divisor == 1 {
            return a;
        }
        let (amin, amax) = self.bounds(a);
        if let Some(v) = self.const_value(a) {
            return self.constant(v / divisor);
        }
        let exact = self.exact(a);
        if exact && amin >= 0 && amin / divisor == amax / divisor {
            return self.constant(amin / divisor);
        }
        let d = self.constant(divisor);
        self.intern(
            Node::Binary(BinOp::Div, a, d),
            (amin / divisor, amax / divisor),
            exact,
        )
    }

    /// `a % m` with the sign of `a` (C semantics), for a constant modulus `m`; folded and
    /// bounded for `m > 0`, kept as written otherwise ([`ExprArena::eval`] gives 0 for `m == 0`).
    pub fn rem(&mut self, a: ExprId, modulus: i64) -> ExprId {
        if modulus <= 0 {
            let m = self.constant(modulus);
            return self.raw_binary(BinOp::Mod, a, m);
        }
        if modulus == 1 {
            return self.constant(0);
        }
        let (amin, amax) = self.bounds(a);
        if let Some(v) = self.const_value(a) {
            return self.constant(v % modulus);
        }
        if amin >= 0 && amax < modulus {
            return a;
        }
        let bounds = if amin >= 0 {
            (0, modulus - 1)
        } else if amax <= 0 {
            (-(modulus - 1), 0)
        } else {
            (-(modulus - 1), modulus - 1)
        };
        let m = self.constant(modulus);
        let exact = self.exact(a);
        self.intern(Node::Binary(BinOp::Mod, a, m), bounds, exact)
    }

    /// A binary node exactly as given, with the widest bounds; for rebuilding nodes the
    /// folding constructors do not cover (a division by a non-constant).
    pub(crate) fn raw_binary(&mut self, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
        // a division by a non-constant may overflow (`i64::MIN // -1`) and has no bounds
        let (bounds, exact) = match op {
            BinOp::Lt | BinOp::And => ((0, 1), self.both_exact(a, b)),
            _ => ((i64::MIN, i64::MAX), false),
        };
        self.intern(Node::Binary(op, a, b), bounds, exact)
    }

    /// `a < b`, folded when the bounds decide it.
    pub fn lt(&mut self, a: ExprId, b: ExprId) -> ExprId {
        let ((amin, amax), (bmin, bmax)) = (self.bounds(a), self.bounds(b));
        let exact = self.both_exact(a, b);
        if exact && amax < bmin {
            return self.boolean(true);
        }
        if exact && amin >= bmax {
            return self.boolean(false);
        }
        self.intern(Node::Binary(BinOp::Lt, a, b), (0, 1), exact)
    }

    /// `!a`, folded for a literal and for `!!a == a`.
    pub fn not(&mut self, a: ExprId) -> ExprId {
        if let Some(v) = self.bool_value(a) {
            return self.boolean(!v);
        }
        if let Node::Not(inner) = *self.node(a) {
            return inner;
        }
        let exact = self.exact(a);
        self.intern(Node::Not(a), (0, 1), exact)
    }

    /// `a && b`, folded for a literal side and for `a && a == a`.
    pub fn and(&mut self, a: ExprId, b: ExprId) -> ExprId {
        match (self.bool_value(a), self.bool_value(b)) {
            (Some(false), _) | (_, Some(false)) => return self.boolean(false),
            (Some(true), _) => return b,
            (_, Some(true)) => return a,
            _ => {}
        }
        if a == b {
            return a;
        }
        let exact = self.both_exact(a, b);
        self.intern(Node::Binary(BinOp::And, a, b), (0, 1), exact)
    }

    /// Value of `id` with variable `k` bound to `env[k]` (0 where `env` is too short, which is a
    /// caller's bug that debug builds catch); booleans give 0 or 1.
    /// Arithmetic wraps rather than panics; [`crate::View::create`] keeps real addresses
    /// inside `i64`.
    pub fn eval(&self, id: ExprId, env: &[i64]) -> i64 {
        match *self.node(id) {
            Node::Const(v) => v,
            Node::Bool(v) => v as i64,
            Node::Var(var) => {
                let slot = self.variable(var).slot;
                debug_assert!(slot < env.len(), "eval needs {} slots", self.slots);
                env.get(slot).copied().unwrap_or(0)
            }
            Node::Not(a) => (self.eval(a, env) == 0) as i64,
            Node::Binary(op, a, b) => {
                let (x, y) = (self.eval(a, env), self.eval(b, env));
                match op {
                    BinOp::Add => x.wrapping_add(y),
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::Div => x.checked_div(y).unwrap_or(0),
                    BinOp::Mod => x.checked_rem(y).unwrap_or(0),
                    BinOp::Lt => (x < y) as i64,
                    BinOp::And => (x != 0 && y != 0) as i64,
                }
            }
        }
    }

    /// Number of operations (binary and `not` nodes) in the tree under `id`, counting shared
    /// subterms once per use, as a rendered string would show them.
    pub fn op_count(&self, id: ExprId) -> usize {
        self.ops[id.0 as usize]
    }

    /// tinygrad's fully parenthesised style: `((ridx0*2)+ridx1)`, `(x+-3)`, `((ridx0<5)!=True)`.
    pub fn render_tinygrad(&self, id: ExprId) -> String {
        match *self.node(id) {
            Node::Const(v) => v.to_string(),
            Node::Bool(v) => if v { "True" } else { "False" }.to_string(),
            Node::Var(var) => self.variable(var).name.clone(),
            Node::Not(a) => format!("({}!=True)", self.render_tinygrad(a)),
            Node::Binary(op, a, b) => {
                let symbol = match op {
                    BinOp::Add => "+",
                    BinOp::Mul => "*",
                    BinOp::Div => "//",
                    BinOp::Mod => "%",
                    BinOp::Lt => "<",
                    BinOp::And => "&",
                };
                format!(
                    "({}{symbol}{})",
                    self.render_tinygrad(a),
                    self.render_tinygrad(b)
                )
            }
        }
    }
}

impl ExprId {
    /// A number identifying the node within its arena (for UIs that tag rendered nodes).
    pub fn raw(self) -> u32 {
        self.0
    }
}

impl ExprArena {
    /// The node numbered `raw` ([`ExprId::raw`]), if the arena has one.
    pub fn node_id(&self, raw: u32) -> Option<ExprId> {
        ((raw as usize) < self.nodes.len()).then_some(ExprId(raw))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::Piece;

    #[test]
    fn folding_and_sharing() {
        let mut arena = ExprArena::new();
        let x = arena.var("x", 0, 3);
        let zero = arena.constant(0);
        let one = arena.constant(1);
        assert_eq!(arena.add(x, zero), x);
        assert_eq!(arena.mul(one, x), x);
        let four = arena.constant(4);
        let a = arena.mul(x, four);
        let b = arena.mul(x, four);
        assert_eq!(a, b, "hash-consing shares equal subterms");
        assert_eq!(arena.bounds(a), (0, 12));
        assert_eq!(arena.rem(x, 4), x, "x%4 is x when 0 <= x < 4");
        assert_eq!(arena.div(x, 4), zero);
        let t = arena.lt(x, four);
        assert_eq!(arena.node(t), &Node::Bool(true));
    }

    #[test]
    fn c_semantics_and_renderers() {
        let mut arena = ExprArena::new();
        let x = arena.var("ridx0", -5, 5);
        let q = arena.div(x, 2);
        let r = arena.rem(x, 2);
        assert_eq!((arena.eval(q, &[-3]), arena.eval(r, &[-3])), (-1, -1));
        let m3 = arena.constant(-3);
        let sum = arena.add(q, m3);
        assert_eq!(arena.render_tinygrad(sum), "((ridx0//2)+-3)");
        assert_eq!(arena.render_readable(sum), "ridx0/2 - 3");
        let minus_one = arena.constant(-1);
        let negated = arena.mul(x, minus_one);
        let three = arena.constant(3);
        let flipped = arena.add(negated, three);
        assert_eq!(arena.render_readable(flipped), "3 - ridx0");
        assert_eq!(arena.render_tinygrad(flipped), "((ridx0*-1)+3)");
        let two = arena.constant(2);
        let lt = arena.lt(x, two);
        let ge = arena.not(lt);
        let both = arena.and(ge, lt);
        assert_eq!(arena.render_tinygrad(both), "(((ridx0<2)!=True)&(ridx0<2))");
        assert_eq!(arena.render_readable(both), "ridx0 >= 2 && ridx0 < 2");
        let Piece::Node(root, parts) = arena.readable_piece(both) else {
            panic!("the root is a node")
        };
        assert_eq!(root, both);
        assert_eq!(parts.len(), 3, "left clause, “ && ”, right clause");
        assert_eq!(arena.op_count(both), 4);
    }
}
