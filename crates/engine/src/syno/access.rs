//! Access expressions of a finished chain and brute-force evaluation over its iterators.
//!
//! The output iterators `o0, o1, …` and the reduction iterators `r0, r1, …` are the loop
//! variables (slots in that order). Walking the graph from the bottom up, every primitive turns
//! its bottom coordinates into its top ones by its access semantics, so each input dimension
//! ends with an index expression and each input with a `valid` condition (false where an
//! Unfold reads padding). Both are simplified by [`simplify_indexing`].

use crate::support::sorted::SortedSet;

use super::chain::Operator;
use super::error::SynoError;
use super::primitive::{top_from_bottom, Guarded, Primitive};
use super::size::Bindings;
use super::{DimId, TensorId};
use crate::error::LayoutError;
use crate::expr::simplify::{simplify_indexing, StopReason};
use crate::expr::{ExprArena, ExprId};
use crate::RowMajor;

/// Largest bound size of any dimension, so that every index expression stays far inside `i64`.
pub const MAX_EXTENT: i64 = 1 << 40;

/// A loop variable: an output or reduction iterator over `0..extent`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopVar {
    /// `o0, o1, …` for output iterators, `r0, r1, …` for reduction ones.
    pub name: String,
    /// The chain dimension it iterates.
    pub dim: DimId,
    /// Its bound size: the variable ranges over `0..extent`.
    pub extent: i64,
    /// Whether it is a reduction iterator (made by `MapReduce`).
    pub reduction: bool,
}

/// One input tensor's access: an index per dimension, read where `valid` holds.
#[derive(Clone, Debug)]
pub struct InputAccess {
    /// The tensor's dimensions, in its order.
    pub dims: Vec<DimId>,
    /// Their bound sizes.
    pub shape: Vec<i64>,
    /// Simplified, given `valid`.
    pub index: Vec<ExprId>,
    /// Whether the element is read: false where an Unfold reads padding; simplified.
    pub valid: ExprId,
    /// As the primitives build them.
    pub raw_index: Vec<ExprId>,
    /// `valid` as the primitives build it.
    pub raw_valid: ExprId,
}

/// The access expressions of every input over the operator's loop variables.
#[derive(Clone, Debug)]
pub struct Access {
    /// The arena every expression here lives in.
    pub arena: ExprArena,
    /// The output iterators, then the reduction iterators; variable `k` reads `env[k]`.
    pub loops: Vec<LoopVar>,
    /// One access per input tensor, in [`TensorId`] order.
    pub inputs: Vec<InputAccess>,
    /// `StepLimit` when any simplification ran out of steps (the result is still correct).
    pub stop: StopReason,
}

/// One assignment of the loop variables and what every input reads there (`None`: padding).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// The loop variables' values, in [`Access::loops`] order.
    pub loops: Vec<i64>,
    /// Per input tensor, the coordinates read there, or `None` where it reads padding.
    pub reads: Vec<Option<Vec<i64>>>,
}

/// The input elements one output element reads, over all reduction values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reads {
    /// The output element's coordinates (the output iterators' values).
    pub output: Vec<i64>,
    /// Per input tensor, the distinct coordinates read, in increasing order.
    pub inputs: Vec<Vec<Vec<i64>>>,
}

/// The access of every input: the loops seed the coordinates, the steps carry them to the inputs.
pub(crate) fn build(operator: &Operator, bindings: &Bindings) -> Result<Access, SynoError> {
    let mut walk = Walk::new(bound_extents(operator, bindings)?);
    let loops = walk.seed_loops(operator);
    walk.walk_steps(operator, bindings)?;
    let mut stop = StopReason::Saturated;
    let mut inputs = Vec::new();
    for (t, dims) in operator.inputs().iter().enumerate() {
        let (input, input_stop) = walk.input_access(t, dims)?;
        if input_stop == StopReason::StepLimit {
            stop = StopReason::StepLimit;
        }
        inputs.push(input);
    }
    Ok(Access {
        arena: walk.arena,
        loops,
        inputs,
        stop,
    })
}

/// Every dimension's bound size, each in `1..=MAX_EXTENT`.
fn bound_extents(operator: &Operator, bindings: &Bindings) -> Result<Vec<i64>, SynoError> {
    let mut extents = Vec::with_capacity(operator.sizes().len());
    for size in operator.sizes() {
        let value = size.value(bindings)?;
        if !(1..=MAX_EXTENT).contains(&value) {
            return Err(LayoutError::TooLarge {
                what: "a bound Syno dimension",
                size: value.unsigned_abs() as u128,
                limit: MAX_EXTENT as u128,
            }
            .into());
        }
        extents.push(value);
    }
    Ok(extents)
}

