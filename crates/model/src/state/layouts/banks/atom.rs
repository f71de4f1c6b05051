//! What the section's swizzle is: a GMMA shared-memory atom of the picker ([`Atom`]), and the
//! units a typed swizzle is read in ([`Units`]: element offsets or byte addresses).

use engine::cute::{
    element_swizzle, gmma_atom, AtomSwizzle, CppComposedLayout, CppInt, CppTuple, Layout, Major,
    Swizzle,
};

use crate::state::field::FieldError;

/// A GMMA shared-memory atom of the picker, `cute::GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom`,
/// for the section's element width (the engine's [`gmma_atom`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Atom {
    /// The major mode: `K` (rows along K) or `MN`.
    pub major: Major,
    /// The swizzle width: `INTER` (none), `SW32`, `SW64` or `SW128` bytes.
    pub swizzle: AtomSwizzle,
}

impl Atom {
    /// The picker's eight atoms: K-major then MN-major, each `INTER` to `SW128`.
    pub const ALL: [Atom; 8] = {
        use AtomSwizzle::{Inter, Sw128, Sw32, Sw64};
        [
            Atom::new(Major::K, Inter),
            Atom::new(Major::K, Sw32),
            Atom::new(Major::K, Sw64),
            Atom::new(Major::K, Sw128),
            Atom::new(Major::Mn, Inter),
            Atom::new(Major::Mn, Sw32),
            Atom::new(Major::Mn, Sw64),
            Atom::new(Major::Mn, Sw128),
        ]
    };

    const fn new(major: Major, swizzle: AtomSwizzle) -> Atom {
        Atom { major, swizzle }
    }

    /// `K_SW128`, `MN_INTER`, … (the URL's and the picker's name).
    pub fn name(self) -> String {
        format!("{}_{}", self.major.as_str(), self.swizzle.as_str())
    }

