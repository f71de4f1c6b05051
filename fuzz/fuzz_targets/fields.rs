//! Every text field of every page, edited in any order: the view form (shape, stride, mask,
//! offset, symbols, the pasted `View(...)`), the layout field, the morphism editor, the
//! composition walkthrough's operands, the algebra workbench's operation and operands, the bank
//! section's swizzle fields, thread-value layout, atom and widths, the Syno program and palette,
//! the Shader page's options, the Threads page's fields and the Triton page's.
//!
//! Each line is one edit: its first byte picks the field (and the row or operation), the rest
//! is what is typed.
#![no_main]
use libfuzzer_sys::fuzz_target;
use model::state::layouts::banks::Atom;
use model::state::layouts::workbench::{Operation, WorkbenchState};
use model::state::layouts::LayoutsState;
use model::state::morphisms::{MorphOp, MorphismsState, Part};
use model::state::shader::{OptField, ShaderState};
use model::state::syno::{Grids, SynoState};
use model::state::threads::{Field as ThreadField, ThreadsState};
use model::state::triton::{self, Field as TritonField, TritonState};
use model::state::views::form::{RowField, SymbolPart, ViewEditor};
use model::state::PageState;

const ROW_FIELDS: [RowField; 4] = [
    RowField::Shape,
    RowField::Stride,
    RowField::MaskBegin,
    RowField::MaskEnd,
];
const SYMBOL_PARTS: [SymbolPart; 3] = [SymbolPart::Min, SymbolPart::Max, SymbolPart::Value];
const PARTS: [Part; 3] = [Part::Domain, Part::Codomain, Part::Map];
const PRIMITIVES: [&str; 9] = [
    "reduce",
    "share",
    "unfold",
    "split",
    "merge",
    "stride",
    "shift",
    "reverse",
    "frobnicate",
];

/// The Threads page's fields.
const THREAD_FIELDS: [ThreadField; 11] = [
    ThreadField::Atom,
    ThreadField::Layout,
    ThreadField::Permutation,
    ThreadField::Pick,
    ThreadField::CopyAtom,
    ThreadField::CopyBits,
    ThreadField::CopyThr,
    ThreadField::CopyVal,
    ThreadField::CopySmem,
    ThreadField::Gemm,
    ThreadField::Block,
];

fuzz_target!(|text: &str| {
    let mut editor = ViewEditor::default();
    let mut layouts = LayoutsState::default();
    let mut morphisms = MorphismsState::default();
    let mut workbench = WorkbenchState::default();
    let mut syno = SynoState::default();
    let mut shader = ShaderState::default();
    let mut threads = ThreadsState::default();
    let mut triton = TritonState::default();
    for line in text.lines().take(24) {
        let Some(&pick) = line.as_bytes().first() else {
            continue;
        };
        let typed = line.get(1..).unwrap_or("");
        let row = usize::from(pick >> 4) % 5;
        match pick % 16 {
            0 => editor.set_field(row, ROW_FIELDS[row % 4], typed),
            1 => editor.set_offset(typed),
            2 => editor.set_paste(typed),
            3 => {
                let (name, value) = typed.split_once('=').unwrap_or((typed, "1"));
                let _ = editor.set_symbol(name, SYMBOL_PARTS[row % 3], value);
            }
            4 => match row {
                0 => editor.add_dim(),
                1 => editor.remove_dim(usize::from(pick) % 4),
                _ => editor.move_up(usize::from(pick) % 4),
            },
            5 => layouts.set_text(typed),
            6 => morphisms.set_part(PARTS[row % 3], typed),
            7 => {
                let _ = morphisms.load_text(typed);
            }
            8 => {
                morphisms.set_op(MorphOp::ALL[row % MorphOp::ALL.len()]);
                morphisms.set_g(typed);
            }
            9 => match row % 3 {
                0 => morphisms.set_from_layout(typed),
                r => morphisms.set_operand(r == 1, typed),
            },
            10 => {
                workbench.set_op(Operation::ALL[usize::from(pick >> 4) % Operation::ALL.len()]);
                workbench.set_a(typed);
            }
            11 => workbench.set_b(typed),
            12 => syno.set_text(typed),
            13 => {
                // a palette press: the constant, then the dimensions clicked
                let mut words = typed.split(' ');
                let constant = words.next().unwrap_or("");
                let selected: Vec<String> = words.map(str::to_string).collect();
                let name = PRIMITIVES[usize::from(pick >> 4) % PRIMITIVES.len()];
                let _ = syno.append(name, constant, &selected);
            }
            14 => match row {
                0..=2 => layouts.banks.set_field(row, typed),
                3 => layouts.banks.set_tv(typed),
                _ => match Atom::parse(typed) {
                    Some(atom) => layouts.pick_atom(atom),
                    None => layouts.set_element_bits(typed.parse().unwrap_or(0)),
                },
            },
            _ if row < 2 => shader.set(
                if row == 0 {
                    OptField::Fill
                } else {
                    OptField::Workgroup
                },
                typed,
            ),
            _ if row == 2 => threads.set(THREAD_FIELDS[typed.len() % THREAD_FIELDS.len()], typed),
            _ => match TritonField::ALL.get(typed.len() % 5) {
                Some(&field) => triton.set(field, typed),
                None => triton.load_preset(usize::from(pick) % triton::PRESETS.len()),
            },
        }
    }
    let _ = editor.symbolic_view();
    let _ = ViewEditor::from_form(editor.form().clone());
    let _ = layouts.properties();
    let _ = layouts.grid();
    let _ = layouts.to_query();
    let banks = layouts.banks.view(layouts.layout());
    let _ = banks.describe(0);
    let _ = banks.marked(&banks.swizzled, 0, 0);
    if layouts.layout().size().is_ok_and(|s| s <= 256) {
        let _ = layouts.suggestions();
    }
    let _ = morphisms.op_result();
    let _ = morphisms.steps();
    let _ = MorphismsState::from_query(&morphisms.to_query()).steps();
    let _ = workbench.result();
    let _ = workbench.warnings();
    let _ = workbench.tiles();
    let _ = WorkbenchState::from_query(&workbench.to_query()).result();
    if let Some(access) = syno.last_access() {
        let _ = Grids::of(access);
    }
    let _ = SynoState::from_query(&syno.to_query());
    let _ = ShaderState::from_query(&shader.to_query());
    let _ = threads.grids();
    let _ = threads.copy_grids();
    let _ = threads.copy_banks();
    let _ = threads.warnings();
    let _ = ThreadsState::read_query(&threads.to_query());
    if let Ok(holders) = triton.holders() {
        let _ = triton::canvas_grid(&holders, triton.colour);
        let _ = triton::hover_text(triton.made(), &holders, holders.len() / 2);
    }
    let _ = triton.conversion_lines();
    let _ = triton.cute_counterpart();
    let _ = triton.matrix();
    let _ = triton.summary();
    let _ = TritonState::read_query(&triton.to_query());
});
