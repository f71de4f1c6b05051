//! Flat division and flat products of Tuple morphisms (§3.1.5.7 and §3.1.5.8; `tract`
//! `TupleMorphism.flat_divide` and `flat_product`).
//!
//! Both take Tuple morphisms, whose domain and codomain are flat tuples (depth 1): `(8)` is one,
//! the int `8` is not. [`Morphism::flatten`] gives the Tuple morphism `f^♭` of a Nest morphism.

use std::fmt;

use super::ops::complement_of_injective;
use super::{flat_tuple, Morphism};
use crate::cute::{IntTuple, Notation};

/// Which operand of `f ⊘♭ g` or `f ⊗♭ g`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlatOperand {
    /// The morphism divided or multiplied, `f`.
    F,
    /// The divisor or factor, `g`.
    G,
}

impl FlatOperand {
    /// `"f"` or `"g"`, as the messages name the operand.
    pub fn as_str(self) -> &'static str {
        match self {
            FlatOperand::F => "f",
            FlatOperand::G => "g",
        }
    }
}

/// Why `f ⊘♭ g` or `f ⊗♭ g` is not defined: the first condition that fails, in the order they
/// are checked (`tract`'s order: flatness, then complementability, then the shapes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotAdmissible {
    /// `operand` is not a Tuple morphism: its domain or codomain is not a flat tuple.
    NotTuple {
        /// Which operand.
        operand: FlatOperand,
        /// It, as `tract` prints it.
        morphism: String,
    },
    /// The morphism to complement sends its domain entry `entry` (1-based) to `*`, so it has no
    /// complement (Definition 3.1.5.45, Proposition 3.1.5.49).
    NotComplementable {
        /// Which operand is complemented (`g` for a divide, `f` for a product).
        operand: FlatOperand,
        /// It, as `tract` prints it.
        morphism: String,
        /// The first domain entry sent to `*`, 1-based.
        entry: usize,
    },
    /// `g` does not divide `f` (Definition 3.1.5.51): `codomain(g) ≠ domain(f)`.
    NotDivisor {
        /// `codomain(g)`, in CuTe notation.
        codomain_g: String,
        /// `domain(f)`, in CuTe notation.
        domain_f: String,
    },
    /// `f` and `g` are not product admissible (Definition 3.1.5.57): `codomain(g) ≠ domain(f^c)`.
    NotProductAdmissible {
        /// `codomain(g)`, in CuTe notation.
        codomain_g: String,
        /// `domain(f^c)`, in CuTe notation.
        complement_domain: String,
    },
}

impl fmt::Display for NotAdmissible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotAdmissible::NotTuple { operand, morphism } => write!(
                f,
                "{} = {morphism} is not a Tuple morphism: its domain and codomain must be flat tuples (flatten it first)",
                operand.as_str()
            ),
            NotAdmissible::NotComplementable {
                operand,
                morphism,
                entry,
            } => write!(
                f,
                "{} = {morphism} is not complementable: it sends entry {entry} to *",
                operand.as_str()
            ),
            NotAdmissible::NotDivisor {
                codomain_g,
                domain_f,
            } => write!(
                f,
                "g does not divide f: codomain(g) = {codomain_g} but domain(f) = {domain_f}"
            ),
            NotAdmissible::NotProductAdmissible {
                codomain_g,
                complement_domain,
            } => write!(
                f,
                "f and g are not product admissible: codomain(g) = {codomain_g} but domain(f^c) = {complement_domain}"
            ),
        }
    }
}

impl std::error::Error for NotAdmissible {}

fn notation(tuple: &IntTuple) -> String {
    tuple.to_notation(Notation::Cute)
}

fn require_tuple(f: &Morphism, operand: FlatOperand) -> Result<(), NotAdmissible> {
    if f.domain.depth() == 1 && f.codomain.depth() == 1 {
        Ok(())
    } else {
        Err(NotAdmissible::NotTuple {
            operand,
            morphism: f.to_string(),
        })
    }
}

fn complement_of(f: &Morphism, operand: FlatOperand) -> Result<Morphism, NotAdmissible> {
    match f.map.iter().position(|&a| a == 0) {
        Some(i) => Err(NotAdmissible::NotComplementable {
            operand,
            morphism: f.to_string(),
            entry: i + 1,
        }),
        None => Ok(complement_of_injective(f)),
    }
}

/// `S ⋆ U` for flat `S` and `U`.
fn concat_tuples(s: &IntTuple, u: &IntTuple) -> IntTuple {
    let mut entries = s.flatten();
    entries.extend(u.flatten());
    flat_tuple(entries)
}

