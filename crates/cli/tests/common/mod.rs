//! Helpers shared by the CLI's suites: the binary and what a run of it must give. Each suite
//! uses a part of them.
#![allow(dead_code)]

/// Runs the `layout-lab` binary: whether it succeeded, and its standard output.
pub fn run(args: &[&str]) -> (bool, String) {
    let (ok, stdout, _) = run_with_stderr(args);
    (ok, stdout)
}

/// Runs the `layout-lab` binary: whether it succeeded, its standard output and its standard
/// error.
pub fn run_with_stderr(args: &[&str]) -> (bool, String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_layout-lab"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// What a successful run's standard output must hold. A pattern matches a whole line, each
/// `[..]` in it standing for any text (as in cargo's own tests).
#[derive(Debug)]
pub enum Want<'a> {
    /// The lines from this one on (counted from the end when negative) match these patterns.
    Lines(isize, &'a [&'a str]),
    /// Some run of consecutive lines matches these patterns.
    Run(&'a [&'a str]),
    /// This text, somewhere.
    Has(&'a str),
    /// This text this many times, on as many lines.
    Count(&'a str, usize),
    /// The whole output.
    Is(&'a str),
}

/// What a run of the binary must give: `Ok(wants)`, success and a standard output that meets
/// each; `Err(text)`, failure with nothing on standard output and an error that holds `text`
/// (`Err("")`: any error, so long as it says something).
pub type Expect<'a> = Result<&'a [Want<'a>], &'a str>;

/// Runs the binary with `args` and checks what it gives against `expect`.
#[track_caller]
pub fn check(args: &[&str], expect: Expect) {
    let (ok, stdout, stderr) = run_with_stderr(args);
    let wants = match expect {
        Ok(wants) => wants,
        Err(text) => {
            assert!(!ok, "{args:?} succeeded: {}", shown(&stdout));
            assert!(
                stdout.is_empty(),
                "{args:?} failed but wrote {}",
                shown(&stdout)
            );
            assert!(
                !stderr.is_empty() && stderr.contains(text),
                "{args:?}: no {text:?} in {stderr:?}"
            );
            return;
        }
    };
    assert!(ok, "{args:?} failed: {stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    let all_match = |lines: &[&str], patterns: &[&str]| {
        lines.len() == patterns.len() && lines.iter().zip(patterns).all(|(l, p)| matches(p, l))
    };
    for want in wants {
        let met = match *want {
            Want::Lines(at, patterns) => {
                let from = if at < 0 {
                    lines.len().checked_sub(at.unsigned_abs())
                } else {
                    Some(at.unsigned_abs())
                };
                from.and_then(|from| lines.get(from..from + patterns.len()))
                    .is_some_and(|lines| all_match(lines, patterns))
            }
            Want::Run(patterns) => lines
                .windows(patterns.len())
                .any(|lines| all_match(lines, patterns)),
            Want::Has(text) => stdout.contains(text),
            Want::Count(text, n) => {
                stdout.matches(text).count() == n
                    && lines.iter().filter(|l| l.contains(text)).count() == n
            }
            Want::Is(text) => stdout == text,
        };
        assert!(met, "{args:?}: not {want:?} in\n{}", shown(&stdout));
    }
}

/// Whether `line` matches `pattern`: the same text, where each `[..]` of the pattern stands for
/// any.
fn matches(pattern: &str, line: &str) -> bool {
    let mut pieces = pattern.split("[..]");
    let first = pieces.next().unwrap_or_default();
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = pieces.collect();
    let Some((last, middle)) = pieces.split_last() else {
        return rest.is_empty();
    };
    for piece in middle {
        let Some(at) = rest.find(piece) else {
            return false;
        };
        rest = &rest[at + piece.len()..];
    }
    rest.ends_with(last)
}

/// `text`, its first 4,000 bytes where it is longer (an SVG runs to megabytes).
fn shown(text: &str) -> &str {
    let mut end = text.len().min(4000);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}
