//! CuTe C++'s algebra against what CUTLASS 4.2's C++ prints, and its static checks.

use super::*;

/// `(A, B, composition(A, B), tiler, zipped_divide(A, tiler), tiled_divide(A, tiler))` as
/// CuTe C++ prints them (scripts/differential/cute_cpp/gen.cpp, seed 7): the `_` of static
/// integers included, so the static flags are checked too.
const CPP_CASES: [[&str; 6]; 8] = [
    [
        "((16,2),8):((16,256),1)",
        "8:_1",
        "(8,1,1):(16,256,1)",
        "2:2",
        "((2,1,1),((2,1,1),(4,2,8))):((32,256,1),((16,256,1),(64,256,1)))",
        "((2,1,1),(2,1,1),(4,2,8)):((32,256,1),(16,256,1),(64,256,1))",
    ],
    [
        "((4,2),2):((1,8),4)",
        "(8,2):(1,8)",
        "((4,2,1),(1,1,2)):((1,8,4),(8,16,4))",
        "1",
        "((1,1,1),(4,2,2)):((1,8,4),(1,8,4))",
        "((1,1,1),4,2,2):((1,8,4),1,8,4)",
    ],
    [
        "(8,_4):(_4,_1)",
        "(16,2):(1,16)",
        "((8,2),(1,2)):((4,1),(64,2))",
        "2:_1",
        "((2,1),(4,4)):((_4,1),(8,1))",
        "((2,1),4,4):((_4,1),8,1)",
    ],
    [
        "(8,(8,4)):(32,(1,8))",
        "1:47",
        "(1,1,1):(1504,6,8)",
        "(8:_1,1:_1)",
        "((8,(1,1)),(1,(8,4))):((32,(1,8)),(256,(1,8)))",
        "((8,(1,1)),1,(8,4)):((32,(1,8)),256,(1,8))",
    ],
    [
        "(_4,(_2,_8)):(_16,(_8,_1))",
        "4:_1",
        "(4,1,1):(_16,_8,_1)",
        "1",
        "((1,1,1),(4,2,8)):((_16,_8,_1),(16,8,1))",
        "((1,1,1),4,2,8):((_16,_8,_1),16,8,1)",
    ],
    [
        "(16,_4):(_4,_1)",
        "16:3",
        "(6,2):(12,1)",
        "(1:_1,1:_1)",
        "((1,1),(16,4)):((_4,_1),(4,1))",
        "((1,1),16,4):((_4,_1),4,1)",
    ],
    [
        "(_4,(_2,_8)):(_16,(_8,_1))",
        "(2,2):(16,32)",
        "((1,1,2),(1,1,2)):((256,32,2),(512,64,4))",
        "(1:_1,4:_1)",
        "((1,(2,2)),(4,(1,4))):((_16,(_8,_1)),(16,(32,2)))",
        "((1,(2,2)),4,(1,4)):((_16,(_8,_1)),16,(32,2))",
    ],
    [
        "(8,16):(128,8)",
        "(8,2):(6,48)",
        "((2,4),(1,2)):((768,8),(6144,48))",
        "(8:_1,1:_1)",
        "((8,1),(1,16)):((128,8),(1024,8))",
        "((8,1),1,16):((128,8),1024,8)",
    ],
];

#[test]
fn the_algebra_prints_what_cute_cpp_prints() {
    for [a, b, composed, tiler, zipped, tiled] in CPP_CASES {
        let a_layout = CppLayout::parse(a).unwrap();
        let b_tiler = CppTiler::parse(b).unwrap();
        let tiler_parsed = CppTiler::parse(tiler).unwrap();
        assert_eq!(tiler_parsed.to_string(), tiler);
        let got = a_layout.compose_tiler(&b_tiler).unwrap();
        assert_eq!(got.to_string(), composed, "{a} o {b}");
        let got = a_layout.zipped_divide(&tiler_parsed).unwrap();
        assert_eq!(got.to_string(), zipped, "zipped_divide({a}, {tiler})");
        let got = a_layout.tiled_divide(&tiler_parsed).unwrap();
        assert_eq!(got.to_string(), tiled, "tiled_divide({a}, {tiler})");
    }
}

#[test]
fn static_layouts_coalesce_and_dynamic_ones_keep_their_modes() {
    // the shared vector cpp-1-0: (8,2):(2,1) / 2:_1, and the same layout static
    let dynamic = CppLayout::parse("(8,2):(2,1)").unwrap();
    let tiler = CppTiler::parse("2:_1").unwrap();
    let got = dynamic.logical_divide(&tiler).unwrap();
    assert_eq!(got.to_string(), "((2,1),(4,2)):((2,1),(4,1))");
    let fixed = CppLayout::parse("(_8,_2):(_2,_1)").unwrap();
    let got = fixed
        .logical_divide(&CppTiler::parse("_2:_1").unwrap())
        .unwrap();
    assert_eq!(got.to_string(), "(_2,(_4,_2)):(_2,(_4,_1))");
    assert_eq!(fixed.coalesce().unwrap().to_string(), "(_8,_2):(_2,_1)");
    let merges = CppLayout::parse("(_2,_4,3):(_1,_2,_8)").unwrap();
    assert_eq!(merges.coalesce().unwrap().to_string(), "(_8,3):(_1,_8)");
}

#[test]
fn static_checks_fail_as_static_asserts_do() {
    let fixed = CppLayout::parse("(_4,_6):(_1,_8)").unwrap();
    let b = CppLayout::parse("_2:_6").unwrap();
    let error = fixed.compose(&b).unwrap_err().to_string();
    assert!(error.contains("Stride Divisibility Condition"), "{error}");
    let rank2_dynamic = CppLayout::parse("(2,2):(1,4)").unwrap();
    assert!(rank2_dynamic
        .complement(&CppTuple::Int(CppInt::fixed(16)))
        .is_err());
    assert!(fixed
        .tile_to_shape(&CppTuple::Tuple(vec![
            CppTuple::Int(CppInt::fixed(6)),
            CppTuple::Int(CppInt::fixed(6))
        ]))
        .is_err());
    assert!(CppTiler::parse("(2:_1,").is_err());
}
