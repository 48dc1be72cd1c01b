//! The crate's top-level modules import one another in one direction only:
//! the graph of `crate::` paths in `src/` has no cycle. A module's own
//! submodules may refer to each other; test code is left out.
//!
//! Run with `--nocapture` to see each module's imports.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// An edge of the graph: where it is first seen, as `file:line`.
type Edges = BTreeMap<String, BTreeMap<String, String>>;

#[test]
fn top_level_modules_import_downward_only() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = module_graph(&src);
    let mut shown = String::new();
    for (module, targets) in &graph {
        let names: Vec<&str> = targets.keys().map(String::as_str).collect();
        writeln!(shown, "{module} -> {}", names.join(", ")).unwrap();
    }
    println!("{shown}");
    let cycles = cycles(&graph);
    let mut report = String::new();
    for cycle in &cycles {
        writeln!(report, "cycle: {}", cycle.join(" -> ")).unwrap();
        let group = strongly_connected(&graph, &cycle[0]);
        writeln!(
            report,
            "  (modules that reach each other: {})",
            group.join(", ")
        )
        .unwrap();
        for pair in cycle.windows(2) {
            let at = &graph[&pair[0]][&pair[1]];
            writeln!(report, "  {} -> {}: {at}", pair[0], pair[1]).unwrap();
        }
    }
    assert!(
        cycles.is_empty(),
        "top-level modules import each other:\n{report}"
    );
}

/// A cycle through `b` and `c` is found and reported with its edges.
#[test]
fn a_cycle_is_found() {
    let mut graph = Edges::new();
    let mut edge = |a: &str, b: &str| {
        graph
            .entry(a.into())
            .or_default()
            .insert(b.into(), format!("src/{a}.rs:1"));
    };
    edge("a", "b");
    edge("b", "c");
    edge("c", "b");
    edge("c", "d");
    assert_eq!(cycles(&graph), [["b", "c", "b"]]);
}

/// Comments, strings and test modules are not code; `crate::` paths in
/// `use` groups and inline are.
#[test]
fn paths_are_read_from_code_only() {
    let code = strip(
        "// crate::a::x\n/// crate::b\n/* crate::c /* nested */ crate::c */\n\
         let s = \"crate::d\"; let r = r#\"crate::e\"#; let c = '\"';\n\
         use crate::{f::X, g::{Y, Z}, H};\nfn x<'a>() { crate::i::run() }\n\
         #[cfg(test)]\nmod tests { use crate::j; }\n",
    );
    let names: Vec<String> = crate_paths(&code)
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(names, ["f", "g", "H", "i"]);
}

