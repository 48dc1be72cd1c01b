//! The Rust types the value rules give: [`Real`], [`Double`], [`Color`], and the errors
//! of list and point-list values.

use std::fmt;
use std::hash::{Hash, Hasher};

use nom::Parser;

use super::{MAX_EXPANDED_POINTS, real, value};
use std::str::FromStr;

/// A `Real` value, keeping the text it was written with.
///
/// `KM[6.5]` prints back as `6.5` and `KM[6.50]` as `6.50`: [`Display`](fmt::Display) writes
/// the original text. Equality and hashing compare that text, so `6.5` and `6.50` are
/// different `Real`s with the same [`value`](Real::value).
///
/// ```
/// use sgfkit::grammar::value::Real;
///
/// let km: Real = "6.5".parse().unwrap();
/// assert_eq!(km.value(), 6.5);
/// assert_eq!(km.to_string(), "6.5");
/// assert!("1e3".parse::<Real>().is_err());
/// assert_eq!(Real::from_f64(0.1).unwrap().as_str(), "0.1");
/// assert_eq!(Real::from(-7).as_str(), "-7");
/// ```
#[derive(Debug, Clone)]
pub struct Real {
    text: Box<str>,
    value: f64,
}

impl Real {
    /// The value as an `f64` (correctly rounded; infinite only for absurdly long numbers).
    ///
    /// ```
    /// let r: sgfkit::grammar::value::Real = "-0.25".parse().unwrap();
    /// assert_eq!(r.value(), -0.25);
    /// ```
    pub fn value(&self) -> f64 {
        self.value
    }

    /// The text as written in the file, e.g. `"6.50"` or `"+7"`.
    ///
    /// ```
    /// let r: sgfkit::grammar::value::Real = "+7".parse().unwrap();
    /// assert_eq!(r.as_str(), "+7");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The shortest `Real` text that reads back as `x`, or `None` if `x` is not finite.
    ///
    /// ```
    /// use sgfkit::grammar::value::Real;
    ///
    /// assert_eq!(Real::from_f64(6.5).unwrap().as_str(), "6.5");
    /// assert_eq!(Real::from_f64(1e21).unwrap().as_str(), "1000000000000000000000");
    /// assert!(Real::from_f64(f64::NAN).is_none());
    /// ```
    pub fn from_f64(x: f64) -> Option<Real> {
        // Rust's `Display` for a finite f64 never uses an exponent and always has a digit
        // before the point, so its output is valid `Real` syntax.
        x.is_finite().then(|| Real {
            text: x.to_string().into_boxed_str(),
            value: x,
        })
    }

    /// Builds a `Real` from bytes already matched by the `Real` rule (ASCII only).
    pub(super) fn from_checked_text(digits: &[u8]) -> Real {
        let text: String = digits.iter().map(|&b| char::from(b)).collect();
        let value = text.parse::<f64>().unwrap_or(f64::NAN);
        Real {
            text: text.into_boxed_str(),
            value,
        }
    }
}

impl PartialEq for Real {
    fn eq(&self, other: &Real) -> bool {
        self.text == other.text
    }
}

impl Eq for Real {}

impl Hash for Real {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

impl From<i64> for Real {
    fn from(n: i64) -> Real {
        Real {
            text: n.to_string().into_boxed_str(),
            // Rounds for |n| > 2^53, as `as` does.
            value: n as f64,
        }
    }
}

impl FromStr for Real {
    type Err = ParseRealError;

    fn from_str(s: &str) -> Result<Real, ParseRealError> {
        value(real::<()>)
            .parse_complete(s.as_bytes())
            .map(|(_, r)| r)
            .map_err(|_| ParseRealError)
    }
}

impl fmt::Display for Real {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The error of `str::parse::<Real>()`: the string is not `Number ["." Digit {Digit}]`.
///
/// ```
/// use sgfkit::grammar::value::Real;
///
/// let err = "5.".parse::<Real>().unwrap_err();
/// assert_eq!(err.to_string(), "not an SGF Real (`[+-]digits[.digits]`)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("not an SGF Real (`[+-]digits[.digits]`)")]
pub struct ParseRealError;

/// A `Double` value (sgf4 §3.1): `1` is normal, `2` emphasized (`GB[2]`: "very good for
/// black").
///
/// ```
/// use sgfkit::grammar::value::Double;
///
/// assert_eq!(Double::Emphasized.to_string(), "2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Double {
    /// `1`
    Normal,
    /// `2`
    Emphasized,
}

impl fmt::Display for Double {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Double::Normal => "1",
            Double::Emphasized => "2",
        })
    }
}

