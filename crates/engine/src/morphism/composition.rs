//! Composition of tractable layouts through Nest morphisms (§4.1.2, §4.1.3): the resolved
//! diagram of Construction 4.1.2.1 (`tract` `weak_composite`) and Algorithm 4.1.3 with every
//! intermediate step kept as data.

use super::refinement::{mutual_refinement, MutualRefinement, NotMutuallyRefinable};
use super::standard::NotTractable;
use super::{compose, Morphism};
use crate::cute::pycute::algebra;
use crate::cute::Layout;
use crate::error::LayoutError;

/// The resolved diagram of Construction 4.1.2.1 for `f : S → T`, `g : U → V`:
/// `S' --f̃--> T' --ι--> U' --g'--> V'` over a mutual refinement `(T', U')`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeakComposite {
    refinement: MutualRefinement,
    pulled_back: Morphism,
    inclusion: Morphism,
    f_prime: Morphism,
    g_prime: Morphism,
    composite: Morphism,
}

impl WeakComposite {
    /// `(T', U')` from Algorithm 4.1.1.
    pub fn refinement(&self) -> &MutualRefinement {
        &self.refinement
    }
    /// `f̃ = T'^* f : S' → T'`.
    pub fn pulled_back(&self) -> &Morphism {
        &self.pulled_back
    }
    /// `ι : T' → U'`, the prefix inclusion `(1, …, len(T'))`.
    pub fn inclusion(&self) -> &Morphism {
        &self.inclusion
    }
    /// `f' = ι ∘ f̃ : S' → U'`.
    pub fn f_prime(&self) -> &Morphism {
        &self.f_prime
    }
    /// `g' = U'_* g : U' → V'`.
    pub fn g_prime(&self) -> &Morphism {
        &self.g_prime
    }
    /// `g' ∘ f' : S' → V'`, whose layout has the layout function `Φ_{L_g} ∘ Φ_{L_f}`.
    pub fn composite(&self) -> &Morphism {
        &self.composite
    }
}

/// Construction 4.1.2.1 on a mutual refinement already found.
fn resolve(
    f: &Morphism,
    g: &Morphism,
    refinement: MutualRefinement,
) -> Result<WeakComposite, LayoutError> {
    let pulled_back = f.pullback(refinement.t())?;
    let prefix = refinement.t().flatten().len();
    let inclusion = Morphism::new(
        refinement.t().clone(),
        refinement.u().clone(),
        (1..=prefix).collect(),
    )?;
    let f_prime = compose(&pulled_back, &inclusion)?;
    let g_prime = g.pushforward(refinement.u())?;
    let composite = compose(&f_prime, &g_prime)?;
    Ok(WeakComposite {
        refinement,
        pulled_back,
        inclusion,
        f_prime,
        g_prime,
        composite,
    })
}

/// The weak composite of `f : S → T` and `g : U → V` through the mutual refinement of `T` and
/// `U` (`tract` `weak_composite`; Construction 4.1.2.1).
///
/// # Errors
/// `BadArgument` when `T` and `U` have no mutual refinement, with the reason.
pub fn weak_composite(f: &Morphism, g: &Morphism) -> Result<WeakComposite, LayoutError> {
    let refinement =
        mutual_refinement(&f.codomain, &g.domain).map_err(|reason| LayoutError::BadArgument {
            op: "weak_composite",
            arg: format!("f = {f}, g = {g}"),
            expected: format!("f's codomain and g's domain mutually refinable ({reason})"),
        })?;
    resolve(f, g, refinement)
}

/// Which operand of a layout composition `B ∘ A`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// `A`, whose standard representation is `f`.
    A,
    /// `coal(B)`, whose standard representation Algorithm 4.1.3 takes.
    CoalescedB,
}

/// Every step of Algorithm 4.1.3 on tractable layouts `A` and `B`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompositionSteps {
    coalesced_b: Layout,
    f: Morphism,
    g: Morphism,
    resolved: WeakComposite,
    layout: Layout,
    result: Layout,
}

