use super::*;
use crate::check::parse_lenient;

/// Lenient read, repair with `opts`: the printed result and the codes.
fn fix_with(src: &str, opts: &RepairOptions) -> (String, Vec<Code>) {
    let (mut tree, _) = parse_lenient(src.as_bytes(), &Default::default());
    let diags = repair(&mut tree, opts);
    let out = tree.to_string();
    // Whatever repair writes reads back strictly.
    assert!(crate::parse(out.as_bytes()).is_ok(), "{out}");
    (out, diags.iter().map(|d| d.code).collect())
}

fn fix(src: &str) -> (String, Vec<Code>) {
    fix_with(src, &RepairOptions::default())
}

#[track_caller]
fn case(src: &str, out: &str, codes: &[Code]) {
    let (o, c) = fix(src);
    assert_eq!(o, out, "output for {src}");
    assert_eq!(c, codes, "codes for {src}");
}

#[test]
fn codes_table_is_complete_and_sorted() {
    let repairs = crate::check::all_codes().filter(|r| r.code.as_str().starts_with('R'));
    for (k, row) in repairs.enumerate() {
        assert_eq!(row.code.as_str(), format!("R{:03}", k + 1));
    }
    for c in REPORT_ONLY_CODES {
        assert!(c.as_str().starts_with('R'));
    }
}

#[test]
fn nothing_to_do() {
    case(
        "(;FF[4]GM[1]SZ[19]KM[6.5]DT[2020-01-02]RE[W+R];B[pd];W[])",
        "(;FF[4]GM[1]SZ[19]KM[6.5]DT[2020-01-02]RE[W+R]\n;B[pd];W[])\n",
        &[],
    );
}

#[test]
fn r001_tt_pass() {
    case(
        "(;FF[4];B[tt];W[tt])",
        "(;FF[4]\n;B[];W[])\n",
        &[Code::R001, Code::R001],
    );
    // Not on a 21x21 board, where tt is a point.
    case("(;FF[4]SZ[21];B[tt])", "(;FF[4]SZ[21]\n;B[tt])\n", &[]);
    // Not in another game.
    case("(;FF[4]GM[2];B[tt])", "(;FF[4]GM[2]\n;B[tt])\n", &[]);
}

#[test]
fn r002_ki() {
    case("(;FF[4]KI[11])", "(;FF[4]KM[5.5])\n", &[Code::R002]);
    case("(;FF[4]KI[-1])", "(;FF[4]KM[-0.5])\n", &[Code::R002]);
    case("(;FF[4]KI[12]KM[6])", "(;FF[4]KM[6])\n", &[Code::R002]);
    let (m, _) = fix("(;FF[4]KI[12]KM[6])");
    assert_eq!(m, "(;FF[4]KM[6])\n");
    case("(;FF[4]KI[x])", "(;FF[4]KI[x])\n", &[Code::R013]);
}

#[test]
fn r003_letters() {
    case(
        "(;FF[4];B[aa]L[fg][es][jk])",
        "(;FF[4]\n;B[aa]LB[fg:A][es:B][jk:C])\n",
        &[Code::R003],
    );
    assert_eq!(letter(0), "A");
    assert_eq!(letter(25), "Z");
    assert_eq!(letter(26), "AA");
    assert_eq!(letter(27), "AB");
}

#[test]
fn r004_markup() {
    // On Go boards: TR on stones, MA on empty points.
    case(
        "(;FF[4]AB[aa];B[bb]M[aa][bb][cc])",
        "(;FF[4]AB[aa]\n;B[bb]MA[cc]TR[aa][bb])\n",
        &[Code::R004],
    );
    // Other games: MA.
    case(
        "(;FF[4]GM[3];M[aa])",
        "(;FF[4]GM[3]\n;MA[aa])\n",
        &[Code::R004],
    );
}

#[test]
fn r005_bm_te() {
    case(
        "(;FF[4];B[aa]TE[1]BM[1];W[bb]BM[1]TE[1])",
        "(;FF[4]\n;B[aa]IT[];W[bb]DO[])\n",
        &[Code::R005, Code::R005],
    );
}

