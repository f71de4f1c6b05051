//! The keyboard shortcuts the app's `?` lists.

use crate::panels::markup::Markup;

/// The keyboard shortcuts, each keys and what they do.
pub const SHORTCUTS: &[(&str, &str)] = &[
    (
        "Ctrl+Z",
        "undo the last edit (inside a text field, the field's own undo)",
    ),
    ("Ctrl+Shift+Z, Ctrl+Y", "redo"),
    (
        "Alt+← / Alt+→",
        "the browser's Back and Forward: the same steps as undo and redo",
    ),
    ("Arrow keys", "move between the cells of a focused grid"),
    ("+ / −, mouse wheel", "zoom a large (canvas) grid"),
    ("Shift+arrows, drag", "pan a large (canvas) grid"),
    ("?", "show or hide this list"),
    ("Esc", "close this list"),
];

/// The list of keyboard shortcuts the app's `?` opens.
pub fn shortcuts(m: &mut dyn Markup) {
    m.el("p", &[("class", "shortcuts__title")], "Keyboard shortcuts");
    m.open("dl");
    for (keys, what) in SHORTCUTS {
        m.open("dt");
        m.el("kbd", &[], keys);
        m.close();
        m.el("dd", &[], what);
    }
    m.close();
}
