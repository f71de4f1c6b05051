//! The Syno page: a chain of Syno primitives written one statement per line, built backward
//! from the output (Syno's own direction) with the engine's shape and colour rules checked at
//! every step; its dimensions after each step, the access expressions of its inputs, and which
//! input elements each output element reads.
//!
//! ```text
//! output 4, 4        # the output's sizes (symbolic allowed: 2*H)
//! reduce 3           # MapReduce(3): a new reduction iterator
//! share d2           # [i, i] -> [i]
//! unfold 3 d0 d3     # [i + j - 3/2] -> [i, j]
//! inputs d4 d1 | d5  # which remaining dimensions each input tensor gets
//! ```
//!
//! Other steps: `stride S dA`, `merge N dA`, `split N dI dJ`, `shift D dA`, `reverse dA`;
//! `bind H=4, W=6` sets symbolic sizes for the expressions.

use crate::engine::support::sorted::SortedSet;
use crate::state::url::PageState;

use crate::engine::syno::{
    Access, Bindings, Chain, DimColour, DimId, DimView, Operator, Primitive, Reads, Size, Step,
};
use crate::engine::view::checked_product;
use crate::engine::RowMajor;

use super::large_grid::index_of;
use super::stack_grid::{Cell, Grid};

/// Longest program the page takes.
pub const MAX_CHARS: usize = 4000;
/// Most loop iterations the reader map walks.
pub const MAX_POINTS: usize = 1 << 16;
/// Largest grid drawn per tensor.
pub const MAX_CELLS: usize = 1024;

/// The presets: common operators written as Syno programs.
pub const PRESETS: [(&str, &str); 5] = [
    (
        "conv2d: Unfold + Share + MapReduce",
        "output 1, 2, 4, 4\nreduce 2\nreduce 3\nreduce 3\nshare d4\nshare d5\nshare d6\nunfold 3 d2 d9\nunfold 3 d3 d11\ninputs d0 d7 d13 d14 | d1 d8 d10 d12",
    ),
    (
        "matmul: Share + MapReduce",
        "output 2, 3\nreduce 4\nshare d2\ninputs d0 d3 | d4 d1",
    ),
    (
        "pool2d: Split + MapReduce",
        "output 2, 2, 2\nreduce 2\nreduce 2\nsplit 2 d1 d3\nsplit 2 d2 d4\ninputs d0 d5 d6",
    ),
    (
        "circular shift",
        "output 3, 4\nshift 1 d1\ninputs d0 d2",
    ),
    ("flip", "output 3, 4\nreverse d0\ninputs d2 d1"),
];

/// One row of the chain as the page shows it: the statement and the frontier after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The statement's line, 0-based.
    pub line: usize,
    /// `Share d2 → d3, d4`, or `output` / `inputs`.
    pub label: String,
    /// The frontier after the statement: each dimension, its size as text and the input
    /// tensors its colour names.
    pub dims: Vec<(DimId, String, Vec<usize>)>,
}

/// A problem in the program: its line (0-based) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub line: usize,
    pub message: String,
    /// The chain step a rule failed at, when one did.
    pub step: Option<usize>,
}

/// What a program builds: the rows that applied, the first problem, and the finished
/// operator's access expressions (when there are inputs and the sizes are bound).
#[derive(Clone, Debug, Default)]
pub struct Built {
    pub rows: Vec<Row>,
    pub problem: Option<Problem>,
    pub access: Option<Access>,
}

fn problem(line: usize, message: impl Into<String>) -> Problem {
    Problem {
        line,
        message: message.into(),
        step: None,
    }
}

fn failed(line: usize, e: &crate::engine::syno::SynoError) -> Problem {
    Problem {
        step: e.rule().map(|(step, _)| step),
        ..problem(line, e.to_string())
    }
}

fn dim_of(word: &str, line: usize) -> Result<DimId, Problem> {
    DimId::parse(word)
        .ok_or_else(|| problem(line, format!("“{word}” is not a dimension (d0, d1, …)")))
}

fn int_of(word: &str, line: usize) -> Result<i64, Problem> {
    word.parse()
        .map_err(|_| problem(line, format!("“{word}” is not a whole number")))
}

fn size_of(word: &str, line: usize) -> Result<Size, Problem> {
    Size::parse(word).map_err(|e| problem(line, format!("“{word}”: {e}")))
}

