//! How a page colours its grids: by address on a ramp, by mask, by the view that masked a
//! cell, by value modulo a number, in `print_latex`'s greys, or not at all. A colouring picks
//! each cell's [`Swatch`]; the style sheet (`style/colours.css`) holds the swatches' colours,
//! and a test holds the two together and checks every text on them for contrast.

use super::stack_grid::{value_span, StackGrid};

/// The ramp of addresses and values: matplotlib's viridis at 32 even steps, perceptually
/// uniform and monotonic in lightness, so it reads the same with every common colour-vision
/// deficiency and in grey.
pub const RAMP: [[u8; 3]; 32] = [
    [0x44, 0x01, 0x54],
    [0x47, 0x0d, 0x60],
    [0x48, 0x18, 0x6a],
    [0x48, 0x23, 0x74],
    [0x47, 0x2e, 0x7c],
    [0x45, 0x38, 0x82],
    [0x42, 0x41, 0x86],
    [0x3e, 0x4a, 0x89],
    [0x3a, 0x54, 0x8c],
    [0x36, 0x5d, 0x8d],
    [0x32, 0x65, 0x8e],
    [0x2e, 0x6d, 0x8e],
    [0x2b, 0x75, 0x8e],
    [0x28, 0x7d, 0x8e],
    [0x25, 0x84, 0x8e],
    [0x22, 0x8c, 0x8d],
    [0x1f, 0x94, 0x8c],
    [0x1e, 0x9c, 0x89],
    [0x20, 0xa3, 0x86],
    [0x25, 0xab, 0x82],
    [0x2e, 0xb3, 0x7c],
    [0x3a, 0xba, 0x76],
    [0x48, 0xc1, 0x6e],
    [0x58, 0xc7, 0x65],
    [0x6c, 0xcd, 0x5a],
    [0x7f, 0xd3, 0x4e],
    [0x93, 0xd7, 0x41],
    [0xa8, 0xdb, 0x34],
    [0xc0, 0xdf, 0x25],
    [0xd5, 0xe2, 0x1a],
    [0xea, 0xe5, 0x1a],
    [0xfd, 0xe7, 0x25],
];

/// CuTe's `print_latex` colours a layout's cell `L(i) % 8` with `black!00, 40, 20, 60, 10,
/// 50, 30, 70` (percent black in white): these greys, as one channel.
pub const LATEX_GREYS: [u8; 8] = [255, 153, 204, 102, 230, 128, 178, 77];

/// `print_latex`'s colours of a thread-value picture's threads `t mod 8` (`TikzColor_TV`), as
/// RGB.
pub const TV_COLOURS: [[u8; 3]; 8] = [
    [175, 175, 255],
    [175, 255, 175],
    [255, 255, 175],
    [255, 175, 175],
    [210, 210, 255],
    [210, 255, 210],
    [255, 255, 210],
    [255, 210, 210],
];

/// Largest `N` of a "value mod N" colouring.
pub const MAX_MODULUS: i64 = 4096;

/// How a page colours its grids' cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Colouring {
    /// On the ramp from the lowest to the highest value of the grid: strides show as
    /// gradients, broadcasts as repeats.
    #[default]
    Address,
    /// Valid, masked and (in memory) unused cells apart.
    Mask,
    /// Masked cells by the view of the stack that masks them.
    Origin,
    /// On the ramp by value modulo `N` (32 for shared-memory banks of 4-byte words).
    Modulo(i64),
    /// `print_latex`'s eight greys by value modulo 8; prints in black and white.
    Latex,
    /// `print_latex`'s eight thread colours ([`TV_COLOURS`]) by value modulo 8: a thread-value
    /// picture's canvases only (DOM grids, which have no swatch for them, fall back to the ramp
    /// modulo 8).
    Threads,
    /// No colour: cells outlined, for printing.
    Plain,
}

/// A cell's colour, written as its `data-c` attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swatch {
    /// Step `k` of [`RAMP`].
    Ramp(u8),
    /// [`LATEX_GREYS`]`[k]`.
    Grey(u8),
    /// Masked by view `k` (colours cycle by 8).
    Origin(u8),
    /// No colour.
    Plain,
}

