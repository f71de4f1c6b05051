//! The per-dimension view editor: rows of text fields, their parse into a [`View`], errors placed
//! at the field that caused them, and the last valid view kept while the input is bad.

use crate::state::field::{FieldError, Parsed};
use crate::state::url::{keep, percent_decode, percent_encode};
use engine::view::symbolic::{Dim, SymVar, SymView};
use engine::view::tinygrad_repr::{parse_view, MAX_INPUT_CHARS};
use engine::{view::strides_for_shape, LayoutError, View};

/// Most dimensions the editor holds; a URL asking for more is cut here.
pub const MAX_RANK: usize = 8;
/// Longest text kept in one field; longer input is still rejected by the parser, not stored whole.
const MAX_FIELD_CHARS: usize = 64;

/// One dimension as typed. A blank stride means row-major; a blank mask bound means the dim's end.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DimRow {
    /// The size as typed: a whole number or a name like `N`.
    pub shape: String,
    /// The stride as typed; blank follows the sizes (row-major).
    pub stride: String,
    /// The mask's first index kept as typed; blank is 0.
    pub mask_begin: String,
    /// The mask's end (exclusive) as typed; blank is the size.
    pub mask_end: String,
}

impl DimRow {
    /// A dimension of `shape` elements whose stride follows the sizes (blank, row-major).
    fn new(shape: i64) -> DimRow {
        DimRow {
            shape: shape.to_string(),
            ..DimRow::default()
        }
    }
}

/// Which text box of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RowField {
    /// The size.
    Shape,
    /// The stride.
    Stride,
    /// The mask's begin.
    MaskBegin,
    /// The mask's end.
    MaskEnd,
}

impl RowField {
    /// The stem of the field's test id, before its row: `shape-0`, `mask-begin-2`.
    pub fn as_str(self) -> &'static str {
        match self {
            RowField::Shape => "shape",
            RowField::Stride => "stride",
            RowField::MaskBegin => "mask-begin",
            RowField::MaskEnd => "mask-end",
        }
    }
}

/// An error shown next to one field: `row` is the dimension, `None` for the offset or the view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormError {
    /// The dimension, 0-based.
    pub row: Option<usize>,
    /// The text box of the row; `None` for the offset or the whole view.
    pub field: Option<RowField>,
    /// What is wrong.
    pub error: FieldError,
}

/// A named size with its range and the value it is bound to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// The name typed as a size: `N`, `batch_1`.
    pub name: String,
    /// The least value it takes, at least 1.
    pub min: i64,
    /// The greatest value it takes.
    pub max: i64,
    /// The value the concrete view uses, `min <= value <= max`.
    pub value: i64,
}

/// Whether a size field holds a name (`N`, `batch_1`) rather than a number.
pub fn is_name(text: &str) -> bool {
    let text = text.trim();
    text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && text.len() <= 32
}

/// The base view as typed: `shape=…&strides=…&offset=…&mask=…&sym=…` in the URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewForm {
    /// One row per dimension, at most [`MAX_RANK`].
    pub dims: Vec<DimRow>,
    /// The offset as typed (`0` by default).
    pub offset: String,
    /// The names used as sizes, each bound to a value.
    pub symbols: Vec<Symbol>,
}

impl Default for ViewForm {
    /// A 3×4 row-major matrix whose strides nobody typed, so they follow the sizes.
    fn default() -> ViewForm {
        ViewForm {
            dims: vec![DimRow::new(3), DimRow::new(4)],
            offset: "0".into(),
            symbols: Vec::new(),
        }
    }
}

/// The editor: what is typed, the errors it has, and the last view that parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewEditor {
    form: ViewForm,
    view: View,
    errors: Vec<FormError>,
    /// Text pasted into the "tinygrad View(...)" field, and why it did not load (a view that
    /// loads replaces the rows).
    paste: Parsed<()>,
}

impl Default for ViewEditor {
    fn default() -> ViewEditor {
        ViewEditor::from_form(ViewForm::default())
    }
}

