//! Views over symbolic dimensions (a View API with symbolic shapes): a dim may be a named
//! variable with `[min, max]`.
//!
//! Sizes and strides are monomials `c·N·M…`, so a C-contiguous view keeps exact symbolic
//! strides (`(N, 4)` has strides `(4, 1)`, `(4, N)` has `(N, 1)`) rather than placeholders.
//! `expand`, `permute` and the reshape of a C-contiguous view work symbolically; `shrink`, `pad`,
//! `flip` and `stride` need concrete sizes and say so; [`SymView::bind`] gives the concrete
//! [`View`] once every variable has a value.

use crate::support::sorted::SortedMap;
use std::fmt;

use crate::error::LayoutError;
use crate::expr::{ExprArena, ExprId};
use crate::view::View;

/// A named size variable with its inclusive range.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SymVar {
    /// The name the dims write (`N`).
    pub name: String,
    /// Smallest value, at least 1.
    pub min: i64,
    /// Largest value (inclusive).
    pub max: i64,
}

/// `coeff · Π var^power`; a static size when there is no variable.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dim {
    coeff: i64,
    vars: SortedMap<String, u32>,
}

impl Dim {
    /// The static size `value`.
    pub fn fixed(value: i64) -> Dim {
        Dim {
            coeff: value,
            vars: SortedMap::new(),
        }
    }

    /// The variable `name` itself, `1·name`.
    pub fn var(name: &str) -> Dim {
        let mut vars = SortedMap::new();
        vars.insert(name.to_string(), 1);
        Dim { coeff: 1, vars }
    }

    /// The value when static.
    pub fn as_static(&self) -> Option<i64> {
        self.vars.is_empty().then_some(self.coeff)
    }

    /// `self · other`.
    ///
    /// # Errors
    /// `Overflow` when the coefficient does not fit.
    pub fn times(&self, other: &Dim) -> Result<Dim, LayoutError> {
        let mut vars = self.vars.clone();
        for (name, power) in &other.vars {
            let slot = vars.entry(name.clone()).or_insert(0);
            *slot = slot.checked_add(*power).ok_or(LayoutError::Overflow {
                what: "a symbolic size's power",
            })?;
        }
        let coeff = self
            .coeff
            .checked_mul(other.coeff)
            .ok_or(LayoutError::Overflow {
                what: "a symbolic size",
            })?;
        Ok(if coeff == 0 {
            Dim::fixed(0)
        } else {
            Dim { coeff, vars }
        })
    }

    /// The value with every variable given.
    ///
    /// # Errors
    /// `BadArgument` naming an unbound variable; `Overflow`.
    pub fn value(&self, values: &SortedMap<String, i64>) -> Result<i64, LayoutError> {
        let mut result = self.coeff;
        for (name, &power) in &self.vars {
            let Some(&v) = values.get(name) else {
                return Err(LayoutError::BadArgument {
                    op: "bind",
                    arg: name.clone(),
                    expected: format!("a value for {name}"),
                });
            };
            for _ in 0..power {
                result = result.checked_mul(v).ok_or(LayoutError::Overflow {
                    what: "a bound size",
                })?;
            }
        }
        Ok(result)
    }

    /// `[min, max]` over the variables' ranges (all ranges are non-negative).
    fn bounds(&self, vars: &[SymVar]) -> (i64, i64) {
        let mut range = (self.coeff, self.coeff);
        for (name, &power) in &self.vars {
            let (lo, hi) = vars
                .iter()
                .find(|v| &v.name == name)
                .map_or((0, i64::MAX), |v| (v.min, v.max));
            for _ in 0..power {
                range = (range.0.saturating_mul(lo), range.1.saturating_mul(hi));
            }
        }
        range
    }
}

impl fmt::Display for Dim {
    /// `4`, `N`, `4·N`, `N·M`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if self.coeff != 1 || self.vars.is_empty() {
            parts.push(self.coeff.to_string());
        }
        for (name, &power) in &self.vars {
            parts.extend(std::iter::repeat_n(name.clone(), power as usize));
        }
        write!(f, "{}", parts.join("·"))
    }
}

/// A view whose sizes may be symbolic: unmasked, as the symbolic View API's operations keep it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SymView {
    vars: Vec<SymVar>,
    shape: Vec<Dim>,
    strides: Vec<Dim>,
    offset: i64,
}

fn needs_concrete(op: &'static str, view: &SymView) -> LayoutError {
    LayoutError::BadArgument {
        op,
        arg: format!("{view}"),
        expected: "concrete sizes: bind the symbolic dims first".into(),
    }
}