impl Swatch {
    /// The `data-c` value the style sheet colours: `r0`..`r31`, `g0`..`g7`, `o0`..`o7`, `p`.
    pub fn attr(self) -> String {
        match self {
            Swatch::Ramp(k) => format!("r{k}"),
            Swatch::Grey(k) => format!("g{k}"),
            Swatch::Origin(k) => format!("o{k}"),
            Swatch::Plain => "p".to_string(),
        }
    }

    /// The swatch's colour where a canvas paints it (the ramp and the greys; `None` for the
    /// others, which the style sheet themes).
    pub fn rgb(self) -> Option<[u8; 3]> {
        match self {
            Swatch::Ramp(k) => RAMP.get(usize::from(k)).copied(),
            Swatch::Grey(k) => LATEX_GREYS.get(usize::from(k)).map(|&g| [g, g, g]),
            Swatch::Origin(_) | Swatch::Plain => None,
        }
    }
}

/// WCAG's relative luminance of an sRGB colour.
pub fn luminance(rgb: [u8; 3]) -> f64 {
    let channel = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2])
}

/// WCAG's contrast ratio of two colours, from 1 to 21.
pub fn contrast_ratio(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// Black or white, whichever contrasts more with `background` (at least 4.58:1, the square
/// root of 21, on any colour): the colour of text a canvas writes on a cell.
pub fn text_on(background: [u8; 3]) -> [u8; 3] {
    let (black, white) = ([0; 3], [255; 3]);
    match contrast_ratio(background, black) >= contrast_ratio(background, white) {
        true => black,
        false => white,
    }
}

/// The ramp step of `value` in `lo..=hi` (the middle step where the span is one value).
pub fn ramp_step(value: i64, (lo, hi): (i64, i64)) -> u8 {
    let last = (RAMP.len() - 1) as i128;
    if hi <= lo {
        return (RAMP.len() / 2) as u8;
    }
    let d = (i128::from(value) - i128::from(lo)).clamp(0, i128::from(hi) - i128::from(lo));
    (d * last / (i128::from(hi) - i128::from(lo))) as u8
}

impl Colouring {
    /// The colourings of a layout's grid (a layout masks nothing).
    pub const OF_LAYOUTS: [Colouring; 4] = [
        Colouring::Latex,
        Colouring::Address,
        Colouring::Modulo(32),
        Colouring::Plain,
    ];

    /// The choices a page offers, in its menu's order (`Modulo` with its default `N`).
    pub const ALL: [Colouring; 6] = [
        Colouring::Address,
        Colouring::Mask,
        Colouring::Origin,
        Colouring::Modulo(32),
        Colouring::Latex,
        Colouring::Plain,
    ];

    /// The name in links and in the menu's values: `address`, `mask`, `origin`, `mod32`,
    /// `latex`, `none`.
    pub fn as_str(self) -> String {
        match self {
            Colouring::Address => "address".into(),
            Colouring::Mask => "mask".into(),
            Colouring::Origin => "origin".into(),
            Colouring::Modulo(n) => format!("mod{n}"),
            Colouring::Latex => "latex".into(),
            Colouring::Threads => "threads".into(),
            Colouring::Plain => "none".into(),
        }
    }

    /// The menu's kind of colouring, without `N`: `mod` for every modulus.
    pub fn kind(self) -> &'static str {
        match self {
            Colouring::Address => "address",
            Colouring::Mask => "mask",
            Colouring::Origin => "origin",
            Colouring::Modulo(_) => "mod",
            Colouring::Latex => "latex",
            Colouring::Threads => "threads",
            Colouring::Plain => "none",
        }
    }

    /// What the menu says.
    pub fn title(self) -> &'static str {
        match self {
            Colouring::Address => "by address (ramp)",
            Colouring::Mask => "by mask",
            Colouring::Origin => "by view that masks",
            Colouring::Modulo(_) => "by value mod N",
            Colouring::Latex => "print_latex greys (value mod 8)",
            Colouring::Threads => "print_latex thread colours (value mod 8)",
            Colouring::Plain => "none (black and white)",
        }
    }

    /// Reads [`Colouring::as_str`]'s names; `mod` alone is `mod32`. `None` for anything else,
    /// a modulus below 2 or above [`MAX_MODULUS`] included.
    pub fn parse(text: &str) -> Option<Colouring> {
        Some(match text {
            "address" => Colouring::Address,
            "mask" => Colouring::Mask,
            "origin" => Colouring::Origin,
            "latex" => Colouring::Latex,
            "threads" => Colouring::Threads,
            "none" => Colouring::Plain,
            "mod" => Colouring::Modulo(32),
            _ => {
                let n: i64 = text.strip_prefix("mod")?.parse().ok()?;
                if !(2..=MAX_MODULUS).contains(&n) || text.starts_with("mod+") {
                    return None;
                }
                Colouring::Modulo(n)
            }
        })
    }

    /// The swatch of a cell showing `value` (`None` where masked or unused) in a grid whose
    /// values span `span`, masked by view `origin` when the colouring asks; `None` where the
    /// cell keeps its class's colour (valid, masked, unused).
    pub fn swatch(
        self,
        value: Option<i64>,
        span: Option<(i64, i64)>,
        origin: Option<usize>,
    ) -> Option<Swatch> {
        match self {
            Colouring::Plain => Some(Swatch::Plain),
            Colouring::Mask => None,
            Colouring::Origin => match value {
                None => origin.map(|k| Swatch::Origin((k % 8) as u8)),
                Some(_) => None,
            },
            Colouring::Address => Some(Swatch::Ramp(ramp_step(value?, span?))),
            Colouring::Threads => Some(Swatch::Ramp(ramp_step(value?.rem_euclid(8), (0, 7)))),
            Colouring::Modulo(n) => {
                let n = n.max(2);
                let r = value?.rem_euclid(n);
                Some(Swatch::Ramp(ramp_step(spread(r, n), (0, n - 1))))
            }
            Colouring::Latex => Some(Swatch::Grey(value?.rem_euclid(8) as u8)),
        }
    }
}

