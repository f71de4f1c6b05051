//! What Cargo cannot check about the code's shape (ARCHITECTURE.md): no source file over 800
//! lines, no text parsed as HTML, the layers inside the model crate, the engine's and the
//! model's dependencies, one convention for module files, and every crate's public items
//! documented (the workspace's `missing_docs` lint, which `cargo clippy -D warnings` enforces).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Most lines a source file may have: past it, a file is two concepts.
const MAX_LINES: usize = 800;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The files under `dirs` (relative to the root) whose extension is one of `extensions`.
fn files(dirs: &[&str], extensions: &[&str]) -> Vec<PathBuf> {
    let mut pending: Vec<PathBuf> = dirs.iter().map(|d| root().join(d)).collect();
    let mut found = Vec::new();
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            if path.is_dir() {
                if !["target", "node_modules", "corpus", "artifacts"].contains(&name) {
                    pending.push(path);
                }
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
            {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn shown(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The Rust sources of the workspace and the fuzz targets.
fn rust_sources() -> Vec<PathBuf> {
    let sources = files(&["src", "crates", "tests", "fuzz/fuzz_targets"], &["rs"]);
    assert!(
        sources.len() > 200,
        "too few sources found: {}",
        sources.len()
    );
    sources
}

#[test]
fn no_source_file_passes_800_lines() {
    let long: Vec<String> = rust_sources()
        .into_iter()
        .filter_map(|path| {
            let lines = read(&path).lines().count();
            (lines > MAX_LINES).then(|| format!("{}: {lines} lines", shown(&path)))
        })
        .collect();
    assert!(long.is_empty(), "split these by concept: {long:#?}");
}

/// Panels are built as DOM nodes: no source of the app or its scripts sets HTML from a string,
/// so no text can be parsed as markup.
#[test]
fn no_source_sets_html_from_a_string() {
    // written in pieces, so that this file does not name them itself
    let sinks = [
        ["inner", "_html"].concat(),
        ["inner", "HTML"].concat(),
        ["outer", "HTML"].concat(),
        ["insertAdjacent", "HTML"].concat(),
        ["document", ".write"].concat(),
        ["DOM", "Parser"].concat(),
        ["createContextual", "Fragment"].concat(),
    ];
    let mut sources = files(&["src", "crates", "public"], &["rs", "js", "html"]);
    sources.push(root().join("index.html"));
    assert!(
        sources.len() > 200,
        "too few sources found: {}",
        sources.len()
    );
    for path in sources {
        let text = read(&path);
        for sink in &sinks {
            assert!(
                !text.contains(sink.as_str()),
                "{} uses {sink}",
                shown(&path)
            );
        }
    }
}

/// The model's layers: `draw` names neither `state` nor `panels`, `state` does not name
/// `panels` (pictures take state, never the reverse).
#[test]
fn the_model_s_layers_use_only_the_ones_below() {
    let rules = [
        (
            "crates/model/src/draw",
            ["crate::state", "crate::panels"].as_slice(),
        ),
        ("crates/model/src/state", ["crate::panels"].as_slice()),
    ];
    for (dir, forbidden) in rules {
        let sources = files(&[dir], &["rs"]);
        assert!(!sources.is_empty(), "{dir} is empty");
        for path in sources {
            let text = read(&path);
            for name in forbidden {
                assert!(!text.contains(name), "{} names {name}", shown(&path));
            }
        }
    }
}

/// One convention for module files: a module with children is a folder with `mod.rs`, never
/// `foo.rs` beside `foo/`, and no path attribute on a module.
#[test]
fn modules_are_files_or_folders_with_mod_rs() {
    for path in rust_sources() {
        let text = read(&path);
        assert!(
            !text.contains(&["#[", "path"].concat()),
            "{} sets a module's path",
            shown(&path)
        );
        let beside = path.with_extension("");
        assert!(
            !beside.is_dir(),
            "{} sits beside the folder {}: move it to {}/mod.rs",
            shown(&path),
            shown(&beside),
            shown(&beside)
        );
    }
}

/// `cargo metadata`'s packages by name, with each one's normal (not dev or build) dependencies.
fn normal_dependencies() -> BTreeMap<String, Vec<String>> {
    let output = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--offline", "--locked"])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let name_of: BTreeMap<&str, &str> = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| {
            (
                p["id"].as_str().unwrap_or(""),
                p["name"].as_str().unwrap_or(""),
            )
        })
        .collect();
    let mut graph = BTreeMap::new();
    for node in metadata["resolve"]["nodes"]
        .as_array()
        .expect("a resolve graph")
    {
        let name = name_of[node["id"].as_str().unwrap_or("")].to_string();
        let deps: Vec<String> = node["deps"]
            .as_array()
            .expect("deps")
            .iter()
            .filter(|d| {
                d["dep_kinds"]
                    .as_array()
                    .is_some_and(|kinds| kinds.iter().any(|k| k["kind"].is_null()))
            })
            .map(|d| name_of[d["pkg"].as_str().unwrap_or("")].to_string())
            .collect();
        graph.insert(name, deps);
    }
    graph
}

/// Every package `package` builds with, itself excluded, for any target.
fn closure(graph: &BTreeMap<String, Vec<String>>, package: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut pending = graph[package].clone();
    while let Some(next) = pending.pop() {
        if seen.insert(next.clone()) {
            pending.extend(graph.get(&next).cloned().unwrap_or_default());
        }
    }
    seen
}

/// The engine builds with nothing; the model with the engine and the URL encoding only: no web,
/// no serialisation, no command line, no GPU.
#[test]
fn the_engine_and_the_model_depend_on_no_web_cli_or_gpu_crate() {
    let graph = normal_dependencies();
    assert!(closure(&graph, "layout-lab-engine").is_empty());
    let model = closure(&graph, "layout-lab-model");
    let allowed = ["layout-lab-engine", "percent-encoding"];
    assert!(
        model.iter().all(|d| allowed.contains(&d.as_str())),
        "the model builds with {model:?}"
    );
    // and the layering: nothing below names what is above it
    let app = closure(&graph, "layout-lab-app");
    assert!(app.contains("layout-lab-model") && !app.contains("layout-lab-cli"));
    let cli = closure(&graph, "layout-lab-cli");
    assert!(cli.contains("layout-lab-model") && !cli.contains("layout-lab-app"));
}

/// Every crate of the workspace takes the workspace's lints, which require documentation on
/// every public item (`missing_docs`; `cargo clippy -D warnings` fails on a missing one).
#[test]
fn every_crate_documents_its_public_items() {
    let workspace = read(&root().join("Cargo.toml"));
    let lints = workspace
        .split("[workspace.lints.rust]")
        .nth(1)
        .expect("a [workspace.lints.rust] table");
    let table = lints.split("\n[").next().unwrap_or_default();
    assert!(
        table.lines().any(|l| l.trim().starts_with("missing_docs")),
        "[workspace.lints.rust] sets missing_docs: {table}"
    );
    let mut manifests = files(&["crates"], &["toml"]);
    manifests.retain(|p| p.ends_with("Cargo.toml"));
    manifests.push(root().join("Cargo.toml"));
    assert!(manifests.len() >= 7, "{manifests:?}");
    for manifest in manifests {
        let text = read(&manifest);
        assert!(
            text.contains("[lints]\nworkspace = true"),
            "{} does not take the workspace's lints",
            shown(&manifest)
        );
    }
}
