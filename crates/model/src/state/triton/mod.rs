//! The Triton page: a Triton layout (the MLIR attribute of an IR dump, a Gluon constructor or a
//! tensor type) over a tensor shape, as its linear layout; which register, lane and warp hold
//! each element; a second layout to compare and convert with; the CuTe counterpart.

use crate::state::field::{FieldError, Parsed};
use crate::state::url::{percent_encode, query_value, PageState};
use engine::linear::{
    analyze_conversion, distributed_to_cute_tv, shared_to_cute, short_name, ConversionReport,
    Holders, LinearLayout, TritonLayout, TritonText,
};
use engine::LayoutError;

mod grid;
mod tmem;

pub use grid::{bits_of, canvas_grid, cell_label, differing, hover_text, lit, TritonColour};

/// Where CuTe's view of tensor memory is.
const TMEM_COUNTERPART: &str = "CuTe addresses tensor memory as lane << 16 | column \
     (TMEM::DP). The Threads page draws an SM100 UMMA's accumulator there, and its tcgen05.ld \
     or tcgen05.st as make_tmem_copy (its \"SM100 UMMA\" preset).";

/// Longest field text kept (an IR dump's alias line and attribute fit many times over).
const MAX_CHARS: usize = 4096;
/// Most tensor elements the page draws.
pub const MAX_ELEMENTS: usize = 1 << 18;
/// Most (register, lane, warp, block) inputs walked to find who holds each element.
pub const MAX_INPUTS: usize = 1 << 20;

/// A ready-made layout, its tensor, and a second layout to convert to (empty: none).
pub struct Preset {
    /// The picker's title.
    pub name: &'static str,
    /// The layout, as an IR dump, a Gluon constructor or a tensor type prints it (`layout=`).
    pub layout: &'static str,
    /// The tensor's shape (`shape=`): `32,64`.
    pub shape: &'static str,
    /// The layout to convert to (`to=`); empty for none.
    pub other: &'static str,
}

const BLOCKED: &str = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], \
                       warpsPerCTA = [4, 1], order = [1, 0]}>";
const MMA_V2: &str = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], \
                      instrShape = [16, 8]}>";

const MFMA: &str = "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], \
                    isTransposed = true}>";

