//! Parses index expressions: normal precedence (`ridx0*2 + ridx1 - 3`, `x >= 2 && x < 5`) and
//! tinygrad's rendered output verbatim (`((ridx0*2)+ridx1)`, `//`, `%`, `+-3`,
//! `((ridx0<5)!=True)`, `&`).
//!
//! `/` and `//` both truncate toward zero and `%` takes the sign of the dividend, as tinygrad's
//! rendered expressions mean them. Precedence, loosest first: `or`/`||`/`|`, `and`/`&&`/`&`,
//! `not`/`!`, comparisons, `+ -`, `* / // %`, unary `-`.

use crate::error::{Field, LayoutError};
use crate::expr::{BinOp, ExprArena, ExprId};
use crate::support::cursor::Cursor;

/// Longest expression accepted.
pub const MAX_EXPR_CHARS: usize = 8192;
/// Deepest nesting of parentheses and operators accepted in an expression.
const MAX_EXPR_DEPTH: usize = 64;
/// Most operations accepted (counting a shared subterm once per use). It bounds the depth of
/// the tree, so evaluating, rendering and simplifying it recurse at most this deep: tinygrad's
/// longest rendered expressions in the reference vectors have about a hundred.
pub const MAX_EXPR_OPS: usize = 1024;

/// A named variable the expression may use, with its inclusive range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarRange {
    /// The name the expression writes (`ridx0`, `x`).
    pub name: String,
    /// Smallest value.
    pub min: i64,
    /// Largest value (inclusive).
    pub max: i64,
}

