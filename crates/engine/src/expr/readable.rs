//! The readable rendering of index expressions: C-like, with operator precedence, and with
//! subtraction where the tree adds a negated term (`ridx0 - ridx1`, `2 - o0`), as a person
//! writes them. It only renders: the tree, its operation count and tinygrad's rendering
//! ([`ExprArena::render_tinygrad`]) stay as built.
//!
//! Precedence, loosest first: `&&` (1), comparisons (2), `+ -` (3), `* / %` (4), unary `-` and
//! `!` (5), atoms (6). A sub-expression is parenthesised where its precedence is below what its
//! place needs; sums are left-associative, so `a - b - c` needs none and `a - (b + c)` does.

use crate::expr::{BinOp, ExprArena, ExprId, Node};

/// A rendered expression as a tree of sub-expressions and the text between them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Text within a node's rendering: an operator with its spaces, a parenthesis, a leaf's text.
    Text(String),
    /// The rendering of node `id`, as its pieces in order.
    Node(ExprId, Vec<Piece>),
}

impl Piece {
    /// The plain text.
    pub fn text(&self) -> String {
        match self {
            Piece::Text(t) => t.clone(),
            Piece::Node(_, parts) => parts.iter().map(Piece::text).collect(),
        }
    }
}

/// How a term that is `-1` times something reads once its minus sign is taken out.
#[derive(Clone, Copy)]
enum Negated {
    /// A negative constant: its magnitude.
    Const(i64),
    /// `x*-1` or `-1*x`: `x`.
    Operand(ExprId),
    /// `x*-k` (`k > 1`): `x*k`.
    TimesRight(ExprId, i64),
    /// `-k*x` (`k > 1`): `k*x`.
    TimesLeft(i64, ExprId),
}

fn text(s: impl Into<String>) -> Piece {
    Piece::Text(s.into())
}

impl ExprArena {
    /// A readable, C-like rendering with operator precedence: `ridx0*8 + ridx1*3 - 1`,
    /// `3 - ridx0`, `ridx0 >= 5 && ridx1 < 3`.
    pub fn render_readable(&self, id: ExprId) -> String {
        self.readable_piece(id).text()
    }

    /// The readable rendering as a tree: every sub-expression a [`Piece::Node`], so a UI can
    /// show each one's value; its text is exactly [`ExprArena::render_readable`].
    ///
    /// A subtracted term keeps its node, and its piece holds the minus sign: in `a - b*2` the
    /// piece of the node `b*-2` reads `- b*2`, so the value a UI shows for it (negative) is the
    /// value of the text it marks. A sum printed as `b - a` (for `-a + b`) lists its operands'
    /// pieces in the printed order, each with its own node.
    pub fn readable_piece(&self, id: ExprId) -> Piece {
        self.readable(id, 0)
    }

    fn constant_of(&self, id: ExprId) -> Option<i64> {
        match *self.node(id) {
            Node::Const(v) => Some(v),
            _ => None,
        }
    }

    /// `id` as `-1` times a term, where it is one: a negative constant or a product with one.
    /// `i64::MIN` has no magnitude in `i64`, so it stays as written.
    fn negated(&self, id: ExprId) -> Option<Negated> {
        let negative = |c: Option<i64>| c.filter(|&c| c < 0 && c != i64::MIN);
        match *self.node(id) {
            Node::Const(c) => negative(Some(c)).map(|c| Negated::Const(-c)),
            Node::Binary(BinOp::Mul, a, b) => {
                match (negative(self.constant_of(a)), negative(self.constant_of(b))) {
                    (_, Some(-1)) => Some(Negated::Operand(a)),
                    (_, Some(k)) => Some(Negated::TimesRight(a, -k)),
                    (Some(-1), None) => Some(Negated::Operand(b)),
                    (Some(k), None) => Some(Negated::TimesLeft(-k, b)),
                    (None, None) => None,
                }
            }
            _ => None,
        }
    }

    /// The term `negated` takes the minus sign out of, in a place that needs `context`.
    fn magnitude(&self, negated: Negated, context: u8) -> Vec<Piece> {
        let (mut parts, precedence) = match negated {
            Negated::Const(c) => (vec![text(c.to_string())], 6),
            Negated::Operand(x) => return vec![self.readable(x, context)],
            Negated::TimesRight(x, k) => {
                (vec![self.readable(x, 4), text("*"), text(k.to_string())], 4)
            }
            Negated::TimesLeft(k, x) => {
                (vec![text(k.to_string()), text("*"), self.readable(x, 5)], 4)
            }
        };
        if precedence < context {
            parts.insert(0, text("("));
            parts.push(text(")"));
        }
        parts
    }

