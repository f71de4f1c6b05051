//! The Layouts page's swizzle and bank-conflict section: a swizzle `Sw<B,M,S>` composed with
//! the page's layout (typed as B, M and S, or picked as a GMMA atom), a warp's read of the tile
//! (a preset or a typed thread-value layout), and what the engine says of it: the bank of every
//! element unswizzled and swizzled, the phases of each load, and which threads collide.

use engine::access::{
    bank_of, thread_count, tile_accesses_of, Banks, ReadPreset, SectorTotal, TileRead,
};
use engine::cute::{Layout, Swizzle};

use super::{grid_shape, grid_sizes, hierarchical_coord, index_of};
use crate::draw::colouring::Colouring;
use crate::draw::large_grid::LargeGrid;
use crate::state::field::{FieldError, Parsed};
use engine::LayoutError;

/// Most tile elements the section reads (sixteen 128×128 tiles).
pub const MAX_BANK_ELEMENTS: usize = 1 << 16;
/// Longest thread-value layout text kept.
const MAX_CHARS: usize = 4096;
/// Longest text kept in each of B, M and S.
const SWIZZLE_FIELD_CHARS: usize = 32;

mod atom;
pub use atom::{parse_tile, rows_cols, tile_name, Atom, Units, KERNEL_TILES};

/// The element widths offered, in bits.
pub const ELEMENT_BITS: [i64; 4] = [8, 16, 32, 64];
/// The load widths offered, in bits.
pub const VECTOR_BITS: [i64; 5] = [8, 16, 32, 64, 128];

/// Which warp's read of the tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    /// A preset read of the tile's rows and columns (`read=row`, `column`, `ldmatrix`).
    Preset(ReadPreset),
    /// The typed thread-value layout.
    Typed,
}

impl Read {
    /// The URL slug (`read=…`): the preset's, or `tv` for the typed layout.
    pub fn as_str(self) -> &'static str {
        match self {
            Read::Preset(p) => p.as_str(),
            Read::Typed => "tv",
        }
    }

    /// The read a slug names; `None` for any other.
    pub fn parse(slug: &str) -> Option<Read> {
        match slug {
            "tv" => Some(Read::Typed),
            other => ReadPreset::parse(other).map(Read::Preset),
        }
    }
}

/// The swizzle and bank-conflict section's state: `sw=B,M,S`, `atom=…`, `units=bytes`,
/// `eb=…`, `vb=…`, `banks=…`, `read=…`, `tv=…`, `load=…` and `phase=…` in the URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BanksState {
    /// B, M and S as typed, each with the last integer it held and its error.
    fields: [Parsed<i64>; 3],
    /// The last swizzle the three made, and why the typed three make none.
    swizzle: Swizzle,
    swizzle_error: Option<FieldError>,
    /// The GMMA atom last picked, while the layout and swizzle are still its own.
    atom: Option<Atom>,
    /// Why the last atom picked has no layout at the element width.
    atom_error: Option<FieldError>,
    /// The tile the atom was repeated to fill (`tile=64x64`); `None` for the atom alone.
    tile: Option<[i64; 2]>,
    /// What the swizzle reads: element offsets or byte addresses (`units=bytes`).
    units: Units,
    /// The element width in bits, one of [`ELEMENT_BITS`] (`eb=`, 32 by default).
    element_bits: i64,
    /// The swizzle the counts use, on element offsets: the last one the swizzle made in its
    /// units.
    on_elements: Swizzle,
    /// Why the swizzle, in its units, moves no whole elements (the last one stays).
    units_error: Option<FieldError>,
    /// The load width in bits, one of [`VECTOR_BITS`] (`vb=`, 32 by default); ldmatrix reads 128.
    pub vector_bits: i64,
    /// The bank model: NVIDIA's 32 banks or AMD LDS's 64 (`banks=32|64`), 4 bytes each.
    pub banks: Banks,
    /// The warp's read of the tile (`read=`).
    pub read: Read,
    /// The thread-value layout as typed and the last one that parsed.
    tv: Parsed<Option<Layout>>,
    /// The load whose colliding threads are marked, an index into the read's loads (`load=`).
    pub load: usize,
    /// Index into the chosen load's phases (`phase=`); a new load or read resets it to 0.
    pub phase: usize,
}

