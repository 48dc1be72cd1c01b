//! The tables as Arrow record batches, and Arrow IPC files (feature
//! `arrow`).
//!
//! The schemas are fixed whatever the input ([`games_schema`],
//! [`moves_schema`], [`diagnostics_schema`]; columns in the order of the
//! fields of [`GameRow`], [`MoveRow`] and [`DiagnosticRow`], described in
//! `docs/export.md`). Property maps are `map<utf8, list<utf8>>`: an entry a
//! property, its values decoded as text.
//!
//! [`batches`] turns the bytes of one or more SGF files into batches in one
//! call, for an engine that hands out bytes (Spark's `mapInArrow`, a
//! Python UDF); [`ipc_stream`] gives a batch as Arrow IPC stream bytes,
//! which any Arrow library reads without a copy of the schema.
//!
//! ```
//! use sgfkit_export::arrow::batches;
//!
//! let b = batches(b"(;PB[Ann]KM[6.5];B[pd];W[])", "a.sgf", &Default::default())?;
//! assert_eq!((b.games.num_rows(), b.moves.num_rows()), (1, 2));
//! assert_eq!(b.games.schema(), sgfkit_export::arrow::games_schema());
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```

pub use super::columns::BatchesBuilder;
use super::values::days_since_epoch;
use super::{DiagnosticRow, ExportOptions, GameRow, MoveRow, PropertyEntry, Tables};
use arrow_array::builder::{
    BooleanBuilder, Date32Builder, Float64Builder, ListBuilder, MapBuilder, StringBuilder,
    UInt8Builder, UInt16Builder, UInt32Builder,
};
use arrow_array::cast::AsArray;
use arrow_array::types::UInt32Type;
use arrow_array::{Array, ArrayRef, BooleanArray, RecordBatch, UInt32Array};
use arrow_schema::{ArrowError, DataType, Field, FieldRef, Fields, Schema, SchemaRef};
use sgfkit::{Document, Position};
use std::io::Write;
use std::sync::{Arc, OnceLock};

/// The three tables of some SGF files as record batches.
#[derive(Debug, Clone, PartialEq)]
pub struct Batches {
    /// One row a game tree ([`games_schema`]).
    pub games: RecordBatch,
    /// One row a move ([`moves_schema`]).
    pub moves: RecordBatch,
    /// One row a diagnostic ([`diagnostics_schema`]).
    pub diagnostics: RecordBatch,
}

impl Batches {
    /// The batches of rows already computed.
    ///
    /// # Errors
    /// Only if the columns built do not fit the schema (a bug).
    pub fn from_tables(t: &Tables) -> Result<Batches, ArrowError> {
        Ok(Batches {
            games: games_batch(&t.games, None)?,
            moves: moves_batch(&t.moves)?,
            diagnostics: diagnostics_batch(&t.diagnostics)?,
        })
    }

    /// The batches of a document already read (by [`sgfkit::read`], or
    /// [`super::read`] as the export reads): the rows of [`Tables::of_document`], the
    /// `moves` columns built straight from the tree (no [`MoveRow`] in
    /// between, which makes this several times faster than
    /// [`Batches::from_tables`] on move-dense files).
    ///
    /// ```
    /// use sgfkit_export::{Tables, arrow::Batches};
    /// let doc = sgfkit::read(b"(;SZ[9];B[ee]C[center];W[])", &Default::default())?;
    /// let opts = Default::default();
    /// let b = Batches::of_document(&doc, "d.sgf", &opts)?;
    /// assert_eq!(b.moves.num_rows(), 2);
    /// assert_eq!(b, Batches::from_tables(&Tables::of_document(&doc, "d.sgf", &opts))?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// Only if the columns built do not fit the schema (a bug).
    pub fn of_document(
        doc: &Document<'_>,
        source: &str,
        options: &ExportOptions,
    ) -> Result<Batches, ArrowError> {
        let mut b = BatchesBuilder::default();
        b.push_document(doc, source, options);
        b.finish()
    }

    /// The three batches with their tables' names, `games` first.
    ///
    /// ```
    /// // Without the semantic checks, a well-formed file has no diagnostics.
    /// let opts = sgfkit_export::ExportOptions::default().semantic_checks(false);
    /// let b = sgfkit_export::arrow::batches(b"(;B[aa])", "x.sgf", &opts)?;
    /// let rows: Vec<(&str, usize)> = b.each().map(|(name, b)| (name, b.num_rows())).collect();
    /// assert_eq!(rows, [("games", 1), ("moves", 1), ("diagnostics", 0)]);
    /// # Ok::<(), arrow_schema::ArrowError>(())
    /// ```
    pub fn each(&self) -> impl Iterator<Item = (&'static str, &RecordBatch)> {
        [
            ("games", &self.games),
            ("moves", &self.moves),
            ("diagnostics", &self.diagnostics),
        ]
        .into_iter()
    }

    /// Rows in the three batches together.
    pub fn num_rows(&self) -> usize {
        self.each().map(|(_, b)| b.num_rows()).sum()
    }

    /// The batches of `parts` one after the other, as one batch a table.
    ///
    /// ```
    /// use sgfkit_export::arrow::{Batches, batches};
    /// let a = batches(b"(;B[aa])", "a.sgf", &Default::default())?;
    /// let b = batches(b"(;B[bb];W[cc])", "b.sgf", &Default::default())?;
    /// let both = Batches::concat(&[a, b])?;
    /// assert_eq!((both.games.num_rows(), both.moves.num_rows()), (2, 3));
    /// # Ok::<(), arrow_schema::ArrowError>(())
    /// ```
    ///
    /// # Errors
    /// Arrow's, if the batches do not have the tables' schemas.
    pub fn concat(parts: &[Batches]) -> Result<Batches, ArrowError> {
        use arrow_select::concat::concat_batches;
        if let [one] = parts {
            return Ok(one.clone());
        }
        Ok(Batches {
            games: concat_batches(&games_schema(), parts.iter().map(|p| &p.games))?,
            moves: concat_batches(&moves_schema(), parts.iter().map(|p| &p.moves))?,
            diagnostics: concat_batches(
                &diagnostics_schema(),
                parts.iter().map(|p| &p.diagnostics),
            )?,
        })
    }

    /// Moves the rows of one game tree of a streamed file to their place in
    /// the whole file, as [`Tables::place`] does: game indexes start at
    /// `first_game`, diagnostics' lines and columns are shifted as if the
    /// tree's text started at `start`.
    ///
    /// ```
    /// use sgfkit::Position;
    /// use arrow_array::{cast::AsArray, types::UInt32Type};
    /// let mut b = sgfkit_export::arrow::batches(b"(;B[aa]", "big.sgf", &Default::default())?;
    /// b.place(7, Position { line: 3, column: 5 })?;
    /// let game = b.moves.column_by_name("game").unwrap().as_primitive::<UInt32Type>();
    /// assert_eq!(game.value(0), 7);
    /// # Ok::<(), arrow_schema::ArrowError>(())
    /// ```
    ///
    /// # Errors
    /// Only if the batches do not have the tables' schemas.
    pub fn place(&mut self, first_game: u32, start: Position) -> Result<(), ArrowError> {
        let shift = |b: &mut RecordBatch, name: &str, f: &dyn Fn(usize, u32) -> u32| {
            let i = b.schema().index_of(name)?;
            let old = b.column(i).as_primitive::<UInt32Type>();
            let new: UInt32Array = (0..old.len())
                .map(|r| old.is_valid(r).then(|| f(r, old.value(r))))
                .collect();
            let mut columns = b.columns().to_vec();
            columns[i] = Arc::new(new);
            *b = RecordBatch::try_new(b.schema(), columns)?;
            Ok::<(), ArrowError>(())
        };
        let game = |_: usize, g: u32| g.saturating_add(first_game);
        shift(&mut self.games, "game", &game)?;
        shift(&mut self.moves, "game", &game)?;
        shift(&mut self.diagnostics, "game", &game)?;
        let d = &mut self.diagnostics;
        let lines = d.column(d.schema().index_of("line")?).clone();
        let lines = lines.as_primitive::<UInt32Type>();
        shift(d, "column", &|r, c| {
            if lines.value(r) == 1 {
                c.saturating_add(start.column.saturating_sub(1))
            } else {
                c
            }
        })?;
        shift(d, "line", &|_, l| {
            l.saturating_add(start.line.saturating_sub(1))
        })
    }
}