#[test]
fn r006_r007_split() {
    case(
        "(;FF[4];W[aa]AB[bb]N[x]C[y])",
        "(;FF[4]\n;AB[bb]N[x];W[aa]C[y])\n",
        &[Code::R006],
    );
    case(
        "(;FF[4]GM[1]PB[x]B[aa]C[c](;W[bb])(;W[cc]))",
        "(;FF[4]GM[1]PB[x]\n;B[aa]C[c]\n(;W[bb])\n(;W[cc]))\n",
        &[Code::R007],
    );
    // Game info with a move outside the root is legal.
    case("(;FF[4];B[aa]PB[x])", "(;FF[4]\n;B[aa]PB[x])\n", &[]);
}

#[test]
fn r019_black_and_white() {
    case(
        "(;FF[4];B[cc]BL[30]W[dd]WL[20]C[x];B[ee])",
        "(;FF[4]\n;B[cc]BL[30]C[x];W[dd]WL[20];B[ee])\n",
        &[Code::R019],
    );
    // After a move/setup split, on the move node.
    case(
        "(;FF[4];AB[aa]W[bb]B[cc])",
        "(;FF[4]\n;AB[aa];W[bb];B[cc])\n",
        &[Code::R006, Code::R019],
    );
}

#[test]
fn r020_r021_application_without_version() {
    case("(;FF[4]AP[foxwq])", "(;FF[4]AP[foxwq:])\n", &[Code::R020]);
    case("(;FF[4]AP[Sabaki:0.5])", "(;FF[4]AP[Sabaki:0.5])\n", &[]);
    // Fox's second AP stays as it is: with a `:` it would be a duplicate.
    case(
        "(;FF[4]AP[GNU Go:3.8]AP[foxwq])",
        "(;FF[4]AP[GNU Go:3.8]AP[foxwq])\n",
        &[Code::R021],
    );
}

#[test]
fn r008_merge() {
    case(
        "(;FF[4]AB[aa]AB[bb]AB[aa];MA[cc]MA[dd])",
        "(;FF[4]AB[aa][bb]\n;MA[cc][dd])\n",
        &[Code::R008, Code::R008],
    );
    // Texts are joined, as SGFC does.
    case("(;FF[4]C[a]C[b])", "(;FF[4]C[a\n\nb])\n", &[Code::R008]);
    // Anything else is left alone.
    case("(;FF[4];W[aa]W[bb])", "(;FF[4]\n;W[aa]W[bb])\n", &[]);
}

#[test]
fn r009_date() {
    for (bad, good) in [
        ("2017-1-5", "2017-01-05"),
        ("2017/01/05", "2017-01-05"),
        ("05.01.2017", "2017-01-05"),
        (" 2017-01-05 ", "2017-01-05"),
        ("20170105", "2017-01-05"),
    ] {
        case(
            &format!("(;FF[4]DT[{bad}])"),
            &format!("(;FF[4]DT[{good}])\n"),
            &[Code::R009],
        );
    }
    for ok in [
        "2017",
        "2017-01",
        "1994-03-12,13",
        "1996-05,06",
        "1996-12-27,28,1997-01-03",
    ] {
        case(
            &format!("(;FF[4]DT[{ok}])"),
            &format!("(;FF[4]DT[{ok}])\n"),
            &[],
        );
    }
    for bad in ["01/05/2017", "a sunny afternoon", "2017-13-01"] {
        case(
            &format!("(;FF[4]DT[{bad}])"),
            &format!("(;FF[4]DT[{bad}])\n"),
            &[Code::R013],
        );
    }
}

