//! Operations on Nest morphisms (§3.1.5 and §3.2.6) with `tract`'s semantics: composition,
//! concatenation, coalesce, complement, logical division and logical product.
//!
//! Each operation's layout is the CuTe operation on the encoded layouts, up to the laws stated
//! per function (Theorems B–F of the paper).

use super::{flat_tuple, Morphism};
use crate::cute::{mul, IntTuple, Notation};
use crate::error::LayoutError;

fn bad(op: &'static str, arg: String, expected: String) -> LayoutError {
    LayoutError::BadArgument { op, arg, expected }
}

/// `g ∘ f : S → U` for `f : S → T` and `g : T → U` (`tract` `compose(f, g)`, diagrammatic
/// order), lying over `β ∘ α`. For non-degenerate `f` and `g`, `L_{g∘f} = L_g ∘ L_f`
/// (Theorem 3.2.6.21), i.e. the CuTe `composition(L_g, L_f)` as a layout function.
///
/// # Errors
/// `BadArgument` unless `codomain(f) = domain(g)` exactly (nesting included: `8 ≠ (8)`).
pub fn compose(f: &Morphism, g: &Morphism) -> Result<Morphism, LayoutError> {
    if f.codomain != g.domain {
        return Err(bad(
            "compose",
            format!("f = {f}, g = {g}"),
            format!(
                "g's domain to equal f's codomain {}",
                f.codomain.to_notation(Notation::Cute)
            ),
        ));
    }
    let map = f
        .map
        .iter()
        .map(|&a| if a == 0 { 0 } else { g.map[a - 1] })
        .collect();
    Ok(Morphism::from_parts(
        f.domain.clone(),
        g.codomain.clone(),
        map,
    ))
}

/// The concatenation `(f, g) : (S, U) → T` of `f : S → T` and `g : U → T` with disjoint
/// images, lying over `α ⋆ β`; `L_{(f,g)} = (L_f, L_g)` (Proposition 3.2.6.10).
///
/// # Errors
/// `BadArgument` unless the codomains are equal and the images disjoint.
pub fn concat(f: &Morphism, g: &Morphism) -> Result<Morphism, LayoutError> {
    if f.codomain != g.codomain {
        return Err(bad(
            "concat",
            format!("f = {f}, g = {g}"),
            "morphisms with the same codomain".into(),
        ));
    }
    if let Some(&shared) = g.map.iter().find(|&&b| b != 0 && f.map.contains(&b)) {
        return Err(bad(
            "concat",
            format!("f = {f}, g = {g}"),
            format!("disjoint images (both reach codomain entry {shared})"),
        ));
    }
    let map = f.map.iter().chain(&g.map).copied().collect();
    Ok(Morphism::from_parts(
        IntTuple::Tuple(vec![f.domain.clone(), g.domain.clone()]),
        f.codomain.clone(),
        map,
    ))
}

/// The complement `f^c : U → T` of an injective `f : S → T` (Construction 3.2.6.17): `U` is the
/// flat tuple of the entries of `T` outside the image of `f`, each mapped to itself, so
/// `(f, f^c)` is an isomorphism and `coal(L_{f^c}) = comp(L_f, size(T))` (Proposition 3.2.6.20).
///
/// `(2,2) --(1, 3)--> (2,5,2,5)` has complement `(5,5) --(2, 4)--> (2,5,2,5)`.
///
/// # Errors
/// `BadArgument` when `f` sends an entry to `*` (`tract`: not complementable).
pub fn complement(f: &Morphism) -> Result<Morphism, LayoutError> {
    if !f.is_injective() {
        return Err(bad(
            "complement",
            f.to_string(),
            "a morphism with no entry mapped to * (an injective one)".into(),
        ));
    }
    Ok(complement_of_injective(f))
}

