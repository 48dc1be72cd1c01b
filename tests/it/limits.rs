//! Resource limits (`ParseOptions`): every corpus file passes the defaults,
//! each limit hit is a positioned error in every reader, and hostile inputs
//! sized to cross a limit are refused quickly.

use crate::support::{corpus_dir, files_below};
use sgfkit::check::{Code, parse_lenient};
use sgfkit::limits::{Usage, measure};
use sgfkit::{Collection, ErrorKind, ParseOptions};
use std::time::{Duration, Instant};

/// Measures every corpus file (decoded as lenient `read` decodes it, the
/// lenient tree printed when the strict parser refuses the text) and checks
/// that the defaults leave room: the maxima are printed for docs/limits.md.
#[test]
fn every_corpus_file_passes_the_default_limits() {
    let Some(dir) = corpus_dir("every_corpus_file_passes_the_default_limits") else {
        return;
    };
    let defaults = ParseOptions::default();
    let mut max = Usage::default();
    let mut argmax: [String; 5] = Default::default();
    let mut files = 0;
    for (rel, path) in files_below(&dir) {
        if !rel.to_ascii_lowercase().ends_with(".sgf") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let doc = sgfkit::read(
            &bytes,
            &sgfkit::ReadOptions::lenient().limits(defaults.clone()),
        )
        .unwrap();
        for d in doc.diagnostics() {
            assert!(
                d.code != Code::L017 && d.code != Code::L016,
                "{rel}: a default limit is hit: {d}"
            );
        }
        if doc.collection().games().len() == 0 {
            continue;
        }
        files += 1;
        let source = doc.collection().source();
        let u = match measure(source) {
            Ok(u) => u,
            Err(_) => measure(doc.collection().to_string().as_bytes()).unwrap(),
        };
        let pairs = [
            (u.depth as u64, max.depth as u64),
            (u.nodes as u64, max.nodes as u64),
            (u.longest_value as u64, max.longest_value as u64),
            (u.points_in_a_property, max.points_in_a_property),
            (u.points, max.points),
        ];
        for (k, (now, best)) in pairs.iter().enumerate() {
            if now > best {
                argmax[k] = rel.clone();
            }
        }
        max.depth = max.depth.max(u.depth);
        max.nodes = max.nodes.max(u.nodes);
        max.longest_value = max.longest_value.max(u.longest_value);
        max.points_in_a_property = max.points_in_a_property.max(u.points_in_a_property);
        max.points = max.points.max(u.points);
    }
    eprintln!("corpus maxima over {files} files:");
    eprintln!("  depth {} ({})", max.depth, argmax[0]);
    eprintln!("  nodes {} ({})", max.nodes, argmax[1]);
    eprintln!(
        "  longest value {} bytes ({})",
        max.longest_value, argmax[2]
    );
    eprintln!(
        "  points in a property {} ({})",
        max.points_in_a_property, argmax[3]
    );
    eprintln!("  points in a file {} ({})", max.points, argmax[4]);
    // The defaults leave at least a factor of 16 over the corpus.
    assert!(u64::from(max.depth) * 16 <= u64::from(defaults.max_depth));
    assert!(max.nodes * 16 <= defaults.max_nodes);
    assert!(max.longest_value * 16 <= defaults.max_value_len);
    assert!(max.points_in_a_property * 16 <= defaults.max_points as u64);
    assert!(max.points * 16 <= defaults.max_file_points);
}

