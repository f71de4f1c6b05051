//! Expression mode (the shape-stride visualizer's `#/expr-idx`): variables with ranges, an `idx`
//! and a `valid` expression, and the grid they describe.

use engine::expr::parse::{arena_with, parse_expr, VarRange, MAX_EXPR_CHARS};
use engine::{RowMajor, ShapeTracker};

use crate::draw::stack_grid::{Cell, StackGrid, MAX_DRAWN_CELLS};
use crate::state::field::{FieldError, Parsed};

/// What is typed, field by field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprMode {
    /// `name:min:max` entries separated by commas.
    pub vars: String,
    /// The index expression, plain or as tinygrad renders it: `((ridx0*2)+ridx1)`.
    pub idx: String,
    /// The validity expression; where it is 0 the cell is masked (`True`: nothing is).
    pub valid: String,
}

impl Default for ExprMode {
    /// The two-view example of tinygrad's ShapeTracker notes, as tinygrad renders it.
    fn default() -> ExprMode {
        ExprMode {
            vars: "ridx0:0:2, ridx1:0:1".into(),
            idx: "(((((ridx0*2)+ridx1)%3)*2)+(((ridx0*2)+ridx1)//3))".into(),
            valid: "True".into(),
        }
    }
}

/// Errors per field.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ExprErrors {
    /// What is wrong with the variable list, or a box past [`MAX_DRAWN_CELLS`] points.
    pub vars: Option<FieldError>,
    /// Why `idx` does not parse.
    pub idx: Option<FieldError>,
    /// Why `valid` does not parse.
    pub valid: Option<FieldError>,
}

impl ExprMode {
    /// The expressions of a view stack: its loop variables and tinygrad-style `idx` / `valid`.
    pub fn of_tracker(tracker: &ShapeTracker) -> ExprMode {
        let exprs = tracker.index_exprs();
        let vars: Vec<String> = tracker
            .shape()
            .iter()
            .enumerate()
            .map(|(k, &d)| format!("ridx{k}:0:{}", (d - 1).max(0)))
            .collect();
        ExprMode {
            vars: vars.join(", "),
            idx: exprs.arena.render_tinygrad(exprs.idx),
            valid: exprs.arena.render_tinygrad(exprs.valid),
        }
    }

    fn parse_vars(&self) -> Result<Vec<VarRange>, FieldError> {
        let mut vars = Vec::new();
        for entry in self
            .vars
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty())
        {
            let parts: Vec<&str> = entry.split(':').map(str::trim).collect();
            let [name, min, max] = parts.as_slice() else {
                return Err(FieldError::rule(format!("“{entry}” is not name:min:max")));
            };
            if name.is_empty()
                || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                || name.starts_with(|c: char| c.is_ascii_digit())
            {
                return Err(FieldError::rule(format!("“{name}” is not a variable name")));
            }
            let bound = |t: &str| {
                t.parse::<i64>().map_err(|_| {
                    FieldError::rule(format!("“{t}” in “{entry}” is not a whole number"))
                })
            };
            let (min, max) = (bound(min)?, bound(max)?);
            if min > max {
                return Err(FieldError::rule(format!(
                    "{name}: min {min} is above max {max}"
                )));
            }
            if vars.iter().any(|v: &VarRange| v.name == *name) {
                return Err(FieldError::rule(format!("{name} is listed twice")));
            }
            vars.push(VarRange {
                name: name.to_string(),
                min,
                max,
            });
        }
        if vars.is_empty() {
            return Err(FieldError::rule(
                "list at least one variable as name:min:max",
            ));
        }
        Ok(vars)
    }

    /// The grid over the variables' box (first variable outermost), each cell showing `idx`
    /// where `valid` holds, with the memory it reaches.
    ///
    /// # Errors
    /// Each field's own error; a box of more than [`MAX_DRAWN_CELLS`] points is the variables'.
    pub fn evaluate(&self) -> Result<StackGrid, ExprErrors> {
        let mut errors = ExprErrors::default();
        let vars = match self.parse_vars() {
            Ok(v) => v,
            Err(e) => {
                errors.vars = Some(e);
                return Err(errors);
            }
        };
        let mut points: u128 = 1;
        for v in &vars {
            // in i128: a range such as -1..=i64::MAX has more values than i64 holds
            let values = i128::from(v.max) - i128::from(v.min) + 1;
            points = points.saturating_mul(values.max(0) as u128);
        }
        if points > MAX_DRAWN_CELLS as u128 {
            errors.vars = Some(FieldError::rule(format!(
                "{points} points; at most {MAX_DRAWN_CELLS} can be drawn"
            )));
            return Err(errors);
        }
        let names: Vec<String> = vars.iter().map(|v| v.name.clone()).collect();
        let (mut arena, ids) = arena_with(&vars);
        let idx = parse_expr(&mut arena, &ids, &names, &self.idx).map_err(FieldError::from);
        let valid = parse_expr(&mut arena, &ids, &names, &self.valid).map_err(FieldError::from);
        let (idx, valid) = match (idx, valid) {
            (Ok(i), Ok(v)) => (i, v),
            (i, v) => {
                errors.idx = i.err();
                errors.valid = v.err();
                return Err(errors);
            }
        };
        let shape: Vec<i64> = vars.iter().map(|v| v.max - v.min + 1).collect();
        let cells: Vec<Cell> = RowMajor::new(&shape)
            .enumerate()
            .map(|(index, coord)| {
                let env: Vec<i64> = coord.iter().zip(&vars).map(|(c, v)| c + v.min).collect();
                let value = (arena.eval(valid, &env) != 0).then(|| arena.eval(idx, &env));
                Cell::new(index, env, value)
            })
            .collect();
        Ok(StackGrid::single(shape, cells, None))
    }
}

