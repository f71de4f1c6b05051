//! What a generated kernel computes: its elements, their shape, and the offset each reads (the
//! engine's answer every kernel run is checked against).

use crate::syno::Access;
use crate::{index_from_coord, ShapeTracker};

/// What a generated kernel computes, for its grid and its expected output.
#[derive(Clone, Debug)]
pub enum Cells {
    /// The stack's row-major elements.
    Stack(ShapeTracker),
    /// The chain's loops, row-major, reading input `k`.
    Syno(Box<Access>, usize),
}

impl Cells {
    /// The shape of the elements: the stack's, or the chain's loop extents.
    pub fn shape(&self) -> Vec<i64> {
        match self {
            Cells::Stack(t) => t.shape().to_vec(),
            Cells::Syno(a, _) => a.loops.iter().map(|l| l.extent).collect(),
        }
    }

    /// The offset each element reads, row-major (`None`: masked), up to `limit` elements.
    ///
    /// # Errors
    /// More elements than `limit`, or no such input.
    pub fn offsets(&self, limit: usize) -> Result<Vec<Option<i64>>, String> {
        match self {
            Cells::Stack(t) => t.offsets(limit).map_err(|e| e.to_string()),
            Cells::Syno(a, k) => {
                let shape = &a.inputs.get(*k).ok_or("no such input")?.shape;
                let points = a.points(limit).map_err(|e| e.to_string())?;
                Ok(points
                    .iter()
                    .map(|p| {
                        let coord = p.reads.get(*k)?.as_ref()?;
                        Some(index_from_coord(shape, coord))
                    })
                    .collect())
            }
        }
    }
}
