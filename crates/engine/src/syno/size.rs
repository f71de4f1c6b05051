//! Symbolic sizes of Syno dimensions: `coefficient · Π variable^exponent`.
//!
//! This mirrors [`crate::view::symbolic::Dim`] and adds what Syno's shape semantics need and
//! `Dim` does not offer: exact division (Stride and Split divide a size), exponents (`H^2`) and a
//! parser for the palette's text fields. Variables are bound to positive values by
//! [`Size::value`]; every size a chain accepts is positive.

use crate::support::sorted::SortedMap;
use std::fmt;

use crate::error::{Field, LayoutError};
use crate::support::cursor::Cursor;

/// Values of the size variables, e.g. `{"H": 4}`.
pub type Bindings = SortedMap<String, i64>;

/// Longest size text [`Size::parse`] accepts.
pub const MAX_SIZE_CHARS: usize = 256;

/// `coefficient · Π variable^exponent`, e.g. `4`, `H`, `2·H^2·W`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size {
    coefficient: i64,
    variables: SortedMap<String, u32>,
}

impl Size {
    /// The static size `value`.
    pub fn new(value: i64) -> Size {
        Size {
            coefficient: value,
            variables: SortedMap::new(),
        }
    }

    /// The size variable `name` (coefficient 1, exponent 1).
    pub fn var(name: &str) -> Size {
        Size {
            coefficient: 1,
            variables: SortedMap::from([(name.to_string(), 1)]),
        }
    }

    /// The constant factor: `2` in `2·H^2·W`, the whole size when there is no variable.
    pub fn coefficient(&self) -> i64 {
        self.coefficient
    }

    /// The variables with their exponents, by name.
    pub fn variables(&self) -> &SortedMap<String, u32> {
        &self.variables
    }

    /// The value when the size has no variable: "a coefficient" in Syno's terms.
    pub fn as_coefficient(&self) -> Option<i64> {
        self.variables.is_empty().then_some(self.coefficient)
    }

    /// Whether every value of the size is positive (variables are bound to positive values).
    pub fn is_positive(&self) -> bool {
        self.coefficient >= 1
    }

    /// `self · other`.
    ///
    /// # Errors
    /// `Overflow` when the coefficient or an exponent does not fit.
    pub fn times(&self, other: &Size) -> Result<Size, LayoutError> {
        let overflow = LayoutError::Overflow {
            what: "a symbolic size",
        };
        let coefficient = self
            .coefficient
            .checked_mul(other.coefficient)
            .ok_or(overflow.clone())?;
        let mut variables = self.variables.clone();
        for (name, &exponent) in &other.variables {
            let entry = variables.entry(name.clone()).or_insert(0);
            *entry = entry.checked_add(exponent).ok_or(overflow.clone())?;
        }
        Ok(Size {
            coefficient,
            variables,
        })
    }

    /// `self / divisor` when it is a monomial again: the coefficient divides and no exponent
    /// goes negative. `None` otherwise (e.g. `6·H / 4`, `H / W`), since the quotient would
    /// hold only for some values of the variables.
    pub fn exact_div(&self, divisor: &Size) -> Option<Size> {
        if divisor.coefficient < 1 || self.coefficient % divisor.coefficient != 0 {
            return None;
        }
        let mut variables = self.variables.clone();
        for (name, &exponent) in &divisor.variables {
            let have = variables.get(name).copied().unwrap_or(0);
            let left = have.checked_sub(exponent)?;
            if left == 0 {
                variables.remove(name);
            } else {
                variables.insert(name.clone(), left);
            }
        }
        Some(Size {
            coefficient: self.coefficient / divisor.coefficient,
            variables,
        })
    }

    /// `self^exponent`.
    ///
    /// # Errors
    /// `Overflow` when the coefficient or an exponent does not fit.
    pub fn power(&self, exponent: u32) -> Result<Size, LayoutError> {
        let overflow = LayoutError::Overflow {
            what: "a symbolic size",
        };
        let coefficient = self
            .coefficient
            .checked_pow(exponent)
            .ok_or(overflow.clone())?;
        let mut variables = SortedMap::new();
        for (name, &e) in &self.variables {
            variables.insert(
                name.clone(),
                e.checked_mul(exponent).ok_or(overflow.clone())?,
            );
        }
        if exponent == 0 {
            variables.clear();
        }
        Ok(Size {
            coefficient,
            variables,
        })
    }

    /// The value with every variable bound.
    ///
    /// # Errors
    /// `BadArgument` for an unbound variable or a value below 1; `Overflow`.
    pub fn value(&self, bindings: &Bindings) -> Result<i64, LayoutError> {
        let mut result = self.coefficient;
        for (name, &exponent) in &self.variables {
            let value = match bindings.get(name) {
                Some(&v) if v >= 1 => v,
                found => {
                    return Err(LayoutError::BadArgument {
                        op: "bind",
                        arg: found.map_or_else(|| name.clone(), |v| format!("{name} = {v}")),
                        expected: format!("a value >= 1 for {name}"),
                    })
                }
            };
            result = value
                .checked_pow(exponent)
                .and_then(|power| result.checked_mul(power))
                .ok_or(LayoutError::Overflow {
                    what: "a bound size",
                })?;
        }
        Ok(result)
    }

