pub mod planned;
pub mod views;

pub use planned::PlannedPage;
pub use views::ViewsPage;
