//! Who holds each element of a tensor under a distributed linear layout: the inverse image of
//! every coordinate, found by walking the inputs once (`L(x)` for every `x`), so a layout that
//! broadcasts (not injective) lists every (register, lane, warp, block) holding an element.

use std::fmt::Write;

use crate::LayoutError;

use super::layout::LinearLayout;

/// The inputs of a linear layout that reach each element of its output.
///
/// Inputs are numbered by their bits in the layout's input order, the first dimension minor:
/// for `register, lane, warp, block`, input `x` is `register = x mod R`, `lane = x / R mod 32`,
/// and so on, so increasing `x` is by block, then warp, then lane, then register. Elements are
/// numbered row-major over the output dimensions (`dim0` major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holders {
    /// Input dimensions with their sizes (`2^bits`).
    in_dims: Vec<(String, u32)>,
    /// Output sizes.
    shape: Vec<u32>,
    /// `inputs[starts[e]..starts[e + 1]]`: element `e`'s holders, increasing.
    starts: Vec<usize>,
    inputs: Vec<u32>,
}

impl Holders {
    /// The holders of every element of `layout`'s output.
    ///
    /// # Errors
    /// [`LayoutError::TooLarge`] past `max_elements` output elements or `max_inputs` inputs.
    pub fn of(
        layout: &LinearLayout,
        max_elements: usize,
        max_inputs: usize,
    ) -> Result<Holders, LayoutError> {
        let out_bits = layout.total_out_bits();
        let in_bits = layout.total_in_bits();
        for (what, bits, limit) in [
            ("the tensor", out_bits, max_elements),
            ("the layout's inputs", in_bits, max_inputs),
        ] {
            if 1u128 << bits > limit as u128 {
                return Err(LayoutError::TooLarge {
                    what,
                    size: 1u128 << bits,
                    limit: limit as u128,
                });
            }
        }
        let shape: Vec<u32> = layout
            .out_dims_with_sizes()
            .iter()
            .map(|(_, s)| *s)
            .collect();
        // sizes are powers of two, so a coordinate's row-major index is its bits side by side
        // and the index of `a XOR b` is the XOR of the indices: one number per basis
        let flat = |coord: &[u32]| {
            coord
                .iter()
                .zip(&shape)
                .fold(0u32, |index, (c, size)| index * size + c)
        };
        let basis_indices: Vec<u32> = layout
            .bases()
            .iter()
            .flat_map(|(_, list)| list.iter().map(|b| flat(b)))
            .collect();
        let inputs_count = 1usize << in_bits;
        let mut element_of = vec![0u32; inputs_count];
        for x in 1..inputs_count {
            // L(x) = L(x without its lowest bit) XOR the basis of that bit
            let low = x.trailing_zeros() as usize;
            element_of[x] = element_of[x & (x - 1)] ^ basis_indices[low];
        }
        let elements = 1usize << out_bits;
        let mut starts = vec![0usize; elements + 1];
        for &e in &element_of {
            starts[e as usize + 1] += 1;
        }
        for e in 0..elements {
            starts[e + 1] += starts[e];
        }
        let mut next = starts.clone();
        let mut inputs = vec![0u32; inputs_count];
        for (x, &e) in element_of.iter().enumerate() {
            inputs[next[e as usize]] = x as u32;
            next[e as usize] += 1;
        }
        let in_dims = layout
            .bases()
            .iter()
            .map(|(name, list)| (name.clone(), 1u32 << list.len()))
            .collect();
        Ok(Holders {
            in_dims,
            shape,
            starts,
            inputs,
        })
    }

    /// The output sizes.
    pub fn shape(&self) -> &[u32] {
        &self.shape
    }

    /// The input dimensions and their sizes, in the layout's order.
    pub fn in_dims(&self) -> &[(String, u32)] {
        &self.in_dims
    }

    /// Number of elements (the product of the shape).
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Always false: output sizes are powers of two, so there is at least one element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The coordinate of element `index` (row-major).
    pub fn coord_from_index(&self, mut index: usize) -> Vec<u32> {
        let mut coord = vec![0u32; self.shape.len()];
        for (c, &size) in coord.iter_mut().zip(&self.shape).rev() {
            *c = (index % size as usize) as u32;
            index /= size as usize;
        }
        coord
    }

    /// The inputs holding element `index`, increasing; empty when no input reaches it.
    pub fn of_element(&self, index: usize) -> &[u32] {
        &self.inputs[self.starts[index]..self.starts[index + 1]]
    }

    /// Input `x` split by dimension: one value per [`in_dims`](Self::in_dims) entry.
    pub fn split(&self, mut x: u32) -> Vec<u32> {
        self.in_dims
            .iter()
            .map(|(_, size)| {
                let value = x % size;
                x /= size;
                value
            })
            .collect()
    }

    /// One holder, `r3 l1 w0` (and ` b1` when the layout spans blocks); a shared layout's `o12`.
    pub fn label(&self, input: u32) -> String {
        let parts = self.split(input);
        let mut text = String::new();
        for ((name, size), value) in self.in_dims().iter().zip(parts) {
            if name == "block" && *size == 1 {
                continue;
            }
            let short = short_name(name);
            if !text.is_empty() {
                text.push(' ');
            }
            let _ = write!(text, "{short}{value}");
        }
        text
    }
}

/// An input dimension's name in labels: `r`, `l`, `w`, `b`, `o`, `L`, `C` (any other as it
/// is).
pub fn short_name(dim: &str) -> &str {
    match dim {
        "register" => "r",
        "lane" => "l",
        "warp" => "w",
        "block" => "b",
        "offset" => "o",
        // tensor memory: a TMEM lane, a 32-bit column
        "row" => "L",
        "col" => "C",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::TritonLayout;

    /// Every input is listed under the element the layout maps it to, exactly once.
    #[test]
    fn holders_are_the_inverse_images_of_apply() {
        for (text, shape) in [
            ("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>", vec![16, 32]),
            // broadcast: a 4x8 tensor over 32 lanes and 4 warps
            ("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>", vec![4, 8]),
            ("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>", vec![32, 32]),
        ] {
            let layout = TritonLayout::parse(text).unwrap().to_linear_layout(&shape).unwrap();
            let holders = Holders::of(&layout, 1 << 16, 1 << 20).unwrap();
            let mut seen = 0;
            for e in 0..holders.len() {
                let coord = holders.coord_from_index(e);
                for &x in holders.of_element(e) {
                    let parts = holders.split(x);
                    let ins: Vec<(&str, u32)> = holders
                        .in_dims()
                        .iter()
                        .map(|(n, _)| n.as_str())
                        .zip(parts)
                        .collect();
                    let out: Vec<u32> = layout.apply(&ins).unwrap().into_iter().map(|(_, v)| v).collect();
                    assert_eq!(out, coord, "{text} input {x}");
                    seen += 1;
                }
            }
            assert_eq!(seen, 1 << layout.total_in_bits());
        }
    }

    #[test]
    fn too_many_elements_or_inputs_is_a_typed_error() {
        let layout = TritonLayout::parse("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>")
            .unwrap()
            .to_linear_layout(&[16, 32])
            .unwrap();
        assert!(matches!(
            Holders::of(&layout, 256, 1 << 20),
            Err(LayoutError::TooLarge {
                size: 512,
                limit: 256,
                ..
            })
        ));
        assert!(matches!(
            Holders::of(&layout, 1 << 16, 256),
            Err(LayoutError::TooLarge {
                size: 512,
                limit: 256,
                ..
            })
        ));
    }
}