/// Construction 3.2.6.17 for an `f` already known to be injective.
pub(super) fn complement_of_injective(f: &Morphism) -> Morphism {
    let codomain = f.codomain.flatten();
    let (map, domain): (Vec<usize>, Vec<i64>) = codomain
        .iter()
        .enumerate()
        .map(|(j, &t)| (j + 1, t))
        .filter(|(j, _)| !f.map.contains(j))
        .unzip();
    Morphism::from_parts(flat_tuple(domain), f.codomain.clone(), map)
}

/// The logical division `f ⊘ g = f ∘ (g, g^c)` of `f : T → U` by `g : S → T`
/// (Definition 3.2.6.23, `tract` `logical_divide(f, g)`), with domain `(S, U')` where
/// `g^c : U' → T`. `coal(L_{f⊘g}) = coal(L_f ⊘ L_g)` (Proposition 3.2.6.26).
///
/// # Errors
/// `BadArgument` unless `g` divides `f` (`codomain(g) = domain(f)`) and `g` is injective.
pub fn logical_divide(f: &Morphism, g: &Morphism) -> Result<Morphism, LayoutError> {
    if g.codomain != f.domain {
        return Err(bad(
            "logical_divide",
            format!("f = {f}, g = {g}"),
            "g to divide f: g's codomain equal to f's domain".into(),
        ));
    }
    let complement = complement(g).map_err(|_| {
        bad(
            "logical_divide",
            format!("f = {f}, g = {g}"),
            "a divisor g with no entry mapped to * (complementable)".into(),
        )
    })?;
    compose(&concat(g, &complement)?, f)
}

/// The logical product `f ⊗ g = (f, f^c ∘ g)` (Definition 3.2.6.28, `tract`
/// `logical_product(f, g)`), with domain `(S, U)` for `f : S → T`, `g : U → V`; for
/// non-degenerate `f` and `g`, `L_{f⊗g} = L_f ⊗ L_g` (Proposition 3.2.6.31).
///
/// # Errors
/// `BadArgument` unless `f` is injective and `codomain(g) = domain(f^c)` (product admissible).
pub fn logical_product(f: &Morphism, g: &Morphism) -> Result<Morphism, LayoutError> {
    let complement = complement(f).map_err(|_| {
        bad(
            "logical_product",
            format!("f = {f}, g = {g}"),
            "a first factor f with no entry mapped to * (complementable)".into(),
        )
    })?;
    if g.codomain != complement.domain {
        return Err(bad(
            "logical_product",
            format!("f = {f}, g = {g}"),
            format!(
                "g's codomain to equal the domain {} of f's complement",
                complement.domain.to_notation(Notation::Cute)
            ),
        ));
    }
    concat(f, &compose(g, &complement)?)
}

/// A flat morphism as `(domain, codomain, map)`.
type Flat = (Vec<i64>, Vec<i64>, Vec<usize>);

/// `squeeze(f)`: the entries equal to 1 removed from domain and codomain (§3.1.5.2); mapped
/// entries equal their targets, so no mapped target is removed.
fn squeeze(domain: &[i64], codomain: &[i64], map: &[usize]) -> Flat {
    let mut new_index = vec![0usize; codomain.len() + 1];
    let mut kept_codomain = Vec::new();
    for (j, &t) in codomain.iter().enumerate() {
        if t != 1 {
            kept_codomain.push(t);
            new_index[j + 1] = kept_codomain.len();
        }
    }
    let (kept_domain, kept_map) = domain
        .iter()
        .zip(map)
        .filter(|(&s, _)| s != 1)
        .map(|(&s, &a)| (s, new_index[a]))
        .unzip();
    (kept_domain, kept_codomain, kept_map)
}

