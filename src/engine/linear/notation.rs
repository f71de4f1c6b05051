//! Triton layouts as text, in and out: the MLIR attribute as Triton 3.6's IR dumps print it
//! (`BlockedEncodingAttr::print` and its siblings in `lib/Dialect/TritonGPU/IR/Dialect.cpp`)
//! and Gluon's Python constructors (`triton.experimental.gluon.language`).
//!
//! ```text
//! #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
//! #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
//! #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
//! #ttg.slice<{dim = 1, parent = #blocked}>
//! #ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]], warp = [], block = []}>
//! ttgl.BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8], warps_per_cta=[4, 1], order=[1, 0])
//! ```
//!
//! A dump names the base of a layout by an alias (`#blocked`, `#mma`, `#linear`) defined on a
//! line of its own; the parser takes such definition lines before the attribute, the printer
//! gives both the inline text and the aliased pair. One CTA per CGA: Triton prints no
//! `CGALayout` then, and the parser accepts only an empty one.

use crate::engine::error::{Field, LayoutError};
use crate::engine::support::cursor::Cursor;

use super::layout::LinearLayout;
use super::triton::{
    Blocked, DotOperand, LinearEncoding, NvidiaMma, Slice, TritonLayout, DISTRIBUTED_IN_DIMS,
};

/// Deepest nesting of lists and parents the parser follows (a slice of a slice of ... ).
const MAX_DEPTH: usize = 32;

/// A parsed value and the character position where it starts.
#[derive(Clone, Debug)]
enum Value {
    Number(u32, usize),
    List(Vec<Value>, usize),
    Layout(Box<TritonLayout>, usize),
}

impl Value {
    fn position(&self) -> usize {
        match self {
            Value::Number(_, at) | Value::List(_, at) | Value::Layout(_, at) => *at,
        }
    }
}

/// The keyed arguments of one attribute or constructor, each taken at most once.
struct Args {
    /// What the arguments belong to, for messages: `#ttg.blocked`, `BlockedLayout`.
    owner: String,
    entries: Vec<(String, usize, Value)>,
    taken: Vec<bool>,
    /// Position of the closing bracket, where a missing argument is reported.
    end: usize,
}

/// One notation's spelling of a layout kind: its name and its argument names in order.
struct Spelling {
    kind: Kind,
    name: &'static str,
    keys: &'static [&'static str],
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Blocked,
    NvidiaMma,
    DotOperand,
    Slice,
    Linear,
}

const MLIR: [Spelling; 5] = [
    Spelling {
        kind: Kind::Blocked,
        name: "blocked",
        keys: &[
            "sizePerThread",
            "threadsPerWarp",
            "warpsPerCTA",
            "order",
            "CGALayout",
        ],
    },
    Spelling {
        kind: Kind::NvidiaMma,
        name: "nvidia_mma",
        keys: &[
            "versionMajor",
            "versionMinor",
            "warpsPerCTA",
            "CGALayout",
            "instrShape",
        ],
    },
    Spelling {
        kind: Kind::DotOperand,
        name: "dot_op",
        keys: &["opIdx", "parent", "kWidth"],
    },
    Spelling {
        kind: Kind::Slice,
        name: "slice",
        keys: &["dim", "parent"],
    },
    Spelling {
        kind: Kind::Linear,
        name: "linear",
        keys: &["register", "lane", "warp", "block"],
    },
];

const GLUON: [Spelling; 5] = [
    Spelling {
        kind: Kind::Blocked,
        name: "BlockedLayout",
        keys: &[
            "size_per_thread",
            "threads_per_warp",
            "warps_per_cta",
            "order",
            "cga_layout",
        ],
    },
    Spelling {
        kind: Kind::NvidiaMma,
        name: "NVMMADistributedLayout",
        keys: &["version", "warps_per_cta", "instr_shape", "cga_layout"],
    },
    Spelling {
        kind: Kind::DotOperand,
        name: "DotOperandLayout",
        keys: &["operand_index", "parent", "k_width"],
    },
    Spelling {
        kind: Kind::Slice,
        name: "SliceLayout",
        keys: &["dim", "parent"],
    },
    Spelling {
        kind: Kind::Linear,
        name: "DistributedLinearLayout",
        keys: &[
            "reg_bases",
            "lane_bases",
            "warp_bases",
            "block_bases",
            "shape",
        ],
    },
];

