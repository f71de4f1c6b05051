//! The Layouts page: a CuTe layout as typed, the last one that parsed, and what the page draws
//! for it: the grid of `L(i)` (mode 0 down, mode 1 across, further modes as blocks, the last
//! outermost) and the codomain strip.

pub mod banks;
pub mod workbench;
pub mod workbench_view;

use crate::draw::colouring::Colouring;
use crate::state::field::{FieldError, Parsed};
use crate::state::url::PageState;
use engine::access::{suggest, Candidate, Remedy, Suggestions};
use engine::cute::{
    idx2crd, ComposedLayout, CppComposedLayout, CppOffset, IntTuple, Layout, Notation,
};
use engine::morphism::{Morphism, NotTractable};
use engine::LayoutError;

use crate::draw::stack_grid::{Axes, Cell, StackGrid, MAX_DRAWN_CELLS};
use banks::{Atom, BanksState, Units};
use workbench::WorkbenchState;

/// Longest layout text kept.
const MAX_CHARS: usize = 4096;

/// What each cell of the layout's grid shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CellText {
    /// `L(i)`, the offset.
    #[default]
    Value,
    /// `i`, the 1-D (colexicographic) index.
    Index,
    /// The hierarchical coordinate, `((1,2),3)`.
    Coord,
}

impl CellText {
    /// Every choice, in the picker's order.
    pub const ALL: [CellText; 3] = [CellText::Value, CellText::Index, CellText::Coord];

    /// The slug in the URL and the select.
    pub fn as_str(self) -> &'static str {
        match self {
            CellText::Value => "value",
            CellText::Index => "index",
            CellText::Coord => "coord",
        }
    }

    /// The picker's title.
    pub fn title(self) -> &'static str {
        match self {
            CellText::Value => "value L(i)",
            CellText::Index => "index i",
            CellText::Coord => "coordinate",
        }
    }

    /// The value a slug names; `None` for any other.
    pub fn parse(slug: &str) -> Option<CellText> {
        CellText::ALL.into_iter().find(|c| c.as_str() == slug)
    }
}

/// The Layouts page's state: `L=…&show=coord&colour=…`, then the workbench's and the bank
/// section's keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutsState {
    /// The layout as typed and the last one that parsed.
    field: Parsed<Layout>,
    /// What the grid's cells show.
    pub show: CellText,
    /// How the grid and the codomain are coloured (by default as `print_latex` colours).
    pub colour: Colouring,
    /// The algebra workbench below the layout.
    pub workbench: WorkbenchState,
    /// The swizzle composed with the layout and the warp read whose bank conflicts are shown.
    pub banks: BanksState,
}

impl Default for LayoutsState {
    /// The paper's running example.
    fn default() -> LayoutsState {
        let text = "((4,4),4):((16,1),4)";
        let layout =
            Layout::parse(text).unwrap_or_else(|_| unreachable!("the default layout parses"));
        LayoutsState {
            field: Parsed::valid(text, layout).max_chars(MAX_CHARS + 1),
            show: CellText::Value,
            colour: Colouring::Latex,
            workbench: WorkbenchState::default(),
            banks: BanksState::default(),
        }
    }
}

/// Size, cosize, rank, depth and tractability of a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Properties {
    /// `size(L)`, or the error computing it gives (a size past 64 bits).
    pub size: String,
    /// `cosize(L) = L(size-1) + 1`, or the error computing it gives.
    pub cosize: String,
    /// The number of top-level modes: 3 for `(4,(2,3),2):(…)`.
    pub rank: usize,
    /// The nesting depth: 0 for `4:1`, 1 for `(4,8):(8,1)`, 2 for `((4,4),4):((16,1),4)`.
    pub depth: usize,
    /// `Ok(standard morphism)` or why the layout is not tractable.
    pub tractable: Result<String, NotTractable>,
}

impl LayoutsState {
    /// The layout as typed (`L=`); the parser refuses one past 4,096 characters.
    pub fn text(&self) -> &str {
        self.field.text()
    }
    /// The last layout that parsed.
    pub fn layout(&self) -> &Layout {
        self.field.value()
    }
    /// Why the typed text is not a layout (the last layout stays).
    pub fn error(&self) -> Option<&FieldError> {
        self.field.error()
    }

