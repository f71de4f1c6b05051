use super::*;

const BLOCKED: &str = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>";

#[track_caller]
fn check_error(text: &str, position: usize, expected: &str) {
    match TensorType::parse(text) {
        Err(LayoutError::Parse {
            position: at,
            expected: said,
            input,
            ..
        }) => {
            assert_eq!(input, text);
            assert_eq!(at, position, "{said}");
            assert!(said.contains(expected), "{said}");
        }
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn a_tensor_type_gives_its_shape_element_and_layout_inline_or_by_alias() {
    let inline = format!("tensor<32x64xf16, {BLOCKED}>");
    let tensor = TensorType::parse(&inline).unwrap();
    assert_eq!(tensor.shape(), [32, 64]);
    assert_eq!(tensor.element(), "f16");
    assert_eq!(tensor.layout(), &TritonLayout::parse(BLOCKED).unwrap());
    assert_eq!(tensor.to_mlir(), inline);
    let aliased = TensorType::parse(&format!(
        "#blocked = {BLOCKED}\ntensor<32x64xf16, #blocked>"
    ));
    assert_eq!(aliased.unwrap(), tensor);
    // pointer element types carry brackets and commas of their own
    let pointers = TensorType::parse(&format!("tensor<32x64x!tt.ptr<f16, 1>, {BLOCKED}>")).unwrap();
    assert_eq!(pointers.element(), "!tt.ptr<f16, 1>");
    // a dot operand of an aliased parent
    let mma = "#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>";
    let dot = TensorType::parse(&format!(
        "{mma}\ntensor<64x32xf16, #ttg.dot_op<{{opIdx = 0, parent = #mma, kWidth = 2}}>>"
    ))
    .unwrap();
    assert!(matches!(dot.layout(), TritonLayout::DotOperand(_)));
}

#[test]
fn triton_text_is_a_tensor_when_it_says_tensor_and_a_layout_otherwise() {
    let layout = TritonText::parse(BLOCKED).unwrap();
    assert_eq!(layout.shape(), None);
    let tensor = TritonText::parse(&format!("tensor<16x32xf32, {BLOCKED}>")).unwrap();
    assert_eq!(tensor.shape(), Some(&[16, 32][..]));
    assert_eq!(tensor.layout(), layout.layout());
    let gluon = TritonText::parse("ttgl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])").unwrap();
    assert_eq!(gluon.layout(), layout.layout());
}

#[test]
fn errors_are_placed_in_the_text_as_typed() {
    check_error("#blocked = #ttg.blocked<{}>", 0, "`tensor<`");
    check_error("tensor<32y64xf32, #blocked>", 9, "`x` after a size");
    check_error("tensor<99999999999x4xf32, #b>", 7, "below 2^32");
    check_error("tensor<32x64xf32>", 16, "layout attribute");
    check_error("tensor<32x64x, #b>", 13, "element type");
    check_error(
        &format!("tensor<16x32xf32, {BLOCKED}"),
        18 + BLOCKED.len(),
        "`>`",
    );
    check_error(
        &format!("tensor<16x32xf32, {BLOCKED}> x"),
        20 + BLOCKED.len(),
        "the end",
    );
    // the attribute's own errors, where they are in the text: an unknown alias
    check_error("tensor<16x32xf32, #blocked>", 18, "alias");
    let aliased = "#blocked = #ttg.blocked<{sizePerThread = [1]}>\ntensor<16xf32, #blocked>";
    check_error(aliased, 44, "threadsPerWarp");
    // a missing key inside an inline attribute, at its closing brace
    let inline = "tensor<16xf32, #ttg.blocked<{sizePerThread = [1]}>>";
    check_error(inline, 48, "threadsPerWarp");
    assert!(matches!(
        TensorType::parse(&format!("tensor<16xf32, {BLOCKED}>")),
        Err(LayoutError::RankMismatch {
            expected: 1,
            found: 2,
            ..
        })
    ));
}
