//! Triton's `supremum` (`LayoutUtils.cpp`): the order of two layouts' dimensions in their
//! product.

/// Every name of `x` and of `y` once, each list's names in its own order where the two agree;
/// where both allow either, `x`'s next name first unless `y` needs it later than `x` needs
/// `y`'s. Triton's `operator*` takes this order and checks nothing more: where the orders
/// disagree, `x`'s wins.
pub(super) fn supremum<'a>(x: &[&'a str], y: &[&'a str]) -> Vec<&'a str> {
    let position = |list: &[&str], name: &str| list.iter().position(|n| *n == name);
    let mut result: Vec<&str> = Vec::with_capacity(x.len() + y.len());
    let (mut i, mut j) = (0, 0);
    loop {
        while i < x.len() && result.contains(&x[i]) {
            i += 1;
        }
        while j < y.len() && result.contains(&y[j]) {
            j += 1;
        }
        if i >= x.len() && j >= y.len() {
            return result;
        }
        if i < x.len() && j < y.len() && x[i] == y[j] {
            result.push(x[i]);
            i += 1;
            j += 1;
            continue;
        }
        // where each list's next name appears later in the other list, if it does
        let in_y = (i < x.len())
            .then(|| position(y, x[i]))
            .flatten()
            .filter(|&p| p >= j);
        let in_x = (j < y.len())
            .then(|| position(x, y[j]))
            .flatten()
            .filter(|&p| p >= i);
        let take_x = match (i < x.len(), j < y.len()) {
            (true, false) => true,
            (false, _) => false,
            (true, true) => match (in_y, in_x) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(a), Some(b)) => a <= b,
            },
        };
        if take_x {
            result.push(x[i]);
            i += 1;
        } else {
            result.push(y[j]);
            j += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::supremum;

    #[test]
    fn names_merge_in_both_orders() {
        assert_eq!(supremum(&["a", "b"], &["b", "c"]), ["a", "b", "c"]);
        // a name only the second list has comes before a common one it precedes
        assert_eq!(supremum(&["dim1"], &["dim0", "dim1"]), ["dim0", "dim1"]);
        assert_eq!(supremum(&["a"], &["b"]), ["a", "b"]);
        assert_eq!(supremum(&[], &["b", "a"]), ["b", "a"]);
        // orders that disagree: the first list's
        assert_eq!(supremum(&["row", "col"], &["col", "row"]), ["row", "col"]);
    }
}