struct Parser<'a> {
    cur: Cursor<'a>,
    arena: &'a mut ExprArena,
    vars: Vec<(String, ExprId)>,
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, expected: &str) -> LayoutError {
        self.cur.error(Field::View, expected)
    }

    fn looking_at(&mut self, token: &str) -> bool {
        self.cur.skip_space();
        token
            .chars()
            .enumerate()
            .all(|(i, c)| self.cur.chars.get(self.cur.pos + i) == Some(&c))
    }

    /// Consumes `token` when it is next (a word token only when not followed by a name char).
    fn eat(&mut self, token: &str) -> bool {
        if !self.looking_at(token) {
            return false;
        }
        let end = self.cur.pos + token.chars().count();
        let wordy = token.chars().all(|c| c.is_ascii_alphabetic());
        if wordy
            && self
                .cur
                .chars
                .get(end)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
        {
            return false;
        }
        self.cur.pos = end;
        true
    }

    fn enter(&mut self) -> Result<(), LayoutError> {
        self.depth += 1;
        if self.depth > MAX_EXPR_DEPTH {
            return Err(self.error(&format!("at most {MAX_EXPR_DEPTH} levels of nesting")));
        }
        Ok(())
    }

    fn or(&mut self) -> Result<ExprId, LayoutError> {
        let mut left = self.and()?;
        while self.eat("||") || self.eat("or") || (!self.looking_at("||") && self.eat("|")) {
            let right = self.and()?;
            // a | b = !(!a & !b)
            let (na, nb) = (self.arena.not(left), self.arena.not(right));
            let both = self.arena.and(na, nb);
            left = self.arena.not(both);
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<ExprId, LayoutError> {
        let mut left = self.not()?;
        while self.eat("&&") || self.eat("and") || self.eat("&") {
            let right = self.not()?;
            left = self.arena.and(left, right);
        }
        Ok(left)
    }

    fn not(&mut self) -> Result<ExprId, LayoutError> {
        if self.eat("not") || (!self.looking_at("!=") && self.eat("!")) {
            self.enter()?;
            let inner = self.not()?;
            self.depth -= 1;
            return Ok(self.arena.not(inner));
        }
        self.comparison()
    }

    fn comparison(&mut self) -> Result<ExprId, LayoutError> {
        let left = self.sum()?;
        let one = self.arena.constant(1);
        if self.eat("<=") {
            let right = self.sum()?;
            let bound = self.arena.add(right, one);
            return Ok(self.arena.lt(left, bound));
        }
        if self.eat(">=") {
            let right = self.sum()?;
            let below = self.arena.lt(left, right);
            return Ok(self.arena.not(below));
        }
        if self.eat("==") {
            let right = self.sum()?;
            return Ok(self.equal(left, right));
        }
        if self.eat("!=") {
            // `x!=True` is tinygrad's `not x`; `x!=False` is `x`.
            if self.eat("True") {
                return Ok(self.arena.not(left));
            }
            if self.eat("False") {
                return Ok(left);
            }
            let right = self.sum()?;
            let same = self.equal(left, right);
            return Ok(self.arena.not(same));
        }
        if self.eat("<") {
            let right = self.sum()?;
            return Ok(self.arena.lt(left, right));
        }
        if self.eat(">") {
            let right = self.sum()?;
            return Ok(self.arena.lt(right, left));
        }
        Ok(left)
    }

    fn equal(&mut self, a: ExprId, b: ExprId) -> ExprId {
        let one = self.arena.constant(1);
        let (a1, b1) = (self.arena.add(a, one), self.arena.add(b, one));
        let (le, ge) = (self.arena.lt(a, b1), self.arena.lt(b, a1));
        self.arena.and(le, ge)
    }

    fn sum(&mut self) -> Result<ExprId, LayoutError> {
        let mut left = self.product()?;
        loop {
            if self.eat("+") {
                let right = self.product()?;
                left = self.arena.add(left, right);
            } else if self.eat("-") {
                let right = self.product()?;
                let minus = self.arena.constant(-1);
                let negated = self.arena.mul(right, minus);
                left = self.arena.add(left, negated);
            } else {
                return Ok(left);
            }
        }
    }

    fn product(&mut self) -> Result<ExprId, LayoutError> {
        let mut left = self.unary()?;
        loop {
            let op = if self.eat("*") {
                BinOp::Mul
            } else if self.eat("//") || self.eat("/") {
                BinOp::Div
            } else if self.eat("%") {
                BinOp::Mod
            } else {
                return Ok(left);
            };
            let right = self.unary()?;
            left = match (op, self.constant(right)) {
                (BinOp::Mul, _) => self.arena.mul(left, right),
                (BinOp::Div, Some(d)) if d > 0 => self.arena.div(left, d),
                (BinOp::Mod, Some(m)) if m > 0 => self.arena.rem(left, m),
                // Non-positive or non-constant divisors keep the node as written.
                _ => self.arena.raw_binary(op, left, right),
            };
        }
    }

    fn constant(&self, id: ExprId) -> Option<i64> {
        match self.arena.node(id) {
            crate::expr::Node::Const(v) => Some(*v),
            _ => None,
        }
    }

    fn unary(&mut self) -> Result<ExprId, LayoutError> {
        if self.eat("-") {
            self.enter()?;
            let inner = self.unary()?;
            self.depth -= 1;
            let minus = self.arena.constant(-1);
            return Ok(self.arena.mul(inner, minus));
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<ExprId, LayoutError> {
        self.cur.skip_space();
        let start = self.cur.pos;
        match self.cur.chars.get(self.cur.pos).copied() {
            Some('(') => {
                self.cur.pos += 1;
                self.enter()?;
                let inner = self.or()?;
                self.depth -= 1;
                if !self.eat(")") {
                    return Err(self.error("“)”"));
                }
                Ok(inner)
            }
            Some(c) if c.is_ascii_digit() => {
                let digits: String = self.cur.digits_from(start);
                let value: i64 = digits.parse().map_err(|_| {
                    self.cur.pos = start;
                    self.error("an integer that fits in 64 bits")
                })?;
                Ok(self.arena.constant(value))
            }
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                while self
                    .cur
                    .chars
                    .get(self.cur.pos)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
                {
                    self.cur.pos += 1;
                }
                let name: String = self.cur.chars[start..self.cur.pos].iter().collect();
                match name.as_str() {
                    "True" | "true" => Ok(self.arena.boolean(true)),
                    "False" | "false" => Ok(self.arena.boolean(false)),
                    _ => match self.vars.iter().find(|(n, _)| *n == name) {
                        Some(&(_, id)) => Ok(id),
                        None => {
                            self.cur.pos = start;
                            Err(self.error(&format!("a known variable (“{name}” has no range)")))
                        }
                    },
                }
            }
            _ => Err(self.error("a number, a variable or “(”")),
        }
    }
}

/// Parses `text` into `arena` over `vars` (created in this order, so `eval` takes their values
/// in this order).
///
/// # Errors
/// `Parse` with the character position: unknown variables, unbalanced parentheses, stray
/// tokens, numbers beyond 64 bits, too long, too deep or too many operations.
pub fn parse_expr(
    arena: &mut ExprArena,
    vars: &[ExprId],
    names: &[String],
    text: &str,
) -> Result<ExprId, LayoutError> {
    let mut parser = Parser {
        cur: Cursor::new(text),
        arena,
        vars: names.iter().cloned().zip(vars.iter().copied()).collect(),
        depth: 0,
    };
    if parser.cur.chars.len() > MAX_EXPR_CHARS {
        return Err(parser.error(&format!("at most {MAX_EXPR_CHARS} characters")));
    }
    let id = parser.or()?;
    parser.cur.skip_space();
    if parser.cur.pos < parser.cur.chars.len() {
        return Err(parser.error("an operator or the end of the expression"));
    }
    if parser.arena.op_count(id) > MAX_EXPR_OPS {
        return Err(parser.error(&format!("at most {MAX_EXPR_OPS} operations")));
    }
    Ok(id)
}

/// A fresh arena with one variable per range, and the variables' nodes.
pub fn arena_with(vars: &[VarRange]) -> (ExprArena, Vec<ExprId>) {
    let mut arena = ExprArena::new();
    let ids = vars
        .iter()
        .map(|v| arena.var(&v.name, v.min, v.max))
        .collect();
    (arena, ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges() -> Vec<VarRange> {
        vec![
            VarRange {
                name: "ridx0".into(),
                min: 0,
                max: 2,
            },
            VarRange {
                name: "ridx1".into(),
                min: 0,
                max: 1,
            },
        ]
    }

    #[track_caller]
    fn check(text: &str, expect: impl Fn(i64, i64) -> i64) {
        let vars = ranges();
        let (mut arena, ids) = arena_with(&vars);
        let names: Vec<String> = vars.iter().map(|v| v.name.clone()).collect();
        let id =
            parse_expr(&mut arena, &ids, &names, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        for a in 0..=2 {
            for b in 0..=1 {
                assert_eq!(
                    arena.eval(id, &[a, b]),
                    expect(a, b),
                    "{text} at ({a}, {b})"
                );
            }
        }
    }

    #[test]
    fn tinygrad_output_verbatim() {
        // the two-view expression of tinygrad's ShapeTracker notes
        check(
            "(((((ridx0*2)+ridx1)%3)*2)+(((ridx0*2)+ridx1)//3))",
            |a, b| ((a * 2 + b) % 3) * 2 + (a * 2 + b) / 3,
        );
        check("((ridx0*3)+-3)", |a, _| a * 3 - 3);
        check("(((ridx0<1)!=True)&(ridx1<1))", |a, b| {
            (a >= 1 && b < 1) as i64
        });
        check("True", |_, _| 1);
    }

    #[test]
    fn normal_precedence() {
        check("ridx0*2 + ridx1 - 3", |a, b| a * 2 + b - 3);
        check("-ridx0 + 4 / 3", |a, _| -a + 1);
        check("ridx0 >= 1 && ridx1 < 1 || ridx0 == 0", |a, b| {
            ((a >= 1 && b < 1) || a == 0) as i64
        });
        check("not ridx0 > 1", |a, _| (a <= 1) as i64);
        check("(ridx0 - 2) % 2", |a, _| (a - 2) % 2);
        check("ridx0 % -2 + ridx0 / 0", |a, _| a % -2);
    }

    #[test]
    fn errors_point_at_the_column() {
        let vars = ranges();
        let names: Vec<String> = vars.iter().map(|v| v.name.clone()).collect();
        for (text, expect) in [
            ("(ridx0+1", "expected “)” at character 9"),
            ("ridx0 + y", "“y” has no range) at character 9"),
            ("ridx0 +", "a number, a variable or “(”"),
            ("ridx0 ridx1", "an operator or the end"),
            ("99999999999999999999", "fits in 64 bits"),
        ] {
            let (mut arena, ids) = arena_with(&vars);
            let message = parse_expr(&mut arena, &ids, &names, text)
                .unwrap_err()
                .to_string();
            assert!(message.contains(expect), "{text}: {message}");
        }
        let (mut arena, ids) = arena_with(&vars);
        assert!(parse_expr(&mut arena, &ids, &names, &"(".repeat(200)).is_err());
        assert!(parse_expr(&mut arena, &ids, &names, &"1+".repeat(5000)).is_err());
    }

    /// The longest chain accepted, and one operation more; the accepted one is evaluated,
    /// rendered and simplified on a bounded stack (4 MiB: this debug build's frames are large;
    /// `tests/web/views.rs` checks the same in the browser, on its 1 MiB stack).
    #[test]
    fn operation_limit_bounds_the_recursion() {
        let vars = ranges();
        let names: Vec<String> = vars.iter().map(|v| v.name.clone()).collect();
        let chain = |n: usize| vec!["ridx0"; n + 1].join("+");
        let (mut arena, ids) = arena_with(&vars);
        let message = parse_expr(&mut arena, &ids, &names, &chain(MAX_EXPR_OPS + 1))
            .unwrap_err()
            .to_string();
        assert!(message.contains("at most 1024 operations"), "{message}");
        let worker = std::thread::Builder::new().stack_size(4096 << 10);
        let checked = worker
            .spawn(move || {
                let (mut arena, ids) = arena_with(&vars);
                let id = parse_expr(&mut arena, &ids, &names, &chain(MAX_EXPR_OPS)).unwrap();
                assert_eq!(arena.op_count(id), MAX_EXPR_OPS);
                assert_eq!(arena.eval(id, &[2, 0]), 2 * (MAX_EXPR_OPS as i64 + 1));
                assert_eq!(arena.render_readable(id).len(), 8 * MAX_EXPR_OPS + 5);
                let simplified = crate::expr::simplify::simplify(&mut arena, id, 10_000);
                arena.eval(simplified.root, &[1, 0])
            })
            .unwrap()
            .join();
        assert_eq!(checked.ok(), Some(MAX_EXPR_OPS as i64 + 1));
    }
}
