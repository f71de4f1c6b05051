//! The Shader page: the WGSL indexing kernel of what another page shows (the Views page's
//! stack, the Layouts page's layout, the Morphisms page's encoded layout), its lines as
//! highlighted tokens linked to the expression parts and grid cells they compute, and the
//! check of a GPU run against the engine.

use crate::state::field::{FieldError, Parsed};
use crate::state::url::PageState;
use engine::support::sorted::SortedSet;

use engine::cute::Layout;
use engine::syno::Access;
use engine::wgsl::{self, Cells, IndexType, Shader, ShaderOptions};
use engine::{RowMajor, ShapeTracker};

use super::layouts::LayoutsState;
use super::morphisms::MorphismsState;
use super::syno::SynoState;
use super::{Page, ViewsState};
use crate::draw::stack_grid::{Cell, Grid, StackGrid, MAX_DRAWN_CELLS};

/// Elements and input words a browser run may use: 16 MiB per buffer, well inside WebGPU's
/// default 128 MiB storage binding.
pub const MAX_RUN_ELEMENTS: usize = 1 << 22;

/// Which page's state the shader is generated from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Source {
    /// The Views page's shown stack (`from=views`).
    #[default]
    Views,
    /// The Layouts page's layout (`from=layouts`).
    Layouts,
    /// The Morphisms page's encoded layout `L_f` (`from=morphisms`).
    Morphisms,
    /// An input of the Syno page's chain (`from=syno&in=k`).
    Syno,
}

/// The states of the pages a shader can come from.
#[derive(Clone, Copy)]
pub struct Pages<'a> {
    /// The Views page's state.
    pub views: &'a ViewsState,
    /// The Layouts page's state.
    pub layouts: &'a LayoutsState,
    /// The Morphisms page's state.
    pub morphisms: &'a MorphismsState,
    /// The Syno page's state.
    pub syno: &'a SynoState,
}

impl Source {
    /// Every source, in the picker's order.
    pub const ALL: [Source; 4] = [
        Source::Views,
        Source::Layouts,
        Source::Morphisms,
        Source::Syno,
    ];

    /// The URL slug (`from=`): the source page's own.
    pub fn as_str(self) -> &'static str {
        self.page().as_str()
    }

    /// The picker's title.
    pub fn title(self) -> &'static str {
        match self {
            Source::Views => "the view stack (Views page)",
            Source::Layouts => "the CuTe layout (Layouts page)",
            Source::Morphisms => "the encoded layout L_f (Morphisms page)",
            Source::Syno => "an input of the Syno chain (Syno page)",
        }
    }

    /// The value a slug names; `None` for any other.
    pub fn parse(slug: &str) -> Option<Source> {
        Source::ALL.into_iter().find(|s| s.as_str() == slug)
    }

    /// The page the source's state belongs to.
    pub fn page(self) -> Page {
        match self {
            Source::Views => Page::Views,
            Source::Layouts => Page::Layouts,
            Source::Morphisms => Page::Morphisms,
            Source::Syno => Page::Syno,
        }
    }

    /// The URL query of the source page's state.
    pub fn query(self, p: &Pages) -> String {
        match self {
            Source::Views => p.views.to_query(),
            Source::Layouts => p.layouts.to_query(),
            Source::Morphisms => p.morphisms.to_query(),
            Source::Syno => p.syno.to_query(),
        }
    }

    /// The source a page's state gives, for the pages that have one.
    pub fn of_page(page: Page) -> Option<Source> {
        Source::ALL.into_iter().find(|s| s.page() == page)
    }
}

/// Longest text kept in an option field.
const OPTION_CHARS: usize = 40;

/// The generator options as typed, the last valid ones and the errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShaderState {
    /// The page the kernel is generated from (`from=`).
    pub from: Source,
    /// Which input of a Syno chain.
    pub input: usize,
    /// The options chosen, not typed: the index type and whether expressions are readable.
    index_type: IndexType,
    readable: bool,
    /// The fill value and the workgroup size as typed, each with its last valid value.
    fill: Parsed<i32>,
    workgroup: Parsed<u32>,
}

