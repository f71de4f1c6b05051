//! The morphism editor: domain, codomain and map typed apart, each with its own error, and the
//! last morphism they formed.

use engine::cute::{IntTuple, Layout, Notation};
use engine::morphism::Morphism;
use engine::LayoutError;

use super::MAX_CHARS;
use crate::state::field::{FieldError, Parsed};

/// The three fields of the morphism editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The domain `S`, a nested tuple of positive integers: `(4,4)`.
    Domain,
    /// The codomain `T`, a nested tuple of positive integers: `(4,2,4)`.
    Codomain,
    /// The map, one 1-based codomain leaf per domain leaf (`*` or 0 unmapped): `(1,3)`.
    Map,
}

/// The morphism editor: the three fields (each with the last value it parsed to and its
/// error) and the last valid morphism they formed together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    domain: Parsed<IntTuple>,
    codomain: Parsed<IntTuple>,
    /// The map, which also says why the three form no morphism.
    map: Parsed<Vec<usize>>,
    morphism: Morphism,
}

/// `text` as a nested tuple of positive integers (`(4,(2,2))`, `8`).
fn parse_tuple(text: &str) -> Result<IntTuple, FieldError> {
    if text.contains(':') {
        return Err(FieldError::rule(
            "a nested tuple such as (4,(2,2)), without a stride",
        ));
    }
    let layout = Layout::parse(text)?;
    if layout.shape().flatten().iter().any(|&v| v < 1) {
        return Err(FieldError::rule("entries must be positive integers"));
    }
    Ok(layout.shape().clone())
}

/// `text` as a map `(1,3)`, `(1,*,2)` or `1,0,2`: 1-based codomain leaves, `*` or 0 unmapped.
fn parse_map(text: &str) -> Result<Vec<usize>, FieldError> {
    let body = text.trim();
    let body = body
        .strip_prefix('(')
        .map(|b| b.strip_suffix(')').ok_or("a closing “)”"))
        .unwrap_or(Ok(body))
        .map_err(|e| FieldError::rule(format!("expected {e}")))?;
    if body.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut entries: Vec<&str> = body.split(',').map(str::trim).collect();
    if entries.len() > 1 && entries.last() == Some(&"") {
        entries.pop();
    }
    entries
        .iter()
        .enumerate()
        .map(|(k, entry)| match *entry {
            "*" => Ok(0),
            e => e.parse::<usize>().map_err(|_| {
                FieldError::rule(format!(
                    "entry {} “{}”: expected a codomain leaf number (1, 2, …) or * for unmapped",
                    k + 1,
                    e.chars().take(20).collect::<String>()
                ))
            }),
        })
        .collect()
}

/// The map as the editor shows it: `(1,*,3)`.
fn map_text(map: &[usize]) -> String {
    let entries: Vec<String> = map
        .iter()
        .map(|&a| match a {
            0 => "*".to_string(),
            a => a.to_string(),
        })
        .collect();
    format!("({})", entries.join(","))
}

impl Editor {
    pub(super) fn of(morphism: Morphism) -> Editor {
        let tuple = |t: &IntTuple| {
            Parsed::valid(t.to_notation(Notation::Cute), t.clone()).max_chars(MAX_CHARS + 1)
        };
        Editor {
            domain: tuple(morphism.domain()),
            codomain: tuple(morphism.codomain()),
            map: Parsed::valid(map_text(morphism.map()), morphism.map().to_vec())
                .max_chars(MAX_CHARS + 1),
            morphism,
        }
    }

    /// The field as typed.
    pub fn text(&self, part: Part) -> &str {
        match part {
            Part::Domain => self.domain.text(),
            Part::Codomain => self.codomain.text(),
            Part::Map => self.map.text(),
        }
    }

    /// Why the field does not parse, or (on the map) why the three form no morphism.
    pub fn error(&self, part: Part) -> Option<&FieldError> {
        match part {
            Part::Domain => self.domain.error(),
            Part::Codomain => self.codomain.error(),
            Part::Map => self.map.error(),
        }
    }

