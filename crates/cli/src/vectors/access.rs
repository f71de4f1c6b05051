//! Hardware-measured memory accesses (`../shared/vectors/README.md` sections 7 and 8,
//! `tests/fixtures/hw/`): the bank model must give the wavefronts, the sector model the sectors.

use serde::Deserialize;
use serde_json::Value;

use engine::access::{AccessKind, BankReport, Banks, SectorReport, WarpAccess};

#[derive(Deserialize)]
struct AccessCase {
    access: String,
    vector_bytes: i64,
    thread_byte_offsets: Vec<i64>,
    /// `h100_wavefronts` in the shared file, `hw_wavefronts` in the fixtures.
    #[serde(alias = "h100_wavefronts")]
    hw_wavefronts: Option<usize>,
    hw_sectors: Option<usize>,
}

/// The kind of a case without a `kind` field: `bank` or `sectors` by its measured field.
pub(super) fn kind_of(case: &Value) -> Option<&'static str> {
    case.get("thread_byte_offsets")?;
    if case.get("hw_wavefronts").is_some() || case.get("h100_wavefronts").is_some() {
        Some("bank")
    } else if case.get("hw_sectors").is_some() {
        Some("sectors")
    } else {
        None
    }
}

fn warp_access(case: &AccessCase) -> Result<WarpAccess, String> {
    let kind = AccessKind::parse(&case.access).map_err(|e| e.to_string())?;
    if kind.bytes_per_thread() != case.vector_bytes {
        return Err(format!(
            "`{}` reads {} bytes per thread, the case says {}",
            case.access,
            kind.bytes_per_thread(),
            case.vector_bytes
        ));
    }
    WarpAccess::new(kind, &case.thread_byte_offsets).map_err(|e| e.to_string())
}

/// `bank`: the model's wavefronts (32 banks, Hopper's rule) equal the measured ones.
pub(super) fn check_bank(case: &Value) -> Result<(), String> {
    let case: AccessCase = serde_json::from_value(case.clone()).map_err(|e| e.to_string())?;
    let want = case.hw_wavefronts.ok_or("no measured wavefronts")?;
    let report = BankReport::of(&warp_access(&case)?, Banks::Nvidia32);
    if report.wavefronts() == want {
        return Ok(());
    }
    let phases: Vec<String> = report
        .phases()
        .iter()
        .map(|p| format!("threads {:?}: {}", p.threads, p.wavefronts))
        .collect();
    Err(format!(
        "{} wavefronts ({}), measured {want}",
        report.wavefronts(),
        phases.join(", ")
    ))
}

/// `sectors`: the distinct 32-byte sectors equal the measured ones.
pub(super) fn check_sectors(case: &Value) -> Result<(), String> {
    let case: AccessCase = serde_json::from_value(case.clone()).map_err(|e| e.to_string())?;
    let want = case.hw_sectors.ok_or("no measured sectors")?;
    let report = SectorReport::of(&warp_access(&case)?);
    if report.sectors == want {
        Ok(())
    } else {
        Err(format!("{} sectors, measured {want}", report.sectors))
    }
}