/// `β ∘ α` as maps, `*` to `*`.
fn compose_maps(alpha: &[usize], beta: &[usize]) -> Vec<usize> {
    alpha
        .iter()
        .map(|&a| if a == 0 { 0 } else { beta[a - 1] })
        .collect()
}

/// The flat division `f ⊘♭ g = f ∘ (g ⋆ g^c)` of `f : T → U` by `g : S → T` (Definition
/// 3.1.5.52, `tract` `flat_divide(f, g)`), with domain `S ⋆ U'` where `g^c : U' → T`.
///
/// Laws: `f ⊘♭ g = (f ⊘ g)^♭`, the flattening of the logical division
/// ([`super::logical_divide`]); for non-degenerate `f` and `g`,
/// `coal♭(L_{f⊘♭g}) = coal♭(L_f ⊘♭ L_g)` (Proposition 3.1.5.56), so `L_{f⊘♭g}` has the layout
/// function of CuTe's `logical_divide(L_f, L_g)`.
///
/// `(3,5,9,6) --(3, *, 2, 1)--> (6,9,3)` divided by `(6,3) --(4, 1)--> (3,5,9,6)` is
/// `(6,3,5,9) --(1, 3, 0, 2)--> (6,9,3)`, which encodes `(6,3,5,9):(1,54,0,6)`, the flat division
/// `(3,5,9,6):(54,0,6,1) ⊘♭ (6,3):(135,1)` of Example 2.1.7.11.
///
/// # Errors
/// [`NotAdmissible`]: `f` or `g` is not a Tuple morphism, `g` is not complementable, or `g`
/// does not divide `f`.
pub fn flat_divide(f: &Morphism, g: &Morphism) -> Result<Morphism, NotAdmissible> {
    require_tuple(f, FlatOperand::F)?;
    require_tuple(g, FlatOperand::G)?;
    let complement = complement_of(g, FlatOperand::G)?;
    if g.codomain != f.domain {
        return Err(NotAdmissible::NotDivisor {
            codomain_g: notation(&g.codomain),
            domain_f: notation(&f.domain),
        });
    }
    let mut map = g.map.clone();
    map.extend(&complement.map);
    Ok(Morphism::from_parts(
        concat_tuples(&g.domain, &complement.domain),
        f.codomain.clone(),
        compose_maps(&map, &f.map),
    ))
}

