//! Examples from the FF[4] pages (../shared/spec/red-bean), one test each.

#[test]
fn sgf4_tree_example_and_node_numbering() {
    // sgf4.html §1: the example file and its node numbering.
    let src =
        b"(;FF[4]C[root](;C[a];C[b](;C[c])\n(;C[d];C[e]))\n(;C[f](;C[g];C[h];C[i])\n(;C[j])))";
    let t = sgfkit::parse(src).unwrap();
    let root = t.games().next().unwrap();
    let numbered: Vec<(String, usize)> = root
        .descendants()
        .map(|n| {
            (
                String::from_utf8_lossy(n.get("C").unwrap().value()).into_owned(),
                n.number(),
            )
        })
        .collect();
    let want = ["root", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
    for (i, (name, number)) in numbered.iter().enumerate() {
        assert_eq!((name.as_str(), *number), (want[i], i));
    }
    // The main line: root, a, b, c.
    let main: Vec<&[u8]> = root
        .main_line()
        .map(|n| n.get("C").unwrap().value())
        .collect();
    assert_eq!(main, [&b"root"[..], b"a", b"b", b"c"]);
    // Variations of root: a and f.
    assert_eq!(root.child_count(), 2);
}

#[test]
fn meijin_comment_example_parses_as_one_value() {
    // sgf4.html §3.2: unescaped `:` and `[` are legal inside Text.
    let src = b"(;C[Meijin NR: yeah, k4 is won\\\nderful\nsweat NR: thank you! :\\)\ndada NR: yup. I like this move too. It's a move only to be expected from a pro. I really like it :)\njansteen 4d: Can anyone\\\n explain [me\\] k4?\ndada NR: okay. k4 threatens to cut at l3 and...\n])";
    let t = sgfkit::parse(src).unwrap();
    let c = t.games().next().unwrap().get("C").unwrap();
    assert_eq!(c.values().count(), 1);
    let text = sgfkit::text::decode_str(c.value(), sgfkit::text::TextKind::Text);
    assert!(text.contains("k4 is wonderful"));
    assert!(text.contains("Can anyone explain [me] k4?"));
}

#[test]
fn dd_vw_example_keeps_compressed_lists() {
    // DD_VW.html example.
    let src = b"(;GM[1]FF[4]SZ[9]AB[ac:ic]AW[ae:ie];DD[aa:bi][ca:ce]VW[aa:bi][ca:ee][ge:ie][ga:ia][gc:ic][gb][ib])";
    let t = sgfkit::parse(src).unwrap();
    let node = t.games().next().unwrap().first_child().unwrap();
    assert_eq!(node.get("VW").unwrap().values().count(), 7);
    let printed = String::from_utf8(sgfkit::print::to_bytes(&t)).unwrap();
    assert_eq!(
        printed,
        "(;GM[1]FF[4]SZ[9]AB[ac:ic]AW[ae:ie]\n;DD[aa:bi][ca:ce]VW[aa:bi][ca:ee][ge:ie][ga:ia][gc:ic][gb][ib])\n"
    );
}

#[test]
fn ff4_example_file_from_the_corpus() {
    let Some(dir) = crate::support::corpus_dir("ff4_example_file_from_the_corpus") else {
        return;
    };
    let bytes = std::fs::read(dir.join("suite-sgf-parse/resources/test/ff4_ex.sgf")).unwrap();
    let t = sgfkit::parse(&bytes).unwrap();
    assert_eq!(t.games().len(), 2);
    let printed = sgfkit::print::to_bytes(&t);
    assert!(sgfkit::parse(&printed).unwrap() == t);
}