#[test]
fn r010_result() {
    for (bad, good) in [
        ("b+3.5", "B+3.5"),
        ("w+r", "W+R"),
        ("B+Resign ", "B+Resign"),
        ("W+2,5", "W+2.5"),
        ("draw", "Draw"),
        ("White resigns.", "B+R"),
        ("black wins by 5 3/4 points", "B+5.75"),
        ("W+Time Over", "W+T"),
        ("Black wins", "B+"),
    ] {
        case(
            &format!("(;FF[4]RE[{bad}])"),
            &format!("(;FF[4]RE[{good}])\n"),
            &[Code::R010],
        );
    }
    for ok in ["B+R", "W+T", "B+F", "0", "Void", "?", "W+0.5", "B+"] {
        case(
            &format!("(;FF[4]RE[{ok}])"),
            &format!("(;FF[4]RE[{ok}])\n"),
            &[],
        );
    }
    // Kept, with the reason: the FF[4] form would lose part of the text.
    for kept in ["john wins", "B+Illegal", "White resigns. W 6.5 B 157.0"] {
        case(
            &format!("(;FF[4]RE[{kept}])"),
            &format!("(;FF[4]RE[{kept}])\n"),
            &[Code::R013],
        );
    }
}

#[test]
fn r011_r014_komi() {
    case("(;FF[4]KM[6,5])", "(;FF[4]KM[6.5])\n", &[Code::R011]);
    case("(;FF[4]KM[5 1/2])", "(;FF[4]KM[5.5])\n", &[Code::R011]);
    case("(;FF[4]KM[6.])", "(;FF[4]KM[6])\n", &[Code::R011]);
    case("(;FF[4]KM[375])", "(;FF[4]KM[375])\n", &[]);
    let fox = RepairOptions::default().fox_komi(true);
    assert_eq!(
        fix_with("(;FF[4]KM[375])", &fox),
        ("(;FF[4]KM[3.75])\n".to_string(), vec![Code::R014])
    );
    assert_eq!(
        fix_with("(;FF[4]KM[650])", &fox),
        ("(;FF[4]KM[6.5])\n".to_string(), vec![Code::R014])
    );
    assert_eq!(fix_with("(;FF[4]KM[7.5])", &fox).1, Vec::<Code>::new());
    case("(;FF[4]KM[lots])", "(;FF[4]KM[lots])\n", &[Code::R013]);
}

#[test]
fn r012_time() {
    case("(;FF[4]TM[9 hours])", "(;FF[4]TM[32400])\n", &[Code::R012]);
    case("(;FF[4]TM[30m])", "(;FF[4]TM[1800])\n", &[Code::R012]);
    case("(;FF[4]TM[90 s])", "(;FF[4]TM[90])\n", &[Code::R012]);
    case("(;FF[4]TM[60.])", "(;FF[4]TM[60])\n", &[Code::R012]);
    case("(;FF[4]TM[1800])", "(;FF[4]TM[1800])\n", &[]);
    case("(;FF[4]TM[1,800])", "(;FF[4]TM[1,800])\n", &[Code::R013]);
    case("(;FF[4]TM[2,5 h])", "(;FF[4]TM[9000])\n", &[Code::R012]);
    case("(;FF[4]TM[30:00])", "(;FF[4]TM[1800])\n", &[Code::R012]);
    case("(;FF[4]TM[1:00:00])", "(;FF[4]TM[3600])\n", &[Code::R012]);
    case("(;FF[4]TM[1時間])", "(;FF[4]TM[3600])\n", &[Code::R012]);
    case("(;FF[4]TM[30分])", "(;FF[4]TM[1800])\n", &[Code::R012]);
    case(
        "(;FF[4]TM[10:00(5x1:00)])",
        "(;FF[4]TM[600]OT[5x1:00])\n",
        &[Code::R012],
    );
    case(
        "(;FF[4]TM[30:00+30:00/25])",
        "(;FF[4]TM[1800]OT[30:00/25])\n",
        &[Code::R012],
    );
    // Not when OT is there already.
    case(
        "(;FF[4]TM[10:00(5x1:00)]OT[x])",
        "(;FF[4]TM[10:00(5x1:00)]OT[x])\n",
        &[Code::R013],
    );
}