    /// `a + b`, written `a - |b|` when `b` is negated and `b - |a|` when only `a` is.
    fn readable_sum(&self, a: ExprId, b: ExprId) -> Vec<Piece> {
        let (first, subtracted) = match (self.negated(a), self.negated(b)) {
            (_, Some(nb)) => (a, (b, nb)),
            (Some(na), None) => (b, (a, na)),
            (None, None) => {
                return vec![self.readable(a, 3), text(" + "), self.readable(b, 4)];
            }
        };
        let (id, negated) = subtracted;
        let mut term = vec![text("- ")];
        // the right operand of `-` binds tighter than `+ -`: `a - (b + c)`
        term.extend(self.magnitude(negated, 4));
        vec![self.readable(first, 3), text(" "), Piece::Node(id, term)]
    }

    fn readable(&self, id: ExprId, context: u8) -> Piece {
        let (mut parts, precedence) = match *self.node(id) {
            Node::Const(v) => (vec![text(v.to_string())], if v < 0 { 5 } else { 6 }),
            Node::Bool(v) => (vec![text(if v { "true" } else { "false" })], 6),
            Node::Var(var) => (vec![text(self.variable(var).name.clone())], 6),
            Node::Not(a) => match *self.node(a) {
                Node::Binary(BinOp::Lt, x, y) => (
                    vec![self.readable(x, 3), text(" >= "), self.readable(y, 3)],
                    2,
                ),
                _ => (vec![text("!"), self.readable(a, 5)], 5),
            },
            Node::Binary(op, a, b) => match op {
                BinOp::And => (
                    vec![self.readable(a, 1), text(" && "), self.readable(b, 2)],
                    1,
                ),
                BinOp::Lt => (
                    vec![self.readable(a, 3), text(" < "), self.readable(b, 3)],
                    2,
                ),
                BinOp::Add => (self.readable_sum(a, b), 3),
                BinOp::Mul => match self.negated(id) {
                    // `x*-1` and `-1*x` are `-x`, and `x*-k` is `-x*k`, read `(-x)*k`
                    Some(Negated::Operand(x)) => (vec![text("-"), self.readable(x, 5)], 5),
                    Some(Negated::TimesRight(x, k)) => (
                        vec![
                            text("-"),
                            self.readable(x, 5),
                            text("*"),
                            text(k.to_string()),
                        ],
                        4,
                    ),
                    _ => (vec![self.readable(a, 4), text("*"), self.readable(b, 5)], 4),
                },
                BinOp::Div | BinOp::Mod => {
                    let symbol = if op == BinOp::Div { "/" } else { "%" };
                    (
                        vec![self.readable(a, 4), text(symbol), self.readable(b, 5)],
                        4,
                    )
                }
            },
        };
        if precedence < context {
            parts.insert(0, text("("));
            parts.push(text(")"));
        }
        Piece::Node(id, parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse::{arena_with, parse_expr, VarRange};

    const NAMES: [&str; 3] = ["ridx0", "ridx1", "ridx2"];

    /// `text` parsed into a fresh arena over `ridx0..ridx2`, each in `[0, 3]`.
    fn parsed(text: &str) -> (ExprArena, ExprId) {
        let ranges: Vec<VarRange> = NAMES
            .iter()
            .map(|n| VarRange {
                name: n.to_string(),
                min: 0,
                max: 3,
            })
            .collect();
        let (mut arena, vars) = arena_with(&ranges);
        let names: Vec<String> = NAMES.iter().map(|n| n.to_string()).collect();
        let id = parse_expr(&mut arena, &vars, &names, text).unwrap_or_else(|e| panic!("{e}"));
        (arena, id)
    }

    /// Every point of `[0, 3]^3`.
    fn points() -> impl Iterator<Item = [i64; 3]> {
        (0..64).map(|p| [p / 16, p / 4 % 4, p % 4])
    }

    /// The tree tinygrad's style writes (one node per parenthesis, so the tree is pinned)
    /// renders readably as `expect`, which parses back to the same values.
    #[track_caller]
    fn check(tinygrad: &str, expect: &str) {
        let (arena, id) = parsed(tinygrad);
        assert_eq!(arena.render_tinygrad(id), tinygrad, "the tree as written");
        let readable = arena.render_readable(id);
        assert_eq!(readable, expect, "{tinygrad}");
        let (back, back_id) = parsed(&readable);
        for env in points() {
            assert_eq!(
                back.eval(back_id, &env),
                arena.eval(id, &env),
                "{readable} at {env:?}"
            );
        }
    }

    #[test]
    fn sums_of_negated_terms_read_as_subtraction() {
        check("(ridx0+(ridx1*-1))", "ridx0 - ridx1");
        check("(ridx0+(ridx1*-3))", "ridx0 - ridx1*3");
        check("(ridx0+(-3*ridx1))", "ridx0 - 3*ridx1");
        check("(ridx0+(-1*ridx1))", "ridx0 - ridx1");
        check("(ridx0+-3)", "ridx0 - 3");
        check("(((ridx0*2)+ridx1)+-1)", "ridx0*2 + ridx1 - 1");
        // `a - (b + c)` keeps its parentheses; `a - b - c` needs none
        check("(ridx0+((ridx1+ridx2)*-1))", "ridx0 - (ridx1 + ridx2)");
        check(
            "(ridx0+((ridx1+(ridx2*-1))*-2))",
            "ridx0 - (ridx1 - ridx2)*2",
        );
        check("((ridx0+(ridx1*-1))+(ridx2*-1))", "ridx0 - ridx1 - ridx2");
        check("(ridx0+(ridx1+(ridx2*-1)))", "ridx0 + (ridx1 - ridx2)");
        check("(ridx0+((ridx1//2)*-1))", "ridx0 - ridx1/2");
        check("(ridx0+((ridx1%3)*-2))", "ridx0 - ridx1%3*2");
    }

    #[test]
    fn a_negated_first_term_moves_behind_the_other() {
        check("((ridx0*-1)+2)", "2 - ridx0");
        check("(-3+ridx0)", "ridx0 - 3");
        check("((ridx0*-2)+(ridx1+4))", "ridx1 + 4 - ridx0*2");
        check("((((ridx0//3)*-1)+4)<4)", "4 - ridx0/3 < 4");
        // both negated: the first keeps its sign in front
        check("((ridx0*-1)+(ridx1*-2))", "-ridx0 - ridx1*2");
        check("(((ridx0*-4)+(ridx1*-1))+9)", "-ridx0*4 - ridx1 + 9");
    }

    #[test]
    fn negations_alone_and_inside_products() {
        check("(ridx0*-1)", "-ridx0");
        check("(ridx0*-2)", "-ridx0*2");
        check("((ridx0+ridx1)*-2)", "-(ridx0 + ridx1)*2");
        check("((ridx0//2)*-1)", "-(ridx0/2)");
        check("(ridx0*((ridx1*-1)+2))", "ridx0*(2 - ridx1)");
        check("(ridx0*(ridx1*-2))", "ridx0*(-ridx1*2)");
        check("(((ridx0+(ridx1*-1))+3)%4)", "(ridx0 - ridx1 + 3)%4");
        check("-3", "-3");
        check("(((ridx0<2)!=True)&(ridx1<3))", "ridx0 >= 2 && ridx1 < 3");
    }

    #[test]
    fn the_subtracted_piece_holds_its_minus_and_keeps_its_node() {
        let (arena, id) = parsed("((ridx0*-1)+2)");
        let Piece::Node(root, parts) = arena.readable_piece(id) else {
            panic!("the root is a node")
        };
        assert_eq!(root, id);
        let Node::Binary(BinOp::Add, negated, two) = *arena.node(id) else {
            panic!("a sum")
        };
        // printed `2 - ridx0`: the constant's node first, then the negated term's with its minus
        let ids: Vec<Option<ExprId>> = parts
            .iter()
            .map(|p| match p {
                Piece::Node(id, _) => Some(*id),
                Piece::Text(_) => None,
            })
            .collect();
        assert_eq!(ids, [Some(two), None, Some(negated)]);
        assert_eq!(parts[2].text(), "- ridx0");
    }

    /// Every sub-expression's piece, read alone, has the value of its node: a UI that shows a
    /// node's value beside its text shows the value of what it marks.
    #[test]
    fn each_piece_reads_as_its_node() {
        fn each(piece: &Piece, f: &mut impl FnMut(ExprId, String)) {
            if let Piece::Node(id, parts) = piece {
                f(*id, piece.text());
                parts.iter().for_each(|p| each(p, f));
            }
        }
        for text in [
            "((ridx0*-1)+2)",
            "((ridx0+(ridx1*-3))+((ridx2+ridx1)*-1))",
            "(((ridx0*-2)+(-3*ridx1))+(ridx2//2))",
            "((((ridx0*-1)+3)<2)&(ridx1<(ridx2+-1)))",
        ] {
            let (arena, id) = parsed(text);
            let mut checked = 0;
            each(&arena.readable_piece(id), &mut |node, shown| {
                let (back, back_id) = parsed(&shown);
                for env in points() {
                    assert_eq!(
                        back.eval(back_id, &env),
                        arena.eval(node, &env),
                        "{shown} at {env:?} in {text}"
                    );
                }
                checked += 1;
            });
            assert!(checked >= 4, "{text}");
        }
    }
}