impl StackGrid {
    /// Sets every cell's swatch for `colouring`: the composed grid and the memory strip on the
    /// span of valid addresses (so a cell and its address share a colour), each view's grid on
    /// its own values' span, and a masked composed cell by the innermost view its chain
    /// reaches (the one whose mask drops it).
    pub fn paint(&mut self, colouring: Colouring) {
        let span = self.span;
        for (cell, chain) in self.logical.cells.iter_mut().zip(&self.chains) {
            let origin = chain.iter().position(Option::is_some).unwrap_or(0);
            cell.swatch = colouring.swatch(cell.value, span, Some(origin));
        }
        for (k, grid) in self.views.iter_mut().enumerate() {
            let own = value_span(&grid.cells);
            for cell in &mut grid.cells {
                cell.swatch = colouring.swatch(cell.value, own, Some(k));
            }
        }
        for cell in &mut self.memory {
            let used = (!cell.readers.is_empty()).then_some(cell.address);
            cell.swatch = match colouring {
                Colouring::Origin => None,
                _ => colouring.swatch(used, span, None),
            };
        }
    }
}

/// Where residue `r` of `n` sits on the ramp: `r · k mod n` for the `k` coprime to `n` nearest
/// above 0.38 n, so neighbouring residues (banks 14 and 15) land far apart on the ramp and look
/// unlike, yet every residue keeps a colour of its own. Up to 4 residues keep their order.
pub fn spread(r: i64, n: i64) -> i64 {
    if n <= 4 {
        return r;
    }
    let gcd = |mut a: i64, mut b: i64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let k = ((n as f64 * 0.382).round() as i64..n)
        .find(|&k| gcd(k, n) == 1)
        .unwrap_or(1);
    (r * k).rem_euclid(n)
}

