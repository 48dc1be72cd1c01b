//! The FF[4] value rules (`Number`, `Real`, `Double`, `Color`, `SimpleText`,
//! `Text`, `Compose`, lists). Filled in by the typed-value work.