struct Parser<'a> {
    cursor: Cursor<'a>,
    aliases: Vec<(String, TritonLayout)>,
    depth: usize,
}

fn parse_error(text: &str, position: usize, expected: impl Into<String>) -> LayoutError {
    LayoutError::Parse {
        field: Field::Triton,
        input: text.to_string(),
        position,
        expected: expected.into(),
    }
}

impl Args {
    fn error(&self, position: usize, expected: impl Into<String>) -> LayoutError {
        LayoutError::Parse {
            field: Field::Triton,
            input: String::new(),
            position,
            expected: format!("{}: {}", self.owner, expected.into()),
        }
    }

    /// The value of `key`; an error at the closing bracket when it is missing.
    fn required(&mut self, key: &str) -> Result<Value, LayoutError> {
        self.optional(key)?
            .ok_or_else(|| self.error(self.end, format!("the argument {key}")))
    }

    fn optional(&mut self, key: &str) -> Result<Option<Value>, LayoutError> {
        let mut found = None;
        for (k, (name, at, value)) in self.entries.iter().enumerate() {
            if name == key {
                if found.is_some() {
                    return Err(self.error(*at, format!("{key} once")));
                }
                self.taken[k] = true;
                found = Some(value.clone());
            }
        }
        Ok(found)
    }

    fn number(&mut self, key: &str) -> Result<u32, LayoutError> {
        match self.required(key)? {
            Value::Number(n, _) => Ok(n),
            other => Err(self.error(other.position(), format!("{key} a number"))),
        }
    }

    fn naturals(&mut self, key: &str) -> Result<Vec<u32>, LayoutError> {
        let value = self.required(key)?;
        self.naturals_of(key, &value)
    }

    fn naturals_of(&self, key: &str, value: &Value) -> Result<Vec<u32>, LayoutError> {
        let Value::List(items, at) = value else {
            return Err(self.error(value.position(), format!("{key} a list of numbers")));
        };
        items
            .iter()
            .map(|item| match item {
                Value::Number(n, _) => Ok(*n),
                _ => Err(self.error(*at, format!("{key} a list of numbers"))),
            })
            .collect()
    }

    fn bases(&mut self, key: &str) -> Result<Vec<Vec<u32>>, LayoutError> {
        let value = self.required(key)?;
        let Value::List(items, _) = &value else {
            return Err(self.error(value.position(), format!("{key} a list of bases")));
        };
        items
            .iter()
            .map(|item| self.naturals_of(key, item))
            .collect()
    }

    fn layout(&mut self, key: &str) -> Result<TritonLayout, LayoutError> {
        match self.required(key)? {
            Value::Layout(layout, _) => Ok(*layout),
            other => Err(self.error(other.position(), format!("{key} a layout"))),
        }
    }

    /// An empty `CGALayout` / `cga_layout`, or none: one CTA per CGA.
    fn single_cta(&mut self, key: &str) -> Result<(), LayoutError> {
        match self.optional(key)? {
            None => Ok(()),
            Some(Value::List(items, _)) if items.is_empty() => Ok(()),
            Some(other) => Err(self.error(
                other.position(),
                format!("{key} empty (one CTA per CGA; several are not modelled)"),
            )),
        }
    }

    /// Every argument used.
    fn finish(&self, keys: &[&str]) -> Result<(), LayoutError> {
        match self
            .entries
            .iter()
            .zip(&self.taken)
            .find(|(_, taken)| !**taken)
        {
            Some(((name, at, _), _)) => {
                Err(self.error(*at, format!("one of {} (not {name})", keys.join(", "))))
            }
            None => Ok(()),
        }
    }
}

