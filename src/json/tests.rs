//! The JSON writers against a reference built with `serde_json::Value`, and
//! a node of many properties.

use super::*;
use serde_json::json;
use std::path::Path;

/// The document built the slow way, a `serde_json::Value` per node (the
/// writer before it wrote JSON text itself): the reference the writer
/// must match byte for byte.
fn reference(collection: &Collection<'_>) -> Vec<u8> {
    fn game<G: Game>(root: Node<'_, '_>, gm: i64, out: &mut Vec<u8>) {
        let size = root.typed_size::<G>();
        let index: HashMap<_, usize> = root
            .descendants()
            .enumerate()
            .map(|(i, n)| (n.id(), i))
            .collect();
        let name = crate::game::GameType::from_gm(u32::try_from(gm).unwrap_or(0))
            .map_or("unknown", |t| t.name());
        let head = json!({ "gm": gm, "game": name, "size": [size.columns, size.rows] });
        let head = serde_json::to_string(&head).unwrap();
        out.extend_from_slice(&head.as_bytes()[..head.len() - 1]);
        out.extend_from_slice(b",\"nodes\":[");
        for (i, n) in root.descendants().enumerate() {
            out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
            let props: Vec<Json> = n
                .props_on::<G>(size)
                .iter()
                .map(|p| prop(p, size))
                .collect();
            let node = json!({
                "id": i,
                "parent": n.parent().map(|p| index[&p.id()]),
                "children": n.children().map(|c| index[&c.id()]).collect::<Vec<_>>(),
                "properties": props,
            });
            serde_json::to_writer(&mut *out, &node).unwrap();
        }
        out.extend_from_slice(b"]}");
    }
    fn raw(values: &[Vec<u8>]) -> Json {
        values
            .iter()
            .map(|v| Json::from(String::from_utf8_lossy(v).into_owned()))
            .collect()
    }
    fn prop<G: Game>(p: &Prop<G>, size: BoardSize) -> Json {
        match p {
            Prop::Unknown { ident, values } => {
                json!({ "ident": ident, "unknown": true, "raw": raw(values) })
            }
            Prop::Invalid {
                ident,
                values,
                reason,
            } => {
                json!({ "ident": ident, "invalid": reason, "raw": raw(values) })
            }
            _ => {
                let v = p.value().map_or(Json::Null, |v| value(&v, size));
                json!({ "ident": p.ident(), "value": v })
            }
        }
    }
    fn value<G: Game>(v: &Value<G>, size: BoardSize) -> Json {
        let sgf = |f: &dyn Fn(&mut Vec<u8>)| {
            let mut out = Vec::new();
            f(&mut out);
            Json::from(String::from_utf8_lossy(&out).into_owned())
        };
        let point = |p: &G::Point| sgf(&|o| G::write_point(p, size, o));
        let stone = |s: &G::Stone| sgf(&|o| G::write_stone(s, size, o));
        fn items<P>(v: &[PointListItem<P>], f: impl Fn(&P) -> Json) -> Json {
            v.iter()
                .map(|i| match i {
                    PointListItem::Point(p) => f(p),
                    PointListItem::Rectangle(a, b) => json!([f(a), f(b)]),
                })
                .collect()
        }
        match v {
            Value::None => Json::Null,
            Value::Number(n) => json!(n),
            Value::Real(r) => serde_json::Number::from_f64(r.value())
                .map_or_else(|| json!(r.as_str()), Json::Number),
            Value::Double(d) => json!(if *d == Double::Normal { 1 } else { 2 }),
            Value::Color(c) => json!(c.to_string()),
            Value::SimpleText(s) | Value::Text(s) => json!(s),
            Value::Point(p) => point(p),
            Value::Stone(s) => stone(s),
            Value::Move(m) => sgf(&|o| G::write_move(m, size, o)),
            Value::Points(v) => items(v, point),
            Value::Stones(v) => items(v, stone),
            Value::PointPairs(v) => v.iter().map(|(a, b)| json!([point(a), point(b)])).collect(),
            Value::Labels(v) => v.iter().map(|(a, b)| json!([point(a), b])).collect(),
            Value::StonePoints(v) => v.iter().map(|(a, b)| json!([stone(a), point(b)])).collect(),
            Value::TextPair((a, b)) => json!([a, b]),
            Value::TextPairs(v) => v.iter().map(|(a, b)| json!([a, b])).collect(),
            Value::Size((c, r)) => json!([c, r]),
            Value::Figure(f) => f.as_ref().map_or(Json::Null, |(n, s)| json!([n, s])),
            Value::Raw(v) => raw(v),
        }
    }
    let mut out = b"{\"games\":[".to_vec();
    for (k, g) in collection.games().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        let gm = match g.prop::<Go>("GM") {
            Some(Prop::GM(n)) => n,
            _ => 1,
        };
        match gm {
            1 => game::<Go>(g, gm, &mut out),
            6 => game::<Backgammon>(g, gm, &mut out),
            9 => game::<LinesOfAction>(g, gm, &mut out),
            11 => game::<Hex>(g, gm, &mut out),
            18 => game::<Amazons>(g, gm, &mut out),
            19 => game::<Octi>(g, gm, &mut out),
            20 => game::<Gess>(g, gm, &mut out),
            _ => game::<Raw<0>>(g, gm, &mut out),
        }
    }
    out.extend_from_slice(b"]}\n");
    out
}

