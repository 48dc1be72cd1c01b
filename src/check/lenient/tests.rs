use super::*;

fn run(src: &str) -> (String, Vec<String>) {
    let (c, d) = parse_lenient(src.as_bytes(), &ParseOptions::default());
    let codes = d
        .iter()
        .map(|d| format!("{}@{}", d.code, d.position))
        .collect();
    (c.to_string(), codes)
}

#[test]
fn explore() {
    for s in [
        "junk (;GM[1];B[aa])",
        "(GM[1];B[aa])",
        ";GM[1];B[aa];W[bb]",
        "(;B[hh]()(;W[ii])()(;W[hi]C[h]))",
        "(;GM[1];B[aa]",
        "(;LB B[aa])",
        "(;[ab][ac]B[aa])",
        "(;C[username [12k]: foo])",
        "(;C[abc\\",
        "(;AddBlack[aa]CoPyright[x])",
        "(;B[aa]+-W[bb])",
        "(;FF[4](;C[var 1]);C[var 2]))",
        "(;FF[4](;C[var 1]) ( C[var 2]))",
        "(;B[cc]((;W[dd]))",
        "(;(()())) (;)",
        "(;xx yyAB[aa] z3 zzZZ uuAWvv ww[b",
        "hello (;[) world",
        "\u{feff}(;B[aa])",
        "(;B[aa]C[x]y])",
    ] {
        let (p, d) = run(s);
        println!("{s:?}\n  => {p:?} {d:?}");
    }
}
