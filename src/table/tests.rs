use super::*;
use std::path::{Path, PathBuf};

/// The shared spec directory: the first `shared/spec` found while walking
/// up from the crate directory (worktrees live next to `shared`).
fn spec_dir() -> Option<PathBuf> {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|d| d.join("shared").join("spec"))
        .find(|d| d.is_dir())
}

/// Reads a file below the spec directory, or explains why the test is
/// skipped and returns `None`.
fn read_spec(rel: &str) -> Option<String> {
    let Some(dir) = spec_dir() else {
        eprintln!(
            "SKIPPED: no shared/spec directory above {}; cannot read {rel}",
            env!("CARGO_MANIFEST_DIR")
        );
        return None;
    };
    let path = dir.join(rel);
    match std::fs::read_to_string(&path) {
        Ok(s) => Some(s),
        Err(e) => {
            eprintln!("SKIPPED: cannot read {}: {e}", path.display());
            None
        }
    }
}

fn parse_property_type(s: &str) -> PropertyType {
    match s.trim() {
        "move" => PropertyType::Move,
        "setup" => PropertyType::Setup,
        "root" => PropertyType::Root,
        "game-info" => PropertyType::GameInfo,
        "-" | "inherit" => PropertyType::None,
        other => panic!("unknown property type {other:?}"),
    }
}

/// Brings a value type as the spec writes it and as `Display` writes it
/// to one comparable form.
fn normalize_value_type(s: &str) -> String {
    let mut s = s.to_ascii_lowercase();
    if let Some(i) = s.find("(range") {
        s.truncate(i);
    }
    let s = s
        .replace("composition of", "composed")
        .replace(['\'', '"', '(', ')'], " ");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn general(ident: &str) -> Option<&'static PropertyInfo> {
    lookup_any(ident).find(|p| p.game.is_none())
}

/// Splits a markdown table row into trimmed cells; `\|` inside a cell is
/// kept as `|`.
fn md_cells(line: &str) -> Vec<String> {
    let line = line.trim().replace("\\|", "\u{1}");
    line.trim_matches('|')
        .split('|')
        .map(|c| c.trim().replace('\u{1}', "|"))
        .collect()
}

#[test]
fn properties_md_tables_agree_with_the_table() {
    let Some(md) = read_spec("properties.md") else {
        return;
    };
    #[derive(PartialEq)]
    enum Section {
        Other,
        General,
        Games,
    }
    let mut section = Section::Other;
    let mut general_checked = 0;
    let mut game_checked = 0;
    let mut game_numbers: Vec<(String, u32)> = Vec::new();
    for line in md.lines() {
        if !line.starts_with('|') {
            section = Section::Other;
            continue;
        }
        let cells = md_cells(line);
        if cells[0] == "ID" {
            section = Section::General;
            continue;
        }
        if cells[0] == "Game" {
            section = Section::Games;
            continue;
        }
        if cells[0].starts_with("---") {
            continue;
        }
        match section {
            Section::Other => {}
            Section::General => {
                let id = &cells[0];
                let p = general(id).unwrap_or_else(|| panic!("{id} missing"));
                assert_eq!(p.property_type, parse_property_type(&cells[3]), "{id}");
                assert_eq!(p.inherit, cells[4] == "yes", "{id} inherit");
                assert!(!p.is_obsolete(), "{id}");
                general_checked += 1;
            }
            Section::Games => {
                let game_cell = &cells[0];
                let name = game_cell.split_whitespace().next().unwrap().to_string();
                let gm = match game_cell.find("GM") {
                    Some(i) => {
                        let gm: u32 = game_cell[i + 2..].trim().parse().unwrap();
                        game_numbers.push((name, gm));
                        gm
                    }
                    None => {
                        game_numbers
                            .iter()
                            .find(|(n, _)| *n == name)
                            .unwrap_or_else(|| panic!("no GM for {name}"))
                            .1
                    }
                };
                for id in cells[1].split(['/', ',']).map(str::trim) {
                    let p = lookup(id, gm).unwrap_or_else(|| panic!("{id} GM{gm} missing"));
                    assert_eq!(p.game, Some(gm), "{id} GM{gm}");
                    assert_eq!(p.property_type, parse_property_type(&cells[3]), "{id}");
                    assert!(!p.inherit, "{id}");
                    game_checked += 1;
                }
            }
        }
    }
    assert_eq!(general_checked, 63, "general rows found in properties.md");
    assert!(game_checked >= 30, "only {game_checked} game rows found");
}

