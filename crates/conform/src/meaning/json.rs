//! The meaning as JSON: written in the shape of `docs/conformance.md`,
//! strings escaped by serde_json, and read back with serde_json.

use super::{Item, Meaning};

/// `s` as a JSON string, escaped by [`sgfkit::json`]'s one writer.
fn write_str(out: &mut String, s: &str) {
    let mut quoted = Vec::with_capacity(s.len() + 2);
    sgfkit::json::write_str(&mut quoted, s);
    out.push_str(&String::from_utf8_lossy(&quoted));
}

pub(super) fn write_item(out: &mut String, item: &Item) {
    match item {
        Item::One(s) => write_str(out, s),
        Item::Pair(a, b) => {
            out.push('[');
            write_str(out, a);
            out.push(',');
            write_str(out, b);
            out.push(']');
        }
    }
}

/// A list of `[item, ...]`.
pub(super) fn write_items(out: &mut String, items: &[Item]) {
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_item(out, item);
    }
    out.push(']');
}

pub(super) fn write(m: &Meaning) -> String {
    let mut out = String::from("{\"games\":[");
    for (g, game) in m.games.iter().enumerate() {
        if g > 0 {
            out.push(',');
        }
        out.push_str("{\"children\":[");
        for (i, n) in game.children.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&n.to_string());
        }
        out.push_str("],\"nodes\":[");
        for (i, node) in game.nodes.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('[');
            for (k, p) in node.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                out.push('[');
                write_str(&mut out, &p.ident);
                out.push(',');
                write_items(&mut out, &p.values);
                out.push(']');
            }
            out.push(']');
        }
        out.push_str("]}");
    }
    out.push_str("]}");
    out
}

pub use read::FormatError;
pub(super) use read::read;

mod read {
    use super::super::{GameMeaning, Item, Meaning, PropMeaning};
    use serde_json::Value as Json;

    /// Meaning JSON that cannot be read: not JSON, or not of the shape of
    /// `docs/conformance.md`.
    ///
    /// ```
    /// let e = sgfkit_conform::meaning::Meaning::from_json("{\"games\":[1]}").unwrap_err();
    /// assert_eq!(e.to_string(), "games[0]: expected an object with \"children\" and \"nodes\"");
    /// ```
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct FormatError(pub String);

    impl std::fmt::Display for FormatError {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(&self.0)
        }
    }

    impl std::error::Error for FormatError {}

    fn err<T>(at: &str, what: &str) -> Result<T, FormatError> {
        Err(FormatError(format!("{at}: expected {what}")))
    }

    fn string(j: &Json, at: &str) -> Result<String, FormatError> {
        match j {
            Json::String(s) => Ok(s.clone()),
            _ => err(at, "a string"),
        }
    }

    fn item(j: &Json, at: &str) -> Result<Item, FormatError> {
        match j {
            Json::String(s) => Ok(Item::One(s.clone())),
            Json::Array(v) if v.len() == 2 => Ok(Item::Pair(
                string(&v[0], &format!("{at}[0]"))?,
                string(&v[1], &format!("{at}[1]"))?,
            )),
            _ => err(at, "a string or a pair of strings"),
        }
    }

    fn property(j: &Json, at: &str) -> Result<PropMeaning, FormatError> {
        let Json::Array(v) = j else {
            return err(at, "[ident, [values]]");
        };
        let [ident, Json::Array(values)] = v.as_slice() else {
            return err(at, "[ident, [values]]");
        };
        Ok(PropMeaning {
            ident: string(ident, &format!("{at}[0]"))?,
            values: values
                .iter()
                .enumerate()
                .map(|(i, x)| item(x, &format!("{at}[1][{i}]")))
                .collect::<Result<_, _>>()?,
        })
    }

    fn game(j: &Json, at: &str) -> Result<GameMeaning, FormatError> {
        let (Some(Json::Array(children)), Some(Json::Array(nodes))) =
            (j.get("children"), j.get("nodes"))
        else {
            return err(at, "an object with \"children\" and \"nodes\"");
        };
        let children = children
            .iter()
            .enumerate()
            .map(
                |(i, c)| match c.as_u64().and_then(|n| usize::try_from(n).ok()) {
                    Some(n) => Ok(n),
                    None => err(&format!("{at}.children[{i}]"), "a count"),
                },
            )
            .collect::<Result<_, _>>()?;
        let nodes = nodes
            .iter()
            .enumerate()
            .map(|(i, n)| match n {
                Json::Array(props) => props
                    .iter()
                    .enumerate()
                    .map(|(k, p)| property(p, &format!("{at}.nodes[{i}][{k}]")))
                    .collect(),
                _ => err(&format!("{at}.nodes[{i}]"), "a list of properties"),
            })
            .collect::<Result<_, _>>()?;
        Ok(GameMeaning { children, nodes })
    }

    pub(crate) fn read(text: &str) -> Result<Meaning, FormatError> {
        // serde_json nests no deeper than its recursion limit: the format
        // is flat, so a deep tree is no deeper in JSON than a shallow one.
        let j: Json =
            serde_json::from_str(text).map_err(|e| FormatError(format!("not JSON: {e}")))?;
        let Some(Json::Array(games)) = j.get("games") else {
            return err("top level", "an object with \"games\"");
        };
        Ok(Meaning {
            games: games
                .iter()
                .enumerate()
                .map(|(i, g)| game(g, &format!("games[{i}]")))
                .collect::<Result<_, _>>()?,
        })
    }
}
