//! tinygrad's printed notation, so users can paste what tinygrad prints:
//! `View(shape=(2, 3), strides=(3, 1), offset=0, mask=None, contiguous=True)` and
//! `ShapeTracker(views=(View(...), View(...)))`.
//!
//! Keyword arguments may come in any order; `contiguous` is recomputed, and a pasted value that
//! disagrees with the canonical form is not an error (the canonical form is shown).

use crate::cute::MAX_DEPTH;
use crate::error::{Field, LayoutError};
use crate::support::cursor::Cursor;
use crate::view::tracker::ShapeTracker;
use crate::view::{Range, View};

/// Longest input accepted; longer text is refused before parsing.
pub const MAX_INPUT_CHARS: usize = 4096;

#[derive(Clone, Debug, PartialEq)]
enum Value {
    Int(i64),
    Bool(bool),
    None,
    Tuple(Vec<Value>),
    Call(String, Vec<(String, Value)>),
}

struct Parser<'a> {
    cur: Cursor<'a>,
}

impl Parser<'_> {
    fn error(&self, expected: impl Into<String>) -> LayoutError {
        self.cur.error(Field::View, expected)
    }

    fn expect(&mut self, c: char) -> Result<(), LayoutError> {
        if self.cur.eat(c) {
            Ok(())
        } else {
            Err(self.error(format!("“{c}”")))
        }
    }

    fn word(&mut self) -> String {
        self.cur.skip_space();
        let start = self.cur.pos;
        while self
            .cur
            .chars
            .get(self.cur.pos)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
        {
            self.cur.pos += 1;
        }
        self.cur.chars[start..self.cur.pos].iter().collect()
    }

    fn value(&mut self, depth: usize) -> Result<Value, LayoutError> {
        if depth > MAX_DEPTH {
            return Err(self.error(format!("at most {MAX_DEPTH} levels of parentheses")));
        }
        match self.cur.peek() {
            Some('(') => {
                self.cur.pos += 1;
                let mut items = Vec::new();
                while !self.cur.eat(')') {
                    items.push(self.value(depth + 1)?);
                    if !self.cur.eat(',') {
                        self.expect(')')?;
                        break;
                    }
                }
                Ok(Value::Tuple(items))
            }
            Some(c) if c == '-' || c == '+' || c.is_ascii_digit() => {
                let start = self.cur.pos;
                self.cur.pos += 1;
                let text: String = self.cur.digits_from(start);
                text.parse().map(Value::Int).map_err(|_| {
                    self.cur.pos = start;
                    self.error("an integer that fits in 64 bits")
                })
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let start = self.cur.pos;
                let name = self.word();
                match name.as_str() {
                    "None" => Ok(Value::None),
                    "True" => Ok(Value::Bool(true)),
                    "False" => Ok(Value::Bool(false)),
                    _ => {
                        if !self.cur.eat('(') {
                            self.cur.pos = start;
                            return Err(
                                self.error("a number, a tuple, None, True, False or View(...)")
                            );
                        }
                        let mut kwargs = Vec::new();
                        while !self.cur.eat(')') {
                            let key_at = self.cur.pos;
                            let key = self.word();
                            if key.is_empty() {
                                self.cur.pos = key_at;
                                return Err(self.error("a keyword argument such as shape=(...)"));
                            }
                            self.expect('=')?;
                            kwargs.push((key, self.value(depth + 1)?));
                            if !self.cur.eat(',') {
                                self.expect(')')?;
                                break;
                            }
                        }
                        Ok(Value::Call(name, kwargs))
                    }
                }
            }
            _ => Err(self.error("a number, a tuple, None, True, False or View(...)")),
        }
    }
}

fn parse_value(text: &str) -> Result<Value, LayoutError> {
    let mut parser = Parser {
        cur: Cursor::new(text),
    };
    if parser.cur.chars.len() > MAX_INPUT_CHARS {
        return Err(parser.error(format!("at most {MAX_INPUT_CHARS} characters")));
    }
    let value = parser.value(0)?;
    if parser.cur.peek().is_some() {
        return Err(parser.error("the end of the input"));
    }
    Ok(value)
}

fn not_what(text: &str, expected: &str) -> LayoutError {
    LayoutError::Parse {
        field: Field::View,
        input: text.to_string(),
        position: 0,
        expected: expected.to_string(),
    }
}

fn ints(value: &Value, text: &str, what: &str) -> Result<Vec<i64>, LayoutError> {
    match value {
        Value::Tuple(items) => items
            .iter()
            .map(|item| match item {
                Value::Int(v) => Ok(*v),
                _ => Err(not_what(text, &format!("{what} as a tuple of integers"))),
            })
            .collect(),
        _ => Err(not_what(text, &format!("{what} as a tuple of integers"))),
    }
}

