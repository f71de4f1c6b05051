use super::*;

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Every input of `layout` with its named values, in input order.
fn all_inputs(layout: &LinearLayout) -> Vec<Vec<(String, u32)>> {
    let mut inputs = vec![Vec::new()];
    for (name, list) in layout.bases() {
        inputs = inputs
            .into_iter()
            .flat_map(|prefix| {
                (0..1u32 << list.len()).map(move |v| {
                    let mut next = prefix.clone();
                    next.push((name.clone(), v));
                    next
                })
            })
            .collect();
    }
    inputs
}

fn apply(layout: &LinearLayout, input: &[(String, u32)]) -> Vec<(String, u32)> {
    let ins: Vec<(&str, u32)> = input.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    layout.apply(&ins).unwrap()
}

fn sample() -> LinearLayout {
    LinearLayout::new(
        vec![
            ("register".into(), vec![vec![1, 1], vec![4, 3]]),
            ("lane".into(), vec![vec![2, 0], vec![0, 2], vec![0, 0]]),
        ],
        vec![("dim0".into(), 8), ("dim1".into(), 4)],
        false,
    )
    .unwrap()
}

#[test]
fn products_follow_the_examples_of_triton_s_header() {
    let id = |s, i, o| LinearLayout::identity_1d(s, i, o).unwrap();
    let zeros = |s, i, o| LinearLayout::zeros_1d(s, i, o).unwrap();
    assert_eq!(
        id(4, "i", "o").product(&id(2, "i", "o")).unwrap(),
        id(8, "i", "o")
    );
    let mod4 = id(4, "i", "o").product(&zeros(2, "i", "o")).unwrap();
    assert_eq!(mod4.bases_of("i").unwrap(), [vec![1], vec![2], vec![0]]);
    assert_eq!(mod4.out_dim_size("o"), Some(4));
    let div2 = zeros(2, "i", "o").product(&id(4, "i", "o")).unwrap();
    assert_eq!(div2.bases_of("i").unwrap(), [vec![0], vec![1], vec![2]]);
    let split = id(4, "i", "o1").product(&id(8, "i", "o2")).unwrap();
    assert_eq!(split.out_dims().collect::<Vec<_>>(), ["o1", "o2"]);
    assert_eq!(split.bases_of("i").unwrap()[2], vec![0, 1]);
    assert_eq!(LinearLayout::empty().product(&split).unwrap(), split);
    assert_eq!(split.product(&LinearLayout::empty()).unwrap(), split);
}

#[test]
fn apply_is_the_xor_of_the_bases_of_the_set_bits() {
    let layout = sample();
    let got = layout.apply(&[("lane", 3), ("register", 3)]).unwrap();
    assert_eq!(
        got,
        [
            ("dim0".to_string(), 1 ^ 4 ^ 2),
            ("dim1".to_string(), 1 ^ 3 ^ 2)
        ]
    );
}

#[test]
fn compose_is_outer_after_inner_on_every_input() {
    let inner = sample();
    let outer = LinearLayout::new(
        vec![
            ("dim0".into(), vec![vec![3], vec![1], vec![8]]),
            ("dim1".into(), vec![vec![16], vec![5], vec![0]]),
        ],
        vec![("offset".into(), 32)],
        false,
    )
    .unwrap();
    let composed = inner.compose(&outer).unwrap();
    for input in all_inputs(&inner) {
        assert_eq!(
            apply(&composed, &input),
            apply(&outer, &apply(&inner, &input))
        );
    }
}

#[test]
fn transposes_and_reshapes_keep_the_map() {
    let layout = sample();
    let t = layout
        .transpose_outs(&["dim1", "dim0"])
        .unwrap()
        .transpose_ins(&["lane", "register"])
        .unwrap();
    for input in all_inputs(&layout) {
        let mut swapped = apply(&t, &input);
        swapped.reverse();
        assert_eq!(swapped, apply(&layout, &input));
    }
    // one flat output: dim0 + 8 * dim1
    let flat = layout.reshape_outs(&[("offset", 32)]).unwrap();
    for input in all_inputs(&layout) {
        let two = apply(&layout, &input);
        assert_eq!(apply(&flat, &input)[0].1, two[0].1 + 8 * two[1].1);
    }
    let regrouped = layout.reshape_ins(&[("a", 8), ("b", 4)]).unwrap();
    assert_eq!(regrouped.bases_of("b").unwrap(), [vec![0, 2], vec![0, 0]]);
}

#[test]
fn the_matrix_has_a_row_per_output_bit_and_a_column_per_input_bit() {
    let layout = sample();
    let matrix = layout.matrix();
    assert_eq!((matrix.rows().len(), matrix.columns()), (5, 5));
    // register bit 1 -> (4, 3): dim0 bit 2, dim1 bits 0 and 1
    assert!(matrix.get(2, 1) && matrix.get(3, 1) && matrix.get(4, 1) && !matrix.get(0, 1));
    assert_eq!(layout.rank(), 4);
    assert!(!layout.is_injective() && !layout.is_surjective() && !layout.is_invertible());
}