/// The tables of `bytes` (see [`super::tables`]) as record batches, the
/// `moves` columns built straight from the tree ([`Batches::of_document`]).
///
/// # Errors
/// As [`Batches::of_document`].
pub fn batches(bytes: &[u8], source: &str, options: &ExportOptions) -> Result<Batches, ArrowError> {
    let doc = super::read(bytes, options);
    Batches::of_document(&doc, source, options)
}

/// A batch as the bytes of an Arrow IPC stream (schema, then the batch),
/// as `pyarrow.ipc.open_stream` reads them.
///
/// ```
/// use sgfkit_export::arrow::{batches, ipc_stream};
/// let b = batches(b"(;B[aa])", "x.sgf", &Default::default())?;
/// let bytes = ipc_stream(&b.moves)?;
/// assert_eq!(&bytes[..4], &[0xff, 0xff, 0xff, 0xff]); // a continuation marker starts each message
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
///
/// # Errors
/// Arrow's, if the batch cannot be encoded.
pub fn ipc_stream(batch: &RecordBatch) -> Result<Vec<u8>, ArrowError> {
    let mut w = arrow_ipc::writer::StreamWriter::try_new(Vec::new(), &batch.schema())?;
    w.write(batch)?;
    w.finish()?;
    w.into_inner()
}

