//! Reading Triton layouts: the MLIR attribute after its alias lines, or a Gluon constructor,
//! character by character into keyed arguments that [`build`](super::build) turns into layouts.

use crate::error::{Field, LayoutError};
use crate::support::cursor::Cursor;

use super::super::tmem::{TmemTile, TmemVariant};
use super::super::triton::{LinearEncoding, TritonLayout};
use super::{build, parse_error, Args, Spelling, Value, GLUON, MAX_DEPTH, MLIR, TMEM_MLIR};
use crate::support::element::element_bits;

struct Parser<'a> {
    cursor: Cursor<'a>,
    aliases: Vec<(String, TritonLayout)>,
    depth: usize,
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
            Some('N') if gluon && self.word() == "None" => {
                self.cursor.pos += 4;
                Ok(Value::Nothing(at))
            }
            Some(c) if c.is_ascii_alphabetic() && self.boolean(gluon).is_some() => {
                let (value, length) = self.boolean(gluon).unwrap_or_default();
                self.cursor.pos += length;
                Ok(Value::Bool(value, at))
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

    /// The name at the cursor (letters, digits, `_`, `$`, `.`), not eaten.
    fn word(&self) -> String {
        self.cursor.chars[self.cursor.pos..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
            .collect()
    }

    /// The flag at the cursor, `true` / `false` (Gluon: `True` / `False`), and its length.
    fn boolean(&self, gluon: bool) -> Option<(bool, usize)> {
        let word = self.word();
        match (word.as_str(), gluon) {
            ("true", false) | ("True", true) => Some((true, word.len())),
            ("false", false) | ("False", true) => Some((false, word.len())),
            _ => None,
        }
    }

    /// `#ttg.NAME<{key = value, ...}>`, `#ttng.tensor_memory_encoding<key = value, ...>` or
    /// `#alias`.
    fn mlir_attribute(&mut self) -> Result<TritonLayout, LayoutError> {
        self.cursor.skip_space();
        let start = self.cursor.pos;
        self.expect('#')?;
        let name = self.identifier()?;
        if name == "ttng.tensor_memory_encoding" {
            return self.mlir_arguments(&TMEM_MLIR, name, false);
        }
        let Some(kind) = name.strip_prefix("ttg.") else {
            return self.aliases.iter().find(|(alias, _)| *alias == name).map_or_else(
                || Err(parse_error(self.cursor.text, start, "#ttg.blocked, #ttg.nvidia_mma, #ttg.amd_mfma, #ttg.amd_wmma, #ttg.dot_op, #ttg.slice, #ttg.linear, #ttg.swizzled_shared, #ttg.nvmma_shared, #ttng.tensor_memory_encoding or a defined alias")),
                |(_, layout)| Ok(layout.clone()),
            );
        };
        let Some(spelling) = MLIR.iter().find(|s| s.name == kind) else {
            return Err(parse_error(
                self.cursor.text,
                start,
                "#ttg.blocked, #ttg.nvidia_mma, #ttg.amd_mfma, #ttg.amd_wmma, #ttg.dot_op, #ttg.slice, #ttg.linear, #ttg.swizzled_shared or #ttg.nvmma_shared",
            ));
        };
        self.mlir_arguments(spelling, name, true)
    }

    /// `<{key = value, ...}>` (`braced`) or `<key = value, ...>`, built as `spelling`.
    fn mlir_arguments(
        &mut self,
        spelling: &Spelling,
        name: String,
        braced: bool,
    ) -> Result<TritonLayout, LayoutError> {
        self.deeper()?;
        self.expect('<')?;
        let close = match braced {
            true => {
                self.expect('{')?;
                '}'
            }
            false => '>',
        };
        let mut entries = Vec::new();
        if !self.cursor.eat(close) {
            loop {
                self.cursor.skip_space();
                let key_at = self.cursor.pos;
                let key = self.identifier()?;
                self.expect('=')?;
                entries.push((key, key_at, self.value(false)?));
                if self.cursor.eat(close) {
                    break;
                }
                self.expect(',')?;
            }
        }
        let end = self.cursor.pos - 1;
        if braced {
            self.expect('>')?;
        }
        self.depth -= 1;
        self.built(spelling, entries, end, format!("#{name}"), false)
    }

    /// `[module.]Name(value, ..., key=value, ...)`.
    fn gluon_constructor(&mut self) -> Result<TritonLayout, LayoutError> {
        self.cursor.skip_space();
        let start = self.cursor.pos;
        let path = self.identifier()?;
        let name = path.rsplit('.').next().unwrap_or_default();
        if name == "get_tmem_reg_layout" {
            return self.tmem_reg_call();
        }
        let Some(spelling) = GLUON.iter().find(|s| s.name == name) else {
            return Err(parse_error(
                self.cursor.text,
                start,
                "BlockedLayout, NVMMADistributedLayout, AMDMFMALayout, AMDWMMALayout, DotOperandLayout, SliceLayout, DistributedLinearLayout, SwizzledSharedLayout, NVMMASharedLayout, TensorMemoryLayout or get_tmem_reg_layout",
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
            let keyword = self.keyword()?;
            let named = keyword.is_some();
            let key = match keyword {
                Some(key) => key,
                None if entries.iter().any(|(_, _, _, named)| *named) => {
                    return Err(self.error("a keyword argument (no positional one after it)"));
                }
                None => match spelling.keys.get(entries.len()) {
                    Some(key) => key.to_string(),
                    None => {
                        return Err(self.error(format!("at most {} arguments", spelling.keys.len())))
                    }
                },
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

/// `get_tmem_reg_layout`'s arguments in order.
const TMEM_KEYS: [&str; 6] = [
    "element_ty",
    "shape",
    "layout",
    "num_warps",
    "instr_variant",
    "cga_layout",
];

impl Parser<'_> {
    /// `key=` at the cursor (eaten), or `None` for a positional argument.
    fn keyword(&mut self) -> Result<Option<String>, LayoutError> {
        self.cursor.skip_space();
        let at = self.cursor.pos;
        let word = self.cursor.chars[at..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == '_')
            .count();
        let named = word > 0
            && self.cursor.chars[at + word..]
                .iter()
                .find(|c| !c.is_whitespace())
                == Some(&'=');
        if !named {
            return Ok(None);
        }
        let key = self.identifier()?;
        self.expect('=')?;
        Ok(Some(key))
    }

    /// A Python string, `"…"` or `'…'`.
    fn string(&mut self) -> Result<String, LayoutError> {
        self.cursor.skip_space();
        let quote = match self.cursor.peek() {
            Some(q @ ('"' | '\'')) => q,
            _ => return Err(self.error("a string in quotes")),
        };
        self.cursor.pos += 1;
        let start = self.cursor.pos;
        while self.cursor.peek().is_some_and(|c| c != quote) {
            self.cursor.pos += 1;
        }
        let text: String = self.cursor.chars[start..self.cursor.pos].iter().collect();
        self.expect(quote)?;
        Ok(text)
    }

    /// Two numbers, `[a, b]` or `(a, b)`.
    fn pair(&mut self, what: &str) -> Result<[u32; 2], LayoutError> {
        let at = {
            self.cursor.skip_space();
            self.cursor.pos
        };
        match self.value(true)? {
            Value::List(items, _) => match items[..] {
                [Value::Number(a, _), Value::Number(b, _)] => Ok([a, b]),
                _ => Err(parse_error(
                    self.cursor.text,
                    at,
                    format!("{what}: two numbers"),
                )),
            },
            _ => Err(parse_error(
                self.cursor.text,
                at,
                format!("{what}: two numbers"),
            )),
        }
    }

    /// `[module.]TensorMemoryLayout(block, col_stride, ...)` of one CTA: its block and column
    /// stride.
    fn tensor_memory_layout(&mut self) -> Result<([u32; 2], u32), LayoutError> {
        self.cursor.skip_space();
        let at = self.cursor.pos;
        let refused = |parser: &Self| {
            parse_error(
                parser.cursor.text,
                at,
                "TensorMemoryLayout(block=(M, N), col_stride=1) of one CTA",
            )
        };
        if !self.word().ends_with("TensorMemoryLayout") {
            return Err(refused(self));
        }
        match self.gluon_constructor()? {
            TritonLayout::TensorMemory(t) if t.cta_split() == [1, 1] && !t.two_ctas() => {
                Ok((t.block(), t.col_stride()))
            }
            _ => Err(refused(self)),
        }
    }

    /// Gluon's `get_tmem_reg_layout(element_ty, shape, layout, num_warps,
    /// instr_variant="32x32b")`: the registers of a `tcgen05.ld` / `st`, the
    /// `DistributedLinearLayout` Triton returns.
    fn tmem_reg_call(&mut self) -> Result<TritonLayout, LayoutError> {
        self.deeper()?;
        self.expect('(')?;
        let (mut bits, mut shape, mut tile, mut warps) = (None, None, None, None);
        let mut variant = TmemVariant::I32x32b;
        let (mut index, mut named) = (0, false);
        while !self.cursor.eat(')') {
            if index > 0 {
                self.expect(',')?;
                if self.cursor.eat(')') {
                    break;
                }
            }
            self.cursor.skip_space();
            let key_at = self.cursor.pos;
            let key = match self.keyword()? {
                Some(key) => {
                    named = true;
                    key
                }
                None if named => {
                    return Err(self.error("a keyword argument (no positional one after it)"))
                }
                None => TMEM_KEYS
                    .get(index)
                    .map(|k| k.to_string())
                    .ok_or_else(|| self.error("at most 6 arguments"))?,
            };
            self.cursor.skip_space();
            let at = self.cursor.pos;
            match key.as_str() {
                "element_ty" => {
                    let name = self.identifier()?;
                    let short = name.rsplit('.').next().unwrap_or_default();
                    bits = Some(element_bits(short).and_then(|b| u32::try_from(b).ok()).ok_or_else(|| {
                        parse_error(self.cursor.text, at, "an element type: ttgl.float32, ttgl.float16, ttgl.bfloat16, ttgl.int8, …")
                    })?);
                }
                "shape" => shape = Some(self.pair("shape")?),
                "layout" => tile = Some(self.tensor_memory_layout()?),
                "num_warps" => warps = Some(self.number()?),
                "instr_variant" => {
                    let name = self.string()?;
                    variant = TmemVariant::parse(&name).ok_or_else(|| {
                        parse_error(self.cursor.text, at, "an instruction variant: \"32x32b\", \"16x64b\", \"16x128b\", \"16x256b\" or \"32x32b_splitn\"")
                    })?;
                }
                "cga_layout" => {
                    if !matches!(self.value(true)?, Value::List(items, _) if items.is_empty()) {
                        return Err(parse_error(self.cursor.text, at, "cga_layout=(): one CTA"));
                    }
                }
                _ => {
                    return Err(parse_error(
                        self.cursor.text,
                        key_at,
                        "element_ty, shape, layout, num_warps, instr_variant or cga_layout",
                    ))
                }
            }
            index += 1;
        }
        self.depth -= 1;
        let end = self.cursor.pos - 1;
        let (Some(bits), Some(shape), Some((block, stride)), Some(warps)) =
            (bits, shape, tile, warps)
        else {
            return Err(parse_error(
                self.cursor.text,
                end,
                "element_ty, shape, layout and num_warps",
            ));
        };
        let layout = TmemTile::new(bits, shape, block, stride)?.reg_layout(warps, variant)?;
        Ok(TritonLayout::Linear(LinearEncoding::new(layout)?))
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
}