fn view_from(value: &Value, text: &str) -> Result<View, LayoutError> {
    let Value::Call(name, kwargs) = value else {
        return Err(not_what(
            text,
            "View(shape=..., strides=..., offset=..., mask=...)",
        ));
    };
    if name != "View" {
        return Err(not_what(text, "View(...)"));
    }
    let get = |key: &str| kwargs.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    if let Some((unknown, _)) = kwargs
        .iter()
        .find(|(k, _)| !["shape", "strides", "offset", "mask", "contiguous"].contains(&k.as_str()))
    {
        return Err(not_what(
            text,
            &format!("View arguments shape, strides, offset, mask (not {unknown})"),
        ));
    }
    let shape = ints(
        get("shape").ok_or_else(|| not_what(text, "a shape=(...) argument"))?,
        text,
        "shape",
    )?;
    let strides = get("strides")
        .map(|v| ints(v, text, "strides"))
        .transpose()?;
    let offset = match get("offset") {
        None => 0,
        Some(Value::Int(v)) => *v,
        Some(_) => return Err(not_what(text, "offset as an integer")),
    };
    let mask: Option<Vec<Range>> = match get("mask") {
        None | Some(Value::None) => None,
        Some(Value::Tuple(pairs)) => Some(
            pairs
                .iter()
                .map(|pair| match pair {
                    Value::Tuple(p) => match p.as_slice() {
                        [Value::Int(b), Value::Int(e)] => Ok((*b, *e)),
                        _ => Err(not_what(text, "mask as pairs (begin, end)")),
                    },
                    _ => Err(not_what(text, "mask as pairs (begin, end)")),
                })
                .collect::<Result<_, _>>()?,
        ),
        Some(_) => return Err(not_what(text, "mask as None or pairs (begin, end)")),
    };
    View::create(&shape, strides.as_deref(), offset, mask.as_deref())
}

/// A view from tinygrad's repr, through the canonical constructor.
///
/// # Errors
/// `Parse` with the position for malformed text; the constructor's errors (rank mismatch,
/// negative dim, mask out of range, overflow) for well-formed text.
pub fn parse_view(text: &str) -> Result<View, LayoutError> {
    view_from(&parse_value(text)?, text)
}

/// A view stack from `ShapeTracker(views=(View(...), ...))`, or a single `View(...)`.
///
/// # Errors
/// As [`parse_view`], and `Parse` for an empty view list.
pub fn parse_tracker(text: &str) -> Result<ShapeTracker, LayoutError> {
    match parse_value(text)? {
        Value::Call(name, kwargs) if name == "ShapeTracker" => {
            let views = match kwargs.as_slice() {
                [(key, Value::Tuple(views))] if key == "views" && !views.is_empty() => views,
                _ => return Err(not_what(text, "ShapeTracker(views=(View(...), ...))")),
            };
            let views = views
                .iter()
                .map(|v| view_from(v, text))
                .collect::<Result<_, _>>()?;
            ShapeTracker::from_views(views)
        }
        value => ShapeTracker::from_views(vec![view_from(&value, text)?]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MovementOp;

    #[test]
    fn round_trips_tinygrad_repr() {
        for text in [
            "View(shape=(2, 3), strides=(3, 1), offset=0, mask=None, contiguous=True)",
            "View(shape=(4,), strides=(0,), offset=5, mask=((1, 2),), contiguous=False)",
            "View(shape=(), strides=(), offset=7, mask=None, contiguous=False)",
        ] {
            assert_eq!(parse_view(text).unwrap().to_string(), text);
        }
        let view = parse_view("View(strides=(1,3), shape=(3,2))").unwrap();
        assert_eq!(view.strides(), &[1, 3]);
    }

    #[test]
    fn parses_a_stack() {
        let t = ShapeTracker::from_shape(&[3, 2])
            .unwrap()
            .apply(&MovementOp::Permute(vec![1, 0]))
            .unwrap()
            .0
            .apply(&MovementOp::Reshape(vec![3, 2]))
            .unwrap()
            .0;
        let text = format!(
            "ShapeTracker(views=({}))",
            t.views()
                .iter()
                .map(View::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
        assert_eq!(parse_tracker(&text).unwrap(), t);
    }

    #[track_caller]
    fn check_error(text: &str, expect: &str) {
        let message = parse_view(text).unwrap_err().to_string();
        assert!(
            message.contains(expect),
            "{text:?}: {message:?} lacks {expect:?}"
        );
    }

    #[test]
    fn errors_say_what_and_where() {
        check_error(
            "View(shape=(2, 3), strides=(1,))",
            "strides lists 1 values but the shape has 2 dimensions",
        );
        check_error("View(shape=(2, 3)", "expected “)” at character 18");
        check_error("View(shape=(2, x))", "expected a number");
        check_error("View(shape=(9223372036854775808,))", "fits in 64 bits");
        check_error("View(shape=(-1,))", "must be >= 0");
        check_error("View(shape=(2,), mask=((0, 3),))", "0 <= begin <= end <= 2");
        check_error("<img src=x onerror=alert(1)>", "expected a number");
        check_error(&"(".repeat(100), "levels of parentheses");
        check_error(&"1".repeat(5000), "at most 4096 characters");
        check_error("Tensor(shape=(2,))", "View(...)");
    }
}
