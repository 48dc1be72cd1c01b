//! Every SGF file below a folder that has an error, with its first error, as
//! `PATH:LINE:COL: MESSAGE` (files in any encoding, damaged files included).
//!
//! `cargo run --example find_errors -- DIR`

use sgfkit::check::Severity;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args().nth(1).ok_or("usage: find_errors DIR")?;
    let mut stack = vec![PathBuf::from(dir)];
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            let mut entries = std::fs::read_dir(&path)?.collect::<Result<Vec<_>, _>>()?;
            entries.sort_by_key(|e| std::cmp::Reverse(e.path())); // popped in name order
            stack.extend(entries.iter().map(|e| e.path()));
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            let bytes = std::fs::read(&path)?;
            let found = sgfkit::read_lenient(&bytes, &Default::default(), &Default::default())
                .check(&Default::default());
            if let Some(d) = found.iter().find(|d| d.severity == Severity::Error) {
                println!("{}:{}: {}", path.display(), d.position, d.message);
            }
        }
    }
    Ok(())
}