/// The presets, in the picker's order; the first is the page's default.
pub const PRESETS: [Preset; 16] = [
    Preset {
        name: "blocked: 4 warps over 32×64, 4 elements a thread",
        layout: BLOCKED,
        shape: "32,64",
        other: "",
    },
    Preset {
        name: "mma.sync (nvidia_mma v2): 2×2 warps of 16×8 tiles over 32×32",
        layout: MMA_V2,
        shape: "32,32",
        other: "",
    },
    Preset {
        name: "its operand A (dot_op, kWidth 2), as an IR dump prints it",
        layout: "#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = \
                 [2, 2], instrShape = [16, 8]}>\n#ttg.dot_op<{opIdx = 0, parent = #mma, \
                 kWidth = 2}>",
        shape: "32,16",
        other: "",
    },
    Preset {
        name: "wgmma (nvidia_mma v3): one warpgroup, 64×64 accumulator",
        layout: "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], \
                 instrShape = [16, 64, 16]}>",
        shape: "64,64",
        other: "",
    },
    Preset {
        name: "a row of a blocked tensor (slice), typed as a tensor",
        layout: "tensor<64xf32, #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = \
                 [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>>",
        shape: "64",
        other: "",
    },
    Preset {
        name: "Gluon: a BlockedLayout, column-major",
        layout: "ttgl.BlockedLayout(size_per_thread=[4, 1], threads_per_warp=[8, 4], \
                 warps_per_cta=[1, 4], order=[0, 1])",
        shape: "32,64",
        other: "",
    },
    Preset {
        name: "linear: registers XORed (no CuTe counterpart)",
        layout: "#ttg.linear<{register = [[0, 1], [0, 3]], lane = [[0, 4], [1, 0], [2, 0], \
                 [4, 0], [8, 0]], warp = [], block = []}>",
        shape: "16,8",
        other: "",
    },
    Preset {
        name: "shared: nvmma_shared, 128-byte swizzle of 16-bit elements over 64×64",
        layout: "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, \
                 elementBitWidth = 16}>",
        shape: "64,64",
        other: "",
    },
    Preset {
        name: "shared: swizzled_shared, vec 8, 8 phases",
        layout: "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
        shape: "32,64",
        other: "",
    },
    Preset {
        name: "convert: blocked to mma.sync's accumulator (through shared memory)",
        layout: BLOCKED,
        shape: "32,32",
        other: MMA_V2,
    },
    Preset {
        name: "AMD MFMA (amd_mfma v3, gfx942): 2×2 wavefronts of 64 lanes, 32×32 tiles over 64×64",
        layout: MFMA,
        shape: "64,64",
        other: "",
    },
    Preset {
        name: "its operand A (dot_op, kWidth 4), as an IR dump prints it",
        layout: "#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, \
                 32, 8], isTransposed = true}>\n#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth \
                 = 4}>",
        shape: "64,32",
        other: "",
    },
    Preset {
        name: "AMD WMMA (amd_wmma v2, RDNA4): 2×2 wavefronts of 32 lanes, 16×16 tiles over 64×64",
        layout: "#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>",
        shape: "64,64",
        other: "",
    },
    Preset {
        name:
            "Blackwell tcgen05.ld 16x256b of a 128×64 fp32 TMEM tile, 4 warps (get_tmem_reg_layout)",
        layout: "#ttg.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [16, 0]], \
                 lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[32, 0], [64, 0]], \
                 block = []}>",
        shape: "128,64",
        other: "",
    },
    Preset {
        name: "Blackwell tensor memory: one SM's 128 lanes × 512 columns, read by tcgen05.ld \
               32x32b",
        layout: "#ttng.tensor_memory_encoding<blockM = 128, blockN = 512, colStride = 1>",
        shape: "128,512",
        other: "get_tmem_reg_layout(ttgl.float32, [128, 512], TensorMemoryLayout((128, 512), \
                1), num_warps=4)",
    },
    Preset {
        name: "Blackwell tensor memory of a CTA pair's 64-row blocks (twoCTAs, CTASplitM = 2)",
        layout: "#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1, \
                 CTASplitM = 2, twoCTAs = true>",
        shape: "128,64",
        other: "",
    },
];

/// Which field an error is next to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The layout (`layout=`).
    Layout,
    /// The tensor's shape (`shape=`), power-of-two sizes: `32,64`, `32x64`.
    Shape,
    /// The second layout, to convert to (`to=`).
    Other,
    /// The thread, warp or register to light (`pick=`).
    Pick,
}

const FIELDS: usize = 4;

impl Field {
    /// Every field, in the order shown.
    pub const ALL: [Field; FIELDS] = [Field::Layout, Field::Shape, Field::Other, Field::Pick];

    fn index(self) -> usize {
        self as usize
    }
}

/// What to light in the grids: a thread (`12` or `t12`, lane + lanes·warp), a warp (`w1`) or
/// a register (`r3`, in every thread).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TritonPick {
    /// Thread `lane + lanes·warp` (typed `12` or `t12`).
    Thread(u32),
    /// Warp `w` (typed `w1`).
    Warp(u32),
    /// Register `r`, in every thread (typed `r3`).
    Register(u32),
}

impl TritonPick {
    /// `12`, `t12`, `w1` or `r3`.
    ///
    /// # Errors
    /// What was expected.
    pub fn parse(text: &str) -> Result<TritonPick, FieldError> {
        let text = text.trim();
        let (kind, number): (fn(u32) -> TritonPick, &str) =
            match text.chars().next().map(|c| c.to_ascii_lowercase()) {
                Some('t') => (TritonPick::Thread, &text[1..]),
                Some('w') => (TritonPick::Warp, &text[1..]),
                Some('r') => (TritonPick::Register, &text[1..]),
                _ => (TritonPick::Thread, text),
            };
        number.trim().parse::<u32>().map(kind).map_err(|_| {
            FieldError::rule(format!(
                "a thread (12 or t12), a warp (w1) or a register (r3), not `{text}`"
            ))
        })
    }
}

/// A layout as read: where it came from, the tensor's shape, and its linear layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    /// The layout as read, which prints itself back as MLIR or Gluon.
    pub layout: TritonLayout,
    /// The tensor's sizes, each a power of two.
    pub shape: Vec<u32>,
    /// The layout over `shape` as a linear layout: (register, lane, warp, block) bits → element
    /// bits, by XOR of bases.
    pub linear: LinearLayout,
}

