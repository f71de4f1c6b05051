//! CuTe and pycute layout notation, then the cheap algebra on what parses.
#![no_main]
use engine::cute::{pycute::algebra, Layout};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(layout) = Layout::parse(text) {
        let _ = layout.size();
        let _ = layout.cosize();
        let _ = algebra::coalesce(&layout);
        // what prints within the parser's length limit reads back the same
        let printed = layout.to_string();
        if printed.len() <= 4096 {
            assert_eq!(Layout::parse(&printed).as_ref(), Ok(&layout), "{printed}");
        }
    }
});