/// Three Arrow IPC files (the "Feather v2" format), one a table, written
/// batch by batch.
pub struct IpcFiles<W: Write> {
    /// `games`, `moves`, `diagnostics`: the order of [`Batches::each`].
    files: [arrow_ipc::writer::FileWriter<W>; 3],
}

impl<W: Write> IpcFiles<W> {
    /// Starts the three files (their schemas written).
    ///
    /// # Errors
    /// The writers' errors.
    pub fn new(games: W, moves: W, diagnostics: W) -> Result<Self, ArrowError> {
        use arrow_ipc::writer::FileWriter;
        Ok(IpcFiles {
            files: [
                FileWriter::try_new(games, &games_schema())?,
                FileWriter::try_new(moves, &moves_schema())?,
                FileWriter::try_new(diagnostics, &diagnostics_schema())?,
            ],
        })
    }

    /// Writes the batches (each file gets its batch, empty ones skipped).
    ///
    /// # Errors
    /// The writers' errors.
    pub fn write(&mut self, b: &Batches) -> Result<(), ArrowError> {
        for (w, (_, batch)) in self.files.iter_mut().zip(b.each()) {
            if batch.num_rows() > 0 {
                w.write(batch)?;
            }
        }
        Ok(())
    }

    /// Ends the three files (their footers written) and gives the writers back.
    ///
    /// # Errors
    /// The writers' errors.
    pub fn finish(self) -> Result<[W; 3], ArrowError> {
        let [g, m, d] = self.files;
        Ok([g.into_inner()?, m.into_inner()?, d.into_inner()?])
    }
}

impl<W: Write> std::fmt::Debug for IpcFiles<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IpcFiles").finish_non_exhaustive()
    }
}

fn utf8(name: &str, nullable: bool) -> Field {
    Field::new(name, DataType::Utf8, nullable)
}

fn u32_field(name: &str, nullable: bool) -> Field {
    Field::new(name, DataType::UInt32, nullable)
}

/// `map<utf8, list<utf8>>`, as the builders of [`props_builder`] make it.
pub(crate) fn properties_field() -> Field {
    let values = Field::new(
        "values",
        DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, true))),
        true,
    );
    let entries = Field::new(
        "entries",
        DataType::Struct(Fields::from(vec![utf8("keys", false), values])),
        false,
    );
    Field::new("properties", DataType::Map(Arc::new(entries), false), false)
}

