//! The bank and sector models against the hardware: every measured case of
//! `../shared/vectors/{bank_h100,sectors_h200}_seed1.jsonl` and `tests/fixtures/hw/*.jsonl`
//! agrees; and the bank model against a brute-force replay of the banks serving a warp.
#![cfg(not(target_arch = "wasm32"))]

use testkit::{cases, vectors_dir};

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use engine::access::{AccessKind, BankReport, Banks, SectorReport, WarpAccess};
use layout_lab_cli::vectors::{check_file_text, summarize};
use proptest::prelude::*;

/// Every case of `path` is of `kind` and agrees; returns the case count.
#[track_caller]
fn check_all(path: &Path, kind: &str) -> usize {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let results = check_file_text(&text).unwrap();
    assert!(!results.is_empty(), "{} has no cases", path.display());
    assert!(
        results.iter().all(|r| r.kind == kind),
        "{:?}",
        summarize(&results)
    );
    let failures: Vec<_> = results.iter().filter(|r| r.failure.is_some()).collect();
    assert!(
        failures.is_empty(),
        "{}: {} of {} cases fail, first: {} {}",
        path.display(),
        failures.len(),
        results.len(),
        failures[0].id,
        failures[0].failure.as_deref().unwrap_or_default(),
    );
    results.len()
}