impl Default for ShaderState {
    fn default() -> ShaderState {
        let opts = ShaderOptions::default();
        ShaderState {
            from: Source::Views,
            input: 0,
            index_type: opts.index_type,
            readable: opts.readable,
            fill: Parsed::valid(opts.fill.to_string(), opts.fill).max_chars(OPTION_CHARS),
            workgroup: Parsed::valid(opts.workgroup_size.to_string(), opts.workgroup_size)
                .max_chars(OPTION_CHARS),
        }
    }
}

/// A typed option field: the fill value or the workgroup size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptField {
    /// The value masked elements get (`fill=`), any `i32`.
    Fill,
    /// The workgroup size (`wg=`), 1 to 256.
    Workgroup,
}

impl ShaderState {
    /// The last valid options.
    pub fn opts(&self) -> ShaderOptions {
        ShaderOptions {
            index_type: self.index_type,
            fill: *self.fill.value(),
            workgroup_size: *self.workgroup.value(),
            readable: self.readable,
        }
    }

    /// The option field's text as typed.
    pub fn text(&self, field: OptField) -> &str {
        match field {
            OptField::Fill => self.fill.text(),
            OptField::Workgroup => self.workgroup.text(),
        }
    }

    /// Why the option field's text is no option; `None` while it is one.
    pub fn error(&self, field: OptField) -> Option<&FieldError> {
        match field {
            OptField::Fill => self.fill.error(),
            OptField::Workgroup => self.workgroup.error(),
        }
    }

    /// Takes a typed fill value or workgroup size; one that does not parse leaves the last
    /// valid option in place and says why.
    pub fn set(&mut self, field: OptField, text: &str) {
        match field {
            OptField::Fill => self.fill.set(text, |t| {
                t.trim().parse::<i32>().map_err(|_| {
                    FieldError::rule(format!(
                        "the fill value must be a whole number from {} to {}",
                        i32::MIN,
                        i32::MAX
                    ))
                })
            }),
            OptField::Workgroup => self.workgroup.set(text, |t| match t.trim().parse::<u32>() {
                Ok(v @ 1..=256) => Ok(v),
                _ => Err(FieldError::rule(
                    "the workgroup size must be a whole number from 1 to 256",
                )),
            }),
        }
    }

    /// Sets the index type from its slug: `u32`, or `i32` for any other (`ty=`).
    pub fn set_index_type(&mut self, slug: &str) {
        self.index_type = if slug == "u32" {
            IndexType::U32
        } else {
            IndexType::I32
        };
    }

    /// Readable expressions (named parts) or compact ones.
    pub fn set_readable(&mut self, readable: bool) {
        self.readable = readable;
    }

    /// The Shader page's query: the options, then the query of the page it generates from,
    /// whose state the same URL rebuilds (the keys do not overlap).
    pub fn page_query(&self, source_query: &str) -> String {
        format!("{}&{source_query}", self.to_query())
    }

    /// The options a query names; a bad value shows in its field with its error.
    pub fn from_query(query: &str) -> ShaderState {
        let mut state = ShaderState::default();
        for pair in query.split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            match key {
                "from" => state.from = Source::parse(value).unwrap_or_default(),
                "in" => state.input = value.parse().unwrap_or(0),
                "ty" => state.set_index_type(value),
                "fill" => state.set(OptField::Fill, value),
                "wg" => state.set(OptField::Workgroup, value),
                "expr" => state.readable = value != "compact",
                _ => {}
            }
        }
        state
    }
}

impl PageState for ShaderState {
    /// `from=views`, then the options that differ from the defaults.
    fn to_query(&self) -> String {
        let d = ShaderOptions::default();
        let o = self.opts();
        let mut q = format!("from={}", self.from.as_str());
        if self.from == Source::Syno && self.input > 0 {
            q.push_str(&format!("&in={}", self.input));
        }
        if o.index_type != d.index_type {
            q.push_str("&ty=u32");
        }
        if o.fill != d.fill {
            q.push_str(&format!("&fill={}", o.fill));
        }
        if o.workgroup_size != d.workgroup_size {
            q.push_str(&format!("&wg={}", o.workgroup_size));
        }
        if !o.readable {
            q.push_str("&expr=compact");
        }
        q
    }

    fn read_query(query: &str) -> (Self, Vec<String>) {
        (Self::from_query(query), Vec::new())
    }
}

