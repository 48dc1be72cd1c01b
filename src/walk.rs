//! Finding SGF files in folders, as every `sgfkit` command finds them:
//! each folder walked depth first in sorted order (names compared as
//! bytes), files named `*.sgf` in any case (and, with the `archive`
//! feature, the archives that hold such files: `*.sgf.gz`, `*.zip`, `*.tar`,
//! `*.tar.gz`, `*.tgz`, `*.tar.bz2`; the names are
//! [`format::walked_patterns`](crate::format::walked_patterns)), hidden
//! files and folders (names starting with `.`) skipped, symbolic links skipped unless followed (then
//! a loop back to a folder above is refused, and a file reached twice is
//! taken once). What the walk leaves out is said too: each file skipped and
//! why ([`Found::Skipped`]), each file reached a second time
//! ([`Found::Duplicate`]).
//!
//! The walk is the library's, so that a tool embedding sgfkit (the Python
//! package, a server) reads the same files as the command line.
//!
//! ```
//! use sgfkit::walk::{Found, Skip, Walker};
//!
//! let dir = std::env::temp_dir().join(format!("sgfkit-walk-doc-{}", std::process::id()));
//! std::fs::create_dir_all(dir.join("b"))?;
//! std::fs::write(dir.join("b/two.SGF"), "(;)")?;
//! std::fs::write(dir.join("a.sgf"), "(;)")?;
//! std::fs::write(dir.join("notes.txt"), "")?;
//! std::fs::write(dir.join(".hidden.sgf"), "(;)")?;
//!
//! let (mut names, mut skipped) = (Vec::new(), Vec::new());
//! Walker::default().walk(&dir, &mut |found| {
//!     match found {
//!         Found::File { path, len } => {
//!             names.push((path.strip_prefix(&dir).unwrap().to_path_buf(), len))
//!         }
//!         Found::Skipped { path, why } => skipped.push((path.file_name().unwrap().to_owned(), why)),
//!         _ => {}
//!     }
//! });
//! assert_eq!(names, [("a.sgf".into(), Some(3)), ("b/two.SGF".into(), Some(3))]);
//! assert_eq!(skipped, [(".hidden.sgf".into(), Skip::Hidden), ("notes.txt".into(), Skip::NotSgf)]);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), std::io::Error>(())
//! ```

use crate::format::{Archive, is_sgf_name};
use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::io;
use std::path::{Path, PathBuf};

/// What a walk finds, in walking order.
#[derive(Debug)]
#[non_exhaustive]
pub enum Found {
    /// An SGF file (or an archive, [`Archive::of_name`]), with its size
    /// when the walk could look it up (a file whose metadata cannot be read
    /// is still given: reading it says why).
    File {
        /// The folder walked joined with the names below it.
        path: PathBuf,
        /// The size the walk saw, in bytes.
        len: Option<u64>,
    },
    /// A folder that could not be listed, a link that could not be
    /// followed or that loops: the walk goes on without it.
    Error {
        /// The folder or link.
        path: PathBuf,
        /// Why, in words.
        message: String,
    },
    /// A file or folder the walk leaves out, and why (a folder skipped is
    /// one entry: what it holds is not looked at).
    Skipped {
        /// The file or folder.
        path: PathBuf,
        /// Why it is left out.
        why: Skip,
    },
    /// A file reached a second time (a hard link to it, a link followed
    /// to it, or the same path walked twice): given once, as `first`.
    Duplicate {
        /// The path by which it was reached again.
        path: PathBuf,
        /// The path it was given by first.
        first: PathBuf,
    },
}

/// Why the walk leaves a file out ([`Found::Skipped`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Skip {
    /// Not named `*.sgf` (nor as an archive this build reads).
    NotSgf,
    /// Hidden: its name starts with `.` (a file or a whole folder).
    Hidden,
    /// A symbolic link, not followed (see [`Walker::follow_links`]).
    Link,
    /// Neither a file nor a folder (a device, a socket, a pipe).
    Special,
}