/// Checks one line of the red-bean property indexes (`proplist.txt`,
/// `proplist_ff.txt`); returns false if the line is not a table row.
///
/// The identifier, the versions and the description sit in fixed
/// columns (a description may overflow its column by a word); property
/// type and value type follow, separated by two or more blanks or a tab.
fn check_index_line(line: &str, with_versions: bool) -> bool {
    let desc_start = if with_versions { 10 } else { 5 };
    let desc_end = desc_start + 16;
    if !line.is_ascii() || line.len() <= desc_end || line.contains("Description") {
        return false;
    }
    let id = line[..4].trim().trim_start_matches(['*', '!']);
    if id.is_empty() || id.len() > 2 || !id.bytes().all(|b| b.is_ascii_uppercase()) {
        return false;
    }
    let versions = if with_versions {
        match line[4..desc_start].trim().parse::<Versions>() {
            Ok(v) => Some(v),
            Err(_) => return false,
        }
    } else {
        None
    };
    let mut rest_start = desc_end;
    while rest_start < line.len() && line.as_bytes()[rest_start - 1] != b' ' {
        rest_start += 1;
    }
    let rest = line[rest_start..].replace('\t', "  ");
    let cols: Vec<&str> = rest
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(cols.len(), 2, "{line:?}");
    let (ptype, value) = (cols[0], cols[1]);
    let game = if ptype.contains("(Go)") {
        Some(1)
    } else if ptype.contains("(LOA)") {
        Some(9)
    } else {
        None
    };
    let inherit = ptype.contains("(inherit)");
    let ptype = ptype.split_whitespace().next().unwrap();
    let p = lookup_any(id)
        .find(|p| p.game == game)
        .unwrap_or_else(|| panic!("{id} {game:?} missing"));
    if let Some(v) = versions {
        assert_eq!(p.versions, v, "{id} versions");
    } else {
        assert!(p.versions.contains(4), "{id} in FF[4] index");
    }
    assert_eq!(p.property_type, parse_property_type(ptype), "{id}");
    assert_eq!(p.inherit, inherit, "{id} inherit");
    assert_eq!(
        normalize_value_type(&p.value_type.to_string()),
        normalize_value_type(value),
        "{id} value type"
    );
    true
}

#[test]
fn red_bean_indexes_agree_with_the_table() {
    let (Some(ff4), Some(all)) = (
        read_spec("red-bean/proplist.txt"),
        read_spec("red-bean/proplist_ff.txt"),
    ) else {
        return;
    };
    let n4 = ff4.lines().filter(|l| check_index_line(l, false)).count();
    let nall = all.lines().filter(|l| check_index_line(l, true)).count();
    assert_eq!(n4, 72, "rows of proplist.txt");
    assert_eq!(nall, 89, "rows of proplist_ff.txt");
}

/// The `Property:` / `Propvalue:` / `Propertytype:` blocks of a spec page.
fn property_blocks(text: &str) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(id) = line.strip_prefix("Property:") else {
            continue;
        };
        let id = id.split_whitespace().next().unwrap().to_string();
        let value = lines.next().unwrap().strip_prefix("Propvalue:").unwrap();
        let ptype = lines.next().unwrap().strip_prefix("Propertytype:").unwrap();
        out.push((id, value.trim().to_string(), ptype.trim().to_string()));
    }
    out
}

#[test]
fn spec_pages_agree_with_the_table() {
    let pages = [
        ("red-bean/properties.txt", None, 63),
        ("red-bean/go.txt", Some(1), 4),
        ("red-bean/backgammon.txt", Some(6), 6),
        ("red-bean/loa.txt", Some(9), 5),
        ("red-bean/hex.txt", Some(11), 2),
        ("red-bean/amazons.txt", Some(18), 1),
        ("red-bean/octi.txt", Some(19), 12),
        ("red-bean/gess.txt", Some(20), 0),
    ];
    for (file, game, count) in pages {
        let Some(text) = read_spec(file) else {
            return;
        };
        let blocks = property_blocks(&text);
        assert_eq!(blocks.len(), count, "{file}");
        for (id, value, ptype) in blocks {
            let p = lookup_any(&id)
                .find(|p| p.game == game)
                .unwrap_or_else(|| panic!("{id} of {file} missing"));
            assert_eq!(p.property_type, parse_property_type(&ptype), "{id}");
            assert_eq!(p.inherit, ptype == "inherit", "{id}");
            assert_eq!(
                normalize_value_type(&p.value_type.to_string()),
                normalize_value_type(&value),
                "{id} of {file}"
            );
        }
    }
}

