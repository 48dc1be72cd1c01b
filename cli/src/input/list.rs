//! The list of inputs: the PATHs of the command line, `-` for standard
//! input, folders walked ([`sgfkit::walk`]) as their files are taken, and
//! what the walk says (files skipped, files and folders reached again,
//! paths that cannot be walked) in its place among them.

use super::{SGF_ONLY, Source};
use sgfkit::walk::{Found, Skip, Walk, Walker};
use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

/// How folders are walked.
#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct WalkArgs {
    /// Follow symbolic links while walking folders (loops are detected and
    /// each file is read once).
    #[arg(short = 'L', long)]
    pub(crate) follow: bool,
    /// Take only `*.sgf` files from folders, not the Tygem (`.gib`),
    /// WBaduk (`.ngf`) and Pandanet (`.ugf`, `.ugi`) records they also
    /// hold (which are read into SGF otherwise)
    #[arg(long)]
    pub(crate) sgf_only: bool,
    /// List each file the walk skips (set by a command's `-v`).
    #[arg(skip)]
    pub(crate) list_skipped: bool,
}

/// What the list of inputs gives: an input, or a line the walk says in its
/// place among them.
#[derive(Debug)]
pub(crate) enum Taken {
    Input(Source),
    Said(Said),
}

impl From<Source> for Taken {
    fn from(source: Source) -> Taken {
        Taken::Input(source)
    }
}

/// A line about a path, said on stderr as `sgfkit: PATH: MESSAGE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Said {
    path: String,
    message: String,
    /// The path could not be walked (or read): the command counts it as
    /// failed.
    pub(crate) failed: bool,
}

impl Said {
    /// A warning or a note: the command goes on as if it were not said.
    pub(crate) fn warning(path: &str, message: impl std::fmt::Display) -> Said {
        Said {
            path: path.to_string(),
            message: message.to_string(),
            failed: false,
        }
    }

    /// A path that failed, and why.
    pub(crate) fn failed(path: &str, message: impl std::fmt::Display) -> Said {
        Said {
            failed: true,
            ..Said::warning(path, message)
        }
    }

    /// The line, without its end.
    pub(crate) fn line(&self) -> String {
        format!("sgfkit: {}: {}", self.path, self.message)
    }

    /// Writes the line on stderr.
    pub(crate) fn say(&self) {
        crate::output::path_error(&self.path, &self.message);
    }
}

/// The inputs of the command-line paths, in order, taken as they are asked
/// for: `-` is standard input; a folder is walked in sorted order for files
/// ending in `.sgf` in any case, the records of other formats (unless
/// `sgf_only`) and archives of them (`sgfkit::walk`), skipping hidden files
/// and folders (names starting with `.`) and, unless `follow`, symbolic
/// links; anything else is taken as a file (a missing file is said when it
/// is read, in input order). One walker walks every path: a file reached
/// twice (a hard link, a file named twice) is read once, a folder reached
/// twice (named twice, or inside a folder named before) is walked once, and
/// each is said. A path that cannot be walked is a failed [`Said`]; at the
/// end of a folder, the number of files its walk skipped, by reason (each
/// of them as it is met with `list_skipped`), and, when the walk found
/// nothing to read there, that it found none, with the names looked for.
pub(crate) struct Inputs<'p> {
    paths: std::slice::Iter<'p, PathBuf>,
    list_skipped: bool,
    sgf_only: bool,
    /// The walker between folders (`None` while a folder is walked: its
    /// walk holds it).
    walker: Option<Walker>,
    folder: Option<Folder>,
    /// Lines said at the end of a folder, not yet given.
    said: VecDeque<Said>,
}

/// A folder being walked, and what its walk has met so far.
struct Folder {
    walk: Walk,
    path: PathBuf,
    /// A file was found, or a file or folder of it was read before: it is
    /// not empty.
    any: bool,
    skipped: BTreeMap<Skip, usize>,
}

