//! What the commands print: colours (as rustc colours its diagnostics),
//! diagnostics for people (with the source line and carets) and for
//! machines (JSON Lines), and messages about paths.

use sgfkit::Position;
use sgfkit::check::{Code, Diagnostic, Severity};
use sgfkit::error::{LineContext, SourceLine};
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::ops::Range;

/// When to colour the output.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum ColorChoice {
    /// On a terminal, unless NO_COLOR is set or TERM is `dumb`.
    #[default]
    Auto,
    /// Always, even into a pipe.
    Always,
    /// Never.
    Never,
}

/// Options every command takes.
#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct GlobalArgs {
    /// When to use colours: auto (on a terminal, unless NO_COLOR is set or
    /// TERM=dumb), always, never.
    #[arg(long, value_enum, default_value_t, global = true, value_name = "WHEN")]
    pub(crate) color: ColorChoice,
}

/// The option of the commands that work on many files (or game trees) at
/// once.
#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct ThreadArgs {
    /// How many files to process at once (default: one per core); `-j 1`
    /// works sequentially. The output is the same in any case.
    #[arg(short = 'j', long = "threads", value_name = "N")]
    pub(crate) threads: Option<usize>,
}

/// What a command needs to know about where its output goes.
#[derive(Debug, Clone)]
pub(crate) struct Context {
    /// Colours on standard output.
    pub(crate) color: bool,
    /// Standard error is a terminal (progress bars may be shown).
    pub(crate) stderr_tty: bool,
    /// Threads to use (at least 1).
    pub(crate) threads: usize,
}

impl Context {
    /// The context of a command run with `args` and, for a command that
    /// takes `-j`, `threads`.
    pub(crate) fn new(args: &GlobalArgs, threads: Option<usize>) -> io::Result<Self> {
        let env_allows = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            && std::env::var_os("TERM").is_none_or(|t| t != "dumb");
        let color = match args.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => env_allows && io::stdout().is_terminal(),
        };
        let threads = match threads {
            Some(0) => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "-j needs at least 1 thread",
                ));
            }
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, usize::from),
        };
        Ok(Context {
            color,
            stderr_tty: io::stderr().is_terminal(),
            threads,
        })
    }
}

/// Escape sequences for one kind of text, or nothing without colour.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Paint {
    on: &'static str,
    off: &'static str,
}

impl Paint {
    const fn new(on: &'static str, color: bool) -> Paint {
        if color {
            Paint { on, off: "\x1b[0m" }
        } else {
            Paint { on: "", off: "" }
        }
    }

    /// The colour of a severity, as rustc: errors bold red, warnings bold
    /// yellow, notes (our infos) bold green.
    pub(crate) fn severity(s: Severity, color: bool) -> Paint {
        Paint::new(
            match s {
                Severity::Error => "\x1b[1;31m",
                Severity::Warning => "\x1b[1;33m",
                Severity::Info => "\x1b[1;32m",
            },
            color,
        )
    }

    /// Bold (rustc's message text).
    pub(crate) fn bold(color: bool) -> Paint {
        Paint::new("\x1b[1m", color)
    }

    /// Bold blue (rustc's gutter).
    pub(crate) fn gutter(color: bool) -> Paint {
        Paint::new("\x1b[1;34m", color)
    }

    /// `text` in this colour.
    pub(crate) fn paint(self, text: &str) -> String {
        format!("{}{text}{}", self.on, self.off)
    }
}

/// Says on stderr that a path could not be read or walked.
pub(crate) fn path_error(path: &str, why: &str) {
    let _ = writeln!(io::stderr().lock(), "sgfkit: {path}: {why}");
}

/// One problem found in a file, ready to print.
#[derive(Debug, Clone)]
pub(crate) struct Report {
    pub(crate) position: Position,
    pub(crate) span: Range<usize>,
    pub(crate) code: Option<Code>,
    pub(crate) severity: Severity,
    pub(crate) message: String,
    pub(crate) sgfc: Option<u32>,
    /// The bytes to make the source line from, kept where the finding was
    /// (an encoding warning's, in the input); `None`: the line is made from
    /// the UTF-8 text the tree was read from. Made only when the finding is
    /// written.
    pub(crate) line: Option<LineContext>,
}