/// What a shader indexes: a view stack, a CuTe layout, or input `k` of a Syno chain.
#[derive(Clone, Debug)]
pub enum Subject {
    /// A view stack: element `i` is its `i`-th row-major element.
    Stack(ShapeTracker),
    /// A CuTe layout: element `i` is `L(i)`, `i` colexicographic.
    Layout(Layout),
    /// Input `k` of a Syno chain, read over the operator's loops by its access expression.
    Syno(Box<Access>, usize),
}

impl Subject {
    /// What `from` currently shows (for a Syno chain, its input `input`).
    pub fn of(from: Source, input: usize, p: &Pages) -> Result<Subject, FieldError> {
        match from {
            Source::Views => Ok(Subject::Stack(p.views.shown().0)),
            Source::Layouts => Ok(Subject::Layout(p.layouts.layout().clone())),
            Source::Morphisms => p
                .morphisms
                .editor()
                .morphism()
                .layout()
                .map(Subject::Layout)
                .map_err(|e| FieldError::from(e).within("f has no encoded layout")),
            Source::Syno => match (&p.syno.built().access, &p.syno.built().problem) {
                (Some(a), _) => Ok(Subject::Syno(Box::new(a.clone()), input)),
                (None, Some(problem)) => Err(problem.error.clone().within("the Syno chain")),
                (None, None) => Err(FieldError::rule("the Syno chain has no inputs yet")),
            },
        }
    }

    /// The shader, its highlighted lines and what its elements are.
    ///
    /// # Errors
    /// The engine's: a layout no view holds, sizes past 32 bits.
    pub fn generate(&self, opts: &ShaderOptions) -> Result<Generated, FieldError> {
        let (shader, cells) = match self {
            Subject::Stack(t) => (wgsl::tracker_shader(t, opts), Ok(Cells::Stack(t.clone()))),
            Subject::Layout(l) => (
                wgsl::layout_shader(l, opts),
                wgsl::layout_view(l)
                    .and_then(|v| ShapeTracker::from_views(vec![v]))
                    .map(Cells::Stack),
            ),
            Subject::Syno(a, k) => (
                wgsl::syno_shader(a, *k, opts),
                Ok(Cells::Syno(a.clone(), *k)),
            ),
        };
        let shader = shader?;
        let cells = cells?;
        Ok(Generated {
            lines: highlight(&shader.wgsl, &shader.names),
            shader,
            cells,
        })
    }
}

/// A generated shader with its lines and what it computes.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The kernel: its WGSL, shape, loop variables and operation count.
    pub shader: Shader,
    /// The WGSL's lines, highlighted, each with the part it computes.
    pub lines: Vec<Line>,
    /// What the kernel's elements are, to evaluate them natively.
    pub cells: Cells,
}

impl PartialEq for Generated {
    /// The kernel's text decides what it computes.
    fn eq(&self, other: &Generated) -> bool {
        self.shader == other.shader
    }
}

/// The output a kernel writes over an arange input (`input[k] = k`), and that input's length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// One word per output element: its offset where valid, else the fill.
    pub output: Vec<i32>,
    /// The arange input's length: the highest valid offset plus one.
    pub input_len: u32,
}

impl Generated {
    /// What the kernel must write for every element over an arange input as long as the
    /// highest valid offset needs: the offset where the element is valid, else the fill.
    ///
    /// # Errors
    /// More elements or input words than a browser run takes ([`MAX_RUN_ELEMENTS`]).
    pub fn expected(&self, fill: i32) -> Result<Expected, FieldError> {
        let too_many = |what: &str, n: u128| {
            FieldError::rule(format!(
                "{what} has {n} elements; a browser run takes at most {MAX_RUN_ELEMENTS} (the native tests run every size)"
            ))
        };
        let elements = self.shader.elements as usize;
        if elements > MAX_RUN_ELEMENTS {
            return Err(too_many("the output", elements as u128));
        }
        let offsets = self
            .cells
            .offsets(MAX_RUN_ELEMENTS)
            .map_err(FieldError::rule)?;
        let top = offsets.iter().flatten().copied().max().unwrap_or(0);
        if top >= MAX_RUN_ELEMENTS as i64 {
            return Err(too_many("the input", top as u128 + 1));
        }
        let input_len = u32::try_from(top.max(0) + 1).unwrap_or(1);
        let output = offsets
            .iter()
            .map(|o| match o {
                Some(v) if (0..i64::from(input_len)).contains(v) => *v as i32,
                _ => fill,
            })
            .collect();
        Ok(Expected { output, input_len })
    }

