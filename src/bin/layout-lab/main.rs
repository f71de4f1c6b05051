//! `layout-lab`: the native command line for documentation pipelines and reference checks.
//! The app's wasm32 build compiles this binary too, with nothing in it.

#[cfg(not(target_arch = "wasm32"))]
mod bank;
#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod draw;
#[cfg(not(target_arch = "wasm32"))]
mod partition;
#[cfg(not(target_arch = "wasm32"))]
mod tiled;
#[cfg(not(target_arch = "wasm32"))]
mod triton;
#[cfg(not(target_arch = "wasm32"))]
mod tv;
#[cfg(not(target_arch = "wasm32"))]
mod vectors;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