/// Row-major strides of `shape` as monomials, size-1 dims at stride 0.
fn c_strides(shape: &[Dim]) -> Result<Vec<Dim>, LayoutError> {
    let mut strides = vec![Dim::fixed(0); shape.len()];
    let mut acc = Dim::fixed(1);
    for (k, dim) in shape.iter().enumerate().rev() {
        strides[k] = if dim.as_static() == Some(1) {
            Dim::fixed(0)
        } else {
            acc.clone()
        };
        acc = acc.times(dim)?;
    }
    Ok(strides)
}

impl SymView {
    /// The C-contiguous view of `shape` over the variables `vars`.
    ///
    /// # Errors
    /// `BadArgument` for a variable without a range, a range not within `1..=max` or a negative
    /// static size; `Overflow`.
    pub fn contiguous(shape: Vec<Dim>, vars: Vec<SymVar>) -> Result<SymView, LayoutError> {
        for var in &vars {
            if var.min < 1 || var.min > var.max {
                return Err(LayoutError::BadArgument {
                    op: "symbolic dim",
                    arg: format!("{} in [{}, {}]", var.name, var.min, var.max),
                    expected: "a range 1 <= min <= max".into(),
                });
            }
        }
        for dim in &shape {
            if dim.coeff < 0 {
                return Err(LayoutError::NegativeDim {
                    axis: 0,
                    value: dim.coeff,
                });
            }
            if let Some(name) = dim
                .vars
                .keys()
                .find(|n| !vars.iter().any(|v| &v.name == *n))
            {
                return Err(LayoutError::BadArgument {
                    op: "symbolic dim",
                    arg: name.clone(),
                    expected: format!("a range for {name}"),
                });
            }
        }
        let strides = c_strides(&shape)?;
        Ok(SymView {
            vars,
            shape,
            strides,
            offset: 0,
        })
    }

    /// Size of each dimension, as monomials.
    pub fn shape(&self) -> &[Dim] {
        &self.shape
    }
    /// Elements moved per step along each dimension, as monomials (`(N, 4)` has `(4, 1)`).
    pub fn strides(&self) -> &[Dim] {
        &self.strides
    }
    /// The variables the sizes may use, with their ranges.
    pub fn vars(&self) -> &[SymVar] {
        &self.vars
    }

    /// Whether every size is static.
    pub fn is_static(&self) -> bool {
        self.shape.iter().all(|d| d.as_static().is_some())
    }

    /// Offset 0, no mask (never, here) and row-major strides.
    pub fn is_c_contiguous(&self) -> bool {
        self.offset == 0 && c_strides(&self.shape).is_ok_and(|s| s == self.strides)
    }

    /// The strides as a standard strided layout: always, since symbolic views carry no mask.
    pub fn strides_opt(&self) -> Option<&[Dim]> {
        Some(&self.strides)
    }

    /// Whether the view can be materialised without binding: static sizes and strides.
    pub fn is_materializable(&self) -> bool {
        self.is_static() && self.strides_opt().is_some()
    }