    /// The grid of the elements, each showing its offset.
    ///
    /// # Errors
    /// More cells than a grid draws.
    pub fn grid(&self) -> Result<StackGrid, FieldError> {
        match &self.cells {
            Cells::Stack(t) => Ok(StackGrid::of(t)?),
            Cells::Syno(..) => {
                let shape = self.shader.shape.clone();
                let offsets = self.cells.offsets(MAX_DRAWN_CELLS).map_err(|_| {
                    FieldError::rule(format!(
                        "the grid is drawn up to {MAX_DRAWN_CELLS} elements"
                    ))
                })?;
                let cells = RowMajor::new(&shape)
                    .zip(offsets)
                    .enumerate()
                    .map(|(index, (coord, value))| Cell::new(index, coord, value))
                    .collect();
                Ok(StackGrid::single(shape, cells, None))
            }
        }
    }
}

/// A GPU run checked against the engine: the elements that differ, as (element, expected,
/// got), and how many there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunCheck {
    /// How many elements were compared (the expected output's length).
    pub elements: usize,
    /// `(element, expected, got)` for each that differs; `None`: the GPU wrote nothing there.
    pub mismatches: Vec<(usize, i32, Option<i32>)>,
}

impl RunCheck {
    /// Compares element by element; a missing output element is a mismatch.
    pub fn of(expected: &[i32], output: &[i32]) -> RunCheck {
        let mismatches = expected
            .iter()
            .enumerate()
            .filter_map(|(i, &want)| {
                let got = output.get(i).copied();
                (got != Some(want)).then_some((i, want, got))
            })
            .collect();
        RunCheck {
            elements: expected.len(),
            mismatches,
        }
    }

    /// One line: all match, or how many differ and the first few.
    pub fn summary(&self) -> String {
        if self.mismatches.is_empty() {
            return format!(
                "match: all {} elements equal the engine's offsets",
                self.elements
            );
        }
        let first: Vec<String> = self
            .mismatches
            .iter()
            .take(3)
            .map(|(i, want, got)| {
                let got = got.map_or("nothing".to_string(), |g| g.to_string());
                format!("element {i}: engine {want}, GPU {got}")
            })
            .collect();
        format!(
            "mismatch: {} of {} elements differ ({})",
            self.mismatches.len(),
            self.elements,
            first.join("; ")
        )
    }

    /// `grid` with each cell showing what the GPU wrote there.
    pub fn output_grid(grid: &Grid, output: &[i32]) -> Grid {
        Grid {
            cells: grid
                .cells
                .iter()
                .map(|c| Cell {
                    value: output.get(c.index).map(|&v| i64::from(v)),
                    ..c.clone()
                })
                .collect(),
            ..grid.clone()
        }
    }
}

/// A token's kind, which sets its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// Punctuation, spaces and other names.
    Plain,
    /// A `//` comment, to the end of the line.
    Comment,
    /// `fn`, `let`, `var`, `return`, `if`, `else`, `struct`, `true`, `false`.
    Keyword,
    /// `u32`, `i32`, `bool`, `vec3`, `array`, `Address`.
    Type,
    /// A literal starting with a digit: `0`, `1u`.
    Number,
    /// `@compute`, `@group`, `@binding`, …
    Attribute,
    /// A loop variable `ridx{k}`.
    Var(usize),
}

impl Tok {
    /// The CSS class, or none for plain text.
    pub fn class(self) -> Option<&'static str> {
        match self {
            Tok::Plain => None,
            Tok::Comment => Some("tok-c"),
            Tok::Keyword => Some("tok-k"),
            Tok::Type => Some("tok-t"),
            Tok::Number => Some("tok-n"),
            Tok::Attribute => Some("tok-a"),
            Tok::Var(_) => Some("tok-v"),
        }
    }
}

/// What a line computes, which sets what hovering it lights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Nothing to light: declarations, braces, comments.
    None,
    /// `let ridx{k} = …`: the coordinate along dimension `k`.
    Var(usize),
    /// `return Address(offset, valid)`.
    Address,
    /// `output[i] = input[a.offset]`: the valid elements.
    Gather,
    /// `output[i] = fill`: the masked ones.
    Fill,
}

