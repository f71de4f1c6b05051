//! Every page's URL state, as a stranger's link delivers it.
#![no_main]
use libfuzzer_sys::fuzz_target;
use model::state::layouts::workbench::WorkbenchState;
use model::state::layouts::LayoutsState;
use model::state::morphisms::MorphismsState;
use model::state::route::Route;
use model::state::shader::{Pages, ShaderState, Subject};
use model::state::syno::SynoState;
use model::state::threads::ThreadsState;
use model::state::triton::TritonState;
use model::state::{PageState, ViewsState};

fuzz_target!(|text: &str| {
    let _ = Route::parse(text);
    let (views, _) = ViewsState::from_query(text);
    let _ = views.to_query();
    let _ = views.shown();
    let layouts = LayoutsState::from_query(text);
    let _ = layouts.to_query();
    let banks = layouts.banks.view(layouts.layout());
    let _ = banks.marked(&banks.swizzled, layouts.banks.load, layouts.banks.phase);
    let morphisms = MorphismsState::from_query(text);
    let _ = morphisms.to_query();
    let _ = WorkbenchState::from_query(text).result();
    let (threads, _) = ThreadsState::read_query(text);
    let _ = threads.to_query();
    let _ = threads.grids();
    let _ = threads.copy_grids();
    let _ = threads.copy_banks();
    let (triton, _) = TritonState::read_query(text);
    let _ = triton.to_query();
    let _ = triton.holders();
    let _ = triton.conversion();
    let syno = SynoState::from_query(text);
    let _ = syno.to_query();
    // the Shader page on the same URL: its options and the source page it names
    let shader = ShaderState::from_query(text);
    let pages = Pages {
        views: &views,
        layouts: &layouts,
        morphisms: &morphisms,
        syno: &syno,
    };
    let _ = shader.page_query(&shader.from.query(&pages));
    if let Ok(generated) =
        Subject::of(shader.from, shader.input, &pages).and_then(|s| s.generate(&shader.opts()))
    {
        let _ = generated.grid();
        let _ = generated.expected(shader.opts().fill);
    }
});
