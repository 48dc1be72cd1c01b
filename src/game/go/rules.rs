//! [`Rules`]: the rule sets a Go record's `RU` names, and what they say of
//! the moves a [`Board`](super::Board) reports (suicide, ko).

/// A rule set of Go, as a record's `RU` names it.
///
/// FF\[4\] names `AGA`, `GOE` (Ing), `Japanese` and `NZ`; servers and
/// programs also write `Chinese`, `Korean`, `Tromp-Taylor` and
/// abbreviations (`JP`, `CN`, `KO`…). [`Rules::from_ru`] reads them all, in
/// any case.
///
/// ```
/// use sgfkit::game::go::Rules;
/// assert_eq!(Rules::from_ru("Japanese"), Some(Rules::Japanese));
/// assert_eq!(Rules::from_ru(" chinese "), Some(Rules::Chinese));
/// assert_eq!(Rules::from_ru("GOE"), Some(Rules::Ing));
/// assert_eq!(Rules::from_ru("house rules"), None);
/// assert!(Rules::NewZealand.allows_suicide(3));
/// assert!(!Rules::Japanese.allows_suicide(3));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rules {
    /// Japanese (Nihon Ki-in) rules: territory scoring, no suicide.
    Japanese,
    /// Chinese rules: area scoring, no suicide.
    Chinese,
    /// Korean rules: as Japanese in these respects.
    Korean,
    /// The American Go Association's rules: no suicide.
    Aga,
    /// New Zealand rules: suicide of any number of stones allowed.
    NewZealand,
    /// Ing's rules (Goe, SST): suicide of more than one stone allowed.
    Ing,
    /// Tromp–Taylor rules: suicide allowed.
    TrompTaylor,
}

impl Rules {
    /// The rules an `RU` text names (trimmed, any case), or `None` for a
    /// text this crate does not know.
    ///
    /// Words may be joined by spaces, `-`, `_` or `/` (`Tromp/Taylor`), and
    /// the names in Chinese, Japanese and Korean are read too (`日本`,
    /// `中国规则`, `한국`).
    ///
    /// ```
    /// use sgfkit::game::go::Rules;
    /// assert_eq!(Rules::from_ru("Tromp/Taylor"), Some(Rules::TrompTaylor));
    /// assert_eq!(Rules::from_ru("中国规则"), Some(Rules::Chinese));
    /// assert_eq!(Rules::from_ru("한국"), Some(Rules::Korean));
    /// ```
    pub fn from_ru(text: &str) -> Option<Rules> {
        let t: String = text
            .trim()
            .to_lowercase()
            .chars()
            .map(|c| if matches!(c, '-' | '_' | '/') { ' ' } else { c })
            .collect();
        let t = t.strip_suffix(" rules").unwrap_or(&t);
        let t = t
            .strip_suffix("规则")
            .or_else(|| t.strip_suffix("規則"))
            .or_else(|| t.strip_suffix("ルール"))
            .or_else(|| t.strip_suffix("룰"))
            .unwrap_or(t)
            .trim();
        Some(match t {
            "japanese" | "jp" | "jpn" | "japan" | "nihon kiin" | "日本" | "日式" | "일본" => {
                Rules::Japanese
            }
            "chinese" | "cn" | "chn" | "china" | "中国" | "中國" | "中式" | "중국" => {
                Rules::Chinese
            }
            "korean" | "ko" | "kr" | "kor" | "korea" | "韩国" | "韓國" | "한국" => {
                Rules::Korean
            }
            "aga" => Rules::Aga,
            "nz" | "new zealand" => Rules::NewZealand,
            "goe" | "ing" | "sst" | "应氏" | "應氏" => Rules::Ing,
            "tromp taylor" | "tt" => Rules::TrompTaylor,
            _ => return None,
        })
    }

    /// The rule set's name as KataGo's `kata-set-rules` takes it
    /// (`japanese`, `chinese`, `korean`, `aga`, `new-zealand`,
    /// `tromp-taylor`), and `ing` for Ing's rules, which KataGo does not
    /// name: the `ruleset` of the export's tables.
    ///
    /// ```
    /// use sgfkit::game::go::Rules;
    /// assert_eq!(Rules::from_ru("NZ").map(Rules::name), Some("new-zealand"));
    /// assert_eq!(Rules::TrompTaylor.name(), "tromp-taylor");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Rules::Japanese => "japanese",
            Rules::Chinese => "chinese",
            Rules::Korean => "korean",
            Rules::Aga => "aga",
            Rules::NewZealand => "new-zealand",
            Rules::Ing => "ing",
            Rules::TrompTaylor => "tromp-taylor",
        }
    }

    /// Whether these rules allow a suicide that removes `stones` of the
    /// mover's stones (the stone played included).
    pub fn allows_suicide(self, stones: u32) -> bool {
        match self {
            Rules::NewZealand | Rules::TrompTaylor => true,
            Rules::Ing => stones > 1,
            Rules::Japanese | Rules::Chinese | Rules::Korean | Rules::Aga => false,
        }
    }
}