    /// Takes what was typed; a layout that parses replaces the shown one, otherwise the error
    /// says why and the last layout stays. A composed layout sets the layout to its inner
    /// layout and the section's swizzle to its own, in its units: `Sw<B,M,S> o 0 o L` (or
    /// `o _0 o`) on element offsets, CuTe's print `Sw<3,4,3> o smem_ptr[16b](unset) o L` on the
    /// bytes of 16-bit elements.
    pub fn set_text(&mut self, text: &str) {
        let banks = &mut self.banks;
        self.field.set(text, |text| {
            let error = match Layout::parse(text) {
                Ok(layout) => return Ok(layout),
                Err(e) => e,
            };
            if text.contains("smem_ptr") {
                return with_pointer(banks, text);
            }
            match ComposedLayout::parse(text) {
                Ok(composed) if composed.offset() == 0 => {
                    banks.set_units(Units::Elements);
                    banks.set_swizzle(composed.swizzle());
                    Ok(composed.layout().clone())
                }
                Ok(composed) => Err(FieldError::rule(format!(
                    "offset {} before the layout: the page composes a swizzle with offset 0",
                    composed.offset()
                ))),
                // a composed layout's own error where the text is one, else the plain layout's
                Err(e) if text.contains(" o ") => Err(e.into()),
                Err(_) => Err(error.into()),
            }
        });
    }

    /// Picks a GMMA atom as CuTe's kernels use one: repeated to fill the page's tile
    /// (`tile_to_shape`: the tile it fills already, else the layout's rows × columns), or
    /// alone when it divides neither. Its layout goes in the field, its swizzle in the section.
    pub fn pick_atom(&mut self, atom: Atom) {
        let bits = self.banks.element_bits();
        let tiles = atom.tiles(bits, banks::rows_cols(self.layout()));
        let kept = self.banks.atom_tile().filter(|t| tiles.contains(&Some(*t)));
        self.tile_atom(atom, kept.or(tiles[0]));
    }

    /// Picks a GMMA atom repeated to fill `tile` (`None`: the atom alone).
    pub fn tile_atom(&mut self, atom: Atom, tile: Option<[i64; 2]>) {
        match self.banks.pick_atom(atom, tile) {
            Ok(layout) => {
                self.set_text(&layout.to_string());
            }
            Err(e) => self.banks.set_atom_error(e),
        }
    }

    /// The solver's swizzles and paddings for the section's read of the layout.
    ///
    /// # Errors
    /// Why the read cannot be made.
    pub fn suggestions(&self) -> Result<Suggestions, FieldError> {
        let b = &self.banks;
        let tv = b.tv_for(self.layout())?;
        Ok(suggest(
            self.layout(),
            &tv,
            b.element_bits(),
            b.read_vector_bits(),
            b.banks,
            banks::MAX_BANK_ELEMENTS,
        )?)
    }

    /// Applies a suggestion: its swizzle, or its padded layout with no swizzle.
    pub fn apply(&mut self, candidate: &Candidate) {
        match candidate.remedy {
            Remedy::Swizzle(sw) => {
                // the solver's swizzles act on element offsets
                self.banks.set_units(Units::Elements);
                self.banks.set_swizzle(sw);
            }
            Remedy::Padding { .. } => {
                self.set_text(&candidate.memory.layout().to_string());
                self.banks.set_swizzle(engine::cute::Swizzle::identity());
            }
        }
    }

    /// A new element width (one of [`banks::ELEMENT_BITS`]; another keeps the last); a picked
    /// atom follows it (its rows hold as many bytes).
    pub fn set_element_bits(&mut self, bits: i64) {
        if !banks::ELEMENT_BITS.contains(&bits) {
            return;
        }
        self.banks.set_element_bits(bits);
        if let Some(atom) = self.banks.atom() {
            self.pick_atom(atom);
        }
    }

    /// The layout's own part of the state (text, layout, cells and colouring), the workbench
    /// and the bank section at their defaults: what the page's grid and properties depend on,
    /// so an edit elsewhere does not redraw them.
    pub fn core(&self) -> LayoutsState {
        LayoutsState {
            field: self.field.clone(),
            show: self.show,
            colour: self.colour,
            workbench: WorkbenchState::default(),
            banks: BanksState::default(),
        }
    }

    /// The last valid layout's size, cosize, rank, depth and tractability.
    pub fn properties(&self) -> Properties {
        let l = self.layout();
        let show =
            |r: Result<i64, _>| r.map_or_else(|e: LayoutError| e.to_string(), |v| v.to_string());
        Properties {
            size: show(l.size()),
            cosize: show(l.cosize()),
            rank: l.rank(),
            depth: l.depth(),
            tractable: Morphism::from_layout(l).map(|m| m.to_string()),
        }
    }

