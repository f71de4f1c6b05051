//! Examples from the CuTe layout-algebra docs, one per row of the workbench's preset list.

use super::Operation;

/// `(label, operation, A, B)`: examples from the CuTe layout-algebra docs.
pub const PRESETS: &[(&str, Operation, &str, &str)] = &[
    (
        "coalesce: one mode, same function",
        Operation::Coalesce,
        "(2,(1,6)):(1,(6,2))",
        "",
    ),
    (
        "by-mode coalesce: keep the two modes",
        Operation::CoalesceByMode,
        "(2,(1,6)):(1,(6,2))",
        "(_,_)",
    ),
    (
        "complement: repeat (2,2):(1,6) up to 24",
        Operation::Complement,
        "(2,2):(1,6)",
        "24",
    ),
    (
        "composition: the docs' worked example",
        Operation::Composition,
        "(6,2):(8,2)",
        "(4,3):(3,1)",
    ),
    (
        "composition: (10,2):(16,4) as a 5×4 column-major matrix",
        Operation::Composition,
        "(10,2):(16,4)",
        "(5,4):(1,5)",
    ),
    (
        "by-mode composition: a 3×8 sublayout",
        Operation::Composition,
        "(12,(4,8)):(59,(13,1))",
        "<3:4,8:2>",
    ),
    (
        "right inverse of a row-major 4×2",
        Operation::RightInverse,
        "(4,2):(2,1)",
        "",
    ),
    (
        "logical divide, 1-D: tiles of 4 elements strided by 2",
        Operation::LogicalDivide,
        "(4,2,3):(2,1,8)",
        "4:2",
    ),
    (
        "logical divide, 2-D: 3×8 tiles",
        Operation::LogicalDivide,
        "(9,(4,8)):(59,(13,1))",
        "<3:3,(2,4):(1,8)>",
    ),
    (
        "zipped divide, 2-D: (tile, rest)",
        Operation::ZippedDivide,
        "(9,(4,8)):(59,(13,1))",
        "<3:3,(2,4):(1,8)>",
    ),
    (
        "flat divide, 2-D",
        Operation::FlatDivide,
        "(9,(4,8)):(59,(13,1))",
        "<3:3,(2,4):(1,8)>",
    ),
    (
        "logical product, 1-D: (2,2):(4,1) six times",
        Operation::LogicalProduct,
        "(2,2):(4,1)",
        "6:1",
    ),
    (
        "blocked product: 2×5 row-major blocks in a 3×4 grid",
        Operation::BlockedProduct,
        "(2,5):(5,1)",
        "(3,4):(1,3)",
    ),
    (
        "raked product: the same, interleaved",
        Operation::RakedProduct,
        "(2,5):(5,1)",
        "(3,4):(1,3)",
    ),
];