impl Skip {
    /// Why, in words: `not named *.sgf`, `hidden`, …
    ///
    /// ```
    /// assert_eq!(sgfkit::walk::Skip::Hidden.reason(), "hidden (name starting with `.`)");
    /// ```
    pub fn reason(self) -> &'static str {
        match self {
            Skip::NotSgf => "not named as SGF",
            Skip::Hidden => "hidden (name starting with `.`)",
            Skip::Link => "symbolic link (not followed without -L)",
            Skip::Special => "not a regular file",
        }
    }
}

/// Walks folders for SGF files (see the [module](self)); files reached
/// twice, within one walk or across walks of the same walker, are given
/// once.
#[derive(Debug, Default)]
pub struct Walker {
    follow: bool,
    /// The files given so far, by identity, with the path given first.
    seen: HashMap<FileId, PathBuf>,
}

impl Walker {
    /// Follow symbolic links (default: skip them).
    ///
    /// ```
    /// let w = sgfkit::walk::Walker::default().follow_links(true);
    /// # let _ = w;
    /// ```
    pub fn follow_links(mut self, follow: bool) -> Self {
        self.follow = follow;
        self
    }

    /// A file named directly (not found in a folder): [`Found::File`], or
    /// [`Found::Duplicate`] when this walker gave the same file already. A
    /// file that cannot be looked at is given as a file without a size
    /// (reading it says why); it is never taken for a duplicate.
    ///
    /// ```
    /// use sgfkit::walk::{Found, Walker};
    ///
    /// let f = std::env::temp_dir().join(format!("sgfkit-walk-file-{}.sgf", std::process::id()));
    /// std::fs::write(&f, "(;)")?;
    /// let mut w = Walker::default();
    /// assert!(matches!(w.file(&f), Found::File { len: Some(3), .. }));
    /// assert!(matches!(w.file(&f), Found::Duplicate { .. }));
    /// # std::fs::remove_file(&f)?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn file(&mut self, path: &Path) -> Found {
        match std::fs::metadata(path) {
            Ok(m) if m.is_file() => self.take(path.to_path_buf(), &m),
            _ => Found::File {
                path: path.to_path_buf(),
                len: None,
            },
        }
    }

    /// The file at `path` (its metadata `m`): new, or a duplicate.
    fn take(&mut self, path: PathBuf, m: &std::fs::Metadata) -> Found {
        match self.seen.entry(FileId::of(m)) {
            std::collections::hash_map::Entry::Occupied(e) => Found::Duplicate {
                path,
                first: e.get().clone(),
            },
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(path.clone());
                Found::File {
                    path,
                    len: Some(m.len()),
                }
            }
        }
    }

    /// Walks the folder `dir`, giving each SGF file, each file left out
    /// and each error to `found` in walking order. Needs no stack per level
    /// of nesting.
    pub fn walk(&mut self, dir: &Path, found: &mut dyn FnMut(Found)) {
        // The folders being walked, outermost first: their entries still to
        // take (sorted in reverse, taken from the end) and, with links
        // followed, their identity, so that a link back to one of them is
        // refused.
        let mut stack: Vec<(Vec<Entry>, Option<FileId>)> = Vec::new();
        let root_id = self
            .follow
            .then(|| std::fs::metadata(dir).ok().map(|m| FileId::of(&m)))
            .flatten();
        enter(dir, root_id, &mut stack, found);
        while let Some((list, _)) = stack.last_mut() {
            let Some(entry) = list.pop() else {
                stack.pop();
                continue;
            };
            let Ok(kind) = entry.entry.file_type() else {
                continue;
            };
            let path = entry.entry.path();
            if entry.hidden {
                found(Found::Skipped {
                    path,
                    why: Skip::Hidden,
                });
                continue;
            }
            if kind.is_symlink() {
                if !self.follow {
                    found(Found::Skipped {
                        path,
                        why: Skip::Link,
                    });
                    continue;
                }
                // Followed: what it points to decides.
                match std::fs::metadata(&path) {
                    Ok(m) if m.is_dir() => enter(&path, Some(FileId::of(&m)), &mut stack, found),
                    Ok(m) if m.is_file() && is_taken(&entry.name) => found(self.take(path, &m)),
                    Ok(m) if m.is_file() => found(Found::Skipped {
                        path,
                        why: Skip::NotSgf,
                    }),
                    Ok(_) => found(Found::Skipped {
                        path,
                        why: Skip::Special,
                    }),
                    Err(e) => found(Found::Error {
                        path,
                        message: e.to_string(),
                    }),
                }
            } else if kind.is_dir() {
                let id = self
                    .follow
                    .then(|| entry.entry.metadata().ok().map(|m| FileId::of(&m)))
                    .flatten();
                enter(&path, id, &mut stack, found);
            } else if kind.is_file() && is_taken(&entry.name) {
                // The one look-up of a walked file's metadata, relative to
                // its folder (no walk of the whole path).
                match entry.entry.metadata() {
                    Ok(m) => found(self.take(path, &m)),
                    Err(_) => found(Found::File { path, len: None }),
                }
            } else if kind.is_file() {
                found(Found::Skipped {
                    path,
                    why: Skip::NotSgf,
                });
            } else {
                found(Found::Skipped {
                    path,
                    why: Skip::Special,
                });
            }
        }
    }
}