fn written(c: &Collection<'_>) -> Vec<u8> {
    let mut out = Vec::new();
    write_json(c, &mut out).unwrap();
    out
}

#[test]
fn matches_the_value_based_writer() {
    let samples: &[&[u8]] = &[
        b"(;GM[1]SZ[9]KM[6.5]XY[z]HA[x]AB[aa:bb][cc]MN[-9223372036854775808]OB[0];B[ee]MN[-12]C[hi\\]\"\x01\xc3\xa9\xff]LB[aa:x](;W[]TR[bb])(;W[cc]AR[aa:bb]))",
        b"(;GM[11]SZ[11];B[c3]AP[a\\:b:1.0]FG[257:fig]V[1e400]BM[2]PL[W])",
        b"(;GM[6]CO[c]MI[a:b][c:d]RE[W+1];B[12]DO[]IT[])",
        b"(;GM[19]AS[x:aa];TS[a])(;GM[123]B[zz]FG[]DD[])(;GM[2]PB[A]B[aa]N[x\ny])",
    ];
    for s in samples {
        let c = crate::parse(s).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&written(&c)),
            String::from_utf8_lossy(&reference(&c))
        );
    }
    // An edited tree: ids no longer in pre-order.
    let mut c = crate::parse(b"(;GM[1];B[aa](;W[bb])(;W[cc]))")
        .unwrap()
        .into_owned();
    let root = c.games().next().unwrap().id();
    c.add_child(root).unwrap();
    assert_eq!(written(&c), reference(&c));
    // The real games of the corpus, a sample of each source.
    let Some(dir) = Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|d| d.join("shared/corpus"))
        .find(|d| d.is_dir())
    else {
        eprintln!("SKIPPED the corpus part: shared/corpus not found");
        return;
    };
    let mut checked = 0;
    for src in std::fs::read_dir(&dir).unwrap().flatten() {
        let mut files: Vec<_> = walk(&src.path());
        files.sort();
        for f in files.iter().step_by(files.len() / 40 + 1) {
            let Ok(bytes) = std::fs::read(f) else {
                continue;
            };
            let Ok(c) = crate::parse(&bytes) else {
                continue;
            };
            assert_eq!(written(&c), reference(&c), "{}", f.display());
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

fn walk(p: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![p.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                out.push(p);
            }
        }
    }
    out
}

