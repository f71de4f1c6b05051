//! The web app's entry point: it only mounts.

#[cfg(target_arch = "wasm32")]
fn main() {
    layout_lab_app::ui::panic_banner::install();
    leptos::mount::mount_to_body(layout_lab_app::ui::App);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "layout-lab-web is the browser app: build and serve it with `scripts/serve` (Trunk)."
    );
}
