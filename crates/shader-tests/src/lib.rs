//! Tests only (`tests/wgsl.rs`, `tests/gpu.rs`): every WGSL kernel the engine generates is
//! validated by naga against `snapshots/wgsl/`, and run with wgpu on Mesa's lavapipe, element
//! by element against the engine. A crate of its own so that wgpu and naga are built for these
//! suites alone.
