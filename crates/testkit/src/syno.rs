//! Random Syno chains, shared by the property, WGSL and GPU test crates: decisions come from
//! [`Choices`], so proptest shrinks toward short chains of the first primitives.

use std::collections::BTreeSet;

use engine::syno::{Bindings, Chain, DimColour, DimId, Direction, Operator, Primitive, Size, Step};

use crate::Choices;

impl Choices {
    /// One of `options` (not empty), the first when the choices have run out.
    pub fn from<T: Clone>(&mut self, options: &[T]) -> T {
        options[self.pick(options.len())].clone()
    }

    /// A size: small static ones, or the variable `N` (bound in `1..=3`) times 1 or 2.
    pub fn size(&mut self) -> Size {
        match self.pick(8) {
            6 => Size::var("N"),
            7 => Size::new(2).times(&Size::var("N")).expect("small"),
            k => Size::new([2, 3, 1, 4, 2, 6][k]),
        }
    }

    /// A shape of `0..=max_len` sizes from [`Choices::size`].
    pub fn shape(&mut self, max_len: usize) -> Vec<Size> {
        let len = self.pick(max_len + 1);
        (0..len).map(|_| self.size()).collect()
    }
}

/// A value in `1..=3` for the variable `N` that [`Choices::size`] uses.
pub fn bindings(choices: &mut Choices) -> Bindings {
    Bindings::from([("N".to_string(), 1 + choices.pick(3) as i64)])
}

// ---------------------------------------------------------------------------------------------
// Random steps

/// A divisor of the size worth splitting by: a factor of the coefficient or the variable.
/// Factors come from trial division up to 64, each with its cofactor (every divisor up to a
/// coefficient of 4,096): steps can grow a coefficient past 10^12, and counting up to it hung a
/// random GPU test.
pub fn divisor(size: &Size, choices: &mut Choices) -> Size {
    let c = size.coefficient();
    let mut factors = BTreeSet::new();
    for d in (1..=c.min(64)).filter(|d| c % d == 0) {
        factors.insert(d);
        factors.insert(c / d);
    }
    let mut options: Vec<Size> = factors.into_iter().map(Size::new).collect();
    options.extend(size.variables().keys().map(|name| Size::var(name)));
    choices.from(&options)
}

/// A random step over the chain's frontier; it may break any rule, but leans towards steps
/// that pass the shape rules (Shares of equal sizes, Strides of windows by a divisor).
pub fn random_step(chain: &Chain, choices: &mut Choices) -> Step {
    let frontier: Vec<(DimId, Size)> = chain
        .frontier()
        .into_iter()
        .map(|d| (d.id, d.size))
        .collect();
    let forward = chain.direction() == Direction::Forward;
    let kind = choices.pick(8);
    let pick = |choices: &mut Choices, fits: &dyn Fn(&(DimId, Size)) -> bool| {
        let fitting: Vec<(DimId, Size)> = frontier.iter().filter(|d| fits(d)).cloned().collect();
        if !fitting.is_empty() && choices.pick(4) != 0 {
            Some(choices.from(&fitting))
        } else {
            (!frontier.is_empty()).then(|| choices.from(&frontier))
        }
    };
    let clear =
        |d: &(DimId, Size)| chain.colour(d.0) == Some(DimColour::Tensors(Default::default()));
    let first = match kind {
        1 if forward => pick(choices, &clear),
        _ => pick(choices, &|_| true),
    };
    let first_id = first.as_ref().map(|d| d.0);
    let first_size = first.as_ref().map_or(Size::new(1), |d| d.1.clone());
    let second = match kind {
        0 | 3 | 4 if forward => pick(choices, &|d| {
            d.0 != first_id.unwrap_or(d.0) && d.1 == first_size
        }),
        2 | 4 => pick(choices, &|d| {
            Some(d.0) != first_id && d.1.as_coefficient().is_some()
        }),
        _ => pick(choices, &|d| Some(d.0) != first_id),
    };
    let second_size = second.as_ref().map_or(Size::new(1), |d| d.1.clone());
    let primitive = match kind {
        0 => Primitive::Share,
        1 => Primitive::Stride(divisor(&first_size, choices).as_coefficient().unwrap_or(2)),
        2 if forward => Primitive::Unfold(choices.from(&[3, 2, 1, 4])),
        2 => Primitive::Unfold(second_size.as_coefficient().unwrap_or(3)),
        3 if forward => Primitive::Merge(second_size),
        3 => Primitive::Merge(divisor(&first_size, choices)),
        4 if forward => Primitive::Split(divisor(&first_size, choices)),
        4 => Primitive::Split(second_size),
        5 if forward => Primitive::MapReduce(first_size),
        5 => Primitive::MapReduce(choices.from(&[Size::new(2), Size::new(3), Size::var("N")])),
        6 => Primitive::Shift(choices.pick(9) as i64 - 4),
        _ => Primitive::Reverse,
    };
    let arity = if forward {
        primitive.top_arity()
    } else {
        primitive.bottom_arity()
    };
    let dims: Vec<DimId> = [first, second]
        .into_iter()
        .flatten()
        .take(arity)
        .map(|(d, _)| d)
        .collect();
    Step::new(primitive, &dims)
}

/// Up to `max_steps` random steps; rejected ones are skipped (the chain is then unchanged).
pub fn grow(chain: &mut Chain, choices: &mut Choices, max_steps: usize) {
    for _ in 0..max_steps {
        let step = random_step(chain, choices);
        let _ = chain.apply(step);
    }
}

/// A random finished backward chain: an output of up to `rank` dimensions, up to `steps`
/// steps, the frontier dealt to up to three inputs. `None` when the chain breaks a colour rule.
pub fn random_operator(choices: &mut Choices, rank: usize, steps: usize) -> Option<Operator> {
    let output = choices.shape(rank);
    let mut chain = Chain::backward(&output).ok()?;
    grow(&mut chain, choices, steps);
    let tensors = 1 + choices.pick(3);
    let mut inputs = vec![Vec::new(); tensors];
    for dim in chain.frontier() {
        inputs[choices.pick(tensors)].push(dim.id);
    }
    chain.finish_backward(&inputs).ok()
}