#[test]
fn compact_holds_what_the_node_objects_hold() {
    let sgf: &[u8] =
        b"(;GM[1]SZ[9]KM[6.5]XY[z]HA[x];B[ee](;W[cc]C[a\\]b])(;W[gg]AB[aa:bb]))(;GM[11];B[c3])";
    let c = crate::parse(sgf).unwrap();
    let full = to_json(&c);
    let mut out = Vec::new();
    write_json_compact(&c, &mut out).unwrap();
    let lines: Vec<Json> = out
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for (g, compact) in full["games"].as_array().unwrap().iter().zip(&lines) {
        for key in ["game", "gm", "size"] {
            assert_eq!(g[key], compact[key]);
        }
        let nodes = g["nodes"].as_array().unwrap();
        assert_eq!(compact["parent"].as_array().unwrap().len(), nodes.len());
        for (i, n) in nodes.iter().enumerate() {
            assert_eq!(compact["parent"][i], n["parent"]);
            let flat = compact["props"][i].as_array().unwrap();
            let props = n["properties"].as_array().unwrap();
            assert_eq!(flat.len(), 2 * props.len());
            for (k, p) in props.iter().enumerate() {
                assert_eq!(flat[2 * k], p["ident"]);
                let v = &flat[2 * k + 1];
                if p.get("value").is_some() {
                    assert_eq!(v, &p["value"]);
                } else {
                    assert_eq!(v["raw"], p["raw"]);
                    assert_eq!(v.get("invalid"), p.get("invalid"));
                    assert_eq!(v.get("unknown"), p.get("unknown"));
                }
            }
        }
    }
    assert_eq!(lines[0]["props"][0][7]["unknown"], true);
    assert_eq!(lines[0]["props"][2], json!(["W", "cc", "C", "a]b"]));
}

/// The writer that counts the pieces it is handed and the largest.
struct Pieces(Vec<u8>, usize, usize);

