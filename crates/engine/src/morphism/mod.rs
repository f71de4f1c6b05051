//! Tuple and Nest morphisms: the categories **Tuple** and **Nest** of "Categorical Foundations
//! for CuTe Layouts" (Colfax Research, 2025, chapter 3 and §4.1), with the semantics of the
//! paper's companion code `tract` 0.1.0 (ColfaxResearch/layout-categories).
//!
//! A morphism `f : S → T` between nested tuples of positive integers lies over a pointed map
//! `α : ⟨m⟩* → ⟨n⟩*` from the leaves of `S` to the leaves of `T`, injective away from `*`, with
//! `entry_i(S) = entry_α(i)(T)` wherever `α(i) ≠ *`. It is written as `tract` prints it:
//! `((2,2),2) --(1, 3, 4)--> (2,2,2,2)`, with `0` for `*`. It encodes the layout `L_f` whose
//! shape is `S` and whose stride at leaf `i` is `Π_{j < α(i)} t_j` (0 at `*`), and every
//! tractable layout `L` comes from its *standard representation* `f_L` ([`Morphism::from_layout`]).
//!
//! A Tuple morphism is a Nest morphism whose domain and codomain are flat tuples;
//! [`Morphism::flatten`] is the flattening functor `f ↦ f^♭`. The operations of **Tuple**
//! (§3.1.5) are [`sort`], [`flat_divide`] and [`flat_product`]; the operations of **Nest**
//! (§3.2.6) are [`compose`], [`concat()`], [`coalesce`], [`complement`], [`logical_divide`] and
//! [`logical_product`]. [`standard_form`] and [`Morphism::has_standard_form`] are Definition
//! 3.2.2.10. Its pictures (the arrow diagram, `tract`'s TikZ) are drawn above the engine.

mod composition;
mod flat;
mod ops;
mod refinement;
mod sort;
mod standard;

use std::fmt;

use crate::cute::notation::{int_tuple, TupleSyntax};
use crate::cute::{overflow, IntTuple, Layout, Notation};
use crate::error::{Field, LayoutError};
use crate::support::cursor::Cursor;

pub use composition::{
    composition_steps, weak_composite, CompositionOutcome, CompositionSteps, Operand, WeakComposite,
};
pub use flat::{flat_divide, flat_product, FlatOperand, NotAdmissible};
pub use ops::{
    coalesce, coalesce_groups, complement, compose, concat, logical_divide, logical_product,
};
pub use refinement::{
    mutual_refinement, refines, relative_modes, MutualRefinement, NotMutuallyRefinable,
};
pub use sort::{sort, sort_order};
pub use standard::{
    is_non_degenerate_layout, is_tractable, standard_form, tractability, NotTractable,
};

/// Longest morphism text [`Morphism::parse`] accepts.
pub const MAX_MORPHISM_CHARS: usize = 4096;
/// How a morphism's domain and codomain read: unsigned ints, `(8,)` for a 1-tuple.
const MORPHISM_TUPLE: TupleSyntax = TupleSyntax {
    field: Field::Shape,
    signed: false,
    blank: false,
    trailing_comma: true,
    leaf: "a positive integer or “(”",
    too_big: "a non-negative integer that fits in 64 bits",
    brackets: "parentheses",
};

/// A morphism `S --α--> T` of **Nest** (of **Tuple** when `S` and `T` are flat).
///
/// `map[i]` is `α(i + 1)`: a 1-based index into the leaves of the codomain, or 0 for `*`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Morphism {
    domain: IntTuple,
    codomain: IntTuple,
    map: Vec<usize>,
}

impl Morphism {
    /// `domain --map--> codomain`.
    ///
    /// # Errors
    /// `BadArgument` (op `morphism`) unless, as `tract` checks and the paper requires
    /// (Definitions 3.1.1.13 and 3.2.1.1):
    /// * every entry of `domain` and `codomain` is a positive integer;
    /// * `map` has one entry per leaf of `domain`, each in `0..=len(codomain)`;
    /// * no non-zero entry occurs twice (`α` is tractable);
    /// * `entry_i(S) = entry_α(i)(T)` wherever `α(i) ≠ *`.
    pub fn new(
        domain: IntTuple,
        codomain: IntTuple,
        map: Vec<usize>,
    ) -> Result<Morphism, LayoutError> {
        let morphism = Morphism {
            domain,
            codomain,
            map,
        };
        match morphism.violation() {
            None => Ok(morphism),
            Some(expected) => Err(LayoutError::BadArgument {
                op: "morphism",
                arg: morphism.to_string(),
                expected,
            }),
        }
    }

