//! A chain of primitives built step by step, in either direction, with Syno's shape and
//! colour rules checked at every step; a finished chain is an [`Operator`].

use crate::support::sorted::{SortedMap, SortedSet};

use super::colour::{forward_colours, ColourSet, Constraints, DimColour, Disjoint, Origin};
use super::error::{Rule, SynoError};
use super::primitive::{AppliedStep, Primitive, Step};
use super::shape::{backward_sizes, check_constants, forward_sizes};
use super::size::{Bindings, Size};
use super::{access, Access, DimId, TensorId};
use crate::error::LayoutError;

/// Most dimensions a chain creates.
pub const MAX_DIMS: usize = 1024;
/// Most steps a chain takes (expressions nest about three levels per step, and the engine's
/// evaluator and simplifier recurse over them).
pub const MAX_STEPS: usize = 256;

/// Which end a chain starts from; see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// From the input tensors towards the output.
    Forward,
    /// From the output towards the input tensors (Syno's direction).
    Backward,
}

/// A dimension as the UI shows it: its size and what is known of its colours.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DimView {
    /// Which dimension (`d3`).
    pub id: DimId,
    /// Its size, symbolic until bound.
    pub size: Size,
    /// What the chain knows of its colours.
    pub colour: DimColour,
}

#[derive(Clone, Debug)]
enum Colours {
    Forward(Vec<ColourSet>),
    Backward(Constraints),
}

/// A chain under construction. Steps that break a rule are rejected and leave it unchanged.
#[derive(Clone, Debug)]
pub struct Chain {
    direction: Direction,
    sizes: Vec<Size>,
    steps: Vec<AppliedStep>,
    /// Forward: the bottom-most dimensions so far; backward: the top-most ones.
    frontier: Vec<DimId>,
    /// Forward: each input tensor's dimensions; backward: one group, the output's dimensions.
    start: Vec<Vec<DimId>>,
    colours: Colours,
    /// The frontier at the start and after every step.
    history: Vec<Vec<DimView>>,
}

fn bad_start(op: &'static str, sizes: &[Size]) -> SynoError {
    let shown: Vec<String> = sizes.iter().map(Size::to_string).collect();
    LayoutError::BadArgument {
        op,
        arg: format!("({})", shown.join(", ")),
        expected: "positive sizes (coefficient >= 1)".into(),
    }
    .into()
}

impl Chain {
    /// A forward chain over input tensors of these shapes; tensor `t`'s dimensions are coloured
    /// `{t}` and form the first frontier, tensor by tensor.
    ///
    /// # Errors
    /// `Layout(BadArgument)` for a size that is not positive; `Layout(TooLarge)` past
    /// [`MAX_DIMS`].
    pub fn forward(inputs: &[Vec<Size>]) -> Result<Chain, SynoError> {
        let mut chain = Chain::empty(Direction::Forward);
        for (t, shape) in inputs.iter().enumerate() {
            if !shape.iter().all(Size::is_positive) {
                return Err(bad_start("syno input", shape));
            }
            let mut dims = Vec::new();
            for size in shape {
                let mut colour = ColourSet::new();
                colour.insert(TensorId(t));
                dims.push(chain.new_dim(size.clone(), &colour)?);
            }
            chain.frontier.extend(&dims);
            chain.start.push(dims);
        }
        chain.history.push(chain.frontier());
        Ok(chain)
    }

    /// A backward chain from an output of this shape; its dimensions form the first frontier.
    ///
    /// # Errors
    /// As [`Chain::forward`].
    pub fn backward(output: &[Size]) -> Result<Chain, SynoError> {
        if !output.iter().all(Size::is_positive) {
            return Err(bad_start("syno output", output));
        }
        let mut chain = Chain::empty(Direction::Backward);
        let mut dims = Vec::new();
        for size in output {
            dims.push(chain.new_dim(size.clone(), &ColourSet::new())?);
        }
        chain.frontier.clone_from(&dims);
        chain.start.push(dims);
        chain.history.push(chain.frontier());
        Ok(chain)
    }