/// The graph of top-level modules: for each, the modules it refers to.
fn module_graph(src: &Path) -> Edges {
    let lib = strip(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    let (modules, reexports) = root_names(&lib);
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let test_files = test_files(&files);
    let mut graph = Edges::new();
    for file in &files {
        if test_files.contains(file) {
            continue;
        }
        let rel = file.strip_prefix(src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let from = first.trim_end_matches(".rs").to_string();
        let from = if from == "lib" {
            "(root)".to_string()
        } else {
            from
        };
        let code = strip(&std::fs::read_to_string(file).unwrap());
        let entry = graph.entry(from.clone()).or_default();
        for (name, offset) in crate_paths(&code) {
            let to = if modules.contains(&name) {
                name
            } else {
                reexports
                    .get(&name)
                    .cloned()
                    .unwrap_or_else(|| "(root)".to_string())
            };
            if to != from {
                let line = code[..offset].matches('\n').count() + 1;
                entry
                    .entry(to)
                    .or_insert_with(|| format!("src/{}:{line}", rel.display()));
            }
        }
    }
    // The root's own items (re-exports, `parse`, `Error`) use modules by
    // their names.
    let root = graph.entry("(root)".to_string()).or_default();
    for module in &modules {
        let path = format!("{module}::");
        let mut from = 0;
        while let Some(k) = lib[from..].find(&path) {
            let at = from + k;
            from = at + path.len();
            let preceded = lib[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':');
            if !preceded {
                let line = lib[..at].matches('\n').count() + 1;
                root.entry(module.clone())
                    .or_insert_with(|| format!("src/lib.rs:{line}"));
                break;
            }
        }
    }
    graph
}

/// The top-level modules lib.rs declares, and the names it re-exports,
/// each with the module it comes from.
fn root_names(lib: &str) -> (BTreeSet<String>, BTreeMap<String, String>) {
    let mut modules = BTreeSet::new();
    let mut reexports = BTreeMap::new();
    for statement in lib.split(';') {
        let words: Vec<&str> = statement.split_whitespace().collect();
        if let Some(k) = words.iter().position(|w| *w == "mod")
            && let Some(name) = words.get(k + 1)
        {
            modules.insert(name.to_string());
        }
        if let Some(k) = words.iter().position(|w| *w == "use") {
            let path: String = words[k + 1..].concat();
            let path = path.trim_start_matches("crate::");
            let Some((module, rest)) = path.split_once("::") else {
                continue;
            };
            let rest = rest.trim_start_matches('{').trim_end_matches('}');
            for item in rest.split(',') {
                let name = item.rsplit("::").next().unwrap_or(item);
                let name = name.rsplit(" as ").next().unwrap_or(name).trim();
                if !name.is_empty() {
                    reexports.insert(name.to_string(), module.to_string());
                }
            }
        }
    }
    (modules, reexports)
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The files declared as `#[cfg(test)] mod name;` (`name.rs` or
/// `name/mod.rs` beside the declaring module), and the files under them.
fn test_files(files: &[PathBuf]) -> BTreeSet<PathBuf> {
    let mut tests = BTreeSet::new();
    for file in files {
        let code = strip(&std::fs::read_to_string(file).unwrap());
        let dir = match file.file_name().unwrap().to_str().unwrap() {
            "lib.rs" | "mod.rs" => file.parent().unwrap().to_path_buf(),
            _ => file.with_extension(""),
        };
        let mut rest = code.as_str();
        while let Some(k) = rest.find("#[cfg(test)]") {
            rest = &rest[k + "#[cfg(test)]".len()..];
            let words: Vec<&str> = rest.split_whitespace().take(2).collect();
            if words.first() == Some(&"mod") && words.get(1).is_some_and(|w| w.ends_with(';')) {
                let name = words[1].trim_end_matches(';');
                tests.insert(dir.join(format!("{name}.rs")));
                tests.insert(dir.join(name));
            }
        }
    }
    files
        .iter()
        .filter(|f| tests.iter().any(|t| f.starts_with(t)))
        .cloned()
        .collect()
}

/// `code` with comments and string and character literals blanked (newlines
/// kept, so offsets keep their lines) and `#[cfg(test)] mod name { … }`
/// blocks removed.
fn strip(code: &str) -> String {
    let b = code.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let blank = |out: &mut Vec<u8>, bytes: &[u8]| {
        out.extend(bytes.iter().map(|&c| if c == b'\n' { b'\n' } else { b' ' }));
    };
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        let end = if rest.starts_with(b"//") {
            i + rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len())
        } else if rest.starts_with(b"/*") {
            let (mut depth, mut j) = (0usize, i);
            loop {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break j;
                    }
                } else if j + 1 >= b.len() {
                    break b.len();
                } else {
                    j += 1;
                }
            }
        } else if let Some(hashes) = raw_string_start(rest) {
            let open = i + rest.iter().position(|&c| c == b'"').unwrap() + 1;
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            b[open..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(b.len(), |k| open + k + close.len())
        } else if rest[0] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            (j + 1).min(b.len())
        } else if rest[0] == b'\'' && rest.get(1) == Some(&b'\\') {
            i + rest[3..]
                .iter()
                .position(|&c| c == b'\'')
                .map_or(rest.len(), |k| k + 4)
        } else if rest[0] == b'\'' && char_literal_len(rest).is_some() {
            i + char_literal_len(rest).unwrap()
        } else {
            out.push(b[i]);
            i += 1;
            continue;
        };
        blank(&mut out, &b[i..end]);
        i = end;
    }
    let mut code = String::from_utf8(out).unwrap();
    while let Some(k) = test_block(&code) {
        let (start, end) = k;
        let blanked: String = code[start..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        code.replace_range(start..end, &blanked);
    }
    code
}

/// The number of `#` of a raw string literal (`r"`, `r#"`, `br"`) starting
/// `rest`, if one does.
fn raw_string_start(rest: &[u8]) -> Option<usize> {
    let rest = rest.strip_prefix(b"b").unwrap_or(rest);
    let rest = rest.strip_prefix(b"r")?;
    let hashes = rest.iter().take_while(|&&c| c == b'#').count();
    (rest.get(hashes) == Some(&b'"')).then_some(hashes)
}

/// The length of a character literal `'x'` (any UTF-8 character) starting
/// `rest`; `None` for a lifetime.
fn char_literal_len(rest: &[u8]) -> Option<usize> {
    let s = std::str::from_utf8(&rest[1..rest.len().min(6)])
        .ok()
        .or_else(|| {
            (2..6)
                .rev()
                .find_map(|n| std::str::from_utf8(rest.get(1..n)?).ok())
        })?;
    let c = s.chars().next()?;
    let after = 1 + c.len_utf8();
    (rest.get(after) == Some(&b'\'')).then_some(after + 1)
}

/// The byte range of the first `#[cfg(test)] mod name { … }` block of
/// `code` still holding text.
fn test_block(code: &str) -> Option<(usize, usize)> {
    let mut from = 0;
    while let Some(k) = code[from..].find("#[cfg(test)]") {
        let start = from + k;
        let after = &code[start + "#[cfg(test)]".len()..];
        let words: Vec<&str> = after.split_whitespace().take(3).collect();
        if words.first() == Some(&"mod") && words.get(2).is_some_and(|w| w.starts_with('{')) {
            let open = start + code[start..].find('{').unwrap();
            let mut depth = 0;
            for (j, c) in code[open..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some((start, open + j + 1));
                        }
                    }
                    _ => {}
                }
            }
            return Some((start, code.len()));
        }
        from = start + 1;
    }
    None
}