/// The primitive step of a statement's words, or `None` for a word that is no primitive.
fn step_of(words: &[&str], line: usize) -> Result<Option<Step>, Problem> {
    let arity = |n: usize| {
        if words.len() == n + 1 {
            Ok(())
        } else {
            Err(problem(
                line,
                format!(
                    "{} takes {n} argument(s), got {}",
                    words[0],
                    words.len() - 1
                ),
            ))
        }
    };
    let dims = |from: usize| -> Result<Vec<_>, Problem> {
        words[from..].iter().map(|w| dim_of(w, line)).collect()
    };
    let (primitive, first_dim) = match words[0] {
        "share" => (Primitive::Share, 1),
        "reverse" => (Primitive::Reverse, 1),
        "reduce" => {
            arity(1)?;
            (Primitive::MapReduce(size_of(words[1], line)?), 2)
        }
        name @ ("stride" | "unfold" | "shift" | "merge" | "split") => {
            arity(if matches!(name, "unfold" | "split") {
                3
            } else {
                2
            })?;
            let c = words[1];
            let primitive = match name {
                "stride" => Primitive::Stride(int_of(c, line)?),
                "unfold" => Primitive::Unfold(int_of(c, line)?),
                "shift" => Primitive::Shift(int_of(c, line)?),
                "merge" => Primitive::Merge(size_of(c, line)?),
                _ => Primitive::Split(size_of(c, line)?),
            };
            (primitive, 2)
        }
        _ => return Ok(None),
    };
    if first_dim == 1 {
        arity(1)?;
    }
    Ok(Some(Step::new(primitive, &dims(first_dim)?)))
}

/// The words of a statement: split on spaces and commas, `#` starts a comment.
fn words(statement: &str) -> Vec<&str> {
    let code = statement.split('#').next().unwrap_or("");
    code.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect()
}

fn colour_tensors(colour: &DimColour) -> Vec<usize> {
    match colour {
        DimColour::Tensors(set) => set.iter().map(|t| t.0).collect(),
        DimColour::Open(_) => Vec::new(),
    }
}

fn row(line: usize, label: String, chain: &Chain, operator: Option<&Operator>) -> Row {
    let dims = chain
        .frontier()
        .into_iter()
        .map(|DimView { id, size, colour }| {
            let tensors = match operator.and_then(|o| o.colour(id)) {
                Some(set) => set.iter().map(|t| t.0).collect(),
                None => colour_tensors(&colour),
            };
            (id, size.to_string(), tensors)
        })
        .collect();
    Row { line, label, dims }
}