    /// The layout with its modes flattened: the same function of the index `i`, which is
    /// what a view can hold (itself when it is flat).
    fn flat(&self) -> Layout {
        let layout = self.layout();
        if layout.depth() <= 1 {
            return layout.clone();
        }
        let ints =
            |values: Vec<i64>| IntTuple::Tuple(values.into_iter().map(IntTuple::Int).collect());
        Layout::new(
            ints(layout.shape().flatten()),
            ints(layout.stride().flatten()),
        )
        .unwrap_or_else(|_| layout.clone())
    }

    /// What [`LayoutsState::as_view`]'s view is of the layout, where it is not plain: the
    /// modes reversed into row-major dimensions, and a nested layout's modes flattened first.
    pub fn view_note(&self) -> Option<String> {
        let flat = self.flat();
        let reversed = flat.flat_modes().len() > 1;
        match (self.layout().depth() > 1, reversed) {
            (true, _) => Some(format!(
                "the nested modes flattened to {flat}, then reversed: mode 0 is the view's last dimension"
            )),
            (false, true) => Some("the modes reversed: mode 0 is the view's last dimension".into()),
            (false, false) => None,
        }
    }

    /// The layout as a tinygrad view (a nested one flattened, the same function of the index)
    /// and the Views page query that opens it, or why it has none.
    ///
    /// # Errors
    /// A negative stride or sizes a view cannot hold, in words.
    pub fn as_view(&self) -> Result<(String, String), FieldError> {
        let view = engine::cute::pycute::convert::view_from_layout(&self.flat())?;
        let mut views = super::ViewsState::default();
        views.import(&view.to_string())?;
        Ok((view.to_string(), views.to_query()))
    }

    /// A runnable pycute snippet that rebuilds the layout and prints it.
    pub fn pycute_snippet(&self) -> String {
        format!(
            "from pycute import Layout\n\nL = Layout({}, {})\nprint(L)  # {}\n",
            self.layout().shape().to_notation(Notation::Python),
            self.layout().stride().to_notation(Notation::Python),
            self.layout().to_notation(Notation::Python)
        )
    }

    /// The layout as an F2-linear layout (Triton's kind), `index → offset`, written as each
    /// index bit's offset (`1 2 16 32`), or why it is none (a size or stride not a power of
    /// two, or two bits whose offsets CuTe adds where a linear layout would XOR them).
    pub fn as_linear(&self) -> Result<String, LayoutError> {
        let linear = engine::linear::cute_layout_to_linear(self.layout())?;
        let offsets: Vec<String> = linear
            .bases()
            .iter()
            .flat_map(|(_, list)| list.iter().map(|b| b[0].to_string()))
            .collect();
        Ok(match offsets.is_empty() {
            true => "index has no bits: offset 0".into(),
            false => format!("index bit k → offset {}, XORed", offsets.join(" ")),
        })
    }

    /// The Morphisms page query drawing the layout's standard representation, when tractable.
    pub fn morphism_query(&self) -> Option<String> {
        let f = Morphism::from_layout(self.layout()).ok()?;
        Some(format!(
            "f={}",
            super::url::percent_encode(&f.to_string(), super::url::keep::MORPHISM)
        ))
    }

    /// The state a query describes; a bad or missing `L` gives the default with the error.
    pub fn from_query(query: &str) -> LayoutsState {
        let mut state = LayoutsState::default();
        if let Some(value) = query.split('&').find_map(|p| p.strip_prefix("L=")) {
            state.set_text(&super::url::percent_decode(value));
        }
        state.show = query
            .split('&')
            .find_map(|p| p.strip_prefix("show="))
            .and_then(CellText::parse)
            .unwrap_or_default();
        state.colour = query
            .split('&')
            .find_map(|p| p.strip_prefix("colour="))
            .and_then(Colouring::parse)
            .unwrap_or(Colouring::Latex);
        state.workbench = WorkbenchState::from_query(query);
        state.banks = BanksState::from_query(query);
        state
    }

    /// What hovering grid cell `cell` says: its hierarchical coordinate, 1-D index and `L(i)`.
    pub fn describe(&self, grid: &StackGrid, cell: usize) -> Option<String> {
        let cell = grid.logical.cells.get(cell)?;
        let sizes = grid_sizes(self.layout()).ok()?;
        let i = index_of(&sizes, &cell.coord);
        Some(format!(
            "coordinate {} · index {i} → L({i}) = {}",
            hierarchical_coord(self.layout(), i),
            cell.value.map_or("?".to_string(), |v| v.to_string())
        ))
    }

