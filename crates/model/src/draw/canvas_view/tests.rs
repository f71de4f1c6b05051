use super::*;

const AREA: Area = Area {
    left: ROW_GUTTER,
    top: COLUMN_GUTTER,
    width: 640.0,
    height: 480.0,
};

#[test]
fn the_canvas_takes_the_grid_s_proportions_and_the_width() {
    // issue 53: a 32×16 grid on a square 640 canvas used half its width
    let (w, h, scale) = fit((16, 32), gutters(&[32, 16]), (640.0, 960.0));
    assert_eq!(scale, (944.0 / 32.0_f64).min(610.0 / 16.0));
    assert_eq!((w, h), ((16.0 * scale + ROW_GUTTER).round(), 960.0));
    assert!(w > 480.0, "{w}");
    // a wide grid: the whole width, its own height
    let (w, h, scale) = fit((64, 16), gutters(&[16, 64]), (640.0, 960.0));
    assert_eq!(w, 640.0);
    assert_eq!(h, (16.0 * scale + COLUMN_GUTTER).round());
    // a one-row grid keeps a readable height
    assert_eq!(fit((4096, 1), gutters(&[4096]), (960.0, 960.0)).1, MIN_SIDE);
    // blocks of more axes have no gutters
    assert_eq!(gutters(&[2, 3, 4]), (0.0, 0.0));
}

#[test]
fn no_zoom_or_pan_leaves_the_canvas_blank() {
    // issue 53: four presses of + about the centre of a 64×16 grid emptied the canvas
    let extent = (64, 16);
    let mut v = Viewport::fitted(9.0, AREA);
    for _ in 0..12 {
        v = v.zoomed(1.25, 620.0, 460.0, extent, AREA);
        let right = v.tx + 64.0 * v.scale;
        let bottom = v.ty + 16.0 * v.scale;
        assert!(v.tx <= AREA.left && right >= AREA.width, "{v:?}");
        assert!(
            v.ty <= AREA.top && bottom >= AREA.height.min(AREA.top + 16.0 * v.scale),
            "{v:?}"
        );
    }
    // a pan past the edge stops at it
    let far = v.panned(1e6, 1e6, extent, AREA);
    assert_eq!((far.tx, far.ty), (AREA.left, AREA.top));
    let small = Viewport::fitted(2.0, AREA).panned(-1e6, 1e6, extent, AREA);
    assert_eq!(small.tx, AREA.left);
    assert_eq!(small.ty, AREA.height - 16.0 * 2.0);
}

#[test]
fn zoom_keeps_the_cell_under_the_pointer() {
    let extent = (200, 200);
    let v = Viewport::fitted(8.0, AREA).panned(-400.0, -400.0, extent, AREA);
    let (px, py) = (300.0, 250.0);
    let under = v.cell(px, py);
    let z = v.zoomed(1.25, px, py, extent, AREA);
    assert_eq!(z.cell(px, py), under);
    assert_eq!(z.scale, 10.0);
    // and a cell's centre is under the pointer that zooms about it
    let (cx, cy) = z.centre(80, 70);
    assert_eq!(z.zoomed(1.25, cx, cy, extent, AREA).cell(cx, cy), (80, 70));
    // the scale stays in its range
    assert_eq!(v.zoomed(1e9, px, py, extent, AREA).scale, SCALE_RANGE.1);
}

#[test]
fn axis_numbers_are_spaced_to_be_read_and_only_those_in_view() {
    // 20 px cells: every column numbered
    assert_eq!(
        ticks(8, 20.0, 30.0, (30.0, 640.0), 14.0),
        (0..8).collect::<Vec<_>>()
    );
    // 3 px cells: every 5th
    assert_eq!(
        ticks(64, 3.0, 30.0, (30.0, 640.0), 14.0),
        (0..64).step_by(5).collect::<Vec<_>>()
    );
    // 0.6 px cells: every 50th
    assert_eq!(
        ticks(1024, 0.6, 0.0, (0.0, 640.0), 24.0),
        (0..1024).step_by(50).collect::<Vec<_>>()
    );
    // panned: the first in view is 10 cells in
    let t = ticks(100, 10.0, 30.0 - 100.0, (30.0, 130.0), 14.0);
    assert_eq!(t.first(), Some(&10));
    assert!(t.iter().all(|&i| i % 2 == 0) && t.last() <= Some(&20));
}

#[test]
fn labels_are_drawn_only_when_legible() {
    // issue 53: "T0 V0" was written 4 px high in 20 px cells
    assert_eq!(label_font(20.0, 5, 1), None);
    // on two lines, "T12" / "V3" reads at 20 px? no: under 9 px
    assert_eq!(label_font(20.0, 3, 2), None);
    let font = label_font(40.0, 4, 2).unwrap();
    assert!((MIN_FONT..=15.0).contains(&font), "{font}");
    assert_eq!(label_font(200.0, 2, 1), Some(15.0));
}