/// Builds `text`: the output, the steps in order, then the inputs; stops at the first
/// statement that fails, keeping what applied before it.
pub fn build(text: &str) -> Built {
    let mut built = Built::default();
    let mut chain: Option<Chain> = None;
    let mut bindings = Bindings::new();
    let mut inputs: Option<(usize, Vec<Vec<DimId>>)> = None;
    // `;` separates statements too (the URL writes line breaks as `;`)
    let lines: Vec<&str> = text.split(['\n', ';']).collect();
    for (line, statement) in lines.iter().enumerate() {
        let words = words(statement);
        let Some(&keyword) = words.first() else {
            continue;
        };
        let outcome = (|| -> Result<(), Problem> {
            if inputs.is_some() {
                return Err(problem(line, "nothing may follow `inputs`"));
            }
            match (keyword, chain.as_mut()) {
                ("output", None) => {
                    let sizes: Vec<Size> = words[1..]
                        .iter()
                        .map(|w| size_of(w, line))
                        .collect::<Result<_, _>>()?;
                    let c = Chain::backward(&sizes).map_err(|e| problem(line, e.to_string()))?;
                    built.rows.push(row(line, "output".into(), &c, None));
                    chain = Some(c);
                }
                ("output", Some(_)) => return Err(problem(line, "the output is given once")),
                ("bind", _) => {
                    for pair in &words[1..] {
                        let (name, value) = pair
                            .split_once('=')
                            .ok_or_else(|| problem(line, format!("“{pair}” is not NAME=VALUE")))?;
                        bindings.insert(name.to_string(), int_of(value, line)?);
                    }
                }
                ("inputs", Some(_)) => {
                    let mut groups = vec![Vec::new()];
                    for w in &words[1..] {
                        for (k, part) in w.split('|').enumerate() {
                            if k > 0 {
                                groups.push(Vec::new());
                            }
                            if !part.is_empty() {
                                if let Some(g) = groups.last_mut() {
                                    g.push(dim_of(part, line)?);
                                }
                            }
                        }
                    }
                    inputs = Some((line, groups));
                }
                (_, None) => {
                    return Err(problem(line, "start with `output` and the output's sizes"))
                }
                (_, Some(c)) => {
                    let step = step_of(&words, line)?.ok_or_else(|| {
                        problem(
                            line,
                            format!("unknown statement “{keyword}”: output, reduce, share, stride, unfold, merge, split, shift, reverse, inputs or bind"),
                        )
                    })?;
                    let named: Vec<String> = step.dims.iter().map(ToString::to_string).collect();
                    let primitive = step.primitive.clone();
                    let created = c.apply(step).map_err(|e| failed(line, &e))?;
                    let made: Vec<String> = created.iter().map(ToString::to_string).collect();
                    let label = format!("{primitive} {} → {}", named.join(", "), made.join(", "));
                    built.rows.push(row(line, label, c, None));
                }
            }
            Ok(())
        })();
        if let Err(p) = outcome {
            built.problem = Some(p);
            return built;
        }
    }
    let (Some(chain), Some((line, groups))) = (chain, inputs) else {
        if built.rows.is_empty() {
            built.problem = Some(problem(0, "start with `output` and the output's sizes"));
        }
        return built;
    };
    let operator = match chain.finish_backward(&groups) {
        Ok(o) => o,
        Err(e) => {
            built.problem = Some(failed(line, &e));
            return built;
        }
    };
    // with the tensors known, every row's dimensions get their colours
    for r in &mut built.rows {
        for (id, _, tensors) in &mut r.dims {
            if let Some(set) = operator.colour(*id) {
                *tensors = set.iter().map(|t| t.0).collect();
            }
        }
    }
    built
        .rows
        .push(row(line, "inputs".into(), &chain, Some(&operator)));
    match operator.access(&bindings) {
        Ok(a) => built.access = Some(a),
        Err(e) => built.problem = Some(problem(line, e.to_string())),
    }
    built
}

/// A statement appended for a palette button: the primitive, its constant and the frontier
/// dimensions selected (in the order clicked).
///
/// # Errors
/// The primitive's name is unknown, or it takes another number of dimensions.
pub fn statement(name: &str, constant: &str, selected: &[String]) -> Result<String, String> {
    let (dims, takes_constant) = match name {
        "reduce" => (0, true),
        "share" | "reverse" => (1, false),
        "stride" | "merge" | "shift" => (1, true),
        "unfold" | "split" => (2, true),
        _ => return Err(format!("unknown primitive {name}")),
    };
    if selected.len() != dims {
        return Err(format!(
            "{name} takes {dims} dimension(s): click {dims} chip(s) of the last row first"
        ));
    }
    let mut words = vec![name.to_string()];
    if takes_constant {
        words.push(constant.trim().to_string());
    }
    words.extend(selected.iter().cloned());
    Ok(words.join(" "))
}

/// A grid of one tensor's elements, each showing how many elements of the other side it is
/// linked to (`·`, masked style, where none).
fn tensor_grid(shape: &[i64], counts: &[usize]) -> Grid {
    let cells = RowMajor::new(shape)
        .enumerate()
        .map(|(index, coord)| {
            let value = counts.get(index).filter(|&&n| n > 0).map(|&n| n as i64);
            Cell::new(index, coord, value)
        })
        .collect();
    Grid {
        shape: shape.to_vec(),
        cells,
        axes: None,
    }
}

/// The output and the inputs as grids, linked by the reader map: an output cell shows how
/// many input elements it reads, an input cell how many output elements read it (unread:
/// `·`), so a legal chain without windows covers every input cell.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Grids {
    /// Pane 0 is the output, pane `t + 1` input `t`.
    pub panes: Vec<Grid>,
    /// For every output element, the flat input elements it reads, per input.
    pub reads: Vec<Vec<Vec<usize>>>,
}