/// The layout `spelling` names, built from its arguments.
fn build(spelling: &Spelling, args: &mut Args, gluon: bool) -> Result<TritonLayout, LayoutError> {
    let keys = spelling.keys;
    let layout = match spelling.kind {
        Kind::Blocked => {
            args.single_cta(keys[4])?;
            TritonLayout::Blocked(Blocked::new(
                args.naturals(keys[0])?,
                args.naturals(keys[1])?,
                args.naturals(keys[2])?,
                args.naturals(keys[3])?,
            )?)
        }
        Kind::NvidiaMma => {
            let (major, minor, warps, instr) = if gluon {
                args.single_cta(keys[3])?;
                let version = args.naturals(keys[0])?;
                let [major, minor] = version[..] else {
                    let at = args.end;
                    return Err(args.error(at, "version [major, minor]"));
                };
                (
                    major,
                    minor,
                    args.naturals(keys[1])?,
                    args.naturals(keys[2])?,
                )
            } else {
                args.single_cta(keys[3])?;
                (
                    args.number(keys[0])?,
                    args.number(keys[1])?,
                    args.naturals(keys[2])?,
                    args.naturals(keys[4])?,
                )
            };
            TritonLayout::NvidiaMma(NvidiaMma::new(major, minor, warps, instr)?)
        }
        Kind::DotOperand => {
            let op_idx = args.number(keys[0])?;
            let parent = match args.layout(keys[1])? {
                TritonLayout::NvidiaMma(mma) => mma,
                _ => {
                    let at = args.end;
                    return Err(args.error(at, "parent an nvidia_mma layout"));
                }
            };
            TritonLayout::DotOperand(DotOperand::new(op_idx, parent, args.number(keys[2])?)?)
        }
        Kind::Slice => {
            let dim = args.number(keys[0])?;
            TritonLayout::Slice(Slice::new(dim, args.layout(keys[1])?)?)
        }
        Kind::Linear => {
            let mut bases = Vec::new();
            for (name, key) in DISTRIBUTED_IN_DIMS.iter().zip(keys) {
                bases.push((name.to_string(), args.bases(key)?));
            }
            let layout = if gluon {
                let shape = args.naturals(keys[4])?;
                let names = (0..shape.len()).map(|d| format!("dim{d}"));
                LinearLayout::new(bases, names.zip(shape).collect(), false)?
            } else {
                let rank = bases.iter().flat_map(|(_, list)| list).map(Vec::len).next();
                let Some(rank) = rank else {
                    let at = args.end;
                    return Err(args.error(at, "at least one basis (it gives the rank)"));
                };
                LinearLayout::with_inferred_sizes(
                    bases,
                    (0..rank).map(|d| format!("dim{d}")).collect(),
                )?
            };
            TritonLayout::Linear(LinearEncoding::new(layout)?)
        }
    };
    args.finish(keys)?;
    Ok(layout)
}