/// Starts walking the folder `path` (`id`: its identity, when links are
/// followed), unless it is one of the folders being walked already.
fn enter(
    path: &Path,
    id: Option<FileId>,
    stack: &mut Vec<(Vec<Entry>, Option<FileId>)>,
    found: &mut dyn FnMut(Found),
) {
    if id.is_some() && stack.iter().any(|(_, a)| *a == id) {
        found(Found::Error {
            path: path.to_path_buf(),
            message: "a symbolic link that loops back to a folder above it (not followed)"
                .to_string(),
        });
        return;
    }
    match entries(path) {
        Ok(list) => stack.push((list, id)),
        Err(e) => found(Found::Error {
            path: path.to_path_buf(),
            message: e.to_string(),
        }),
    }
}

/// An entry of a folder being walked.
struct Entry {
    name: OsString,
    /// Its name starts with `.`.
    hidden: bool,
    entry: std::fs::DirEntry,
}

/// The entries of a folder, sorted by name (as bytes), in reverse: taken
/// from the end.
fn entries(dir: &Path) -> io::Result<Vec<Entry>> {
    let mut list = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let hidden = is_hidden(&name);
        list.push(Entry {
            name,
            hidden,
            entry,
        });
    }
    list.sort_unstable_by(|a, b| b.name.as_encoded_bytes().cmp(a.name.as_encoded_bytes()));
    Ok(list)
}

/// Named `*.sgf` in any case, or as an archive this build can open.
fn is_taken(name: &OsStr) -> bool {
    is_sgf_name(name) || Archive::of_name(name).is_some_and(Archive::readable)
}

fn is_hidden(name: &OsStr) -> bool {
    name.to_str().is_some_and(|s| s.starts_with('.'))
}

/// What tells files apart: device and inode where there are such.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct FileId(u64, u64);

impl FileId {
    #[cfg(unix)]
    fn of(m: &std::fs::Metadata) -> FileId {
        use std::os::unix::fs::MetadataExt;
        FileId(m.dev(), m.ino())
    }

