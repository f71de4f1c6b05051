use super::*;

/// A small deterministic generator (64-bit LCG), enough to draw layouts.
struct Draw(u64);

impl Draw {
    fn next(&mut self, below: u32) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % u64::from(below)) as u32
    }
}

const OUTS: [(&str, u32); 2] = [("dim0", 8), ("dim1", 4)];

fn draw_layout(draw: &mut Draw, counts: [usize; 3]) -> LinearLayout {
    let bases = ["register", "lane", "warp"]
        .iter()
        .zip(counts)
        .map(|(name, count)| {
            let list = (0..count)
                .map(|_| OUTS.iter().map(|(_, s)| draw.next(*s)).collect())
                .collect();
            (name.to_string(), list)
        })
        .collect();
    LinearLayout::new(
        bases,
        OUTS.iter().map(|(n, s)| (n.to_string(), *s)).collect(),
        false,
    )
    .unwrap()
}

fn inputs(layout: &LinearLayout) -> Vec<Vec<(String, u32)>> {
    let mut all = vec![Vec::new()];
    for (name, list) in layout.bases() {
        all = all
            .into_iter()
            .flat_map(|p: Vec<(String, u32)>| {
                (0..1u32 << list.len()).map(move |v| {
                    let mut next = p.clone();
                    next.push((name.clone(), v));
                    next
                })
            })
            .collect();
    }
    all
}

fn at(layout: &LinearLayout, input: &[(String, u32)]) -> Vec<(String, u32)> {
    let ins: Vec<(&str, u32)> = input.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    layout.apply(&ins).unwrap()
}

#[test]
fn pseudoinverses_are_right_inverses_and_inverses_two_sided() {
    let mut draw = Draw(7);
    let mut checked = (0, 0);
    for _ in 0..300 {
        let counts = [
            draw.next(4) as usize,
            draw.next(4) as usize,
            draw.next(3) as usize,
        ];
        let layout = draw_layout(&mut draw, counts);
        match layout.pseudoinvert() {
            Ok(p) => {
                checked.0 += 1;
                for y in inputs(&p) {
                    assert_eq!(at(&layout, &at(&p, &y)), y, "{layout}");
                }
                if layout.is_invertible() {
                    checked.1 += 1;
                    let inverse = layout.invert().unwrap();
                    assert_eq!(inverse, p);
                    for x in inputs(&layout) {
                        assert_eq!(at(&inverse, &at(&layout, &x)), x);
                    }
                }
            }
            Err(_) => {
                assert!(!layout.is_surjective());
                assert!(layout.invert().is_err());
            }
        }
    }
    assert!(checked.0 > 20 && checked.1 > 5, "{checked:?}");
}

#[test]
fn invert_and_compose_solves_a_equals_b_after_c() {
    let mut draw = Draw(11);
    let mut checked = 0;
    for _ in 0..300 {
        let counts = [draw.next(5) as usize, draw.next(3) as usize, 1];
        let a = draw_layout(&mut draw, counts);
        let counts = [draw.next(6) as usize, draw.next(3) as usize, 1];
        let b = draw_layout(&mut draw, counts);
        match a.invert_and_compose(&b) {
            Ok(c) => {
                checked += 1;
                for x in inputs(&a) {
                    assert_eq!(at(&a, &x), at(&b, &at(&c, &x)), "{a} / {b}");
                }
            }
            Err(_) => assert!(!b.is_surjective() || !a.is_surjective()),
        }
    }
    assert!(checked > 20, "{checked}");
}

#[test]
fn dimensions_both_layouts_share_map_to_themselves() {
    let a = LinearLayout::new(
        vec![
            ("register".into(), vec![vec![1], vec![2]]),
            ("warp".into(), vec![vec![4]]),
        ],
        vec![("dim0".into(), 8)],
        false,
    )
    .unwrap();
    let b = LinearLayout::new(
        vec![
            ("register".into(), vec![vec![2], vec![1]]),
            ("warp".into(), vec![vec![4]]),
        ],
        vec![("dim0".into(), 8)],
        false,
    )
    .unwrap();
    let c = a.invert_and_compose(&b).unwrap();
    assert_eq!(c.bases_of("warp").unwrap(), [vec![0, 1]]);
    assert_eq!(c.bases_of("register").unwrap(), [vec![2, 0], vec![1, 0]]);
}

#[test]
fn outputs_outside_the_image_are_errors() {
    let onto = LinearLayout::identity_1d(4, "register", "dim0").unwrap();
    let short = LinearLayout::new(
        vec![("register".into(), vec![vec![1], vec![0]])],
        vec![("dim0".into(), 4)],
        false,
    )
    .unwrap();
    assert!(onto.invert_and_compose(&short).is_err());
    assert!(short.pseudoinvert().is_err());
    let other = LinearLayout::identity_1d(4, "register", "dim1").unwrap();
    assert!(onto.invert_and_compose(&other).is_err());
}