    /// For results that hold by construction; checked in debug builds.
    pub(crate) fn from_parts(domain: IntTuple, codomain: IntTuple, map: Vec<usize>) -> Morphism {
        let morphism = Morphism {
            domain,
            codomain,
            map,
        };
        debug_assert_eq!(morphism.violation(), None, "{morphism}");
        morphism
    }

    /// The first rule of [`Morphism::new`] that the fields break.
    fn violation(&self) -> Option<String> {
        for (name, tuple) in [("domain", &self.domain), ("codomain", &self.codomain)] {
            if let Some(bad) = tuple.flatten().into_iter().find(|&v| v < 1) {
                return Some(format!("a {name} of positive integers (found {bad})"));
            }
        }
        let domain = self.domain.flatten();
        let codomain = self.codomain.flatten();
        if self.map.len() != domain.len() {
            return Some(format!(
                "one map entry per domain entry ({} entries, the domain has {})",
                self.map.len(),
                domain.len()
            ));
        }
        let mut seen = vec![false; codomain.len()];
        for (i, (&target, &entry)) in self.map.iter().zip(&domain).enumerate() {
            if target == 0 {
                continue;
            }
            let Some(&image) = codomain.get(target - 1) else {
                return Some(format!(
                    "map entries in 0..={} (entry {} is {target})",
                    codomain.len(),
                    i + 1
                ));
            };
            if std::mem::replace(&mut seen[target - 1], true) {
                return Some(format!(
                    "no non-zero map entry twice ({target} occurs more than once)"
                ));
            }
            if image != entry {
                return Some(format!(
                    "s_i = t_α(i) wherever α(i) ≠ *: s_{} = {entry} but t_{target} = {image}",
                    i + 1
                ));
            }
        }
        None
    }

    /// The domain `S`: a nested tuple of positive integers, the shape of `L_f`.
    pub fn domain(&self) -> &IntTuple {
        &self.domain
    }
    /// The codomain `T`: the tuple whose leaves `α` maps into.
    pub fn codomain(&self) -> &IntTuple {
        &self.codomain
    }
    /// `(α(1), …, α(m))` with 0 for `*`.
    pub fn map(&self) -> &[usize] {
        &self.map
    }