impl Default for BanksState {
    fn default() -> BanksState {
        BanksState {
            fields: [0, 0, 0].map(|v| Parsed::valid("0", v).max_chars(SWIZZLE_FIELD_CHARS)),
            swizzle: Swizzle::identity(),
            swizzle_error: None,
            atom: None,
            atom_error: None,
            tile: None,
            units: Units::Elements,
            element_bits: 32,
            on_elements: Swizzle::identity(),
            units_error: None,
            vector_bits: 32,
            banks: Banks::Nvidia32,
            read: Read::Preset(ReadPreset::Row),
            tv: Parsed::valid("", None).max_chars(MAX_CHARS + 1),
            load: 0,
            phase: 0,
        }
    }
}

/// The field names, for errors.
pub const FIELD_NAMES: [&str; 3] = ["B", "M", "S"];

/// Field `k` (B, M or S) as an integer.
fn integer(k: usize, text: &str) -> Result<i64, FieldError> {
    text.trim().parse::<i64>().map_err(|_| {
        FieldError::rule(format!(
            "{}: expected an integer, found “{text}”",
            FIELD_NAMES[k]
        ))
    })
}

impl BanksState {
    /// Field `k` (0: B, 1: M, 2: S) as typed; empty past 2.
    pub fn field(&self, k: usize) -> &str {
        self.fields.get(k).map_or("", Parsed::text)
    }
    /// Why field `k` is not an integer.
    pub fn field_error(&self, k: usize) -> Option<&FieldError> {
        self.fields.get(k).and_then(Parsed::error)
    }
    /// The last swizzle `Sw<B,M,S>` the three fields made (`Sw<0,0,0>`, the identity, at first).
    pub fn swizzle(&self) -> Swizzle {
        self.swizzle
    }
    /// Why the three integers make no swizzle (the last one stays).
    pub fn swizzle_error(&self) -> Option<&FieldError> {
        self.swizzle_error.as_ref()
    }
    /// What the swizzle reads: element offsets or byte addresses.
    pub fn units(&self) -> Units {
        self.units
    }
    /// The element width in bits, one of [`ELEMENT_BITS`].
    pub fn element_bits(&self) -> i64 {
        self.element_bits
    }
    /// The swizzle the counts use, on element offsets (the typed one in element units).
    pub fn element_swizzle(&self) -> Swizzle {
        self.on_elements
    }
    /// Why the swizzle, read in its units, moves bytes within an element.
    pub fn units_error(&self) -> Option<&FieldError> {
        self.units_error.as_ref()
    }
    /// Reads the swizzle in `units`.
    pub fn set_units(&mut self, units: Units) {
        self.units = units;
        self.read_in_units();
    }
    /// Takes an element width of [`ELEMENT_BITS`] (any other is ignored).
    pub fn set_element_bits(&mut self, bits: i64) {
        if ELEMENT_BITS.contains(&bits) {
            self.element_bits = bits;
            self.read_in_units();
        }
    }
    /// The swizzle on element offsets that the counts use, from the swizzle and its units.
    fn read_in_units(&mut self) {
        let read = match self.units {
            Units::Elements => Ok(self.swizzle),
            Units::Bytes => self.swizzle.on_elements(self.element_bits / 8),
        };
        match read {
            Ok(sw) => {
                self.on_elements = sw;
                self.units_error = None;
            }
            Err(e) => self.units_error = Some(e.into()),
        }
    }
    /// The GMMA atom last picked, until a field or the swizzle is edited.
    pub fn atom(&self) -> Option<Atom> {
        self.atom
    }
    /// Why the last atom picked has no layout at the element width.
    pub fn atom_error(&self) -> Option<&FieldError> {
        self.atom_error.as_ref()
    }
    pub(super) fn set_atom_error(&mut self, error: FieldError) {
        self.atom_error = Some(error);
    }
    /// The tile picker's options while `layout` is the picked atom's: (value, label) pairs,
    /// the tile it fills first (`64x64`, "64×64"), the atom alone (`atom`, "the atom alone,
    /// 8×64"), then the usual kernel tiles the atom divides. None without a picked atom.
    pub fn tile_options(&self, layout: &Layout) -> Vec<(String, String)> {
        let Some(atom) = self.atom_of(layout) else {
            return Vec::new();
        };
        let bits = self.element_bits;
        let mut tiles = atom.tiles(bits, self.tile);
        if !tiles.contains(&self.tile) {
            tiles.insert(0, self.tile);
        }
        let shape = atom
            .shape(bits)
            .map_or_else(|_| String::new(), |[m, n]| format!(", {m}×{n}"));
        tiles
            .into_iter()
            .map(|t| {
                let label = t.map_or_else(
                    || format!("the atom alone{shape}"),
                    |[m, n]| format!("{m}×{n}"),
                );
                (tile_name(t), label)
            })
            .collect()
    }
    /// The tile the picked atom fills; `None` for the atom alone.
    pub fn atom_tile(&self) -> Option<[i64; 2]> {
        self.tile
    }
    /// The picked atom, while `layout` is still its layout (tiled as picked) at the element
    /// width.
    pub fn atom_of(&self, layout: &Layout) -> Option<Atom> {
        self.atom
            .filter(|a| a.tiled_layout(self.element_bits, self.tile).as_ref() == Ok(layout))
    }
    /// The thread-value layout as typed (`tv=`).
    pub fn tv_text(&self) -> &str {
        self.tv.text()
    }
    /// Why the typed thread-value layout does not parse.
    pub fn tv_error(&self) -> Option<&FieldError> {
        self.tv.error()
    }