impl Grids {
    /// # Errors
    /// More than [`MAX_POINTS`] iterations, or a tensor of more than [`MAX_CELLS`] elements.
    pub fn of(access: &Access) -> Result<Grids, String> {
        let out_shape: Vec<i64> = access
            .loops
            .iter()
            .filter(|l| !l.reduction)
            .map(|l| l.extent)
            .collect();
        let shapes: Vec<&Vec<i64>> = access.inputs.iter().map(|i| &i.shape).collect();
        // elements per tensor, output first; a size past i64 is simply too many
        let mut sizes = Vec::with_capacity(shapes.len() + 1);
        for shape in std::iter::once(&out_shape).chain(shapes.iter().copied()) {
            let n = checked_product(shape)
                .ok()
                .and_then(|n| usize::try_from(n).ok());
            match n {
                Some(n) if n <= MAX_CELLS => sizes.push(n),
                _ => {
                    return Err(format!(
                        "the grids are drawn up to {MAX_CELLS} elements per tensor; one has {}",
                        n.map_or_else(|| "more".to_string(), |n| n.to_string())
                    ))
                }
            }
        }
        let map: Vec<Reads> = access.reader_map(MAX_POINTS).map_err(|e| e.to_string())?;
        let reads: Vec<Vec<Vec<usize>>> = map
            .iter()
            .map(|r| {
                r.inputs
                    .iter()
                    .zip(&shapes)
                    .map(|(coords, shape)| coords.iter().map(|c| index_of(shape, c)).collect())
                    .collect()
            })
            .collect();
        let mut read_by: Vec<Vec<usize>> = sizes[1..].iter().map(|&n| vec![0; n]).collect();
        for per_input in &reads {
            for (t, cells) in per_input.iter().enumerate() {
                for &c in cells {
                    if let Some(n) = read_by.get_mut(t).and_then(|v| v.get_mut(c)) {
                        *n += 1;
                    }
                }
            }
        }
        let out_counts: Vec<usize> = reads.iter().map(|r| r.iter().map(Vec::len).sum()).collect();
        let mut panes = vec![tensor_grid(&out_shape, &out_counts)];
        for (shape, counts) in shapes.iter().zip(&read_by) {
            panes.push(tensor_grid(shape, counts));
        }
        Ok(Grids { panes, reads })
    }

    /// The cells lit in every pane when cell `cell` of pane `pane` is hovered: an output cell
    /// lights the input elements it reads; an input cell the output elements that read it.
    pub fn lit(&self, pane: usize, cell: usize) -> Vec<SortedSet<usize>> {
        let mut lit = vec![SortedSet::new(); self.panes.len()];
        if pane == 0 {
            if let Some(per_input) = self.reads.get(cell) {
                for (t, cells) in per_input.iter().enumerate() {
                    if let Some(set) = lit.get_mut(t + 1) {
                        set.extend(cells.iter().copied());
                    }
                }
            }
        } else {
            for (o, per_input) in self.reads.iter().enumerate() {
                if per_input.get(pane - 1).is_some_and(|c| c.contains(&cell)) {
                    lit[0].insert(o);
                }
            }
        }
        lit
    }
}

/// The page state: the program as typed, what it builds, and the access expressions of the
/// last program that built them (shown while the current one has a problem).
#[derive(Clone, Debug)]
pub struct SynoState {
    text: String,
    pub built: Built,
    pub last_access: Option<Access>,
}

impl Default for SynoState {
    fn default() -> SynoState {
        let mut s = SynoState {
            text: String::new(),
            built: Built::default(),
            last_access: None,
        };
        s.set_text(PRESETS[1].1);
        s
    }
}

impl SynoState {
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn set_text(&mut self, text: &str) {
        self.text = text.chars().take(MAX_CHARS).collect();
        self.built = build(&self.text);
        if self.built.access.is_some() {
            self.last_access.clone_from(&self.built.access);
        }
    }

    /// Appends a palette statement (before `inputs`, which stays last) when it applies; a
    /// statement that does not leaves the program as it was.
    ///
    /// # Errors
    /// As [`statement`], or the problem the new statement has.
    pub fn append(
        &mut self,
        name: &str,
        constant: &str,
        selected: &[String],
    ) -> Result<(), String> {
        let line = statement(name, constant, selected)?;
        let mut lines: Vec<&str> = self.text.lines().collect();
        let at = lines
            .iter()
            .position(|l| words(l).first() == Some(&"inputs"))
            .unwrap_or(lines.len());
        lines.insert(at, &line);
        let text = lines.join("\n");
        if let Some(p) = build(&text).problem.filter(|p| p.line == at) {
            return Err(p.message);
        }
        self.set_text(&text);
        Ok(())
    }

