//! The pages, one module each: the Views, Layouts, Morphisms, Syno, Shader, Threads and Triton
//! pages, each with the parts only it uses.

pub mod layouts;
pub mod morphisms;
pub mod shader;
pub mod syno;
pub mod threads;
pub mod triton;
pub mod views;

pub use layouts::LayoutsPage;
pub use morphisms::MorphismsPage;
pub use shader::ShaderPage;
pub use syno::SynoPage;
pub use threads::ThreadsPage;
pub use triton::TritonPage;
pub use views::ViewsPage;