#[test]
fn table_is_sorted_and_unique_per_game() {
    for w in PROPERTIES.windows(2) {
        assert!(
            (w[0].ident, w[0].game) < (w[1].ident, w[1].game),
            "{} {:?} / {} {:?} out of order or duplicated",
            w[0].ident,
            w[0].game,
            w[1].ident,
            w[1].game
        );
    }
}

#[test]
fn identifiers_are_uppercase_ascii() {
    for p in PROPERTIES {
        assert!(
            (1..=2).contains(&p.ident.len()) && p.ident.bytes().all(|b| b.is_ascii_uppercase()),
            "{:?}",
            p.ident
        );
        assert!(!p.name.is_empty(), "{}", p.ident);
    }
}

#[test]
fn inherit_exactly_for_dd_pm_vw() {
    let inherited: Vec<_> = PROPERTIES
        .iter()
        .filter(|p| p.inherit)
        .map(|p| p.ident)
        .collect();
    assert_eq!(inherited, ["DD", "PM", "VW"]);
}

#[test]
fn categories_are_consistent() {
    for p in PROPERTIES {
        match p.category {
            Category::GameSpecific => {
                assert!(p.game.is_some(), "{}", p.ident);
                assert!(!p.is_obsolete(), "{}", p.ident);
            }
            Category::Obsolete => {
                assert!(p.is_obsolete(), "{}", p.ident);
                assert!(!p.versions.is_empty(), "{}", p.ident);
            }
            Category::Private => assert!(p.is_obsolete(), "{}", p.ident),
            _ => {
                assert!(p.game.is_none(), "{}", p.ident);
                assert!(!p.is_obsolete(), "{}", p.ident);
            }
        }
        assert_eq!(p.value_type.is_unknown(), p.ident == "CI", "{}", p.ident);
    }
}

#[test]
fn every_required_identifier_is_present() {
    let ff4 = "B KO MN W AB AE AW PL C DM GB GW HO N UC V BM DO IT TE AR CR DD LB LN MA SL \
               SQ TR AP CA FF GM ST SZ AN BR BT CP DT EV GN GC ON OT PB PC PW RE RO RU SO \
               TM US WR WT BL OB OW WL FG PM VW";
    for id in ff4.split_whitespace() {
        let p = general(id).unwrap_or_else(|| panic!("{id}"));
        assert!(p.versions.contains(4) && !p.is_obsolete(), "{id}");
    }
    assert_eq!(ff4.split_whitespace().count(), 63);
    let obsolete = "BS CH EL EX ID L LT M OM OP OV RG SC SE SI TC WS";
    for id in obsolete.split_whitespace() {
        let p = lookup(id, 1).unwrap_or_else(|| panic!("{id}"));
        assert_eq!(p.category, Category::Obsolete, "{id}");
        assert!(p.is_obsolete(), "{id}");
    }
    let games = [
        (1, "HA KM TB TW"),
        (6, "CO CV DI MI RE RU"),
        (9, "AS IP IY SE SU"),
        (11, "IS IP"),
        (18, "AA"),
        (19, "BO WO NP NR NS RU AS CS MS SS TS RP"),
    ];
    for (gm, ids) in games {
        for id in ids.split_whitespace() {
            let p = lookup(id, gm).unwrap_or_else(|| panic!("{id} GM{gm}"));
            assert_eq!(p.game, Some(gm), "{id}");
        }
    }
    for id in ["KI", "CI"] {
        assert!(lookup(id, 1).unwrap().is_private(), "{id}");
    }
}

#[test]
fn table_size() {
    assert_eq!(PROPERTIES.len(), 112);
    assert_eq!(PROPERTIES.iter().filter(|p| p.game.is_none()).count(), 78);
}

#[test]
fn lookup_precedence() {
    // A game-specific entry beats the general one.
    assert_eq!(lookup("SE", 9).unwrap().game, Some(9));
    assert_eq!(lookup("SE", 1).unwrap().game, None);
    assert_eq!(lookup("RE", 6).unwrap().game, Some(6));
    assert_eq!(lookup("RE", 1).unwrap().game, None);
    assert_eq!(lookup("RU", 19).unwrap().game, Some(19));
    // Entries of other games are never returned.
    assert_eq!(lookup("AS", 9).unwrap().value_type, ValueType::SimpleText);
    assert_eq!(
        lookup("AS", 19).unwrap().value_type,
        ValueType::List(&ValueType::Compose(&ValueType::Stone, &ValueType::Point))
    );
    assert!(lookup("AS", 1).is_none());
    assert!(lookup("HA", 6).is_none());
    assert!(lookup("IP", 1).is_none());
    assert_eq!(lookup("IP", 11).unwrap().game, Some(11));
    // Unknown and malformed identifiers.
    for id in ["", "A", "ZZ", "b", "Ab", "ABC", "KMX"] {
        assert!(lookup(id, 1).is_none(), "{id:?}");
    }
    // lookup_any: general entry first, then by game.
    let re: Vec<_> = lookup_any("RU").map(|p| p.game).collect();
    assert_eq!(re, [None, Some(6), Some(19)]);
    // Every entry is found by lookup for its own game.
    for p in PROPERTIES {
        let gm = p.game.unwrap_or(1);
        let found = lookup(p.ident, gm).unwrap();
        if p.game.is_some() || found.game.is_none() {
            assert_eq!(found, p);
        }
    }
}