impl Write for Pieces {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.0.extend_from_slice(b);
        self.1 += 1;
        self.2 = self.2.max(b.len());
        Ok(b.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Written on several threads, in batches of game trees, a collection is
/// the same bytes as on one, in both forms: small trees, a tree too big for
/// a batch (written in pieces on the caller's thread) among them, the
/// corpus's own files, and an edited collection (one batch).
#[test]
fn threads_write_the_same_bytes() {
    let mut src = "(;GM[1]SZ[9];B[ee];W[cc](;B[dd])(;B[gg]C[a\\]b]))".repeat(3_000);
    src.push_str(&format!("(;GM[1]{};B[aa])", "C[comment]".repeat(40_000)));
    src.push_str(&"(;GM[11]SZ[11];B[c3];W[d4])(;GM[6];B[31ab])".repeat(2_000));
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/gnugo");
    let mut corpus = Vec::new();
    for p in walk(&dir).into_iter().take(300) {
        corpus.extend(std::fs::read(p).unwrap_or_default());
    }
    let corpus = crate::check::parse_lenient(&corpus, &Default::default()).0;
    let c = crate::parse(src.as_bytes()).unwrap();
    let mut edited = c.clone();
    let root = edited.games().nth(5).unwrap().id();
    edited.add_child(root).unwrap();
    for (name, c) in [("made", &c), ("corpus", &corpus), ("edited", &edited)] {
        for compact in [false, true] {
            let opts = JsonOptions::default().compact(compact);
            let mut one = Vec::new();
            write_json_with(c, &mut one, &opts).unwrap();
            if compact {
                let mut plain = Vec::new();
                write_json_compact(c, &mut plain).unwrap();
                assert_eq!(one, plain);
            } else {
                assert_eq!(one, written(c));
                assert_eq!(one, reference(c), "{name}");
            }
            for threads in [2, 3, 8] {
                let mut out = Pieces(Vec::new(), 0, 0);
                write_json_with(c, &mut out, &opts.threads(threads)).unwrap();
                assert!(out.0 == one, "{name}, compact {compact}, {threads} threads");
                // Batches of about 4,096 nodes and properties, the big
                // tree in pieces: nothing near the whole text at once.
                if name == "made" {
                    assert!(out.1 > 20, "{} pieces", out.1);
                    assert!(out.2 < one.len() / 8, "largest piece {}", out.2);
                }
            }
        }
    }
}

#[test]
fn a_node_of_many_properties_streams() {
    // 200,000 comments in one node: linear time, written in pieces.
    let n = 200_000;
    let mut sgf = b"(;".to_vec();
    for i in 0..n {
        sgf.extend_from_slice(format!("C[{i}]").as_bytes());
    }
    sgf.push(b')');
    let c = crate::parse(&sgf).unwrap();
    let mut out = Pieces(Vec::new(), 0, 0);
    write_json(&c, &mut out).unwrap();
    assert!(out.1 > 10, "written in {} pieces", out.1);
    assert!(out.2 < 2 * FLUSH_AT, "largest piece {}", out.2);
    // Among small trees, on several threads: still in pieces.
    let mut many = b"(;B[aa])".repeat(5_000);
    many.extend_from_slice(&sgf);
    many.extend_from_slice(&b"(;B[aa])".repeat(5_000));
    let c = crate::parse(&many).unwrap();
    let mut threads = Pieces(Vec::new(), 0, 0);
    write_json_with(&c, &mut threads, &JsonOptions::default().threads(2)).unwrap();
    // (A batch of 4,096 nodes and properties of one-move trees is about
    // 0.26 MB of JSON; the big tree alone would be 6 MB.)
    assert!(threads.2 < 8 * FLUSH_AT, "largest piece {}", threads.2);
    assert_eq!(threads.0, written(&c));
    let j: Json = serde_json::from_slice(&out.0).unwrap();
    let props = j["games"][0]["nodes"][0]["properties"].as_array().unwrap();
    assert_eq!(props.len(), n);
    for (i, p) in props.iter().enumerate() {
        assert_eq!(p, &json!({"ident": "C", "value": i.to_string()}));
    }
}

#[test]
fn invalid_and_lists() {
    let c = crate::parse(b"(;GM[1]AB[aa:bb][cc]KM[6,5]LB[dd:x\\:y]SZ[19:19]VW[])").unwrap();
    let j = to_json(&c);
    let props = &j["games"][0]["nodes"][0]["properties"];
    assert_eq!(props[1]["value"], json!([["aa", "bb"], "cc"]));
    assert_eq!(props[2]["raw"], json!(["6,5"]));
    assert!(props[2]["invalid"].as_str().unwrap().contains("6,5"));
    assert_eq!(props[3]["value"], json!([["dd", "x:y"]]));
    assert_eq!(props[4]["value"], json!([19, 19]));
    assert_eq!(props[5]["value"], json!([]));
}

#[test]
fn deep_trees_stay_flat() {
    let sgf = "(;B[aa]".repeat(2000) + &")".repeat(2000);
    let c = crate::parse(sgf.as_bytes()).unwrap();
    let j = to_json(&c);
    assert_eq!(j["games"][0]["nodes"].as_array().unwrap().len(), 2000);
    assert_eq!(j["games"][0]["nodes"][1999]["parent"], 1998);
}

/// The fast path of `JsonOut::str` and `JsonOut::lossy` writes text
/// between quotes unchanged exactly when serde_json would.
#[test]
fn needs_escape_is_what_serde_json_escapes() {
    for c in (0u32..0x300).filter_map(char::from_u32) {
        let text = format!("a{c}b");
        let plain = format!("\"{text}\"");
        let escaped = serde_json::to_string(&text).unwrap() != plain;
        let ascii = u8::try_from(c).ok();
        assert_eq!(
            escaped,
            ascii.is_some_and(super::needs_escape),
            "U+{:04X}",
            c as u32
        );
    }
}