    /// The grid and codomain strip of the layout.
    ///
    /// # Errors
    /// A layout of more than [`MAX_DRAWN_CELLS`] elements, or arithmetic overflow.
    pub fn grid(&self) -> Result<StackGrid, FieldError> {
        let layout = self.layout();
        let mut grid = layout_grid(layout)?;
        grid.logical.axes = Some(mode_axes(layout));
        if self.show != CellText::Value {
            let indices = grid_indices(layout, &grid);
            for (cell, i) in grid.logical.cells.iter_mut().zip(indices) {
                cell.label = Some(match self.show {
                    CellText::Coord => hierarchical_coord(layout, i),
                    _ => i.to_string(),
                });
            }
        }
        grid.paint(self.colour);
        Ok(grid)
    }
}

impl PageState for LayoutsState {
    /// `L=` the layout in CuTe notation, `show=` what cells show unless it is the value,
    /// `colour=` the colouring unless it is `print_latex`'s, then the workbench's `op=…&A=…&B=…`.
    fn to_query(&self) -> String {
        let show = match self.show {
            CellText::Value => String::new(),
            other => format!("show={}&", other.as_str()),
        };
        let colour = match self.colour {
            Colouring::Latex => String::new(),
            other => format!("colour={}&", other.as_str()),
        };
        format!(
            "L={}&{show}{colour}{}",
            super::url::percent_encode(
                &self.layout().to_notation(Notation::Cute),
                super::url::keep::LAYOUT
            ),
            self.workbench.to_query()
        ) + &self.banks.to_query()
    }

    fn read_query(query: &str) -> (Self, Vec<String>) {
        (Self::from_query(query), Vec::new())
    }
}

/// The sizes the grid lays out: the top-level modes' sizes, or the size of an int-shaped
/// layout (one mode).
pub(super) fn grid_sizes(layout: &Layout) -> Result<Vec<i64>, LayoutError> {
    if layout.shape().is_int() {
        return layout.size().map(|s| vec![s]);
    }
    layout.modes().iter().map(Layout::size).collect()
}

/// The grid's row-major shape for modes `(s0, s1, …, s_{r-1})`: `[s_{r-1}, …, s2, s0, s1]`,
/// so mode 0 runs down, mode 1 across, and higher modes are blocks, the last outermost.
pub(super) fn grid_shape(sizes: &[i64]) -> Vec<i64> {
    match sizes {
        [] => vec![],
        [s0] => vec![*s0],
        [s0, s1, rest @ ..] => {
            let mut shape: Vec<i64> = rest.iter().rev().copied().collect();
            shape.extend([*s0, *s1]);
            shape
        }
    }
}

/// The colexicographic index of the grid coordinate (the inverse of [`grid_shape`]'s order).
pub(super) fn index_of(sizes: &[i64], grid_coord: &[i64]) -> i64 {
    let mode_coord: Vec<i64> = match sizes.len() {
        0 => vec![],
        1 => vec![grid_coord[0]],
        r => {
            let mut c = vec![grid_coord[r - 2], grid_coord[r - 1]];
            c.extend(grid_coord[..r - 2].iter().rev());
            c
        }
    };
    mode_coord
        .iter()
        .zip(sizes)
        .rev()
        .fold(0, |acc, (&c, &s)| acc * s + c)
}

/// CuTe's print of a layout over an unset shared-memory pointer, `Sw<B,M,S> o smem_ptr[Nb](unset)
/// o L`: `L` for the field, the swizzle for the section on the bytes of `N`-bit elements.
fn with_pointer(banks: &mut BanksState, text: &str) -> Result<Layout, FieldError> {
    let composed = CppComposedLayout::parse(text)?;
    let CppOffset::SmemPtr { bits } = composed.offset() else {
        return Err(FieldError::rule(
            "an offset of 0 or an unset smem_ptr[Nb] before the layout",
        ));
    };
    if !banks::ELEMENT_BITS.contains(&bits) {
        return Err(FieldError::rule(format!(
            "smem_ptr[{bits}b]: the page reads elements of {} bits",
            banks::ELEMENT_BITS.map(|b| b.to_string()).join(", ")
        )));
    }
    let layout = composed.layout().to_layout()?;
    banks.set_element_bits(bits);
    banks.set_units(Units::Bytes);
    banks.set_swizzle(composed.swizzle());
    Ok(layout)
}