#[test]
fn r015_r016_empty() {
    case(
        "(;FF[4];B[aa](;)(;W[bb]))",
        "(;FF[4]\n;B[aa];W[bb])\n",
        &[Code::R015],
    );
    // An empty node in the main line stays by default...
    case("(;FF[4];;B[aa];)", "(;FF[4]\n;;B[aa];)\n", &[]);
    // ...and goes with the option.
    let opts = RepairOptions::default().remove_empty_nodes(true);
    assert_eq!(
        fix_with("(;FF[4];;B[aa];)", &opts),
        (
            "(;FF[4]\n;B[aa])\n".to_string(),
            vec![Code::R016, Code::R016]
        )
    );
    // Never the root.
    assert_eq!(
        fix_with("(;)", &opts),
        ("(;FF[4])\n".to_string(), vec![Code::R017])
    );
}

#[test]
fn r017_r018_ff() {
    case("(;GM[1];B[aa])", "(;GM[1]FF[4]\n;B[aa])\n", &[Code::R017]);
    case("(;FF[3]GM[1])", "(;FF[4]GM[1])\n", &[Code::R017]);
    // BS has no FF[4] equivalent.
    case("(;FF[3]BS[1])", "(;FF[3]BS[1])\n", &[Code::R018]);
}

#[test]
fn second_repair_changes_nothing() {
    let src = "(;FF[3]GM[1]KI[11]DT[05.01.2017]RE[b+r]AB[aa]B[tt]L[bb];TE[1]BM[1]W[cc]AW[dd]AW[ee](;)(;M[aa]))";
    let (mut tree, _) = parse_lenient(src.as_bytes(), &Default::default());
    let first = repair(&mut tree, &RepairOptions::default());
    assert!(!first.is_empty());
    let once = tree.to_string();
    let mut again = crate::parse(once.as_bytes()).unwrap();
    assert!(repair(&mut again, &RepairOptions::default()).is_empty());
    assert_eq!(again.to_string(), once);
}

#[test]
fn diagnostics_are_positioned() {
    let (mut tree, _) = parse_lenient(b"(;FF[4]\nKM[6,5])", &Default::default());
    let d = repair(&mut tree, &RepairOptions::default());
    assert_eq!(
        d[0].to_string(),
        "2:1: warning[R011]: KM[6,5] corrected to KM[6.5]"
    );
    assert_eq!(d[0].sgfc, Some(15));
    assert!(!d[0].data_lost);
}

#[test]
fn deep_trees_are_safe() {
    // A long main line of nodes to split, and deeply nested variations.
    let n = 20_000;
    let line = format!("(;GM[1]{})", ";AB[aa]B[tt]".repeat(n));
    let (mut tree, _) = parse_lenient(line.as_bytes(), &Default::default());
    let diags = repair(&mut tree, &RepairOptions::default());
    assert_eq!(diags.iter().filter(|d| d.code == Code::R006).count(), n);
    assert_eq!(tree.node_count(), 2 * n + 1);
    let nested = format!("(;GM[1]{}{}", "(;B[tt]W[ab]".repeat(n), ")".repeat(n + 1));
    let (mut tree, _) = parse_lenient(nested.as_bytes(), &Default::default());
    let opts = RepairOptions::default().remove_empty_nodes(true);
    let diags = repair(&mut tree, &opts);
    assert_eq!(diags.iter().filter(|d| d.code == Code::R019).count(), n);
    assert!(crate::parse(tree.to_string().as_bytes()).is_ok());
}

/// A property a repair creates (`L` → `LB`, `M` → `MA`) is merged with
/// one of the same identifier already in the node, whose values are then
/// read, though no repair looked at them before.
#[test]
fn created_property_merges_with_an_existing_one() {
    case(
        "(;FF[4];B[aa]LB[ci:29]L[cl][ck])",
        "(;FF[4]\n;B[aa]LB[ci:29][cl:A][ck:B])\n",
        &[Code::R008, Code::R003],
    );
    let (out, codes) = fix("(;FF[3]SZ[19];B[aa]MA[bb]M[cc][aa])");
    assert!(out.contains("MA[bb][cc]"), "{out}");
    assert!(
        codes.contains(&Code::R008) && codes.contains(&Code::R004),
        "{codes:?}"
    );
}

