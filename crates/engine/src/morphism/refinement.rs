//! Refinements of nested tuples (§3.2.5): relative modes, pullbacks and pushforwards of
//! morphisms along refinements, and mutual refinements (Algorithm 4.1.1, `tract`
//! `mutual_refinement`).

use std::fmt;

use super::{flat_tuple, substitute, Morphism};
use crate::cute::{IntTuple, Notation};
use crate::error::LayoutError;

fn notation(tuple: &IntTuple) -> String {
    tuple.to_notation(Notation::Cute)
}

/// Collects the relative modes of `refined` over `base`; false when it is not a refinement.
fn collect_relative_modes(
    refined: &IntTuple,
    base: &IntTuple,
    out: &mut Vec<IntTuple>,
) -> Result<bool, LayoutError> {
    match (base, refined) {
        (IntTuple::Int(size), _) => {
            let fits = refined.product()? == *size;
            if fits {
                out.push(refined.clone());
            }
            Ok(fits)
        }
        (IntTuple::Tuple(bases), IntTuple::Tuple(parts)) if bases.len() == parts.len() => {
            for (part, base) in parts.iter().zip(bases) {
                if !collect_relative_modes(part, base, out)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        // an int is its own only mode
        (IntTuple::Tuple(bases), IntTuple::Int(_)) if bases.len() == 1 => {
            collect_relative_modes(refined, &bases[0], out)
        }
        _ => Ok(false),
    }
}

/// The relative flattening `flat(S', S) = (S'_1, …, S'_m)`: the part of `refined` that replaces
/// each entry of `base` (§3.2.5). `((2,2),((3,3),25))` over `(4,(9,25))` is
/// `((2,2), (3,3), 25)`.
///
/// # Errors
/// `BadArgument` unless `refined` refines `base`; `Overflow`.
pub fn relative_modes(refined: &IntTuple, base: &IntTuple) -> Result<Vec<IntTuple>, LayoutError> {
    let mut modes = Vec::new();
    if collect_relative_modes(refined, base, &mut modes)? {
        Ok(modes)
    } else {
        Err(LayoutError::BadArgument {
            op: "relative modes",
            arg: notation(refined),
            expected: format!("a refinement of {}", notation(base)),
        })
    }
}

/// `S' ↠ S`: `S'` is `S` with each entry replaced by a nested tuple of the same size (§2.2.4;
/// `tract` `refines`). `(2,(2,2))` refines `8`; `((2,2),(3,3),(5,5))` refines `(4,9,25)`.
pub fn refines(refined: &IntTuple, base: &IntTuple) -> bool {
    relative_modes(refined, base).is_ok()
}

/// A mutual refinement `T' → U'` of `(T, U)`: `T' ↠ T`, `U' ↠ U`, and `T'^♭` is a prefix of
/// `U'^♭` (`T'` divides `U'`, Definition 4.1.1.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MutualRefinement {
    t: IntTuple,
    u: IntTuple,
}

impl MutualRefinement {
    /// `T'`, refining `T`.
    pub fn t(&self) -> &IntTuple {
        &self.t
    }
    /// `U'`, refining `U`.
    pub fn u(&self) -> &IntTuple {
        &self.u
    }
}

/// Why Algorithm 4.1.1 finds no mutual refinement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotMutuallyRefinable {
    /// What is left of an entry of `T` and of `U` where neither divides the other.
    Indivisible {
        /// What is left of the entry of `T`.
        t_entry: i64,
        /// What is left of the entry of `U`.
        u_entry: i64,
    },
    /// `U` ran out while `T` still had `remaining` (size `T` does not divide size `U` in order).
    Exhausted {
        /// What is left of the entry of `T` being split.
        remaining: i64,
    },
    /// Nested tuples of the paper have positive entries.
    NonPositive {
        /// The first such entry's value.
        entry: i64,
    },
}