impl CompositionSteps {
    /// `coal(B)`.
    pub fn coalesced_b(&self) -> &Layout {
        &self.coalesced_b
    }
    /// Step 1: the standard representation `f : S → T` of `A`.
    pub fn f(&self) -> &Morphism {
        &self.f
    }
    /// Step 1: the standard representation `g : U → V` of `coal(B)`.
    pub fn g(&self) -> &Morphism {
        &self.g
    }
    /// Steps 2–4: the mutual refinement and the resolved diagram, with `g' ∘ f'`.
    pub fn resolved(&self) -> &WeakComposite {
        &self.resolved
    }
    /// Step 5: `C = L_{g'∘f'}`, a weak composite of `A` and `B` (Theorem 4.1.3.1).
    pub fn layout(&self) -> &Layout {
        &self.layout
    }
    /// Step 6: `B ∘ A = coal(C, shape(A))`.
    pub fn result(&self) -> &Layout {
        &self.result
    }
}

/// What Algorithm 4.1.3 gives for `B ∘ A`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompositionOutcome {
    /// Every step ran: `B ∘ A` and how it was reached.
    Composed(Box<CompositionSteps>),
    /// `A` or `coal(B)` has no standard representation.
    NotTractable {
        /// The operand without one.
        operand: Operand,
        /// Why it has none.
        reason: NotTractable,
    },
    /// The codomain of `f` and the domain of `g` have no mutual refinement.
    NoMutualRefinement {
        /// The standard representation of `A`.
        f: Morphism,
        /// The standard representation of `coal(B)`.
        g: Morphism,
        /// Why `T` and `U` do not refine each other.
        reason: NotMutuallyRefinable,
    },
}

