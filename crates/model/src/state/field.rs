//! One form field for every page: the text as typed, the last value that parsed, and why the
//! text does not parse ([`Parsed`]); and the typed error a field shows ([`FieldError`]).
//!
//! A field's error keeps the engine's structured error where the engine gave one, so callers
//! other than the app (the CLI, bindings) can read the offending value and what was expected;
//! its text is made only where it is shown.

use std::fmt;

use engine::cute::pycute::convert::NoConversion;
use engine::syno::SynoError;
use engine::LayoutError;

/// Why what was typed makes nothing. [`fmt::Display`] gives the message the page shows.
///
/// The engine's errors are boxed, so a `Result<_, FieldError>` stays small.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldError {
    /// The engine refused the input, as it says it.
    Layout(Box<LayoutError>),
    /// The Syno chain builder refused a step.
    Syno(Box<SynoError>),
    /// A view that is no CuTe layout, or a layout that is no view.
    Conversion(NoConversion),
    /// The engine refused operation `op` on the operands: shown as "`op` needs `expected`"
    /// for a bad argument (the condition it breaks), "`op`: `error`" otherwise.
    Needs {
        /// The operation the engine refused, as the message names it: `logical divide`.
        op: String,
        /// The engine's error; a `BadArgument`'s `expected` is the condition shown.
        error: Box<LayoutError>,
    },
    /// An error of a part of the input, said with where it is: "`context`: `error`".
    In {
        /// Which part of the input, as the message names it: `B`, `line 3`.
        context: String,
        /// The part's own error.
        error: Box<FieldError>,
    },
    /// A rule of the page's own, in words.
    Rule(String),
}

impl FieldError {
    /// A rule of the page's own, in words.
    pub fn rule(message: impl Into<String>) -> FieldError {
        FieldError::Rule(message.into())
    }

    /// The engine's refusal of operation `op`: "`op` needs `expected`".
    pub fn needs(op: impl Into<String>, error: LayoutError) -> FieldError {
        FieldError::Needs {
            op: op.into(),
            error: Box::new(error),
        }
    }

    /// This error said of a part of the input: "`context`: `self`".
    pub fn within(self, context: impl Into<String>) -> FieldError {
        FieldError::In {
            context: context.into(),
            error: Box::new(self),
        }
    }

    /// The engine's structured error under this one, where the engine gave one.
    pub fn layout_error(&self) -> Option<&LayoutError> {
        match self {
            FieldError::Layout(error) | FieldError::Needs { error, .. } => Some(error),
            FieldError::Syno(error) => match error.as_ref() {
                SynoError::Layout(error) => Some(error),
                SynoError::Rejected { .. } => None,
            },
            FieldError::In { error, .. } => error.layout_error(),
            FieldError::Conversion(_) | FieldError::Rule(_) => None,
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldError::Layout(error) => error.fmt(f),
            FieldError::Syno(error) => error.fmt(f),
            FieldError::Conversion(error) => error.fmt(f),
            FieldError::Needs { op, error } => match error.as_ref() {
                LayoutError::BadArgument { expected, .. } => write!(f, "{op} needs {expected}"),
                error => write!(f, "{op}: {error}"),
            },
            FieldError::In { context, error } => write!(f, "{context}: {error}"),
            FieldError::Rule(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for FieldError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FieldError::Layout(error) | FieldError::Needs { error, .. } => Some(error.as_ref()),
            FieldError::Syno(error) => Some(error.as_ref()),
            FieldError::In { error, .. } => Some(error.as_ref()),
            FieldError::Conversion(_) | FieldError::Rule(_) => None,
        }
    }
}

impl From<LayoutError> for FieldError {
    fn from(error: LayoutError) -> FieldError {
        FieldError::Layout(Box::new(error))
    }
}

impl From<SynoError> for FieldError {
    fn from(error: SynoError) -> FieldError {
        FieldError::Syno(Box::new(error))
    }
}

impl From<NoConversion> for FieldError {
    fn from(error: NoConversion) -> FieldError {
        FieldError::Conversion(error)
    }
}

/// A form field: the text as typed, the last value that parsed, and why the text as typed does
/// not parse. Text that does not parse keeps the last value, so the page goes on showing it.
///
/// `Parsed<()>` is a field whose text is read together with other fields' (a form whose value
/// is made of several fields, a paste box that loads other fields): its value lives with the
/// whole, and the whole places its errors with [`Parsed::set_error`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed<T> {
    text: String,
    value: T,
    error: Option<FieldError>,
    /// Longest text kept; what is typed beyond it is cut.
    max_chars: usize,
}

impl<T> Parsed<T> {
    /// A field showing `value` as `text`, without error, keeping any length of text.
    pub fn valid(text: impl Into<String>, value: T) -> Parsed<T> {
        Parsed {
            text: text.into(),
            value,
            error: None,
            max_chars: usize::MAX,
        }
    }

    /// The same field keeping at most `max_chars` characters of what is typed (one more than
    /// the parser takes lets the parser say the text is too long).
    pub fn max_chars(mut self, max_chars: usize) -> Parsed<T> {
        self.max_chars = max_chars;
        self
    }

    /// The text as typed (cut to the field's length).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The last value that parsed.
    pub fn value(&self) -> &T {
        &self.value
    }

