//! Every page's URL state, as a stranger's link delivers it.
#![no_main]
use layout_lab::state::layouts::LayoutsState;
use layout_lab::state::morphisms::MorphismsState;
use layout_lab::state::route::Route;
use layout_lab::state::workbench::WorkbenchState;
use layout_lab::state::ViewsState;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = Route::parse(text);
    let (views, _) = ViewsState::from_query(text);
    let _ = views.to_query();
    let _ = views.shown();
    let _ = LayoutsState::from_query(text).to_query();
    let _ = MorphismsState::from_query(text).to_query();
    let _ = WorkbenchState::from_query(text).result();
});