impl Report {
    pub(crate) fn from_diag(d: Diagnostic) -> Report {
        Report {
            position: d.position,
            span: d.span,
            code: Some(d.code),
            severity: d.severity,
            message: d.message,
            sgfc: d.sgfc,
            line: None,
        }
    }

    /// A warning about the bytes of the original input (an encoding
    /// problem), with its position and line there.
    pub(crate) fn encoding(w: &sgfkit::encoding::EncodingWarning) -> Report {
        Report {
            position: w.position,
            span: w.offset..w.offset,
            code: Some(Code::from(w.kind)),
            severity: Severity::Warning,
            message: w.message.clone(),
            sgfc: None,
            line: w.context().cloned(),
        }
    }

    /// The same finding as `other`: same spot, code and message.
    fn same_as(&self, other: &Report) -> bool {
        self.span.start == other.span.start
            && self.code == other.code
            && self.message == other.message
    }
}

/// Writes `PATH:LINE:COL: severity[CODE]: message` (the code left out when
/// there is none; `, N times` added for a summarised repetition), then the
/// source line with carets under the span (the report's own line, or the
/// one of `text`, the UTF-8 text the tree was read from).
pub(crate) fn write_human(
    out: &mut Vec<u8>,
    path: &str,
    r: &Report,
    times: usize,
    text: &[u8],
    color: bool,
) {
    let sev = Paint::severity(r.severity, color);
    let code = r.code.map(|c| format!("[{c}]")).unwrap_or_default();
    let times = if times > 1 {
        format!(", {times} times")
    } else {
        String::new()
    };
    // Writing into a Vec cannot fail.
    let _ = writeln!(
        out,
        "{path}:{}:{}: {}: {}",
        r.position.line,
        r.position.column,
        sev.paint(&format!("{}{code}", r.severity)),
        Paint::bold(color).paint(&format!("{}{times}", r.message)),
    );
    let line = match &r.line {
        Some(kept) => kept.line(),
        None => SourceLine::around(text, r.span.clone()),
    };
    if let Some(s) = line {
        let gutter = Paint::gutter(color).paint("|");
        let _ = writeln!(out, "  {gutter} {}", s.text);
        let _ = writeln!(out, "  {gutter} {}{}", s.pad, sev.paint(&s.carets));
    }
}

/// Writes one JSON Lines object for a diagnostic.
pub(crate) fn write_json_line(out: &mut Vec<u8>, path: &str, r: &Report) {
    let v = serde_json::json!({
        "type": "diagnostic",
        "path": path,
        "line": r.position.line,
        "column": r.position.column,
        "severity": r.severity.to_string(),
        "code": r.code.map(Code::as_str),
        "sgfc": r.sgfc,
        "message": r.message,
    });
    let _ = writeln!(out, "{v}");
}

/// Drops reports identical to an earlier one (same spot, code and message)
/// and, unless `each`, folds repeated info-level reports of one code and
/// message into the first, with how many there were. Keeps the order.
pub(crate) fn fold(reports: Vec<Report>, each: bool) -> Vec<(Report, usize)> {
    let mut out: Vec<(Report, usize)> = Vec::with_capacity(reports.len());
    let mut infos: std::collections::HashMap<(Option<Code>, String), usize> =
        std::collections::HashMap::new();
    for r in reports {
        if out.last().is_some_and(|(last, _)| last.same_as(&r))
            || out.iter().rev().take(8).any(|(o, _)| o.same_as(&r))
        {
            continue;
        }
        if !each && r.severity == Severity::Info {
            let key = (r.code, r.message.clone());
            if let Some(&k) = infos.get(&key) {
                out[k].1 += 1;
                continue;
            }
            infos.insert(key, out.len());
        }
        out.push((r, 1));
    }
    out
}

/// `n` with a comma between groups of three digits: `3,214`.
pub(crate) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Findings counted by severity and code (`-` for a finding without one),
/// with the number of files that have each.
#[derive(Debug, Default, Clone)]
pub(crate) struct Tally {
    /// By (severity rank, code name, as printed): the severity, findings
    /// and files.
    counts: BTreeMap<(u8, &'static str), (Severity, usize, usize)>,
}

impl Tally {
    /// Counts `n` findings of `code` at `severity` (in the current file).
    pub(crate) fn add(&mut self, code: Option<&'static str>, severity: Severity, n: usize) {
        let rank = match severity {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Info => 2,
        };
        self.counts
            .entry((rank, code.unwrap_or("-")))
            .or_insert((severity, 0, 0))
            .1 += n;
    }

