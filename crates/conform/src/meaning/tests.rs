use super::*;

fn meaning(sgf: &str) -> Meaning {
    Meaning::of(&sgfkit::parse(sgf.as_bytes()).unwrap())
}

fn values(sgf: &str, node: usize, prop: usize) -> Vec<Item> {
    meaning(sgf).games[0].nodes[node][prop].values.clone()
}

fn ones(v: &[&str]) -> Vec<Item> {
    v.iter().map(|s| Item::from(*s)).collect()
}

#[test]
fn texts_are_decoded() {
    // Soft break, escaped characters, hard breaks of every kind.
    let sgf = "(;C[a\\\nb\\c\r\nd\n\re\rf\tg]N[x\ny\\\nz])";
    assert_eq!(values(sgf, 0, 0), ones(&["abc\nd\ne\nf g"]));
    assert_eq!(values(sgf, 0, 1), ones(&["x yz"]));
}

#[test]
fn composes_split_at_the_first_unescaped_colon() {
    let sgf = "(;AP[a\\:b:c\\:d]LB[aa:x:y][bb:]AR[aa:bb])";
    let pair = |a: &str, b: &str| Item::Pair(a.into(), b.into());
    assert_eq!(values(sgf, 0, 0), [pair("a:b", "c:d")]);
    assert_eq!(values(sgf, 0, 1), [pair("aa", "x:y"), pair("bb", "")]);
    assert_eq!(values(sgf, 0, 2), [pair("aa", "bb")]);
}

#[test]
fn point_lists_are_expanded_and_sorted() {
    assert_eq!(values("(;AB[cc][aa:ab])", 0, 0), ones(&["aa", "ab", "cc"]));
    assert_eq!(values("(;DD[])", 0, 0), ones(&[]));
    // Hex and Lines of Action count rows their own way.
    assert_eq!(
        values("(;GM[11]SZ[4]AB[a1:b2])", 0, 2),
        ones(&["a1", "a2", "b1", "b2"])
    );
    assert_eq!(
        values("(;GM[9]SZ[8]MA[a2:b1])", 0, 2),
        ones(&["a1", "a2", "b1", "b2"])
    );
    // Othello writes points as Go does.
    assert_eq!(values("(;GM[2]SZ[8]AB[aa:ba])", 0, 2), ones(&["aa", "ba"]));
}

#[test]
fn numbers_are_as_written_and_passes_are_empty() {
    let m = meaning("(;SZ[19:13]KM[6.50]HA[+2];B[tt];W[])");
    let g = &m.games[0];
    assert_eq!(g.nodes[0][0].values, [Item::Pair("19".into(), "13".into())]);
    assert_eq!(g.nodes[0][1].values, ones(&["6.50"]));
    assert_eq!(g.nodes[0][2].values, ones(&["+2"]));
    // tt is a pass on boards up to 19x19, rectangular ones too.
    assert_eq!(g.nodes[1][0].values, ones(&[""]));
    assert_eq!(
        meaning("(;SZ[21];B[tt])").games[0].nodes[1][0].values,
        ones(&["tt"])
    );
}

#[test]
fn unknown_and_invalid_values_are_raw() {
    let sgf = "(;XY[a\\]b]KM[six]AB[aa:aa])";
    assert_eq!(values(sgf, 0, 0), ones(&["a\\]b"]));
    assert_eq!(values(sgf, 0, 1), ones(&["six"]));
    assert_eq!(values(sgf, 0, 2), ones(&["aa:aa"]));
}

#[test]
fn old_identifiers_are_read_in_ff4_form() {
    let m = meaning("(;FF[3]AddBlack[aa];B[bb])");
    assert_eq!(m.games[0].nodes[0][1].ident, "AB");
}

#[test]
fn a_deep_tree_is_read_without_recursion() {
    let depth = 100_000;
    let sgf = "(;B[aa]".repeat(depth) + &")".repeat(depth);
    let m = meaning(&sgf);
    assert_eq!(m.games[0].children.len(), depth);
    assert_eq!(m.first_difference(&m.clone()), None);
}

#[test]
fn json_escapes_control_characters() {
    let m = meaning("(;C[\"\\\\\u{1}\u{e9}])");
    assert_eq!(
        m.to_json(),
        "{\"games\":[{\"children\":[0],\"nodes\":[[[\"C\",[\"\\\"\\\\\\u0001\u{e9}\"]]]]}]}"
    );
    assert_eq!(Meaning::from_json(&m.to_json()), Ok(m));
}

#[test]
fn differences_are_found_where_they_are() {
    let a = meaning("(;GM[1];B[aa];W[bb])(;C[x])");
    assert_eq!(
        a.first_difference(&meaning("(;GM[1];B[aa];W[bb])"))
            .unwrap()
            .at,
        Where::Games
    );
    let d = a
        .first_difference(&meaning("(;GM[1];B[aa];W[cc])(;C[x])"))
        .unwrap();
    assert_eq!(
        d.at,
        Where::Property {
            game: 0,
            node: 2,
            ident: "W".into()
        }
    );
    assert_eq!(
        (d.ours.as_str(), d.theirs.as_str()),
        ("[\"bb\"]", "[\"cc\"]")
    );
    let d = a
        .first_difference(&meaning("(;GM[1];B[aa];W[bb]C[])(;C[x])"))
        .unwrap();
    assert_eq!((d.ours.as_str(), d.theirs.as_str()), ("absent", "[\"\"]"));
    let d = a
        .first_difference(&meaning("(;GM[1];B[aa])(;C[x])"))
        .unwrap();
    assert_eq!(d.at, Where::Shape { game: 0, node: 1 });
    assert_eq!((d.ours.as_str(), d.theirs.as_str()), ("1", "0"));
}