/// The Triton page's state: `layout=…&shape=…&to=…&pick=…&colour=…`. Each field keeps its
/// text; the layouts and the pick they last made stay while a field is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TritonState {
    /// Every field as typed, by [`Field`], with why it makes no layout or pick. The fields are
    /// read together (a layout over a shape), so the values they make are kept below.
    fields: [Parsed<()>; FIELDS],
    /// The last layout that was made.
    made: Made,
    /// The last second layout that was made; `None` while its field is empty.
    other: Option<Made>,
    /// The last pick that was read.
    pick: Option<TritonPick>,
    /// How each element is coloured by who holds it (`colour=`).
    pub colour: TritonColour,
}

impl Default for TritonState {
    fn default() -> TritonState {
        let p = &PRESETS[0];
        let made = make(p.layout, p.shape, None)
            .unwrap_or_else(|_| unreachable!("the first preset makes a layout"));
        TritonState {
            fields: [p.layout, p.shape, "", ""].map(|t| Parsed::valid(t, ()).max_chars(MAX_CHARS)),
            made,
            other: None,
            pick: None,
            colour: TritonColour::default(),
        }
    }
}

/// `32,64`, `32x64` or `32×64`.
fn parse_shape(text: &str) -> Result<Vec<u32>, FieldError> {
    let sizes: Result<Vec<u32>, _> = text
        .split([',', 'x', '×'])
        .map(|s| s.trim().parse::<u32>())
        .collect();
    match sizes {
        Ok(sizes) if !sizes.is_empty() => match sizes.iter().find(|s| !s.is_power_of_two()) {
            Some(s) => Err(FieldError::rule(format!(
                "Triton's tensors have power-of-two sizes; {s} is not one"
            ))),
            None => Ok(sizes),
        },
        _ => Err(FieldError::rule(format!(
            "sizes such as 32,64, not `{text}`"
        ))),
    }
}

/// `32×64`.
pub fn by_x(shape: &[u32]) -> String {
    let sizes: Vec<String> = shape.iter().map(u32::to_string).collect();
    sizes.join("×")
}

/// The layout `text` over `shape_text`, or over `shape` when given (the second layout takes
/// the first one's shape); the error names its field.
fn make(text: &str, shape_text: &str, shape: Option<&[u32]>) -> Result<Made, (Field, FieldError)> {
    let own = match shape {
        None => Field::Layout,
        Some(_) => Field::Other,
    };
    let rule = |field: Field, message: String| (field, FieldError::rule(message));
    let source = TritonText::parse(text).map_err(|e| (own, e.into()))?;
    let shape = match shape {
        Some(shape) => shape.to_vec(),
        None => parse_shape(shape_text).map_err(|e| (Field::Shape, e))?,
    };
    if let Some(typed) = source.shape().filter(|t| *t != shape.as_slice()) {
        let (field, what) = match own {
            Field::Layout => (Field::Shape, "the tensor type's"),
            _ => (
                Field::Other,
                "this tensor type's shape differs from the first layout's",
            ),
        };
        return Err(rule(
            field,
            format!("{} ({what} {})", by_x(&shape), by_x(typed)),
        ));
    }
    let layout = source.layout().clone();
    if layout.rank() != shape.len() {
        return Err(rule(
            if own == Field::Layout {
                Field::Shape
            } else {
                own
            },
            format!(
                "the layout is of rank {}; the shape {} has {} sizes",
                layout.rank(),
                by_x(&shape),
                shape.len()
            ),
        ));
    }
    let elements: u64 = shape.iter().map(|&s| u64::from(s)).product();
    if elements > MAX_ELEMENTS as u64 {
        return Err(rule(
            Field::Shape,
            format!("{elements} elements; the page draws up to {MAX_ELEMENTS}"),
        ));
    }
    let linear = layout
        .to_linear_layout(&shape)
        .map_err(|e| (own, e.into()))?;
    if linear.total_in_bits() > MAX_INPUTS.trailing_zeros() {
        return Err(rule(
            own,
            format!(
                "2^{} registers, lanes and warps; the page walks up to {MAX_INPUTS}",
                linear.total_in_bits()
            ),
        ));
    }
    Ok(Made {
        layout,
        shape,
        linear,
    })
}