/// The flat product `f ⊗♭ g = f ⋆ (f^c ∘ g)` of `f : S → T` and `g : U → V` (Definition
/// 3.1.5.57, `tract` `flat_product(f, g)`), with domain `S ⋆ U` and codomain `T`.
///
/// Laws: `f ⊗♭ g = (f ⊗ g)^♭`, the flattening of the logical product
/// ([`super::logical_product`]); for non-degenerate `f` and `g`,
/// `L_{f⊗♭g} = L_f ⊗♭ L_g` (Proposition 3.1.5.62), so it has the layout function of CuTe's
/// `logical_product(L_f, L_g)`; for injective `g`, `(f ⊗♭ g)^c = f^c ∘ g^c` (Lemma 3.1.5.60);
/// and `(f ⊗♭ g) ⊗♭ h = f ⊗♭ (g ⊗♭ h)` when both sides are defined (Proposition 3.1.5.61).
///
/// `(2,2,2) --(1, 2, 3)--> (2,2,2,5,3)` times `(3,5) --(2, 1)--> (5,3)` is
/// `(2,2,2,3,5) --(1, 2, 3, 5, 4)--> (2,2,2,5,3)`, which encodes `(2,2,2,3,5):(1,2,4,40,8)`,
/// the flat product `(2,2,2):(1,2,4) ⊗♭ (3,5):(5,1)` of Example 2.1.7.15.
///
/// # Errors
/// [`NotAdmissible`]: `f` or `g` is not a Tuple morphism, `f` is not complementable, or `f`
/// and `g` are not product admissible.
pub fn flat_product(f: &Morphism, g: &Morphism) -> Result<Morphism, NotAdmissible> {
    require_tuple(f, FlatOperand::F)?;
    require_tuple(g, FlatOperand::G)?;
    let complement = complement_of(f, FlatOperand::F)?;
    if g.codomain != complement.domain {
        return Err(NotAdmissible::NotProductAdmissible {
            codomain_g: notation(&g.codomain),
            complement_domain: notation(&complement.domain),
        });
    }
    let mut map = f.map.clone();
    map.extend(compose_maps(&g.map, &complement.map));
    Ok(Morphism::from_parts(
        concat_tuples(&f.domain, &g.domain),
        f.codomain.clone(),
        map,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cute::Layout;
    use crate::cute::{pycute::algebra, Tiler};
    use crate::morphism::{complement, compose, logical_divide, logical_product};

    fn m(text: &str) -> Morphism {
        Morphism::parse(text).unwrap()
    }

    fn values(layout: &Layout) -> Vec<i64> {
        layout.values(1 << 16).unwrap()
    }

    /// CuTe's side of a comparison, or `None` where pycute (and so `engine::cute::pycute::algebra`) cannot
    /// build an operand: one with an empty tuple.
    fn cute(
        op: fn(&Layout, &Tiler) -> Result<Layout, crate::error::LayoutError>,
        f: &Morphism,
        g: &Morphism,
    ) -> Option<Vec<i64>> {
        fn has_empty(tuple: &IntTuple) -> bool {
            match tuple {
                IntTuple::Int(_) => false,
                IntTuple::Tuple(items) => items.is_empty() || items.iter().any(has_empty),
            }
        }
        if has_empty(&f.domain) || has_empty(&g.domain) {
            return None;
        }
        let (lf, lg) = (f.layout().unwrap(), g.layout().unwrap());
        Some(values(&op(&lf, &Tiler::Layout(lg)).unwrap()))
    }

    /// `f ⊘♭ g` is `expect` and encodes `layout`, the flattened logical division, whose layout
    /// function is CuTe's `logical_divide(L_f, L_g)`.
    #[track_caller]
    fn check_divide(f: &str, g: &str, expect: &str, layout: &str) {
        let (f, g) = (m(f), m(g));
        let quotient = flat_divide(&f, &g).unwrap();
        assert_eq!(quotient.to_string(), expect);
        assert_eq!(quotient.layout().unwrap().to_string(), layout);
        assert_eq!(quotient, logical_divide(&f, &g).unwrap().flatten());
        if let Some(cute) = cute(algebra::logical_divide, &f, &g) {
            assert_eq!(values(&quotient.layout().unwrap()), cute);
        }
    }

    /// `f ⊗♭ g` is `expect` and encodes `layout`, the flattened logical product, whose layout
    /// function is CuTe's `logical_product(L_f, L_g)`.
    #[track_caller]
    fn check_product(f: &str, g: &str, expect: &str, layout: &str) {
        let (f, g) = (m(f), m(g));
        let product = flat_product(&f, &g).unwrap();
        assert_eq!(product.to_string(), expect);
        assert_eq!(product.layout().unwrap().to_string(), layout);
        assert_eq!(product, logical_product(&f, &g).unwrap().flatten());
        if let Some(cute) = cute(algebra::logical_product, &f, &g) {
            assert_eq!(values(&product.layout().unwrap()), cute);
        }
        if g.is_injective() {
            let lhs = complement(&product).unwrap();
            let rhs = compose(&complement(&g).unwrap(), &complement(&f).unwrap()).unwrap();
            assert_eq!(lhs, rhs, "Lemma 3.1.5.60");
        }
    }

    #[test]
    fn paper_flat_divisions() {
        // Example 2.1.7.11 through standard representations
        check_divide(
            "(3,5,9,6) --(3, *, 2, 1)--> (6,9,3)",
            "(6,3) --(4, 1)--> (3,5,9,6)",
            "(6,3,5,9) --(1, 3, 0, 2)--> (6,9,3)",
            "(6,3,5,9):(1,54,0,6)",
        );
        // Example 2.1.7.10 gives (2,2,2,2):(4,2,1,8), which is A ⊘♭ (2,2):(2,4); for the
        // printed B = (2,2):(4,2), A ∘ (B ⋆ B^c) is (2,2,2,2):(2,4,1,8)
        check_divide(
            "(2,2,2,2) --(1, 3, 2, 4)--> (2,2,2,2)",
            "(2,2) --(3, 2)--> (2,2,2,2)",
            "(2,2,2,2) --(2, 3, 1, 4)--> (2,2,2,2)",
            "(2,2,2,2):(2,4,1,8)",
        );
        check_divide(
            "(2,2,2,2) --(1, 3, 2, 4)--> (2,2,2,2)",
            "(2,2) --(2, 3)--> (2,2,2,2)",
            "(2,2,2,2) --(3, 2, 1, 4)--> (2,2,2,2)",
            "(2,2,2,2):(4,2,1,8)",
        );
        // §1.3 item 7, flattened
        check_divide(
            "(4,8,4,8) --(1, 2, 3, 4)--> (4,8,4,8)",
            "(4,4) --(1, 3)--> (4,8,4,8)",
            "(4,4,8,8) --(1, 3, 2, 4)--> (4,8,4,8)",
            "(4,4,8,8):(1,32,4,128)",
        );
        // dividing by the empty morphism changes nothing (Example 2.1.7.12)
        check_divide(
            "(3,5) --(2, *)--> (7,3)",
            "() --()--> (3,5)",
            "(3,5) --(2, 0)--> (7,3)",
            "(3,5):(7,0)",
        );
    }

    #[test]
    fn paper_flat_products() {
        // Examples 2.1.7.14 and 2.1.7.15 through standard representations
        check_product(
            "(2,2,2) --(1, 2, 3)--> (2,2,2,2,2,2)",
            "(2,2,2) --(1, 2, 3)--> (2,2,2)",
            "(2,2,2,2,2,2) --(1, 2, 3, 4, 5, 6)--> (2,2,2,2,2,2)",
            "(2,2,2,2,2,2):(1,2,4,8,16,32)",
        );
        check_product(
            "(2,2,2) --(1, 2, 3)--> (2,2,2,5,3)",
            "(3,5) --(2, 1)--> (5,3)",
            "(2,2,2,3,5) --(1, 2, 3, 5, 4)--> (2,2,2,5,3)",
            "(2,2,2,3,5):(1,2,4,40,8)",
        );
        // §1.3 item 8, flattened; a * entry of g stays *
        check_product(
            "(2,2) --(1, 2)--> (2,2,5,5)",
            "(5,5) --(2, 1)--> (5,5)",
            "(2,2,5,5) --(1, 2, 4, 3)--> (2,2,5,5)",
            "(2,2,5,5):(1,2,20,4)",
        );
        check_product(
            "(3) --(2,)--> (2,3,7)",
            "(4,7) --(*, 2)--> (2,7)",
            "(3,4,7) --(2, 0, 3)--> (2,3,7)",
            "(3,4,7):(2,0,6)",
        );
        check_product(
            "(3,5) --(2, 1)--> (5,3)",
            "() --()--> ()",
            "(3,5) --(2, 1)--> (5,3)",
            "(3,5):(5,1)",
        );
    }

    #[track_caller]
    fn check_not(result: Result<Morphism, NotAdmissible>, expect: NotAdmissible, message: &str) {
        let error = result.unwrap_err();
        assert_eq!(error.to_string(), message);
        assert_eq!(error, expect);
    }

    #[test]
    fn inadmissible_operands_name_the_condition() {
        let f = m("(4,8) --(1, 2)--> (4,8)");
        check_not(
            flat_divide(&f, &m("4 --(1,)--> (4,8)")),
            NotAdmissible::NotTuple {
                operand: FlatOperand::G,
                morphism: "4 --(1,)--> (4,8)".into(),
            },
            "g = 4 --(1,)--> (4,8) is not a Tuple morphism: its domain and codomain must be flat tuples (flatten it first)",
        );
        check_not(
            flat_product(&m("((4),8) --(1, 2)--> (4,8)"), &f),
            NotAdmissible::NotTuple {
                operand: FlatOperand::F,
                morphism: "((4),8) --(1, 2)--> (4,8)".into(),
            },
            "f = ((4),8) --(1, 2)--> (4,8) is not a Tuple morphism: its domain and codomain must be flat tuples (flatten it first)",
        );
        check_not(
            flat_divide(&f, &m("(4,8) --(1, 0)--> (4,8)")),
            NotAdmissible::NotComplementable {
                operand: FlatOperand::G,
                morphism: "(4,8) --(1, 0)--> (4,8)".into(),
                entry: 2,
            },
            "g = (4,8) --(1, 0)--> (4,8) is not complementable: it sends entry 2 to *",
        );
        check_not(
            flat_divide(&f, &m("(4) --(1,)--> (4,2)")),
            NotAdmissible::NotDivisor {
                codomain_g: "(4,2)".into(),
                domain_f: "(4,8)".into(),
            },
            "g does not divide f: codomain(g) = (4,2) but domain(f) = (4,8)",
        );
        check_not(
            flat_product(&m("(2,2) --(1, 0)--> (2,5)"), &m("(5) --(1,)--> (5)")),
            NotAdmissible::NotComplementable {
                operand: FlatOperand::F,
                morphism: "(2,2) --(1, 0)--> (2,5)".into(),
                entry: 2,
            },
            "f = (2,2) --(1, 0)--> (2,5) is not complementable: it sends entry 2 to *",
        );
        check_not(
            flat_product(&m("(2) --(1,)--> (2,5,3)"), &m("(5) --(1,)--> (5)")),
            NotAdmissible::NotProductAdmissible {
                codomain_g: "(5)".into(),
                complement_domain: "(5,3)".into(),
            },
            "f and g are not product admissible: codomain(g) = (5) but domain(f^c) = (5,3)",
        );
    }
}
