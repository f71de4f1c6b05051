//! The position in a text being parsed, shared by the engine's notations (CuTe layouts,
//! morphisms, tinygrad reprs, index expressions): whitespace is skipped before each token and
//! errors carry the character position.

use crate::error::{Field, LayoutError};

pub(crate) struct Cursor<'a> {
    pub(crate) chars: Vec<char>,
    /// Index into `chars` of the next character.
    pub(crate) pos: usize,
    pub(crate) text: &'a str,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            chars: text.chars().collect(),
            pos: 0,
            text,
        }
    }

    /// A parse error at the current position.
    pub(crate) fn error(&self, field: Field, expected: impl Into<String>) -> LayoutError {
        LayoutError::Parse {
            field,
            input: self.text.to_string(),
            position: self.pos,
            expected: expected.into(),
        }
    }

    pub(crate) fn skip_space(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    /// The next character after whitespace, not consumed.
    pub(crate) fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.chars.get(self.pos).copied()
    }

    /// Consumes `c` when it is the next character after whitespace.
    pub(crate) fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Advances over ASCII digits and returns the text from `start` (which may include a sign
    /// already consumed) to the new position.
    pub(crate) fn digits_from(&mut self, start: usize) -> String {
        while self.chars.get(self.pos).is_some_and(char::is_ascii_digit) {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }
}
