//! The Threads page's bridge to the Triton page: each operand's thread-value layout as a
//! Triton `#ttg.linear` layout, opened beside the layout Triton itself gives the same
//! instruction (where it has one), so the Triton page compares them element by element.

use crate::state::url::{keep, percent_encode};
use engine::cute::{Operand, TiledCopy, TiledMma};
use engine::linear::{
    compare_tmem_copy_with_triton, tiled_mma_to_linear, tmem_copy_to_linear, tmem_variant_of,
    triton_counterpart, triton_tmem_reg_layout, LinearEncoding, TritonLayout,
};
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

/// A TMEM copy beside Triton's layout of the same `tcgen05.ld` / `st`: what the comparison
/// found, and the Triton page's query holding both (CuTe's registers, `to=` Triton's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmemBridge {
    /// One sentence: the same layout, the same owners with registers renumbered, or where
    /// they differ; or why Triton has no such layout.
    pub verdict: String,
    /// `layout=…&shape=…&to=…`, when both are layouts.
    pub query: Option<String>,
}

/// CuTe's `make_tmem_copy` (`copy`) beside Triton's `get_tmem_reg_layout` of the same shape
/// over the same tensor, four warps.
pub fn tmem_bridge(copy: &TiledCopy) -> TmemBridge {
    let name = copy.atom().name();
    let Some(variant) = tmem_variant_of(name) else {
        return TmemBridge {
            verdict: "Triton: no get_tmem_reg_layout for this shape (Triton has no 16x32bx2)"
                .into(),
            query: None,
        };
    };
    let call = format!(
        "get_tmem_reg_layout(…, \"{}\", num_warps=4)",
        variant.name()
    );
    let verdict = match compare_tmem_copy_with_triton(copy) {
        Err(why) => format!("Triton's {call}: none here ({why})"),
        Ok(c) if !(c.lanes_agree && c.warps_agree) => {
            let first = c.elements.iter().find(|e| e.first.thread() != e.second.thread());
            match first {
                Some(e) => format!(
                    "Triton's {call} gives elements to other threads: ({}) is CuTe's thread {}, Triton's {}",
                    e.coord.iter().map(u32::to_string).collect::<Vec<_>>().join(", "),
                    e.first.thread(),
                    e.second.thread()
                ),
                None => format!("Triton's {call} gives elements to other threads"),
            }
        }
        Ok(c) => match c.register_permutation {
            Some(p) if p.iter().enumerate().all(|(i, &r)| i as u32 == r) => {
                format!("Triton's {call} is the same layout: thread for thread, register for register")
            }
            Some(p) => {
                let moved: Vec<String> = p
                    .iter()
                    .enumerate()
                    .filter(|&(i, &r)| i as u32 != r)
                    .take(4)
                    .map(|(i, r)| format!("{i} → {r}"))
                    .collect();
                format!(
                    "Triton's {call} gives each element to the same thread, its registers in another order (CuTe's value → Triton's register: {}, …)",
                    moved.join(", ")
                )
            }
            None => format!("Triton's {call} gives each element to the same thread, its registers not a renumbering of CuTe's values"),
        },
    };
    let query = (|| {
        let cute = tmem_copy_to_linear(copy).ok()?;
        let sizes: Vec<String> = cute
            .out_dims_with_sizes()
            .iter()
            .map(|d| d.1.to_string())
            .collect();
        let triton = triton_tmem_reg_layout(copy).ok()?;
        let text = |l| {
            LinearEncoding::new(l)
                .map(|e| percent_encode(&TritonLayout::Linear(e).to_mlir(), keep::TRITON))
                .ok()
        };
        Some(format!(
            "layout={}&shape={}&to={}",
            text(cute)?,
            sizes.join(","),
            text(triton)?
        ))
    })();
    TmemBridge { verdict, query }
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

    /// A TMEM load beside Triton's: 32x32b is the same layout (a no-op on the Triton page);
    /// 16x256b the same threads, registers permuted (a register permute there); 16x32bx2 none.
    #[test]
    fn a_tmem_load_opens_beside_tritons_get_tmem_reg_layout() {
        use engine::cute::CopyAtom;
        let copy =
            |atom: &str| TiledCopy::tmem(CopyAtom::parse(atom, 32).unwrap(), 128, 64).unwrap();
        for (atom, verdict, kind) in [
            ("SM100_TMEM_LOAD_32dp32b8x", "is the same layout: thread for thread, register for register", ConversionKind::NoOp),
            ("SM100_TMEM_LOAD_16dp256b1x", "the same thread, its registers in another order (CuTe's value → Triton's register: 4 → 32, 5 → 33", ConversionKind::RegisterPermute),
        ] {
            let bridge = tmem_bridge(&copy(atom));
            assert!(bridge.verdict.contains(verdict), "{atom}: {}", bridge.verdict);
            let (triton, _) = TritonState::read_query(bridge.query.as_ref().unwrap());
            assert_eq!(triton.made().shape, vec![128, 64]);
            assert_eq!(triton.conversion().unwrap().unwrap().kind, kind, "{atom}");
        }
        let none = tmem_bridge(&copy("SM100_TMEM_LOAD_16dp32b2x"));
        assert!(
            none.verdict.contains("no get_tmem_reg_layout"),
            "{}",
            none.verdict
        );
        assert_eq!(none.query, None);
    }
}
