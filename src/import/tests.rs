use super::*;

#[test]
fn tygem_places_handicap_stones_in_its_order() {
    let sgf: Vec<String> = tygem_handicap(19, 9)
        .into_iter()
        .map(|(x, y)| sgf_point(x, y))
        .collect();
    assert_eq!(sgf, ["dp", "pd", "dd", "pp", "dj", "pj", "jd", "jp", "jj"]);
    let five: Vec<String> = tygem_handicap(19, 5)
        .into_iter()
        .map(|(x, y)| sgf_point(x, y))
        .collect();
    assert_eq!(five, ["dp", "pd", "dd", "pp", "jj"]);
    assert_eq!(tygem_handicap(9, 2), [(2, 6), (6, 2)]);
    assert!(tygem_handicap(19, 1).is_empty() && tygem_handicap(5, 4).is_empty());
}

#[test]
fn the_tree_is_written_with_its_variations() {
    let mut t = Tree::new();
    t.root("GM", "1");
    t.root("C", "a ] b \\ c");
    let a = t.child(0, "B", "aa".into());
    let b = t.child(a, "W", "bb".into());
    t.child(b, "B", String::new());
    let c = t.child(a, "W", "cc".into());
    t.empty_child(c);
    assert_eq!(
        t.to_sgf(),
        "(;GM[1]C[a \\] b \\\\ c]\n;B[aa]\n(;W[bb];B[])\n(;W[cc];))\n"
    );
    assert!(crate::parse(t.to_sgf().as_bytes()).is_ok());
}

#[test]
fn other_formats_are_refused() {
    assert_eq!(
        import(b"x", Format::Zip, &DecodeOptions::default()),
        Err(Format::Zip)
    );
}

#[test]
fn junk_never_panics() {
    for bytes in [&b""[..], b"\\HS\nSTO", b"STO 0 1 1 99999999999 3\nSKI", b"[Header]\n[ReviewNode]\n  VARIATION,\nNODE,1\nNODE,x,1,1,1\n    NODE,5,1,99,99\nVARIATIONEND,\n[ReviewComment]\n.Comment,9\nhi", b"PMAB\nPMZZBZZ\nPM\xff\xfe"] {
        for f in [Format::Gib, Format::Ngf, Format::Ugf] {
            let out = import(bytes, f, &DecodeOptions::default()).unwrap();
            assert!(crate::parse(out.sgf.as_bytes()).is_ok(), "{f:?} {:?}", out.sgf);
        }
    }
}
