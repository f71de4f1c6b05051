//! Syno preset calls, symbolic sizes and the Syno page's programs, then the gather shader of
//! each input and, for a program, its linked grids.
#![no_main]
use engine::syno::{presets, Bindings, Size};
use engine::wgsl::{syno_shader, ShaderOptions};
use libfuzzer_sys::fuzz_target;
use model::state::syno::{build, Grids};

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
