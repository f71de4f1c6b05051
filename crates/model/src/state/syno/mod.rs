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

use crate::state::field::{FieldError, Parsed};
use crate::state::url::PageState;
use engine::support::sorted::SortedSet;

use engine::syno::{
    Access, Bindings, Chain, DimColour, DimId, DimView, Operator, Primitive, Reads, Size, Step,
    SynoError, TensorId,
};
use engine::view::checked_product;
use engine::RowMajor;

use crate::draw::large_grid::index_of;
use crate::draw::stack_grid::{Cell, Grid};

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
    /// The statement's line, 0-based, a `;` starting a line too (shown 1-based: `line 3: …`).
    pub line: usize,
    /// What is wrong, in the engine's words or the page's.
    pub error: FieldError,
    /// The chain step a rule failed at, when one did.
    pub step: Option<usize>,
}

/// What a program builds: the rows that applied, the first problem, and the finished
/// operator's access expressions (when there are inputs and the sizes are bound).
#[derive(Clone, Debug, Default)]
pub struct Built {
    /// One row per statement that applied, `output` first (`bind` makes none).
    pub rows: Vec<Row>,
    /// The first problem; nothing after it is built.
    pub problem: Option<Problem>,
    /// Each input's access expression, once `inputs` finishes the chain.
    pub access: Option<Access>,
}

fn problem(line: usize, message: impl Into<String>) -> Problem {
    at(line, FieldError::rule(message))
}

fn at(line: usize, error: FieldError) -> Problem {
    Problem {
        line,
        error,
        step: None,
    }
}

fn failed(line: usize, e: SynoError) -> Problem {
    Problem {
        step: e.rule().map(|(step, _)| step),
        ..at(line, e.into())
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
    Size::parse(word).map_err(|e| at(line, FieldError::from(e).within(format!("“{word}”"))))
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
                    let c = Chain::backward(&sizes).map_err(|e| at(line, e.into()))?;
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
                    let created = c.apply(step).map_err(|e| failed(line, e))?;
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
            built.problem = Some(failed(line, e));
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
        Err(e) => built.problem = Some(at(line, e.into())),
    }
    built
}

/// A statement appended for a palette button: the primitive, its constant and the frontier
/// dimensions selected (in the order clicked).
///
/// # Errors
/// The primitive's name is unknown, or it takes another number of dimensions.
pub fn statement(name: &str, constant: &str, selected: &[String]) -> Result<String, FieldError> {
    let (dims, takes_constant) = match name {
        "reduce" => (0, true),
        "share" | "reverse" => (1, false),
        "stride" | "merge" | "shift" => (1, true),
        "unfold" | "split" => (2, true),
        _ => return Err(FieldError::rule(format!("unknown primitive {name}"))),
    };
    match (dims, selected.len()) {
        (0, 0) => {}
        (0, n) => {
            return Err(FieldError::rule(format!(
                "{name} takes no dimension, and {n} chip(s) are selected: click them again to unselect them"
            )))
        }
        (d, n) if d != n => {
            return Err(FieldError::rule(format!(
                "{name} takes {d} dimension(s), {n} selected: click {d} chip(s) of the last row"
            )))
        }
        _ => {}
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
    pub fn of(access: &Access) -> Result<Grids, FieldError> {
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
                    return Err(FieldError::rule(format!(
                        "the grids are drawn up to {MAX_CELLS} elements per tensor; one has {}",
                        n.map_or_else(|| "more".to_string(), |n| n.to_string())
                    )))
                }
            }
        }
        let map: Vec<Reads> = access.reader_map(MAX_POINTS)?;
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

/// The page state: the program as typed with the access expressions of the last program
/// that built them (shown while the current one has a problem) and its problem, and what the
/// program builds.
#[derive(Clone, Debug)]
pub struct SynoState {
    program: Parsed<Option<Access>>,
    built: Built,
}

impl Default for SynoState {
    fn default() -> SynoState {
        let mut s = SynoState {
            program: Parsed::valid("", None).max_chars(MAX_CHARS),
            built: Built::default(),
        };
        s.set_text(PRESETS[1].1);
        s
    }
}

impl SynoState {
    /// The program as typed (`chain=`, lines joined by `;`), at most [`MAX_CHARS`] characters.
    pub fn text(&self) -> &str {
        self.program.text()
    }

