//! Nested tuple morphisms `(2,2) --(1,*)--> (2,5)`, then their layouts and diagrams.
#![no_main]
use engine::morphism::Morphism;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(f) = Morphism::parse(text) {
        let _ = f.to_string();
        let _ = f.layout();
    }
});