    /// Parses `4`, `H`, `2*H^2*W` or `2·H·H` (`*` and `·` both multiply).
    ///
    /// # Errors
    /// `Parse` (field `Shape`) with the position of the first unexpected character; `Overflow`.
    pub fn parse(text: &str) -> Result<Size, LayoutError> {
        let mut cursor = Cursor::new(text);
        if text.chars().count() > MAX_SIZE_CHARS {
            return Err(cursor.error(Field::Shape, format!("at most {MAX_SIZE_CHARS} characters")));
        }
        let mut size = Size::new(1);
        loop {
            let factor = match cursor.peek() {
                Some(c) if c.is_ascii_digit() => {
                    let start = cursor.pos;
                    let digits = cursor.digits_from(start);
                    match digits.parse::<i64>() {
                        Ok(v) => Size::new(v),
                        Err(_) => {
                            cursor.pos = start;
                            return Err(cursor.error(Field::Shape, "a number that fits in 64 bits"));
                        }
                    }
                }
                Some(c) if c.is_alphabetic() || c == '_' => {
                    let start = cursor.pos;
                    while cursor
                        .chars
                        .get(cursor.pos)
                        .is_some_and(|c| c.is_alphanumeric() || *c == '_')
                    {
                        cursor.pos += 1;
                    }
                    let name: String = cursor.chars[start..cursor.pos].iter().collect();
                    Size::var(&name)
                }
                _ => return Err(cursor.error(Field::Shape, "a number or a size variable")),
            };
            let exponent = if cursor.eat('^') {
                cursor.skip_space();
                let start = cursor.pos;
                match cursor.digits_from(start).parse::<u32>() {
                    Ok(e) if e >= 1 => e,
                    _ => {
                        cursor.pos = start;
                        return Err(cursor.error(Field::Shape, "an exponent >= 1"));
                    }
                }
            } else {
                1
            };
            size = size.times(&factor.power(exponent)?)?;
            if !(cursor.eat('*') || cursor.eat('·')) {
                break;
            }
        }
        if cursor.peek().is_some() {
            return Err(cursor.error(Field::Shape, "`*` or the end"));
        }
        Ok(size)
    }
}

impl fmt::Display for Size {
    /// `4`, `H`, `4·H`, `H^2·W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if self.coefficient != 1 || self.variables.is_empty() {
            parts.push(self.coefficient.to_string());
        }
        for (name, &exponent) in &self.variables {
            parts.push(if exponent == 1 {
                name.clone()
            } else {
                format!("{name}^{exponent}")
            });
        }
        write!(f, "{}", parts.join("·"))
    }
}

impl From<i64> for Size {
    fn from(value: i64) -> Size {
        Size::new(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check_parse(text: &str, expect: &str) {
        let size = Size::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(size.to_string(), expect, "{text}");
        assert_eq!(
            Size::parse(&size.to_string()),
            Ok(size),
            "round trip of {text}"
        );
    }

    #[test]
    fn parses_and_renders() {
        check_parse("4", "4");
        check_parse("H", "H");
        check_parse("2*H^2 * W", "2·H^2·W");
        check_parse("2·H·H", "2·H^2");
        check_parse("3 * 4", "12");
        check_parse("1^4000000000 * H^4000000000", "H^4000000000");
        check_parse("2^3*H^2", "8·H^2");
        for bad in ["", "*", "H^0", "H^", "2 H", "99999999999999999999", "H*"] {
            assert!(
                matches!(
                    Size::parse(bad),
                    Err(LayoutError::Parse {
                        field: Field::Shape,
                        ..
                    })
                ),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn exact_division_is_monomial_division() {
        let h2w = Size::parse("6*H^2*W").unwrap();
        assert_eq!(
            h2w.exact_div(&Size::parse("3*H").unwrap()),
            Size::parse("2*H*W").ok()
        );
        assert_eq!(h2w.exact_div(&Size::new(4)), None, "4 does not divide 6");
        assert_eq!(h2w.exact_div(&Size::var("N")), None, "no N to divide by");
        assert_eq!(h2w.exact_div(&Size::new(0)), None);
        let product = Size::new(3).times(&Size::var("W")).unwrap();
        assert_eq!(product.exact_div(&Size::var("W")), Some(Size::new(3)));
        assert_eq!(product.as_coefficient(), None);
        assert_eq!(Size::new(5).as_coefficient(), Some(5));
    }

    #[test]
    fn binding() {
        let size = Size::parse("2*H^2").unwrap();
        let bound = Bindings::from([("H".to_string(), 3)]);
        assert_eq!(size.value(&bound), Ok(18));
        assert!(matches!(
            size.value(&Bindings::new()),
            Err(LayoutError::BadArgument { .. })
        ));
        let zero = Bindings::from([("H".to_string(), 0)]);
        assert!(matches!(
            size.value(&zero),
            Err(LayoutError::BadArgument { .. })
        ));
        let huge = Bindings::from([("H".to_string(), i64::MAX)]);
        assert_eq!(
            size.value(&huge),
            Err(LayoutError::Overflow {
                what: "a bound size"
            })
        );
        assert!(Size::new(i64::MAX).times(&Size::new(2)).is_err());
        assert!(Size::parse("2^64").is_err());
        let tall = Size::parse("H^4000000000").unwrap();
        let one = Bindings::from([("H".to_string(), 1)]);
        assert_eq!(
            tall.value(&one),
            Ok(1),
            "by powers, not 4·10^9 multiplications"
        );
        assert!(tall.value(&bound).is_err());
    }
}