impl ViewEditor {
    /// An editor for `form`; when `form` does not parse, the view is the default one and the
    /// errors say why.
    pub fn from_form(form: ViewForm) -> ViewEditor {
        let fallback = ViewForm::default()
            .parse()
            .unwrap_or_else(|_| unreachable!("the default form is a valid view"));
        let mut editor = ViewEditor {
            form: ViewForm::default(),
            view: fallback,
            errors: Vec::new(),
            paste: Parsed::valid("", ()).max_chars(MAX_INPUT_CHARS + 1),
        };
        editor.set_form(form);
        editor
    }

    /// What is typed.
    pub fn form(&self) -> &ViewForm {
        &self.form
    }
    /// The last view that parsed.
    pub fn view(&self) -> &View {
        &self.view
    }
    /// The errors of what is typed, each at its row and field; empty while it parses.
    pub fn errors(&self) -> &[FormError] {
        &self.errors
    }
    /// Whether what is typed makes the shown view.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }

    /// The error of one field, if any.
    pub fn error_at(&self, row: Option<usize>, field: Option<RowField>) -> Option<&FieldError> {
        self.errors
            .iter()
            .find(|e| e.row == row && e.field == field)
            .map(|e| &e.error)
    }

    /// The text pasted into the `View(...)` field.
    pub fn paste(&self) -> &str {
        self.paste.text()
    }

    /// Why the pasted text is no tinygrad view.
    pub fn paste_error(&self) -> Option<&FieldError> {
        self.paste.error()
    }

    /// Loads a view written as tinygrad prints it; on failure the rows and the view stay.
    pub fn set_paste(&mut self, text: &str) {
        let mut pasted = None;
        self.paste.set(text, |text| {
            if !text.trim().is_empty() {
                pasted = Some(parse_view(text)?);
            }
            Ok(())
        });
        if let Some(view) = pasted {
            self.set_form(ViewForm::of_view(&view));
        }
    }

    fn set_form(&mut self, form: ViewForm) {
        match form.parse() {
            Ok(view) => {
                self.view = view;
                self.errors.clear();
            }
            Err(errors) => self.errors = errors,
        }
        self.form = form;
    }

    /// Takes what was typed in one text box of dimension `row` (cut to 64 characters); a
    /// name as a size gets a symbol.
    pub fn set_field(&mut self, row: usize, field: RowField, text: &str) {
        let mut form = self.form.clone();
        if let Some(dim) = form.dims.get_mut(row) {
            let text = clip(text);
            match field {
                RowField::Shape => dim.shape = text,
                RowField::Stride => dim.stride = text,
                RowField::MaskBegin => dim.mask_begin = text,
                RowField::MaskEnd => dim.mask_end = text,
            }
        }
        sync_symbols(&mut form);
        self.set_form(form);
    }

    /// Whether any size is a name.
    pub fn has_symbols(&self) -> bool {
        !self.form.symbols.is_empty()
    }

    /// Sets a symbol's `min`, `max` or bound `value` from text.
    ///
    /// # Errors
    /// Not a whole number, or a range that is not `1 <= min <= value <= max`; nothing changes.
    pub fn set_symbol(
        &mut self,
        name: &str,
        part: SymbolPart,
        text: &str,
    ) -> Result<(), FieldError> {
        let mut form = self.form.clone();
        let Some(symbol) = form.symbols.iter_mut().find(|s| s.name == name) else {
            return Err(FieldError::rule(format!("{name} is not a symbolic size")));
        };
        let v = parse_int(text, part.as_str())?;
        let (mut min, mut max, mut value) = (symbol.min, symbol.max, symbol.value);
        match part {
            SymbolPart::Min => min = v,
            SymbolPart::Max => max = v,
            SymbolPart::Value => value = v,
        }
        if part != SymbolPart::Value {
            value = value.clamp(min.min(max), max.max(min));
        }
        if !(1 <= min && min <= value && value <= max) {
            return Err(FieldError::rule(format!(
                "{name} needs 1 <= min <= value <= max, got {min}, {value}, {max}"
            )));
        }
        *symbol = Symbol {
            name: name.to_string(),
            min,
            max,
            value,
        };
        self.set_form(form);
        Ok(())
    }

