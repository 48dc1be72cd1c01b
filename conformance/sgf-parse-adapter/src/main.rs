//! Prints the meaning JSON (docs/conformance.md) of an SGF file as
//! sgf-parse 4.2.8 reads it (Go games only, as `sgf_parse::go::parse`).

use serde_json::{Value, json};
use sgf_parse::go::{Move, Point, Prop};
use sgf_parse::{SgfNode, SgfProp};

const L: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

fn pt(p: &Point) -> String {
    let l = |v: u8| L.get(usize::from(v)).map_or('?', |&c| char::from(c));
    format!("{}{}", l(p.x), l(p.y))
}

fn points<'a>(set: impl Iterator<Item = &'a Point>) -> Value {
    let mut v: Vec<String> = set.map(pt).collect();
    v.sort();
    json!(v)
}

fn values(prop: &Prop) -> Value {
    match prop {
        Prop::B(m) | Prop::W(m) => json!([match m { Move::Pass => String::new(), Move::Move(p) => pt(p) }]),
        Prop::AB(s) | Prop::AW(s) | Prop::AE(s) | Prop::CR(s) | Prop::DD(s) | Prop::MA(s)
        | Prop::SL(s) | Prop::SQ(s) | Prop::TR(s) | Prop::VW(s) | Prop::TB(s) | Prop::TW(s) => points(s.iter()),
        Prop::C(t) | Prop::GC(t) => json!([t.to_string()]),
        Prop::N(t) | Prop::CA(t) | Prop::AN(t) | Prop::BR(t) | Prop::BT(t) | Prop::CP(t) | Prop::DT(t)
        | Prop::EV(t) | Prop::GN(t) | Prop::ON(t) | Prop::OT(t) | Prop::PB(t) | Prop::PC(t) | Prop::PW(t)
        | Prop::RE(t) | Prop::RO(t) | Prop::RU(t) | Prop::SO(t) | Prop::US(t) | Prop::WR(t) | Prop::WT(t) => {
            json!([t.to_string()])
        }
        Prop::AR(s) | Prop::LN(s) => json!(s.iter().map(|(a, b)| [pt(a), pt(b)]).collect::<Vec<_>>()),
        Prop::LB(s) => json!(s.iter().map(|(p, t)| [pt(p), t.to_string()]).collect::<Vec<_>>()),
        Prop::AP((a, b)) => json!([[a.to_string(), b.to_string()]]),
        Prop::SZ((c, r)) if c == r => json!([c.to_string()]),
        Prop::SZ((c, r)) => json!([[c.to_string(), r.to_string()]]),
        Prop::FG(None) => json!([""]),
        Prop::FG(Some((n, t))) => json!([[n.to_string(), t.to_string()]]),
        // sgf-parse keeps these unescaped: escaped again, as written.
        Prop::Unknown(_, v) | Prop::Invalid(_, v) => {
            json!(v.iter().map(|s| s.replace('\\', "\\\\").replace(']', "\\]")).collect::<Vec<_>>())
        }
        // Numbers, reals, doubles, colours, none: as sgf-parse writes them.
        p => {
            let sgf = p.to_string(); // `KM[6.5]`
            let value = sgf.find('[').zip(sgf.rfind(']')).map_or("", |(a, b)| &sgf[a + 1..b]);
            json!([value])
        }
    }
}

fn game(root: &SgfNode<Prop>) -> Value {
    let (mut children, mut nodes, mut stack) = (vec![], vec![], vec![root]);
    while let Some(node) = stack.pop() {
        children.push(node.children.len());
        nodes.push(node.properties().map(|p| json!([p.identifier(), values(p)])).collect::<Vec<_>>());
        stack.extend(node.children.iter().rev());
    }
    json!({"children": children, "nodes": nodes})
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: sgf-parse-meaning FILE");
    let text = std::fs::read_to_string(path).expect("a UTF-8 file");
    match sgf_parse::go::parse(&text) {
        Ok(games) => println!("{}", json!({"games": games.iter().map(game).collect::<Vec<_>>()})),
        Err(e) => {
            eprintln!("sgf-parse: {e}");
            std::process::exit(1);
        }
    }
}
