//! How page state lives in the URL: the percent-encoding of query values, and the one trait
//! every page's state implements to be written to and read from its query.

use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

/// What a value may keep unencoded besides ASCII letters and digits: each notation keeps the
/// punctuation it is written with, so a link reads in the address bar as typed.
pub mod keep {
    use super::{AsciiSet, NON_ALPHANUMERIC};

    /// Sizes, strides and ops of the Views page's base view (`3,4`, `0.5`).
    pub const VIEW: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b',')
        .remove(b':')
        .remove(b'.')
        .remove(b'_')
        .remove(b'-');
    /// An op list (`permute:1,0;reshape:3,2`, `pad:(1,1)`).
    pub const OPS: &AsciiSet = &VIEW.remove(b';').remove(b'(').remove(b')').remove(b'=');
    /// A CuTe layout (`((4,4),4):((16,1),4)`).
    pub const LAYOUT: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b',')
        .remove(b':')
        .remove(b'(')
        .remove(b')');
    /// A morphism (`(4,4) --(1,3)--> (4,2,4)`, `*` for unmapped) or a cotarget.
    pub const MORPHISM: &AsciiSet = &LAYOUT.remove(b'*');
    /// A workbench operand (a layout or a by-mode tiler, `_` for CuTe's underscore).
    pub const OPERAND: &AsciiSet = &LAYOUT.remove(b'_');
    /// A Syno program, one statement per `;`.
    pub const PROGRAM: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b' ')
        .remove(b',')
        .remove(b';')
        .remove(b'|')
        .remove(b'=')
        .remove(b'*')
        .remove(b'_')
        .remove(b'-');
    /// A Triton layout: its MLIR attribute, Gluon constructor or tensor type (`#`, `&`, spaces,
    /// braces and angle brackets are encoded).
    pub const TRITON: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b',')
        .remove(b'[')
        .remove(b']')
        .remove(b'=')
        .remove(b'_')
        .remove(b'.')
        .remove(b':');
    /// A data URL's text (exported files).
    pub const DATA: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b' ')
        .remove(b'=')
        .remove(b':')
        .remove(b'/')
        .remove(b'"')
        .remove(b',')
        .remove(b'.')
        .remove(b'-');
}

/// A page's whole state as its permalink query (what follows `?` in the fragment): a link
/// reopens what it showed, and undo, history and autosave keep states as these queries.
pub trait PageState: Sized {
    /// The state as a query: `key=value` pairs joined by `&`, values percent-encoded.
    fn to_query(&self) -> String;

    /// The state a query describes, and what of the query was left out because it could not
    /// be read (each entry names the part and why); a bad value keeps the default and shows its
    /// error in its field.
    fn read_query(query: &str) -> (Self, Vec<String>);
}

/// Percent-encodes every byte but ASCII letters, digits and what `keep` leaves out
/// (upper-case hex, as `encodeURIComponent` writes it).
pub fn percent_encode(text: &str, keep: &'static AsciiSet) -> String {
    utf8_percent_encode(text, keep).to_string()
}

/// The inverse of [`percent_encode`], with `+` read as a space (as forms write it); a `%` not
/// followed by two hex digits is kept as typed, and invalid UTF-8 replaced.
pub fn percent_decode(text: &str) -> String {
    percent_decode_str(&text.replace('+', " "))
        .decode_utf8_lossy()
        .into_owned()
}

/// The decoded value of `key` in `query` (`a=1&key=value`), its first `max_chars` characters;
/// `None` when the query has no such key.
pub fn query_value(query: &str, key: &str, max_chars: usize) -> Option<String> {
    query
        .split('&')
        .find_map(|p| p.strip_prefix(key)?.strip_prefix('='))
        .map(|t| percent_decode(t).chars().take(max_chars).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_keeps_letters_digits_and_the_notations_punctuation() {
        assert_eq!(percent_encode("(4,2):(2,1)", keep::LAYOUT), "(4,2):(2,1)");
        assert_eq!(
            percent_encode("(4,2):(2,1)", NON_ALPHANUMERIC),
            "%284%2C2%29%3A%282%2C1%29"
        );
        assert_eq!(percent_encode("a b;ö", keep::PROGRAM), "a b;%C3%B6");
        assert_eq!(percent_encode("a b;ö", keep::LAYOUT), "a%20b%3B%C3%B6");
    }

    #[test]
    fn decoding_inverts_encoding_and_keeps_what_is_malformed() {
        for text in ["", "(4,2):(2,1)", "a b;ö+%", "100%", "%zz%4", "\u{1F600}"] {
            assert_eq!(
                percent_decode(&percent_encode(text, NON_ALPHANUMERIC)),
                text
            );
        }
        assert_eq!(percent_decode("a+b%2Bc"), "a b+c");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
        assert_eq!(percent_decode("%FF"), "\u{FFFD}");
    }
}
