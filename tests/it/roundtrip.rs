//! Parse/print identity, proven by proptest over generated collections.

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use sgfkit::{Collection, NodeId};

/// A generated property: identifier and raw (escaped) values.
#[derive(Debug, Clone)]
struct GenProp {
    ident: String,
    values: Vec<String>,
}

/// A generated game: nodes in creation order, each with a parent selector.
#[derive(Debug, Clone)]
pub(crate) struct GenGame {
    nodes: Vec<(u16, bool, Vec<GenProp>)>,
}

fn ident() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("B".to_string()),
        Just("W".to_string()),
        Just("C".to_string()),
        Just("AB".to_string()),
        "[A-Z]{1,4}",
    ]
}

/// Plain text with the characters that need care: `]`, `\`, `:`, line
/// breaks, non-ASCII and NUL; escaped into a raw value.
fn raw_value() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-s]{2}",
        "[a-z\\]\\\\:\n\r\t é漢\u{0}\\[;()]{0,12}",
        any::<String>(),
    ]
    .prop_map(|s| sgfkit::text::encode(&s, false).into_owned())
}

fn gen_prop() -> impl Strategy<Value = GenProp> {
    (ident(), prop::collection::vec(raw_value(), 1..4))
        .prop_map(|(ident, values)| GenProp { ident, values })
}

pub(crate) fn gen_game() -> impl Strategy<Value = GenGame> {
    prop::collection::vec(
        (
            any::<u16>(),
            any::<bool>(),
            prop::collection::vec(gen_prop(), 0..4),
        ),
        1..40,
    )
    .prop_map(|nodes| GenGame { nodes })
}

/// Builds the collection: node i hangs from node i-1 (a deep line) when its
/// flag is set, else from a node chosen by its selector (wide variations).
pub(crate) fn build(games: &[GenGame]) -> Collection<'static> {
    let mut c = Collection::new();
    for g in games {
        let mut ids: Vec<NodeId> = Vec::new();
        for (i, (sel, deep, props)) in g.nodes.iter().enumerate() {
            let id = if i == 0 {
                c.add_game()
            } else {
                let parent = if *deep {
                    ids[i - 1]
                } else {
                    ids[*sel as usize % i]
                };
                c.add_child(parent).expect("parent exists")
            };
            for p in props {
                c.push_property(id, &p.ident, &p.values)
                    .expect("valid property");
            }
            ids.push(id);
        }
    }
    c
}

fn config() -> Config {
    Config {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn parse_of_print_is_identity(games in prop::collection::vec(gen_game(), 1..4)) {
        let tree = build(&games);
        let printed = sgfkit::print::to_bytes(&tree);
        let parsed = sgfkit::parse(&printed).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(parsed == tree, "printed:\n{}", String::from_utf8_lossy(&printed));
        // Printing is a fixed point.
        prop_assert_eq!(sgfkit::print::to_bytes(&parsed), printed);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = sgfkit::parse(&bytes);
    }

    #[test]
    fn sgf_like_bytes_never_panic_and_reprint(s in "[();\\[\\]\\\\ABCW:a-c \n]{0,80}") {
        if let Ok(t) = sgfkit::parse(s.as_bytes()) {
            let printed = sgfkit::print::to_bytes(&t);
            let again = sgfkit::parse(&printed).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert!(again == t);
            prop_assert_eq!(sgfkit::print::to_bytes(&again), printed);
        }
    }

    #[test]
    fn truncations_give_errors_not_panics(games in prop::collection::vec(gen_game(), 1..2), cut in any::<prop::sample::Index>()) {
        let printed = sgfkit::print::to_bytes(&build(&games));
        let at = cut.index(printed.len());
        let r = sgfkit::parse(&printed[..at]);
        if let Err(e) = r {
            prop_assert!(e.offset() <= at);
        }
    }
}

#[test]
fn values_with_special_characters_survive_byte_for_byte() {
    let src = "(;C[a\\]b\\\\c:d\r\n\u{0}é]XY[x\\:y][]ZZ[\\a])".as_bytes();
    let t = sgfkit::parse(src).unwrap();
    let out = sgfkit::print::to_bytes(&t);
    assert_eq!(
        out,
        b"(;C[a\\]b\\\\c:d\r\n\x00\xc3\xa9]XY[x\\:y][]ZZ[\\a])\n"
    );
}