impl TritonState {
    /// `field` as typed.
    pub fn text(&self, field: Field) -> &str {
        self.fields[field.index()].text()
    }

    /// Why `field` makes no layout or pick; `None` while it is good.
    pub fn error(&self, field: Field) -> Option<&FieldError> {
        self.fields[field.index()].error()
    }

    /// The last layout the layout and shape fields made.
    pub fn made(&self) -> &Made {
        &self.made
    }

    /// The last second layout made, over the first's shape; `None` while its field is empty.
    pub fn other(&self) -> Option<&Made> {
        self.other.as_ref()
    }

    /// The last pick read, within the layout's threads, warps or registers.
    pub fn pick(&self) -> Option<TritonPick> {
        self.pick
    }

    /// Types `text` into `field`. A tensor type typed as the layout brings its shape.
    pub fn set(&mut self, field: Field, text: &str) {
        self.fields[field.index()].set_text(text);
        if field == Field::Layout {
            if let Ok(typed) = TritonText::parse(self.text(Field::Layout)) {
                if let Some(shape) = typed.shape() {
                    let sizes: Vec<String> = shape.iter().map(u32::to_string).collect();
                    self.fields[Field::Shape.index()].set_text(&sizes.join(","));
                }
            }
        }
        self.rebuild();
    }

    /// Loads preset `k` (out of range: nothing).
    pub fn load_preset(&mut self, k: usize) {
        let Some(p) = PRESETS.get(k) else { return };
        for (field, text) in Field::ALL.into_iter().zip([p.layout, p.shape, p.other, ""]) {
            self.fields[field.index()].set_text(text);
        }
        self.rebuild();
    }

    /// Places `why` next to `field`.
    fn fail(&mut self, (field, why): (Field, FieldError)) {
        self.fields[field.index()].set_error(Some(why));
    }

    /// Reads every field again; a field that makes nothing keeps the last good value and says
    /// why.
    fn rebuild(&mut self) {
        for field in &mut self.fields {
            field.set_error(None);
        }
        match make(self.text(Field::Layout), self.text(Field::Shape), None) {
            Ok(made) => self.made = made,
            Err(e) => self.fail(e),
        }
        let other = self.text(Field::Other).trim().to_string();
        if other.is_empty() {
            self.other = None;
        } else {
            match make(&other, "", Some(&self.made.shape)) {
                Ok(made) => self.other = Some(made),
                Err(e) => {
                    // a second layout of another shape than the one now shown is no use
                    if self
                        .other
                        .as_ref()
                        .is_some_and(|o| o.shape != self.made.shape)
                    {
                        self.other = None;
                    }
                    self.fail(e);
                }
            }
        }
        let pick = self.text(Field::Pick).trim().to_string();
        self.pick = None;
        if !pick.is_empty() {
            match TritonPick::parse(&pick).and_then(|p| self.check_pick(p)) {
                Ok(p) => self.pick = Some(p),
                Err(why) => self.fail((Field::Pick, why)),
            }
        }
    }

    fn check_pick(&self, pick: TritonPick) -> Result<TritonPick, FieldError> {
        let in_dims: Vec<(String, u32)> = self
            .made
            .linear
            .bases()
            .iter()
            .map(|(name, list)| (name.clone(), 1u32 << list.len()))
            .collect();
        let Some([registers, lanes, warps]) = grid::pick_sizes(&in_dims) else {
            return Err(FieldError::rule(
                "this layout has no registers, lanes or warps to pick",
            ));
        };
        let size = |n: u32| u64::from(n);
        let (what, value, limit) = match pick {
            TritonPick::Thread(t) => ("threads", t, size(lanes) * size(warps)),
            TritonPick::Warp(w) => ("warps", w, size(warps)),
            TritonPick::Register(r) => ("registers", r, size(registers)),
        };
        match u64::from(value) < limit {
            true => Ok(pick),
            false => Err(FieldError::rule(format!(
                "the layout has {limit} {what} (0 to {})",
                limit - 1
            ))),
        }
    }

    /// Who holds each element of the layout.
    pub fn holders(&self) -> Result<Holders, LayoutError> {
        Holders::of(&self.made.linear, MAX_ELEMENTS, MAX_INPUTS)
    }

