//! What a link carries: only the parts of a page's state that differ from the page's default.
//! Reading a query fills every key it lacks with that key's default, so a link without the
//! default pairs reopens the same state, and reads as the change the user made.

use std::sync::OnceLock;

use super::layouts::LayoutsState;
use super::morphisms::MorphismsState;
use super::shader::{ShaderState, Source};
use super::syno::SynoState;
use super::threads::ThreadsState;
use super::triton::TritonState;
use super::{Page, PageState, ViewsState};

/// The query of each page's default state, in [`Page::ALL`]'s order; computed once.
fn defaults() -> &'static [String; 7] {
    static DEFAULTS: OnceLock<[String; 7]> = OnceLock::new();
    DEFAULTS.get_or_init(|| {
        Page::ALL.map(|page| match page {
            Page::Views => ViewsState::default().to_query(),
            Page::Layouts => LayoutsState::default().to_query(),
            Page::Morphisms => MorphismsState::default().to_query(),
            Page::Syno => SynoState::default().to_query(),
            Page::Shader => ShaderState::default().to_query(),
            Page::Threads => ThreadsState::default().to_query(),
            Page::Triton => TritonState::default().to_query(),
        })
    })
}

fn default_query(page: Page) -> &'static str {
    let k = Page::ALL.iter().position(|&p| p == page).unwrap_or(0);
    &defaults()[k]
}

/// `query` without the pairs the page's default state writes alike (`shape=3,4` on Views).
/// A Shader query also drops its source page's default pairs: that page reads the same query.
pub fn beyond_defaults(page: Page, query: &str) -> String {
    let source = (page == Page::Shader).then(|| ShaderState::from_query(query).from);
    let mut default: Vec<&str> = default_query(page).split('&').collect();
    if let Some(from) = source.map(Source::page) {
        default.extend(default_query(from).split('&'));
    }
    query
        .split('&')
        .filter(|pair| !pair.is_empty() && !default.contains(pair))
        .collect::<Vec<_>>()
        .join("&")
}

#[cfg(test)]
mod tests;
