//! What the section's swizzle is: a GMMA shared-memory atom of the picker ([`Atom`]), and the
//! units a typed swizzle is read in ([`Units`]: element offsets or byte addresses).

use engine::cute::{
    element_swizzle, gmma_atom, AtomSwizzle, CppComposedLayout, Layout, Major, Swizzle,
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

    /// CuTe's print of the atom: `Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)`.
    pub fn cute_text(self, element_bits: i64) -> Result<String, FieldError> {
        self.cute(element_bits).map(|a| a.to_string())
    }
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
