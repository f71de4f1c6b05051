//! Tilers and profiles, the second operands of CuTe's divides, products and by-mode coalesce,
//! in the notation of the CuTe docs: a tiler is a layout or `<B0,B1,…>` with one tiler per
//! mode (`_` leaves a mode alone), `<3:3,(2,4):(1,8)>`; a profile is `(_,_)` or `(1,1)`.

use crate::error::{Field, LayoutError};
use crate::support::cursor::Cursor;

use super::layout::{IntTuple, Layout, Notation};
use crate::cute::notation::{int_tuple, TupleSyntax, MAX_DEPTH};

/// How a profile reads: `_` or an integer in each leaf, no `(_,)`.
const PROFILE_TUPLE: TupleSyntax = TupleSyntax {
    field: Field::Shape,
    signed: true,
    blank: true,
    trailing_comma: false,
    leaf: "“_”, an integer or “(”",
    too_big: "an integer that fits in 64 bits",
    brackets: "“(”",
};

/// A tiler: a layout, a size (the compact layout `n:1`), or one tiler per mode (`None` leaves
/// that mode alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tiler {
    /// A layout `B`, such as `3:3` or `(2,4):(1,8)`.
    Layout(Layout),
    /// A size `n`, the compact layout `n:1`.
    Int(i64),
    /// `<B0,B1,…>`: tiler `k` acts on mode `k`; `_` (`None`) leaves the mode alone.
    ByMode(Vec<Option<Tiler>>),
}

impl Tiler {
    pub(crate) fn as_layout(&self) -> Result<Option<Layout>, LayoutError> {
        match self {
            Tiler::Layout(l) => Ok(Some(l.clone())),
            Tiler::Int(n) => Layout::compact(IntTuple::Int(*n)).map(Some),
            Tiler::ByMode(_) => Ok(None),
        }
    }
}

/// `<B0,B1,…>` (with `_` for a mode left alone) or a layout.
///
/// # Errors
/// `Parse` with the position in the whole text.
pub fn parse_tiler(text: &str) -> Result<Tiler, LayoutError> {
    let mut cur = Cursor::new(text);
    let tiler = tiler_item(&mut cur, 0)?;
    if cur.peek().is_some() {
        return Err(cur.error(Field::Shape, "the end of the tiler"));
    }
    Ok(tiler)
}

fn tiler_item(cur: &mut Cursor<'_>, depth: usize) -> Result<Tiler, LayoutError> {
    if depth > MAX_DEPTH {
        return Err(cur.error(Field::Shape, format!("at most {MAX_DEPTH} levels of “<”")));
    }
    if cur.eat('<') {
        let mut parts = Vec::new();
        loop {
            let part = if cur.eat('_') {
                None
            } else {
                Some(tiler_item(cur, depth + 1)?)
            };
            parts.push(part);
            if cur.eat(',') {
                continue;
            }
            if cur.eat('>') {
                return Ok(Tiler::ByMode(parts));
            }
            return Err(cur.error(Field::Shape, "“,” or “>”"));
        }
    }
    // A layout runs to the next “,” or “>” outside its parentheses.
    cur.skip_space();
    let start = cur.pos;
    let mut open = 0usize;
    while let Some(&c) = cur.chars.get(cur.pos) {
        match c {
            '(' => open += 1,
            ')' => open = open.saturating_sub(1),
            ',' | '>' | '<' if open == 0 => break,
            _ => {}
        }
        cur.pos += 1;
    }
    let piece: String = cur.chars[start..cur.pos].iter().collect();
    Layout::parse(&piece)
        .map(Tiler::Layout)
        .map_err(|e| e.within(cur.text, |p| start + p))
}

/// The text [`parse_tiler`] reads back to `tiler`.
pub fn tiler_notation(tiler: &Tiler) -> String {
    match tiler {
        Tiler::Layout(l) => l.to_notation(Notation::Cute),
        Tiler::Int(n) => n.to_string(),
        Tiler::ByMode(parts) => {
            let parts: Vec<String> = parts
                .iter()
                .map(|p| p.as_ref().map_or("_".to_string(), tiler_notation))
                .collect();
            format!("<{}>", parts.join(","))
        }
    }
}

/// A profile, `_` in each leaf: it reads as a profile only, never as a layout or tiler.
pub fn profile_notation(profile: &IntTuple) -> String {
    match profile {
        IntTuple::Int(_) => "_".to_string(),
        IntTuple::Tuple(items) => {
            let items: Vec<String> = items.iter().map(profile_notation).collect();
            format!("({})", items.join(","))
        }
    }
}

/// A profile: `_` or an integer (its value does not matter) or a parenthesised list of
/// profiles. Every leaf reads as `1`.
///
/// # Errors
/// `Parse` with the position.
pub fn parse_profile(text: &str) -> Result<IntTuple, LayoutError> {
    fn ones(profile: IntTuple) -> IntTuple {
        match profile {
            IntTuple::Int(_) => IntTuple::Int(1),
            IntTuple::Tuple(items) => IntTuple::Tuple(items.into_iter().map(ones).collect()),
        }
    }
    let mut cur = Cursor::new(text);
    let profile = int_tuple(&mut cur, &PROFILE_TUPLE, 0)?;
    if cur.peek().is_some() {
        return Err(cur.error(Field::Shape, "the end of the profile"));
    }
    Ok(ones(profile))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tilers_and_profiles_read_back_as_written() {
        for (text, notation) in [
            (" < 3:3 , (2,4):(1,8) > ", "<3:3,(2,4):(1,8)>"),
            ("<<2:1,_>,4>", "<<2:1,_>,4:1>"),
            ("(4, 2):(2, 1)", "(4,2):(2,1)"),
        ] {
            let tiler = parse_tiler(text).unwrap();
            assert_eq!(tiler_notation(&tiler), notation);
            assert_eq!(parse_tiler(notation), Ok(tiler));
        }
        for (text, notation) in [("(_, (1,_))", "(_,(_,_))"), ("7", "_"), ("()", "()")] {
            let profile = parse_profile(text).unwrap();
            assert_eq!(profile_notation(&profile), notation);
            assert_eq!(parse_profile(notation), Ok(profile));
        }
    }

    #[test]
    fn errors_say_where_and_what() {
        for (text, expect) in [
            ("<2:1,3:1", "“,” or “>”"),
            ("<2:1,(3,4>", "“,” or “)”"),
            ("<2:1,3:x>", "character 8"),
            ("<2:1> 4", "the end of the tiler"),
        ] {
            let message = parse_tiler(text).unwrap_err().to_string();
            assert!(message.contains(expect), "{text}: {message}");
        }
        let deep = format!("{}2:1{}", "<".repeat(40), ">".repeat(40));
        assert!(parse_tiler(&deep)
            .unwrap_err()
            .to_string()
            .contains("levels of “<”"));
        for (text, expect) in [
            ("(_,x)", "“_”, an integer or “(”"),
            ("(_,)", "“_”, an integer or “(”"),
            ("(_) _", "the end of the profile"),
        ] {
            let message = parse_profile(text).unwrap_err().to_string();
            assert!(message.contains(expect), "{text}: {message}");
        }
    }
}