impl<'p> Inputs<'p> {
    /// The inputs of `paths`, walked as `walk` says. Sets the run's
    /// `--sgf-only` for archives ([`super::sgf_only`]).
    pub(crate) fn new(paths: &'p [PathBuf], walk: &WalkArgs) -> Inputs<'p> {
        SGF_ONLY.store(walk.sgf_only, Ordering::Relaxed);
        let walker = Walker::default()
            .follow_links(walk.follow)
            .sgf_only(walk.sgf_only);
        Inputs {
            paths: paths.iter(),
            list_skipped: walk.list_skipped,
            sgf_only: walk.sgf_only,
            walker: Some(walker),
            folder: None,
            said: VecDeque::new(),
        }
    }

    /// What the walk of the folder being walked found, as an input or a
    /// line (`None`: a file skipped and not listed).
    fn found(&mut self, found: Found) -> Option<Taken> {
        let folder = self.folder.as_mut()?;
        match found {
            Found::File { path, len } => {
                folder.any = true;
                Some(Taken::Input(Source::File(path, len)))
            }
            Found::Error { path, message } => Some(Taken::Said(Said::failed(
                &path.display().to_string(),
                message,
            ))),
            Found::Duplicate {
                path,
                first,
                folder: is_folder,
            } => {
                folder.any = true;
                Some(Taken::Said(duplicate(&path, &first, is_folder)))
            }
            Found::Skipped { path, why } => {
                *folder.skipped.entry(why).or_default() += 1;
                self.list_skipped.then(|| {
                    Taken::Said(Said::warning(
                        &path.display().to_string(),
                        format_args!("skipped: {}", why.reason()),
                    ))
                })
            }
            _ => None,
        }
    }

    /// The lines said at the end of the walk of `folder`.
    fn ended(&mut self, folder: &Folder) {
        let name = folder.path.display().to_string();
        if !folder.skipped.is_empty() {
            let total: usize = folder.skipped.values().sum();
            let why: Vec<String> = folder
                .skipped
                .iter()
                .map(|(why, n)| format!("{n} {}", why.reason()))
                .collect();
            let s = if total == 1 { "" } else { "s" };
            let more = if self.list_skipped {
                ""
            } else {
                " (`check -v` lists them)"
            };
            let message = format!(
                "skipped {total} file{s} or folder{s}: {}{more}",
                why.join(", ")
            );
            self.said.push_back(Said::warning(&name, message));
        }
        if !folder.any {
            let looked = sgfkit::format::walked_patterns(self.sgf_only).join(", ");
            let message = format!("warning: no SGF file found (looked for {looked})");
            self.said.push_back(Said::warning(&name, message));
        }
    }
}

impl Iterator for Inputs<'_> {
    type Item = Taken;

    fn next(&mut self) -> Option<Taken> {
        loop {
            if let Some(said) = self.said.pop_front() {
                return Some(Taken::Said(said));
            }
            if let Some(folder) = self.folder.as_mut() {
                match folder.walk.next() {
                    Some(found) => match self.found(found) {
                        Some(taken) => return Some(taken),
                        None => continue,
                    },
                    None => {
                        if let Some(folder) = self.folder.take() {
                            self.ended(&folder);
                            self.walker = Some(folder.walk.into_walker());
                        }
                        continue;
                    }
                }
            }
            let path = self.paths.next()?;
            if path.as_os_str() == "-" {
                return Some(Taken::Input(Source::Stdin));
            }
            let walker = self.walker.take().unwrap_or_default();
            if path.is_dir() {
                self.folder = Some(Folder {
                    walk: walker.into_walk(path),
                    path: path.clone(),
                    any: false,
                    skipped: BTreeMap::new(),
                });
                continue;
            }
            let mut walker = walker;
            let found = walker.file(path);
            self.walker = Some(walker);
            // A missing file is said when it is read, in input order.
            return Some(match found {
                Found::Duplicate {
                    path,
                    first,
                    folder,
                } => Taken::Said(duplicate(&path, &first, folder)),
                _ => Taken::Input(Source::File(path.clone(), None)),
            });
        }
    }
}

/// The line that says `path` is the file or folder `first` again.
fn duplicate(path: &Path, first: &Path, folder: bool) -> Said {
    let first = first.display();
    let message = if folder {
        format!(
            "warning: the same folder as {first} (named twice, or inside a folder named before): walked once"
        )
    } else {
        format!("warning: the same file as {first} (a hard link, or named twice): read once")
    };
    Said::warning(&path.display().to_string(), message)
}

/// Every input of `paths` at once ([`Inputs`] collected), for a command
/// that needs the whole list before it reads a file: what the walk says is
/// said on stderr now, and the paths that could not be walked are counted
/// in `failed`. The commands that write SGF files (`fix`, `convert`,
/// `split`, `join`, `dedupe`) list first: a file they write into a folder
/// that a lazy walk had not reached yet would become one of their inputs.
pub(crate) fn sources(paths: &[PathBuf], walk: &WalkArgs, failed: &mut usize) -> Vec<Source> {
    Inputs::new(paths, walk)
        .filter_map(|taken| match taken {
            Taken::Input(source) => Some(source),
            Taken::Said(said) => {
                *failed += usize::from(said.failed);
                said.say();
                None
            }
        })
        .collect()
}

/// The inputs of a command that reads them (`check`, `stats`, `json`,
/// `export`): walked as they are read, or, for a progress bar (`bar`: on
/// a terminal), listed first ([`sources`]), since the bar counts up to
/// their bytes; with that total (0 when not listed).
pub(crate) fn listed<'p>(
    paths: &'p [PathBuf],
    walk: &WalkArgs,
    bar: bool,
    failed: &mut usize,
) -> (Box<dyn Iterator<Item = Taken> + 'p>, u64) {
    if bar {
        let sources = sources(paths, walk, failed);
        let total = total_bytes(&sources);
        (Box::new(sources.into_iter().map(Taken::Input)), total)
    } else {
        (Box::new(Inputs::new(paths, walk)), 0)
    }
}

/// The bytes of every file among `sources` (standard input and bundled
/// examples count 0): the total a progress bar counts up to.
pub(crate) fn total_bytes<'s>(sources: impl IntoIterator<Item = &'s Source>) -> u64 {
    sources.into_iter().filter_map(Source::file_len).sum()
}