    pub fn from_query(query: &str) -> SynoState {
        let mut state = SynoState::default();
        if let Some(v) = query.split('&').find_map(|p| p.strip_prefix("chain=")) {
            state.set_text(&super::url::percent_decode(v).replace(';', "\n"));
        }
        state
    }
}

impl PageState for SynoState {
    /// `chain=` and the program, lines joined by `;`.
    fn to_query(&self) -> String {
        format!(
            "chain={}",
            super::url::percent_encode(&self.text.replace('\n', ";"), super::url::keep::PROGRAM)
        )
    }

    fn read_query(query: &str) -> (Self, Vec<String>) {
        (Self::from_query(query), Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::syno::{presets, TensorId};

    fn access(text: &str) -> Access {
        let built = build(text);
        assert_eq!(built.problem, None, "{text}");
        built.access.unwrap()
    }

    fn same(program: &str, preset: Operator) {
        let ours = access(program);
        let theirs = preset.access(&Bindings::new()).unwrap();
        for t in 0..theirs.inputs.len() {
            assert_eq!(
                ours.render_input(TensorId(t)),
                theirs.render_input(TensorId(t)),
                "{program}"
            );
        }
        assert_eq!(ours.inputs.len(), theirs.inputs.len());
        assert_eq!(
            ours.reader_map(MAX_POINTS).unwrap(),
            theirs.reader_map(MAX_POINTS).unwrap()
        );
    }

    #[test]
    fn the_presets_are_the_engines_operators() {
        let s = |v: i64| Size::new(v);
        same(
            PRESETS[0].1,
            presets::conv2d(s(1), s(2), s(2), s(4), s(4), 3).unwrap(),
        );
        same(PRESETS[1].1, presets::matmul(s(2), s(3), s(4)).unwrap());
        same(PRESETS[2].1, presets::pool2d(s(2), s(2), s(2), 2).unwrap());
        same(
            PRESETS[3].1,
            presets::circular_shift(s(3), s(4), 1).unwrap(),
        );
        same(PRESETS[4].1, presets::flip(s(3), s(4)).unwrap());
    }

    #[test]
    fn rows_show_each_step_with_sizes_and_colours() {
        let built = build(PRESETS[1].1);
        let labels: Vec<&str> = built.rows.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "output",
                "MapReduce(4)  → d2",
                "Share d2 → d3, d4",
                "inputs"
            ]
        );
        // MapReduce's dimension joins the end of the frontier, Share's take its place: d0 d1 d3
        // d4; colours are known once the inputs are named
        let after_share: Vec<(String, &str, &[usize])> = built.rows[2]
            .dims
            .iter()
            .map(|(id, size, t)| (id.to_string(), size.as_str(), t.as_slice()))
            .collect();
        assert_eq!(
            after_share,
            [
                ("d0".to_string(), "2", &[0][..]),
                ("d1".to_string(), "3", &[1]),
                ("d3".to_string(), "4", &[0]),
                ("d4".to_string(), "4", &[1])
            ]
        );
        let reduce_row = &built.rows[1].dims;
        assert!(reduce_row
            .iter()
            .any(|(id, _, t)| id.to_string() == "d2" && t == &[0, 1]));
    }

    #[test]
    fn an_illegal_share_names_its_rule_and_line() {
        // both halves of the Share go to one tensor: share-disjoint fails at the Share
        let built = build("output 2, 3\nreduce 4\nshare d2\ninputs d0 d3 d4 d1");
        let p = built.problem.unwrap();
        assert_eq!((p.line, p.step), (3, Some(1)));
        assert!(p.message.contains("share-disjoint"), "{}", p.message);
        assert!(p.message.starts_with("step 1"), "{}", p.message);
        assert!(built.access.is_none());
        // a step's own rule fails at its line and keeps the rows before it
        let built = build("output 6\nsplit 4 d0 d0");
        assert_eq!(built.problem.unwrap().line, 1);
        assert_eq!(built.rows.len(), 1);
        let built = build("output 6\nmerge 4 d0");
        assert!(built.problem.unwrap().message.contains("split-divides"));
        // a strided dimension given to a tensor would be coloured: stride-clear, at the Stride
        let p = build("output 6\nstride 2 d0\ninputs d1").problem.unwrap();
        assert_eq!(p.line, 2);
        assert!(p.message.starts_with("step 0"), "{}", p.message);
        assert!(p.message.contains("stride-clear"), "{}", p.message);
    }