/// `tract`'s (weak) coalesce of a flat morphism: squeeze, then merge runs of domain entries
/// that go to `*` together or to consecutive codomain entries, and merge codomain entry `j`
/// into `j - 1` exactly when the domain entry after `α⁻¹(j - 1)` goes to `j`.
fn flat_coalesce(domain: &[i64], codomain: &[i64], map: &[usize]) -> Result<Flat, LayoutError> {
    let (domain, codomain, map) = squeeze(domain, codomain, map);
    let domain_classes = domain_classes(&map);
    let mut preimage = vec![None; codomain.len() + 1];
    for (i, &a) in map.iter().enumerate() {
        if a != 0 {
            preimage[a] = Some(i);
        }
    }
    // class_of[j] = the 1-based coalesced index of codomain entry j (1-based)
    let mut class_of = vec![0usize; codomain.len() + 1];
    let mut codomain_classes: Vec<Vec<usize>> = Vec::new();
    for j in 1..=codomain.len() {
        let joins = j > 1 && preimage[j - 1].is_some_and(|i| i + 1 < map.len() && map[i + 1] == j);
        match codomain_classes.last_mut() {
            Some(class) if joins => class.push(j),
            _ => codomain_classes.push(vec![j]),
        }
        class_of[j] = codomain_classes.len();
    }
    let product = |entries: &[i64], class: &[usize], offset: usize| {
        class
            .iter()
            .try_fold(1i64, |acc, &k| mul(acc, entries[k - offset]))
    };
    let coalesced_domain = domain_classes
        .iter()
        .map(|class| product(&domain, class, 0))
        .collect::<Result<Vec<_>, _>>()?;
    let coalesced_codomain = codomain_classes
        .iter()
        .map(|class| product(&codomain, class, 1))
        .collect::<Result<Vec<_>, _>>()?;
    let coalesced_map = domain_classes
        .iter()
        .map(|class| match map[class[0]] {
            0 => 0,
            j => class_of[j],
        })
        .collect();
    Ok((coalesced_domain, coalesced_codomain, coalesced_map))
}

/// The runs of a squeezed flat morphism's domain that coalesce merges: entries going to `*`
/// together or to consecutive codomain entries.
fn domain_classes(map: &[usize]) -> Vec<Vec<usize>> {
    let mut classes: Vec<Vec<usize>> = Vec::new();
    for i in 0..map.len() {
        let joins = i > 0
            && ((map[i - 1] == 0 && map[i] == 0) || (map[i - 1] != 0 && map[i] == map[i - 1] + 1));
        match classes.last_mut() {
            Some(class) if joins => class.push(i),
            _ => classes.push(vec![i]),
        }
    }
    classes
}

/// Which domain entry of [`coalesce`]`(f)` each domain leaf of `f` collapses into (0-based);
/// `None` for a leaf equal to 1, which coalesce drops.
///
/// `(2,2,10,10) --(1, 2, 4, 5)--> (2,2,2,10,10)` gives `[0, 0, 1, 1]`.
pub fn coalesce_groups(f: &Morphism) -> Vec<Option<usize>> {
    let domain = f.domain.flatten();
    let (_, _, map) = squeeze(&domain, &f.codomain.flatten(), &f.map);
    let mut class_of = Vec::with_capacity(map.len());
    for (k, class) in domain_classes(&map).iter().enumerate() {
        class_of.extend(class.iter().map(|_| k));
    }
    let mut kept = class_of.into_iter();
    domain
        .iter()
        .map(|&s| if s == 1 { None } else { kept.next() })
        .collect()
}

