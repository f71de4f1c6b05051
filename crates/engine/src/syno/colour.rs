//! Syno's colour semantics: concrete colour sets forward, constraints backward.
//!
//! Forward, every dimension's colours are known: input tensor `t`'s dimensions carry `{t}` and
//! [`forward_colours`] is the forward column of the colour table.
//!
//! Backward, a frontier dimension's colours are not known until it is handed to an input
//! tensor, so every frontier dimension is an open colour variable and every dimension's colours
//! are a union of open variables ([`Constraints`]). The backward column of the table then reads:
//! Share substitutes its bottom dimension with the union of its two new ones and adds a disjoint
//! constraint; Stride clears its bottom dimension and puts its new one on the known-clear-colour
//! list; Unfold clears its window (taking it off the list, or simplifying constraints with the
//! empty set); Merge substitutes the union; Split substitutes both bottom dimensions with the new
//! one and simplifies. Simplifying a constraint whose two sides share a variable puts the
//! variable on the known-clear list, since only an empty colour set is disjoint from itself.

use crate::support::sorted::{SortedMap, SortedSet};

use super::error::{Rule, SynoError};
use super::primitive::Primitive;
use super::{DimId, TensorId};

/// The colours of a dimension: the input tensors whose dimensions flow into it.
pub type ColourSet = SortedSet<TensorId>;

/// What a chain knows about a dimension's colours.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DimColour {
    /// Forward chains and finished operators: the concrete colour set.
    Tensors(ColourSet),
    /// Backward chains: the union of the colours of these open frontier dimensions; empty when
    /// the dimension is known to have no colour.
    Open(SortedSet<DimId>),
}

/// A backward disjoint constraint `left ∩ right = ∅`, added by the Share at `step`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Disjoint {
    /// One side: the union of these open frontier dimensions' colours.
    pub left: SortedSet<DimId>,
    /// The other side, likewise.
    pub right: SortedSet<DimId>,
    /// The 0-based step of the Share that added it.
    pub step: usize,
}

/// Why a dimension is on the known-clear-colour list: the step and the rule that require it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Origin {
    /// The 0-based step that requires it.
    pub step: usize,
    /// The rule that requires it: [`Rule::StrideClear`] or [`Rule::ShareDisjoint`].
    pub rule: Rule,
}

/// The bottom colours of a step from its top colours (the forward column of the colour table),
/// or the rule it breaks.
pub(crate) fn forward_colours(
    primitive: &Primitive,
    top: &[ColourSet],
) -> Result<Vec<ColourSet>, (Rule, String)> {
    let show = |set: &ColourSet| {
        let names: Vec<String> = set.iter().map(TensorId::to_string).collect();
        format!("{{{}}}", names.join(", "))
    };
    Ok(match (primitive, top) {
        (Primitive::Share, [a, b]) => {
            if let Some(common) = a.intersection(b).next() {
                return Err((
                    Rule::ShareDisjoint,
                    format!(
                        "Share of colours {} and {} (both have {common})",
                        show(a),
                        show(b)
                    ),
                ));
            }
            vec![union(a, b)]
        }
        (Primitive::Stride(_), [a]) => {
            if !a.is_empty() {
                return Err((
                    Rule::StrideClear,
                    format!("Stride of a dimension coloured {}", show(a)),
                ));
            }
            vec![ColourSet::new()]
        }
        (Primitive::Unfold(_), [a]) => vec![a.clone(), ColourSet::new()],
        (Primitive::Merge(_), [a, b]) => vec![union(a, b)],
        (Primitive::Split(_), [a]) => vec![a.clone(), a.clone()],
        (Primitive::MapReduce(_), _) => Vec::new(),
        (Primitive::Shift(_) | Primitive::Reverse, [a]) => vec![a.clone()],
        _ => Vec::new(),
    })
}

/// Backward colour state: each dimension's colours over the open frontier variables, the
/// disjoint constraints and the known-clear-colour list.
#[derive(Clone, Debug, Default)]
pub(crate) struct Constraints {
    colours: Vec<SortedSet<DimId>>,
    disjoint: Vec<Disjoint>,
    known_clear: SortedMap<DimId, Origin>,
}

impl Constraints {
    /// A new frontier dimension: an open variable of its own.
    pub(crate) fn add_dim(&mut self, dim: DimId) {
        debug_assert_eq!(dim.index(), self.colours.len());
        let mut colour = SortedSet::new();
        colour.insert(dim);
        self.colours.push(colour);
    }

    pub(crate) fn colour(&self, dim: DimId) -> Option<&SortedSet<DimId>> {
        self.colours.get(dim.index())
    }

