//! `png()`: a diagram rasterised by resvg (feature `png`).

use super::{Diagram, SvgOptions, svg};

/// A PNG image made by [`png()`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Png {
    /// The PNG file's bytes.
    pub data: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// False when no system font was found: coordinates, move numbers and
    /// labels are then missing from the image (stones, lines and marks are
    /// drawn anyway).
    pub text_drawn: bool,
}

/// Why a PNG could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PngError {
    /// resvg could not read the SVG (a bug in sgfkit if it happens).
    #[error("the SVG could not be read: {0}")]
    Svg(String),
    /// The image would be empty or too large.
    #[error("an image of {0}x{1} pixels cannot be made")]
    Size(u32, u32),
    /// The PNG could not be encoded.
    #[error("the PNG could not be encoded: {0}")]
    Encode(String),
}

/// The diagram as a PNG image: [`svg()`](super::svg()) rasterised by
/// resvg, one pixel per SVG unit. Text (coordinates, numbers, labels) is
/// drawn in a sans-serif system font (DejaVu Sans when installed, else the
/// first font found); without any font it is left out and
/// [`Png::text_drawn`] says so.
///
/// # Errors
/// [`PngError`], none of which a diagram from [`Diagram::of`] should cause.
///
/// ```
/// use sgfkit_render::{Diagram, DiagramOptions, SvgOptions, png};
/// let c = sgfkit::parse(b"(;SZ[9];B[ee])")?;
/// let d = Diagram::go(c.games().next().unwrap().main_line().last().unwrap(), &DiagramOptions::default())?;
/// let image = png(&d, &SvgOptions::default())?;
/// assert_eq!(&image.data[1..4], b"PNG");
/// assert_eq!((image.width, image.height), (264, 264));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn png(d: &Diagram, options: &SvgOptions) -> Result<Png, PngError> {
    let text = svg(d, options);
    let mut opt = resvg::usvg::Options::default();
    let db = opt.fontdb_mut();
    db.load_system_fonts();
    let family = db
        .faces()
        .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
        .min_by_key(|name| (name != "DejaVu Sans", name.clone()));
    let text_drawn = family.is_some();
    if let Some(family) = family {
        db.set_sans_serif_family(family);
    }
    let tree =
        resvg::usvg::Tree::from_str(&text, &opt).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(width, height).ok_or(PngError::Size(width, height))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    let data = pixmap
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))?;
    Ok(Png {
        data,
        width,
        height,
        text_drawn,
    })
}
