//! The large grid's arrangement, image, memory buckets and hover text.

use super::*;
use engine::{MovementOp, RowMajor};

#[test]
fn positions_match_the_block_arrangement_and_invert() {
    for shape in [
        vec![5],
        vec![3, 4],
        vec![2, 3, 4],
        vec![2, 2, 3, 4],
        vec![3, 2, 2, 2, 2],
        vec![2, 3, 1, 2, 3, 2],
        vec![],
    ] {
        let (w, h) = extent(&shape);
        let mut placed = Vec::new();
        for_each_row(&shape, |index, x, y, len| {
            for i in 0..len {
                placed.push((index + i, x + i as i64, y));
            }
        });
        let expected: Vec<(usize, i64, i64)> = RowMajor::new(&shape)
            .enumerate()
            .map(|(index, coord)| {
                let (x, y) = position(&shape, &coord);
                (index, x, y)
            })
            .collect();
        assert_eq!(placed, expected, "{shape:?}");
        let mut seen = std::collections::HashSet::new();
        for coord in RowMajor::new(&shape) {
            let (x, y) = position(&shape, &coord);
            assert!(
                (0..w).contains(&x) && (0..h).contains(&y),
                "{shape:?} {coord:?}"
            );
            assert!(seen.insert((x, y)), "two cells at one place");
            assert_eq!(cell_at(&shape, x, y), Some(coord.clone()));
        }
        let cells = shape.iter().product::<i64>() as usize;
        let gaps = (0..w)
            .flat_map(|x| (0..h).map(move |y| (x, y)))
            .filter(|&(x, y)| cell_at(&shape, x, y).is_none());
        assert_eq!(gaps.count() + cells, (w * h) as usize);
    }
    assert_eq!(
        extent(&[2, 3, 4]),
        (9, 3),
        "a row of two 3x4 blocks with a gap"
    );
    assert_eq!(extent(&[2, 2, 3, 4]), (9, 7), "two such rows with a gap");
    assert_eq!(cell_at(&[2, 3, 4], 4, 0), None, "the gap");
}

#[test]
fn memory_buckets_cover_the_span() {
    let t = ShapeTracker::from_shape(&[4, 5]).unwrap();
    let t = t.apply(&MovementOp::Stride(vec![1, 2])).unwrap().0; // every other column
    let grid = LargeGrid::of(&t).unwrap();
    assert_eq!(grid.span, Some((0, 19)));
    let counts = grid.bucket_counts(100);
    assert_eq!(
        counts.len(),
        20,
        "one bucket per address when the span is small"
    );
    assert_eq!(counts.iter().sum::<u32>(), 12);
    assert_eq!((counts[0], counts[1]), (1, 0));
    let coarse = grid.bucket_counts(4);
    assert_eq!(coarse.iter().sum::<u32>(), 12);
    let ranges: Vec<(i64, i64)> = (0..4).map(|b| grid.bucket_range(b, 4).unwrap()).collect();
    assert_eq!(ranges, vec![(0, 4), (5, 9), (10, 14), (15, 19)]);
    assert_eq!(grid.reading(0, 4, 100).len(), coarse[0] as usize);
}