    /// Takes field `k` (0: B, 1: M, 2: S) as typed; when all three are integers making a
    /// swizzle it replaces the last one, otherwise the errors say why and the last stays.
    pub fn set_field(&mut self, k: usize, text: &str) {
        let Some(field) = self.fields.get_mut(k) else {
            return;
        };
        field.set(text, |t| integer(k, t));
        self.atom = None;
        self.tile = None;
        self.atom_error = None;
        self.make_swizzle();
    }

    /// The swizzle of the three fields, when all three are integers.
    fn make_swizzle(&mut self) {
        if self.fields.iter().any(|f| !f.is_valid()) {
            self.swizzle_error = None;
            return;
        }
        let [b, m, s] = self.fields.each_ref().map(|f| *f.value());
        match Swizzle::new(b, m, s) {
            Ok(sw) => {
                self.swizzle = sw;
                self.swizzle_error = None;
                self.read_in_units();
            }
            Err(e) => self.swizzle_error = Some(e.into()),
        }
    }

    /// Sets the three fields to `sw`.
    pub fn set_swizzle(&mut self, sw: Swizzle) {
        for (field, v) in self
            .fields
            .iter_mut()
            .zip([sw.bits(), sw.base(), sw.shift()])
        {
            field.load(v.to_string(), v);
        }
        self.atom = None;
        self.tile = None;
        self.make_swizzle();
    }

    /// Picks `atom` for the current element width, repeated to fill `tile` (`None`: alone): the
    /// swizzle (in the chosen units) and the tiled layout, which the caller puts in the layout
    /// field; or why the width or the tile has none.
    pub fn pick_atom(&mut self, atom: Atom, tile: Option<[i64; 2]>) -> Result<Layout, FieldError> {
        let layout = atom.tiled_layout(self.element_bits, tile)?;
        let sw = match self.units {
            Units::Elements => atom.element_swizzle(self.element_bits)?,
            Units::Bytes => atom.byte_swizzle(self.element_bits)?,
        };
        self.set_swizzle(sw);
        self.atom = Some(atom);
        self.atom_error = None;
        self.tile = tile;
        Ok(layout)
    }