/// One line of the shader: its tokens (their texts joined are the line) and what it computes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The tokens in order, with their kinds; their texts joined are the line.
    pub tokens: Vec<(Tok, String)>,
    /// What the line computes.
    pub part: Part,
}

const KEYWORDS: [&str; 9] = [
    "fn", "let", "var", "return", "if", "else", "struct", "true", "false",
];
const TYPES: [&str; 6] = ["u32", "i32", "bool", "vec3", "array", "Address"];

/// The shader's lines split into tokens; `names` are the loop variables, `Tok::Var(k)` for
/// `names[k]`.
pub fn highlight(wgsl: &str, names: &[String]) -> Vec<Line> {
    let loop_var = |word: &str| names.iter().position(|n| n == word);
    wgsl.lines().map(|l| highlight_line(l, &loop_var)).collect()
}

fn highlight_line(line: &str, loop_var: &dyn Fn(&str) -> Option<usize>) -> Line {
    let mut tokens: Vec<(Tok, String)> = Vec::new();
    let mut push = |tok: Tok, text: &str| match tokens.last_mut() {
        Some((Tok::Plain, last)) if tok == Tok::Plain => last.push_str(text),
        _ => tokens.push((tok, text.to_string())),
    };
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        let word_len = rest
            .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
            .unwrap_or(rest.len());
        let (tok, len) = if rest.starts_with("//") {
            (Tok::Comment, rest.len())
        } else if c == '@' {
            let len = 1 + rest[1..]
                .find(|ch: char| !ch.is_ascii_alphanumeric() && ch != '_')
                .unwrap_or(rest.len() - 1);
            (Tok::Attribute, len)
        } else if c.is_ascii_digit() {
            (Tok::Number, word_len)
        } else if word_len > 0 {
            let word = &rest[..word_len];
            let tok = if let Some(k) = loop_var(word) {
                Tok::Var(k)
            } else if KEYWORDS.contains(&word) {
                Tok::Keyword
            } else if TYPES.contains(&word) {
                Tok::Type
            } else {
                Tok::Plain
            };
            (tok, word_len)
        } else {
            (Tok::Plain, c.len_utf8())
        };
        push(tok, &rest[..len]);
        rest = &rest[len..];
    }
    let code = line.trim_start();
    let part = if let Some(k) = code
        .strip_prefix("let ")
        .and_then(|r| r.split(' ').next())
        .and_then(loop_var)
    {
        Part::Var(k)
    } else if code.starts_with("return Address(") {
        Part::Address
    } else if code.starts_with("output[i] = input[") {
        Part::Gather
    } else if code.starts_with("output[i] = ") {
        Part::Fill
    } else {
        Part::None
    };
    Line { tokens, part }
}

impl Part {
    /// The grid cells this part computes: a variable the cells along its dimension from the
    /// origin, the address and the gather the valid cells, the fill the masked ones.
    pub fn cells(self, grid: &Grid) -> SortedSet<usize> {
        let on = |c: &Cell| match self {
            Part::None => false,
            Part::Var(k) => c.coord.iter().enumerate().all(|(j, &x)| j == k || x == 0),
            Part::Address | Part::Gather => c.value.is_some(),
            Part::Fill => c.value.is_none(),
        };
        let mut cells = SortedSet::new();
        for c in grid.cells.iter().filter(|c| on(c)) {
            cells.insert(c.index);
        }
        cells
    }

    /// What hovering the line says.
    pub fn describe(self, g: &Generated, lit: usize) -> String {
        let shader = &g.shader;
        match self {
            Part::None => String::new(),
            Part::Var(k) => format!(
                "{}: the coordinate along dimension {k} (extent {}), unravelled from the element index i; lit: the {lit} cells along it from the origin",
                g.shader.names.get(k).map_or("", String::as_str),
                shader.shape.get(k).copied().unwrap_or(0)
            ),
            Part::Address => format!(
                "the offset and validity expressions ({} operations per element); lit: the {lit} valid cells",
                shader.op_count
            ),
            Part::Gather => format!("valid elements read input[offset]; lit: the {lit} valid cells"),
            Part::Fill => format!("masked elements get the fill value; lit: the {lit} masked cells"),
        }
    }
}

#[cfg(test)]
mod tests;