    /// `Π shape`.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn numel(&self) -> Result<Dim, LayoutError> {
        self.shape
            .iter()
            .try_fold(Dim::fixed(1), |acc, d| acc.times(d))
    }

    /// `expand(new_shape)`: size-1 dims broadcast to any size, symbolic included.
    ///
    /// # Errors
    /// `BadArgument` for a different rank or a dim that is neither kept nor 1.
    pub fn expand(&self, new_shape: Vec<Dim>) -> Result<SymView, LayoutError> {
        let arg = new_shape
            .iter()
            .map(Dim::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        if new_shape.len() != self.shape.len() {
            return Err(LayoutError::BadArgument {
                op: "expand",
                arg,
                expected: format!("{} sizes", self.shape.len()),
            });
        }
        let mut strides = self.strides.clone();
        for (k, (old, new)) in self.shape.iter().zip(&new_shape).enumerate() {
            if old == new {
                continue;
            }
            if old.as_static() != Some(1) {
                return Err(LayoutError::BadArgument {
                    op: "expand",
                    arg,
                    expected: format!("dimension {k} to stay {old} (only size-1 dims expand)"),
                });
            }
            strides[k] = Dim::fixed(0);
        }
        Ok(SymView {
            vars: self.vars.clone(),
            shape: new_shape,
            strides,
            offset: self.offset,
        })
    }

    /// `permute(axes)`.
    ///
    /// # Errors
    /// `BadArgument` unless `axes` is a permutation of `0..rank`.
    pub fn permute(&self, axes: &[usize]) -> Result<SymView, LayoutError> {
        if !crate::support::small_sort::is_permutation(axes, self.shape.len()) {
            return Err(LayoutError::BadArgument {
                op: "permute",
                arg: crate::support::text::list(axes),
                expected: format!("a permutation of 0..{}", self.shape.len()),
            });
        }
        Ok(SymView {
            vars: self.vars.clone(),
            shape: axes.iter().map(|&a| self.shape[a].clone()).collect(),
            strides: axes.iter().map(|&a| self.strides[a].clone()).collect(),
            offset: self.offset,
        })
    }

    /// `reshape(new_shape)` of a C-contiguous view: the element count must be the same monomial.
    ///
    /// # Errors
    /// `BadArgument` for a different count, or for a view that is not C-contiguous (its stride
    /// compatibility cannot be decided without concrete sizes).
    pub fn reshape(&self, new_shape: Vec<Dim>) -> Result<SymView, LayoutError> {
        let arg = new_shape
            .iter()
            .map(Dim::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let count = new_shape
            .iter()
            .try_fold(Dim::fixed(1), |acc, d| acc.times(d))?;
        if count != self.numel()? {
            return Err(LayoutError::BadArgument {
                op: "reshape",
                arg,
                expected: format!("{} elements in all", self.numel()?),
            });
        }
        if !self.is_c_contiguous() {
            return Err(LayoutError::BadArgument {
                op: "reshape",
                arg,
                expected: "a C-contiguous view (a non-contiguous symbolic view cannot be reshaped; make it contiguous first)".into(),
            });
        }
        SymView::contiguous(new_shape, self.vars.clone())
    }

    /// `shrink`, `pad`, `flip` and `stride` need concrete sizes.
    ///
    /// # Errors
    /// Always `BadArgument` naming the op while any size is symbolic.
    pub fn needs_binding(&self, op: &'static str) -> Result<(), LayoutError> {
        if self.is_static() {
            Ok(())
        } else {
            Err(needs_concrete(op, self))
        }
    }

    /// The concrete view with every variable bound.
    ///
    /// # Errors
    /// `BadArgument` for a missing variable or a value outside its range; the constructor's
    /// errors.
    pub fn bind(&self, values: &SortedMap<String, i64>) -> Result<View, LayoutError> {
        for var in &self.vars {
            match values.get(&var.name) {
                Some(&v) if (var.min..=var.max).contains(&v) => {}
                Some(&v) => {
                    return Err(LayoutError::BadArgument {
                        op: "bind",
                        arg: format!("{}={v}", var.name),
                        expected: format!("{} <= {} <= {}", var.min, var.name, var.max),
                    })
                }
                None => {}
            }
        }
        let shape: Vec<i64> = self
            .shape
            .iter()
            .map(|d| d.value(values))
            .collect::<Result<_, _>>()?;
        let strides: Vec<i64> = self
            .strides
            .iter()
            .map(|d| d.value(values))
            .collect::<Result<_, _>>()?;
        View::create(&shape, Some(&strides), self.offset, None)
    }

    /// `offset + Σ indices[k]·strides[k]` for bound variables (the symbolic View API's
    /// `linear_index`).
    ///
    /// # Errors
    /// As [`Dim::value`], and `BadArgument` for a rank mismatch.
    pub fn linear_index(
        &self,
        indices: &[i64],
        values: &SortedMap<String, i64>,
    ) -> Result<i64, LayoutError> {
        if indices.len() != self.shape.len() {
            return Err(LayoutError::BadArgument {
                op: "linear_index",
                arg: crate::support::text::list(indices),
                expected: format!("{} indices", self.shape.len()),
            });
        }
        indices
            .iter()
            .zip(&self.strides)
            .try_fold(self.offset, |acc, (&i, s)| {
                acc.checked_add(
                    i.checked_mul(s.value(values)?)
                        .ok_or(LayoutError::Overflow {
                            what: "a linear index",
                        })?,
                )
                .ok_or(LayoutError::Overflow {
                    what: "a linear index",
                })
            })
    }

    /// Whether `indices` lie in the shape for bound variables (no mask here; the symbolic View
    /// API's `is_valid`): false for a rank mismatch or an index out of range.
    pub fn is_valid(&self, indices: &[i64], values: &SortedMap<String, i64>) -> bool {
        indices.len() == self.shape.len()
            && indices
                .iter()
                .zip(&self.shape)
                .all(|(&i, d)| d.value(values).is_ok_and(|n| 0 <= i && i < n))
    }

    /// `idx` over loop variables `ridx_k ∈ [0, max(dim_k) - 1]` and the size variables, which
    /// the expression carries: `ridx0*N + ridx1` for `(M, N)`.
    pub fn index_expr(&self) -> (ExprArena, ExprId) {
        let mut arena = ExprArena::new();
        let loops: Vec<ExprId> = self
            .shape
            .iter()
            .enumerate()
            .map(|(k, d)| arena.var(&format!("ridx{k}"), 0, (d.bounds(&self.vars).1 - 1).max(0)))
            .collect();
        // inserted one by one: collecting into a map would link a sort into the wasm
        let mut sizes: SortedMap<String, ExprId> = SortedMap::new();
        for v in &self.vars {
            sizes.insert(v.name.clone(), arena.var(&v.name, v.min, v.max));
        }
        let mut idx = arena.constant(0);
        for (&i, stride) in loops.iter().zip(&self.strides) {
            let coeff = arena.constant(stride.coeff);
            let mut term = arena.mul(i, coeff);
            for (name, &power) in &stride.vars {
                for _ in 0..power {
                    term = arena.mul(term, sizes[name]);
                }
            }
            idx = arena.add(idx, term);
        }
        let offset = arena.constant(self.offset);
        let idx = arena.add(idx, offset);
        (arena, idx)
    }
}

impl fmt::Display for SymView {
    /// `SymView(shape=(N, 4), strides=(4, 1), offset=0)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |dims: &[Dim]| {
            dims.iter()
                .map(Dim::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        write!(
            f,
            "SymView(shape=({}), strides=({}), offset={})",
            list(&self.shape),
            list(&self.strides),
            self.offset
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_that_overflow_are_an_error_not_a_wrap() {
        let mut n = Dim::var("N");
        n.vars.insert("N".to_string(), u32::MAX);
        assert!(matches!(
            n.times(&Dim::var("N")),
            Err(LayoutError::Overflow { .. })
        ));
        let squared = Dim::var("N").times(&Dim::var("N")).unwrap();
        assert_eq!(squared.vars.get("N"), Some(&2));
    }

    fn n_view() -> SymView {
        let vars = vec![SymVar {
            name: "N".into(),
            min: 1,
            max: 8,
        }];
        SymView::contiguous(vec![Dim::var("N"), Dim::fixed(4)], vars).unwrap()
    }

    #[test]
    fn symbolic_strides_are_exact() {
        let v = n_view();
        assert_eq!(
            v.to_string(),
            "SymView(shape=(N, 4), strides=(4, 1), offset=0)"
        );
        let t = v.permute(&[1, 0]).unwrap();
        assert_eq!(
            t.to_string(),
            "SymView(shape=(4, N), strides=(1, 4), offset=0)"
        );
        assert!(!t.is_c_contiguous());
        let r = v
            .reshape(vec![Dim::fixed(2), Dim::fixed(2), Dim::var("N")])
            .unwrap();
        assert_eq!(
            r.to_string(),
            "SymView(shape=(2, 2, N), strides=(2·N, N, 1), offset=0)"
        );
        assert!(r.is_c_contiguous() && !r.is_materializable());
    }

    #[test]
    fn symbolic_ops_that_need_values_say_so() {
        let v = n_view();
        let transposed = v.permute(&[1, 0]).unwrap();
        let err = transposed
            .reshape(vec![Dim::var("N"), Dim::fixed(4)])
            .unwrap_err();
        assert!(err.to_string().contains("C-contiguous"), "{err}");
        assert!(
            v.reshape(vec![Dim::var("N")]).is_err(),
            "element count differs"
        );
        let err = v.needs_binding("shrink").unwrap_err();
        assert!(err.to_string().contains("bind the symbolic dims"), "{err}");
        let one = SymView::contiguous(vec![Dim::fixed(1), Dim::fixed(4)], vec![]).unwrap();
        let wide = one.expand(vec![Dim::var("N"), Dim::fixed(4)]).unwrap();
        assert_eq!(wide.strides()[0], Dim::fixed(0));
    }

    #[test]
    fn bind_gives_the_concrete_view_and_expressions_agree() {
        let v = n_view()
            .reshape(vec![Dim::fixed(2), Dim::fixed(2), Dim::var("N")])
            .unwrap();
        let (arena, idx) = v.index_expr();
        assert_eq!(arena.render_readable(idx), "ridx0*2*N + ridx1*N + ridx2");
        for n in 1..=8 {
            let values = SortedMap::from([("N".to_string(), n)]);
            let concrete = v.bind(&values).unwrap();
            assert_eq!(concrete, View::contiguous_of(&[2, 2, n]).unwrap());
            for coord in crate::RowMajor::new(concrete.shape()) {
                let want = concrete.offset_from_coord(&coord).unwrap();
                assert_eq!(v.linear_index(&coord, &values).unwrap(), want);
                assert!(v.is_valid(&coord, &values));
                let mut env = coord.clone();
                env.push(n);
                assert_eq!(arena.eval(idx, &env), want);
            }
        }
        let out_of_range = SortedMap::from([("N".to_string(), 9)]);
        assert!(v.bind(&out_of_range).is_err());
        assert!(!v.is_valid(&[0, 0], &SortedMap::from([("N".to_string(), 2)])));
    }
}