    /// Takes a thread-value layout as typed (and reads with it).
    pub fn set_tv(&mut self, text: &str) {
        self.read = Read::Typed;
        self.tv.set(text, |t| Ok(Some(Layout::parse(t)?)));
    }

    /// The address bits the bit matrix covers: the layout's (its cosize's), at least the
    /// swizzle's span, at most 24.
    pub fn matrix_bits(&self, layout: &Layout) -> u32 {
        let sw = self.on_elements;
        let span = sw.bits() + sw.base() + sw.shift().abs();
        let cosize = layout.cosize().unwrap_or(1).max(1);
        let bits = 64 - i64::from((cosize - 1).leading_zeros());
        bits.max(span).clamp(1, 24) as u32
    }

    /// The vector width the read uses (ldmatrix's is 128 bits).
    pub fn read_vector_bits(&self) -> i64 {
        match self.read {
            Read::Preset(p) => p.vector_bits(self.vector_bits),
            Read::Typed => self.vector_bits,
        }
    }

    /// The thread-value layout of the read over `layout`'s tile: the preset's for its rows
    /// (mode 0) and columns (mode 1; a rank-1 layout is one row), or the typed one.
    ///
    /// # Errors
    /// A preset that does not fit the tile, a layout of rank above 2, or no typed layout yet.
    pub fn tv_for(&self, layout: &Layout) -> Result<Layout, FieldError> {
        let preset = match self.read {
            Read::Typed => {
                return self.tv.value().clone().ok_or_else(|| {
                    FieldError::rule("type a thread-value layout (thread, value) → tile index")
                })
            }
            Read::Preset(p) => p,
        };
        let sizes = grid_sizes(layout)?;
        let (rows, cols) = match sizes[..] {
            [n] => (1, n),
            [m, n] => (m, n),
            _ => {
                return Err(FieldError::rule(format!(
                    "the presets read a rank-2 tile (rows, columns); this layout has rank {}: type a thread-value layout",
                    sizes.len()
                )))
            }
        };
        Ok(preset.tv(rows, cols, self.element_bits, self.vector_bits)?)
    }

    /// What the section's tables depend on, for `layout` (not the swizzle, the load or the
    /// phase chosen).
    pub fn inputs(&self, layout: &Layout) -> BankInputs {
        BankInputs {
            layout: layout.clone(),
            element_bits: self.element_bits,
            vector_bits: self.read_vector_bits(),
            banks: self.banks,
            tv: self.tv_for(layout),
        }
    }

    /// What the section shows for `layout`: the counts with the swizzle on element offsets.
    pub fn view(&self, layout: &Layout) -> BankView {
        BankView::of(&self.inputs(layout), self.on_elements)
    }

    /// The state's query keys after the layout's (`&sw=3,4,3&eb=16…`): each only where it is
    /// not the default.
    pub fn to_query(&self) -> String {
        let mut q = String::new();
        let d = BanksState::default();
        if self.swizzle != d.swizzle {
            let sw = self.swizzle;
            q += &format!("&sw={},{},{}", sw.bits(), sw.base(), sw.shift());
        }
        if let Some(atom) = self.atom {
            q += &format!("&atom={}", atom.name());
            if let Some(tile) = self.tile {
                q += &format!("&tile={}", atom::tile_name(Some(tile)));
            }
        }
        if self.units != d.units {
            q += &format!("&units={}", self.units.as_str());
        }
        if self.element_bits != d.element_bits {
            q += &format!("&eb={}", self.element_bits);
        }
        if self.vector_bits != d.vector_bits {
            q += &format!("&vb={}", self.vector_bits);
        }
        if self.banks != d.banks {
            q += &format!("&banks={}", self.banks.count());
        }
        if self.read != d.read {
            q += &format!("&read={}", self.read.as_str());
        }
        if self.read == Read::Typed {
            q += &format!(
                "&tv={}",
                crate::state::url::percent_encode(self.tv.text(), crate::state::url::keep::OPERAND)
            );
        }
        if self.load != 0 {
            q += &format!("&load={}", self.load);
        }
        if self.phase != 0 {
            q += &format!("&phase={}", self.phase);
        }
        q
    }