#[test]
fn value_types_from_the_brief() {
    let vt = |id: &str| lookup(id, 1).unwrap().value_type;
    assert_eq!(vt("AB"), ValueType::List(&ValueType::Stone));
    assert_eq!(vt("AE"), ValueType::List(&ValueType::Point));
    assert_eq!(vt("DD"), ValueType::EList(&ValueType::Point));
    assert_eq!(vt("VW"), ValueType::EList(&ValueType::Point));
    let pp = ValueType::List(&ValueType::Compose(&ValueType::Point, &ValueType::Point));
    assert_eq!(vt("AR"), pp);
    assert_eq!(vt("LN"), pp);
    assert_eq!(
        vt("LB"),
        ValueType::List(&ValueType::Compose(
            &ValueType::Point,
            &ValueType::SimpleText
        ))
    );
    assert_eq!(
        vt("AP"),
        ValueType::Compose(&ValueType::SimpleText, &ValueType::SimpleText)
    );
    assert_eq!(
        vt("SZ"),
        ValueType::Either(
            &ValueType::Number,
            &ValueType::Compose(&ValueType::Number, &ValueType::Number)
        )
    );
    assert_eq!(
        vt("FG"),
        ValueType::Either(
            &ValueType::None,
            &ValueType::Compose(&ValueType::Number, &ValueType::SimpleText)
        )
    );
    assert_eq!(vt("RE"), ValueType::SimpleText);
    assert_eq!(vt("KM"), ValueType::Real);
    assert_eq!(vt("HA"), ValueType::Number);
    assert_eq!(vt("KI"), ValueType::Number);
}

#[test]
fn value_type_helpers() {
    let compressible: Vec<_> = PROPERTIES
        .iter()
        .filter(|p| p.value_type.allows_compressed_points())
        .map(|p| p.ident)
        .collect();
    assert_eq!(
        compressible,
        [
            "AA", "AE", "BO", "CR", "DD", "L", "M", "MA", "RG", "SC", "SE", "SL", "SQ", "TB", "TR",
            "TW", "VW", "WO"
        ]
    );
    let ab = lookup("AB", 1).unwrap().value_type;
    assert!(ab.allows_compressed_points_in(1));
    assert!(ab.allows_compressed_points_in(6));
    assert!(ab.allows_compressed_points_in(20));
    assert!(!ab.allows_compressed_points_in(19));
    assert!(
        !lookup("CS", 19)
            .unwrap()
            .value_type
            .allows_compressed_points_in(19)
    );
    assert!(lookup("MI", 6).unwrap().value_type.is_compose());
    assert!(lookup("FG", 1).unwrap().value_type.is_compose());
    assert!(!ValueType::Unknown.is_list());
    assert_eq!(ValueType::Text.element(), None);
    assert!(!lookup("PM", 1).unwrap().value_type.allows_empty());
    assert_eq!(ValueType::Unknown.to_string(), "unknown");
}

#[test]
fn point_lists_are_the_lists_of_points_or_stones_of_the_table() {
    for ident in [
        "AB", "AW", "AE", "TR", "TB", "TW", "SQ", "SL", "CR", "MA", "DD", "VW",
    ] {
        assert!(is_point_list(ident.as_bytes()), "{ident}");
    }
    // Moves, single points, composed pairs and texts are no point lists.
    for ident in [
        "B", "W", "KO", "LB", "AR", "LN", "C", "SZ", "XX", "Ab", "ab",
    ] {
        assert!(!is_point_list(ident.as_bytes()), "{ident}");
    }
    // Exactly the identifiers with such an entry, in any game.
    for info in PROPERTIES {
        let listed = matches!(
            info.value_type,
            ValueType::List(ValueType::Point | ValueType::Stone)
                | ValueType::EList(ValueType::Point | ValueType::Stone)
        );
        if listed {
            assert!(is_point_list(info.ident.as_bytes()), "{}", info.ident);
        }
    }
}
