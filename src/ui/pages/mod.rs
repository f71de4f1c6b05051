pub mod layouts;
pub mod morphisms;
pub mod planned;
pub mod shader;
pub mod views;

pub use layouts::LayoutsPage;
pub use morphisms::MorphismsPage;
pub use planned::PlannedPage;
pub use shader::ShaderPage;
pub use views::ViewsPage;