    /// Adds the findings of `other` (more of the same file).
    pub(crate) fn merge(&mut self, other: &Tally) {
        for (key, (severity, n, _)) in &other.counts {
            self.counts.entry(*key).or_insert((*severity, 0, 0)).1 += n;
        }
    }

    /// Adds the findings of one whole file, counting the file once for
    /// each of its codes.
    pub(crate) fn add_file(&mut self, file: &Tally) {
        for (key, (severity, n, _)) in &file.counts {
            let e = self.counts.entry(*key).or_insert((*severity, 0, 0));
            e.1 += n;
            e.2 += 1;
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// All the findings counted.
    pub(crate) fn findings(&self) -> usize {
        self.counts.values().map(|c| c.1).sum()
    }

    /// `L006 ×3,100, L011 ×114`: the findings by code, most frequent first.
    pub(crate) fn by_code(&self) -> String {
        let mut by: Vec<(&str, usize)> = self.counts.iter().map(|((_, c), v)| (*c, v.1)).collect();
        by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let list: Vec<String> = by
            .iter()
            .map(|(c, n)| format!("{c} \u{d7}{}", thousands(*n)))
            .collect();
        list.join(", ")
    }

    /// `… and 3,214 more: L006 ×3,100, L011 ×114` (most frequent first).
    pub(crate) fn more_line(&self) -> String {
        format!(
            "\u{2026} and {} more: {}",
            thousands(self.findings()),
            self.by_code()
        )
    }

    /// The counts as a JSON array of `{code, severity, findings, files}`.
    pub(crate) fn json(&self) -> serde_json::Value {
        self.counts
            .iter()
            .map(|((_, code), (severity, n, files))| {
                serde_json::json!({
                    "code": (*code != "-").then_some(*code),
                    "severity": severity.to_string(),
                    "findings": n,
                    "files": files,
                })
            })
            .collect()
    }

    /// The counts as a table for people: errors first, then warnings and
    /// infos, each by code, with what the code means.
    pub(crate) fn write_table(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(
            out,
            "{:<5} {:<8} {:>10} {:>8}  meaning",
            "code", "severity", "findings", "files"
        )?;
        for ((_, code), (severity, n, files)) in &self.counts {
            let meaning = code.parse().map_or("(no code)", Code::title);
            writeln!(
                out,
                "{code:<5} {:<8} {:>10} {:>8}  {meaning}",
                severity.to_string(),
                thousands(*n),
                thousands(*files)
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(at: usize, code: Code, msg: &str) -> Report {
        Report {
            position: Position { line: 1, column: 1 },
            span: at..at + 1,
            code: Some(code),
            severity: Severity::Info,
            message: msg.to_string(),
            sgfc: None,
            line: None,
        }
    }

    #[test]
    fn thousands_and_the_more_line() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(3214), "3,214");
        assert_eq!(thousands(1_234_567), "1,234,567");
        let mut t = Tally::default();
        t.add(Some("L011"), Severity::Error, 114);
        t.add(Some("L006"), Severity::Error, 3100);
        assert_eq!(
            t.more_line(),
            "\u{2026} and 3,214 more: L006 \u{d7}3,100, L011 \u{d7}114"
        );
    }

    #[test]
    fn repeated_infos_fold_and_duplicates_go() {
        let reports = vec![
            info(1, Code::S019, "unknown property GS (kept)"),
            info(1, Code::S019, "unknown property GS (kept)"),
            info(5, Code::S019, "unknown property GS (kept)"),
            info(7, Code::S019, "unknown property XX (kept)"),
            info(9, Code::S019, "unknown property GS (kept)"),
        ];
        let folded = fold(reports.clone(), false);
        let shown: Vec<(usize, usize)> = folded.iter().map(|(r, n)| (r.span.start, *n)).collect();
        assert_eq!(shown, [(1, 3), (7, 1)]);
        let each = fold(reports, true);
        assert_eq!(each.len(), 4, "only the exact duplicate goes");
    }
}