    /// The base view over its symbolic sizes, when it is C-contiguous (blank strides, no mask,
    /// offset 0): its strides and `idx` then carry the names.
    pub fn symbolic_view(&self) -> Option<SymView> {
        if !self.has_symbols()
            || self.form.offset.trim() != "0"
            || self.form.dims.iter().any(|d| {
                !d.stride.trim().is_empty()
                    || !d.mask_begin.trim().is_empty()
                    || !d.mask_end.trim().is_empty()
            })
        {
            return None;
        }
        let dims: Option<Vec<Dim>> = self
            .form
            .dims
            .iter()
            .map(|d| {
                if is_name(&d.shape) {
                    Some(Dim::var(d.shape.trim()))
                } else {
                    d.shape.trim().parse().ok().map(Dim::fixed)
                }
            })
            .collect();
        let vars = self
            .form
            .symbols
            .iter()
            .map(|s| SymVar {
                name: s.name.clone(),
                min: s.min,
                max: s.max,
            })
            .collect();
        SymView::contiguous(dims?, vars).ok()
    }

    /// Takes what was typed for the offset (cut to 64 characters).
    pub fn set_offset(&mut self, text: &str) {
        let mut form = self.form.clone();
        form.offset = clip(text);
        self.set_form(form);
    }

    /// Blanks every stride, so the strides are row-major again and follow the sizes.
    pub fn make_contiguous(&mut self) {
        let mut form = self.form.clone();
        for dim in &mut form.dims {
            dim.stride.clear();
        }
        self.set_form(form);
    }

    /// Whether some stride was typed (so [`ViewEditor::make_contiguous`] changes something).
    pub fn has_typed_strides(&self) -> bool {
        self.form.dims.iter().any(|d| !d.stride.trim().is_empty())
    }

    /// Appends a size-2 dimension with a blank (row-major) stride.
    pub fn add_dim(&mut self) {
        if self.form.dims.len() >= MAX_RANK {
            return;
        }
        let mut form = self.form.clone();
        form.dims.push(DimRow {
            shape: "2".into(),
            ..DimRow::default()
        });
        self.set_form(form);
    }

    /// Removes dimension `row`.
    pub fn remove_dim(&mut self, row: usize) {
        if row >= self.form.dims.len() {
            return;
        }
        let mut form = self.form.clone();
        form.dims.remove(row);
        self.set_form(form);
    }

    /// Swaps dimension `row` with the one before it.
    pub fn move_up(&mut self, row: usize) {
        if row == 0 || row >= self.form.dims.len() {
            return;
        }
        let mut form = self.form.clone();
        form.dims.swap(row - 1, row);
        self.set_form(form);
    }
}

/// Which part of a symbol a field edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolPart {
    /// The least value.
    Min,
    /// The greatest value.
    Max,
    /// The value bound.
    Value,
}

impl SymbolPart {
    /// The part's name, in errors: `min`, `max`, `value`.
    pub fn as_str(self) -> &'static str {
        match self {
            SymbolPart::Min => "min",
            SymbolPart::Max => "max",
            SymbolPart::Value => "value",
        }
    }
}

/// Adds a symbol (range 1..=16, bound to 4) for every new name among the sizes and drops the
/// symbols no size uses any more.
fn sync_symbols(form: &mut ViewForm) {
    let names: Vec<String> = form
        .dims
        .iter()
        .filter(|d| is_name(&d.shape))
        .map(|d| d.shape.trim().to_string())
        .collect();
    form.symbols.retain(|s| names.contains(&s.name));
    for name in names {
        if !form.symbols.iter().any(|s| s.name == name) {
            form.symbols.push(Symbol {
                name,
                min: 1,
                max: 16,
                value: 4,
            });
        }
    }
}

fn clip(text: &str) -> String {
    text.chars().take(MAX_FIELD_CHARS).collect()
}

/// An integer as typed: optional sign, decimal digits, surrounding blanks ignored.
///
/// # Errors
/// What is wrong, in words: empty, not an integer, or too large for 64 bits.
pub fn parse_int(text: &str, what: &str) -> Result<i64, FieldError> {
    parse_whole(text, what, "a whole number")
}

/// [`parse_int`] saying what else the field takes where it says what a whole number is.
fn parse_whole(text: &str, what: &str, whole: &str) -> Result<i64, FieldError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(FieldError::rule(format!("{what} is empty")));
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FieldError::rule(format!(
            "{what} must be {whole}, not “{}”",
            shorten(text)
        )));
    }
    text.parse::<i64>()
        .map_err(|_| FieldError::rule(format!("{what} {} does not fit in 64 bits", shorten(text))))
}