/// `coal(f)` (Definition 3.2.6.11, `tract` `coalesce`): the flat coalesce of `f^♭` with an
/// int domain when one entry is left and `1 --(*)-->` when none is, so that
/// `L_{coal(f)} = coal(L_f)` exactly (Proposition 3.2.6.13). The codomain is always a flat tuple.
///
/// `(2,2,10,10) --(1, 2, 4, 5)--> (2,2,2,10,10)` coalesces to `(4,100) --(1, 3)--> (4,2,100)`.
///
/// # Errors
/// `Overflow` when a merged entry does not fit in 64 bits.
pub fn coalesce(f: &Morphism) -> Result<Morphism, LayoutError> {
    let (domain, codomain, map) =
        flat_coalesce(&f.domain.flatten(), &f.codomain.flatten(), &f.map)?;
    let (domain, map) = match domain.as_slice() {
        [] => (IntTuple::Int(1), vec![0]),
        [single] => (IntTuple::Int(*single), map),
        _ => (flat_tuple(domain), map),
    };
    Ok(Morphism::from_parts(domain, flat_tuple(codomain), map))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(text: &str) -> Morphism {
        Morphism::parse(text).unwrap()
    }

    type Unary = fn(&Morphism) -> Result<Morphism, LayoutError>;
    type Binary = fn(&Morphism, &Morphism) -> Result<Morphism, LayoutError>;

    #[track_caller]
    fn check_unary(op: Unary, f: &str, expect: &str) {
        assert_eq!(op(&m(f)).unwrap().to_string(), expect);
    }

    #[track_caller]
    fn check_binary(op: Binary, f: &str, g: &str, expect: &str) {
        assert_eq!(op(&m(f), &m(g)).unwrap().to_string(), expect);
    }

    #[test]
    fn paper_section_1_3_operations() {
        check_binary(
            compose,
            "((2,2),(2,2)) --(3, 2, 6, 5)--> ((2,2,2),(2,2,2))",
            "((2,2,2),(2,2,2)) --(1, 0, 2, 0, 3, 4)--> (2,2,2,2)",
            "((2,2),(2,2)) --(2, 0, 4, 3)--> (2,2,2,2)",
        );
        check_unary(
            coalesce,
            "(2,2,10,10) --(1, 2, 4, 5)--> (2,2,2,10,10)",
            "(4,100) --(1, 3)--> (4,2,100)",
        );
        check_unary(
            complement,
            "(2,2) --(1, 3)--> (2,5,2,5)",
            "(5,5) --(2, 4)--> (2,5,2,5)",
        );
        check_binary(
            logical_divide,
            "(4,8,4,8) --(1, 2, 3, 4)--> (4,8,4,8)",
            "(4,4) --(1, 3)--> (4,8,4,8)",
            "((4,4),(8,8)) --(1, 3, 2, 4)--> (4,8,4,8)",
        );
        check_binary(
            logical_product,
            "(2,2) --(1, 2)--> (2,2,5,5)",
            "(5,5) --(2, 1)--> (5,5)",
            "((2,2),(5,5)) --(1, 2, 4, 3)--> (2,2,5,5)",
        );
    }

    #[test]
    fn paper_section_3_2_6_examples() {
        // Examples 3.2.6.5 and 3.2.6.6
        check_binary(
            concat,
            "(3,(512,512)) --(*, 2, 4)--> (2,512,2,512)",
            "(2,2) --(1, 3)--> (2,512,2,512)",
            "((3,(512,512)),(2,2)) --(0, 2, 4, 1, 3)--> (2,512,2,512)",
        );
        check_binary(
            concat,
            "(2,(32,64)) --(3, 1, 5)--> (32,(2,2,2),64)",
            "((2,2)) --(2, 4)--> (32,(2,2,2),64)",
            "((2,(32,64)),((2,2))) --(3, 1, 5, 2, 4)--> (32,(2,2,2),64)",
        );
        // Example 3.2.6.12
        check_unary(
            coalesce,
            "((2,2),(3,3),(5,5)) --(5, 6, 3, 4, 1, 2)--> (5,5,3,3,2,2)",
            "(4,9,25) --(3, 2, 1)--> (25,9,4)",
        );
        // Example 3.2.6.18
        check_unary(
            complement,
            "((2,2),(5,5)) --(1, 4, 2, 5)--> ((2,5,7),(2,5,7))",
            "(7,7) --(3, 6)--> ((2,5,7),(2,5,7))",
        );
        // Example 3.2.6.24: tract's complement domain is a tuple, so the quotient is
        // ((2,2),(2)), where the paper writes ((2,2),2)
        check_binary(
            logical_divide,
            "((2,2),2) --(2, 4, *)--> ((4,2),(4,2))",
            "(2,2) --(1, 3)--> ((2,2),2)",
            "((2,2),(2)) --(2, 0, 4)--> ((4,2),(4,2))",
        );
        // Examples 3.2.6.29 and 3.2.6.30
        check_binary(
            logical_product,
            "(8,8) --(1, 2)--> (8,8,16,16)",
            "(16,16) --(1, 2)--> (16,16)",
            "((8,8),(16,16)) --(1, 2, 3, 4)--> (8,8,16,16)",
        );
        check_binary(
            logical_product,
            "(128,128) --(3, 4)--> (32,32,128,128)",
            "(32) --(2,)--> (32,32)",
            "((128,128),(32)) --(3, 4, 2)--> (32,32,128,128)",
        );
    }

    #[test]
    fn coalesce_groups_name_the_entry_each_leaf_collapses_into() {
        let groups = |f: &str| coalesce_groups(&m(f));
        assert_eq!(
            groups("(2,2,10,10) --(1, 2, 4, 5)--> (2,2,2,10,10)"),
            [Some(0), Some(0), Some(1), Some(1)]
        );
        // a 1 is dropped; two unmapped leaves merge; a gap in the codomain splits
        assert_eq!(
            groups("(2,1,3,5,7) --(1, 0, 0, 0, 2)--> (2,7)"),
            [Some(0), None, Some(1), Some(1), Some(2)]
        );
        assert_eq!(groups("(2,2) --(2, 1)--> (2,2)"), [Some(0), Some(1)]);
    }

    #[test]
    fn coalesce_edge_cases_follow_tract() {
        // from the vectors: one entry left gives an int domain, none gives 1 --(0,)-->
        check_unary(
            coalesce,
            "5 --(1,)--> ((5,8,8),6,7)",
            "5 --(1,)--> (5,8,8,6,7)",
        );
        check_unary(coalesce, "() --()--> (5,5,(3,3))", "1 --(0,)--> (5,5,3,3)");
        check_unary(coalesce, "(1,1) --(1, 0)--> (1,3)", "1 --(0,)--> (3)");
        check_unary(
            coalesce,
            "((3,4),2) --(*, *, 2)--> (2,2)",
            "(12,2) --(0, 2)--> (2,2)",
        );
        // a codomain gap that nothing maps to stays its own entry (weak coalesce)
        check_unary(
            coalesce,
            "(2,3) --(1, 3)--> (2,5,3)",
            "(2,3) --(1, 3)--> (2,5,3)",
        );
        check_unary(coalesce, "(2,3) --(1, 3)--> (2,1,3)", "6 --(1,)--> (6)");
        check_unary(
            coalesce,
            "(3,2) --(2, 1)--> (2,3,7,7)",
            "(3,2) --(2, 1)--> (2,3,7,7)",
        );
    }

    #[track_caller]
    fn check_error(result: Result<Morphism, LayoutError>, expect: &str) {
        let message = result.unwrap_err().to_string();
        assert!(message.contains(expect), "{message}");
    }

    #[test]
    fn operations_reject_what_tract_rejects() {
        let f = m("(8) --(1,)--> (8)");
        let g = m("8 --(1,)--> 8");
        check_error(compose(&f, &g), "g's domain to equal f's codomain (8)");
        check_error(
            complement(&m("(2,2) --(1, 0)--> (2,5)")),
            "no entry mapped to *",
        );
        check_error(
            concat(&m("(2) --(1,)--> (2,5)"), &m("(2) --(1,)--> (2,5)")),
            "disjoint images",
        );
        check_error(concat(&f, &m("(8) --(1,)--> (8,1)")), "same codomain");
        check_error(
            logical_divide(&m("(4,8) --(1, 2)--> (4,8)"), &m("(4) --(1,)--> (4,2)")),
            "g to divide f",
        );
        check_error(
            logical_divide(&m("(4,8) --(1, 2)--> (4,8)"), &m("(4,8) --(1, 0)--> (4,8)")),
            "complementable",
        );
        check_error(
            logical_product(&m("(2,2) --(1, 0)--> (2,5)"), &m("(5) --(1,)--> (5)")),
            "complementable",
        );
        check_error(
            logical_product(&m("(2) --(1,)--> (2,5)"), &m("5 --(1,)--> 5")),
            "the domain (5) of f's complement",
        );
    }
}