/// A `Color` value: `B` or `W`.
///
/// ```
/// use sgfkit::grammar::value::Color;
///
/// assert_eq!(Color::Black.opponent(), Color::White);
/// assert_eq!(Color::White.to_string(), "W");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// `B`
    Black,
    /// `W`
    White,
}

impl Color {
    /// The other colour.
    ///
    /// ```
    /// use sgfkit::grammar::value::Color;
    ///
    /// assert_eq!(Color::White.opponent(), Color::Black);
    /// ```
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The colour's letter as SGF writes it: `B` or `W`.
    ///
    /// ```
    /// use sgfkit::grammar::value::Color;
    ///
    /// assert_eq!(Color::Black.letter(), 'B');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.letter())
    }
}

/// Why [`list`](super::list), [`elist`](super::elist), [`point_list`](super::point_list) or
/// [`epoint_list`](super::epoint_list) rejected a property's values.
///
/// ```
/// use sgfkit::grammar::value::{list, color, ListError};
///
/// type E<'a> = nom::error::Error<&'a [u8]>;
/// let err = list(color::<E>, &[b"B", b"X"]).unwrap_err();
/// assert_eq!(err.index(), Some(1));
/// assert_eq!(err.to_string(), "value 1 is not valid");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListError<E> {
    /// There were no values at all (a property always has at least one).
    #[error("a list needs at least one value")]
    NoValues,
    /// The value at `index` (0-based) did not match, or was not consumed completely.
    #[error("value {index} is not valid")]
    Invalid {
        /// Index of the value in the property's list of values.
        index: usize,
        /// The value parser's error.
        error: E,
    },
}

impl<E> ListError<E> {
    /// The index of the offending value, if there is one.
    ///
    /// ```
    /// use sgfkit::grammar::value::ListError;
    ///
    /// assert_eq!(ListError::<()>::NoValues.index(), None);
    /// ```
    pub fn index(&self) -> Option<usize> {
        match self {
            ListError::NoValues => None,
            ListError::Invalid { index, .. } => Some(*index),
        }
    }
}

/// Why [`expand`](super::expand) rejected a compressed point list. `index` is the 0-based index of the
/// offending value.
///
/// ```
/// use sgfkit::grammar::value::PointListError;
///
/// let e = PointListError::ReversedRectangle { index: 2 };
/// assert_eq!(e.index(), 2);
/// assert_eq!(e.to_string(), "value 2: rectangle corners must be upper-left then lower-right");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PointListError {
    /// `AB[aa:aa]`: a 1×1 rectangle must be written as a single point.
    #[error("value {index}: a 1x1 rectangle must be written as a single point")]
    SingleCellRectangle {
        /// The value's index.
        index: usize,
    },
    /// `AB[bb:aa]`: the first corner is right of or below the second.
    #[error("value {index}: rectangle corners must be upper-left then lower-right")]
    ReversedRectangle {
        /// The value's index.
        index: usize,
    },
    /// `AB[aa:bb][ab]`: a point is listed twice (overlap or duplicate).
    #[error("value {index}: point at column {col}, row {row} is already given by value {first}")]
    Duplicate {
        /// The value's index.
        index: usize,
        /// The index of the value that first gave the point.
        first: usize,
        /// The point's column.
        col: u16,
        /// The point's row.
        row: u16,
    },
    /// The list would expand to more than [`MAX_EXPANDED_POINTS`] points.
    #[error("value {index}: the list expands to more than {MAX_EXPANDED_POINTS} points")]
    TooManyPoints {
        /// The value's index.
        index: usize,
    },
}

impl PointListError {
    /// The index of the offending value.
    ///
    /// ```
    /// use sgfkit::grammar::value::PointListError;
    ///
    /// assert_eq!(PointListError::SingleCellRectangle { index: 4 }.index(), 4);
    /// ```
    pub fn index(&self) -> usize {
        match *self {
            PointListError::SingleCellRectangle { index }
            | PointListError::ReversedRectangle { index }
            | PointListError::Duplicate { index, .. }
            | PointListError::TooManyPoints { index } => index,
        }
    }
}
