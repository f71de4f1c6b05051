//! The `layout-lab` command line's library: the readers of the shared reference vectors
//! (`../shared/vectors/*.jsonl`) and their agreement rules, which `layout-lab check` and
//! `stats` apply and the test suites and benchmarks read cases with. The commands themselves
//! are the binary's (`src/main.rs`).

pub mod vectors;