/// The schema of the `games` table.
///
/// ```
/// let s = sgfkit_export::arrow::games_schema();
/// assert_eq!(s.field(0).name(), "source");
/// assert_eq!(s.field_with_name("komi")?.data_type(), &arrow_schema::DataType::Float64);
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn games_schema() -> SchemaRef {
    static S: OnceLock<SchemaRef> = OnceLock::new();
    S.get_or_init(|| {
        Arc::new(Schema::new(vec![
            utf8("source", false),
            u32_field("game", false),
            u32_field("gm", false),
            Field::new("board_columns", DataType::UInt16, true),
            Field::new("board_rows", DataType::UInt16, true),
            utf8("black", true),
            utf8("white", true),
            utf8("black_rank", true),
            utf8("white_rank", true),
            utf8("black_rank_kind", true),
            Field::new("black_rank_level", DataType::UInt8, true),
            utf8("white_rank_kind", true),
            Field::new("white_rank_level", DataType::UInt8, true),
            Field::new("komi", DataType::Float64, true),
            u32_field("handicap", true),
            utf8("result", true),
            utf8("winner", true),
            Field::new("margin", DataType::Float64, true),
            utf8("result_kind", true),
            utf8("date", true),
            Field::new("first_date", DataType::Date32, true),
            utf8("rules", true),
            utf8("ruleset", true),
            Field::new("main_time_s", DataType::Float64, true),
            utf8("overtime", true),
            u32_field("overtime_periods", true),
            Field::new("overtime_period_s", DataType::Float64, true),
            u32_field("overtime_stones", true),
            Field::new("fischer_increment_s", DataType::Float64, true),
            utf8("event", true),
            utf8("origin", true),
            u32_field("move_count", true),
            u32_field("node_count", false),
            u32_field("variation_count", false),
            u32_field("diagnostic_count", false),
            properties_field(),
        ]))
    })
    .clone()
}

/// The schema of the `moves` table.
///
/// ```
/// let s = sgfkit_export::arrow::moves_schema();
/// let names: Vec<&str> = s.fields().iter().map(|f| f.name().as_str()).collect();
/// assert_eq!(&names[..4], ["source", "game", "move_number", "node_id"]);
/// ```
pub fn moves_schema() -> SchemaRef {
    static S: OnceLock<SchemaRef> = OnceLock::new();
    S.get_or_init(|| {
        Arc::new(Schema::new(vec![
            utf8("source", false),
            u32_field("game", false),
            u32_field("move_number", false),
            u32_field("node_id", false),
            u32_field("parent_id", true),
            utf8("color", true),
            Field::new("column", DataType::UInt16, true),
            Field::new("row", DataType::UInt16, true),
            utf8("vertex", true),
            Field::new("pass", DataType::Boolean, false),
            Field::new("captures", DataType::UInt16, true),
            Field::new("legal", DataType::Boolean, true),
            Field::new("time_left_s", DataType::Float64, true),
            u32_field("periods_left", true),
            utf8("comment", true),
            properties_field(),
        ]))
    })
    .clone()
}

/// [`moves_schema`] with `source` a dictionary of `Int32` keys, `color`
/// one of `Int8` keys and `vertex` one of `Int16` keys (all of `Utf8`
/// values): the schema of the `moves`
/// batches of [`BatchesBuilder::finish_with_dictionaries`]. The same
/// columns, names and nullability; the same texts once decoded.
///
/// ```
/// use arrow_schema::DataType;
/// let s = sgfkit_export::arrow::moves_dictionary_schema();
/// let source = s.field_with_name("source")?;
/// assert_eq!(
///     source.data_type(),
///     &DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8))
/// );
/// assert_eq!(s.fields().len(), sgfkit_export::arrow::moves_schema().fields().len());
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn moves_dictionary_schema() -> SchemaRef {
    static S: OnceLock<SchemaRef> = OnceLock::new();
    S.get_or_init(|| {
        let m = moves_schema();
        let mut fields: Vec<FieldRef> = m.fields().iter().cloned().collect();
        for (name, key) in [
            ("source", DataType::Int32),
            ("color", DataType::Int8),
            ("vertex", DataType::Int16),
        ] {
            let i = m.index_of(name).expect("a column of the moves schema");
            let dictionary = DataType::Dictionary(Box::new(key), Box::new(DataType::Utf8));
            fields[i] = Arc::new(fields[i].as_ref().clone().with_data_type(dictionary));
        }
        Arc::new(Schema::new(fields))
    })
    .clone()
}

