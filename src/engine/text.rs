//! Lists written as `{:?}` writes them (`[1, 2]`, `[(0, 2), (1, 3)]`), without `Debug`: the
//! engine's error messages quote arguments this way, and the derived `Debug` machinery is
//! kilobytes of wasm the app would not otherwise carry.

use std::fmt::Display;

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
}