    /// Without inodes every file is its own (links are not deduplicated).
    #[cfg(not(unix))]
    fn of(_m: &std::fs::Metadata) -> FileId {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        FileId(0, NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// `dir/a.sgf`, `dir/sub/link.sgf` → `../a.sgf` and `dir/sub/up` → `..`.
    fn linked_tree(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sgfkit-walk-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("a.sgf"), "(;)").unwrap();
        std::os::unix::fs::symlink("../a.sgf", dir.join("sub/link.sgf")).unwrap();
        std::os::unix::fs::symlink("..", dir.join("sub/up")).unwrap();
        dir
    }

    fn walk(w: &mut Walker, dir: &Path) -> (Vec<PathBuf>, Vec<String>) {
        let (mut files, mut errors) = (Vec::new(), Vec::new());
        w.walk(dir, &mut |f| match f {
            Found::File { path, .. } => files.push(path.strip_prefix(dir).unwrap().to_path_buf()),
            Found::Error { message, .. } => errors.push(message),
            _ => {}
        });
        (files, errors)
    }

    #[test]
    fn links_are_skipped_unless_followed_and_loops_refused() {
        let dir = linked_tree("links");
        let (files, errors) = walk(&mut Walker::default(), &dir);
        assert_eq!(files, [PathBuf::from("a.sgf")]);
        assert!(errors.is_empty());
        // Followed: the linked file is a.sgf again (given once), and the
        // link back up is a loop.
        let (files, errors) = walk(&mut Walker::default().follow_links(true), &dir);
        assert_eq!(files, [PathBuf::from("a.sgf")]);
        assert_eq!(errors.len(), 1);
        assert!(errors[0].contains("loops back"), "{errors:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn hard_links_and_skipped_files_are_said() {
        let dir = linked_tree("said");
        std::fs::hard_link(dir.join("a.sgf"), dir.join("b.sgf")).unwrap();
        std::fs::write(dir.join("notes.txt"), "").unwrap();
        let mut seen = Vec::new();
        Walker::default().walk(&dir, &mut |f| {
            let rel = |p: &Path| p.strip_prefix(&dir).unwrap().display().to_string();
            seen.push(match f {
                Found::File { path, .. } => format!("file {}", rel(&path)),
                Found::Duplicate { path, first } => format!("dup {} {}", rel(&path), rel(&first)),
                Found::Skipped { path, why } => format!("skip {} {why:?}", rel(&path)),
                Found::Error { path, .. } => format!("error {}", rel(&path)),
            });
        });
        assert_eq!(
            seen,
            [
                "file a.sgf",
                "dup b.sgf a.sgf",
                "skip notes.txt NotSgf",
                "skip sub/link.sgf Link",
                "skip sub/up Link",
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn one_walker_gives_a_file_once_across_walks() {
        let dir = linked_tree("twice");
        let mut w = Walker::default();
        assert_eq!(walk(&mut w, &dir).0.len(), 1);
        assert_eq!(walk(&mut w, &dir).0.len(), 0);
        assert_eq!(walk(&mut Walker::default(), &dir).0.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Archives are walked as files when this build can open them (named
    /// by the format module's rule), never otherwise.
    #[test]
    fn archives_are_taken_when_the_build_reads_them() {
        let dir = std::env::temp_dir().join(format!("sgfkit-walk-arch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for name in [
            "a.sgf",
            "b.ZIP",
            "c.sgf.gz",
            "d.tgz",
            "notes.gz",
            "e.tar.bz2",
            ".f.zip",
        ] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        let (files, _) = walk(&mut Walker::default(), &dir);
        let names: Vec<_> = files.iter().map(|p| p.to_str().unwrap()).collect();
        if cfg!(feature = "archive") {
            assert_eq!(names, ["a.sgf", "b.ZIP", "c.sgf.gz", "d.tgz", "e.tar.bz2"]);
        } else {
            assert_eq!(names, ["a.sgf"]);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_folder_is_an_error_not_a_panic() {
        let mut errors = 0;
        Walker::default().walk(Path::new("/nonexistent/sgfkit/walk"), &mut |f| {
            assert!(matches!(f, Found::Error { .. }));
            errors += 1;
        });
        assert_eq!(errors, 1);
    }
}