#[test]
fn the_image_colours_each_cell_by_its_address_and_leaves_the_gaps_clear() {
    // a masked, strided stack of rank 3: blocks with gaps between them
    let t = ShapeTracker::from_shape(&[2, 3, 4]).unwrap();
    let t = t
        .apply(&MovementOp::Pad(vec![(0, 0), (1, 0), (0, 1)]))
        .unwrap()
        .0;
    let grid = LargeGrid::of(&t).unwrap();
    let (lo, hi) = grid.span.unwrap();
    let image = grid.image();
    let (w, h) = extent(&grid.shape);
    assert_eq!((image.width as i64, image.height as i64), (w, h));
    assert_eq!(image.rgba.len(), (w * h * 4) as usize);
    let pixel = |x: i64, y: i64| {
        let at = ((y * w + x) * 4) as usize;
        [
            image.rgba[at],
            image.rgba[at + 1],
            image.rgba[at + 2],
            image.rgba[at + 3],
        ]
    };
    let mut cells = 0;
    for (index, coord) in RowMajor::new(&grid.shape).enumerate() {
        let (x, y) = position(&grid.shape, &coord);
        let expected = match grid.address(index) {
            None => MASKED_RGBA,
            Some(a) => ramp((a - lo) as f64 / (hi - lo) as f64),
        };
        // the table is a few steps of the ramp away at most: a channel moves by under 0.2 per step
        let got = pixel(x, y);
        assert!(
            (0..4).all(|c| got[c].abs_diff(expected[c]) <= 1),
            "{coord:?}: {got:?} against {expected:?}"
        );
        cells += 1;
    }
    let clear = image.rgba.chunks(4).filter(|p| p[3] == 0).count();
    assert_eq!(
        clear + cells,
        (w * h) as usize,
        "every pixel not a cell is a gap"
    );
    assert!(clear > 0);
    assert_eq!(pixel(0, 0), MASKED_RGBA, "the padded row");
    // the lowest and highest addresses get the ramp's ends
    let ends: Vec<[u8; 4]> = [lo, hi]
        .iter()
        .map(|&a| {
            let index = grid.addresses.iter().position(|&x| x == a).unwrap();
            let coord = engine::coord_from_index(&grid.shape, index as i64);
            let (x, y) = position(&grid.shape, &coord);
            pixel(x, y)
        })
        .collect();
    assert_eq!(ends, vec![ramp(0.0), ramp(1.0)]);
    // one address: the middle of the ramp
    let one = LargeGrid::of(&ShapeTracker::from_shape(&[1]).unwrap()).unwrap();
    assert_eq!(one.image().rgba, ramp(0.5).to_vec());
    // the other colourings, on the addresses 0..8 and a masked cell
    let mut eight = LargeGrid::of(&ShapeTracker::from_shape(&[8]).unwrap()).unwrap();
    eight.addresses[7] = MASKED;
    let pixels = |g: &LargeGrid| -> Vec<[u8; 4]> {
        g.image()
            .rgba
            .chunks(4)
            .map(|p| [p[0], p[1], p[2], p[3]])
            .collect()
    };
    eight.colouring = Colouring::Modulo(4);
    let modulo = pixels(&eight);
    assert_eq!(modulo[5], ramp(1.0 / 3.0));
    assert_eq!(modulo[1], modulo[5]);
    assert_eq!(modulo[7], MASKED_RGBA);
    eight.colouring = Colouring::Latex;
    assert_eq!(pixels(&eight)[3], [102, 102, 102, 255]);
    eight.colouring = Colouring::Mask;
    assert_eq!(pixels(&eight)[0], VALID_RGBA);
    // no cells, though the other dimensions' extent is 99,999 x 100,000
    let empty = LargeGrid {
        shape: vec![100_000, 100_000, 0],
        addresses: Vec::new(),
        span: None,
        colouring: Colouring::Address,
    };
    assert_eq!(
        empty.image(),
        Image {
            width: 0,
            height: 0,
            rgba: Vec::new()
        }
    );
}

#[test]
fn memory_buckets_match_exact_division_at_any_span() {
    // spans whose `(hi - lo) * n` fits in u64 and spans where it does not, up to all of i64
    for (lo, hi) in [
        (0, 19),
        (-7, 1 << 40),
        (3, i64::MAX / 1000),
        (0, i64::MAX),
        (i64::MIN + 1, i64::MAX),
        (i64::MIN + 1, -1),
    ] {
        let step = (hi as i128 - lo as i128) / 97;
        let ascending: Vec<Option<i64>> = (0..=97)
            .map(|k| Some((lo as i128 + k * step) as i64))
            .chain([Some(hi), None])
            .collect();
        // in order (each address in or next to the last one's bucket) and scattered
        let len = ascending.len();
        let scattered = (0..len).map(|k| ascending[k * 37 % len]);
        let values = ascending.iter().copied().chain(scattered);
        let grid = LargeGrid::from_values(
            vec![2 * len as i64],
            values,
            Some((lo, hi)),
            Colouring::Address,
        );
        for buckets in [1, 7, 960] {
            let span = (hi as i128 - lo as i128 + 1) as u128;
            let n = (buckets as u128).min(span) as usize;
            let mut expected = vec![0u32; n];
            for a in grid.addresses.iter().filter(|&&a| a != MASKED) {
                let b = ((*a as i128 - lo as i128) as u128 * n as u128 / span) as usize;
                expected[b.min(n - 1)] += 1;
            }
            assert_eq!(grid.bucket_counts(buckets), expected, "{lo} {hi} {buckets}");
            let ranges: Vec<(i64, i64)> =
                (0..n).map(|b| grid.bucket_range(b, n).unwrap()).collect();
            assert_eq!((ranges[0].0, ranges[n - 1].1), (lo, hi));
            assert!(
                ranges.windows(2).all(|w| w[1].0 == w[0].1 + 1),
                "{ranges:?}"
            );
        }
    }
}