fn shorten(text: &str) -> String {
    if text.chars().count() > 24 {
        format!("{}…", text.chars().take(24).collect::<String>())
    } else {
        text.to_string()
    }
}

impl ViewForm {
    /// The view the form describes.
    ///
    /// # Errors
    /// Every field that does not parse, then (if all parse) the engine's verdict, each placed at
    /// its row and field.
    pub fn parse(&self) -> Result<View, Vec<FormError>> {
        let mut errors = Vec::new();
        let mut at = |row: Option<usize>, field: Option<RowField>, error: FieldError| {
            errors.push(FormError { row, field, error })
        };
        let mut shape = Vec::new();
        let mut strides: Vec<Option<i64>> = Vec::new();
        let mut mask = Vec::new();
        for (row, dim) in self.dims.iter().enumerate() {
            let size = if is_name(&dim.shape) {
                let name = dim.shape.trim();
                match self.symbols.iter().find(|s| s.name == name) {
                    Some(symbol) => Some(symbol.value),
                    None => {
                        at(
                            Some(row),
                            Some(RowField::Shape),
                            FieldError::rule(format!("{name} has no range")),
                        );
                        None
                    }
                }
            } else {
                parse_whole(&dim.shape, "size", "a whole number or a name like N")
                    .map_err(|e| at(Some(row), Some(RowField::Shape), e))
                    .ok()
            };
            if let Some(size) = size.filter(|&s| s < 0) {
                at(
                    Some(row),
                    Some(RowField::Shape),
                    FieldError::rule(format!("size {size} is negative; a size must be >= 0")),
                );
            }
            shape.push(size.unwrap_or(0));
            strides.push(if dim.stride.trim().is_empty() {
                None
            } else {
                parse_int(&dim.stride, "stride")
                    .map_err(|m| at(Some(row), Some(RowField::Stride), m))
                    .ok()
            });
            let mut bound = |text: &str, field: RowField, default: i64| {
                if text.trim().is_empty() {
                    return default;
                }
                parse_int(text, "mask bound")
                    .map_err(|m| at(Some(row), Some(field), m))
                    .unwrap_or(default)
            };
            let begin = bound(&dim.mask_begin, RowField::MaskBegin, 0);
            let end = bound(&dim.mask_end, RowField::MaskEnd, size.unwrap_or(0));
            mask.push((begin, end));
        }
        let offset = parse_int(&self.offset, "offset")
            .map_err(|m| at(None, None, m))
            .unwrap_or(0);
        if !errors.is_empty() {
            return Err(errors);
        }
        let defaults = strides_for_shape(&shape).map_err(|e| vec![view_error(&e)])?;
        let strides: Vec<i64> = strides
            .iter()
            .zip(defaults)
            .map(|(given, default)| given.unwrap_or(default))
            .collect();
        View::create(&shape, Some(&strides), offset, Some(&mask)).map_err(|e| vec![view_error(&e)])
    }

    /// The rows that describe `view` exactly: every stride given, masks where it has one.
    pub fn of_view(view: &View) -> ViewForm {
        let dims = (0..view.rank())
            .map(|k| {
                let (mask_begin, mask_end) = match view.mask() {
                    Some(mask) => (mask[k].0.to_string(), mask[k].1.to_string()),
                    None => (String::new(), String::new()),
                };
                DimRow {
                    shape: view.shape()[k].to_string(),
                    stride: view.strides()[k].to_string(),
                    mask_begin,
                    mask_end,
                }
            })
            .collect();
        ViewForm {
            dims,
            offset: view.offset().to_string(),
            symbols: Vec::new(),
        }
    }

