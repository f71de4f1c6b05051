//! Undo/redo over the app's states and their autosave. A state is its URL fragment (every page
//! keeps its whole state there), so both keep fragments.

/// localStorage key of the autosaved state.
pub const SAVE_KEY: &str = "layout-lab";
/// The autosave's schema: the first line of the saved entry.
pub const SCHEMA: &str = "layout-lab state v1";
/// Undo steps kept (undo must reach at least 100 steps back).
pub const MAX_UNDO: usize = 200;
/// Longest fragment saved or restored.
pub const MAX_FRAGMENT: usize = 65_536;
/// Edits closer together than this (milliseconds) are one undo step: typing a number is one
/// step, not one per key.
pub const COALESCE_MS: f64 = 1000.0;

/// The states visited by editing, newest last; `at` is the one shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Undo {
    entries: Vec<String>,
    at: usize,
    last_edit_ms: f64,
}

impl Undo {
    /// The history holding `first` alone, the state the app opened with.
    pub fn new(first: &str) -> Undo {
        Undo {
            entries: vec![first.to_string()],
            at: 0,
            last_edit_ms: f64::NEG_INFINITY,
        }
    }

    /// Records the state after an edit at time `now_ms`. Returns whether it is a new step (an
    /// edit soon after the last one, on the same page, replaces that step). Redo steps past the
    /// shown state are dropped; the oldest steps go past [`MAX_UNDO`].
    pub fn record(&mut self, fragment: &str, now_ms: f64) -> bool {
        if self.entries.get(self.at).is_some_and(|f| f == fragment) {
            return false;
        }
        let page = |f: &str| f.split('?').next().unwrap_or("").to_string();
        let same_page = self
            .entries
            .get(self.at)
            .is_some_and(|f| page(f) == page(fragment));
        let coalesce = same_page && self.at > 0 && now_ms - self.last_edit_ms < COALESCE_MS;
        self.last_edit_ms = now_ms;
        self.entries.truncate(self.at + 1);
        if coalesce {
            self.entries[self.at] = fragment.to_string();
            return false;
        }
        self.entries.push(fragment.to_string());
        if self.entries.len() > MAX_UNDO + 1 {
            self.entries.remove(0);
        }
        self.at = self.entries.len() - 1;
        true
    }

    /// Makes the next edit a step of its own, however soon it comes (an explicit action, not
    /// typing).
    pub fn break_step(&mut self) {
        self.last_edit_ms = f64::NEG_INFINITY;
    }

    /// The state before the shown one, now shown.
    pub fn undo(&mut self) -> Option<&str> {
        self.at = self.at.checked_sub(1)?;
        self.last_edit_ms = f64::NEG_INFINITY;
        self.entries.get(self.at).map(String::as_str)
    }

    /// The state after the shown one, now shown.
    pub fn redo(&mut self) -> Option<&str> {
        if self.at + 1 >= self.entries.len() {
            return None;
        }
        self.at += 1;
        self.last_edit_ms = f64::NEG_INFINITY;
        self.entries.get(self.at).map(String::as_str)
    }
}

/// The autosave entry of a state: the schema line, then the fragment.
pub fn save_entry(fragment: &str) -> String {
    format!("{SCHEMA}\n{fragment}")
}

/// The fragment an autosave entry holds.
///
/// # Errors
/// Why the entry cannot be used: another schema (an older or newer version, or not ours), or
/// a fragment that is not one of the app's.
pub fn load_entry(entry: &str) -> Result<String, String> {
    let (schema, fragment) = entry
        .split_once('\n')
        .ok_or("it is not a saved Layout Lab state")?;
    if schema != SCHEMA {
        return Err(format!(
            "its format “{}” is not “{SCHEMA}”",
            schema.chars().take(40).collect::<String>()
        ));
    }
    if !fragment.starts_with("#/") || fragment.len() > MAX_FRAGMENT || fragment.contains('\n') {
        return Err("it does not hold a page's state".into());
    }
    Ok(fragment.to_string())
}

