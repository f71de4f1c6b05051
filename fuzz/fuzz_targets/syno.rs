//! Syno preset calls and symbolic sizes, then the gather shader of each input.
#![no_main]
use layout_lab::engine::syno::{presets, Bindings, Size};
use layout_lab::engine::wgsl::{syno_shader, ShaderOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = Size::parse(text);
    if let Ok(op) = presets::parse(text) {
        if let Ok(access) = op.access(&Bindings::new()) {
            for input in 0..access.inputs.len() {
                let _ = syno_shader(&access, input, &ShaderOptions::default());
            }
        }
    }
});