/// A limit hit in the strict parser, the lenient reader and `read`: the same
/// positioned error (line and column of the spot), for each limit.
#[test]
fn each_limit_hit_is_positioned_in_every_reader() {
    let cases: [(&str, ParseOptions, &str, (u32, u32)); 5] = [
        (
            "(;B[aa]\n(;W[bb]\n(;B[cc])))",
            ParseOptions::default().max_depth(2),
            "nested deeper",
            (3, 1),
        ),
        (
            "(;B[aa]\n;W[bb]\n;B[cc])",
            ParseOptions::default().max_nodes(2),
            "max_nodes",
            (3, 1),
        ),
        (
            "(;C[short]\nC[a longer one])",
            ParseOptions::default().max_value_len(8),
            "max_value_len",
            (2, 3),
        ),
        (
            "(;AB[aa]\n  [cc:ee][ff:ss])",
            ParseOptions::default().max_points(100),
            "max_points",
            (2, 11),
        ),
        (
            "(;AB[aa:ss]\n;AW[aa:ss]\n;AE[aa:ss])",
            ParseOptions::default().max_file_points(1000),
            "max_file_points",
            (3, 5),
        ),
    ];
    for (src, opts, what, (line, column)) in cases {
        let err = Collection::parse_with(src.as_bytes(), &opts, &mut ()).unwrap_err();
        assert!(
            matches!(
                err.kind(),
                ErrorKind::TooLarge { .. } | ErrorKind::DepthLimitExceeded { .. }
            ),
            "{src}: {err}"
        );
        assert!(err.to_string().contains(what), "{src}: {err}");
        assert_eq!(
            (err.position().line, err.position().column),
            (line, column),
            "{src}: {err}"
        );
        // `read` honours the limits it is given, strict and lenient.
        let strict = sgfkit::read(
            src.as_bytes(),
            &sgfkit::ReadOptions::default().limits(opts.clone()),
        );
        assert_eq!(
            strict.map(|_| ()).unwrap_err().to_string(),
            err.to_string(),
            "{src}"
        );
        let doc = sgfkit::read(
            src.as_bytes(),
            &sgfkit::ReadOptions::lenient().limits(opts.clone()),
        )
        .unwrap();
        let d = doc
            .diagnostics()
            .iter()
            .find(|d| d.code == Code::L017 || d.code == Code::L016)
            .unwrap_or_else(|| panic!("{src}: {:?}", doc.diagnostics()));
        assert_eq!(
            (d.position.line, d.position.column),
            (line, column),
            "{src}: {d}"
        );
        if d.code == Code::L016 {
            // Nesting is flattened, not refused: everything is still read.
            assert_eq!(doc.collection().node_count(), 3, "{src}");
        } else {
            assert!(d.message.contains(what), "{d}");
            assert_eq!(doc.collection().games().len(), 0, "{src}");
        }
    }
}

/// Inputs built to cost much more than their size are refused at the
/// default limits in well under a second each (even in a debug build).
#[test]
fn hostile_inputs_are_refused_quickly() {
    let mut cases: Vec<(&str, Vec<u8>)> = Vec::new();
    // 1.2 MB of whole-board rectangles: 2,704 points each, 360 million in all.
    let mut points = b"(;".to_vec();
    for _ in 0..133_000 {
        points.extend_from_slice(b"AB[aa:ZZ]");
    }
    points.push(b')');
    cases.push(("whole-board rectangles", points));
    // One property asking for 1.7 million Hex cells per value.
    cases.push(("hex rectangle", b"(;GM[11];AB[a1:z65535])".to_vec()));
    // A 20 MB comment.
    let mut long = b"(;C[".to_vec();
    long.resize(20 << 20, b'x');
    long.extend_from_slice(b"])");
    cases.push(("20 MB value", long));
    for (what, src) in &cases {
        let t = Instant::now();
        let err = Collection::parse_with(src, &ParseOptions::default(), &mut ()).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::TooLarge { .. }), "{what}");
        let (tree, diags) = parse_lenient(src, &ParseOptions::default());
        assert_eq!(tree.games().len(), 0, "{what}");
        assert_eq!(diags.last().map(|d| d.code), Some(Code::L017), "{what}");
        let elapsed = t.elapsed();
        assert!(elapsed < Duration::from_secs(5), "{what}: {elapsed:?}");
    }
}

/// A value the lenient reader had to rewrite (an unescaped `]` kept in the
/// text) is measured as rewritten, and a hit points at its property.
#[test]
fn a_repaired_value_beyond_the_limit_points_at_its_property() {
    let src = b"(;B[aa]\n  C[foo [3d]: bar])";
    let opts = ParseOptions::default().max_value_len(10);
    let (tree, diags) = parse_lenient(src, &opts);
    assert_eq!(tree.games().len(), 0);
    let d = diags.iter().find(|d| d.code == Code::L017).unwrap();
    assert_eq!((d.position.line, d.position.column), (2, 3), "{d}");
    assert!(d.message.contains("max_value_len"), "{d}");
    // Within the limit it reads, `]` escaped.
    let opts = ParseOptions::default().max_value_len(15);
    let (tree, _) = parse_lenient(src, &opts);
    assert_eq!(tree.to_string(), "(;B[aa]C[foo [3d\\]: bar])\n");
}