    /// The state `query` describes; a bad value leaves its default (a bad `tv` its error).
    pub fn from_query(query: &str) -> BanksState {
        let get = |key: &str| {
            query
                .split('&')
                .find_map(|p| p.strip_prefix(key)?.strip_prefix('='))
        };
        let mut s = BanksState::default();
        if let Some(sw) = get("sw") {
            let parts: Vec<&str> = sw.split(',').collect();
            if parts.len() == 3 {
                for (k, (field, part)) in s.fields.iter_mut().zip(parts).enumerate() {
                    field.set(part, |t| integer(k, t));
                }
                s.make_swizzle();
            }
        }
        s.atom = get("atom").and_then(Atom::parse);
        s.tile = get("tile").and_then(atom::parse_tile).flatten();
        s.units = get("units").and_then(Units::parse).unwrap_or_default();
        let pick = |key: &str, allowed: &[i64], default: i64| {
            get(key)
                .and_then(|v| v.parse::<i64>().ok())
                .filter(|v| allowed.contains(v))
                .unwrap_or(default)
        };
        s.element_bits = pick("eb", &ELEMENT_BITS, 32);
        s.read_in_units();
        s.vector_bits = pick("vb", &VECTOR_BITS, 32);
        s.banks = get("banks")
            .and_then(|v| v.parse::<usize>().ok())
            .and_then(Banks::from_count)
            .unwrap_or_default();
        if let Some(tv) = get("tv") {
            s.set_tv(&crate::state::url::percent_decode(tv));
        }
        s.read = get("read").and_then(Read::parse).unwrap_or(s.read);
        s.load = get("load").and_then(|v| v.parse().ok()).unwrap_or(0);
        s.phase = get("phase").and_then(|v| v.parse().ok()).unwrap_or(0);
        s
    }
}

/// What [`BankBase`] is computed from: everything but the swizzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankInputs {
    /// The page's layout `L`: tile index → element offset.
    pub layout: Layout,
    /// The element width in bits.
    pub element_bits: i64,
    /// Each thread's load width in bits, as the read uses it ([`BanksState::read_vector_bits`]).
    pub vector_bits: i64,
    /// The bank model.
    pub banks: Banks,
    /// The read's thread-value layout `(thread, value) → tile index`, or why there is none.
    pub tv: Result<Layout, FieldError>,
}

/// One side of the section: the tile under a memory layout, coloured by bank, and its read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The swizzle this side composes with `L`: the identity on the unswizzled side.
    pub swizzle: Swizzle,
    /// Each cell's bank (as its "address"), coloured bank by bank.
    pub grid: LargeGrid,
    /// The read, or why it cannot be made.
    pub read: Result<TileRead, FieldError>,
}

/// The tables both sides are drawn from: every element's unswizzled offset, the read's tile
/// indices, the grid's cells and who reads each element. A swizzle edit reuses them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankBase {
    /// What the tables were computed from.
    pub inputs: BankInputs,
    /// `L(i)` for every tile index, or why the tile is not read.
    offsets: Result<Vec<i64>, FieldError>,
    /// `tv(k)` for `k = thread + threads·value`.
    tv_values: Vec<i64>,
    threads: i64,
    /// Why the read's thread-value layout gives no tile indices.
    tv_error: Option<FieldError>,
    /// The grid's row-major shape (mode 0 down, mode 1 across, blocks).
    shape: Vec<i64>,
    /// `tile_of_cell[c]`: the tile index of grid cell `c`; `cell_of_tile` its inverse.
    tile_of_cell: Vec<i64>,
    cell_of_tile: Vec<usize>,
    /// Which thread and value read each tile index.
    readers: Vec<Option<(usize, usize)>>,
}

