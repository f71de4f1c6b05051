//! The SM100 (tcgen05) and SM120 atoms: their data against what the instructions do, and every
//! malformed name refused with what was expected.

use super::*;
use crate::error::LayoutError;

fn atom(name: &str) -> MmaAtom {
    MmaAtom::parse(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A tcgen05 MMA's A, B and C as the instruction holds them: the CTA `c` of a pair (one CTA
/// when alone) holds rows `c·M/2 …` of A and C and columns `c·N/2 …` of B, each tile
/// column-major.
#[test]
fn every_umma_holds_its_tiles_column_major_split_over_the_pair() {
    let names: Vec<String> = MmaAtom::names()
        .into_iter()
        .filter(|n| n.starts_with("SM100_"))
        .collect();
    assert!(names.len() > 40, "{}", names.len());
    for name in names {
        let a = atom(&name);
        let [m, n, k] = a.shape_mnk();
        let ctas = if name.contains("_2x1SM_") { 2 } else { 1 };
        assert_eq!(a.thr_id().size().unwrap().value(), ctas, "{name}");
        for (layout, rows, cols) in [
            (a.layout_a(), m, k),
            (a.layout_b(), n, k),
            (a.layout_c(), m, n),
        ] {
            let half = rows / ctas;
            let values = layout.to_layout().unwrap().values(1 << 20).unwrap();
            assert_eq!(values.len() as i64, rows * cols, "{name} {layout}");
            for c in 0..ctas {
                for v in 0..half * cols {
                    let (r, col) = (v % half, v / half);
                    assert_eq!(
                        values[(c + ctas * v) as usize],
                        c * half + r + rows * col,
                        "{name} {layout} cta {c} value {v}"
                    );
                }
            }
        }
        // K is 256 bits of A's element (512 sparse), or the family's fixed K
        let [a_bits, _, _] = a.element_bits().unwrap();
        let dense_bits = if name.contains("_SPARSE") { 512 } else { 256 };
        if !name.contains("F8F6F4") && !name.contains("MXF4") {
            assert_eq!(k * a_bits, dense_bits, "{name}");
        }
        assert_eq!(a.source(Operand::C), OperandSource::TensorMemory, "{name}");
        let a_source = if name.contains("_TS") {
            OperandSource::TensorMemory
        } else {
            OperandSource::SharedMemory
        };
        assert_eq!(a.source(Operand::A), a_source, "{name}");
        assert_eq!(a.source(Operand::B), OperandSource::SharedMemory, "{name}");
    }
}

#[test]
fn umma_names_read_as_cute_writes_them() {
    let a = atom(
        "SM100_MMA_F16BF16_SS<half_t, half_t, float, 128, 256, UMMA::Major::K, UMMA::Major::MN>",
    );
    assert_eq!(a.shape_mnk(), [128, 256, 16]);
    assert_eq!(a.majors(), Some((Major::K, Major::Mn)));
    assert_eq!(a.element_bits(), Some([16, 16, 32]));
    assert_eq!(a.layout_c().to_string(), "(_1,(_128,_256)):(_0,(_1,_128))");
    // the spellings CuTe's users write, and the negations
    let b = atom("SM100_MMA_F16BF16_2x1SM_TS<bf16,bf16,f32,256,64,K,K,UMMA::ScaleIn::Neg,One>");
    assert_eq!(b.shape_mnk(), [256, 64, 16]);
    assert_eq!(b.layout_a().to_string(), "(_2,(_128,_16)):(_128,(_1,_256))");
    assert_eq!(
        atom("SM100_MMA_S8_SS<u8,s8,s32,64,8,K,K>").shape_mnk(),
        [64, 8, 32]
    );
    assert_eq!(
        atom("SM100_MMA_TF32_SS_SPARSE<tf32,tf32,float,64,16,K,K>").shape_mnk(),
        [64, 16, 16]
    );
    assert_eq!(
        atom("SM100_MMA_MXF4_SS<e2m1,e2m1,float,ue8m0,128,64,32,K,K>").shape_mnk(),
        [128, 64, 64]
    );
    assert_eq!(
        atom("SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE<e2m1,e2m1,float,ue4m3,256,128,64,K,K>")
            .shape_mnk(),
        [256, 128, 128]
    );
    assert_eq!(
        atom("SM100_MMA_F16BF16_SS_SCALED<half,half,float,64,64,K,K,1>").shape_mnk(),
        [64, 64, 16]
    );
}

#[test]
fn malformed_umma_names_say_what_was_expected() {
    for (name, expected) in [
        ("SM100_MMA_F16BF16_SS", "template arguments"),
        (
            "SM100_MMA_F16BF16_SS<half,half,float,128,256,K,K",
            "closing",
        ),
        (
            "SM100_MMA_F16BF16_XS<half,half,float,128,256,K,K>",
            "tcgen05 MMA CuTe has",
        ),
        (
            "SM100_MMA_F16BF16_SS<half,half,float,128,256,K>",
            "7 template arguments",
        ),
        (
            "SM100_MMA_F16BF16_SS<float,float,float,128,256,K,K>",
            "16-bit A and B",
        ),
        ("SM100_MMA_S8_SS<s8,s8,float,128,256,K,K>", "int32_t C"),
        (
            "SM100_MMA_F16BF16_SS<half,half,float,96,256,K,K>",
            "an M of 64 or 128",
        ),
        (
            "SM100_MMA_F16BF16_2x1SM_SS<half,half,float,64,256,K,K>",
            "an M of 128 or 256",
        ),
        ("SM100_MMA_F16BF16_SS<half,half,float,128,260,K,K>", "an N"),
        ("SM100_MMA_F16BF16_TS<half,half,float,128,8,K,K>", "an N"),
        ("SM100_MMA_S8_SS<s8,s8,s32,128,24,K,K>", "an N"),
        (
            "SM100_MMA_F16BF16_2x1SM_TS<half,half,float,256,48,K,K>",
            "an N",
        ),
        (
            "SM100_MMA_F16BF16_TS<half,half,float,128,64,MN,K>",
            "K-major A",
        ),
        ("SM100_MMA_F16BF16_SS<half,half,float,128,64,K,T>", "majors"),
        (
            "SM100_MMA_F16BF16_SS<half,half,float,x,64,K,K>",
            "M as an integer",
        ),
        (
            "SM100_MMA_MXF4_SS<e2m1,e2m1,float,ue8m0,128,64,8,K,K>",
            "vector size of 16 or 32",
        ),
        (
            "SM100_MMA_MXF4_SS<e2m1,e2m1,float,half,128,64,16,K,K>",
            "scale-factor type",
        ),
        (
            "SM100_MMA_F16BF16_SS<half,half,float,128,64,K,K,Twice>",
            "negations",
        ),
        (
            "SM100_MMA_F16BF16_SS<nope,half,float,128,64,K,K>",
            "an element type",
        ),
    ] {
        match MmaAtom::parse(name) {
            Err(LayoutError::BadArgument { expected: e, .. }) => {
                assert!(e.contains(expected), "{name}: {e}")
            }
            other => panic!("{name}: {other:?}"),
        }
    }
}

#[test]
fn sm120_atoms_are_sm80_int8_layouts_over_narrow_floats() {
    let sm80 = atom("SM80_16x8x32_S32S8S8S32_TN");
    let sm120 = atom("SM120_16x8x32_TN<float_e4m3_t,float_e2m1_t,half_t>");
    assert_eq!(sm120.shape_mnk(), [16, 8, 32]);
    for (ours, theirs) in [
        (sm120.layout_a(), sm80.layout_a()),
        (sm120.layout_b(), sm80.layout_b()),
        (sm120.layout_c(), sm80.layout_c()),
    ] {
        assert_eq!(ours, theirs);
    }
    assert_eq!(sm120.element_bits(), Some([8, 8, 16]));
    assert!(sm120.in_registers(Operand::A) && sm120.in_registers(Operand::C));
    let k64 = atom("SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<e2m1,e2m1,float,ue4m3,16>");
    assert_eq!(k64.shape_mnk(), [16, 8, 64]);
    assert_eq!(k64.element_bits(), Some([4, 4, 32]));
    for (name, expected) in [
        ("SM120_16x8x32_TN<half,half,float>", "float A and B"),
        ("SM120_16x8x32_TN<e4m3,e4m3,int32_t>", "float or half_t C"),
        ("SM120_16x8x32_TN<e4m3,e4m3>", "3 template arguments"),
        (
            "SM120_16x8x32_TN_VS<e4m3,e4m3,float,ue8m0,16>",
            "vector size of 32",
        ),
        (
            "SM120_16x8x32_TN_VS<e4m3,e4m3,float,ue4m3,32>",
            "float_ue8m0_t",
        ),
        (
            "SM120_16x8x64_TN_VS<e4m3,e4m3,float,ue8m0,16>",
            "float_e2m1_t A and B",
        ),
        ("SM120_16x8x64_TN_VS<e2m1,e2m1,half,ue8m0,16>", "a float C"),
    ] {
        match MmaAtom::parse(name) {
            Err(LayoutError::BadArgument { expected: e, .. }) => {
                assert!(e.contains(expected), "{name}: {e}")
            }
            other => panic!("{name}: {other:?}"),
        }
    }
}

/// The warp-level SM120 atoms tile as the others do: a 2×2 tiled MMA of 128 threads.
#[test]
fn sm120_atoms_tile() {
    let mma = TiledMma::new(
        atom("SM120_16x8x32_TN<e4m3,e4m3,float>"),
        parse_atom_layout("2x2x1").unwrap(),
        Vec::new(),
    )
    .unwrap();
    assert_eq!(mma.tile_mnk(), [32, 16, 32]);
    assert_eq!(
        mma.tv(Operand::C).to_string(),
        "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))"
    );
}