impl Parser<'_> {
    fn error(&self, expected: impl Into<String>) -> LayoutError {
        self.cursor.error(Field::Triton, expected)
    }

    fn expect(&mut self, c: char) -> Result<(), LayoutError> {
        if self.cursor.eat(c) {
            Ok(())
        } else {
            Err(self.error(format!("`{c}`")))
        }
    }

    /// Letters, digits, `_`, `$` and `.` (MLIR's alias and dialect names; Python's dotted
    /// paths), not starting with a digit.
    fn identifier(&mut self) -> Result<String, LayoutError> {
        self.cursor.skip_space();
        let start = self.cursor.pos;
        let chars = &self.cursor.chars;
        let mut end = start;
        while chars
            .get(end)
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
        {
            end += 1;
        }
        if end == start || chars[start].is_ascii_digit() {
            return Err(self.error("a name"));
        }
        self.cursor.pos = end;
        Ok(chars[start..end].iter().collect())
    }

    fn number(&mut self) -> Result<u32, LayoutError> {
        self.cursor.skip_space();
        let start = self.cursor.pos;
        let digits = self.cursor.digits_from(start);
        if digits.is_empty() {
            return Err(self.error("a number"));
        }
        digits
            .parse()
            .map_err(|_| parse_error(self.cursor.text, start, "a number below 2^32"))
    }

    fn deeper(&mut self) -> Result<(), LayoutError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(format!("at most {MAX_DEPTH} levels of nesting")));
        }
        Ok(())
    }

    /// A number, a list `[a, b]` (or a Python tuple `(a, b)` in Gluon), or a layout.
    fn value(&mut self, gluon: bool) -> Result<Value, LayoutError> {
        let at = {
            self.cursor.skip_space();
            self.cursor.pos
        };
        match self.cursor.peek() {
            Some(c) if c.is_ascii_digit() => Ok(Value::Number(self.number()?, at)),
            Some(open @ ('[' | '(')) if open == '[' || gluon => {
                let close = if open == '[' { ']' } else { ')' };
                self.deeper()?;
                self.cursor.pos += 1;
                let mut items = Vec::new();
                while !self.cursor.eat(close) {
                    if !items.is_empty() {
                        self.expect(',')?;
                        // Python allows a trailing comma
                        if gluon && self.cursor.eat(close) {
                            break;
                        }
                    }
                    items.push(self.value(gluon)?);
                }
                self.depth -= 1;
                Ok(Value::List(items, at))
            }
            Some('#') if !gluon => Ok(Value::Layout(Box::new(self.mlir_attribute()?), at)),
            Some(c) if gluon && c.is_ascii_alphabetic() => {
                Ok(Value::Layout(Box::new(self.gluon_constructor()?), at))
            }
            _ => Err(self.error(if gluon {
                "a number, a list or a layout"
            } else {
                "a number, a list or an attribute"
            })),
        }
    }

    /// `#ttg.NAME<{key = value, ...}>` or `#alias`.
    fn mlir_attribute(&mut self) -> Result<TritonLayout, LayoutError> {
        self.cursor.skip_space();
        let start = self.cursor.pos;
        self.expect('#')?;
        let name = self.identifier()?;
        let Some(kind) = name.strip_prefix("ttg.") else {
            return self.aliases.iter().find(|(alias, _)| *alias == name).map_or_else(
                || Err(parse_error(self.cursor.text, start, "#ttg.blocked, #ttg.nvidia_mma, #ttg.dot_op, #ttg.slice, #ttg.linear or a defined alias")),
                |(_, layout)| Ok(layout.clone()),
            );
        };
        let Some(spelling) = MLIR.iter().find(|s| s.name == kind) else {
            return Err(parse_error(
                self.cursor.text,
                start,
                "#ttg.blocked, #ttg.nvidia_mma, #ttg.dot_op, #ttg.slice or #ttg.linear",
            ));
        };
        self.deeper()?;
        self.expect('<')?;
        self.expect('{')?;
        let mut entries = Vec::new();
        if !self.cursor.eat('}') {
            loop {
                self.cursor.skip_space();
                let key_at = self.cursor.pos;
                let key = self.identifier()?;
                self.expect('=')?;
                entries.push((key, key_at, self.value(false)?));
                if self.cursor.eat('}') {
                    break;
                }
                self.expect(',')?;
            }
        }
        let end = self.cursor.pos - 1;
        self.expect('>')?;
        self.depth -= 1;
        self.built(spelling, entries, end, format!("#{name}"), false)
    }

    /// `[module.]Name(value, ..., key=value, ...)`.
    fn gluon_constructor(&mut self) -> Result<TritonLayout, LayoutError> {
        self.cursor.skip_space();
        let start = self.cursor.pos;
        let path = self.identifier()?;
        let name = path.rsplit('.').next().unwrap_or_default();
        let Some(spelling) = GLUON.iter().find(|s| s.name == name) else {
            return Err(parse_error(
                self.cursor.text,
                start,
                "BlockedLayout, NVMMADistributedLayout, DotOperandLayout, SliceLayout or DistributedLinearLayout",
            ));
        };
        self.deeper()?;
        self.expect('(')?;
        let mut entries = Vec::new();
        while !self.cursor.eat(')') {
            if !entries.is_empty() {
                self.expect(',')?;
                if self.cursor.eat(')') {
                    break;
                }
            }
            self.cursor.skip_space();
            let key_at = self.cursor.pos;
            let keyword = self.cursor.chars[key_at..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == '_')
                .count();
            let named = keyword > 0
                && self.cursor.chars[key_at + keyword..]
                    .iter()
                    .find(|c| !c.is_whitespace())
                    == Some(&'=');
            let key = if named {
                let key = self.identifier()?;
                self.expect('=')?;
                key
            } else if entries.iter().any(|(_, _, _, named)| *named) {
                return Err(self.error("a keyword argument (no positional one after it)"));
            } else {
                match spelling.keys.get(entries.len()) {
                    Some(key) => key.to_string(),
                    None => {
                        return Err(self.error(format!("at most {} arguments", spelling.keys.len())))
                    }
                }
            };
            entries.push((key, key_at, self.value(true)?, named));
        }
        let end = self.cursor.pos - 1;
        self.depth -= 1;
        let entries = entries
            .into_iter()
            .map(|(k, at, v, _)| (k, at, v))
            .collect();
        self.built(spelling, entries, end, name.to_string(), true)
    }

    fn built(
        &self,
        spelling: &Spelling,
        entries: Vec<(String, usize, Value)>,
        end: usize,
        owner: String,
        gluon: bool,
    ) -> Result<TritonLayout, LayoutError> {
        let taken = vec![false; entries.len()];
        let mut args = Args {
            owner,
            entries,
            taken,
            end,
        };
        // `Args` reports without the text; the text goes in here, once
        build(spelling, &mut args, gluon).map_err(|e| e.within(self.cursor.text, |at| at))
    }

    /// Alias definitions `#name = #ttg...` (one per line, as a dump prints them), then the
    /// attribute.
    fn mlir_document(&mut self) -> Result<TritonLayout, LayoutError> {
        loop {
            self.cursor.skip_space();
            let start = self.cursor.pos;
            let layout = self.mlir_attribute();
            if self.cursor.eat('=') {
                let name: String = self.cursor.chars[start + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
                    .collect();
                if name.starts_with("ttg.") || name.is_empty() {
                    return Err(parse_error(
                        self.cursor.text,
                        start,
                        "an alias name before `=`",
                    ));
                }
                let definition = self.mlir_attribute()?;
                self.aliases.retain(|(alias, _)| *alias != name);
                self.aliases.push((name, definition));
                continue;
            }
            return layout;
        }
    }
}

