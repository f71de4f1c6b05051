//! Python's integer division, which tinygrad's view arithmetic relies on (floor, not truncate).

/// `a // b` rounding toward negative infinity; `b != 0`, and `(a, b) != (i64::MIN, -1)`: with
/// `b > 0` it never overflows (a rounded quotient is nearer 0 than `a`).
pub fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// `a % b` with the sign of `b` (Python); `b != 0`. Never overflows: the truncated remainder
/// and `b` have opposite signs where they are added.
pub fn floor_mod(a: i64, b: i64) -> i64 {
    let r = a.wrapping_rem(b);
    if r != 0 && ((r < 0) != (b < 0)) {
        r + b
    } else {
        r
    }
}

/// `a / b` rounded toward positive infinity; as [`floor_div`], `b != 0` and
/// `(a, b) != (i64::MIN, -1)`, and with `b > 0` it never overflows (`-(a // -b)` would, at
/// `a = i64::MIN` and `b = 1`).
pub fn ceil_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

/// [`floor_div`] of i128, for bounds of sums of i64 products. `b != 0`.
pub fn floor_div_wide(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// [`ceil_div`] of i128. `b != 0` and `b != i128::MIN`.
pub fn ceil_div_wide(a: i128, b: i128) -> i128 {
    -floor_div_wide(a, -b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_python() {
        // (a, b, a // b, a % b, ceildiv(a, b)) as Python computes them.
        for (a, b, q, r, c) in [
            (7, 2, 3, 1, 4),
            (-7, 2, -4, 1, -3),
            (7, -2, -4, -1, -3),
            (-7, -2, 3, -1, 4),
            (-1, 3, -1, 2, 0),
            (6, 3, 2, 0, 2),
        ] {
            assert_eq!(
                (floor_div(a, b), floor_mod(a, b), ceil_div(a, b)),
                (q, r, c),
                "{a} {b}"
            );
            let wide = (i128::from(a), i128::from(b));
            assert_eq!(
                (
                    floor_div_wide(wide.0, wide.1),
                    ceil_div_wide(wide.0, wide.1)
                ),
                (i128::from(q), i128::from(c)),
                "{a} {b}"
            );
        }
    }

    #[test]
    fn ceil_div_at_the_ends_of_i64_does_not_overflow() {
        assert_eq!(ceil_div(i64::MIN, 1), i64::MIN);
        assert_eq!(ceil_div(i64::MIN, 2), i64::MIN / 2);
        assert_eq!(ceil_div(i64::MAX, 2), i64::MAX / 2 + 1);
        assert_eq!(ceil_div(i64::MAX, i64::MAX), 1);
        assert_eq!(ceil_div(i64::MIN + 1, i64::MAX), -1);
        assert_eq!(floor_div(i64::MIN, 3), i64::MIN / 3 - 1);
        assert_eq!(floor_div(i64::MIN + 1, i64::MIN), 0);
    }

    #[test]
    fn floor_mod_at_the_ends_of_i64_does_not_overflow() {
        // Python: (-2**63 + 1) % 3 == 2, (-2**63) % 7 == 6, (2**63 - 1) % -5 == -3
        assert_eq!(floor_mod(i64::MIN + 1, 3), 2);
        assert_eq!(floor_mod(i64::MIN, 7), 6);
        assert_eq!(floor_mod(i64::MAX, -5), -3);
        assert_eq!(floor_mod(i64::MIN, -1), 0);
        for (a, b) in [
            (i64::MIN + 1, 3),
            (i64::MIN, 7),
            (i64::MAX, -5),
            (-7, 2),
            (7, -2),
        ] {
            let wide = i128::from(a) - floor_div_wide(i128::from(a), i128::from(b)) * i128::from(b);
            assert_eq!(i128::from(floor_mod(a, b)), wide, "{a} % {b}");
        }
    }
}