/// The legend under a grid coloured by `colouring` over `span`: `(swatch, what it means)`
/// rows, the ramp's ends and middle for a ramp; empty where nothing is coloured by meaning.
pub fn legend(
    colouring: Colouring,
    span: Option<(i64, i64)>,
    views: usize,
) -> Vec<(Swatch, String)> {
    match colouring {
        Colouring::Address => match span {
            None => Vec::new(),
            Some((lo, hi)) if lo == hi => {
                vec![(Swatch::Ramp(ramp_step(lo, (lo, hi))), lo.to_string())]
            }
            Some((lo, hi)) => {
                let mid = lo + (hi - lo) / 2;
                vec![
                    (Swatch::Ramp(ramp_step(lo, (lo, hi))), lo.to_string()),
                    (Swatch::Ramp(ramp_step(mid, (lo, hi))), mid.to_string()),
                    (Swatch::Ramp(ramp_step(hi, (lo, hi))), hi.to_string()),
                ]
            }
        },
        Colouring::Modulo(n) => {
            let shown: Vec<i64> = if n <= 8 {
                (0..n).collect()
            } else {
                vec![0, n / 2, n - 1]
            };
            shown
                .into_iter()
                .map(|r| {
                    (
                        Swatch::Ramp(ramp_step(spread(r, n), (0, n - 1))),
                        format!("≡ {r}"),
                    )
                })
                .collect()
        }
        Colouring::Latex => (0..8u8)
            .map(|k| (Swatch::Grey(k), format!("≡ {k}")))
            .collect(),
        Colouring::Origin => (0..views.min(8))
            .map(|k| (Swatch::Origin(k as u8), format!("masked by view {k}")))
            .collect(),
        Colouring::Mask | Colouring::Plain | Colouring::Threads => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_bad_ones_are_refused() {
        for c in Colouring::ALL
            .into_iter()
            .chain([Colouring::Modulo(2), Colouring::Modulo(4096)])
        {
            assert_eq!(Colouring::parse(&c.as_str()), Some(c), "{c:?}");
        }
        assert_eq!(Colouring::parse("mod"), Some(Colouring::Modulo(32)));
        for bad in [
            "", "mod1", "mod0", "mod-4", "mod+4", "mod4097", "modx", "Address", "ramp",
        ] {
            assert_eq!(Colouring::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_ramp_runs_from_its_first_step_to_its_last_over_the_span() {
        assert_eq!(ramp_step(0, (0, 63)), 0);
        assert_eq!(ramp_step(63, (0, 63)), 31);
        assert_eq!(ramp_step(-5, (-5, 5)), 0);
        assert_eq!(ramp_step(5, (-5, 5)), 31);
        assert_eq!(ramp_step(7, (7, 7)), 16);
        // huge spans do not overflow
        assert_eq!(ramp_step(i64::MAX, (i64::MIN, i64::MAX)), 31);
        assert_eq!(ramp_step(0, (i64::MIN, i64::MAX)), 15);
        // monotonic
        let steps: Vec<u8> = (0..100).map(|v| ramp_step(v, (0, 99))).collect();
        assert!(steps.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn each_colouring_picks_swatches_by_its_rule() {
        let span = Some((0, 31));
        assert_eq!(
            Colouring::Address.swatch(Some(31), span, None),
            Some(Swatch::Ramp(31))
        );
        assert_eq!(Colouring::Address.swatch(None, span, Some(1)), None);
        assert_eq!(
            Colouring::Modulo(32).swatch(Some(33), span, None),
            Some(Swatch::Ramp(ramp_step(spread(1, 32), (0, 31))))
        );
        // residue 1 of 32 is 13 steps up the ramp, not beside residue 0
        assert_eq!(spread(1, 32), 13);
        assert_eq!(
            Colouring::Modulo(4).swatch(Some(-1), span, None),
            Some(Swatch::Ramp(31))
        );
        assert_eq!(
            Colouring::Latex.swatch(Some(13), span, None),
            Some(Swatch::Grey(5))
        );
        assert_eq!(
            Colouring::Origin.swatch(None, span, Some(9)),
            Some(Swatch::Origin(1))
        );
        assert_eq!(Colouring::Origin.swatch(Some(3), span, Some(0)), None);
        assert_eq!(Colouring::Mask.swatch(Some(3), span, None), None);
        assert_eq!(
            Colouring::Plain.swatch(None, span, None),
            Some(Swatch::Plain)
        );
    }

    #[test]
    fn legends_name_the_ends_of_the_ramp() {
        let rows = legend(Colouring::Address, Some((4, 40)), 1);
        let texts: Vec<&str> = rows.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["4", "22", "40"]);
        assert_eq!(rows[0].0, Swatch::Ramp(0));
        assert_eq!(rows[2].0, Swatch::Ramp(31));
        assert_eq!(legend(Colouring::Latex, None, 1).len(), 8);
        assert_eq!(legend(Colouring::Modulo(4), None, 1).len(), 4);
        assert_eq!(legend(Colouring::Origin, None, 3).len(), 3);
        assert!(legend(Colouring::Mask, Some((0, 1)), 1).is_empty());
    }

    /// `#rrggbb` as its channels.
    fn rgb(hex: &str) -> [u8; 3] {
        let channel = |k: usize| u8::from_str_radix(&hex[1 + 2 * k..3 + 2 * k], 16).unwrap();
        [channel(0), channel(1), channel(2)]
    }

    fn luminance(hex: &str) -> f64 {
        super::luminance(rgb(hex))
    }

    fn contrast(a: &str, b: &str) -> f64 {
        contrast_ratio(rgb(a), rgb(b))
    }

    #[test]
    fn canvas_text_is_readable_on_every_colour() {
        let mut colours: Vec<[u8; 3]> = RAMP.to_vec();
        colours.extend(LATEX_GREYS.iter().map(|&g| [g, g, g]));
        // and every colour on a coarse lattice of the cube
        for r in (0..=255).step_by(17) {
            for g in (0..=255).step_by(17) {
                for b in (0..=255).step_by(17) {
                    colours.push([r as u8, g as u8, b as u8]);
                }
            }
        }
        for c in colours {
            let ratio = contrast_ratio(c, text_on(c));
            assert!(ratio >= 4.58, "{c:?}: {ratio}");
        }
        assert_eq!(text_on([255, 255, 255]), [0, 0, 0]);
        assert_eq!(text_on([0, 0, 0]), [255, 255, 255]);
    }

    /// The `(background, color)` of the style sheet's rule for `data-c="{name}"`.
    fn rule<'a>(css: &'a str, name: &str) -> (&'a str, &'a str) {
        let at = css
            .find(&format!(".cell[data-c=\"{name}\"]"))
            .unwrap_or_else(|| panic!("no rule for {name}"));
        let body = &css[at..];
        let body = &body[body.find('{').unwrap() + 1..body.find('}').unwrap()];
        let value = |property: &str| {
            let from = body.find(&format!("{property}: ")).unwrap() + property.len() + 2;
            body[from..].split(';').next().unwrap().trim()
        };
        (value("background"), value("color"))
    }

    #[test]
    fn the_style_sheet_paints_each_swatch_as_the_table_says_with_readable_text() {
        let css = include_str!("../../../../style/colours.css");
        let hex = |[r, g, b]: [u8; 3]| format!("#{r:02x}{g:02x}{b:02x}");
        for (k, &colour) in RAMP.iter().enumerate() {
            let (background, text) = rule(css, &format!("r{k}"));
            assert_eq!(background, hex(colour), "ramp step {k}");
            assert!(
                contrast(background, text) >= 4.5,
                "ramp step {k}: {text} on {background}"
            );
        }
        for k in 0..LATEX_GREYS.len() {
            let (background, text) = rule(css, &format!("g{k}"));
            assert_eq!(
                Some(background.to_string()),
                Swatch::Grey(k as u8).rgb().map(hex)
            );
            assert!(
                contrast(background, text) >= 4.5,
                "grey {k}: {text} on {background}"
            );
        }
        // the view colours are themed: light-dark(light, dark) for background and text both
        let pair = |v: &str| -> (String, String) {
            let inner = v
                .strip_prefix("light-dark(")
                .unwrap()
                .strip_suffix(')')
                .unwrap();
            let (l, d) = inner.split_once(", ").unwrap();
            (l.to_string(), d.to_string())
        };
        for k in 0..8 {
            let (background, text) = rule(css, &format!("o{k}"));
            let ((bl, bd), (tl, td)) = (pair(background), pair(text));
            assert!(
                contrast(&bl, &tl) >= 4.5 && contrast(&bd, &td) >= 4.5,
                "view {k}"
            );
        }
        // lightness rises along the ramp, so it reads in grey too
        let lights: Vec<f64> = RAMP.iter().map(|&c| luminance(&hex(c))).collect();
        assert!(lights.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn neighbouring_banks_land_far_apart_on_the_ramp() {
        // issue 53: on a 32-step ramp banks 14 and 15 looked alike
        for n in [32, 64, 16, 8] {
            let at: Vec<i64> = (0..n).map(|r| spread(r, n)).collect();
            let mut sorted = at.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n).collect::<Vec<_>>(), "a colour each, n = {n}");
            for r in 0..n {
                let d = (at[r as usize] - at[((r + 1) % n) as usize]).abs();
                assert!(
                    d.min(n - d) >= n / 4,
                    "n = {n}: {r} and {} are {d} apart",
                    r + 1
                );
            }
        }
        assert_eq!(
            (0..4).map(|r| spread(r, 4)).collect::<Vec<_>>(),
            [0, 1, 2, 3]
        );
    }
}