#[test]
fn bad_layouts_are_errors() {
    let out = || vec![("dim0".to_string(), 4u32)];
    for (bases, out_dims) in [
        (vec![("r".to_string(), vec![vec![4]])], out()),
        (vec![("r".to_string(), vec![vec![1, 0]])], out()),
        (
            vec![("r".to_string(), vec![vec![1]])],
            vec![("dim0".to_string(), 3)],
        ),
        (
            vec![("r".to_string(), vec![]), ("r".to_string(), vec![])],
            out(),
        ),
        (vec![("r".to_string(), vec![vec![0]; 31])], out()),
    ] {
        assert!(LinearLayout::new(bases, out_dims, false).is_err());
    }
    let not_onto = vec![("r".to_string(), vec![vec![1]])];
    assert!(LinearLayout::new(not_onto, out(), true).is_err());
    assert!(LinearLayout::identity_1d(6, "i", "o").is_err());
    let layout = sample();
    assert!(layout.apply(&[("register", 4), ("lane", 0)]).is_err());
    assert!(layout.apply(&[("register", 0)]).is_err());
    assert!(layout.transpose_outs(&["dim0"]).is_err());
    assert!(layout.reshape_ins(&[("a", 16)]).is_err());
    assert!(layout.sublayout(&["warp"], &[]).is_err());
    assert!(layout.compose(&layout).is_err());
    let crossed = LinearLayout::identity_1d(2, "a", "x")
        .unwrap()
        .product(&LinearLayout::identity_1d(2, "b", "y").unwrap())
        .unwrap();
    // Triton's operator* takes orders that disagree, the inner layout's winning (checked
    // against Triton 3.6's own `LinearLayout.__mul__`)
    let reversed = crossed.transpose_ins(&["b", "a"]).unwrap();
    let both = crossed.product(&reversed).unwrap();
    assert_eq!(both.in_dims().collect::<Vec<_>>(), ["a", "b"]);
    assert_eq!(both.bases_of("a").unwrap(), [[1, 0], [2, 0]]);
    assert_eq!(
        both.out_dims_with_sizes(),
        [("x".into(), 4), ("y".into(), 4)]
    );
}

#[test]
fn inferred_sizes_are_the_next_power_of_two() {
    let onto = vec![("r".into(), vec![vec![1, 0], vec![2, 1], vec![0, 1]])];
    let layout = LinearLayout::with_inferred_sizes(onto, names(&["dim0", "dim1"])).unwrap();
    assert_eq!(
        layout.out_dims_with_sizes(),
        [("dim0".to_string(), 4), ("dim1".to_string(), 2)]
    );
    // (1,0) and (2,1) span 4 of the 8 outputs: not surjective
    let short = vec![("r".into(), vec![vec![1, 0], vec![2, 1]])];
    assert!(LinearLayout::with_inferred_sizes(short, names(&["dim0", "dim1"])).is_err());
}

#[test]
fn layouts_print_as_triton_s_to_string() {
    // the strings Python's `str` gives for these layouts with Triton 3.6.0
    let wgmma_a = LinearLayout::new(
        vec![
            ("register".into(), vec![vec![0, 1], vec![8, 0]]),
            (
                "lane".into(),
                vec![vec![0, 2], vec![0, 4], vec![1, 0], vec![2, 0], vec![4, 0]],
            ),
            ("warp".into(), vec![vec![16, 0], vec![32, 0]]),
            ("block".into(), vec![]),
        ],
        vec![("dim0".into(), 64), ("dim1".into(), 16)],
        false,
    )
    .unwrap();
    assert_eq!(
        wgmma_a.to_triton_string(),
        "\n - register=1 -> (0, 1)\n   register=2 -> (8, 0)\n - lane=1 -> (0, 2)\n   \
         lane=2 -> (0, 4)\n   lane=4 -> (1, 0)\n   lane=8 -> (2, 0)\n   lane=16 -> (4, 0)\n \
         - warp=1 -> (16, 0)\n   warp=2 -> (32, 0)\n - block is a size 1 dimension\nwhere out \
         dims are: [dim0 (size 64), dim1 (size 16)]"
    );
    let one_dim = LinearLayout::new(
        vec![("register".into(), vec![vec![1]]), ("lane".into(), vec![])],
        vec![("dim0".into(), 2)],
        false,
    )
    .unwrap();
    assert_eq!(
        one_dim.to_triton_string(),
        "\n - register=1 -> (1)\n - lane is a size 1 dimension\nwhere out dims are: [dim0 (size 2)]"
    );
    let no_inputs = LinearLayout::new(vec![], vec![("dim0".into(), 1)], false).unwrap();
    assert_eq!(
        no_inputs.to_triton_string(),
        "\n(empty layout with out-dims [dim0 (size 1)])"
    );
    assert_eq!(LinearLayout::empty().to_triton_string(), "\n(empty layout)");
}
