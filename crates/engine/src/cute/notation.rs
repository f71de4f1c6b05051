//! The int-tuple notation every notation of the engine builds on: `8`, `(4,(2,3))`, `()` and
//! pycute's 1-tuple `(8,)`. Layouts `S:D`, morphisms `S --α--> T`, profiles `(_,_)` and tilers
//! `<B0,B1,…>` read their tuples here, each with its own words for errors (`TupleSyntax`);
//! [`MAX_DEPTH`] and [`MAX_NOTATION_CHARS`] are the limits of all of them.

use crate::error::{Field, LayoutError};
use crate::support::cursor::Cursor;

use super::IntTuple;

/// Longest notation accepted by the parsers.
pub const MAX_NOTATION_CHARS: usize = 4096;
/// Deepest nesting accepted by every notation: int tuples, layouts, tilers, morphisms and
/// tinygrad reprs.
pub const MAX_DEPTH: usize = 32;

/// What one notation accepts in an int tuple, and how its errors read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TupleSyntax {
    /// The field every error names.
    pub(crate) field: Field,
    /// Whether a leaf may start with `-`.
    pub(crate) signed: bool,
    /// Whether `_` is a leaf; it reads as 1 (profiles, where only the nesting counts).
    pub(crate) blank: bool,
    /// Whether a `,` may come before `)`: `(8,)`, `(4,2,)`.
    pub(crate) trailing_comma: bool,
    /// What was expected where neither a leaf nor `(` is.
    pub(crate) leaf: &'static str,
    /// What was expected where a leaf's digits do not fit in 64 bits.
    pub(crate) too_big: &'static str,
    /// The brackets the nesting limit names: "at most 32 levels of {brackets}".
    pub(crate) brackets: &'static str,
}

/// The int tuple at the cursor, `depth` levels inside an enclosing notation.
///
/// # Errors
/// `Parse` at the position where the text stops being an int tuple of `syntax`.
pub(crate) fn int_tuple(
    cur: &mut Cursor<'_>,
    syntax: &TupleSyntax,
    depth: usize,
) -> Result<IntTuple, LayoutError> {
    if depth > MAX_DEPTH {
        return Err(cur.error(
            syntax.field,
            format!("at most {MAX_DEPTH} levels of {}", syntax.brackets),
        ));
    }
    match cur.peek() {
        Some('(') => {
            cur.pos += 1;
            let mut items = Vec::new();
            if cur.eat(')') {
                return Ok(IntTuple::Tuple(items));
            }
            loop {
                items.push(int_tuple(cur, syntax, depth + 1)?);
                if cur.eat(',') {
                    if syntax.trailing_comma && cur.eat(')') {
                        break;
                    }
                    continue;
                }
                if cur.eat(')') {
                    break;
                }
                return Err(cur.error(syntax.field, "“,” or “)”"));
            }
            Ok(IntTuple::Tuple(items))
        }
        Some('_') if syntax.blank => {
            cur.pos += 1;
            Ok(IntTuple::Int(1))
        }
        Some(c) if c.is_ascii_digit() || (syntax.signed && c == '-') => {
            let start = cur.pos;
            cur.pos += 1;
            let digits = cur.digits_from(start);
            digits.parse().map(IntTuple::Int).map_err(|_| {
                cur.pos = start;
                cur.error(syntax.field, syntax.too_big)
            })
        }
        _ => Err(cur.error(syntax.field, syntax.leaf)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layouts' own syntax: signed ints, pycute's `(8,)` for a 1-tuple.
    const PLAIN: TupleSyntax = crate::cute::pycute::layout::LAYOUT_TUPLE;

    fn parse(text: &str, syntax: &TupleSyntax) -> Result<IntTuple, LayoutError> {
        let mut cur = Cursor::new(text);
        int_tuple(&mut cur, syntax, 0)
    }

    #[test]
    fn tuples_nest_and_one_tuples_stay_tuples() {
        let t = parse(" ( 4 , (2,-3) ) ", &PLAIN).unwrap();
        assert_eq!(t.to_notation(super::super::Notation::Cute), "(4,(2,-3))");
        assert_eq!(
            parse("(8,)", &PLAIN).unwrap(),
            IntTuple::Tuple(vec![IntTuple::Int(8)])
        );
        assert_eq!(parse("()", &PLAIN).unwrap(), IntTuple::Tuple(Vec::new()));
        assert_eq!(parse("8", &PLAIN).unwrap(), IntTuple::Int(8));
    }

    #[test]
    fn each_syntax_keeps_its_words() {
        let strict = TupleSyntax {
            signed: false,
            blank: true,
            trailing_comma: false,
            leaf: "“_”, an integer or “(”",
            brackets: "“(”",
            ..PLAIN
        };
        assert_eq!(
            parse("(_,(_))", &strict).unwrap(),
            parse("(1,(1))", &PLAIN).unwrap()
        );
        for (text, syntax, expect) in [
            ("(8,)", &strict, "“_”, an integer or “(”"),
            ("-1", &strict, "“_”, an integer or “(”"),
            ("(4 4)", &PLAIN, "“,” or “)”"),
            ("99999999999999999999", &PLAIN, "fits in 64 bits"),
        ] {
            let message = parse(text, syntax).unwrap_err().to_string();
            assert!(message.contains(expect), "{text}: {message}");
        }
        let deep = "(".repeat(MAX_DEPTH + 2);
        assert!(parse(&deep, &strict)
            .unwrap_err()
            .to_string()
            .contains("at most 32 levels of “(”"));
    }
}