/// The schema of the `diagnostics` table.
///
/// ```
/// let s = sgfkit_export::arrow::diagnostics_schema();
/// assert_eq!(s.fields().len(), 7);
/// ```
pub fn diagnostics_schema() -> SchemaRef {
    static S: OnceLock<SchemaRef> = OnceLock::new();
    S.get_or_init(|| {
        Arc::new(Schema::new(vec![
            utf8("source", false),
            u32_field("game", true),
            utf8("code", false),
            utf8("severity", false),
            u32_field("line", false),
            u32_field("column", false),
            utf8("message", false),
        ]))
    })
    .clone()
}

type PropsBuilder = MapBuilder<StringBuilder, ListBuilder<StringBuilder>>;

fn props_builder(rows: usize) -> PropsBuilder {
    let f = properties_field();
    let DataType::Map(entries, _) = f.data_type() else {
        unreachable!("properties_field is a map")
    };
    let DataType::Struct(kv) = entries.data_type() else {
        unreachable!("map entries are a struct")
    };
    MapBuilder::with_capacity(
        None,
        StringBuilder::new(),
        ListBuilder::new(StringBuilder::new()),
        rows,
    )
    .with_keys_field(kv[0].clone())
    .with_values_field(kv[1].clone())
}

fn append_props(b: &mut PropsBuilder, props: &[PropertyEntry]) -> Result<(), ArrowError> {
    for (ident, values) in props {
        b.keys().append_value(ident);
        let list = b.values();
        for v in values {
            list.values().append_value(v);
        }
        list.append(true);
    }
    b.append(true)
}

fn strings<'r, R: 'r>(rows: &'r [R], get: impl Fn(&'r R) -> Option<&'r str>) -> ArrayRef {
    let bytes: usize = rows.iter().filter_map(&get).map(str::len).sum();
    let mut b = StringBuilder::with_capacity(rows.len(), bytes);
    for r in rows {
        b.append_option(get(r));
    }
    Arc::new(b.finish())
}

fn chars<R>(rows: &[R], get: impl Fn(&R) -> Option<char>) -> ArrayRef {
    let mut b = StringBuilder::with_capacity(rows.len(), rows.len());
    let mut buf = [0u8; 4];
    for r in rows {
        b.append_option(get(r).map(|c| &*c.encode_utf8(&mut buf)));
    }
    Arc::new(b.finish())
}

fn u32s<R>(rows: &[R], get: impl Fn(&R) -> Option<u32>) -> ArrayRef {
    let mut b = UInt32Builder::with_capacity(rows.len());
    for r in rows {
        b.append_option(get(r));
    }
    Arc::new(b.finish())
}

fn u8s<R>(rows: &[R], get: impl Fn(&R) -> Option<u8>) -> ArrayRef {
    let mut b = UInt8Builder::with_capacity(rows.len());
    for r in rows {
        b.append_option(get(r));
    }
    Arc::new(b.finish())
}

fn u16s<R>(rows: &[R], get: impl Fn(&R) -> Option<u16>) -> ArrayRef {
    let mut b = UInt16Builder::with_capacity(rows.len());
    for r in rows {
        b.append_option(get(r));
    }
    Arc::new(b.finish())
}

fn f64s<R>(rows: &[R], get: impl Fn(&R) -> Option<f64>) -> ArrayRef {
    let mut b = Float64Builder::with_capacity(rows.len());
    for r in rows {
        b.append_option(get(r));
    }
    Arc::new(b.finish())
}

fn props<R>(rows: &[R], get: impl Fn(&R) -> &[PropertyEntry]) -> Result<ArrayRef, ArrowError> {
    let mut b = props_builder(rows.len());
    for r in rows {
        append_props(&mut b, get(r))?;
    }
    Ok(Arc::new(b.finish()))
}

