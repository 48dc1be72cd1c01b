//! [`Rules`]: the rule sets a Go record's `RU` names, and what they say of
//! the moves a [`Board`](super::Board) reports (suicide, ko).

/// A rule set of Go, as a record's `RU` names it.
///
/// FF\[4\] names `AGA`, `GOE` (Ing), `Japanese` and `NZ`; servers and
/// programs also write `Chinese`, `Korean`, `Tromp-Taylor`, abbreviations
/// (`JP`, `CN`, `KO`…) and KataGo's names (`chinese-ogs`, `stone-scoring`,
/// `aga-button`, `bga`…). [`Rules::from_ru`] reads them all, in any case;
/// [`Rules::name`] gives the name KataGo takes. A text this crate does not
/// know has no variant: [`GameInfo::rules`](crate::record::GameInfo::rules)
/// keeps the text as written beside the reading, so that `Rules` stays
/// `Copy`.
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
    /// Chinese rules as OGS applies them (KataGo's `chinese-ogs`): area
    /// scoring with positional superko, no suicide.
    ChineseOgs,
    /// Chinese rules as KGS applies them (KataGo's `chinese-kgs`, the same
    /// rules as [`Rules::ChineseOgs`]).
    ChineseKgs,
    /// Stone scoring (KataGo's `stone-scoring`, also `ancient-area`): area
    /// scoring where each group pays for its eyes, no suicide.
    StoneScoring,
    /// Ancient territory scoring (KataGo's `ancient-territory`): territory
    /// scoring where each group pays for its eyes, no suicide.
    AncientTerritory,
    /// The British Go Association's rules (KataGo's `bga`: as
    /// [`Rules::Aga`]).
    Bga,
    /// The AGA's rules with a button: the first player to pass gets half a
    /// point (KataGo's `aga-button`), no suicide.
    AgaButton,
}

impl Rules {
    /// The rules an `RU` text names (trimmed, any case), or `None` for a
    /// text this crate does not know.
    ///
    /// Words may be joined by spaces, `-`, `_` or `/` (`Tromp/Taylor`), or
    /// not at all as KataGo allows (`TrompTaylor`, `ChineseOGS`); the names
    /// in Chinese, Japanese and Korean are read too (`日本`, `中国规则`,
    /// `한국`). `French` reads as [`Rules::Aga`], as KataGo reads it.
    ///
    /// ```
    /// use sgfkit::game::go::Rules;
    /// assert_eq!(Rules::from_ru("Tromp/Taylor"), Some(Rules::TrompTaylor));
    /// assert_eq!(Rules::from_ru("Chinese-OGS"), Some(Rules::ChineseOgs));
    /// assert_eq!(Rules::from_ru("StoneScoring"), Some(Rules::StoneScoring));
    /// assert_eq!(Rules::from_ru("aga_button"), Some(Rules::AgaButton));
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
            "aga" | "french" => Rules::Aga,
            "nz" | "new zealand" | "newzealand" => Rules::NewZealand,
            "goe" | "ing" | "sst" | "应氏" | "應氏" => Rules::Ing,
            "tromp taylor" | "tromptaylor" | "tt" => Rules::TrompTaylor,
            "chinese ogs" | "chineseogs" => Rules::ChineseOgs,
            "chinese kgs" | "chinesekgs" => Rules::ChineseKgs,
            "stone scoring" | "stonescoring" | "ancient area" | "ancientarea" => {
                Rules::StoneScoring
            }
            "ancient territory" | "ancientterritory" => Rules::AncientTerritory,
            "bga" => Rules::Bga,
            "aga button" | "agabutton" => Rules::AgaButton,
            _ => return None,
        })
    }

    /// The rule set's name as KataGo's `kata-set-rules` takes it
    /// (`japanese`, `chinese`, `chinese-ogs`, `chinese-kgs`, `korean`,
    /// `aga`, `bga`, `aga-button`, `new-zealand`, `tromp-taylor`,
    /// `stone-scoring`, `ancient-territory`, `ing`): the `ruleset` of the
    /// export's tables. [`Rules::from_ru`] reads each name back.
    ///
    /// ```
    /// use sgfkit::game::go::Rules;
    /// assert_eq!(Rules::from_ru("NZ").map(Rules::name), Some("new-zealand"));
    /// assert_eq!(Rules::TrompTaylor.name(), "tromp-taylor");
    /// assert_eq!(Rules::from_ru("ancient area").map(Rules::name), Some("stone-scoring"));
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
            Rules::ChineseOgs => "chinese-ogs",
            Rules::ChineseKgs => "chinese-kgs",
            Rules::StoneScoring => "stone-scoring",
            Rules::AncientTerritory => "ancient-territory",
            Rules::Bga => "bga",
            Rules::AgaButton => "aga-button",
        }
    }

    /// Whether these rules allow a suicide that removes `stones` of the
    /// mover's stones (the stone played included). Of KataGo's rule sets,
    /// only `new-zealand`, `tromp-taylor` and `ing` make multi-stone suicide
    /// legal (its `multiStoneSuicideLegal`).
    ///
    /// ```
    /// use sgfkit::game::go::Rules;
    /// assert!(Rules::TrompTaylor.allows_suicide(1));
    /// assert!(Rules::Ing.allows_suicide(2) && !Rules::Ing.allows_suicide(1));
    /// assert!(!Rules::ChineseOgs.allows_suicide(2));
    /// ```
    pub fn allows_suicide(self, stones: u32) -> bool {
        match self {
            Rules::NewZealand | Rules::TrompTaylor => true,
            Rules::Ing => stones > 1,
            Rules::Japanese
            | Rules::Chinese
            | Rules::Korean
            | Rules::Aga
            | Rules::ChineseOgs
            | Rules::ChineseKgs
            | Rules::StoneScoring
            | Rules::AncientTerritory
            | Rules::Bga
            | Rules::AgaButton => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        let all = [
            Rules::Japanese,
            Rules::Chinese,
            Rules::Korean,
            Rules::Aga,
            Rules::NewZealand,
            Rules::Ing,
            Rules::TrompTaylor,
            Rules::ChineseOgs,
            Rules::ChineseKgs,
            Rules::StoneScoring,
            Rules::AncientTerritory,
            Rules::Bga,
            Rules::AgaButton,
        ];
        for r in all {
            assert_eq!(Rules::from_ru(r.name()), Some(r), "{}", r.name());
            assert_eq!(Rules::from_ru(&r.name().to_uppercase()), Some(r));
        }
    }

    #[test]
    fn katago_spellings() {
        for (text, rules) in [
            ("ChineseKGS", Rules::ChineseKgs),
            ("chinese_ogs", Rules::ChineseOgs),
            ("NewZealand", Rules::NewZealand),
            ("TrompTaylor", Rules::TrompTaylor),
            ("ancient_territory", Rules::AncientTerritory),
            ("French", Rules::Aga),
            ("BGA", Rules::Bga),
        ] {
            assert_eq!(Rules::from_ru(text), Some(rules), "{text}");
        }
        assert_eq!(Rules::from_ru("chinese ogs kgs"), None);
    }
}