impl BankBase {
    /// The tables for `inputs`: at most [`MAX_BANK_ELEMENTS`] elements, else the offsets' error.
    pub fn of(inputs: &BankInputs) -> BankBase {
        let layout = &inputs.layout;
        let offsets = layout.values(MAX_BANK_ELEMENTS).map_err(|e| match e {
            LayoutError::TooLarge { size, .. } => FieldError::rule(format!(
                "{size} elements; the bank view reads at most {MAX_BANK_ELEMENTS}"
            )),
            other => other.into(),
        });
        let (mut shape, mut tile_of_cell, mut cell_of_tile) = (vec![0], Vec::new(), Vec::new());
        if let (Ok(offsets), Ok(sizes)) = (&offsets, grid_sizes(layout)) {
            shape = grid_shape(&sizes);
            tile_of_cell = engine::RowMajor::new(&shape)
                .map(|coord| index_of(&sizes, &coord))
                .collect();
            cell_of_tile = vec![0; offsets.len()];
            for (c, &i) in tile_of_cell.iter().enumerate() {
                if let Some(slot) = cell_of_tile.get_mut(i as usize) {
                    *slot = c;
                }
            }
        }
        let (tv_values, threads, tv_error) = match &inputs.tv {
            Ok(tv) => match (tv.values(MAX_BANK_ELEMENTS), thread_count(tv)) {
                (Ok(values), Ok(threads)) => (values, threads, None),
                (Err(e), _) | (_, Err(e)) => (Vec::new(), 0, Some(e.into())),
            },
            Err(e) => (Vec::new(), 0, Some(e.clone())),
        };
        let mut readers = vec![None; cell_of_tile.len()];
        let per = threads.max(1) as usize;
        for (k, &i) in tv_values.iter().enumerate() {
            if let Some(slot) = usize::try_from(i).ok().and_then(|i| readers.get_mut(i)) {
                *slot = Some((k % per, k / per));
            }
        }
        BankBase {
            inputs: inputs.clone(),
            offsets,
            tv_values,
            threads,
            tv_error,
            shape,
            tile_of_cell,
            cell_of_tile,
            readers,
        }
    }

    /// The tile under `swizzle ∘ L`: each cell's bank and the read's loads.
    pub fn side(&self, swizzle: Swizzle) -> Side {
        let inputs = &self.inputs;
        let banks: Vec<Option<i64>> = match &self.offsets {
            Ok(offsets) => self
                .tile_of_cell
                .iter()
                .map(|&i| {
                    let offset = swizzle.apply(*offsets.get(i as usize)?);
                    bank_of(offset, inputs.element_bits, inputs.banks)
                        .ok()
                        .map(|b| b as i64)
                })
                .collect(),
            Err(_) => Vec::new(),
        };
        let read = match (&self.offsets, &self.tv_error) {
            (Err(e), _) | (_, Some(e)) => Err(e.clone()),
            (Ok(offsets), None) => {
                let memory = |i: i64| {
                    usize::try_from(i)
                        .ok()
                        .and_then(|i| offsets.get(i))
                        .map(|&o| swizzle.apply(o))
                        .ok_or_else(|| LayoutError::BadArgument {
                            op: "tile read",
                            arg: format!("tile index {i}"),
                            expected: format!(
                                "an index of the tile (below {}): the thread-value layout reads outside it",
                                offsets.len()
                            ),
                        })
                };
                tile_accesses_of(
                    &memory,
                    &self.tv_values,
                    self.threads,
                    inputs.element_bits,
                    inputs.vector_bits,
                )
                .map(|a| TileRead::of_accesses(a, inputs.banks))
                .map_err(FieldError::from)
            }
        };
        Side {
            swizzle,
            grid: LargeGrid::from_values(
                self.shape.clone(),
                banks,
                Some((0, inputs.banks.count() as i64 - 1)),
                Colouring::Modulo(inputs.banks.count() as i64),
            ),
            read,
        }
    }