/// Which field of expression mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExprField {
    /// The variables, `name:min:max, …`.
    Vars,
    /// The `idx` expression.
    Idx,
    /// The `valid` expression.
    Valid,
}

impl ExprField {
    /// The three fields, in the order shown.
    pub const ALL: [ExprField; 3] = [ExprField::Vars, ExprField::Idx, ExprField::Valid];
}

/// Expression mode as edited: the three fields with their errors, and the last grid that
/// evaluated (the fields are evaluated together, so the grid is the whole's value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprEditor {
    /// `vars`, `idx` and `valid`, in [`ExprField::ALL`]'s order.
    fields: [Parsed<()>; 3],
    grid: StackGrid,
}

impl Default for ExprEditor {
    fn default() -> ExprEditor {
        let mode = ExprMode::default();
        let grid = mode
            .evaluate()
            .unwrap_or_else(|_| unreachable!("the default expressions evaluate"));
        let mut editor = ExprEditor {
            fields: [(); 3].map(|()| Parsed::valid("", ())),
            grid,
        };
        editor.load(mode);
        editor
    }
}

impl ExprEditor {
    /// What is typed, field by field.
    pub fn mode(&self) -> ExprMode {
        ExprMode {
            vars: self.text(ExprField::Vars).to_string(),
            idx: self.text(ExprField::Idx).to_string(),
            valid: self.text(ExprField::Valid).to_string(),
        }
    }
    /// `field` as typed.
    pub fn text(&self, field: ExprField) -> &str {
        self.fields[field as usize].text()
    }
    /// Why `field` makes no grid; `None` while it is good.
    pub fn error(&self, field: ExprField) -> Option<&FieldError> {
        self.fields[field as usize].error()
    }
    /// The last grid that evaluated.
    pub fn grid(&self) -> &StackGrid {
        &self.grid
    }

    /// Replaces every field at once (e.g. with a stack's expressions).
    pub fn load(&mut self, mode: ExprMode) {
        let errors = match mode.evaluate() {
            Ok(grid) => {
                self.grid = grid;
                ExprErrors::default()
            }
            Err(errors) => errors,
        };
        let typed = [
            (mode.vars, errors.vars),
            (mode.idx, errors.idx),
            (mode.valid, errors.valid),
        ];
        self.fields = typed.map(|(text, error)| {
            let mut field = Parsed::valid(text, ()).max_chars(MAX_EXPR_CHARS + 1);
            field.set_error(error);
            field
        });
    }

    /// Takes what was typed in `field` and evaluates the three again; a bad one keeps the last
    /// grid.
    pub fn set(&mut self, field: ExprField, text: &str) {
        let mut fields = self.fields.clone();
        fields[field as usize].set_text(text);
        let [vars, idx, valid] = fields.map(|f| f.text().to_string());
        self.load(ExprMode { vars, idx, valid });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::MovementOp;

    #[test]
    fn seed_004_expression_gives_the_transposed_memory_order() {
        let grid = ExprMode::default().evaluate().unwrap();
        let values: Vec<Option<i64>> = grid.logical.cells.iter().map(|c| c.value).collect();
        assert_eq!(values, [0, 2, 4, 1, 3, 5].map(Some).to_vec());
        assert_eq!(grid.lit(crate::draw::Hover::Memory(4)).logical.len(), 1);
    }

    #[test]
    fn a_stack_round_trips_through_its_rendered_expressions() {
        let t = ShapeTracker::from_shape(&[4, 3]).unwrap();
        let t = t.apply(&MovementOp::Permute(vec![1, 0])).unwrap().0;
        let t = t.apply(&MovementOp::Pad(vec![(1, 0), (0, 2)])).unwrap().0;
        let t = t.apply(&MovementOp::Reshape(vec![24])).unwrap().0;
        let grid = ExprMode::of_tracker(&t).evaluate().unwrap();
        let values: Vec<Option<i64>> = grid.logical.cells.iter().map(|c| c.value).collect();
        assert_eq!(values, t.offsets(64).unwrap());
    }

    #[test]
    fn the_last_grid_stays_while_a_field_is_bad() {
        let mut editor = ExprEditor::default();
        let kept = editor.grid().clone();
        editor.set(ExprField::Idx, "ridx0 +");
        assert!(editor.error(ExprField::Idx).is_some());
        assert_eq!(editor.grid(), &kept);
        editor.set(ExprField::Idx, "ridx0");
        assert!(ExprField::ALL.iter().all(|&f| editor.error(f).is_none()));
        assert_ne!(editor.grid(), &kept);
        assert_eq!(editor.mode().idx, "ridx0");
    }

    #[test]
    fn errors_are_per_field() {
        let mut mode = ExprMode {
            vars: "x:0".into(),
            ..ExprMode::default()
        };
        assert!(mode
            .evaluate()
            .unwrap_err()
            .vars
            .unwrap()
            .to_string()
            .contains("name:min:max"));
        mode.vars = "ridx0:0:2, ridx1:0:1".into();
        mode.idx = "ridx0 +".into();
        mode.valid = "(ridx1<1".into();
        let errors = mode.evaluate().unwrap_err();
        assert!(errors.idx.unwrap().to_string().contains("character 8"));
        assert!(errors.valid.unwrap().to_string().contains("“)”"));
        mode.vars = "a:0:99, b:0:99".into();
        assert!(mode
            .evaluate()
            .unwrap_err()
            .vars
            .unwrap()
            .to_string()
            .contains("at most"));
        // a range wider than i64 is counted, not overflowed
        mode.vars = format!("x:-1:{}", i64::MAX);
        let error = mode.evaluate().unwrap_err().vars.unwrap().to_string();
        assert!(error.starts_with("9223372036854775809 points"), "{error}");
    }
}
