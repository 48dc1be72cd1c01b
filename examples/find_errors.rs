//! Every SGF file below a folder that has an error, with its first error, as
//! `PATH:LINE:COL: MESSAGE` (files in any encoding, damaged files included).
//!
//! `cargo run --example find_errors -- DIR`

use sgfkit::ReadOptions;
use sgfkit::check::Severity;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args().nth(1).ok_or("usage: find_errors DIR")?;
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let path = entry?.into_path();
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            let bytes = std::fs::read(&path)?;
            let doc = sgfkit::read(&bytes, &ReadOptions::lenient())?;
            let found = doc.check(&Default::default());
            if let Some(d) = found.iter().find(|d| d.severity == Severity::Error) {
                println!("{}:{}: {}", path.display(), d.position, d.message);
            }
        }
    }
    Ok(())
}
