//! Algorithm 4.1.3 (composition of layouts through their morphisms) step by step.

use engine::cute::{pycute::algebra, Layout, Notation};
use engine::morphism::{self, CompositionOutcome, Operand};

use super::operations::Figure;
use crate::state::field::FieldError;

/// A preset of the composition walkthrough: its name, `A` (outer) and `B` (inner), for
/// `A ∘ B` with `R(i) = A(B(i))`, as the Layouts workbench and CuTe's `composition(A, B)`
/// name them. The paper writes the same composite `B ∘ A` with the names swapped: its
/// examples' A is our B.
pub const COMPOSITION_PRESETS: [(&str, &str, &str); 4] = [
    ("Example 4.1.4.1", "(2,2):(2,1)", "(4,):(1,)"),
    ("Example 4.1.4.2", "(12,3,6):(1,72,12)", "(6,6):(6,1)"),
    ("Example 4.1.4.3", "(10,360):(2,60)", "(6,6):(5,60)"),
    ("§1.3 composition", "(8,64):(64,1)", "((4,4),4):((16,1),4)"),
];

/// One step of Algorithm 4.1.3: a title, lines of text and the diagram to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The step's title: `1. Standard representation of B, the inner layout`.
    pub title: String,
    /// What the step computes, one equation a line.
    pub lines: Vec<String>,
    /// The morphisms the step makes, pasted; `None` for the last step.
    pub figure: Option<Figure>,
}

/// The steps of Algorithm 4.1.3 for `A ∘ B` (`R(i) = A(B(i))`: `a` outer, `b` inner), or why
/// it stops. The paper's algorithm names them the other way round (its `B ∘ A`); the steps
/// are written in ours.
pub fn walkthrough(a: &Layout, b: &Layout) -> Result<Vec<Step>, FieldError> {
    // the engine follows the paper: its first operand is the inner layout
    let outcome = morphism::composition_steps(b, a)?;
    let steps = match outcome {
        CompositionOutcome::NotTractable { operand, reason } => {
            let which = match operand {
                Operand::A => format!("B = {b}"),
                Operand::CoalescedB => format!("coal(A) = {}", algebra::coalesce(a)),
            };
            return Err(FieldError::rule(format!(
                "{which} is not tractable: {reason}"
            )));
        }
        CompositionOutcome::NoMutualRefinement { f, g, reason } => {
            return Err(FieldError::rule(format!(
                "the codomain of f = {f} and the domain of g = {g} have no mutual refinement: {reason}"
            )));
        }
        CompositionOutcome::Composed(steps) => steps,
    };
    let r = steps.resolved();
    let c = steps.layout();
    Ok(vec![
        Step {
            title: "1. Standard representation of B, the inner layout".to_string(),
            lines: vec![format!("B = {b}"), format!("f = f_B = {}", steps.f())],
            figure: Figure::of("walk", "", &[steps.f()]),
        },
        Step {
            title: "2. Standard representation of coal(A), A the outer layout".to_string(),
            lines: vec![
                format!("A = {a}"),
                format!("coal(A) = {}", steps.coalesced_b()),
                format!("g = f_coal(A) = {}", steps.g()),
            ],
            figure: Figure::of("walk", "", &[steps.g()]),
        },
        Step {
            title: "3. Mutual refinement of the codomain of f and the domain of g".to_string(),
            lines: vec![
                format!(
                    "T = {} and U = {}",
                    steps.f().codomain().to_notation(Notation::Cute),
                    steps.g().domain().to_notation(Notation::Cute)
                ),
                format!("T′ = {}", r.refinement().t().to_notation(Notation::Cute)),
                format!("U′ = {}", r.refinement().u().to_notation(Notation::Cute)),
                format!("f̃ = T′^* f = {}", r.pulled_back()),
            ],
            figure: Figure::of("walk", "", &[r.pulled_back()]),
        },
        Step {
            title: "4. The resolved diagram S′ → U′ → V′".to_string(),
            lines: vec![
                format!("f′ = ι ∘ f̃ = {}", r.f_prime()),
                format!("g′ = U′_* g = {}", r.g_prime()),
            ],
            figure: Figure::of("walk", "", &[r.f_prime(), r.g_prime()]),
        },
        Step {
            title: "5. The composite g′ ∘ f′ and its layout C".to_string(),
            lines: vec![
                format!("g′ ∘ f′ = {}", r.composite()),
                format!("C = L_(g′∘f′) = {c}"),
            ],
            figure: Figure::of("walk", "", &[r.composite()]),
        },
        Step {
            title: "6. A ∘ B = coal(C, shape(B))".to_string(),
            lines: vec![
                format!("A ∘ B = {}", steps.result()),
                format!(
                    "CuTe composition(A, B) = {}",
                    algebra::composition(a, b).map_or_else(|e| e.to_string(), |l| l.to_string())
                ),
            ],
            figure: None,
        },
    ])
}