/// The guarded coordinate of every dimension reached so far, in one arena.
struct Walk {
    extents: Vec<i64>,
    arena: ExprArena,
    truth: ExprId,
    exprs: Vec<Option<Guarded>>,
}

impl Walk {
    /// No dimension reached yet; the arena starts with `true`.
    fn new(extents: Vec<i64>) -> Self {
        let mut arena = ExprArena::new();
        let truth = arena.boolean(true);
        let exprs = vec![None; extents.len()];
        Walk {
            extents,
            arena,
            truth,
            exprs,
        }
    }

    /// A dimension's bound size; 1 for one the operator does not size.
    fn extent(&self, d: DimId) -> i64 {
        self.extents.get(d.index()).copied().unwrap_or(1)
    }

    /// A dimension's guarded coordinate, once a loop or a step has reached it.
    fn coordinate(&self, d: DimId) -> Option<Guarded> {
        self.exprs.get(d.index()).copied().flatten()
    }

    /// Gives a dimension its coordinate; one outside the operator's sizes is ignored.
    fn set_coordinate(&mut self, d: DimId, guarded: Guarded) {
        if let Some(slot) = self.exprs.get_mut(d.index()) {
            *slot = Some(guarded);
        }
    }

    /// Output then reduction iterators, each an always-valid variable over its dimension.
    fn seed_loops(&mut self, operator: &Operator) -> Vec<LoopVar> {
        let mut loops = Vec::new();
        let roles = [(operator.output(), false), (operator.reductions(), true)];
        for (dims, reduction) in roles {
            for (k, &dim) in dims.iter().enumerate() {
                let name = format!("{}{k}", if reduction { 'r' } else { 'o' });
                let extent = self.extent(dim);
                let var = self.arena.var(&name, 0, extent - 1);
                self.set_coordinate(dim, (var, self.truth));
                loops.push(LoopVar {
                    name,
                    dim,
                    extent,
                    reduction,
                });
            }
        }
        loops
    }

    /// Every step but `MapReduce`, bottom up, gives its top dimensions their coordinates.
    fn walk_steps(&mut self, operator: &Operator, bindings: &Bindings) -> Result<(), SynoError> {
        let steps = operator.chain().steps();
        let bottom_up: Vec<usize> = match operator.chain().direction() {
            super::Direction::Backward => (0..steps.len()).collect(),
            super::Direction::Forward => (0..steps.len()).rev().collect(),
        };
        for index in bottom_up {
            let Some(step) = steps.get(index) else {
                continue;
            };
            if matches!(step.primitive, Primitive::MapReduce(_)) {
                continue;
            }
            let bottom: Option<Vec<Guarded>> =
                step.bottom.iter().map(|&d| self.coordinate(d)).collect();
            let bottom = bottom.ok_or_else(|| unreachable_dim(index))?;
            let top_sizes: Vec<i64> = step.top.iter().map(|&d| self.extent(d)).collect();
            let inner = match &step.primitive {
                Primitive::Merge(n) | Primitive::Split(n) => n.value(bindings)?,
                _ => 1,
            };
            let top = top_from_bottom(&mut self.arena, &step.primitive, &bottom, &top_sizes, inner);
            for (&d, guarded) in step.top.iter().zip(top) {
                self.set_coordinate(d, guarded);
            }
        }
        Ok(())
    }

    /// Input `t`'s access, raw and simplified, and whether a simplification ran out of steps.
    fn input_access(
        &mut self,
        t: usize,
        dims: &[DimId],
    ) -> Result<(InputAccess, StopReason), SynoError> {
        let mut raw_index = Vec::new();
        let mut raw_valid = self.truth;
        for &d in dims {
            let (index, valid) = self.coordinate(d).ok_or_else(|| unreachable_dim(t))?;
            raw_index.push(index);
            raw_valid = self.arena.and(raw_valid, valid);
        }
        let mut stop = StopReason::Saturated;
        let zero = self.arena.constant(0);
        let first = simplify_indexing(&mut self.arena, zero, raw_valid);
        let mut index = Vec::new();
        for &idx in &raw_index {
            let simplified = simplify_indexing(&mut self.arena, idx, raw_valid);
            if simplified.stop == StopReason::StepLimit {
                stop = StopReason::StepLimit;
            }
            index.push(simplified.idx);
        }
        if first.stop == StopReason::StepLimit {
            stop = StopReason::StepLimit;
        }
        let input = InputAccess {
            dims: dims.to_vec(),
            shape: dims.iter().map(|&d| self.extent(d)).collect(),
            index,
            valid: first.valid,
            raw_index,
            raw_valid,
        };
        Ok((input, stop))
    }
}