impl fmt::Display for NotMutuallyRefinable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotMutuallyRefinable::Indivisible { t_entry, u_entry } => write!(
                f,
                "no mutual refinement: {t_entry} (of T) and {u_entry} (of U) do not divide one another"
            ),
            NotMutuallyRefinable::Exhausted { remaining } => write!(
                f,
                "no mutual refinement: U ends while {remaining} of T is left"
            ),
            NotMutuallyRefinable::NonPositive { entry } => write!(
                f,
                "no mutual refinement: entry {entry} is not a positive integer"
            ),
        }
    }
}

impl std::error::Error for NotMutuallyRefinable {}

/// Ends the mode being built: one entry stays an int, more become a tuple.
fn close_mode(mode: &mut Vec<i64>) -> IntTuple {
    let entries = std::mem::take(mode);
    match entries.as_slice() {
        [single] => IntTuple::Int(*single),
        _ => flat_tuple(entries),
    }
}

/// Algorithm 4.1.1 as `tract` implements it: walk `T^♭` and `U^♭` splitting whichever entry is
/// larger by the smaller, which must divide it; the entries of `U` left over after `T` ends
/// are kept. `T = (6,6)`, `U = (12,3,6)` give `T' = (6,(2,3))`, `U' = ((6,2),3,6)`.
///
/// # Errors
/// [`NotMutuallyRefinable`] with the entries where the walk stops.
pub fn mutual_refinement(
    t: &IntTuple,
    u: &IntTuple,
) -> Result<MutualRefinement, NotMutuallyRefinable> {
    let mut x = t.flatten();
    let mut y = u.flatten();
    if let Some(&entry) = x.iter().chain(&y).find(|&&v| v < 1) {
        return Err(NotMutuallyRefinable::NonPositive { entry });
    }
    let (mut i, mut j) = (0, 0);
    let (mut t_modes, mut x_mode) = (Vec::new(), Vec::new());
    let (mut u_modes, mut y_mode) = (Vec::new(), Vec::new());
    while i < x.len() && j < y.len() {
        if x[i] == y[j] {
            x_mode.push(x[i]);
            t_modes.push(close_mode(&mut x_mode));
            y_mode.push(y[j]);
            u_modes.push(close_mode(&mut y_mode));
            i += 1;
            j += 1;
        } else if x[i] < y[j] && y[j] % x[i] == 0 {
            x_mode.push(x[i]);
            t_modes.push(close_mode(&mut x_mode));
            y_mode.push(x[i]);
            y[j] /= x[i];
            i += 1;
        } else if y[j] < x[i] && x[i] % y[j] == 0 {
            x_mode.push(y[j]);
            y_mode.push(y[j]);
            u_modes.push(close_mode(&mut y_mode));
            x[i] /= y[j];
            j += 1;
        } else {
            return Err(NotMutuallyRefinable::Indivisible {
                t_entry: x[i],
                u_entry: y[j],
            });
        }
    }
    if i < x.len() {
        return Err(NotMutuallyRefinable::Exhausted { remaining: x[i] });
    }
    if !y_mode.is_empty() {
        // the entry of U being split: what is left of it closes the mode
        y_mode.push(y[j]);
        u_modes.push(flat_tuple(std::mem::take(&mut y_mode)));
        j += 1;
    }
    u_modes.extend(y[j..].iter().map(|&v| IntTuple::Int(v)));
    Ok(MutualRefinement {
        t: substitute(t, &mut t_modes.into_iter()),
        u: substitute(u, &mut u_modes.into_iter()),
    })
}

/// Where each relative mode starts in the flattening of the refinement, and its length.
fn spans(modes: &[IntTuple]) -> Vec<(usize, usize)> {
    let mut start = 0;
    modes
        .iter()
        .map(|mode| {
            let len = mode.flatten().len();
            let span = (start, len);
            start += len;
            span
        })
        .collect()
}