    /// Why the text as typed makes nothing; `None` while it is good.
    pub fn error(&self) -> Option<&FieldError> {
        self.error.as_ref()
    }

    /// Whether the text as typed parses (no error).
    pub fn is_valid(&self) -> bool {
        self.error.is_none()
    }

    /// Takes what was typed: a text that parses replaces the value and clears the error;
    /// otherwise the error says why and the last value stays.
    pub fn set(&mut self, text: &str, parse: impl FnOnce(&str) -> Result<T, FieldError>) {
        self.set_text(text);
        let parsed = parse(&self.text);
        self.keep(parsed);
    }

    /// Parses the text again, as [`Parsed::set`] does (what it depends on besides its text
    /// changed).
    pub fn reparse(&mut self, parse: impl FnOnce(&str) -> Result<T, FieldError>) {
        let parsed = parse(&self.text);
        self.keep(parsed);
    }

    /// A value that parsed replaces the last one and clears the error; an error is kept
    /// beside the last value. Apart from the parsers, so one copy serves every parser of `T`.
    #[inline(never)]
    fn keep(&mut self, parsed: Result<T, FieldError>) {
        match parsed {
            Ok(value) => {
                self.value = value;
                self.error = None;
            }
            Err(error) => self.error = Some(error),
        }
    }

    /// Takes what was typed without parsing it: for a field read together with others, which
    /// then place the errors. The error stays until they do.
    pub fn set_text(&mut self, text: &str) {
        self.text = cut(text, self.max_chars);
    }

    /// Replaces the text and the value with a valid pair (a value chosen elsewhere, shown in
    /// the field), clearing the error.
    pub fn load(&mut self, text: impl Into<String>, value: T) {
        self.text = text.into();
        self.value = value;
        self.error = None;
    }

    /// Places (or clears) an error found with other fields; the value stays.
    pub fn set_error(&mut self, error: Option<FieldError>) {
        self.error = error;
    }
}

/// The first `max_chars` characters of `text`.
#[inline(never)]
fn cut(text: &str, max_chars: usize) -> String {
    text.chars().take(max_chars).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Field;

    fn number(text: &str) -> Result<i64, FieldError> {
        text.trim()
            .parse()
            .map_err(|_| FieldError::rule(format!("“{text}” is not a whole number")))
    }

    #[test]
    fn bad_text_keeps_the_last_value_and_says_why() {
        let mut field = Parsed::valid("4", 4);
        field.set("x", number);
        assert_eq!((field.text(), *field.value()), ("x", 4));
        assert_eq!(
            field.error().map(ToString::to_string).as_deref(),
            Some("“x” is not a whole number")
        );
        assert!(!field.is_valid());
        field.set(" 7", number);
        assert_eq!(
            (field.text(), *field.value(), field.error()),
            (" 7", 7, None)
        );
    }

    #[test]
    fn typed_text_is_cut_to_the_field_length_before_it_is_parsed() {
        let mut field = Parsed::valid("1", 1).max_chars(3);
        field.set("123456", |t| {
            assert_eq!(t, "123");
            number(t)
        });
        assert_eq!((field.text(), *field.value()), ("123", 123));
        field.set_text("98765");
        assert_eq!((field.text(), *field.value()), ("987", 123));
        field.reparse(number);
        assert_eq!(*field.value(), 987);
    }

    #[test]
    fn errors_from_other_fields_and_loaded_values() {
        let mut field = Parsed::valid("2", 2);
        field.set_error(Some(FieldError::rule("bigger than max")));
        assert_eq!(
            *field.value(),
            2,
            "an error placed from outside keeps the value"
        );
        assert!(field.error().is_some());
        field.load("5", 5);
        assert_eq!(
            (field.text(), *field.value(), field.error()),
            ("5", 5, None)
        );
    }

    #[test]
    fn messages_are_the_engines_with_the_pages_words_around_them() {
        let bad = LayoutError::BadArgument {
            op: "composition",
            arg: "4:2".into(),
            expected: "B's shape to divide A's".into(),
        };
        let overflow = LayoutError::Overflow { what: "size" };
        assert_eq!(
            FieldError::needs("logical divide", bad.clone()).to_string(),
            "logical divide needs B's shape to divide A's"
        );
        assert_eq!(
            FieldError::needs("complement", overflow.clone()).to_string(),
            "complement: size does not fit in 64 bits"
        );
        let placed = FieldError::from(overflow.clone()).within("B");
        assert_eq!(placed.to_string(), "B: size does not fit in 64 bits");
        assert_eq!(placed.layout_error(), Some(&overflow));
        assert_eq!(
            FieldError::from(bad.clone()).to_string(),
            bad.to_string(),
            "the engine's error as the engine says it"
        );
        assert_eq!(FieldError::rule("no").layout_error(), None);
        let parse = LayoutError::Parse {
            field: Field::View,
            input: "(4,".into(),
            position: 3,
            expected: "a number".into(),
        };
        let syno = FieldError::from(SynoError::Layout(parse.clone()));
        assert_eq!(syno.to_string(), parse.to_string());
        assert_eq!(syno.layout_error(), Some(&parse));
        let conversion = FieldError::from(NoConversion::Offset { offset: 2 });
        assert!(conversion.to_string().contains("offset 2"));
        assert!(std::error::Error::source(&placed).is_some());
    }
}
