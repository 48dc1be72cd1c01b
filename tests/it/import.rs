//! Other record formats read through `sgfkit::read`: every file of
//! `../shared/corpus/other-formats/` with the values its README lists
//! (Sabaki's tests), and small records for each pitfall.

use crate::support::corpus_dir;
use sgfkit::check::{Code, Severity};
use sgfkit::record::{GameInfo, Origin};
use sgfkit::{Document, Node, ReadOptions, read};

fn doc(bytes: &[u8]) -> Document<'static> {
    read(bytes, &ReadOptions::default())
        .expect("an imported record reads")
        .into_owned()
}

fn file(path: &str) -> Option<Document<'static>> {
    let dir = corpus_dir("other formats")?.join("other-formats");
    Some(doc(&std::fs::read(dir.join(path)).unwrap()))
}

fn value(node: Node<'_, '_>, ident: &str) -> String {
    node.get(ident)
        .map(|p| String::from_utf8_lossy(p.value()).into_owned())
        .unwrap_or_default()
}

fn values(node: Node<'_, '_>, ident: &str) -> Vec<String> {
    node.get(ident)
        .map(|p| {
            p.values()
                .map(|v| String::from_utf8_lossy(v).into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The main line's moves after the root, as `B qd`.
fn moves(root: Node<'_, '_>) -> Vec<String> {
    root.main_line()
        .skip(1)
        .filter_map(|n| {
            let (c, p) = n
                .get("B")
                .map(|p| ("B", p))
                .or_else(|| n.get("W").map(|p| ("W", p)))?;
            Some(format!("{c} {}", String::from_utf8_lossy(p.value())))
        })
        .collect()
}

/// The root's values of `props`, as `ID=value`.
fn facts(root: Node<'_, '_>, props: &[&str]) -> Vec<String> {
    props
        .iter()
        .map(|p| format!("{p}={}", value(root, p)))
        .collect()
}

/// No error and no warning of the importer; the info saying what was read.
fn clean(d: &Document<'_>) {
    let codes: Vec<Code> = d.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::I004], "{:?}", d.diagnostics());
    let checked = d.check(&Default::default());
    let errors: Vec<_> = checked
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn gib_utf8() {
    let Some(d) = file("gib/utf8.gib") else {
        return;
    };
    clean(&d);
    let root = d.collection().games().next().unwrap();
    assert_eq!(
        facts(
            root,
            &["SZ", "KM", "PW", "WR", "PB", "BR", "DT", "HA", "RE"]
        ),
        [
            "SZ=19",
            "KM=0",
            "PW=leejw977",
            "WR=10K",
            "PB=jy512",
            "BR=15K",
            "DT=2016-03-26",
            "HA=3",
            "RE="
        ]
    );
    assert_eq!(values(root, "AB"), ["dp", "pd", "dd"]);
    assert_eq!(moves(root)[..4], ["W pp", "B nq", "W qn", "B no"]);
    assert_eq!(
        (value(root, "TM"), value(root, "OT")),
        ("1200".into(), "3x30 byo-yomi".into())
    );
    assert!(
        values(root, "XG").iter().any(|v| v == "GAMEDUM=5"),
        "{:?}",
        values(root, "XG")
    );
}

#[test]
fn gib_gb2312_and_euc_kr() {
    let Some(d) = file("gib/gb2312.gib") else {
        return;
    };
    clean(&d);
    let root = d.collection().games().next().unwrap();
    assert_eq!(
        facts(root, &["PB", "BR", "PW", "WR", "HA", "RE", "DT"]),
        [
            "PB=石下之臣",
            "BR=2段",
            "PW=harpmaster",
            "WR=3段",
            "HA=5",
            "RE=W+11",
            "DT=2012-11-22"
        ]
    );
    assert_eq!(values(root, "AB"), ["dp", "pd", "dd", "pp", "jj"]);
    assert_eq!(moves(root).len(), 268);

    let Some(d) = file("gib/euc-kr.gib") else {
        return;
    };
    clean(&d);
    let root = d.collection().games().next().unwrap();
    assert_eq!(
        facts(root, &["PW", "WR", "PB", "BR", "KM", "RE", "DT", "HA"]),
        [
            "PW=dongjik",
            "WR=1급",
            "PB=dustkd1015",
            "BR=1급",
            "KM=6.5",
            "RE=B+T",
            "DT=2015-08-29",
            "HA="
        ]
    );
    assert_eq!(moves(root)[..2], ["B qc", "W dp"]);
}

#[test]
fn ngf_files() {
    let Some(d) = file("ngf/even.ngf") else {
        return;
    };
    clean(&d);
    let root = d.collection().games().next().unwrap();
    assert_eq!(
        facts(root, &["SZ", "KM", "PW", "WR", "PB", "BR", "DT", "RE"]),
        [
            "SZ=19",
            "KM=7.5",
            "PW=LQC",
            "WR=9p",
            "PB=CYY",
            "BR=9p",
            "DT=2017-03-16",
            "RE=B+0.5"
        ]
    );
    assert_eq!(moves(root)[..4], ["B qd", "W dd", "B pq", "W dp"]);
    assert_eq!(moves(root).len(), 333);
    assert_eq!(GameInfo::read(root).origin, Some(Origin::Wbaduk));

    let Some(d) = file("ngf/handicap2.ngf") else {
        return;
    };
    clean(&d);
    let root = d.collection().games().next().unwrap();
    assert_eq!(
        facts(root, &["HA", "RE", "BR", "KM"]),
        ["HA=2", "RE=W+R", "BR=5d*", "KM="]
    );
    assert_eq!(values(root, "AB"), ["dp", "pd"]);
    assert!(moves(root)[0].starts_with("W "));

    let Some(d) = file("ngf/gb2312.ngf") else {
        return;
    };
    clean(&d);
    let root = d.collection().games().next().unwrap();
    assert_eq!(moves(root).len(), 211);
    assert!(
        values(root, "XG").contains(&"GI=韩国十段战".to_string()),
        "{:?}",
        values(root, "XG")
    );
}

#[test]
fn ugf_and_ugi() {
    let Some(d) = file("ugf/amateur.ugf") else {
        return;
    };
    clean(&d);
    let root = d.collection().games().next().unwrap();
    assert_eq!(
        facts(
            root,
            &["CP", "SZ", "KM", "PW", "WR", "PB", "BR", "DT", "RE", "RU"]
        ),
        [
            "CP=PANDANET INC.",
            "SZ=19",
            "KM=-5.50",
            "PW=YINNI",
            "WR=8d",
            "PB=kaziwami",
            "BR=7d",
            "DT=2019-03-08",
            "RE=B+7.5",
            "RU=Japanese"
        ]
    );
    assert_eq!(moves(root)[..4], ["B qd", "W dd", "B pq", "W dq"]);

    let Some(d) = file("ugf/review.ugi") else {
        return;
    };
    clean(&d);
    let root = d.collection().games().next().unwrap();
    assert_eq!(
        value(root, "C"),
        "apetresc 2k?: Let's begin and enjoy a great game.\nken03110 2k : Hi!"
    );
    // The review's variations: node 54's move has a sibling line.
    let line: Vec<Node<'_, '_>> = root.main_line().collect();
    let branch = line
        .iter()
        .find(|n| n.child_count() > 1)
        .expect("a variation");
    let first = branch.children().nth(1).unwrap();
    // x 14, y 7 counted from the bottom left (IGS): column n, row m.
    assert_eq!(
        value(first, "W"),
        "nm",
        "the variation's first move (NODE,225,2,14,7)"
    );
    assert_eq!(
        value(branch.children().next().unwrap(), "W"),
        "li",
        "the game goes on first"
    );
    assert!(
        line.iter()
            .any(|n| value(*n, "C").contains("white is ahead"))
    );
}

#[test]
fn pitfalls_are_reported_and_the_rest_read() {
    // GIB: a pass (SKI), an undo line (WIT), CRLF, a stone off the board.
    let gib = "\\HS\r\n\\[GIBOKIND=Global\\]\r\n\\[GAMEBLACKNAME=a (1D)\\]\r\n\
               \\[GAMEINFOMAIN=GRLT:42,ZIPSU:0,GONGJE:65\\]\r\n\\HE\r\n\\GS\r\n\
               INI 0 1 0 &4\r\nSTO 0 2 1 3 3\r\nSKI 0 3\r\nSTO 0 4 1 15 15\r\n\
               WIT 0 4\r\nSTO 0 5 2 40 2\r\n\\GE\r\n";
    let d = doc(gib.as_bytes());
    let root = d.collection().games().next().unwrap();
    assert_eq!(moves(root), ["B dd", "W ", "B pp"]);
    let found: Vec<(Code, u32, u32)> = d
        .diagnostics()
        .iter()
        .map(|d| (d.code, d.position.line, d.position.column))
        .collect();
    assert_eq!(
        found,
        [
            (Code::I004, 1, 1),
            (Code::I003, 11, 1),
            (Code::I001, 12, 1),
            (Code::I002, 4, 16)
        ]
    );
    assert_eq!(value(root, "KM"), "6.5");

    // UGF, not IGS coordinates, negative komi, a pass off the board.
    let ugf = "[Header]\nSize=9\nHdcp=0,-3.5\nCoordinateType=\n[Data]\nCC,B1,1,0\nZZ,W1,2,0\n";
    let d = doc(ugf.as_bytes());
    let root = d.collection().games().next().unwrap();
    assert_eq!(moves(root), ["B cc", "W "]);
    assert_eq!(value(root, "KM"), "-3.50");
}