impl TritonLayout {
    /// Reads a layout from the MLIR attribute text of Triton's IR dumps, optionally after
    /// the alias definitions it refers to (`#mma = #ttg.nvidia_mma<{...}>` lines), or from a
    /// Gluon constructor (`ttgl.BlockedLayout(size_per_thread=[1, 4], ...)`, any module
    /// prefix, positional or keyword arguments). Keys may come in any order, as in an MLIR
    /// dictionary.
    ///
    /// # Errors
    /// [`LayoutError::Parse`] (field [`Field::Triton`]) at the character where the text
    /// departs from the notation, an unknown or repeated key, or a missing one (at the closing
    /// bracket); the layouts' own errors for values they reject.
    pub fn parse(text: &str) -> Result<TritonLayout, LayoutError> {
        let mut parser = Parser {
            cursor: Cursor::new(text),
            aliases: Vec::new(),
            depth: 0,
        };
        let layout = if parser.cursor.peek() == Some('#') {
            parser.mlir_document()?
        } else {
            parser.gluon_constructor()?
        };
        if parser.cursor.peek().is_some() {
            return Err(parser.error("the end of the layout"));
        }
        Ok(layout)
    }

    /// The attribute as Triton prints it, every parent inline:
    /// `#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{...}>, kWidth = 2}>`.
    pub fn to_mlir(&self) -> String {
        self.mlir_with(&|base| base.mlir_body())
    }

    /// As an IR dump prints it: the definition line of the alias Triton gives the base layout
    /// (`#blocked`, `#mma` or `#linear`), and the attribute that refers to it:
    /// (`#mma = #ttg.nvidia_mma<{...}>`, `#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>`).
    pub fn to_mlir_aliased(&self) -> (String, String) {
        let mut base = self;
        while let TritonLayout::Slice(s) = base {
            base = s.parent();
        }
        if let TritonLayout::DotOperand(d) = base {
            return (
                format!("#mma = {}", mlir_of_mma(d.parent())),
                self.mlir_with(&|_| "#mma".to_string()),
            );
        }
        let alias = match base {
            TritonLayout::Linear(_) => "#linear",
            TritonLayout::NvidiaMma(_) => "#mma",
            _ => "#blocked",
        };
        (
            format!("{alias} = {}", base.mlir_body()),
            self.mlir_with(&|_| alias.to_string()),
        )
    }

