//! Swizzles as F2-linear maps: a swizzle XORs address bits, so on the low `n` bits of an offset
//! it is an `n × n` matrix over F2 (row k: the input bits whose XOR is output bit k). Swizzles
//! compose as their matrices multiply; the composite is linear but not always a swizzle.

use std::fmt;

use crate::LayoutError;

use super::Swizzle;

/// Most address bits a matrix covers.
pub const MAX_MATRIX_BITS: u32 = 62;

/// An F2-linear map on the low `bits` bits of an offset; higher bits pass through.
///
/// Invariant: `rows.len() == bits`, each row a mask below `1 << bits`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BitMatrix {
    bits: u32,
    /// `rows[k]`: the mask of input bits XORed into output bit k.
    rows: Vec<i64>,
}

impl BitMatrix {
    /// The identity on `bits` bits.
    ///
    /// # Errors
    /// [`LayoutError::BadArgument`] for more than 62 bits.
    pub fn identity(bits: u32) -> Result<BitMatrix, LayoutError> {
        if bits > MAX_MATRIX_BITS {
            return Err(LayoutError::BadArgument {
                op: "bit matrix",
                arg: format!("{bits} bits"),
                expected: format!("at most {MAX_MATRIX_BITS} address bits"),
            });
        }
        Ok(BitMatrix {
            bits,
            rows: (0..bits).map(|k| 1i64 << k).collect(),
        })
    }

    /// `sw` on the low `bits` bits: output bit `M - min(0,S) + j` also reads input bit
    /// `M + max(0,S) + j` for `j < B`.
    ///
    /// # Errors
    /// As [`BitMatrix::identity`]; also when `bits` is below the swizzle's span
    /// (`B + M + |S|`), which would cut a source or target bit.
    pub fn of_swizzle(sw: Swizzle, bits: u32) -> Result<BitMatrix, LayoutError> {
        let span = sw.bits() + sw.base() + sw.shift().abs();
        if i64::from(bits) < span {
            return Err(LayoutError::BadArgument {
                op: "bit matrix",
                arg: format!("{sw} on {bits} bits"),
                expected: format!("at least {span} bits (B + M + |S|)"),
            });
        }
        let mut matrix = BitMatrix::identity(bits)?;
        for j in 0..sw.bits() {
            let source = sw.base() + sw.shift().max(0) + j;
            let target = sw.base() - sw.shift().min(0) + j;
            matrix.rows[target as usize] |= 1i64 << source;
        }
        Ok(matrix)
    }

    /// The low bits the matrix acts on; bits from `bits` up pass through.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The input bits output bit `k` XORs, ascending.
    pub fn sources(&self, k: u32) -> Vec<u32> {
        let row = self.rows.get(k as usize).copied().unwrap_or(1i64 << k);
        (0..self.bits).filter(|&j| row >> j & 1 == 1).collect()
    }

    /// The map on an offset: the low bits through the matrix, the rest unchanged.
    pub fn apply(&self, offset: i64) -> i64 {
        let low_mask = (1i64 << self.bits) - 1;
        let mut out = offset & !low_mask;
        for (k, &row) in self.rows.iter().enumerate() {
            let parity = (offset & row).count_ones() & 1;
            out |= i64::from(parity) << k;
        }
        out
    }

    /// `self ∘ inner`: `(self ∘ inner)(x) = self(inner(x))`, on the wider of the two.
    ///
    /// # Errors
    /// Never for matrices this type builds; kept for the width check.
    pub fn compose(&self, inner: &BitMatrix) -> Result<BitMatrix, LayoutError> {
        let bits = self.bits.max(inner.bits);
        let widen = |m: &BitMatrix| -> Result<Vec<i64>, LayoutError> {
            let mut rows = BitMatrix::identity(bits)?.rows;
            rows[..m.rows.len()].copy_from_slice(&m.rows);
            Ok(rows)
        };
        let (outer, inner) = (widen(self)?, widen(inner)?);
        // output bit k = XOR of inner's outputs j in outer's row k
        let rows = outer
            .iter()
            .map(|&row| {
                (0..bits as usize)
                    .filter(|&j| row >> j & 1 == 1)
                    .fold(0i64, |acc, j| acc ^ inner[j])
            })
            .collect();
        Ok(BitMatrix { bits, rows })
    }
}

impl fmt::Display for BitMatrix {
    /// One line per output bit, highest first: `b7 = b7 ^ b10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for k in (0..self.bits).rev() {
            let sources: Vec<String> = self.sources(k).iter().map(|j| format!("b{j}")).collect();
            writeln!(f, "b{k} = {}", sources.join(" ^ "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sw(b: i64, m: i64, s: i64) -> Swizzle {
        Swizzle::new(b, m, s).unwrap()
    }

    #[track_caller]
    fn check_sources(swizzle: Swizzle, bits: u32, expect: &[(u32, &[u32])]) {
        let matrix = BitMatrix::of_swizzle(swizzle, bits).unwrap();
        for &(k, sources) in expect {
            assert_eq!(matrix.sources(k), sources, "{swizzle} bit {k}");
        }
    }

    #[test]
    fn a_swizzle_is_a_matrix_of_xors() {
        // Sw<3,4,3>: bits 7,8,9 into 4,5,6
        check_sources(
            sw(3, 4, 3),
            10,
            &[
                (3, &[3]),
                (4, &[4, 7]),
                (5, &[5, 8]),
                (6, &[6, 9]),
                (7, &[7]),
            ],
        );
        // negative shift: bit 0 into bit 2
        check_sources(sw(1, 0, -2), 3, &[(0, &[0]), (2, &[0, 2])]);
        let m = BitMatrix::of_swizzle(sw(1, 0, 1), 2).unwrap();
        assert_eq!(m.to_string(), "b1 = b1\nb0 = b0 ^ b1\n");
        assert!(BitMatrix::of_swizzle(sw(3, 4, 3), 9).is_err());
        assert!(BitMatrix::identity(63).is_err());
    }

    #[test]
    fn the_matrix_agrees_with_the_swizzle_and_composes_as_functions() {
        let pairs = [
            (sw(3, 4, 3), sw(2, 1, 3)),
            (sw(1, 0, -2), sw(3, 0, 3)),
            (sw(5, 0, 5), sw(5, 0, 5)),
        ];
        for (outer, inner) in pairs {
            let a = BitMatrix::of_swizzle(outer, 12).unwrap();
            let b = BitMatrix::of_swizzle(inner, 10).unwrap();
            let ab = a.compose(&b).unwrap();
            for x in 0..1 << 13 {
                assert_eq!(a.apply(x), outer.apply(x), "{outer} at {x}");
                assert_eq!(b.apply(x), inner.apply(x), "{inner} at {x}");
                assert_eq!(
                    ab.apply(x),
                    outer.apply(inner.apply(x)),
                    "{outer} ∘ {inner} at {x}"
                );
            }
        }
        // a swizzle is its own inverse: sw ∘ sw is the identity
        let m = BitMatrix::of_swizzle(sw(3, 4, 3), 10).unwrap();
        assert_eq!(m.compose(&m).unwrap(), BitMatrix::identity(10).unwrap());
    }
}
