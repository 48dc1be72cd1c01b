//! What the command-line tests share: running the binary, the shared
//! corpus, scratch folders.

// Each test binary uses its own part of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `sgfkit` with `args`.
pub(crate) fn sgfkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sgfkit"))
        .args(args)
        .output()
        .expect("run sgfkit")
}

/// Standard output as text.
pub(crate) fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Standard error as text.
pub(crate) fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The shared corpus (`shared/corpus` in a folder above the crate), when
/// there is one.
pub(crate) fn shared_corpus() -> Option<PathBuf> {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).parent()?;
    loop {
        let c = dir.join("shared/corpus");
        if c.is_dir() {
            return Some(c);
        }
        dir = dir.parent()?;
    }
}

/// An empty scratch folder named for the test binary, the process and
/// `name`.
pub(crate) fn temp_dir(name: &str) -> PathBuf {
    let mut d = scratch().into_os_string();
    d.push(format!("-{name}"));
    let d = PathBuf::from(d);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Writes `bytes` to `name` (which may hold folders) in a scratch folder
/// of the test binary and the process, and gives its path.
pub(crate) fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let p = scratch().join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, bytes).unwrap();
    p
}

/// The scratch folder of the test binary and the process.
fn scratch() -> PathBuf {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_default();
    std::env::temp_dir().join(format!("sgfkit-{binary}-{}", std::process::id()))
}