    /// The cells (row-major) the colliding threads of phase `phase` of load `load` read on
    /// `side`: the load's values of each thread in the phase's worst bank.
    pub fn marked(&self, side: &Side, load: usize, phase: usize) -> Vec<usize> {
        let Ok(read) = &side.read else {
            return Vec::new();
        };
        let Some((access, report)) = read.loads.get(load) else {
            return Vec::new();
        };
        let Some(p) = report.phases().get(phase) else {
            return Vec::new();
        };
        if p.wavefronts <= 1 {
            return Vec::new();
        }
        let threads = self.threads.max(0) as usize;
        let mut cells = Vec::new();
        for &lane in &p.colliding {
            let thread = access.warp * engine::access::WARP_SIZE + lane;
            for v in access.values.clone() {
                let cell = self
                    .tv_values
                    .get(thread + threads * v)
                    .and_then(|&i| usize::try_from(i).ok())
                    .and_then(|i| self.cell_of_tile.get(i));
                cells.extend(cell);
            }
        }
        cells
    }

    /// What hovering cell `cell` says: the element, its offsets and banks on both sides, and
    /// which thread reads it.
    pub fn describe(&self, plain: &Side, swizzled: &Side, cell: usize) -> Option<String> {
        let &i = self.tile_of_cell.get(cell)?;
        let offset = *self.offsets.as_ref().ok()?.get(i as usize)?;
        let bank = |side: &Side| {
            side.grid
                .address(cell)
                .map_or("?".into(), |b| b.to_string())
        };
        let reader = match self.readers.get(i as usize).copied().flatten() {
            Some((t, v)) => format!(" · read by thread {t}, value {v}"),
            None => String::new(),
        };
        Some(format!(
            "coordinate {} · index {i} → offset {offset} (bank {}), swizzled {} (bank {}) · {} bytes each{reader}",
            hierarchical_coord(&self.inputs.layout, i),
            bank(plain),
            swizzled.swizzle.apply(offset),
            bank(swizzled),
            self.inputs.element_bits / 8
        ))
    }
}

/// The same read as a global-memory load of the side's layout: `sectors: S over N loads
/// (minimum M), lines: L (minimum K)`, as `layout-lab sectors` ends.
pub fn sectors_summary(side: &Side) -> Result<String, FieldError> {
    let read = side.read.as_ref().map_err(Clone::clone)?;
    Ok(SectorTotal::of(read.loads.iter().map(|(load, _)| &load.access)).summary())
}

/// Both sides at once (the tests', and any caller's that does not keep the base).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankView {
    /// The tables both sides come from.
    pub base: BankBase,
    /// The tile under `L`, unswizzled.
    pub plain: Side,
    /// The tile under `swizzle ∘ L`.
    pub swizzled: Side,
}

impl BankView {
    /// Both sides of `inputs`, the swizzled one under `swizzle`.
    pub fn of(inputs: &BankInputs, swizzle: Swizzle) -> BankView {
        let base = BankBase::of(inputs);
        BankView {
            plain: base.side(Swizzle::identity()),
            swizzled: base.side(swizzle),
            base,
        }
    }

    /// [`BankBase::marked`] on this view's base.
    pub fn marked(&self, side: &Side, load: usize, phase: usize) -> Vec<usize> {
        self.base.marked(side, load, phase)
    }

    /// [`BankBase::describe`] of cell `cell` between the two sides.
    pub fn describe(&self, cell: usize) -> Option<String> {
        self.base.describe(&self.plain, &self.swizzled, cell)
    }
}

#[cfg(test)]
mod tests;
