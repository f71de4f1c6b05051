//! Drawing models: what each picture shows, as cells, swatches and coordinates, before any
//! markup. The composed grids of a view stack ([`stack_grid`]), grids too large for DOM cells
//! ([`large_grid`]), how a page colours its cells ([`colouring`]) and a morphism's arrow
//! diagram ([`diagram`]). They read the engine's values only; page state builds them from what
//! the user typed, and the panels and pictures write them out.

pub mod canvas_view;
pub mod colouring;
pub mod diagram;
pub mod large_grid;
pub mod stack_grid;

pub use stack_grid::{Hover, StackGrid};