/// Algorithm 4.1.3: `B ∘ A` for tractable `A` and `B`, every step kept. Take the standard
/// representations `f : S → T` of `A` and `g : U → V` of `coal(B)`, a mutual refinement
/// `(T', U')`, the composable `S' --f'--> U' --g'--> V'`, `C = L_{g'∘f'}`, and
/// `B ∘ A = coal(C, shape(A))`. `A = (6,6):(6,1)`, `B = (12,3,6):(1,72,12)` give
/// `((2,3),6):((6,72),1)` (Example 4.1.4.2).
///
/// # Errors
/// `Overflow`; the outcomes without a composite are [`CompositionOutcome`] variants.
pub fn composition_steps(a: &Layout, b: &Layout) -> Result<CompositionOutcome, LayoutError> {
    let f = match Morphism::from_layout(a) {
        Ok(f) => f,
        Err(reason) => {
            return Ok(CompositionOutcome::NotTractable {
                operand: Operand::A,
                reason,
            })
        }
    };
    let coalesced_b = algebra::coalesce(b);
    let g = match Morphism::from_layout(&coalesced_b) {
        Ok(g) => g,
        Err(reason) => {
            return Ok(CompositionOutcome::NotTractable {
                operand: Operand::CoalescedB,
                reason,
            })
        }
    };
    let refinement = match mutual_refinement(&f.codomain, &g.domain) {
        Ok(refinement) => refinement,
        Err(reason) => return Ok(CompositionOutcome::NoMutualRefinement { f, g, reason }),
    };
    let resolved = resolve(&f, &g, refinement)?;
    let layout = resolved.composite.layout()?;
    let result = algebra::coalesce_by(&layout, a.shape())?;
    Ok(CompositionOutcome::Composed(Box::new(CompositionSteps {
        coalesced_b,
        f,
        g,
        resolved,
        layout,
        result,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cute::Notation;

    fn m(text: &str) -> Morphism {
        Morphism::parse(text).unwrap()
    }

    fn notation(tuple: &crate::cute::IntTuple) -> String {
        tuple.to_notation(Notation::Cute)
    }

    /// Algorithm 4.1.3 on `B ∘ A`: every step, and the result equal to CuTe's composition.
    #[track_caller]
    fn check_steps(a: &str, b: &str, steps: [&str; 8]) {
        let (a, b) = (Layout::parse(a).unwrap(), Layout::parse(b).unwrap());
        let CompositionOutcome::Composed(got) = composition_steps(&a, &b).unwrap() else {
            panic!("no composite");
        };
        let resolved = got.resolved();
        let shown = [
            got.f().to_string(),
            got.g().to_string(),
            format!(
                "{} {}",
                notation(resolved.refinement().t()),
                notation(resolved.refinement().u())
            ),
            resolved.f_prime().to_string(),
            resolved.g_prime().to_string(),
            resolved.composite().to_string(),
            got.layout().to_string(),
            got.result().to_string(),
        ];
        assert_eq!(shown, steps);
        assert_eq!(
            resolved.f_prime(),
            &compose(resolved.pulled_back(), resolved.inclusion()).unwrap()
        );
        assert_eq!(got.result(), &algebra::composition(&b, &a).unwrap());
    }

    #[test]
    fn paper_examples_4_1_4() {
        check_steps(
            "(4):(1)",
            "(2,2):(2,1)",
            [
                "(4) --(1,)--> (4)",
                "(2,2) --(2, 1)--> (2,2)",
                "((2,2)) (2,2)",
                "((2,2)) --(1, 2)--> (2,2)",
                "(2,2) --(2, 1)--> (2,2)",
                "((2,2)) --(2, 1)--> (2,2)",
                "((2,2)):((2,1))",
                "((2,2)):((2,1))",
            ],
        );
        check_steps(
            "(6,6):(6,1)",
            "(12,3,6):(1,72,12)",
            [
                "(6,6) --(2, 1)--> (6,6)",
                "(12,3,6) --(1, 3, 2)--> (12,6,3)",
                "(6,(2,3)) ((6,2),3,6)",
                "((2,3),6) --(2, 3, 1)--> ((6,2),3,6)",
                "((6,2),3,6) --(1, 2, 4, 3)--> ((6,2),6,3)",
                "((2,3),6) --(2, 4, 1)--> ((6,2),6,3)",
                "((2,3),6):((6,72),1)",
                "((2,3),6):((6,72),1)",
            ],
        );
        check_steps(
            "(6,6):(5,60)",
            "(10,360):(2,60)",
            [
                "(6,6) --(2, 4)--> (5,6,2,6)",
                "(10,360) --(2, 4)--> (2,10,3,360)",
                "(5,(2,3),2,6) ((5,2),(3,2,6,10))",
                "((2,3),6) --(2, 3, 5)--> ((5,2),(3,2,6,10))",
                "((5,2),(3,2,6,10)) --(2, 3, 5, 6, 7, 8)--> (2,(5,2),3,(3,2,6,10))",
                "((2,3),6) --(3, 5, 7)--> (2,(5,2),3,(3,2,6,10))",
                "((2,3),6):((10,60),360)",
                "((2,3),6):((10,60),360)",
            ],
        );
    }

    #[test]
    fn composition_outcomes_without_a_composite() {
        let l = |text: &str| Layout::parse(text).unwrap();
        assert!(matches!(
            composition_steps(&l("(2,2):(1,7)"), &l("8:1")).unwrap(),
            CompositionOutcome::NotTractable {
                operand: Operand::A,
                ..
            }
        ));
        assert!(matches!(
            composition_steps(&l("8:1"), &l("(4,8):(3,3)")).unwrap(),
            CompositionOutcome::NotTractable {
                operand: Operand::CoalescedB,
                ..
            }
        ));
        let outcome = composition_steps(&l("(8,8):(1,8)"), &l("(3,64):(1,6)")).unwrap();
        assert!(matches!(
            outcome,
            CompositionOutcome::NoMutualRefinement {
                reason: NotMutuallyRefinable::Indivisible { .. },
                ..
            }
        ));
        let message = weak_composite(&m("(8) --(1,)--> (8)"), &m("(3) --(1,)--> (3)"))
            .unwrap_err()
            .to_string();
        assert!(message.contains("do not divide one another"), "{message}");
    }
}
