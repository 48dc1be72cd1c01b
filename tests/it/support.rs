//! Shared helpers: finding ../shared/corpus.

use std::path::{Path, PathBuf};

/// The `shared` directory beside the repository (walking up from the
/// manifest directory), if present.
pub(crate) fn shared_dir() -> Option<PathBuf> {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    loop {
        let candidate = dir.join("shared");
        if candidate.join("corpus").is_dir() {
            return Some(candidate);
        }
        dir = dir.parent()?;
    }
}

/// The corpus directory, or `None` with a message saying the test is skipped.
pub(crate) fn corpus_dir(test: &str) -> Option<PathBuf> {
    let d = shared_dir().map(|s| s.join("corpus"));
    if d.is_none() {
        eprintln!("SKIPPED {test}: ../shared/corpus not found");
    }
    d
}

/// Every file below `dir` (sorted, relative paths with `/`).
pub(crate) fn files_below(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("read_dir") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p
                    .strip_prefix(dir)
                    .expect("prefix")
                    .to_string_lossy()
                    .replace('\\', "/");
                out.push((rel, p));
            }
        }
    }
    out.sort();
    out
}