    fn empty(direction: Direction) -> Chain {
        Chain {
            direction,
            sizes: Vec::new(),
            steps: Vec::new(),
            frontier: Vec::new(),
            start: Vec::new(),
            colours: match direction {
                Direction::Forward => Colours::Forward(Vec::new()),
                Direction::Backward => Colours::Backward(Constraints::default()),
            },
            history: Vec::new(),
        }
    }

    fn new_dim(&mut self, size: Size, colour: &ColourSet) -> Result<DimId, SynoError> {
        let id = u32::try_from(self.sizes.len())
            .ok()
            .filter(|&n| (n as usize) < MAX_DIMS)
            .ok_or(LayoutError::TooLarge {
                what: "a Syno chain's dimensions",
                size: self.sizes.len() as u128 + 1,
                limit: MAX_DIMS as u128,
            })?;
        let dim = DimId(id);
        self.sizes.push(size);
        match &mut self.colours {
            Colours::Forward(sets) => sets.push(colour.clone()),
            Colours::Backward(constraints) => constraints.add_dim(dim),
        }
        Ok(dim)
    }

    /// Which end the chain started from.
    pub fn direction(&self) -> Direction {
        self.direction
    }

    /// Forward: each input tensor's dimensions; backward: one group, the output's dimensions.
    pub fn start(&self) -> &[Vec<DimId>] {
        &self.start
    }

    /// The steps applied so far, in order, each with its top and bottom dimensions.
    pub fn steps(&self) -> &[AppliedStep] {
        &self.steps
    }

    /// The size of any dimension the chain has made.
    pub fn size(&self, dim: DimId) -> Option<&Size> {
        self.sizes.get(dim.index())
    }

    /// What is known of any dimension's colours now.
    pub fn colour(&self, dim: DimId) -> Option<DimColour> {
        match &self.colours {
            Colours::Forward(sets) => sets.get(dim.index()).cloned().map(DimColour::Tensors),
            Colours::Backward(constraints) => constraints.colour(dim).cloned().map(DimColour::Open),
        }
    }

    /// The current frontier: forward, the bottom-most dimensions (the output so far);
    /// backward, the top-most ones (the inputs' dimensions to be).
    pub fn frontier(&self) -> Vec<DimView> {
        self.frontier
            .iter()
            .filter_map(|&id| {
                Some(DimView {
                    id,
                    size: self.size(id)?.clone(),
                    colour: self.colour(id)?,
                })
            })
            .collect()
    }

    /// The frontier at the start (`[0]`) and after each step (`[k + 1]`), as it was then.
    pub fn history(&self) -> &[Vec<DimView>] {
        &self.history
    }

    /// Backward chains: the disjoint constraints still open (empty for forward chains).
    pub fn constraints(&self) -> &[Disjoint] {
        match &self.colours {
            Colours::Forward(_) => &[],
            Colours::Backward(constraints) => constraints.disjoint(),
        }
    }

    /// Backward chains: the known-clear-colour list with why each entry is on it.
    pub fn known_clear(&self) -> Vec<(DimId, Origin)> {
        match &self.colours {
            Colours::Forward(_) => Vec::new(),
            Colours::Backward(constraints) => constraints
                .known_clear()
                .iter()
                .map(|(&d, &o)| (d, o))
                .collect(),
        }
    }