impl Morphism {
    /// The pullback `T'^* f : S' → T'` of `f : S → T` along a refinement `T' ↠ T`
    /// (Construction 3.2.5.5, `tract` `pullback_along`): each entry `i` of `S` with `α(i) = j`
    /// becomes the relative mode `T'_j`, mapped onto it; `Φ_{L_{f'}} = Φ_{L_f}`
    /// (Proposition 3.2.5.11). `(64,32) --(2, 4)--> (4,64,4,32)` pulled back along
    /// `((2,2),(16,4),(2,2),(16,2))` is `((16,4),(16,2)) --(3, 4, 7, 8)--> …`.
    ///
    /// # Errors
    /// `BadArgument` unless `refinement` refines the codomain.
    pub fn pullback(&self, refinement: &IntTuple) -> Result<Morphism, LayoutError> {
        let modes = relative_modes(refinement, &self.codomain)?;
        let spans = spans(&modes);
        let mut entries = Vec::with_capacity(self.map.len());
        let mut map = Vec::new();
        for (&a, &s) in self.map.iter().zip(&self.domain.flatten()) {
            if a == 0 {
                entries.push(IntTuple::Int(s));
                map.push(0);
            } else {
                let (start, len) = spans[a - 1];
                entries.push(modes[a - 1].clone());
                map.extend(start + 1..=start + len);
            }
        }
        let domain = substitute(&self.domain, &mut entries.into_iter());
        Morphism::new(domain, refinement.clone(), map)
    }

