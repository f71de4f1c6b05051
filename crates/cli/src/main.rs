//! `layout-lab`: the native command line for documentation pipelines and reference checks.

mod bank;
mod check;
mod cli;
mod draw;
mod partition;
mod tiled;
mod triton;
mod tv;

fn main() -> std::process::ExitCode {
    cli::main()
}
