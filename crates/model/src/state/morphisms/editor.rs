//! The morphism editor: domain, codomain and map typed apart, each with its own error, and the
//! last morphism they formed.

use engine::cute::{IntTuple, Layout, Notation};
use engine::morphism::Morphism;

use super::MAX_CHARS;

/// The three fields of the morphism editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Domain,
    Codomain,
    Map,
}

/// The morphism editor: what was typed, the last valid morphism and an error per field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    domain: String,
    codomain: String,
    map: String,
    morphism: Morphism,
    pub(super) errors: [Option<String>; 3],
}

/// `text` as a nested tuple of positive integers (`(4,(2,2))`, `8`).
fn parse_tuple(text: &str) -> Result<IntTuple, String> {
    if text.contains(':') {
        return Err("a nested tuple such as (4,(2,2)), without a stride".to_string());
    }
    let layout = Layout::parse(text).map_err(|e| e.to_string())?;
    if layout.shape().flatten().iter().any(|&v| v < 1) {
        return Err("entries must be positive integers".to_string());
    }
    Ok(layout.shape().clone())
}

/// `text` as a map `(1,3)`, `(1,*,2)` or `1,0,2`: 1-based codomain leaves, `*` or 0 unmapped.
fn parse_map(text: &str) -> Result<Vec<usize>, String> {
    let body = text.trim();
    let body = body
        .strip_prefix('(')
        .map(|b| b.strip_suffix(')').ok_or("a closing “)”"))
        .unwrap_or(Ok(body))
        .map_err(|e| format!("expected {e}"))?;
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
                format!(
                    "entry {} “{}”: expected a codomain leaf number (1, 2, …) or * for unmapped",
                    k + 1,
                    e.chars().take(20).collect::<String>()
                )
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
        Editor {
            domain: morphism.domain().to_notation(Notation::Cute),
            codomain: morphism.codomain().to_notation(Notation::Cute),
            map: map_text(morphism.map()),
            morphism,
            errors: [None, None, None],
        }
    }

    pub fn text(&self, part: Part) -> &str {
        match part {
            Part::Domain => &self.domain,
            Part::Codomain => &self.codomain,
            Part::Map => &self.map,
        }
    }

    pub fn error(&self, part: Part) -> Option<&str> {
        self.errors[part as usize].as_deref()
    }

    /// The last valid morphism.
    pub fn morphism(&self) -> &Morphism {
        &self.morphism
    }

    /// Takes what was typed in one field; when all three form a morphism it replaces the shown
    /// one, otherwise each field says what is wrong with it and the last morphism stays.
    pub fn set(&mut self, part: Part, text: &str) {
        let text: String = text.chars().take(MAX_CHARS + 1).collect();
        match part {
            Part::Domain => self.domain = text,
            Part::Codomain => self.codomain = text,
            Part::Map => self.map = text,
        }
        self.errors = [None, None, None];
        let domain = parse_tuple(&self.domain).map_err(|e| self.errors[0] = Some(e));
        let codomain = parse_tuple(&self.codomain).map_err(|e| self.errors[1] = Some(e));
        let map = parse_map(&self.map).map_err(|e| self.errors[2] = Some(e));
        if let (Ok(domain), Ok(codomain), Ok(map)) = (domain, codomain, map) {
            match Morphism::new(domain, codomain, map) {
                Ok(m) => self.morphism = m,
                Err(e) => self.errors[2] = Some(e.to_string()),
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
    pub fn load_text(&mut self, text: &str) -> Result<(), String> {
        let m = Morphism::parse(text).map_err(|e| e.to_string())?;
        self.load(m);
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
        assert!(e.error(Part::Map).unwrap().contains("entry 2"));
        e.set(Part::Map, "(1,3)");
        e.set(Part::Domain, "(4,(4");
        assert!(e.error(Part::Domain).is_some());
        e.set(Part::Domain, "(4,0)");
        assert!(e.error(Part::Domain).unwrap().contains("positive"));
        e.set(Part::Domain, "(4,4)");
        e.set(Part::Codomain, "4:1");
        assert!(e.error(Part::Codomain).unwrap().contains("stride"));
        e.set(Part::Codomain, "(4,2,4)");
        assert_eq!(e.morphism().to_string(), "(4,4) --(1, 3)--> (4,2,4)");
        assert!((0..3).all(|k| e.errors[k].is_none()));
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
