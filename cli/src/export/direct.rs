//! Big files, exported by the thread that writes the files when their
//! turn comes, their rows never all held.

use super::{GROUPING, Sink, why_empty};
#[cfg(feature = "parquet")]
use super::{Part, Texts};
use crate::input::{self, Source};
use crate::run::Status;
use sgfkit_export::{ExportOptions, Tables};
use std::io;

/// A file of this size or more is exported by the thread that writes the
/// files, when its turn comes: its JSON Lines written as they are made, or
/// its rows made and written `DIRECT_ROWS` at a time
/// ([`Tables::of_document_in_parts`]); its rows, 15–25 times its size, are
/// never all held. Such a file is a group of its own (it is more than
/// [`GROUPING`]'s bytes); the worker threads go on with the files after it
/// meanwhile, and its semantic checks use every thread. A smaller file is
/// read whole by a worker thread (in a group of its own when it is more
/// than the group's bytes).
pub(super) const DIRECT_FROM: u64 = 1 << 20;
const _: () = assert!(DIRECT_FROM >= GROUPING.bytes);

/// The rows of a file exported directly as Parquet or Arrow IPC are made
/// into columns and written this many at a time; JSON Lines are written
/// as they are made ([`sgfkit_export::write_ndjson`]).
#[cfg(feature = "parquet")]
const DIRECT_ROWS: usize = 16 * 1024;

/// What [`export_direct`] exported: rows of each table, bytes read.
pub(super) struct DirectCounts {
    pub(super) rows: [usize; 3],
    pub(super) bytes: u64,
}

/// Exports a big file straight into `sink` (lines as they are made, or
/// `DIRECT_ROWS` rows at a time), and reports it as [`export_files`](super::export_files)'
/// reports are reported.
pub(super) fn export_direct(
    source: &Source,
    options: &ExportOptions,
    sink: &mut Sink,
    status: &mut Status,
) -> io::Result<DirectCounts> {
    let mut counts = DirectCounts {
        rows: [0; 3],
        bytes: 0,
    };
    let name = source.name();
    let bytes = match source.read() {
        Ok(bytes) => bytes,
        Err(e) => {
            status.failed_paths += 1;
            eprintln!("sgfkit: {name}: {e}");
            return Ok(counts);
        }
    };
    counts.bytes = bytes.len() as u64;
    // The input given to the reader: a transcoded file's bytes are dropped
    // once decoded.
    let doc = input::read_owned(bytes, &options.read);
    let why = match sink {
        // JSON Lines straight into the files.
        Sink::Ndjson([g, m, d]) => {
            counts.rows = sgfkit_export::write_ndjson(&doc, &name, options, g, m, d)?;
            (counts.rows[0] == 0)
                .then(|| why_empty(&Tables::of_document(&doc, &name, options).diagnostics))
                .flatten()
        }
        // Columns of a part's rows, made into batches when written.
        #[cfg(feature = "parquet")]
        _ => {
            let mut why = None;
            let mut parts = Tables::of_document_in_parts(&doc, &name, options, DIRECT_ROWS);
            for k in 0.. {
                let mut b = sgfkit_export::arrow::BatchesBuilder::default();
                if !b.push_part(&mut parts) {
                    break;
                }
                let rows = b.counts();
                if k == 0 && rows[0] == 0 {
                    why = why_empty(b.diagnostics());
                }
                for (n, table) in counts.rows.iter_mut().zip(rows) {
                    *n += table;
                }
                sink.write(&mut vec![Part::Building(Box::new(b))], &Texts::default())?;
            }
            why
        }
    };
    if counts.rows[0] == 0 {
        status.files_with_errors += 1;
        if let Some(why) = why {
            eprintln!("{why}");
        }
    }
    Ok(counts)
}
