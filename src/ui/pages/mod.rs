pub mod layouts;
pub mod planned;
pub mod views;

pub use layouts::LayoutsPage;
pub use planned::PlannedPage;
pub use views::ViewsPage;