    /// The layout as an IR dump prints it, over its shape: `#ttg.blocked<{…}> over 32×64`.
    pub fn title(&self) -> String {
        format!(
            "{} over {}",
            self.made.layout.to_mlir(),
            by_x(&self.made.shape)
        )
    }

    /// Who holds each element of the second layout, while there is one.
    pub fn other_holders(&self) -> Option<Result<Holders, LayoutError>> {
        let other = self.other.as_ref()?;
        Some(Holders::of(&other.linear, MAX_ELEMENTS, MAX_INPUTS))
    }

    /// One line: what the layout is over the tensor, and how many hold each element.
    pub fn summary(&self) -> String {
        summary_of(&self.made)
    }

    /// The second layout's line, while there is one.
    pub fn other_summary(&self) -> Option<String> {
        self.other.as_ref().map(summary_of)
    }

    /// The layout in each notation: MLIR inline, as an IR dump (alias line and use), Gluon.
    pub fn notations(&self) -> [(&'static str, String); 3] {
        let layout = &self.made.layout;
        let (alias, used) = layout.to_mlir_aliased();
        [
            ("MLIR attribute", layout.to_mlir()),
            ("as an IR dump prints it", format!("{alias}\n{used}")),
            ("Gluon", layout.to_gluon()),
        ]
    }

    /// The linear layout as Triton prints it (`print(layout)`, `LinearLayout::toString()`),
    /// without its leading newline.
    pub fn bases_text(&self) -> String {
        let text = self.made.linear.to_triton_string();
        text.strip_prefix('\n').unwrap_or(&text).to_string()
    }

    /// What CuTe writes for the same map, or why there is none: a distributed layout's
    /// thread-value layout (`(thread, value) → index`, dim0 fastest), a shared layout's
    /// swizzled layout (`coordinate → offset`).
    pub fn cute_counterpart(&self) -> Result<String, LayoutError> {
        let made = &self.made;
        match &made.layout {
            l if l.is_shared() => shared_to_cute(l, &made.shape).map(|c| c.to_string()),
            TritonLayout::TensorMemory(_) => Ok(TMEM_COUNTERPART.into()),
            _ => distributed_to_cute_tv(&made.linear).map(|tv| tv.to_string()),
        }
    }

    /// What [`cute_counterpart`](Self::cute_counterpart) is a counterpart of.
    pub fn counterpart_title(&self) -> &'static str {
        match self.made.layout.is_shared() {
            true => "CuTe counterpart: the swizzled layout (coordinate → offset)",
            false if self.made.layout.is_tensor_memory() => "CuTe counterpart: tensor memory",
            false => {
                "CuTe counterpart: the thread-value layout (thread, value) → index, dim0 fastest"
            }
        }
    }

    /// The basis matrix over F2: column names (input bits, `r0 … l4 w0`), row names (output
    /// bits, `dim0:0 …`), and the rows, one bool per column.
    pub fn matrix(&self) -> (Vec<String>, Vec<String>, Vec<Vec<bool>>) {
        let layout = &self.made.linear;
        let matrix = layout.matrix();
        let columns: Vec<String> = layout
            .bases()
            .iter()
            .flat_map(|(name, list)| {
                (0..list.len()).map(move |k| format!("{}{k}", short_name(name)))
            })
            .collect();
        let rows: Vec<String> = layout
            .out_dims_with_sizes()
            .iter()
            .flat_map(|(name, size)| (0..size.trailing_zeros()).map(move |b| format!("{name}:{b}")))
            .collect();
        let bits = matrix
            .rows()
            .iter()
            .map(|&row| (0..columns.len()).map(|c| row >> c & 1 == 1).collect())
            .collect();
        (columns, rows, bits)
    }

    /// What `convert_layout` from the layout to the second one moves, while there is one.
    pub fn conversion(&self) -> Option<Result<ConversionReport, LayoutError>> {
        let other = self.other.as_ref()?;
        Some(analyze_conversion(&self.made.linear, &other.linear))
    }

