//! Movement-op chains typed into the Views page: `kind argument` lines applied in order.
#![no_main]
use libfuzzer_sys::fuzz_target;
use model::state::ViewsState;

fuzz_target!(|text: &str| {
    let mut state = ViewsState::default();
    for line in text.lines().take(16) {
        let (kind, argument) = line.split_once(' ').unwrap_or((line, ""));
        let _ = state.push_op(kind, argument);
    }
    let _ = state.shown();
    let _ = state.as_layout();
    let _ = state.merge_verdict();
});