    /// The pushforward `S'_* f : S' → T'` of `f : S → T` along a refinement `S' ↠ S`
    /// (Construction 3.2.5.12, `tract` `pushforward_along`): each entry `α(i)` of `T` becomes
    /// the relative mode `S'_i`; `Φ_{L_{f'}} = Φ_{L_f}` (Proposition 3.2.5.15).
    /// `(64,32) --(2, 4)--> (4,64,4,32)` pushed forward along `((16,4),(16,2))` is
    /// `… --(2, 3, 5, 6)--> (4,(16,4),4,(16,2))`.
    ///
    /// # Errors
    /// `BadArgument` unless `refinement` refines the domain.
    pub fn pushforward(&self, refinement: &IntTuple) -> Result<Morphism, LayoutError> {
        let modes = relative_modes(refinement, &self.domain)?;
        let mut targets: Vec<IntTuple> = self
            .codomain
            .flatten()
            .into_iter()
            .map(IntTuple::Int)
            .collect();
        for (i, &a) in self.map.iter().enumerate() {
            if a != 0 {
                targets[a - 1] = modes[i].clone();
            }
        }
        let target_spans = spans(&targets);
        let mut map = Vec::new();
        for (i, &a) in self.map.iter().enumerate() {
            if a == 0 {
                map.extend(std::iter::repeat_n(0, modes[i].flatten().len()));
            } else {
                let (start, len) = target_spans[a - 1];
                map.extend(start + 1..=start + len);
            }
        }
        let codomain = substitute(&self.codomain, &mut targets.into_iter());
        Morphism::new(refinement.clone(), codomain, map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cute::pycute::algebra;
    use crate::cute::Layout;

    fn t(text: &str) -> IntTuple {
        Layout::parse(text).unwrap().shape().clone()
    }

    fn m(text: &str) -> Morphism {
        Morphism::parse(text).unwrap()
    }

    #[track_caller]
    fn check_refinement(
        t_text: &str,
        u_text: &str,
        expect: Result<(&str, &str), NotMutuallyRefinable>,
    ) {
        let (big_t, big_u) = (t(t_text), t(u_text));
        let got = mutual_refinement(&big_t, &big_u);
        match (got, expect) {
            (Ok(found), Ok((t_prime, u_prime))) => {
                assert_eq!(notation(found.t()), t_prime);
                assert_eq!(notation(found.u()), u_prime);
                assert!(refines(found.t(), &big_t) && refines(found.u(), &big_u));
                let (tf, uf) = (found.t().flatten(), found.u().flatten());
                assert_eq!(tf[..], uf[..tf.len()], "T' divides U'");
            }
            (got, expect) => assert_eq!(got.map(|_| ()), expect.map(|_| ())),
        }
    }

    #[test]
    fn paper_mutual_refinements() {
        // §4.1 and Examples 4.1.1.2-4.1.1.5, and tract's docstring example
        check_refinement("(6,6)", "(12,3,6)", Ok(("(6,(2,3))", "((6,2),3,6)")));
        check_refinement("(6,6)", "(2,6,3)", Ok(("((2,3),(2,3))", "(2,(3,2),3)")));
        check_refinement(
            "(8,8,8)",
            "(2,8,8,8)",
            Ok(("((2,4),(2,4),(2,4))", "(2,(4,2),(4,2),(4,2))")),
        );
        check_refinement(
            "(4,2,2,32)",
            "(32,32)",
            Ok(("(4,2,2,(2,16))", "((4,2,2,2),(16,2))")),
        );
        check_refinement("(6,6)", "(2,6,6)", Ok(("((2,3),(2,3))", "(2,(3,2),(3,2))")));
        check_refinement(
            "(8,8)",
            "(3,8,8)",
            Err(NotMutuallyRefinable::Indivisible {
                t_entry: 8,
                u_entry: 3,
            }),
        );
        check_refinement(
            "(8,8)",
            "(8)",
            Err(NotMutuallyRefinable::Exhausted { remaining: 8 }),
        );
        check_refinement("((4))", "(2,(2,5))", Ok(("(((2,2)))", "(2,(2,5))")));
    }

    #[test]
    fn relative_modes_and_refinement() {
        let modes = relative_modes(&t("((2,2),((3,3),25))"), &t("(4,(9,25))")).unwrap();
        let shown: Vec<String> = modes.iter().map(notation).collect();
        assert_eq!(shown, ["(2,2)", "(3,3)", "25"]);
        assert!(refines(&t("(2,(2,2))"), &IntTuple::Int(8)));
        assert!(refines(&IntTuple::Int(8), &t("(8)")));
        assert!(!refines(&t("(2,3)"), &t("(3,2)")));
        assert!(!refines(&IntTuple::Int(8), &IntTuple::Int(4)));
    }

    #[test]
    fn paper_pullbacks_and_pushforwards() {
        // Examples 3.2.5.6 and 3.2.5.13
        let f = m("(64,32) --(2, 4)--> (4,64,4,32)");
        let pulled = f.pullback(&t("((2,2),(16,4),(2,2),(16,2))")).unwrap();
        assert_eq!(
            pulled.to_string(),
            "((16,4),(16,2)) --(3, 4, 7, 8)--> ((2,2),(16,4),(2,2),(16,2))"
        );
        let pushed = f.pushforward(&t("((16,4),(16,2))")).unwrap();
        assert_eq!(
            pushed.to_string(),
            "((16,4),(16,2)) --(2, 3, 5, 6)--> (4,(16,4),4,(16,2))"
        );
        // * entries: kept whole by a pullback, spread over the relative mode by a pushforward
        let g = m("(3,64) --(*, 1)--> (64,5)");
        assert_eq!(
            g.pullback(&t("((8,8),5)")).unwrap().to_string(),
            "(3,(8,8)) --(0, 1, 2)--> ((8,8),5)"
        );
        assert_eq!(
            g.pushforward(&t("((3,1),(8,8))")).unwrap().to_string(),
            "((3,1),(8,8)) --(0, 0, 1, 2)--> ((8,8),5)"
        );
        assert!(f.pullback(&t("(4,64,4,31)")).is_err());
        for (original, moved) in [(&f, &pulled), (&f, &pushed)] {
            let (a, b) = (original.layout().unwrap(), moved.layout().unwrap());
            assert_eq!(
                algebra::coalesce(&a),
                algebra::coalesce(&b),
                "same layout function"
            );
        }
    }
}