fn hw_files(prefix: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/hw");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with(prefix) && name.ends_with(".jsonl")
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_measured_bank_case_agrees() {
    assert_eq!(
        check_all(&vectors_dir().join("bank_h100_seed1.jsonl"), "bank"),
        80
    );
    let files = hw_files("bank_");
    assert_eq!(files.len(), 7);
    let total: usize = files.iter().map(|f| check_all(f, "bank")).sum();
    assert_eq!(total, 80 + 106 + 139 + 80 + 106 + 139 + 150);
}

#[test]
fn every_measured_sector_case_agrees() {
    assert_eq!(
        check_all(&vectors_dir().join("sectors_h200_seed1.jsonl"), "sectors"),
        68
    );
    let files = hw_files("sectors_");
    assert_eq!(files.len(), 7);
    let total: usize = files.iter().map(|f| check_all(f, "sectors")).sum();
    assert_eq!(total, 68 + 57 + 31 + 68 + 57 + 31 + 8);
}

#[test]
fn tampered_measurements_fail() {
    let text = std::fs::read_to_string(vectors_dir().join("bank_h100_seed1.jsonl")).unwrap();
    let line = text.lines().nth(1).unwrap();
    let tampered = line.replacen("\"h100_wavefronts\": 32", "\"h100_wavefronts\": 31", 1);
    assert_ne!(tampered, line);
    assert!(check_file_text(&tampered).unwrap()[0].failure.is_some());
    let text = std::fs::read_to_string(vectors_dir().join("sectors_h200_seed1.jsonl")).unwrap();
    let line = text.lines().nth(1).unwrap();
    let tampered = line.replacen("\"hw_sectors\": 4", "\"hw_sectors\": 5", 1);
    assert_ne!(tampered, line);
    assert!(check_file_text(&tampered).unwrap()[0].failure.is_some());
    let misaligned = line.replacen(
        "\"thread_byte_offsets\": [0, 4",
        "\"thread_byte_offsets\": [2, 4",
        1,
    );
    assert_ne!(misaligned, line);
    let failure = check_file_text(&misaligned).unwrap()[0]
        .failure
        .clone()
        .unwrap();
    assert!(failure.contains("aligned"), "{failure}");
}

/// The oracle: the banks replayed round by round. Each round every bank delivers one pending
/// word of the phase; the phase takes as many rounds as it needs to empty.
fn replayed_wavefronts(kind: AccessKind, offsets: &[i64], banks: usize) -> usize {
    let (width, threads) = match kind {
        AccessKind::Load { bytes } | AccessKind::Store { bytes } => (i64::from(bytes), 32),
        AccessKind::Ldmatrix { matrices, .. } | AccessKind::Stmatrix { matrices } => {
            (16, 8 * usize::from(matrices))
        }
    };
    let pairs = |mask: usize| (0..32).all(|t| offsets[t] == offsets[t ^ mask]);
    let load = matches!(kind, AccessKind::Load { .. });
    let hopper = load && banks == 32 && (width == 8 || width == 16) && (pairs(1) || pairs(2));
    let phase_size = match kind {
        AccessKind::Ldmatrix { .. } | AccessKind::Stmatrix { .. } => 8,
        AccessKind::Load { .. } | AccessKind::Store { .. } => {
            let size = (banks * 4 / width as usize).min(32);
            if hopper {
                (size * 2).min(32)
            } else {
                size
            }
        }
    };
    let mut total = 0;
    for start in (0..threads).step_by(phase_size) {
        let mut pending: BTreeSet<i64> = BTreeSet::new();
        for &o in &offsets[start..(start + phase_size).min(threads)] {
            for byte in o..o + width {
                pending.insert(byte / 4);
            }
        }
        while !pending.is_empty() {
            let mut served = vec![false; banks];
            pending.retain(|&word| {
                let bank = (word % banks as i64) as usize;
                let keep = served[bank];
                served[bank] = true;
                keep
            });
            total += 1;
        }
    }
    total
}

/// Aligned warp accesses with many collisions: element indices from a small range, some
/// warps forced into pairs `t, t^1` or `t, t^2` (Hopper's rule), or broadcast.
fn any_access() -> impl Strategy<Value = (AccessKind, Vec<i64>)> {
    let kind = prop_oneof![
        prop::sample::select(vec![1u8, 2, 4, 8, 16]).prop_map(|bytes| AccessKind::Load { bytes }),
        (prop::sample::select(vec![1u8, 2, 4]), any::<bool>())
            .prop_map(|(matrices, trans)| AccessKind::Ldmatrix { matrices, trans }),
        prop::sample::select(vec![1u8, 2, 4, 8, 16]).prop_map(|bytes| AccessKind::Store { bytes }),
        prop::sample::select(vec![1u8, 2, 4])
            .prop_map(|matrices| AccessKind::Stmatrix { matrices }),
    ];
    (
        kind,
        prop::collection::vec(0i64..96, 32),
        0usize..4,
        prop::sample::select(vec![1i64, 2, 8, 33]),
    )
        .prop_map(|(kind, mut elements, shape, spread)| {
            match shape {
                1 => (0..32).for_each(|t| elements[t] = elements[t & !1]),
                2 => (0..32).for_each(|t| elements[t] = elements[t & !2]),
                3 => (0..32).for_each(|t| elements[t] = elements[t % 4]),
                _ => {}
            }
            let width = match kind {
                AccessKind::Load { bytes } | AccessKind::Store { bytes } => i64::from(bytes),
                AccessKind::Ldmatrix { .. } | AccessKind::Stmatrix { .. } => 16,
            };
            (kind, elements.iter().map(|e| e * spread * width).collect())
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn wavefronts_equal_a_replay_of_the_banks((kind, offsets) in any_access(), lds in any::<bool>()) {
        let access = WarpAccess::new(kind, &offsets).unwrap();
        let banks = if lds { Banks::Lds64 } else { Banks::Nvidia32 };
        let report = BankReport::of(&access, banks);
        prop_assert_eq!(report.wavefronts(), replayed_wavefronts(kind, &offsets, banks.count()));
        prop_assert!(report.degree() >= 1 && report.wavefronts() >= report.ideal());
        for phase in report.phases() {
            prop_assert!(phase.colliding.len() >= phase.words.len());
            prop_assert_eq!(phase.words.len(), phase.wavefronts);
        }
    }

    #[test]
    fn sectors_lie_between_the_minimum_and_one_per_byte((kind, offsets) in any_access()) {
        let access = WarpAccess::new(kind, &offsets).unwrap();
        let r = SectorReport::of(&access);
        prop_assert!(r.min_sectors <= r.sectors && r.sectors <= r.bytes);
        prop_assert!(r.min_lines <= r.lines && r.lines <= r.sectors);
        // brute force: the sectors of every byte
        let sectors: BTreeSet<i64> = (0..kind.threads())
            .flat_map(|t| access.bytes_of(t))
            .map(|b| b / 32)
            .collect();
        prop_assert_eq!(r.sectors, sectors.len());
    }
}
