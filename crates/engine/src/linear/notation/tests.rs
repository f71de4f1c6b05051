use super::*;

/// The IR dump's texts of Triton 3.6.0 (printed by its bindings, `str` of a module holding
/// the layout).
const BLOCKED: &str = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>";
const MMA: &str = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>";
const WGMMA: &str = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>";
const LINEAR: &str = "#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 4], [0, 8]], block = []}>";

/// Parses `text`, prints it inline and as Gluon, and reads both back to the same layout.
#[track_caller]
fn check(text: &str, inline: &str) -> TritonLayout {
    let layout = TritonLayout::parse(text).unwrap();
    assert_eq!(layout.to_mlir(), inline);
    assert_eq!(TritonLayout::parse(inline).unwrap(), layout);
    assert_eq!(
        TritonLayout::parse(&layout.to_gluon()).unwrap(),
        layout,
        "{}",
        layout.to_gluon()
    );
    let (alias, text) = layout.to_mlir_aliased();
    assert_eq!(
        TritonLayout::parse(&format!("{alias}\n{text}")).unwrap(),
        layout
    );
    layout
}

#[test]
fn the_base_layouts_round_trip_byte_for_byte() {
    for text in [BLOCKED, MMA, WGMMA, LINEAR] {
        let layout = check(text, text);
        assert_eq!(layout.to_string(), text);
    }
}

#[test]
fn dot_operands_and_slices_print_their_parents_inline_or_by_triton_alias() {
    let dot = check(
        &format!("#mma = {MMA}\n#ttg.dot_op<{{opIdx = 0, parent = #mma, kWidth = 2}}>"),
        &format!("#ttg.dot_op<{{opIdx = 0, parent = {MMA}, kWidth = 2}}>"),
    );
    assert_eq!(
        dot.to_mlir_aliased(),
        (
            format!("#mma = {MMA}"),
            "#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>".to_string()
        )
    );
    // as Triton printed a slice of a slice of a rank-3 blocked layout
    let nested = "#ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #blocked}>}>";
    let blocked3 = "#ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [2, 4, 4], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>";
    let slice = check(
        &format!("#blocked = {blocked3}\n{nested}"),
        &nested.replace("#blocked", blocked3),
    );
    assert_eq!(slice.to_mlir_aliased().1, nested);
    let sliced_dot =
        "#ttg.slice<{dim = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>}>";
    let layout = check(
        &format!("#mma = {MMA} {sliced_dot}"),
        &sliced_dot.replace("#mma", MMA),
    );
    assert_eq!(layout.to_mlir_aliased().1, sliced_dot);
    let linear_slice = check(
        &format!("#linear = {LINEAR}\n#ttg.slice<{{dim = 1, parent = #linear}}>"),
        &format!("#ttg.slice<{{dim = 1, parent = {LINEAR}}}>"),
    );
    assert_eq!(
        linear_slice.to_mlir_aliased().0,
        format!("#linear = {LINEAR}")
    );
}

#[test]
fn gluon_constructors_read_as_the_same_layouts() {
    for (gluon, mlir) in [
        ("ttgl.BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8], warps_per_cta=[4, 1], order=[1, 0])", BLOCKED),
        ("gl.BlockedLayout([1, 4], [4, 8], [4, 1], order=(1, 0), cga_layout=[],)", BLOCKED),
        ("ttgl.NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8])", MMA),
        ("NVMMADistributedLayout(instr_shape=[16, 64, 16], warps_per_cta=[4, 1], version=[3, 0])", WGMMA),
    ] {
        let layout = TritonLayout::parse(gluon).unwrap();
        assert_eq!(layout.to_mlir(), mlir);
    }
    let dot = TritonLayout::parse("ttgl.DotOperandLayout(operand_index=0, parent=ttgl.NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8]), k_width=2)").unwrap();
    assert_eq!(dot.to_gluon(), "ttgl.DotOperandLayout(operand_index=0, parent=ttgl.NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8]), k_width=2)");
    let slice = TritonLayout::parse("ttgl.SliceLayout(dim=1, parent=ttgl.BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8], warps_per_cta=[4, 1], order=[1, 0]))").unwrap();
    assert_eq!(
        slice.to_mlir(),
        format!("#ttg.slice<{{dim = 1, parent = {BLOCKED}}}>")
    );
}

