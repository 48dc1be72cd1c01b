//! What the benchmarks share: finding `../shared/corpus` and its files.

use std::path::{Path, PathBuf};

/// `shared/corpus` in an ancestor of the crate directory.
pub(crate) fn corpus_dir() -> Option<PathBuf> {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|d| d.join("shared/corpus"))
        .find(|d| d.is_dir())
}

/// The `.sgf` files under `dir` (any case), sorted by path: the same subset
/// every run.
pub(crate) fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