    #[test]
    fn bad_statements_are_errors_at_their_line() {
        for (text, line, needle) in [
            ("", 0, "start with `output`"),
            ("share d0", 0, "start with `output`"),
            ("output 2\nfrobnicate d0", 1, "unknown statement"),
            ("output 2\nshare x", 1, "not a dimension"),
            ("output 2\nshare d0 d1", 1, "takes 1 argument"),
            ("output 2\nstride two d0", 1, "not a whole number"),
            ("output 2\noutput 3", 1, "given once"),
            ("output 2\ninputs d0\nreverse d0", 2, "nothing may follow"),
            ("output 0", 0, "positive"),
            ("output 2\ninputs d0 d0", 1, "exactly once"),
            ("output <img src=x>", 0, "“<img”"),
        ] {
            let p = build(text).problem.unwrap_or_else(|| panic!("{text}"));
            assert_eq!(p.line, line, "{text}: {}", p.message);
            assert!(p.message.contains(needle), "{text}: {}", p.message);
        }
    }

    #[test]
    fn symbolic_sizes_need_a_binding_for_the_expressions() {
        let text = "output 2*H\ninputs d0";
        let built = build(text);
        assert_eq!(built.rows[0].dims[0].1, "2·H");
        assert!(built.problem.unwrap().message.contains("H"));
        let a = access("bind H=3\noutput 2*H\nreverse d0\ninputs d1");
        assert_eq!(a.render_input(TensorId(0)).unwrap(), "in0[-o0 + 5]");
    }

    #[test]
    fn the_palette_appends_before_the_inputs() {
        let mut s = SynoState::default();
        s.set_text("output 2, 3\ninputs d0 d1");
        assert!(s
            .append("share", "", &[])
            .unwrap_err()
            .contains("click 1 chip"));
        s.append("reverse", "", &["d1".into()]).unwrap();
        assert_eq!(s.text(), "output 2, 3\nreverse d1\ninputs d0 d1");
        // d1 was replaced by d2: the inputs line now fails, at its line
        assert!(s
            .built
            .problem
            .as_ref()
            .unwrap()
            .message
            .contains("exactly once"));
        // a statement that does not apply is refused and the program stays
        let before = s.text().to_string();
        let err = s.append("merge", "4", &["d0".into()]).unwrap_err();
        assert!(err.contains("split-divides"), "{err}");
        assert_eq!(s.text(), before);
        assert!(s.last_access.is_some() && s.built.access.is_none());
        s.set_text("output 2, 3");
        s.append("reduce", " 3 ", &[]).unwrap();
        s.append("unfold", "3", &["d0".into(), "d2".into()])
            .unwrap();
        assert_eq!(s.text(), "output 2, 3\nreduce 3\nunfold 3 d0 d2");
        assert_eq!(s.built.problem, None);
        let back = SynoState::from_query(&s.to_query());
        assert_eq!(back.text(), s.text());
    }

    #[test]
    fn grids_link_outputs_to_the_inputs_they_read_and_back() {
        let g = Grids::of(&access(PRESETS[1].1)).unwrap();
        // matmul 2x3 by k = 4: output (0,1) reads row 0 of in0 and column 1 of in1
        assert_eq!(g.panes.len(), 3);
        let lit = g.lit(0, 1);
        assert_eq!(lit[1], SortedSet::from([0, 1, 2, 3]));
        assert_eq!(lit[2], SortedSet::from([1, 4, 7, 10]));
        // every input element is read by as many outputs as the other side's extent
        assert!(g.panes[1].cells.iter().all(|c| c.value == Some(3)));
        assert!(g.panes[2].cells.iter().all(|c| c.value == Some(2)));
        assert_eq!(g.lit(2, 4)[0], SortedSet::from([1, 4]));
        // the conv2d image has padding: corner outputs read fewer elements
        let g = Grids::of(&access(PRESETS[0].1)).unwrap();
        let corner = g.panes[0].cells[0].value.unwrap();
        let inner = g.panes[0].cells[5].value.unwrap();
        assert!(corner < inner, "{corner} {inner}");
        let big = access("output 64, 64\ninputs d0 d1");
        assert!(Grids::of(&big).unwrap_err().contains("up to 1024"));
        // sizes whose product overflows i64 are too many too, not a panic
        let huge = access("bind H=4000000000\noutput H, H, H\ninputs d0 d1 d2");
        assert!(Grids::of(&huge).unwrap_err().contains("one has more"));
    }
}