    /// The text, `base` writing the innermost layout that is not a slice or a dot operand's
    /// parent.
    fn mlir_with(&self, base: &dyn Fn(&TritonLayout) -> String) -> String {
        match self {
            TritonLayout::Slice(s) => format!(
                "#ttg.slice<{{dim = {}, parent = {}}}>",
                s.dim(),
                s.parent().mlir_with(base)
            ),
            TritonLayout::DotOperand(d) => format!(
                "#ttg.dot_op<{{opIdx = {}, parent = {}, kWidth = {}}}>",
                d.op_idx(),
                base(&TritonLayout::NvidiaMma(d.parent().clone())),
                d.k_width()
            ),
            other => base(other),
        }
    }

    fn mlir_body(&self) -> String {
        match self {
            TritonLayout::Blocked(b) => format!(
                "#ttg.blocked<{{sizePerThread = {}, threadsPerWarp = {}, warpsPerCTA = {}, order = {}}}>",
                list(b.size_per_thread()),
                list(b.threads_per_warp()),
                list(b.warps_per_cta()),
                list(b.order())
            ),
            TritonLayout::NvidiaMma(m) => mlir_of_mma(m),
            TritonLayout::Linear(l) => {
                let bases: Vec<String> = DISTRIBUTED_IN_DIMS
                    .iter()
                    .map(|name| {
                        format!("{name} = {}", nested(l.layout().bases_of(name).unwrap_or_default()))
                    })
                    .collect();
                format!("#ttg.linear<{{{}}}>", bases.join(", "))
            }
            TritonLayout::Slice(_) | TritonLayout::DotOperand(_) => self.to_mlir(),
        }
    }

    /// Gluon's constructor: `ttgl.BlockedLayout(size_per_thread=[1, 4], ...)`.
    pub fn to_gluon(&self) -> String {
        match self {
            TritonLayout::Blocked(b) => format!(
                "ttgl.BlockedLayout(size_per_thread={}, threads_per_warp={}, warps_per_cta={}, order={})",
                list(b.size_per_thread()),
                list(b.threads_per_warp()),
                list(b.warps_per_cta()),
                list(b.order())
            ),
            TritonLayout::NvidiaMma(m) => {
                let (major, minor) = m.version();
                format!(
                    "ttgl.NVMMADistributedLayout(version=[{major}, {minor}], warps_per_cta={}, instr_shape={})",
                    list(m.warps_per_cta()),
                    list(m.instr_shape())
                )
            }
            TritonLayout::DotOperand(d) => format!(
                "ttgl.DotOperandLayout(operand_index={}, parent={}, k_width={})",
                d.op_idx(),
                TritonLayout::NvidiaMma(d.parent().clone()).to_gluon(),
                d.k_width()
            ),
            TritonLayout::Slice(s) => format!(
                "ttgl.SliceLayout(dim={}, parent={})",
                s.dim(),
                s.parent().to_gluon()
            ),
            TritonLayout::Linear(l) => {
                let layout = l.layout();
                let of = |name| nested(layout.bases_of(name).unwrap_or_default());
                let shape: Vec<u32> = layout.out_dims_with_sizes().iter().map(|(_, s)| *s).collect();
                format!(
                    "ttgl.DistributedLinearLayout(reg_bases={}, lane_bases={}, warp_bases={}, block_bases={}, shape={})",
                    of("register"),
                    of("lane"),
                    of("warp"),
                    of("block"),
                    list(&shape)
                )
            }
        }
    }
}

fn mlir_of_mma(m: &NvidiaMma) -> String {
    let (major, minor) = m.version();
    format!(
        "#ttg.nvidia_mma<{{versionMajor = {major}, versionMinor = {minor}, warpsPerCTA = {}, instrShape = {}}}>",
        list(m.warps_per_cta()),
        list(m.instr_shape())
    )
}

fn list(values: &[u32]) -> String {
    crate::engine::support::text::list(values)
}

fn nested(bases: &[Vec<u32>]) -> String {
    let items: Vec<String> = bases.iter().map(|b| list(b)).collect();
    crate::engine::support::text::list(&items)
}

impl std::fmt::Display for TritonLayout {
    /// The MLIR attribute, parents inline ([`TritonLayout::to_mlir`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_mlir())
    }
}

#[cfg(test)]
#[path = "notation_tests.rs"]
mod tests;
