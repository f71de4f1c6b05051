//! Syno preset calls, symbolic sizes and the Syno page's programs, then the gather shader of
//! each input and, for a program, its linked grids.
#![no_main]
use layout_lab::engine::syno::{presets, Bindings, Size};
use layout_lab::engine::wgsl::{syno_shader, ShaderOptions};
use layout_lab::state::syno::{build, Grids};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = Size::parse(text);
    if let Some(access) = build(text).access {
        let _ = Grids::of(&access);
        for input in 0..access.inputs.len() {
            let _ = syno_shader(&access, input, &ShaderOptions::default());
        }
    }
    if let Ok(op) = presets::parse(text) {
        if let Ok(access) = op.access(&Bindings::new()) {
            for input in 0..access.inputs.len() {
                let _ = syno_shader(&access, input, &ShaderOptions::default());
            }
        }
    }
});