    /// `size(S)`: the product of the domain's entries.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn size(&self) -> Result<i64, LayoutError> {
        self.domain.product()
    }

    /// `size(T)`: the product of the codomain's entries.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn cosize(&self) -> Result<i64, LayoutError> {
        self.codomain.product()
    }

    /// No domain entry goes to `*` (`tract`'s "complementable").
    pub fn is_injective(&self) -> bool {
        !self.map.contains(&0)
    }

    /// `entry_i(S) = 1 ⇒ α(i) = *` (Definition 3.2.2.13).
    pub fn is_non_degenerate(&self) -> bool {
        self.domain
            .flatten()
            .iter()
            .zip(&self.map)
            .all(|(&s, &a)| s != 1 || a == 0)
    }

    /// The Tuple morphism `f^♭ : S^♭ → T^♭` over the same map.
    pub fn flatten(&self) -> Morphism {
        Morphism::from_parts(
            flat_tuple(self.domain.flatten()),
            flat_tuple(self.codomain.flatten()),
            self.map.clone(),
        )
    }

    /// The layout `L_f` encoded by `f` (Constructions 3.1.2.1 and 3.2.2.2, `tract`
    /// `compute_layout`): shape `S`, and at leaf `i` the stride
    /// `d_i = 0` if `α(i) = *`, else `Π_{j < α(i)} t_j`.
    ///
    /// `((5,5),8) --(1, 3, 2)--> (5,8,5)` encodes `((5,5),8):((1,40),5)`.
    ///
    /// # Errors
    /// `Overflow` when a stride does not fit in 64 bits. (`tract` also refuses strides above
    /// `2^31 - 1`, a limit of the CuTe DSL's 32-bit integers that this engine does not have.)
    pub fn layout(&self) -> Result<Layout, LayoutError> {
        let codomain = self.codomain.flatten();
        let needed = self.map.iter().copied().max().unwrap_or(0);
        // below[j] = Π_{k < j} t_k for the leaves the map reaches; None once it overflows
        let mut below: Vec<Option<i64>> = Vec::with_capacity(needed);
        let mut product = Some(1i64);
        for &t in codomain.iter().take(needed) {
            below.push(product);
            product = product.and_then(|p| p.checked_mul(t));
        }
        let mut strides = Vec::with_capacity(self.map.len());
        for &target in &self.map {
            let stride = match target {
                0 => 0,
                j => below[j - 1].ok_or_else(overflow)?,
            };
            strides.push(IntTuple::Int(stride));
        }
        let stride = substitute(&self.domain, &mut strides.into_iter());
        Layout::new(self.domain.clone(), stride)
    }

    /// Parses `tract`'s notation `S --(α(1), …)--> T`; spaces are optional, `*` may stand for
    /// 0, and a one-entry map may omit its trailing comma (the paper writes
    /// `(4,4)--(1,3)-->(4,2,4)`).
    ///
    /// # Errors
    /// `Parse` with the position; `BadArgument` when the parts do not form a morphism.
    pub fn parse(text: &str) -> Result<Morphism, LayoutError> {
        let mut parser = MorphismParser::new(text)?;
        let domain = parser.tuple(Field::Shape)?;
        parser.expect("--", "“--” before the map", Field::Strides)?;
        let map = parser.map()?;
        parser.expect("-->", "“-->” after the map", Field::Strides)?;
        let codomain = parser.tuple(Field::Shape)?;
        if parser.cur.peek().is_some() {
            return Err(parser.error("the end of the morphism", Field::Shape));
        }
        Morphism::new(domain, codomain, map)
    }
}

impl fmt::Display for Morphism {
    /// `tract`'s `str`: nested tuples in CuTe notation, the map as a Python tuple:
    /// `((2,2),2) --(1, 3, 4)--> (2,2,2,2)`, `5 --(1,)--> (5,8)`, `() --()--> 7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let entries: Vec<String> = self.map.iter().map(usize::to_string).collect();
        let map = match entries.len() {
            1 => format!("({},)", entries[0]),
            _ => format!("({})", entries.join(", ")),
        };
        write!(
            f,
            "{} --{map}--> {}",
            self.domain.to_notation(Notation::Cute),
            self.codomain.to_notation(Notation::Cute)
        )
    }
}

/// The flat tuple of `entries` (a tuple even of length 0 or 1).
pub(crate) fn flat_tuple(entries: Vec<i64>) -> IntTuple {
    IntTuple::Tuple(entries.into_iter().map(IntTuple::Int).collect())
}

/// `sub(nest, leaves)`: `nest` with its leaves replaced, left to right, by `leaves` (which may
/// themselves be tuples). The caller supplies one replacement per leaf.
pub(crate) fn substitute(nest: &IntTuple, leaves: &mut impl Iterator<Item = IntTuple>) -> IntTuple {
    match nest {
        IntTuple::Int(v) => leaves.next().unwrap_or(IntTuple::Int(*v)),
        IntTuple::Tuple(items) => {
            IntTuple::Tuple(items.iter().map(|item| substitute(item, leaves)).collect())
        }
    }
}

struct MorphismParser<'a> {
    cur: Cursor<'a>,
}

