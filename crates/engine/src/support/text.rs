//! Lists written as `{:?}` writes them (`[1, 2]`, `[(0, 2), (1, 3)]`), without `Debug`: the
//! engine's error messages quote arguments this way, and the derived `Debug` machinery is
//! kilobytes of wasm the app would not otherwise carry. And the one text of a coordinate,
//! `(a,b)`, which cells, picture blocks and hover texts name it by.

use std::fmt::{Display, Write};

/// `[a, b, ...]`.
pub fn list<T: Display>(items: &[T]) -> String {
    let mut out = String::from("[");
    for (k, item) in items.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        out.push_str(&item.to_string());
    }
    out.push(']');
    out
}

/// `[(a, b), ...]`.
pub fn pairs<T: Display>(items: &[(T, T)]) -> String {
    let pairs: Vec<String> = items.iter().map(|(a, b)| format!("({a}, {b})")).collect();
    list(&pairs)
}

/// `(a,b,...)`: a coordinate as the grids name their cells (`data-coord`), the pictures their
/// blocks and the Morphisms page a cell's leaf coordinate.
pub fn coord_text(coord: &[i64]) -> String {
    let parts: Vec<String> = coord.iter().map(i64::to_string).collect();
    format!("({})", parts.join(","))
}

/// `"text"` with `"`, `\\` and control characters escaped, as `{:?}` quotes a string for plain
/// ASCII and everything else readable (`{:?}` also escapes Unicode's non-printable characters,
/// with tables the app would otherwise not carry).
pub fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_debug_writes_them() {
        let ints: [&[i64]; 3] = [&[], &[7], &[1, -2, 30]];
        for v in ints {
            assert_eq!(list(v), format!("{v:?}"));
        }
        let flags = [true, false];
        assert_eq!(list(&flags), format!("{flags:?}"));
        let ranges: [&[(i64, i64)]; 3] = [&[], &[(0, 2)], &[(0, 2), (-1, 3)]];
        for r in ranges {
            assert_eq!(pairs(r), format!("{r:?}"));
        }
    }

    #[test]
    fn coordinates_read_without_spaces() {
        assert_eq!(coord_text(&[1, 0, -2]), "(1,0,-2)");
        assert_eq!(coord_text(&[7]), "(7)");
        assert_eq!(coord_text(&[]), "()");
    }

    #[test]
    fn quoted_text_reads_as_debug_writes_it() {
        let texts = [
            "",
            "dark",
            "say \"hi\"",
            "a\\b",
            "tab\there",
            "line\n",
            "\u{1}\u{7f}",
            "√2 × π",
        ];
        for text in texts {
            assert_eq!(quoted(text), format!("{text:?}"));
        }
    }
}
