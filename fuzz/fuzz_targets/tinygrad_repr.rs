//! tinygrad `View(...)` and `ShapeTracker(views=(...))` text, then expressions of small stacks.
#![no_main]
use engine::view::tinygrad_repr::{parse_tracker, parse_view};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = parse_view(text);
    if let Ok(tracker) = parse_tracker(text) {
        let _ = tracker.index_exprs();
        let _ = tracker.offsets(1 << 12);
    }
});
