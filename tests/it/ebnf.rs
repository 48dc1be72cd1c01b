//! grammar.ebnf and the code agree both ways: every rule names a function
//! that exists, and every function whose doc comment quotes a rule is named
//! by grammar.ebnf.

use std::collections::BTreeSet;
use std::path::Path;

fn ebnf_functions() -> BTreeSet<String> {
    let text = include_str!("../../grammar.ebnf");
    text.split("(* fn ")
        .skip(1)
        .filter_map(|s| s.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// `(function name, quotes a rule)` for every `pub fn` in the grammar and game
/// sources.
fn source_functions() -> Vec<(String, bool, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("grammar/mod.rs"), root.join("grammar/value.rs")];
    // The game modules, and their submodules one folder down (game/go/gtp.rs).
    let mut dirs = vec![root.join("game")];
    while let Some(d) = dirs.pop() {
        for path in std::fs::read_dir(&d)
            .expect("read game sources")
            .map(|e| e.expect("entry").path())
        {
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                files.push(path);
            }
        }
    }
    let mut out = Vec::new();
    for f in files {
        let src = std::fs::read_to_string(&f).expect("read source");
        let lines: Vec<&str> = src.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let t = line.trim_start();
            let Some(rest) = t.strip_prefix("pub fn ") else {
                continue;
            };
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            // The first line of the doc block above the function.
            let mut j = i;
            while j > 0 && lines[j - 1].trim_start().starts_with("///") {
                j -= 1;
            }
            let first = lines.get(j).map(|l| l.trim_start()).unwrap_or("");
            let quotes_rule = j < i
                && first.starts_with("/// `")
                && first[5..]
                    .split('`')
                    .next()
                    .is_some_and(|r| r.contains(" = "));
            out.push((name, quotes_rule, f.display().to_string()));
        }
    }
    out
}

#[test]
fn every_rule_names_an_existing_function() {
    let defined: BTreeSet<String> = source_functions().into_iter().map(|(n, _, _)| n).collect();
    let missing: Vec<String> = ebnf_functions()
        .into_iter()
        .filter(|f| !defined.contains(f))
        .collect();
    assert!(
        missing.is_empty(),
        "grammar.ebnf names functions that do not exist: {missing:?}"
    );
}

#[test]
fn every_rule_function_is_in_the_ebnf() {
    let named = ebnf_functions();
    let unnamed: Vec<String> = source_functions()
        .into_iter()
        .filter(|(n, quotes, _)| *quotes && !named.contains(n))
        .map(|(n, _, f)| format!("{f}: {n}"))
        .collect();
    assert!(
        unnamed.is_empty(),
        "functions quoting a rule but missing from grammar.ebnf: {unnamed:?}"
    );
}

#[test]
fn structural_rules_are_all_there() {
    let named = ebnf_functions();
    for f in [
        "collection",
        "game_tree",
        "sequence",
        "node",
        "property",
        "prop_ident",
        "prop_value",
        "c_value_type",
        "none",
        "number",
        "real",
        "double",
        "color",
        "simple_text",
        "text",
        "compose",
    ] {
        assert!(named.contains(f), "{f} missing from grammar.ebnf");
    }
}