    /// The atom a [`name`](Atom::name) names; `None` for any other.
    pub fn parse(name: &str) -> Option<Atom> {
        Atom::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The atom as CuTe builds it for `element_bits`-bit elements, or why it has none.
    pub fn cute(self, element_bits: i64) -> Result<CppComposedLayout, FieldError> {
        gmma_atom(self.major, self.swizzle, element_bits).map_err(|e| {
            FieldError::from(e).within(format!(
                "Layout_{}_Atom of {element_bits}-bit elements",
                self.name()
            ))
        })
    }

    /// The swizzle CuTe's atom carries, in byte units: `Sw<0,4,3>` … `Sw<3,4,3>`.
    pub fn byte_swizzle(self, element_bits: i64) -> Result<Swizzle, FieldError> {
        self.cute(element_bits).map(|a| a.swizzle())
    }

    /// The same swizzle on element offsets: where each element really lands once the layout
    /// has a shared-memory pointer (`Sw<3,4,3>` on 16-bit elements is `Sw<3,3,3>`).
    pub fn element_swizzle(self, element_bits: i64) -> Result<Swizzle, FieldError> {
        Ok(element_swizzle(&self.cute(element_bits)?)?)
    }

    /// The atom's layout in elements: `(8,64):(64,1)` for K-major SW128 of 16 bits.
    pub fn layout(self, element_bits: i64) -> Result<Layout, FieldError> {
        self.element_swizzle(element_bits)?;
        Ok(self.cute(element_bits)?.layout().to_layout()?)
    }

    /// The atom's rows × columns in elements: `[8, 64]` for K-major SW128 of 16 bits.
    pub fn shape(self, element_bits: i64) -> Result<[i64; 2], FieldError> {
        let layout = self.layout(element_bits)?;
        rows_cols(&layout).ok_or_else(|| {
            FieldError::rule(format!(
                "Layout_{}_Atom is not two-dimensional",
                self.name()
            ))
        })
    }

    /// The atom repeated to fill `tile` (rows × columns), as CuTe's
    /// `tile_to_shape(Layout_K_SW128_Atom<T>{}, make_shape(M, K))` builds a kernel's shared
    /// tile; `None` is the atom alone. Why not, when the atom does not divide the tile.
    pub fn tiled(
        self,
        element_bits: i64,
        tile: Option<[i64; 2]>,
    ) -> Result<CppComposedLayout, FieldError> {
        let atom = self.cute(element_bits)?;
        let Some(tile) = tile else { return Ok(atom) };
        let target = CppTuple::Tuple(tile.map(|n| CppTuple::Int(CppInt::fixed(n))).to_vec());
        atom.tile_to_shape(&target).map_err(|e| {
            FieldError::from(e).within(format!(
                "tile_to_shape(Layout_{}_Atom, {}×{})",
                self.name(),
                tile[0],
                tile[1]
            ))
        })
    }

    /// The tiled atom's layout in elements: `((8,8),(64,1)):((64,512),(1,0))` for K-major
    /// SW128 of 16 bits on 64×64.
    pub fn tiled_layout(
        self,
        element_bits: i64,
        tile: Option<[i64; 2]>,
    ) -> Result<Layout, FieldError> {
        self.element_swizzle(element_bits)?;
        Ok(self.tiled(element_bits, tile)?.layout().to_layout()?)
    }

    /// The tile shapes the picker offers for this atom: `shape` (the page's layout's rows ×
    /// columns) first, then the atom alone, then the usual kernel tiles, each one the atom
    /// divides, each once.
    pub fn tiles(self, element_bits: i64, shape: Option<[i64; 2]>) -> Vec<Option<[i64; 2]>> {
        let Ok(atom) = self.shape(element_bits) else {
            return vec![None];
        };
        let divides = |t: &[i64; 2]| t[0] % atom[0] == 0 && t[1] % atom[1] == 0 && *t != atom;
        let mut tiles: Vec<Option<[i64; 2]>> =
            shape.filter(divides).map(Some).into_iter().collect();
        tiles.push(None);
        for t in KERNEL_TILES {
            if divides(&t) && !tiles.contains(&Some(t)) {
                tiles.push(Some(t));
            }
        }
        tiles
    }

    /// CuTe's print of the atom: `Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)`.
    pub fn cute_text(self, element_bits: i64) -> Result<String, FieldError> {
        self.cute(element_bits).map(|a| a.to_string())
    }
}

/// The shared-memory tiles (rows × columns) Hopper kernels commonly stage, offered beside the
/// page's own layout's shape.
pub const KERNEL_TILES: [[i64; 2]; 6] = [
    [64, 64],
    [128, 64],
    [64, 128],
    [128, 128],
    [256, 64],
    [64, 256],
];

/// A layout's rows × columns (its two top-level modes' sizes), when it has two.
pub fn rows_cols(layout: &Layout) -> Option<[i64; 2]> {
    let modes = layout.modes();
    let [m, n] = modes.as_slice() else {
        return None;
    };
    Some([m.size().ok()?, n.size().ok()?])
}

/// A tile's name in the picker and the URL: `64x64`; `atom` for the atom alone.
pub fn tile_name(tile: Option<[i64; 2]>) -> String {
    tile.map_or_else(|| "atom".into(), |[m, n]| format!("{m}x{n}"))
}

/// The tile a [`tile_name`] names; `None` for any other text.
pub fn parse_tile(text: &str) -> Option<Option<[i64; 2]>> {
    if text == "atom" {
        return Some(None);
    }
    let (m, n) = text.split_once('x')?;
    let [m, n] = [m, n].map(|t| t.parse::<i64>().ok().filter(|v| (1..=4096).contains(v)));
    Some(Some([m?, n?]))
}

/// What the section's swizzle reads: element offsets (a plain layout, pycute's `Sw o 0 o L`) or
/// byte addresses (CuTe's `Sw o smem_ptr[Nb](unset) o L`, the GMMA atoms). Either way the counts
/// are of where each element lands: a byte swizzle is read as its element swizzle
/// ([`Swizzle::on_elements`]: `Sw<3,4,3>` on the bytes of 16-bit elements is `Sw<3,3,3>`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Units {
    /// On element offsets (`units` absent from the URL).
    #[default]
    Elements,
    /// On byte addresses (`units=bytes`).
    Bytes,
}

impl Units {
    /// Both, in the picker's order.
    pub const ALL: [Units; 2] = [Units::Elements, Units::Bytes];

    /// The picker's value and the URL's (`units=bytes`).
    pub fn as_str(self) -> &'static str {
        match self {
            Units::Elements => "elements",
            Units::Bytes => "bytes",
        }
    }

    /// What the choice means, in the picker.
    pub fn title(self) -> &'static str {
        match self {
            Units::Elements => "element offsets (Sw o 0 o L)",
            Units::Bytes => "byte addresses (smem_ptr[Nb], GMMA atoms)",
        }
    }

    /// The units a value names; `cute` (CuTe's byte swizzles, as earlier links wrote them) is
    /// bytes, `lands` elements; `None` for any other.
    pub fn parse(value: &str) -> Option<Units> {
        match value {
            "elements" | "lands" => Some(Units::Elements),
            "bytes" | "cute" => Some(Units::Bytes),
            _ => None,
        }
    }
}