/// The first name after each `crate::` of `code` (each name of a
/// `crate::{a::…, b}` group), with its byte offset.
fn crate_paths(code: &str) -> Vec<(String, usize)> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(k) = code[from..].find("crate::") {
        let at = from + k;
        from = at + "crate::".len();
        let preceded = code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        if preceded {
            continue;
        }
        let rest = code[from..].trim_start();
        if let Some(group) = rest.strip_prefix('{') {
            // The top-level items of the group.
            let (mut depth, mut item_start) = (0, true);
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && (c.is_alphanumeric() || c == '_') => {
                        item_start = false;
                        let offset = code.len() - group.len() + j;
                        found.push((ident(&group[j..]), offset));
                    }
                    _ => {}
                }
            }
        } else {
            found.push((ident(rest), at));
        }
    }
    found
}

/// The modules that `module` reaches and that reach it back.
fn strongly_connected(graph: &Edges, module: &String) -> Vec<String> {
    let all = reachable(graph);
    all.keys()
        .filter(|m| all[*m].contains(module) && all[module].contains(*m))
        .cloned()
        .collect()
}

/// For each module of `graph`, the modules its imports lead to.
fn reachable(graph: &Edges) -> BTreeMap<String, BTreeSet<String>> {
    let nodes: BTreeSet<&String> = graph
        .keys()
        .chain(graph.values().flat_map(|t| t.keys()))
        .collect();
    nodes
        .into_iter()
        .map(|from| {
            let mut seen = BTreeSet::new();
            let mut todo = vec![from.clone()];
            while let Some(n) = todo.pop() {
                for t in graph.get(&n).into_iter().flat_map(|t| t.keys()) {
                    if seen.insert(t.clone()) {
                        todo.push(t.clone());
                    }
                }
            }
            (from.clone(), seen)
        })
        .collect()
}

/// The cycles of `graph`: for each strongly connected group of more than
/// one module, one cycle through it (its first module repeated at the end).
fn cycles(graph: &Edges) -> Vec<Vec<String>> {
    let reachable = reachable(graph);
    let mut done = BTreeSet::new();
    let mut cycles = Vec::new();
    for n in reachable.keys() {
        if done.contains(n) || !reachable[n].contains(n) {
            continue;
        }
        let group: BTreeSet<String> = reachable
            .keys()
            .filter(|m| reachable[n].contains(*m) && reachable[*m].contains(n))
            .cloned()
            .collect();
        done.extend(group.iter().cloned());
        // A shortest path back to `n` inside the group, breadth first.
        let mut back: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([n.clone()]);
        'search: while let Some(m) = queue.pop_front() {
            for t in graph.get(&m).into_iter().flat_map(|t| t.keys()) {
                if !group.contains(t) {
                    continue;
                }
                if t == n {
                    back.insert(format!("{n}\u{0}"), m.clone());
                    break 'search;
                }
                if !back.contains_key(t) {
                    back.insert(t.clone(), m.clone());
                    queue.push_back(t.clone());
                }
            }
        }
        let mut cycle = vec![n.clone()];
        let mut at = back[&format!("{n}\u{0}")].clone();
        while at != *n {
            cycle.push(at.clone());
            at = back[&at].clone();
        }
        cycle.push(n.clone());
        cycle.reverse();
        cycles.push(cycle);
    }
    cycles
}