    pub(crate) fn disjoint(&self) -> &[Disjoint] {
        &self.disjoint
    }

    pub(crate) fn known_clear(&self) -> &SortedMap<DimId, Origin> {
        &self.known_clear
    }

    fn replace(set: &mut SortedSet<DimId>, var: DimId, with: &[DimId]) {
        if set.remove(&var) {
            set.extend(with.iter().copied());
        }
    }

    /// `var := ∪ with` everywhere; a known-clear `var` makes every new variable known clear.
    pub(crate) fn substitute(&mut self, var: DimId, with: &[DimId]) {
        for set in &mut self.colours {
            Self::replace(set, var, with);
        }
        for constraint in &mut self.disjoint {
            Self::replace(&mut constraint.left, var, with);
            Self::replace(&mut constraint.right, var, with);
        }
        if let Some(origin) = self.known_clear.remove(&var) {
            for &new in with {
                self.require_clear(new, origin);
            }
        }
        self.simplify();
    }

    /// `var := ∅`: takes it off the known-clear list (returning its origin), or simplifies the
    /// constraints with the empty set.
    pub(crate) fn clear(&mut self, var: DimId) -> Option<Origin> {
        let was = self.known_clear.remove(&var);
        self.substitute(var, &[]);
        was
    }

    /// Puts `var` on the known-clear list (keeping an earlier origin) and drops it from every
    /// colour set and constraint.
    pub(crate) fn require_clear(&mut self, var: DimId, origin: Origin) {
        self.known_clear.entry(var).or_insert(origin);
        for set in &mut self.colours {
            set.remove(&var);
        }
        for constraint in &mut self.disjoint {
            constraint.left.remove(&var);
            constraint.right.remove(&var);
        }
    }

    pub(crate) fn add_disjoint(&mut self, left: DimId, right: DimId, step: usize) {
        // a side known clear has no colour to share: it drops out
        let side = |d: DimId| {
            let mut set = SortedSet::new();
            if !self.known_clear.contains_key(&d) {
                set.insert(d);
            }
            set
        };
        let (left, right) = (side(left), side(right));
        self.disjoint.push(Disjoint { left, right, step });
        self.simplify();
    }

    /// Drops constraints with an empty side; a variable on both sides of a constraint must be
    /// clear.
    fn simplify(&mut self) {
        loop {
            let forced = self
                .disjoint
                .iter()
                .find_map(|c| c.left.intersection(&c.right).next().map(|&v| (v, c.step)));
            let Some((var, step)) = forced else { break };
            self.require_clear(
                var,
                Origin {
                    step,
                    rule: Rule::ShareDisjoint,
                },
            );
        }
        self.disjoint
            .retain(|c| !c.left.is_empty() && !c.right.is_empty());
    }

    /// Checks the constraints once every frontier dimension has a tensor: no known-clear
    /// dimension may belong to a tensor (its dimensions are coloured) and every disjoint
    /// constraint must hold. Reports the failure with the earliest step.
    pub(crate) fn check(&self, tensor_of: &SortedMap<DimId, TensorId>) -> Result<(), SynoError> {
        let mut failures: Vec<SynoError> = Vec::new();
        for (&dim, origin) in &self.known_clear {
            if let Some(tensor) = tensor_of.get(&dim) {
                failures.push(SynoError::rejected(
                    origin.step,
                    origin.rule,
                    format!("{dim} must have no colour but is a dimension of {tensor}"),
                ));
            }
        }
        for constraint in &self.disjoint {
            let colours = |side: &SortedSet<DimId>| {
                let mut set = ColourSet::new();
                set.extend(side.iter().filter_map(|d| tensor_of.get(d).copied()));
                set
            };
            let (left, right) = (colours(&constraint.left), colours(&constraint.right));
            let common = left.intersection(&right).next().copied();
            if let Some(common) = common {
                failures.push(SynoError::rejected(
                    constraint.step,
                    Rule::ShareDisjoint,
                    format!(
                        "both sides of the Share reach {common} (through {} and {})",
                        list(&constraint.left),
                        list(&constraint.right)
                    ),
                ));
            }
        }
        match failures
            .into_iter()
            .min_by_key(|e| e.rule().map_or(usize::MAX, |(step, _)| step))
        {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }
}

/// `a ∪ b`, built by insertion (`collect` into a set sorts first, which costs wasm bytes).
fn union(a: &ColourSet, b: &ColourSet) -> ColourSet {
    let mut set = a.clone();
    set.extend(b.iter().copied());
    set
}

fn list(dims: &SortedSet<DimId>) -> String {
    let names: Vec<String> = dims.iter().map(DimId::to_string).collect();
    names.join(" ∪ ")
}