fn unreachable_dim(at: usize) -> SynoError {
    LayoutError::BadArgument {
        op: "syno access",
        arg: format!("{at}"),
        expected: "every dimension reached from the output and reduction iterators".into(),
    }
    .into()
}

impl Access {
    /// `Π extent` over the loops (saturating).
    pub fn iteration_count(&self) -> u128 {
        self.loops.iter().fold(1u128, |acc, l| {
            acc.saturating_mul(u128::try_from(l.extent).unwrap_or(0))
        })
    }

    /// What every input reads at one assignment of the loops (`None` where it reads padding).
    ///
    /// # Errors
    /// `Layout(BadArgument)` unless `env` has one in-range value per loop.
    pub fn eval(&self, env: &[i64]) -> Result<Vec<Option<Vec<i64>>>, SynoError> {
        let in_range = env.len() == self.loops.len()
            && env
                .iter()
                .zip(&self.loops)
                .all(|(&v, l)| (0..l.extent).contains(&v));
        if !in_range {
            return Err(LayoutError::BadArgument {
                op: "syno eval",
                arg: crate::support::text::list(env),
                expected: format!(
                    "one value in 0..extent for each of {} loops",
                    self.loops.len()
                ),
            }
            .into());
        }
        Ok(self.reads_at(env))
    }

    fn reads_at(&self, env: &[i64]) -> Vec<Option<Vec<i64>>> {
        self.inputs
            .iter()
            .map(|input| {
                (self.arena.eval(input.valid, env) != 0).then(|| {
                    input
                        .index
                        .iter()
                        .map(|&idx| self.arena.eval(idx, env))
                        .collect()
                })
            })
            .collect()
    }

    /// Every assignment of the loops in row-major order (the last reduction fastest).
    ///
    /// # Errors
    /// `Layout(TooLarge)` when there are more than `limit` assignments.
    pub fn points(&self, limit: usize) -> Result<Vec<Point>, SynoError> {
        let count = self.iteration_count();
        if count > limit as u128 {
            return Err(LayoutError::TooLarge {
                what: "the iteration space",
                size: count,
                limit: limit as u128,
            }
            .into());
        }
        let extents: Vec<i64> = self.loops.iter().map(|l| l.extent).collect();
        Ok(RowMajor::new(&extents)
            .map(|env| Point {
                reads: self.reads_at(&env),
                loops: env,
            })
            .collect())
    }

    /// For every output element (row-major), the input elements it reads.
    ///
    /// # Errors
    /// As [`Access::points`].
    pub fn reader_map(&self, limit: usize) -> Result<Vec<Reads>, SynoError> {
        let outputs = self.loops.iter().filter(|l| !l.reduction).count();
        let mut map: Vec<Reads> = Vec::new();
        let mut sets: Vec<SortedSet<Vec<i64>>> = Vec::new();
        for point in self.points(limit)? {
            let output = point.loops.get(..outputs).unwrap_or_default().to_vec();
            if map.last().is_none_or(|r| r.output != output) {
                flush(&mut map, &mut sets);
                map.push(Reads {
                    output,
                    inputs: Vec::new(),
                });
                sets = vec![SortedSet::new(); self.inputs.len()];
            }
            for (set, read) in sets.iter_mut().zip(point.reads) {
                set.extend(read);
            }
        }
        flush(&mut map, &mut sets);
        Ok(map)
    }

    /// `in0[o0 + r0 - 1, r1] if o0 + r0 >= 1 && …`, readable with operator precedence.
    pub fn render_input(&self, tensor: TensorId) -> Option<String> {
        let input = self.inputs.get(tensor.0)?;
        let index: Vec<String> = input
            .index
            .iter()
            .map(|&i| self.arena.render_readable(i))
            .collect();
        let mut text = format!("{tensor}[{}]", index.join(", "));
        if self.arena.bounds(input.valid) != (1, 1) {
            text.push_str(" if ");
            text.push_str(&self.arena.render_readable(input.valid));
        }
        Some(text)
    }
}

fn flush(map: &mut [Reads], sets: &mut Vec<SortedSet<Vec<i64>>>) {
    if let Some(last) = map.last_mut() {
        last.inputs = std::mem::take(sets)
            .into_iter()
            .map(|s| s.into_iter().collect())
            .collect();
    }
}
