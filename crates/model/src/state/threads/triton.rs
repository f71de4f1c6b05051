//! The Threads page's bridge to the Triton page: each operand's thread-value layout as a
//! Triton `#ttg.linear` layout, opened beside the layout Triton itself gives the same
//! instruction (where it has one), so the Triton page compares them element by element.

use crate::state::url::{keep, percent_encode};
use engine::cute::{Operand, TiledMma};
use engine::linear::{tiled_mma_to_linear, triton_counterpart, LinearEncoding, TritonLayout};
use engine::LayoutError;

/// One operand's way to the Triton page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TritonLink {
    /// The MMA operand: C, A or B.
    pub operand: Operand,
    /// The Triton page's query (`layout=…&shape=…`, and `to=…` with Triton's own layout), or
    /// why the operand is no linear layout.
    pub query: Result<String, LayoutError>,
    /// Triton's own layout of the operand, or why it has none.
    pub named: Result<String, String>,
    /// Where the operand is when no thread holds it (an SS GMMA's A, a GMMA's B in shared
    /// memory; a UMMA's C in tensor memory), as [`super::operand_home`] says it.
    pub home: Option<String>,
}

/// The links of C, A and B.
pub fn triton_links(mma: &TiledMma) -> Vec<TritonLink> {
    [Operand::C, Operand::A, Operand::B]
        .into_iter()
        .map(|operand| {
            let named = triton_counterpart(mma, operand).map(|t| t.to_mlir());
            let query = tiled_mma_to_linear(mma, operand)
                .and_then(|linear| {
                    let shape: Vec<String> = linear
                        .out_dims_with_sizes()
                        .iter()
                        .map(|(_, s)| s.to_string())
                        .collect();
                    let text = TritonLayout::Linear(LinearEncoding::new(linear)?).to_mlir();
                    Ok(format!(
                        "layout={}&shape={}",
                        percent_encode(&text, keep::TRITON),
                        shape.join(",")
                    ))
                })
                .map(|q| match &named {
                    Ok(to) => format!("{q}&to={}", percent_encode(to, keep::TRITON)),
                    Err(_) => q,
                });
            TritonLink {
                operand,
                query,
                named,
                home: super::operand_home(mma.atom(), operand),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::threads::ThreadsState;
    use crate::state::triton::TritonState;
    use crate::state::url::PageState;
    use engine::linear::ConversionKind;

    #[test]
    fn each_operand_opens_in_the_triton_page_beside_tritons_own_layout() {
        let (threads, _) = ThreadsState::read_query("atom=SM90_64x64x16_F32F16F16_RS&layout=2x1x1");
        let links = triton_links(threads.mma());
        assert_eq!(links.len(), 3);
        for link in &links[..2] {
            // wgmma's C and A are Triton's layouts exactly: nothing to convert, nothing differs
            let (triton, _) = TritonState::read_query(link.query.as_ref().unwrap());
            assert_eq!(triton.error(crate::state::triton::Field::Other), None);
            let conversion = triton.conversion().unwrap().unwrap();
            assert_eq!(conversion.kind, ConversionKind::NoOp, "{:?}", link.operand);
        }
        assert!(links[2]
            .named
            .as_ref()
            .unwrap_err()
            .contains("shared memory"));
        // mma.sync over 2×2 warps: the same lanes, the warps in another order
        let (threads, _) =
            ThreadsState::read_query("atom=SM80_16x8x16_F16F16F16F16_TN&layout=2x2x1");
        let c = &triton_links(threads.mma())[0];
        let (triton, _) = TritonState::read_query(c.query.as_ref().unwrap());
        assert_eq!(triton.made().shape, vec![32, 16]);
        let conversion = triton.conversion().unwrap().unwrap();
        assert_eq!(conversion.kind, ConversionKind::SharedMemory);
    }
}
