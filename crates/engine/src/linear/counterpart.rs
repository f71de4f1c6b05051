//! A distributed linear layout as CuTe writes the same thing: a thread-value layout
//! `(thread, value) → index`, where the thread is `lane + lanes·warp (+ lanes·warps·block)`, the
//! value is the register, and the index is the element's colexicographic position in the tensor
//! (dim0 fastest: `m + M·n` for an `M × N` tile, as CuTe's `layoutC_TV` indexes C).
//!
//! A linear layout XORs the images of its input bits; a CuTe layout adds `Σ c_i·d_i`. The two
//! agree on every input exactly when no two nonzero images share a bit (no addition carries),
//! so that is when a counterpart exists; a broadcast (an image of 0) is a stride of 0.

use crate::cute::{IntTuple, Layout};
use crate::LayoutError;

use super::bridge::bits_layout;
use super::layout::{bad, LinearLayout};

const OP: &str = "Triton layout to CuTe TV layout";

/// The input dimensions that number threads, minor first.
const THREAD_DIMS: [&str; 3] = ["lane", "warp", "block"];

/// `layout` (inputs `register`, `lane`, `warp` and `block`, any of them absent) as the CuTe
/// thread-value layout `((threads),(values)):((…),(…))`, each mode coalesced.
///
/// # Errors
/// [`LayoutError::BadArgument`] with the reason: an input dimension other than the four, or
/// two bases whose images in the tensor's colexicographic index share a bit (an XOR, such as a
/// swizzle's, that no sum of strides gives).
pub fn distributed_to_cute_tv(layout: &LinearLayout) -> Result<Layout, LayoutError> {
    let refuse = |why: String| bad(OP, layout.to_string(), why);
    if let Some(other) = layout
        .in_dims()
        .find(|d| *d != "register" && !THREAD_DIMS.contains(d))
    {
        return Err(refuse(format!(
            "a distributed layout (register, lane, warp, block), not one with `{other}`"
        )));
    }
    // the colexicographic index of a coordinate: dim0's bits lowest, then dim1's, …
    let mut shifts = Vec::new();
    let mut shift = 0u32;
    for (_, size) in layout.out_dims_with_sizes() {
        shifts.push(shift);
        shift += size.trailing_zeros();
    }
    let index = |basis: &[u32]| -> u64 {
        basis
            .iter()
            .zip(&shifts)
            .fold(0u64, |acc, (&c, &s)| acc | (u64::from(c) << s))
    };
    let mut named: Vec<(String, u64)> = Vec::new();
    let mut images = |dims: &[&str]| -> Result<Vec<u64>, LayoutError> {
        let mut out = Vec::new();
        for dim in dims {
            for (k, basis) in layout.bases_of(dim).unwrap_or_default().iter().enumerate() {
                let image = index(basis);
                if let Some((other, _)) = named.iter().find(|(_, i)| i & image != 0) {
                    return Err(refuse(format!(
                        "images that share no bit: {dim} bit {k} {basis:?} is index {image} and \
                         shares a bit with {other}, so the layout XORs where CuTe would add"
                    )));
                }
                named.push((format!("{dim} bit {k}"), image));
                out.push(image);
            }
        }
        Ok(out)
    };
    let threads = images(&THREAD_DIMS)?;
    let values = images(&["register"])?;
    let mode = |images: &[u64]| bits_layout(images.iter().map(|&i| i as i64));
    let (t, v) = (mode(&threads)?, mode(&values)?);
    Layout::new(
        IntTuple::Tuple(vec![t.shape().clone(), v.shape().clone()]),
        IntTuple::Tuple(vec![t.stride().clone(), v.stride().clone()]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::TritonLayout;

    fn linear(text: &str, shape: &[u32]) -> LinearLayout {
        TritonLayout::parse(text)
            .and_then(|l| l.to_linear_layout(shape))
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// Every (thread, value) the linear layout maps: the CuTe layout gives the same index.
    fn agrees(layout: &LinearLayout, tv: &Layout) {
        let bits = |d: &str| layout.in_dim_bits(d).unwrap_or(0);
        let (r, l, w) = (bits("register"), bits("lane"), bits("warp"));
        let shape: Vec<u32> = layout
            .out_dims_with_sizes()
            .iter()
            .map(|(_, s)| *s)
            .collect();
        let threads = 1i64 << (l + w);
        for t in 0..threads {
            for v in 0..1i64 << r {
                let lane = (t % (1 << l)) as u32;
                let warp = (t >> l) as u32;
                let mut ins = vec![("register", v as u32), ("lane", lane), ("warp", warp)];
                if layout.has_in_dim("block") {
                    ins.push(("block", 0));
                }
                let coord = layout.apply(&ins).unwrap();
                // colexicographic: dim0 fastest
                let index = coord
                    .iter()
                    .zip(&shape)
                    .rev()
                    .fold(0i64, |acc, ((_, c), s)| acc * i64::from(*s) + i64::from(*c));
                assert_eq!(tv.call(t + threads * v).unwrap(), index, "t{t} v{v}");
            }
        }
    }

    #[test]
    fn an_mma_accumulator_is_cutes_tv_layout() {
        // one warp of mma.sync 16x8: CuTe's SM80 16x8 C, ((4,8),(2,2)):((32,1),(16,8))
        let mma = linear(
            "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], \
             instrShape = [16, 8]}>",
            &[16, 8],
        );
        let tv = distributed_to_cute_tv(&mma).unwrap();
        assert_eq!(tv.to_string(), "((4,8),(2,2)):((32,1),(16,8))");
        agrees(&mma, &tv);
    }

    #[test]
    fn blocked_and_broadcast_layouts() {
        let blocked = linear(
            "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = \
             [4, 1], order = [1, 0]}>",
            &[32, 64],
        );
        let tv = distributed_to_cute_tv(&blocked).unwrap();
        agrees(&blocked, &tv);
        // a tensor smaller than the layout's tile: registers wrap, lanes broadcast (stride 0)
        let small = linear(
            "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = \
             [4, 1], order = [1, 0]}>",
            &[8, 8],
        );
        let tv = distributed_to_cute_tv(&small).unwrap();
        assert_eq!(tv.to_string(), "((2,4,8,2),4):((32,0,1,0),8)");
        agrees(&small, &tv);
    }

    #[test]
    fn an_xor_has_no_counterpart() {
        let xor = linear(
            "#ttg.linear<{register = [[0, 1], [0, 3]], lane = [[0, 4], [1, 0], [2, 0], [4, 0], \
             [8, 0]], warp = [], block = []}>",
            &[16, 8],
        );
        let why = distributed_to_cute_tv(&xor).unwrap_err().to_string();
        assert!(
            why.contains("register bit 1") && why.contains("XORs"),
            "{why}"
        );
    }
}