    /// Says next to the map why a link's `f` was not loaded.
    pub(super) fn set_link_error(&mut self, error: FieldError) {
        self.map.set_error(Some(error));
    }

    /// The last valid morphism.
    pub fn morphism(&self) -> &Morphism {
        &self.morphism
    }

    /// Takes what was typed in one field; when all three form a morphism it replaces the shown
    /// one, otherwise each field says what is wrong with it and the last morphism stays.
    pub fn set(&mut self, part: Part, text: &str) {
        match part {
            Part::Domain => self.domain.set_text(text),
            Part::Codomain => self.codomain.set_text(text),
            Part::Map => self.map.set_text(text),
        }
        // every field again: the map's error may have been the three's together
        self.domain.reparse(parse_tuple);
        self.codomain.reparse(parse_tuple);
        self.map.reparse(parse_map);
        if self.domain.is_valid() && self.codomain.is_valid() && self.map.is_valid() {
            let (domain, codomain, map) = (
                self.domain.value().clone(),
                self.codomain.value().clone(),
                self.map.value().clone(),
            );
            match Morphism::new(domain, codomain, map) {
                Ok(m) => self.morphism = m,
                Err(e) => self.map.set_error(Some(e.into())),
            }
        }
    }

    /// Replaces all three fields with `morphism`.
    pub fn load(&mut self, morphism: Morphism) {
        *self = Editor::of(morphism);
    }

    /// Loads `text` in `tract` notation (`(4,4) --(1,3)--> (4,2,4)`).
    ///
    /// # Errors
    /// The parse or validation error; the editor is unchanged.
    pub fn load_text(&mut self, text: &str) -> Result<(), LayoutError> {
        self.load(Morphism::parse(text)?);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_editor_validates_each_field_and_keeps_the_last_morphism() {
        let mut e = Editor::of(Morphism::parse("(4,4) --(1,3)--> (4,2,4)").unwrap());
        assert_eq!(e.text(Part::Map), "(1,3)");
        e.set(Part::Map, "(1,*)");
        assert_eq!(e.morphism().map(), &[1, 0]);
        e.set(Part::Map, "(2,3)");
        assert!(e.error(Part::Map).is_some(), "entry 4 cannot go to 2");
        assert_eq!(e.morphism().map(), &[1, 0], "the last valid morphism stays");
        e.set(Part::Map, "(1,x)");
        assert!(e.error(Part::Map).unwrap().to_string().contains("entry 2"));
        e.set(Part::Map, "(1,3)");
        e.set(Part::Domain, "(4,(4");
        assert!(e.error(Part::Domain).is_some());
        e.set(Part::Domain, "(4,0)");
        assert!(e
            .error(Part::Domain)
            .unwrap()
            .to_string()
            .contains("positive"));
        e.set(Part::Domain, "(4,4)");
        e.set(Part::Codomain, "4:1");
        assert!(e
            .error(Part::Codomain)
            .unwrap()
            .to_string()
            .contains("stride"));
        e.set(Part::Codomain, "(4,2,4)");
        assert_eq!(e.morphism().to_string(), "(4,4) --(1, 3)--> (4,2,4)");
        assert!([Part::Domain, Part::Codomain, Part::Map]
            .iter()
            .all(|&p| e.error(p).is_none()));
    }

    #[test]
    fn maps_accept_stars_zeros_and_a_trailing_comma() {
        assert_eq!(parse_map("(1,0,*,2)").unwrap(), vec![1, 0, 0, 2]);
        assert_eq!(parse_map("(1,)").unwrap(), vec![1]);
        assert_eq!(parse_map("()").unwrap(), Vec::<usize>::new());
        assert_eq!(parse_map("3, 1").unwrap(), vec![3, 1]);
        assert!(parse_map("(1,2").is_err());
        assert!(parse_map("(-1)").is_err());
    }
}