/// The `games` batch of `rows`; their `properties` column, or
/// `properties` in its place when given (one map a row).
pub(crate) fn games_batch(
    rows: &[GameRow],
    properties: Option<ArrayRef>,
) -> Result<RecordBatch, ArrowError> {
    let mut dates = Date32Builder::with_capacity(rows.len());
    for r in rows {
        dates.append_option(r.first_date.map(days_since_epoch));
    }
    let columns: Vec<ArrayRef> = vec![
        strings(rows, |r| Some(&r.source)),
        u32s(rows, |r| Some(r.game)),
        u32s(rows, |r| Some(r.gm)),
        u16s(rows, |r| r.board_columns),
        u16s(rows, |r| r.board_rows),
        strings(rows, |r| r.black.as_deref()),
        strings(rows, |r| r.white.as_deref()),
        strings(rows, |r| r.black_rank.as_deref()),
        strings(rows, |r| r.white_rank.as_deref()),
        strings(rows, |r| r.black_rank_kind),
        u8s(rows, |r| r.black_rank_level),
        strings(rows, |r| r.white_rank_kind),
        u8s(rows, |r| r.white_rank_level),
        f64s(rows, |r| r.komi),
        u32s(rows, |r| r.handicap),
        strings(rows, |r| r.result.as_deref()),
        chars(rows, |r| r.winner),
        f64s(rows, |r| r.margin),
        strings(rows, |r| r.result_kind),
        strings(rows, |r| r.date.as_deref()),
        Arc::new(dates.finish()),
        strings(rows, |r| r.rules.as_deref()),
        strings(rows, |r| r.ruleset),
        f64s(rows, |r| r.main_time_s),
        strings(rows, |r| r.overtime),
        u32s(rows, |r| r.overtime_periods),
        f64s(rows, |r| r.overtime_period_s),
        u32s(rows, |r| r.overtime_stones),
        f64s(rows, |r| r.fischer_increment_s),
        strings(rows, |r| r.event.as_deref()),
        strings(rows, |r| r.origin),
        u32s(rows, |r| r.move_count),
        u32s(rows, |r| Some(r.node_count)),
        u32s(rows, |r| Some(r.variation_count)),
        u32s(rows, |r| Some(r.diagnostic_count)),
        match properties {
            Some(p) => p,
            None => props(rows, |r| &r.properties)?,
        },
    ];
    RecordBatch::try_new(games_schema(), columns)
}

fn moves_batch(rows: &[MoveRow]) -> Result<RecordBatch, ArrowError> {
    let mut pass = BooleanBuilder::with_capacity(rows.len());
    for r in rows {
        pass.append_value(r.pass);
    }
    let columns: Vec<ArrayRef> = vec![
        strings(rows, |r| Some(&r.source)),
        u32s(rows, |r| Some(r.game)),
        u32s(rows, |r| Some(r.move_number)),
        u32s(rows, |r| Some(r.node_id)),
        u32s(rows, |r| r.parent_id),
        chars(rows, |r| r.color),
        u16s(rows, |r| r.column),
        u16s(rows, |r| r.row),
        strings(rows, |r| r.vertex),
        Arc::new(pass.finish()),
        u16s(rows, |r| r.captures),
        Arc::new(rows.iter().map(|r| r.legal).collect::<BooleanArray>()),
        f64s(rows, |r| r.time_left_s),
        u32s(rows, |r| r.periods_left),
        strings(rows, |r| r.comment.as_deref()),
        props(rows, |r| &r.properties)?,
    ];
    RecordBatch::try_new(moves_schema(), columns)
}

pub(crate) fn diagnostics_batch(rows: &[DiagnosticRow]) -> Result<RecordBatch, ArrowError> {
    let columns: Vec<ArrayRef> = vec![
        strings(rows, |r| Some(&r.source)),
        u32s(rows, |r| r.game),
        strings(rows, |r| Some(r.code.as_str())),
        strings(rows, |r| Some(r.severity)),
        u32s(rows, |r| Some(r.line)),
        u32s(rows, |r| Some(r.column)),
        strings(rows, |r| Some(&r.message)),
    ];
    RecordBatch::try_new(diagnostics_schema(), columns)
}
