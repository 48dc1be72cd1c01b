//! Replays every input in `fuzz/regressions/` (small inputs minimised from
//! fuzzer findings) through the same checks as the fuzz targets: strict
//! parse, lenient read, printing and the round-trip properties, every
//! combination of the structured target's options, and, for files named
//! `deep-*`, the deep target's input builder.

#[allow(unreachable_pub, dead_code)]
#[path = "../../fuzz/src/lib.rs"]
mod checks;

use std::path::Path;

fn regressions() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fuzz/regressions exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.is_file() && p.extension().is_none_or(|e| e != "md"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).expect("readable file"))
        })
        .collect()
}

#[test]
fn every_regression_input_passes_every_check() {
    let files = regressions();
    assert!(!files.is_empty(), "fuzz/regressions is empty");
    for (name, data) in files {
        eprintln!("replaying {name}");
        checks::check_parse(&data);
        checks::check_roundtrip(&data);
        checks::check_repair(&data);
        checks::check_check(&data);
        checks::check_import(&data);
        for opts in 0..=u8::MAX {
            checks::check_structured(opts, &data);
        }
        if name.starts_with("deep-") {
            checks::check_deep(&data);
        }
    }
}