#[test]
fn a_linear_layout_is_its_own_linear_layout_at_its_shape() {
    let layout = TritonLayout::parse(LINEAR).unwrap();
    let TritonLayout::Linear(encoding) = &layout else {
        panic!("not linear: {layout:?}");
    };
    assert_eq!(
        &layout.to_linear_layout(&[32, 16]).unwrap(),
        encoding.layout()
    );
    // Triton 3.6.0: a larger shape repeats by registers, a smaller one drops lane bits
    let grown = layout.to_linear_layout(&[64, 16]).unwrap();
    assert_eq!(
        grown.bases_of("register").unwrap(),
        [vec![0, 1], vec![0, 2], vec![32, 0]]
    );
    let cut = layout.to_linear_layout(&[16, 4]).unwrap();
    assert_eq!(cut.bases_of("lane").unwrap()[4], [0, 0]);
    assert_eq!(cut.bases_of("warp").unwrap(), [vec![0, 0], vec![0, 0]]);
}

#[track_caller]
fn fails_at(text: &str, position: usize, expected: &str) {
    match TritonLayout::parse(text) {
        Err(LayoutError::Parse {
            field: Field::Triton,
            position: at,
            expected: message,
            input,
        }) => {
            assert_eq!((at, input.as_str()), (position, text), "{message}");
            assert!(message.contains(expected), "{message}");
        }
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn bad_text_is_a_parse_error_at_its_position() {
    fails_at("#ttg.blocked<{sizePerThread = [1, 4]", 36, "`,`");
    fails_at("#ttg.bloked<{}>", 0, "#ttg.blocked");
    fails_at("#ttg.slice<{dim = 1, parent = #blocked}>", 30, "alias");
    // a missing key at the closing brace, an unknown or repeated key where it starts
    fails_at("#ttg.slice<{dim = 1}>", 19, "parent");
    let unknown = format!("#ttg.dot_op<{{opIdx = 0, parent = {MMA}, kWidth = 2, k = 1}}>");
    fails_at(&unknown, unknown.find("k = 1").unwrap(), "not k");
    fails_at(
        &format!("#blocked = {BLOCKED} #ttg.slice<{{dim = 1, dim = 0, parent = #blocked}}>"),
        BLOCKED.len() + 33,
        "dim once",
    );
    fails_at("ttgl.BlockedLayout(size_per_thread=[1, 4]", 41, "`,`");
    fails_at("ttgl.Blocked(1)", 0, "BlockedLayout");
    fails_at(&format!("{BLOCKED} x"), BLOCKED.len() + 1, "the end");
    fails_at("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>", 113, "one CTA");
}

#[test]
fn values_the_layouts_reject_keep_their_own_errors() {
    let error = TritonLayout::parse("#ttg.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>").unwrap_err();
    assert!(
        matches!(
            error,
            LayoutError::BadArgument {
                op: "#ttg.blocked",
                ..
            }
        ),
        "{error:?}"
    );
}

/// Shared layouts as Triton 3.6.0 prints them (`str` of a module whose function takes a
/// `!ttg.memdesc` of the Gluon layout), with the Gluon constructor they came from.
const SHARED: [(&str, &str); 8] = [
    ("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>", "SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 0], cga_layout=[])"),
    ("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>", "ttgl.SwizzledSharedLayout(1, 1, 1, [0, 1])"),
    ("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [2, 1, 0]}>", "ttgl.SwizzledSharedLayout(8, 1, 8, [2, 1, 0])"),
    ("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>", "NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, rank=2, transposed=False, fp4_padded=False, cga_layout=[])"),
    ("#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>", "ttgl.NVMMASharedLayout(64, 8, transposed=True)"),
    ("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>", "ttgl.NVMMASharedLayout(128, 8, fp4_padded=True)"),
    ("#ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>", "ttgl.NVMMASharedLayout(0, 16)"),
    ("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>", "ttgl.NVMMASharedLayout(128, 16, rank=3)"),
];

#[test]
fn shared_layouts_round_trip_byte_for_byte_and_alias_as_shared() {
    for (text, gluon) in SHARED {
        let layout = check(text, text);
        assert_eq!(TritonLayout::parse(gluon).unwrap(), layout, "{gluon}");
        assert_eq!(
            layout.to_mlir_aliased(),
            (format!("#shared = {text}"), "#shared".to_string())
        );
    }
    let rank1 = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32, rank = 1}>";
    assert_eq!(check(rank1, rank1).rank(), 1);
    // absent flags read as Triton's parser defaults them, keys in any order
    let reordered = "#ttg.nvmma_shared<{elementBitWidth = 16, swizzlingByteWidth = 128, rank = 2}>";
    check(reordered, SHARED[3].0);
    assert_eq!(
        TritonLayout::parse(SHARED[3].0).unwrap().to_gluon(),
        "ttgl.NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, rank=2, transposed=False, fp4_padded=False)"
    );
    assert_eq!(
        TritonLayout::parse(SHARED[0].0).unwrap().to_gluon(),
        "ttgl.SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 0])"
    );
}

#[test]
fn shared_text_errors_name_what_was_expected() {
    let nvmma =
        "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = False, elementBitWidth = 16}>";
    fails_at(
        nvmma,
        nvmma.find("False").unwrap(),
        "a number, a list or an attribute",
    );
    let flag =
        "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = 1, elementBitWidth = 16}>";
    fails_at(flag, flag.find("1, e").unwrap(), "transposed true or false");
    // Python spells the flag `True`; `true` reads as the name of a layout
    fails_at(
        "ttgl.NVMMASharedLayout(128, 16, transposed=true)",
        43,
        "NVMMASharedLayout",
    );
    fails_at(
        "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8}>",
        57,
        "order",
    );
    fails_at("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>", 99, "one CTA");
    let error = TritonLayout::parse(
        "#ttg.nvmma_shared<{swizzlingByteWidth = 16, transposed = false, elementBitWidth = 16}>",
    )
    .unwrap_err();
    assert!(
        matches!(
            error,
            LayoutError::BadArgument {
                op: "#ttg.nvmma_shared",
                ..
            }
        ),
        "{error:?}"
    );
    let slice = format!("#ttg.slice<{{dim = 0, parent = {}}}>", SHARED[0].0);
    assert!(matches!(
        TritonLayout::parse(&slice),
        Err(LayoutError::BadArgument {
            op: "#ttg.slice",
            ..
        })
    ));
}

/// Gluon's `get_tmem_reg_layout(...)`, as a kernel writes it, is the register layout Triton
/// returns for it: positional or keyword arguments, any module prefix, Python's tuples.
#[test]
fn gluon_get_tmem_reg_layout_reads_as_tritons_register_layout() {
    use crate::linear::{TmemTile, TmemVariant};
    let expect = |bits, shape, block, variant| {
        TritonLayout::Linear(
            LinearEncoding::new(
                TmemTile::new(bits, shape, block, 1)
                    .unwrap()
                    .reg_layout(4, variant)
                    .unwrap(),
            )
            .unwrap(),
        )
    };
    let positional = "ttgl.nvidia.blackwell.get_tmem_reg_layout(ttgl.float32, [128, 64], TensorMemoryLayout(block=(128, 64), col_stride=1), 4)";
    assert_eq!(
        TritonLayout::parse(positional).unwrap(),
        expect(32, [128, 64], [128, 64], TmemVariant::I32x32b)
    );
    let keywords = "get_tmem_reg_layout(element_ty=gl.float16, shape=(128, 128), layout=blackwell.TensorMemoryLayout((64, 128), 1, cta_split_num=None, two_ctas=False), num_warps=4, instr_variant='16x256b', cga_layout=())";
    assert_eq!(
        TritonLayout::parse(keywords).unwrap(),
        expect(16, [128, 128], [64, 128], TmemVariant::I16x256b)
    );
    // the layout prints as the `#ttg.linear` it is, and reads back
    let printed = TritonLayout::parse(positional).unwrap().to_mlir();
    assert!(printed.starts_with("#ttg.linear<{register = "), "{printed}");
    assert_eq!(
        TritonLayout::parse(&printed).unwrap(),
        expect(32, [128, 64], [128, 64], TmemVariant::I32x32b)
    );
    let call = |args: &str| format!("get_tmem_reg_layout({args})");
    let tmem = "TensorMemoryLayout((128, 64), 1)";
    fails_at(
        &call(&format!("ttgl.float7, [128, 64], {tmem}, 4")),
        20,
        "an element type",
    );
    fails_at(
        &call(&format!("ttgl.float32, [128, 64], {tmem}, 4, \"8x8b\"")),
        82,
        "an instruction variant",
    );
    fails_at(
        &call("ttgl.float32, [128, 64], BlockedLayout(1), 4"),
        45,
        "TensorMemoryLayout",
    );
    fails_at(
        &call("ttgl.float32, [128, 64], TensorMemoryLayout((128, 64), 1, two_ctas=True), 4"),
        45,
        "of one CTA",
    );
    fails_at(
        &call("ttgl.float32, [128, 64], num_warps=4"),
        56,
        "element_ty, shape, layout and num_warps",
    );
    fails_at(
        &call(&format!("ttgl.float32, shape=[128, 64], {tmem}, 4")),
        51,
        "keyword argument",
    );
    fails_at(
        &call(&format!("ttgl.float32, [128], {tmem}, 4")),
        34,
        "shape: two numbers",
    );
    // Triton's own refusals: a 96-row block, 3 warps
    assert!(TritonLayout::parse(&call(
        "ttgl.float32, [128, 64], TensorMemoryLayout((96, 64), 1), 4"
    ))
    .is_err());
    assert!(TritonLayout::parse(&call(&format!("ttgl.float32, [128, 64], {tmem}, 3"))).is_err());
}

/// Tensor-memory layouts as Triton 3.6.0 prints them (`str` of a `!ttg.memdesc` of the Gluon
/// layout), with the Gluon layout's `repr`.
const TMEM: [(&str, &str); 6] = [
    ("#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>", "TensorMemoryLayout(block=(128, 64), col_stride=1, cta_split_num=None, two_ctas=False)"),
    ("#ttng.tensor_memory_encoding<blockM = 64, blockN = 32, colStride = 1, CTASplitM = 2, twoCTAs = true>", "TensorMemoryLayout(block=(64, 32), col_stride=1, cta_split_num=(2, 1), two_ctas=True)"),
    ("#ttng.tensor_memory_encoding<blockM = 128, blockN = 32, colStride = 2, CTASplitM = 2, CTASplitN = 2>", "TensorMemoryLayout(block=(128, 32), col_stride=2, cta_split_num=(2, 2), two_ctas=False)"),
    ("#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitN = 2>", "TensorMemoryLayout(block=(128, 64), col_stride=1, cta_split_num=(1, 2), two_ctas=False)"),
    ("#ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 1, twoCTAs = true>", "TensorMemoryLayout(block=(64, 128), col_stride=1, cta_split_num=None, two_ctas=True)"),
    ("#ttng.tensor_memory_encoding<blockM = 128, blockN = 256, colStride = 4>", "ttgl.nvidia.blackwell.TensorMemoryLayout((128, 256), 4)"),
];

#[test]
fn tensor_memory_layouts_round_trip_byte_for_byte_and_alias_as_tmem() {
    for (text, gluon) in TMEM {
        let layout = check(text, text);
        assert!(
            layout.is_tensor_memory() && !layout.is_distributed(),
            "{text}"
        );
        assert_eq!(layout.in_dims(), ["row", "col"]);
        assert_eq!(TritonLayout::parse(gluon).unwrap(), layout, "{gluon}");
        assert_eq!(
            TritonLayout::parse(&layout.to_gluon()).unwrap(),
            layout,
            "{}",
            layout.to_gluon()
        );
        assert_eq!(
            layout.to_mlir_aliased(),
            (format!("#tmem = {text}"), "#tmem".to_string())
        );
    }
    assert_eq!(
        TritonLayout::parse(TMEM[1].0).unwrap().to_gluon(),
        "ttgl.nvidia.blackwell.TensorMemoryLayout(block=(64, 32), col_stride=1, cta_split_num=(2, 1), two_ctas=True)"
    );
    // an alias line, as a dump defines it
    let dumped = format!("#tmem = {}\n#tmem", TMEM[0].0);
    assert_eq!(
        TritonLayout::parse(&dumped).unwrap(),
        TritonLayout::parse(TMEM[0].0).unwrap()
    );
}

#[test]
fn tensor_memory_text_errors_name_what_was_expected() {
    let braced = "#ttng.tensor_memory_encoding<{blockM = 128, blockN = 64, colStride = 1}>";
    fails_at(braced, 29, "a name");
    let missing = "#ttng.tensor_memory_encoding<blockM = 128, colStride = 1>";
    fails_at(missing, missing.len() - 1, "the argument blockN");
    let unknown =
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, unpacked = true>";
    fails_at(unknown, unknown.find("unpacked").unwrap(), "one of blockM");
    let pair = "TensorMemoryLayout(block=(128,), col_stride=1)";
    fails_at(pair, pair.find('(').unwrap() + 7, "block two numbers");
    // Triton's verifier's refusals
    for text in [
        "#ttng.tensor_memory_encoding<blockM = 96, blockN = 64, colStride = 1>",
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 1024, colStride = 1>",
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 48, colStride = 1>",
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 8>",
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitM = 3>",
        "TensorMemoryLayout((128, 64), 1, cta_split_num=(0, 1))",
    ] {
        assert!(
            matches!(
                TritonLayout::parse(text),
                Err(LayoutError::BadArgument {
                    op: "#ttng.tensor_memory_encoding",
                    ..
                })
            ),
            "{text}"
        );
    }
    // a slice of tensor memory is refused, as Triton slices only distributed layouts
    assert!(
        TritonLayout::parse(&format!("#ttg.slice<{{dim = 0, parent = {}}}>", TMEM[0].0)).is_err()
    );
}