    /// What the program builds: its rows, its first problem and its access expressions.
    pub fn built(&self) -> &Built {
        &self.built
    }

    /// The access expressions of the last program that built them.
    pub fn last_access(&self) -> Option<&Access> {
        self.program.value().as_ref()
    }

    /// The program's first problem, at its line: `line 3: …`.
    pub fn error(&self) -> Option<&FieldError> {
        self.program.error()
    }

    /// Takes the program as typed and builds it; a problem keeps the last access expressions,
    /// an unfinished chain (no `inputs` yet) is no error.
    pub fn set_text(&mut self, text: &str) {
        self.program.set_text(text);
        self.built = build(self.program.text());
        let built = &self.built;
        match (&built.access, &built.problem) {
            (Some(access), _) => self.program.reparse(|_| Ok(Some(access.clone()))),
            (None, Some(p)) => self
                .program
                .reparse(|_| Err(p.error.clone().within(format!("line {}", p.line + 1)))),
            // unfinished, not wrong: the last access stays
            (None, None) => self.program.set_error(None),
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
    ) -> Result<(), FieldError> {
        let line = statement(name, constant, selected)?;
        let mut lines: Vec<&str> = self.text().lines().collect();
        let at = self.inputs_line().unwrap_or(lines.len());
        lines.insert(at, &line);
        let text = lines.join("\n");
        if let Some(p) = build(&text).problem.filter(|p| p.line == at) {
            return Err(p.error);
        }
        self.set_text(&text);
        Ok(())
    }

    /// The program's `inputs` line, if it has one.
    fn inputs_line(&self) -> Option<usize> {
        self.text()
            .lines()
            .position(|l| words(l).first() == Some(&"inputs"))
    }

    /// Names the input tensor of the dimensions selected (in the order clicked): starts the
    /// `inputs` line, or adds the tensor to it after a `|`.
    ///
    /// # Errors
    /// No dimension selected.
    pub fn append_inputs(&mut self, selected: &[String]) -> Result<(), FieldError> {
        if selected.is_empty() {
            return Err(FieldError::rule(
                "Inputs names one input tensor: click its dimensions in the last row first",
            ));
        }
        let group = selected.join(" ");
        let mut lines: Vec<String> = self.text().lines().map(str::to_string).collect();
        match self.inputs_line().and_then(|k| lines.get_mut(k)) {
            Some(line) => line.push_str(&format!(" | {group}")),
            None => lines.push(format!("inputs {group}")),
        }
        // a first tensor alone does not finish the chain: the editor's error says which
        // dimensions are left for the next
        self.set_text(&lines.join("\n"));
        Ok(())
    }

    /// The access expressions, one input per line: the chain's in the editor; where its text
    /// has a problem (bad input), the last chain's that built, as every field keeps its last
    /// valid state ([`SynoState::access_note`] says so); where it is unfinished (no `inputs`
    /// line yet), why there are none.
    pub fn access_text(&self) -> String {
        let lines = |a: &Access| {
            (0..a.inputs.len())
                .filter_map(|t| a.render_input(TensorId(t)))
                .collect::<Vec<_>>()
                .join("\n")
        };
        match (&self.built.access, &self.built.problem, self.last_access()) {
            (Some(a), _, _) => lines(a),
            (None, Some(_), Some(last)) => lines(last),
            (None, Some(_), None) => String::new(),
            (None, None, _) => "No access expressions yet: the chain needs an inputs line. Click \
                                the last row's dimensions of each input tensor, then Inputs."
                .to_string(),
        }
    }

    /// Where the access expressions shown are not the chain's in the editor, which chain's
    /// they are.
    pub fn access_note(&self) -> Option<String> {
        let p = self.built.problem.as_ref()?;
        self.last_access()?;
        Some(format!(
            "Shown: the last chain that built; line {} of this one does not.",
            p.line + 1
        ))
    }

    /// The state a query describes: `chain=` with lines joined by `;`; without it, the matmul
    /// preset.
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
            super::url::percent_encode(&self.text().replace('\n', ";"), super::url::keep::PROGRAM)
        )
    }

    fn read_query(query: &str) -> (Self, Vec<String>) {
        (Self::from_query(query), Vec::new())
    }
}

#[cfg(test)]
mod tests;