#[test]
fn a_pass_beside_other_properties_keeps_them_in_place() {
    // The pass-only path (no property snapshot) against the full one.
    case(
        "(;FF[4];C[before]B[tt]BL[30];W[tt]AB[aa][bb])",
        "(;FF[4]\n;C[before]B[]BL[30];AB[aa][bb];W[])\n",
        &[Code::R001, Code::R006, Code::R001],
    );
    // A pass with more than one value is not one.
    case("(;FF[4];B[tt][aa])", "(;FF[4]\n;B[tt][aa])\n", &[]);
    // A pass beside a repair of another kind goes the full way.
    case(
        "(;FF[4];B[tt]BM[1]TE[1])",
        "(;FF[4]\n;B[]DO[])\n",
        &[Code::R001, Code::R005],
    );
}

#[test]
fn game_info_values_are_looked_at_only_when_not_ff4() {
    // Valid values: nothing to do, the node is not copied.
    case(
        "(;FF[4]DT[2020-01-02]RE[B+0.5]KM[0]TM[600])",
        "(;FF[4]DT[2020-01-02]RE[B+0.5]KM[0]TM[600])\n",
        &[],
    );
    // A valid TM with an overtime part still has it moved to OT.
    case(
        "(;FF[4]TM[600+30])",
        "(;FF[4]TM[600]OT[30])\n",
        &[Code::R012],
    );
    // Two values: neither checked nor changed, as before.
    case("(;FF[4]KM[6.5][7])", "(;FF[4]KM[6.5][7])\n", &[]);
    // Fox komi is a repair only when asked for.
    let (out, codes) = fix_with("(;FF[4]KM[375])", &RepairOptions::default().fox_komi(true));
    assert_eq!(
        (out.as_str(), codes),
        ("(;FF[4]KM[3.75])\n", vec![Code::R014])
    );
    // Under Chinese rules Fox counts komi in stones of two points
    // (fox-pro: KM[375] and KM[325] only with RU[Chinese]).
    let (out, codes) = fix_with(
        "(;FF[4]KM[375]RU[Chinese])",
        &RepairOptions::default().fox_komi(true),
    );
    assert_eq!(
        (out.as_str(), codes),
        ("(;FF[4]KM[7.5]RU[Chinese])\n", vec![Code::R014])
    );
    case("(;FF[4]KM[375])", "(;FF[4]KM[375])\n", &[]);
}

#[test]
fn r023_values_in_ff4_form() {
    case(
        "(;GM[1];B[c   c])",
        "(;GM[1]FF[4]\n;B[cc])\n",
        &[Code::R017, Code::R023],
    );
    case(
        "(;GM[1]FF[4];W[ bc])",
        "(;GM[1]FF[4]\n;W[bc])\n",
        &[Code::R023],
    );
    case(
        "(;FF[4];B[aa]BL[34.]WL[0:07:42])",
        "(;FF[4]\n;B[aa]BL[34]WL[462])\n",
        &[Code::R023, Code::R023],
    );
    case(
        "(;FF[4];B[aa]BL[34.]WL[.5])",
        "(;FF[4]\n;B[aa]BL[34]WL[0.5])\n",
        &[Code::R023, Code::R023],
    );
    // Not plain: left as they are (check still reports them).
    for kept in [
        "B[foobar]",
        "B[c c c]",
        "B[t t]",
        "B[aa]BL[14\n0]",
        "B[aa]OB[1 kk]",
    ] {
        case(
            &format!("(;FF[4];{kept})"),
            &format!("(;FF[4]\n;{kept})\n"),
            &[],
        );
    }
}