    /// `shape=3,4&strides=4,1&offset=0&mask=0:3,1:4`; blank fields stay blank between commas,
    /// parameters whose every entry is blank are left out.
    pub fn to_query(&self) -> String {
        let column =
            |f: &dyn Fn(&DimRow) -> String| self.dims.iter().map(f).collect::<Vec<_>>().join(",");
        let mut parts = vec![format!("shape={}", encode(&column(&|d| d.shape.clone())))];
        if self.dims.iter().any(|d| !d.stride.trim().is_empty()) {
            parts.push(format!(
                "strides={}",
                encode(&column(&|d| d.stride.clone()))
            ));
        }
        if self.offset.trim() != "0" {
            parts.push(format!("offset={}", encode(&self.offset)));
        }
        if self
            .dims
            .iter()
            .any(|d| !d.mask_begin.trim().is_empty() || !d.mask_end.trim().is_empty())
        {
            let ranges = column(&|d| format!("{}:{}", d.mask_begin, d.mask_end));
            parts.push(format!("mask={}", encode(&ranges)));
        }
        if !self.symbols.is_empty() {
            let symbols: Vec<String> = self
                .symbols
                .iter()
                .map(|s| format!("{}:{}:{}:{}", s.name, s.min, s.max, s.value))
                .collect();
            parts.push(format!("sym={}", encode(&symbols.join(","))));
        }
        parts.join("&")
    }

    /// The form a query describes; missing parameters are blank, unknown ones ignored, and a
    /// query without `shape` has the default form's. Never fails: bad text becomes field errors.
    pub fn from_query(query: &str) -> ViewForm {
        let mut shape = None;
        let (mut strides, mut offset, mut mask, mut sym) = (None, None, None, None);
        for pair in query.split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = percent_decode(value);
            match key {
                "shape" => shape = Some(value),
                "strides" => strides = Some(value),
                "offset" => offset = Some(value),
                "mask" => mask = Some(value),
                "sym" => sym = Some(value),
                _ => {}
            }
        }
        // a link leaves out what is the default, the shape included
        let shape = shape.unwrap_or_else(|| {
            let sizes: Vec<String> = ViewForm::default()
                .dims
                .into_iter()
                .map(|d| d.shape)
                .collect();
            sizes.join(",")
        });
        let split = |text: &Option<String>| -> Vec<String> {
            text.as_deref()
                .map(|t| t.split(',').map(clip).collect())
                .unwrap_or_default()
        };
        let (sizes, strides, masks) = (split(&Some(shape)), split(&strides), split(&mask));
        let dims = sizes
            .iter()
            .take(MAX_RANK)
            .enumerate()
            .filter(|(_, s)| !(sizes.len() == 1 && s.is_empty()))
            .map(|(row, size)| {
                let (begin, end) = masks
                    .get(row)
                    .and_then(|m| m.split_once(':'))
                    .unwrap_or(("", ""));
                DimRow {
                    shape: size.clone(),
                    stride: strides.get(row).cloned().unwrap_or_default(),
                    mask_begin: clip(begin),
                    mask_end: clip(end),
                }
            })
            .collect();
        let symbols = sym
            .unwrap_or_default()
            .split(',')
            .filter_map(|entry| {
                let parts: Vec<&str> = entry.split(':').collect();
                let [name, min, max, value] = parts.as_slice() else {
                    return None;
                };
                let (min, max, value) = (min.parse().ok()?, max.parse().ok()?, value.parse().ok()?);
                (is_name(name) && 1 <= min && min <= value && value <= max).then(|| Symbol {
                    name: name.to_string(),
                    min,
                    max,
                    value,
                })
            })
            .take(MAX_RANK)
            .collect();
        ViewForm {
            dims,
            offset: offset.map_or_else(|| "0".to_string(), |o| clip(&o)),
            symbols,
        }
    }
}

/// An engine error placed at its row and field.
fn view_error(error: &LayoutError) -> FormError {
    let (row, field) = match error {
        LayoutError::NegativeDim { axis, .. } => (Some(*axis), Some(RowField::Shape)),
        LayoutError::MaskOutOfRange {
            axis, begin, dim, ..
        } => {
            let field = if *begin < 0 || begin > dim {
                RowField::MaskBegin
            } else {
                RowField::MaskEnd
            };
            (Some(*axis), Some(field))
        }
        _ => (None, None),
    };
    FormError {
        row,
        field,
        error: error.clone().into(),
    }
}

/// Percent-encodes everything but `[A-Za-z0-9,:._-]`.
fn encode(text: &str) -> String {
    percent_encode(text, keep::VIEW)
}

#[cfg(test)]
mod tests;
