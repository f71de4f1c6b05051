pub mod layouts;
pub mod morphisms;
pub mod planned;
pub mod views;

pub use layouts::LayoutsPage;
pub use morphisms::MorphismsPage;
pub use planned::PlannedPage;
pub use views::ViewsPage;