impl<'a> MorphismParser<'a> {
    fn new(text: &'a str) -> Result<MorphismParser<'a>, LayoutError> {
        let parser = MorphismParser {
            cur: Cursor::new(text),
        };
        if parser.cur.chars.len() > MAX_MORPHISM_CHARS {
            return Err(parser.error(
                &format!("at most {MAX_MORPHISM_CHARS} characters"),
                Field::Shape,
            ));
        }
        Ok(parser)
    }

    fn error(&self, expected: &str, field: Field) -> LayoutError {
        self.cur.error(field, expected)
    }

    fn expect(&mut self, token: &str, expected: &str, field: Field) -> Result<(), LayoutError> {
        self.cur.peek();
        let end = self.cur.pos + token.chars().count();
        if end <= self.cur.chars.len()
            && self.cur.chars[self.cur.pos..end]
                .iter()
                .copied()
                .eq(token.chars())
        {
            self.cur.pos = end;
            Ok(())
        } else {
            Err(self.error(expected, field))
        }
    }

    fn number(&mut self, field: Field) -> Result<i64, LayoutError> {
        let start = self.cur.pos;
        let digits: String = self.cur.digits_from(start);
        digits.parse().map_err(|_| {
            self.cur.pos = start;
            self.error("a non-negative integer that fits in 64 bits", field)
        })
    }

    /// A nested tuple of integers (positivity is the constructor's to check).
    fn tuple(&mut self, field: Field) -> Result<IntTuple, LayoutError> {
        let syntax = TupleSyntax {
            field,
            ..MORPHISM_TUPLE
        };
        int_tuple(&mut self.cur, &syntax, 0)
    }

    /// `(a, b, …)` with `*` for 0 and an optional trailing comma.
    fn map(&mut self) -> Result<Vec<usize>, LayoutError> {
        let field = Field::Strides;
        if !self.cur.eat('(') {
            return Err(self.error("“(” to open the map", field));
        }
        let mut map = Vec::new();
        loop {
            if self.cur.eat(')') {
                break;
            }
            let entry = match self.cur.peek() {
                Some('*') => {
                    self.cur.pos += 1;
                    0
                }
                Some(c) if c.is_ascii_digit() => {
                    let start = self.cur.pos;
                    let value = self.number(field)?;
                    usize::try_from(value).map_err(|_| {
                        self.cur.pos = start;
                        self.error("a map entry that fits in memory", field)
                    })?
                }
                _ => return Err(self.error("a map entry (an integer or “*”)", field)),
            };
            map.push(entry);
            if self.cur.eat(',') {
                continue;
            }
            if self.cur.eat(')') {
                break;
            }
            return Err(self.error("“,” or “)”", field));
        }
        Ok(map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(text: &str) -> Morphism {
        Morphism::parse(text).unwrap()
    }

    /// The morphism prints as `display` and encodes `layout`.
    #[track_caller]
    fn check(text: &str, display: &str, layout: &str) {
        let f = m(text);
        assert_eq!(f.to_string(), display);
        assert_eq!(m(display), f, "tract's text parses back");
        assert_eq!(f.layout().unwrap().to_string(), layout);
    }

    #[test]
    fn paper_examples_print_and_encode_layouts() {
        // §1.3 item 2 and 3 (the paper prints maps without spaces; tract's str has them)
        check(
            "(4,4)--(1,3)-->(4,2,4)",
            "(4,4) --(1, 3)--> (4,2,4)",
            "(4,4):(1,8)",
        );
        check(
            "(2,2,2,2)--(1,0,4,2)-->(2,2,2,2)",
            "(2,2,2,2) --(1, 0, 4, 2)--> (2,2,2,2)",
            "(2,2,2,2):(1,0,8,2)",
        );
        check(
            "(16,(4,4),(4,4))--(1,2,0,3,0)-->(16,4,4)",
            "(16,(4,4),(4,4)) --(1, 2, 0, 3, 0)--> (16,4,4)",
            "(16,(4,4),(4,4)):(1,(16,0),(64,0))",
        );
        check(
            "((5,5),8)--(1,3,2)-->(5,8,5)",
            "((5,5),8) --(1, 3, 2)--> (5,8,5)",
            "((5,5),8):((1,40),5)",
        );
        // Examples 3.1.2.2-3.1.2.4, 3.2.2.3, 3.2.2.4
        check(
            "(3,128,128)--(1,3,5)-->(3,2,128,2,128)",
            "(3,128,128) --(1, 3, 5)--> (3,2,128,2,128)",
            "(3,128,128):(1,6,1536)",
        );
        check(
            "(3,128,128)--(*,2,1)-->(128,128)",
            "(3,128,128) --(0, 2, 1)--> (128,128)",
            "(3,128,128):(0,128,1)",
        );
        check(
            "(16,16,16,1,32)--(*,*,1,*,2)-->(16,32,1,1)",
            "(16,16,16,1,32) --(0, 0, 1, 0, 2)--> (16,32,1,1)",
            "(16,16,16,1,32):(0,0,1,0,16)",
        );
        check(
            "((8,8),(4,4))--(1,4,3,2)-->(8,4,4,8)",
            "((8,8),(4,4)) --(1, 4, 3, 2)--> (8,4,4,8)",
            "((8,8),(4,4)):((1,128),(32,8))",
        );
        check(
            "(128,(4,4,2))--(3,1,2,*)-->((4,4),128)",
            "(128,(4,4,2)) --(3, 1, 2, 0)--> ((4,4),128)",
            "(128,(4,4,2)):(16,(1,4,0))",
        );
        // ints, 1-tuples and empty tuples stay apart, as in the vectors
        check(
            "5 --(1,)--> ((5,8,8),6,7)",
            "5 --(1,)--> ((5,8,8),6,7)",
            "5:1",
        );
        check("(8) --(2)--> (3,8)", "(8) --(2,)--> (3,8)", "(8):(3)");
        check("() --()--> 7", "() --()--> 7", "():()");
        check(
            "((6,8),()) --(5, 3)--> (3,((4,8,4),6))",
            "((6,8),()) --(5, 3)--> (3,((4,8,4),6))",
            "((6,8),()):((384,12),())",
        );
    }

    #[track_caller]
    fn check_rejected(text: &str, expect: &str) {
        let message = Morphism::parse(text).unwrap_err().to_string();
        assert!(message.contains(expect), "{text}: {message}");
    }

    #[test]
    fn invalid_morphisms_are_typed_errors() {
        check_rejected("(4,4) --(1, 1)--> (4,2,4)", "twice");
        check_rejected("(4,4) --(1, 2)--> (4,2,4)", "s_2 = 4 but t_2 = 2");
        check_rejected("(4,4) --(1,)--> (4,2,4)", "one map entry per domain entry");
        check_rejected("(4,4) --(1, 4)--> (4,2,4)", "0..=3");
        check_rejected("(4,0) --(1, 0)--> (4,2,4)", "positive integers");
        check_rejected("(4,4) --(1, 3)-> (4,2,4)", "“-->”");
        check_rejected("(4,4) (1, 3) (4,2,4)", "“--”");
        check_rejected("(4,-4) --(1, 3)--> (4,2,4)", "a positive integer or “(”");
        check_rejected("(4,4) --(1, x)--> (4,2,4)", "a map entry");
        check_rejected("(4,4) --(1, 3)--> (4,2,4) trailing", "the end");
        check_rejected(&format!("{}4 --(1,)--> 4", "(".repeat(40)), "levels");
        check_rejected("(99999999999999999999) --(0,)--> ()", "fits in 64 bits");
    }

    #[test]
    fn layout_overflow_is_an_error() {
        let f = m("(2) --(3,)--> (4294967296,4294967296,2)");
        assert!(matches!(f.layout(), Err(LayoutError::Overflow { .. })));
        // entries past the last one the map reaches may be as large as they like
        let g = m("(2) --(1,)--> (2,4294967296,4294967296)");
        assert_eq!(g.layout().unwrap().to_string(), "(2):(1)");
    }

    #[test]
    fn flattening_and_predicates() {
        let f = m("((2,2),(1,3)) --(1, 2, 0, 4)--> ((2,2),(5,3))");
        assert_eq!(
            f.flatten().to_string(),
            "(2,2,1,3) --(1, 2, 0, 4)--> (2,2,5,3)"
        );
        assert_eq!((f.size().unwrap(), f.cosize().unwrap()), (12, 60));
        assert!(f.is_non_degenerate() && !f.is_injective());
        assert!(!m("(1) --(1,)--> (1)").is_non_degenerate());
    }
}