#[test]
fn r024_repeated_and_empty_values() {
    case(
        "(;FF[4]PW[Ann][Ann]PB[Bo][Cy];AB[aa][aa]AW[bb][cc][bb]MA[cc]TR[cc])",
        "(;FF[4]PW[Ann]PB[Bo][Cy]\n;AB[aa]AW[bb][cc][bb]MA[cc]TR[cc])\n",
        &[Code::R024, Code::R024],
    );
    case(
        "(;FF[4]DT[2017-1-5]DT[05.01.2017])",
        "(;FF[4]DT[2017-01-05])\n",
        &[Code::R009, Code::R009, Code::R024],
    );
    case(
        "(;FF[4]GM[1]GM[1]PB[Ann]PB[Bo])",
        "(;FF[4]GM[1]PB[Ann]PB[Bo])\n",
        &[Code::R024],
    );
    case(
        "(;FF[4]TM[];B[aa]BL[])",
        "(;FF[4]\n;B[aa])\n",
        &[Code::R024, Code::R024],
    );
    // Properties the table does not know in the game (`AS` is LOA's and
    // Octi's) are kept as they are.
    case(
        "(;FF[4]XX[a][a]AS[a][a]PW[A][A])",
        "(;FF[4]XX[a][a]AS[a][a]PW[A])\n",
        &[Code::R024],
    );
    case(
        "(;FF[4]GM[9]XX[a][a]AS[a][a])",
        "(;FF[4]GM[9]XX[a][a]AS[a])\n",
        &[Code::R024],
    );
}

/// What `fix` writes for each value `check` calls correctable by SGFC
/// (S045) either reads back without S045, or is reported as kept (R013).
#[test]
fn every_correctable_value_is_corrected_or_kept_with_a_reason() {
    for src in [
        "(;FF[4]RE[White resigns.])",
        "(;FF[4]RE[black wins by 5 3/4 points])",
        "(;FF[4]RE[B+Illegal])",
        "(;FF[4]RE[White resigns. W 6.5 B 157.0])",
        "(;FF[4]TM[1時間])",
        "(;FF[4]TM[1800,0,30,5])",
        "(;FF[4];B[c c]BL[34.])",
    ] {
        let (out, codes) = fix(src);
        let (tree, _) = parse_lenient(out.as_bytes(), &Default::default());
        let left = crate::check::check(&tree, &Default::default());
        let s045 = left.iter().any(|d| d.code == Code::S045);
        assert_eq!(
            s045,
            codes.contains(&Code::R013),
            "{src} → {out}: {codes:?}"
        );
    }
}

/// A root with two FF gets one FF[4], so that a second repair finds no
/// copy to drop (the fuzz target `repair` found `(;FF[]FF[4]`).
#[test]
fn two_ff_become_one() {
    let (out, codes) = fix("(;FF[]FF[4])");
    assert_eq!(out.matches("FF[").count(), 1, "{out}");
    assert_eq!(codes, [Code::R017]);
    assert_eq!(fix(&out).1, Vec::<Code>::new());
    // A value kept once that equals a copy beside it (fuzz target repair).
    let (out, _) = fix("(;FF[4]GM[1]GaMe[1][1])");
    assert_eq!(out.matches("GM[").count(), 1, "{out}");
    assert_eq!(fix(&out).1, Vec::<Code>::new());
}

/// A tree that keeps its FF[3] format (BS, WS, SI have no FF[4] form)
/// keeps its passes `tt`, as FF[3] writes them: `[]` would be an error
/// there (S028). One that becomes FF[4] gets `[]`.
#[test]
fn passes_follow_the_format_the_tree_keeps() {
    case(
        "(;FF[3]SZ[19]BS[0];B[aa];W[tt])",
        "(;FF[3]SZ[19]BS[0]\n;B[aa];W[tt])\n",
        &[Code::R018],
    );
    case(
        "(;FF[3]SZ[19]KI[13];B[aa];W[tt])",
        "(;FF[4]SZ[19]KM[6.5]\n;B[aa];W[])\n",
        &[Code::R017, Code::R002, Code::R001],
    );
}
