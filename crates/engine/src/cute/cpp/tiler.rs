//! Tilers as CuTe C++ takes them (`cute/layout.hpp` `logical_divide(layout, Tiler)`): a layout,
//! an integer, `_`, or a tuple of tilers by mode; their notation as CuTe prints them, and
//! `zip2_by`, which gathers a divide's tiles by the tiler's profile.

use std::fmt;

use crate::error::LayoutError;

use super::algebra::CppLayout;
use super::int::{refused, CppInt, CppTuple};
use crate::cute::{MAX_DEPTH, MAX_NOTATION_CHARS};

/// A tiler as CuTe C++ takes one: a layout, an integer (`make_layout(n)`), `_` (keep the mode)
/// or a tuple of tilers, one per mode.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CppTiler {
    /// A layout `B`, such as `_3:_3`.
    Layout(CppLayout),
    /// An integer `n`, the layout `make_layout(n)` = `n:_1`.
    Int(CppInt),
    /// `_`: leave the mode as it is.
    Underscore,
    /// One tiler per mode, such as `(_4,_)`.
    Tuple(Vec<CppTiler>),
}

/// `zip2_by(t, guide)`: for a tuple tiler, the rank-2 mode each tiler reaches split into its
/// tile and rest, gathered as `((tiles…),(rests…, untouched modes…))`; any other tiler leaves
/// `t` (which must be of rank 2) as it is.
pub(super) fn zip2_by(t: &CppTuple, guide: &CppTiler) -> Result<CppTuple, LayoutError> {
    let CppTiler::Tuple(guides) = guide else {
        return match t {
            CppTuple::Tuple(items) if items.len() == 2 => Ok(t.clone()),
            _ => Err(refused("zip2_by", "Mismatched ranks")),
        };
    };
    let items = match t {
        CppTuple::Tuple(items) if items.len() >= guides.len() => items,
        _ => return Err(refused("zip2_by", "Mismatched ranks")),
    };
    let mut tiles = Vec::new();
    let mut rests = Vec::new();
    for (item, g) in items.iter().zip(guides) {
        let split = zip2_by(item, g)?;
        tiles.push(split.get(0)?.clone());
        rests.push(split.get(1)?.clone());
    }
    rests.extend(items[guides.len()..].iter().cloned());
    Ok(CppTuple::Tuple(vec![
        CppTuple::Tuple(tiles),
        CppTuple::Tuple(rests),
    ]))
}

impl CppTiler {
    /// A tiler in CuTe's print: a layout `2:_1`, an integer `_4` / `4`, `_`, or a tuple of
    /// tilers `(2:_1,_)`. A parenthesised tuple with no `:` inside is a shape, each mode an
    /// integer tiler (`(2,4)` tiles by `make_layout(2)` and `make_layout(4)`).
    ///
    /// # Errors
    /// `Parse` with the position.
    pub fn parse(text: &str) -> Result<CppTiler, LayoutError> {
        if text.chars().count() > MAX_NOTATION_CHARS {
            return Err(refused(
                "tiler",
                format!("at most {MAX_NOTATION_CHARS} characters"),
            ));
        }
        parse_at(text, 0)
    }
}

fn parse_at(text: &str, depth: usize) -> Result<CppTiler, LayoutError> {
    if depth > MAX_DEPTH {
        return Err(refused(
            "tiler",
            format!("at most {MAX_DEPTH} levels of parentheses"),
        ));
    }
    let trimmed = text.trim();
    if trimmed == "_" {
        return Ok(CppTiler::Underscore);
    }
    let as_layout = CppLayout::parse(trimmed);
    if let Ok(layout) = &as_layout {
        if trimmed.contains(':') {
            return Ok(CppTiler::Layout(layout.clone()));
        }
        return Ok(shape_tiler(layout.shape()));
    }
    let Some(inner) = trimmed.strip_prefix('(').and_then(|t| t.strip_suffix(')')) else {
        return as_layout.map(CppTiler::Layout);
    };
    split_top_level(inner)
        .into_iter()
        .map(|part| parse_at(part, depth + 1))
        .collect::<Result<_, _>>()
        .map(CppTiler::Tuple)
}

fn shape_tiler(shape: &CppTuple) -> CppTiler {
    match shape {
        CppTuple::Int(v) => CppTiler::Int(*v),
        CppTuple::Tuple(items) => CppTiler::Tuple(items.iter().map(shape_tiler).collect()),
    }
}

/// `text` split at the commas outside parentheses.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

impl fmt::Display for CppTiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CppTiler::Layout(l) => write!(f, "{l}"),
            CppTiler::Int(v) => write!(f, "{v}"),
            CppTiler::Underscore => f.write_str("_"),
            CppTiler::Tuple(items) => {
                f.write_str("(")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str(")")
            }
        }
    }
}