#[test]
fn addresses_are_the_stacks_row_major_offsets() {
    // a padded, flipped, transposed stack of three views
    let mut t = ShapeTracker::from_shape(&[6, 10]).unwrap();
    for op in [
        MovementOp::Pad(vec![(1, 2), (0, 3)]),
        MovementOp::Flip(vec![false, true]),
        MovementOp::Reshape(vec![9, 13]),
        MovementOp::Permute(vec![1, 0]),
        MovementOp::Reshape(vec![117]),
    ] {
        t = t.apply(&op).unwrap().0;
    }
    let grid = LargeGrid::of(&t).unwrap();
    let expected: Vec<Option<i64>> = RowMajor::new(t.shape())
        .map(|coord| t.offset_from_coord(&coord))
        .collect();
    assert!(expected.iter().any(Option::is_none) && expected.iter().any(Option::is_some));
    let marked: Vec<i64> = expected.iter().map(|a| a.unwrap_or(MASKED)).collect();
    assert_eq!(grid.addresses, marked);
}

#[test]
fn the_hover_description_follows_a_cell_through_the_views() {
    // tinygrad's ShapeTracker notes' transpose-then-reshape (memory 0 2 4 1 3 5): composed
    // (1,0) is (1,0) of the reshape, which is cell (0,2) of the transposed view, address 4
    let t = ShapeTracker::from_shape(&[3, 2]).unwrap();
    let t = t.apply(&MovementOp::Permute(vec![1, 0])).unwrap().0;
    let t = t.apply(&MovementOp::Reshape(vec![3, 2])).unwrap().0;
    let grid = LargeGrid::of(&t).unwrap();
    assert_eq!(
        grid.describe(&t, Some(2), None).as_deref(),
        Some("logical (1, 0) → view 1: (1, 0) → view 0: (0, 2) → valid, address 4; 1 cell(s) read it")
    );
    assert_eq!(
        grid.describe(&t, None, Some((1, 3))).as_deref(),
        Some("addresses 1..=3 ← read by 3 cell(s)")
    );
    assert_eq!(grid.describe(&t, None, None), None);
}

#[test]
fn a_million_cells_and_their_aliases() {
    let t = ShapeTracker::from_shape(&[1, 1024]).unwrap();
    let t = t.apply(&MovementOp::Expand(vec![1024, 1024])).unwrap().0;
    let grid = LargeGrid::of(&t).unwrap();
    assert_eq!(grid.addresses.len(), 1 << 20);
    assert_eq!(grid.span, Some((0, 1023)));
    assert_eq!(grid.aliases(5, 10).len(), 10);
    assert_eq!(
        grid.aliases(5, usize::MAX).len(),
        1024,
        "stride 0 over 1024 rows"
    );
    // a grid whose values pass its span (a hand-made one) counts them in the last bucket
    let over = LargeGrid::from_values(
        vec![3],
        [Some(0), Some(7), Some(1 << 62)],
        Some((0, 7)),
        Colouring::Address,
    );
    assert_eq!(over.bucket_counts(4), vec![1, 0, 0, 2]);
    let too_big = ShapeTracker::from_shape(&[2048, 1024]).unwrap();
    assert!(LargeGrid::of(&too_big).is_err());
}