/// What the notice says when parts of a link could not be read and were left out.
pub fn link_notice(problems: &[String]) -> Option<String> {
    (!problems.is_empty()).then(|| {
        format!(
            "Parts of the link could not be read and were left out: {}.",
            problems.join("; ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_are_steps_unless_they_come_quickly_on_one_page() {
        let mut u = Undo::new("#/views?shape=3,4");
        assert!(u.record("#/views?shape=3,5", 0.0));
        // typing on: the same step
        assert!(!u.record("#/views?shape=3,52", 300.0));
        // a pause, then another edit: a new step
        assert!(u.record("#/views?shape=3,5", 5000.0));
        // another page at once: a new step
        assert!(u.record("#/layouts?L=4:1", 5100.0));
        // the same state again: nothing
        assert!(!u.record("#/layouts?L=4:1", 9000.0));
        assert_eq!(u.undo(), Some("#/views?shape=3,5"));
        assert_eq!(u.undo(), Some("#/views?shape=3,52"));
        assert_eq!(u.undo(), Some("#/views?shape=3,4"));
        assert_eq!(u.undo(), None);
        assert_eq!(u.redo(), Some("#/views?shape=3,52"));
        // an edit after undo drops the redo steps
        assert!(u.record("#/views?shape=9", 20_000.0));
        assert_eq!(u.redo(), None);
        assert_eq!(u.undo(), Some("#/views?shape=3,52"));
    }

    #[test]
    fn the_first_edit_after_an_undo_is_its_own_step() {
        let mut u = Undo::new("a");
        u.record("#/views?x=1", 0.0);
        u.record("#/views?x=2", 5000.0);
        assert_eq!(u.undo(), Some("#/views?x=1"));
        // quick, but right after an undo: it must not overwrite the state undone to
        assert!(u.record("#/views?x=3", 5100.0));
        assert_eq!(u.undo(), Some("#/views?x=1"));
    }

    #[test]
    fn an_explicit_action_is_its_own_step_however_soon() {
        let mut u = Undo::new("#/views?shape=3,4");
        assert!(u.record("#/views?shape=3,4&ops=pad:(1,1),(0,0)", 0.0));
        u.break_step();
        assert!(u.record("#/views?shape=3,4&ops=pad:(1,1),(0,0);flip:0", 200.0));
        assert_eq!(u.undo(), Some("#/views?shape=3,4&ops=pad:(1,1),(0,0)"));
    }

    #[test]
    fn at_least_a_hundred_steps_are_kept() {
        let mut u = Undo::new("#/views?k=0");
        for k in 1..=300 {
            u.record(&format!("#/views?k={k}"), f64::from(k) * 10_000.0);
        }
        let mut undone = 0;
        while u.undo().is_some() {
            undone += 1;
        }
        assert_eq!(undone, MAX_UNDO);
        assert!(undone >= 100);
    }

    #[test]
    fn a_link_with_unreadable_parts_says_which() {
        assert_eq!(link_notice(&[]), None);
        let (_, problems) = crate::state::ViewsState::from_query("shape=3,4&ops=frobnicate:1");
        let notice = link_notice(&problems).unwrap();
        assert!(
            notice.starts_with("Parts of the link could not be read"),
            "{notice}"
        );
        assert!(notice.contains("op 1:"), "{notice}");
    }

    #[test]
    fn saved_entries_round_trip_and_bad_ones_say_why() {
        let fragment = "#/layouts?L=((4,4),4):((16,1),4)";
        assert_eq!(load_entry(&save_entry(fragment)).unwrap(), fragment);
        for (entry, needle) in [
            ("", "not a saved"),
            ("{\"v\":1}", "not a saved"),
            (
                "layout-lab state v0\n#/views",
                "is not “layout-lab state v1”",
            ),
            ("layout-lab state v1\nhttps://example.com", "does not hold"),
            ("layout-lab state v1\n#/views\n#/layouts", "does not hold"),
        ] {
            let err = load_entry(entry).unwrap_err();
            assert!(err.contains(needle), "{entry:?}: {err}");
        }
        let huge = save_entry(&format!("#/views?{}", "9".repeat(MAX_FRAGMENT)));
        assert!(load_entry(&huge).is_err());
    }
}