    /// Applies `step` and returns the dimensions it creates (in the primitive's notation order);
    /// the new dimensions take the frontier place of the first dimension the step names.
    ///
    /// # Errors
    /// `Rejected` at index `steps().len()` naming the rule that fails: [`Rule::Frontier`],
    /// [`Rule::PositiveConstant`], a shape rule or (forward) a colour rule. Backward colour
    /// rules fail in [`Chain::finish_backward`]. `Layout(TooLarge)` past [`MAX_STEPS`] or
    /// [`MAX_DIMS`]. On error the chain is unchanged.
    pub fn apply(&mut self, step: Step) -> Result<Vec<DimId>, SynoError> {
        let index = self.steps.len();
        if index >= MAX_STEPS {
            return Err(LayoutError::TooLarge {
                what: "a Syno chain's steps",
                size: index as u128 + 1,
                limit: MAX_STEPS as u128,
            }
            .into());
        }
        let arity = match self.direction {
            Direction::Forward => step.primitive.top_arity(),
            Direction::Backward => step.primitive.bottom_arity(),
        };
        // sets built by insertion: `collect` into a set sorts first, which costs wasm bytes
        let mut distinct = SortedSet::new();
        distinct.extend(step.dims.iter().copied());
        if step.dims.len() != arity
            || distinct.len() != arity
            || !step.dims.iter().all(|d| self.frontier.contains(d))
        {
            let named: Vec<String> = step.dims.iter().map(DimId::to_string).collect();
            return Err(SynoError::rejected(
                index,
                Rule::Frontier,
                format!(
                    "{} takes {arity} distinct frontier dimension(s), got [{}]",
                    step.primitive,
                    named.join(", ")
                ),
            ));
        }
        check_constants(index, &step.primitive)?;
        if self.sizes.len() + 2 > MAX_DIMS {
            return Err(LayoutError::TooLarge {
                what: "a Syno chain's dimensions",
                size: self.sizes.len() as u128 + 2,
                limit: MAX_DIMS as u128,
            }
            .into());
        }
        // Both directions check every rule before they change anything.
        let created = match self.direction {
            Direction::Forward => self.apply_forward(index, &step)?,
            Direction::Backward => self.apply_backward(index, &step)?,
        };
        let position = step
            .dims
            .first()
            .and_then(|d| self.frontier.iter().position(|f| f == d))
            .unwrap_or(self.frontier.len());
        self.frontier.retain(|d| !step.dims.contains(d));
        let position = position.min(self.frontier.len());
        self.frontier
            .splice(position..position, created.iter().copied());
        self.history.push(self.frontier());
        Ok(created)
    }

    fn sizes_of(&self, dims: &[DimId]) -> Vec<Size> {
        dims.iter().filter_map(|&d| self.size(d).cloned()).collect()
    }

    fn apply_forward(&mut self, index: usize, step: &Step) -> Result<Vec<DimId>, SynoError> {
        let sizes = self.sizes_of(&step.dims);
        let bottom_sizes = forward_sizes(index, &step.primitive, &sizes)?;
        let Colours::Forward(sets) = &self.colours else {
            return Ok(Vec::new());
        };
        let top_colours: Vec<ColourSet> = step
            .dims
            .iter()
            .filter_map(|d| sets.get(d.index()).cloned())
            .collect();
        let bottom_colours = forward_colours(&step.primitive, &top_colours)
            .map_err(|(rule, detail)| SynoError::rejected(index, rule, detail))?;
        let mut created = Vec::new();
        for (size, colour) in bottom_sizes.into_iter().zip(&bottom_colours) {
            created.push(self.new_dim(size, colour)?);
        }
        self.steps.push(AppliedStep {
            primitive: step.primitive.clone(),
            top: step.dims.clone(),
            bottom: created.clone(),
        });
        Ok(created)
    }

