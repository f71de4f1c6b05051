//! Benchmarks only: `benches/engine.rs` times the engine natively (criterion), `benches/wasm.rs`
//! the same workloads (`benches/workloads/`) in headless Chromium (`scripts/bench-wasm`).