/// The hierarchical coordinate of index `i`, as CuTe prints it: `((1,0),2)`.
pub fn hierarchical_coord(layout: &Layout, i: i64) -> String {
    idx2crd(i, layout.shape()).map_or_else(|_| "?".to_string(), |c| c.to_notation(Notation::Cute))
}

/// The grid's axis labels: each mode's hierarchical coordinates, mode 0 for the rows, mode 1
/// for the columns (a single mode runs across), further modes for the blocks, the last
/// outermost.
pub fn mode_axes(layout: &Layout) -> Axes {
    let shape = layout.shape();
    let modes: Vec<&IntTuple> = if shape.is_int() {
        vec![shape]
    } else {
        (0..layout.rank())
            .filter_map(|m| shape.mode(m).ok())
            .collect()
    };
    let labels = |mode: &IntTuple| -> Vec<String> {
        let n = mode.product().unwrap_or(0).clamp(0, MAX_DRAWN_CELLS as i64);
        (0..n)
            .map(|k| {
                idx2crd(k, mode).map_or_else(|_| "?".into(), |c| c.to_notation(Notation::Cute))
            })
            .collect()
    };
    match modes.as_slice() {
        [] => Axes::default(),
        [only] => Axes {
            cols: labels(only),
            ..Axes::default()
        },
        [m0, m1, rest @ ..] => Axes {
            rows: labels(m0),
            cols: labels(m1),
            blocks: rest
                .iter()
                .enumerate()
                .rev()
                .map(|(k, m)| {
                    labels(m)
                        .into_iter()
                        .map(|c| format!("mode {}: {c}", k + 2))
                        .collect()
                })
                .collect(),
        },
    }
}

/// The layout's 1-D (colexicographic) index of every cell of its grid, in grid order.
pub fn grid_indices(layout: &Layout, grid: &StackGrid) -> Vec<i64> {
    let sizes = grid_sizes(layout).unwrap_or_default();
    grid.logical
        .cells
        .iter()
        .map(|c| index_of(&sizes, &c.coord))
        .collect()
}

/// The grid of `L(i)` (mode 0 down, mode 1 across, further modes as blocks) and the codomain
/// strip of `layout`.
///
/// # Errors
/// A layout of more than [`MAX_DRAWN_CELLS`] elements, or arithmetic overflow.
pub fn layout_grid(layout: &Layout) -> Result<StackGrid, FieldError> {
    layout_grid_up_to(layout, MAX_DRAWN_CELLS)
}

