//! The fast scans (`skip_value`, `root_ca`, UTF-8 decoding) held to plain
//! byte loops and to `encoding_rs`.

use super::*;

// ---------------------------------------------------------------------------------------------
// The fast scans against plain byte loops (the way they were first written)

#[test]
fn root_ca_shortcut_only_skips_inputs_without_a_ca() {
    // No `C[a-z]*A` anywhere: nothing to find, and no warnings.
    let (ca, warnings) = root_ca(b"(;GM[1]RU[Chinese]TC[3]C[cat];B[pd])", 0);
    assert!(ca.is_none() && warnings.is_empty());
    // Each of these still has its `CA` found.
    let cases: [(&[u8], &str); 4] = [
        (b"(;CA[GBK])", "GBK"),
        (b"(;CharsetA[UTF-8])", "UTF-8"),
        (b"(;C[x]CoA[latin1])", "latin1"),
        // Shift_JIS's trailing 0x5C defeats the escape-aware scan.
        (b"(;C[\x95\x5c]CA[Shift_JIS];B[aa])", "Shift_JIS"),
    ];
    for (input, label) in cases {
        let (ca, _) = root_ca(input, 0);
        assert_eq!(
            ca.map(|(_, l)| l).as_deref(),
            Some(label),
            "{:?}",
            input.escape_ascii().to_string()
        );
    }
    // A `C` then lower-case letters then something else is no `CA`.
    assert!(root_ca(b"(;Cx[1]Cb;A[2])", 0).0.is_none());
}

/// Bytes rich in what the scans look at, with long values now and then.
fn structured_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"(".to_vec()),
        Just(b")".to_vec()),
        Just(b"[".to_vec()),
        Just(b"]".to_vec()),
        Just(b"\\".to_vec()),
        Just(b";".to_vec()),
        Just(b"CA".to_vec()),
        Just(b"CoA".to_vec()),
        Just(b"C".to_vec()),
        Just(b"A".to_vec()),
        Just(b"[UTF-8]".to_vec()),
        Just(b"[Shift_JIS]".to_vec()),
        Just(b" ".to_vec()),
        Just(b"x".repeat(40)),
        Just(b"\x95".to_vec()),
        Just(b"[pd]".to_vec()),
        Just(b"[p\\]".to_vec()),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn utf8_decoding_agrees_with_encoding_rs(bytes in prop::collection::vec(
        prop_oneof![Just(b'a'), Just(b'?'), 0x80u8..=0xFF, any::<u8>()], 0..200)) {
        // The one-pass UTF-8 path against `encoding_rs`'s WHATWG decoder:
        // same text, and one warning at the start of each malformed sequence.
        let mut warnings = Vec::new();
        let out = decode_into(&bytes, 7, Charset::UTF_8, &mut warnings, usize::MAX);
        let mut decoder = encoding_rs::UTF_8.new_decoder_without_bom_handling();
        let mut expected = vec![0u8; bytes.len() * 3 + 16];
        let mut offsets = Vec::new();
        let (mut read, mut written) = (0usize, 0usize);
        loop {
            let (r, n, w) = decoder.decode_to_utf8_without_replacement(&bytes[read..], &mut expected[written..], true);
            read += n;
            written += w;
            match r {
                encoding_rs::DecoderResult::Malformed(bad, after) => {
                    offsets.push(7 + read - usize::from(after) - usize::from(bad));
                    expected[written..written + 3].copy_from_slice("\u{FFFD}".as_bytes());
                    written += 3;
                }
                _ => break,
            }
        }
        expected.truncate(written);
        prop_assert_eq!(&out, &expected);
        // One warning a value: a sequence starts a new one when a `]`
        // stands between it and the one before.
        let mut starts: Vec<usize> = Vec::new();
        let mut last: Option<usize> = None;
        for &o in &offsets {
            let same = last.is_some_and(|l| !bytes[l - 7 + 1..o - 7].contains(&b']'));
            if !same {
                starts.push(o);
            }
            last = Some(o);
        }
        prop_assert_eq!(warnings.iter().map(|w| w.offset).collect::<Vec<_>>(), starts);
        prop_assert_eq!(is_utf8(&bytes), std::str::from_utf8(&bytes).is_ok());
    }

    #[test]
    fn skip_value_agrees_with_a_byte_loop(bytes in structured_bytes(), escapes in any::<bool>()) {
        for open in (0..bytes.len()).filter(|&k| bytes[k] == b'[') {
            let mut i = open + 1;
            let expected = loop {
                match bytes.get(i) {
                    None => break bytes.len(),
                    Some(b'\\') if escapes => i += 2,
                    Some(b']') => break i + 1,
                    Some(_) => i += 1,
                }
            };
            prop_assert_eq!(skip_value(&bytes, open, escapes), expected);
        }
    }
}

#[test]
fn non_ascii_characters_are_counted_by_lead_bytes() {
    for s in [
        "",
        "abc",
        "Ren\u{e9}",
        "\u{674e}\u{660c}\u{954e}",
        "a\u{1F600}b\u{e9}",
        // Longer than a chunk of the counting loop, with a remainder.
        "\u{674e}a\u{e9}".repeat(100).as_str(),
    ] {
        assert_eq!(
            non_ascii_chars(s.as_bytes()),
            s.chars().filter(|c| !c.is_ascii()).count(),
            "{s}"
        );
    }
}

#[test]
fn the_root_ca_is_found_in_ff3_spellings_and_after_backslashes() {
    // Lower-case letters inside the identifier are dropped: `CoA` is `CA`.
    let (ca, _) = root_ca(b"(;CoA[latin1]C[x])", 0);
    assert_eq!(ca.map(|(_, t)| t).as_deref(), Some("latin1"));
    // `CAB` and `AC` are not `CA`.
    assert!(root_ca(b"(;CAB[latin1]AC[x])", 0).0.is_none());
    // A Shift_JIS byte pair ending in 0x5C before CA: found by the retry without escapes.
    let (ca, _) = root_ca(b"(;C[\x95\\]CA[Shift_JIS];B[aa])", 0);
    assert_eq!(ca.map(|(_, t)| t).as_deref(), Some("Shift_JIS"));
}
