//! The parts several pages share: grids (DOM and canvas), their colouring, picture exports,
//! the clipboard.
//! A page's own parts live with it under `ui/pages/`.

pub mod canvas_grid;
pub mod choice;
pub mod clipboard;
pub mod colour_picker;
pub mod grid;
pub mod picture_export;
pub mod text_field;

pub use canvas_grid::{grid_memo, latest_hover_wins, CanvasGrid, CanvasHint, CanvasMemory};
pub use choice::Choice;
pub use colour_picker::ColourPicker;
pub use grid::{GridKind, GridView, MemoryStrip};
pub use picture_export::PictureExport;
pub use text_field::TextField;