/// [`layout_grid`] with another limit on the number of cells (the CLI draws up to 16,384).
///
/// # Errors
/// A layout of more than `limit` elements, or arithmetic overflow.
pub fn layout_grid_up_to(layout: &Layout, limit: usize) -> Result<StackGrid, FieldError> {
    let size = layout.size()?;
    if !(0..=limit as i64).contains(&size) {
        return Err(FieldError::rule(format!(
            "{size} elements; at most {limit} are drawn"
        )));
    }
    let sizes = grid_sizes(layout)?;
    let shape = grid_shape(&sizes);
    let cells: Vec<Cell> = engine::RowMajor::new(&shape)
        .enumerate()
        .map(|(index, coord)| {
            let i = index_of(&sizes, &coord);
            Cell::new(index, coord, layout.call(i).ok())
        })
        .collect();
    Ok(StackGrid::single(shape, cells, Some(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_shows_l_of_i_with_mode_0_down() {
        let state = LayoutsState::default();
        let grid = state.grid().unwrap();
        assert_eq!(grid.logical.shape, vec![16, 4]);
        // row r = index of mode 0 (its hierarchical coordinate ((r%4, r/4))), column c = mode 1
        let at = |r: usize, c: usize| grid.logical.cells[r * 4 + c].value;
        assert_eq!(at(1, 0), Some(16));
        assert_eq!(at(4, 0), Some(1));
        assert_eq!(at(0, 1), Some(4));
        assert_eq!(grid.memory.len(), 64);
        assert_eq!(hierarchical_coord(state.layout(), 17), "((1,0),1)");
        // grid row 1, column 1 is index 1 + 16·1 = 17
        assert_eq!(
            state.describe(&grid, 4 + 1).unwrap(),
            "coordinate ((1,0),1) · index 17 → L(17) = 20"
        );
    }

    #[test]
    fn rank_three_is_blocks_and_rank_one_a_row() {
        let mut state = LayoutsState::default();
        state.set_text("(2,3,4):(1,2,6)");
        let grid = state.grid().unwrap();
        assert_eq!(grid.logical.shape, vec![4, 2, 3], "blocks along mode 2");
        let cell = grid
            .logical
            .cells
            .iter()
            .find(|c| c.coord == vec![3, 1, 2])
            .unwrap();
        assert_eq!(cell.value, Some(1 + 2 * 2 + 3 * 6));
        state.set_text("8:2");
        assert_eq!(state.grid().unwrap().logical.shape, vec![8]);
    }

    #[test]
    fn bad_text_keeps_the_last_layout_and_the_url_round_trips() {
        let mut state = LayoutsState::default();
        state.set_text("((4,4),4):((16,1)");
        assert!(state.error().unwrap().to_string().contains("expected"));
        assert_eq!(state.layout().to_string(), "((4,4),4):((16,1),4)");
        state.set_text("(8, 4):(4, 1)");
        state.workbench.set_a("(6,4):(4,1)");
        let back = LayoutsState::from_query(&state.to_query());
        assert_eq!(back.layout(), state.layout());
        assert_eq!(back.workbench, state.workbench);
        let p = state.properties();
        assert_eq!(
            (p.size.as_str(), p.cosize.as_str(), p.rank, p.depth),
            ("32", "32", 2, 1)
        );
        assert!(p.tractable.is_ok());
        let (repr, query) = state.as_view().unwrap();
        assert_eq!(
            repr,
            "View(shape=(4, 8), strides=(1, 4), offset=0, mask=None, contiguous=False)"
        );
        assert!(query.starts_with("shape=4,8&strides=1,4"), "{query}");
        let back =
            crate::state::morphisms::MorphismsState::from_query(&state.morphism_query().unwrap());
        assert_eq!(back.editor().morphism().layout().unwrap(), *state.layout());
        state.set_text("(2,2):(3,2)");
        assert!(
            state
                .properties()
                .tractable
                .unwrap_err()
                .to_string()
                .contains("does not divide"),
            "{:?}",
            state.properties()
        );
        assert!(state.morphism_query().is_none());
        assert_eq!(
            state.pycute_snippet(),
            "from pycute import Layout\n\nL = Layout((2, 2), (3, 2))\nprint(L)  # (2, 2):(3, 2)\n"
        );
        assert_eq!(
            state.view_note().unwrap(),
            "the modes reversed: mode 0 is the view's last dimension"
        );
        // a nested layout: its flattened modes, the same offsets for every index
        state.set_text("((2,2),2):((1,4),2)");
        let (repr, _) = state.as_view().unwrap();
        assert_eq!(
            repr,
            "View(shape=(2, 2, 2), strides=(2, 4, 1), offset=0, mask=None, contiguous=False)"
        );
        assert!(state
            .view_note()
            .unwrap()
            .contains("flattened to (2,2,2):(1,4,2)"));
        let view = engine::cute::pycute::convert::view_from_layout(&state.flat()).unwrap();
        for i in 0..8 {
            let coord = engine::coord_from_index(view.shape(), i);
            assert_eq!(
                view.offset_from_coord(&coord),
                Some(state.layout().call(i).unwrap())
            );
        }
        state.set_text("8:1");
        assert_eq!(state.view_note(), None);
    }

    #[test]
    fn power_of_two_layouts_are_linear_layouts() {
        let mut state = LayoutsState::default();
        state.set_text("((4,4),4):((16,1),4)");
        assert_eq!(
            state.as_linear().unwrap(),
            "index bit k → offset 16 32 1 2 4 8, XORed"
        );
        // CuTe adds 1·2 + 1·2 = 4 where a linear layout would XOR to 0
        state.set_text("(4,4):(1,2)");
        assert!(state
            .as_linear()
            .unwrap_err()
            .to_string()
            .contains("offset 2"));
        state.set_text("((2,4),8):((32,1),4)");
        assert_eq!(
            state.as_linear().unwrap(),
            "index bit k → offset 32 1 2 4 8 16, XORed"
        );
        state.set_text("(4,3):(1,4)");
        assert!(state
            .as_linear()
            .unwrap_err()
            .to_string()
            .contains("power-of-two shapes"));
    }
}