    fn apply_backward(&mut self, index: usize, step: &Step) -> Result<Vec<DimId>, SynoError> {
        let sizes = self.sizes_of(&step.dims);
        let top_sizes = backward_sizes(index, &step.primitive, &sizes)?;
        let mut created = Vec::new();
        for size in top_sizes {
            created.push(self.new_dim(size, &ColourSet::new())?);
        }
        if let Colours::Backward(constraints) = &mut self.colours {
            match (&step.primitive, step.dims.as_slice(), created.as_slice()) {
                (Primitive::Share, &[d], &[a, b]) => {
                    constraints.substitute(d, &[a, b]);
                    constraints.add_disjoint(a, b, index);
                }
                (Primitive::Stride(_), &[d], &[a]) => {
                    constraints.clear(d);
                    let rule = Rule::StrideClear;
                    constraints.require_clear(a, Origin { step: index, rule });
                }
                (Primitive::Unfold(_), &[i, j], &[a]) => {
                    constraints.substitute(i, &[a]);
                    constraints.clear(j);
                }
                (Primitive::Merge(_), &[d], &[a, b]) => constraints.substitute(d, &[a, b]),
                (Primitive::Split(_), &[i, j], &[a]) => {
                    constraints.substitute(i, &[a]);
                    constraints.substitute(j, &[a]);
                }
                (Primitive::Shift(_) | Primitive::Reverse, &[d], &[a]) => {
                    constraints.substitute(d, &[a]);
                }
                _ => {}
            }
        }
        self.steps.push(AppliedStep {
            primitive: step.primitive.clone(),
            top: created.clone(),
            bottom: step.dims.clone(),
        });
        Ok(created)
    }

    /// Finishes a forward chain: `output` orders the frontier as the output's dimensions.
    ///
    /// # Errors
    /// `Rejected` with [`Rule::Frontier`] at index `steps().len()` unless `output` names every
    /// frontier dimension exactly once; `Layout(BadArgument)` for a backward chain.
    pub fn finish_forward(&self, output: &[DimId]) -> Result<Operator, SynoError> {
        if self.direction != Direction::Forward {
            return Err(wrong_direction("finish_forward", "a forward chain"));
        }
        self.check_cover(&[output.to_vec()], "the output")?;
        self.operator(self.start.clone(), output.to_vec())
    }

    /// Finishes a backward chain: `inputs[t]` lists input tensor `t`'s dimensions, and the
    /// colour constraints are checked with every dimension of `t` coloured `{t}`.
    ///
    /// # Errors
    /// `Rejected` with [`Rule::Frontier`] at index `steps().len()` unless the tensors name
    /// every frontier dimension exactly once; `Rejected` with the colour rule that fails at the
    /// step that made the constraint (the Share of a violated disjoint constraint, the Stride or
    /// Share that put a dimension now given to a tensor on the known-clear list);
    /// `Layout(BadArgument)` for a forward chain.
    pub fn finish_backward(&self, inputs: &[Vec<DimId>]) -> Result<Operator, SynoError> {
        let Colours::Backward(constraints) = &self.colours else {
            return Err(wrong_direction("finish_backward", "a backward chain"));
        };
        self.check_cover(inputs, "the input tensors")?;
        let mut tensor_of = SortedMap::new();
        tensor_of.extend(
            inputs
                .iter()
                .enumerate()
                .flat_map(|(t, dims)| dims.iter().map(move |&d| (d, TensorId(t)))),
        );
        constraints.check(&tensor_of)?;
        let output = self.start.first().cloned().unwrap_or_default();
        self.operator(inputs.to_vec(), output)
    }

    fn check_cover(&self, groups: &[Vec<DimId>], what: &str) -> Result<(), SynoError> {
        let named: Vec<DimId> = groups.iter().flatten().copied().collect();
        let (mut distinct, mut frontier) = (SortedSet::new(), SortedSet::new());
        distinct.extend(named.iter().copied());
        frontier.extend(self.frontier.iter().copied());
        if named.len() == distinct.len() && distinct == frontier {
            return Ok(());
        }
        let shown: Vec<String> = self.frontier.iter().map(DimId::to_string).collect();
        Err(SynoError::rejected(
            self.steps.len(),
            Rule::Frontier,
            format!(
                "{what} must name each of [{}] exactly once",
                shown.join(", ")
            ),
        ))
    }