    /// The conversion as lines: the verdict, the counts, the minimal conversion's bases.
    pub fn conversion_lines(&self) -> Option<Result<Vec<String>, LayoutError>> {
        if let Some(lines) = tmem::access_lines(&self.made, self.other.as_ref()?) {
            return Some(lines);
        }
        let report = match self.conversion()? {
            Ok(report) => report,
            Err(why) => return Some(Err(why)),
        };
        let mut lines = vec![format!("convert_layout needs: {}", report.kind)];
        if let Some(c) = report.counts {
            lines.push(format!(
                "of the second layout's {} slots: {} stay in their register, {} change register \
                 in their thread, {} come from another lane of the warp, {} from another warp",
                c.stay + c.register + c.lane + c.warp,
                c.stay,
                c.register,
                c.lane,
                c.warp
            ));
        }
        let minimal = moves(&report.minimal);
        lines.push(match minimal.is_empty() {
            true => "minimal conversion (second⁻¹ ∘ first, quotiented): the identity".into(),
            false => format!(
                "minimal conversion (second⁻¹ ∘ first, quotiented), each holder of the first \
                 layout → its holder in the second: {minimal}"
            ),
        });
        Some(Ok(lines))
    }
}

/// A conversion's bases as labelled moves: `r2 → l4` (the first layout's register 2 is the
/// second's lane 4), `l1 → r1 ⊕ w1`, `w1 → nothing` (dropped: a broadcast), a basis per
/// input bit, each input named by its index (2^k).
fn moves(layout: &LinearLayout) -> String {
    let outs = layout.out_dims_with_sizes();
    let mut moves = Vec::new();
    for (name, list) in layout.bases() {
        for (k, basis) in list.iter().enumerate() {
            let to: Vec<String> = basis
                .iter()
                .zip(outs.iter())
                .filter(|(v, _)| **v != 0)
                .map(|(v, (out, _))| format!("{}{v}", short_name(out)))
                .collect();
            let to = match to.is_empty() {
                true => "nothing".to_string(),
                false => to.join(" ⊕ "),
            };
            moves.push(format!("{}{} → {to}", short_name(name), 1_u64 << k));
        }
    }
    moves.join(", ")
}

fn summary_of(made: &Made) -> String {
    if made.layout.is_tensor_memory() {
        return tmem::summary(made);
    }
    let l = &made.linear;
    let dims: Vec<String> = l
        .bases()
        .iter()
        .filter(|(_, list)| !list.is_empty())
        .map(|(name, list)| format!("{} {name}s", 1u64 << list.len()))
        .collect();
    let (ins, outs) = (l.total_in_bits(), l.total_out_bits());
    let elements: u64 = made.shape.iter().map(|&s| u64::from(s)).product();
    let held = if l.is_invertible() {
        "each element held exactly once".to_string()
    } else if l.is_surjective() {
        format!(
            "each element held by {} of them (broadcast)",
            1u64 << (ins - outs)
        )
    } else {
        format!("only {} of the elements held", 1u64 << l.rank())
    };
    format!(
        "{} elements ({}) held by {} = {} slots; {held}",
        elements,
        by_x(&made.shape),
        if dims.is_empty() {
            "one slot".to_string()
        } else {
            dims.join(" × ")
        },
        1u64 << ins
    )
}

impl PageState for TritonState {
    /// `layout=…&shape=…`, then `to=…`, `pick=…` and `colour=…` where not the default.
    fn to_query(&self) -> String {
        let keep = crate::state::url::keep::TRITON;
        let mut q = format!(
            "layout={}&shape={}",
            percent_encode(self.text(Field::Layout), keep),
            percent_encode(self.text(Field::Shape), keep)
        );
        for (field, key) in [(Field::Other, "to"), (Field::Pick, "pick")] {
            if !self.text(field).is_empty() {
                q += &format!("&{key}={}", percent_encode(self.text(field), keep));
            }
        }
        if self.colour != TritonColour::default() {
            q += &format!("&colour={}", self.colour.as_str());
        }
        q
    }

    fn read_query(query: &str) -> (Self, Vec<String>) {
        let get = |key: &str| query_value(query, key, MAX_CHARS);
        let mut s = TritonState::default();
        for (field, key) in [
            (Field::Layout, "layout"),
            (Field::Shape, "shape"),
            (Field::Other, "to"),
            (Field::Pick, "pick"),
        ] {
            if let Some(value) = get(key) {
                s.fields[field.index()].set_text(&value);
            }
        }
        s.colour = get("colour")
            .and_then(|c| TritonColour::parse(&c))
            .unwrap_or_default();
        s.rebuild();
        (s, Vec::new())
    }
}

#[cfg(test)]
mod tests;