    fn operator(&self, inputs: Vec<Vec<DimId>>, output: Vec<DimId>) -> Result<Operator, SynoError> {
        let reductions = self
            .steps
            .iter()
            .filter(|s| matches!(s.primitive, Primitive::MapReduce(_)))
            .filter_map(|s| s.top.first().copied())
            .collect();
        let mut colours = vec![ColourSet::new(); self.sizes.len()];
        for (t, dims) in inputs.iter().enumerate() {
            for d in dims {
                if let Some(set) = colours.get_mut(d.index()) {
                    set.insert(TensorId(t));
                }
            }
        }
        let mut order: Vec<usize> = (0..self.steps.len()).collect();
        if self.direction == Direction::Backward {
            order.reverse();
        }
        for index in order {
            let Some(step) = self.steps.get(index) else {
                continue;
            };
            let top: Vec<ColourSet> = step
                .top
                .iter()
                .filter_map(|d| colours.get(d.index()).cloned())
                .collect();
            // Forward chains passed this at every step, backward ones through the constraints;
            // the check stays as a guard that the two columns of the table agree.
            let bottom = forward_colours(&step.primitive, &top)
                .map_err(|(rule, detail)| SynoError::rejected(index, rule, detail))?;
            for (d, set) in step.bottom.iter().zip(bottom) {
                if let Some(slot) = colours.get_mut(d.index()) {
                    *slot = set;
                }
            }
        }
        Ok(Operator {
            chain: self.clone(),
            inputs,
            output,
            reductions,
            colours,
        })
    }
}

fn wrong_direction(op: &'static str, expected: &str) -> SynoError {
    LayoutError::BadArgument {
        op,
        arg: "the chain".into(),
        expected: expected.into(),
    }
    .into()
}

/// A finished chain: which dimensions are the inputs', the output's and the reductions'.
#[derive(Clone, Debug)]
pub struct Operator {
    chain: Chain,
    inputs: Vec<Vec<DimId>>,
    output: Vec<DimId>,
    reductions: Vec<DimId>,
    colours: Vec<ColourSet>,
}

impl Operator {
    /// The chain the operator was finished from.
    pub fn chain(&self) -> &Chain {
        &self.chain
    }

    /// Each input tensor's dimensions (the top of the graph).
    pub fn inputs(&self) -> &[Vec<DimId>] {
        &self.inputs
    }

    /// The output's dimensions (bottom of the graph, never reduced).
    pub fn output(&self) -> &[DimId] {
        &self.output
    }

    /// The reduction iterators, in the order of their MapReduce steps.
    pub fn reductions(&self) -> &[DimId] {
        &self.reductions
    }

    /// The size of dimension `dim`, if the chain made it.
    pub fn size(&self, dim: DimId) -> Option<&Size> {
        self.chain.size(dim)
    }

    /// The concrete colours of any dimension: the forward column of the colour table applied
    /// from the inputs down.
    pub fn colour(&self, dim: DimId) -> Option<&ColourSet> {
        self.colours.get(dim.index())
    }

    /// The shapes of the input tensors.
    pub fn input_shapes(&self) -> Vec<Vec<Size>> {
        self.inputs
            .iter()
            .map(|dims| self.chain.sizes_of(dims))
            .collect()
    }

    /// The output's shape, one size per output dimension.
    pub fn output_shape(&self) -> Vec<Size> {
        self.chain.sizes_of(&self.output)
    }

    /// Every input's coordinates as simplified expressions of the output and reduction
    /// iterators, with the sizes bound.
    ///
    /// # Errors
    /// `Layout(BadArgument)` for an unbound variable; `Layout(Overflow)`; `Layout(TooLarge)`
    /// for a bound size above [`super::MAX_EXTENT`].
    pub fn access(&self, bindings: &Bindings) -> Result<Access, SynoError> {
        access::build(self, bindings)
    }

    pub(crate) fn sizes(&self) -> &[Size] {
        &self.chain.sizes
    }
}
