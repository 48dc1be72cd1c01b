//! Finding SGF files in folders, as every `sgfkit` command finds them:
//! each folder walked depth first in sorted order (names compared as
//! bytes), files named `*.sgf` in any case, the records of other formats
//! the crate reads (`*.gib`, `*.ngf`, `*.ugf`, `*.ugi`; see
//! [`crate::import`]) unless [`Walker::sgf_only`] (and, with the `archive`
//! feature, the archives that hold such files: `*.sgf.gz`, `*.zip`, `*.tar`,
//! `*.tar.gz`, `*.tgz`, `*.tar.bz2`; the names are
//! [`format::walked_patterns`](crate::format::walked_patterns)), hidden
//! files and folders (names starting with `.`) skipped, symbolic links skipped unless followed (then
//! a loop back to a folder above is refused, and a file reached twice is
//! taken once). What the walk leaves out is said too: each file skipped and
//! why ([`Found::Skipped`]), each file or folder reached a second time
//! ([`Found::Duplicate`]).
//!
//! A walker remembers the folders it went into and, of the files it gave,
//! only those that can be reached by another path than their folder's: a
//! file with hard links, a file named directly, every file when links are
//! followed. Its memory grows with the folders, not with the files: a
//! million files in a thousand folders cost a thousand entries.
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
//! for found in Walker::default().walk(&dir) {
//!     match found {
//!         Found::File { path, len } => {
//!             names.push((path.strip_prefix(&dir).unwrap().to_path_buf(), len))
//!         }
//!         Found::Skipped { path, why } => skipped.push((path.file_name().unwrap().to_owned(), why)),
//!         _ => {}
//!     }
//! }
//! assert_eq!(names, [("a.sgf".into(), Some(3)), ("b/two.SGF".into(), Some(3))]);
//! assert_eq!(skipped, [(".hidden.sgf".into(), Skip::Hidden), ("notes.txt".into(), Skip::NotSgf)]);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), std::io::Error>(())
//! ```

use crate::format::{Archive, is_read_name};
use std::collections::HashMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

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
    /// A folder that could not be listed, an entry that could not be looked
    /// at, a link that could not be followed or that loops: the walk goes on
    /// without it (the other entries of its folder are still walked).
    Error {
        /// The folder, entry or link.
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
    /// to it, a file named again or named inside a folder walked), given
    /// once, as `first`; or a folder reached a second time (walked twice,
    /// or inside a folder walked before), walked once, as `first`.
    Duplicate {
        /// The path by which it was reached again.
        path: PathBuf,
        /// The path it was given or walked by first.
        first: PathBuf,
        /// A folder (walked once), not a file (given once).
        folder: bool,
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

/// Walks folders for SGF files (see the [module](self)); files and
/// folders reached twice, within one walk or across walks of the same
/// walker, are given or walked once. The traversal is walkdir's.
#[derive(Debug, Default)]
pub struct Walker {
    follow: bool,
    sgf_only: bool,
    /// The files given so far that another path may reach (see
    /// [`Walker::may_come_again`]), by identity, with the path given first.
    seen: HashMap<FileId, PathBuf>,
    /// The folders gone into so far, by identity, with the path walked
    /// first: a file given from one of them and not in `seen` can only
    /// come again through it.
    folders: HashMap<FileId, PathBuf>,
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

    /// Take only `*.sgf` files (and archives) from folders, not the
    /// records of other formats (default: take them).
    ///
    /// ```
    /// let w = sgfkit::walk::Walker::default().sgf_only(true);
    /// # let _ = w;
    /// ```
    pub fn sgf_only(mut self, only: bool) -> Self {
        self.sgf_only = only;
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
            Ok(m) if m.is_file() => match self.walked_to(path) {
                Some(first) => Found::Duplicate {
                    path: path.to_path_buf(),
                    first,
                    folder: false,
                },
                None => self.take(path.to_path_buf(), &m, true),
            },
            _ => Found::File {
                path: path.to_path_buf(),
                len: None,
            },
        }
    }

    /// The path by which a walk of this walker gave the file at `path`
    /// (named directly) without keeping it in `seen`: the file (a link's
    /// target) is one a walk takes, in a folder gone into.
    fn walked_to(&self, path: &Path) -> Option<PathBuf> {
        if self.folders.is_empty() {
            return None;
        }
        let real = match std::fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path).ok()?,
            _ => path.to_path_buf(),
        };
        let name = real.file_name()?;
        if is_hidden(name) || !is_taken(name, self.sgf_only) {
            return None;
        }
        let folder = match real.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let m = std::fs::metadata(folder).ok()?;
        let first = self.folders.get(&FileId::of(folder, &m)?)?;
        Some(first.join(name))
    }

    /// The file at `path` (its metadata `m`, `named` directly or found in
    /// a folder): new, or a duplicate. A file whose identity cannot be told
    /// is given as new.
    fn take(&mut self, path: PathBuf, m: &std::fs::Metadata, named: bool) -> Found {
        let Some(id) = FileId::of(&path, m) else {
            return Found::File {
                path,
                len: Some(m.len()),
            };
        };
        if let Some(first) = self.seen.get(&id) {
            return Found::Duplicate {
                path,
                first: first.clone(),
                folder: false,
            };
        }
        if named || self.may_come_again(m) {
            self.seen.insert(id, path.clone());
        }
        Found::File {
            path,
            len: Some(m.len()),
        }
    }

    /// Whether a file found in a folder may be reached again by another
    /// path than that folder's: when links are followed, when it has hard
    /// links, and wherever hard links cannot be counted.
    fn may_come_again(&self, m: &std::fs::Metadata) -> bool {
        #[cfg(unix)]
        let linked = {
            use std::os::unix::fs::MetadataExt;
            m.nlink() > 1
        };
        #[cfg(not(unix))]
        let linked = {
            let _ = m;
            true
        };
        self.follow || linked
    }

    /// Goes into the folder reached by `path` (its metadata `m`): `None`
    /// the first time, the path it was walked by first after that. A
    /// folder whose identity cannot be told is always new.
    fn enter(&mut self, path: &Path, m: &std::fs::Metadata) -> Option<PathBuf> {
        let id = FileId::of(path, m)?;
        match self.folders.entry(id) {
            std::collections::hash_map::Entry::Occupied(e) => Some(e.get().clone()),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(path.to_path_buf());
                None
            }
        }
    }

    /// Walks the folder `dir`: each SGF file, each file left out and each
    /// error, in walking order; a folder walked before (`dir` itself or one
    /// below it) is one [`Found::Duplicate`], not walked again. Needs no
    /// stack per level of nesting.
    ///
    /// ```
    /// use sgfkit::walk::{Found, Walker};
    /// let mut walker = Walker::default();
    /// let missing = std::path::Path::new("/nonexistent/sgfkit");
    /// let found: Vec<Found> = walker.walk(missing).collect();
    /// assert!(matches!(found[..], [Found::Error { .. }]));
    /// ```
    pub fn walk<'w>(&'w mut self, dir: &Path) -> impl Iterator<Item = Found> + 'w {
        let dir = dir.to_path_buf();
        let mut entries = self.entries(&dir);
        std::iter::from_fn(move || self.step(&dir, &mut entries))
    }

    /// As [`Walker::walk`], the walk owning its walker: an iterator that
    /// can be kept (in a struct, across calls) while the folder is walked
    /// a step at a time. [`Walk::into_walker`] gives the walker back for
    /// the next path, with what it remembers of this walk.
    ///
    /// ```
    /// use sgfkit::walk::{Found, Walker};
    ///
    /// let dir = std::env::temp_dir().join(format!("sgfkit-into-walk-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// std::fs::write(dir.join("a.sgf"), "(;)")?;
    ///
    /// let mut walk = Walker::default().into_walk(&dir);
    /// assert!(matches!(walk.next(), Some(Found::File { len: Some(3), .. })));
    /// assert!(walk.next().is_none());
    /// // The same folder again, with the same walker: walked once.
    /// let mut again = walk.into_walker().into_walk(&dir);
    /// assert!(matches!(again.next(), Some(Found::Duplicate { folder: true, .. })));
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn into_walk(self, dir: &Path) -> Walk {
        let dir = dir.to_path_buf();
        let entries = self.entries(&dir);
        Walk {
            walker: self,
            dir,
            entries,
        }
    }

    /// walkdir's traversal of `dir` as this walker walks.
    fn entries(&self, dir: &Path) -> walkdir::IntoIter {
        WalkDir::new(dir)
            .follow_links(self.follow)
            .sort_by_file_name()
            .into_iter()
    }

    /// The next thing the walk of `dir` finds (`entries` its traversal):
    /// the one step of [`Walker::walk`] and [`Walk`].
    fn step(&mut self, dir: &Path, entries: &mut walkdir::IntoIter) -> Option<Found> {
        loop {
            let entry = match entries.next()? {
                Ok(entry) => entry,
                Err(e) => return Some(walk_error(dir, e)),
            };
            if let Some(found) = self.look_at(&entry) {
                if entry.file_type().is_dir()
                    && matches!(found, Found::Skipped { .. } | Found::Duplicate { .. })
                {
                    entries.skip_current_dir();
                }
                return Some(found);
            }
        }
    }

    /// What the walk makes of one entry (the folder walked, at depth 0, or
    /// one below it); `None` for a folder it goes into.
    fn look_at(&mut self, entry: &walkdir::DirEntry) -> Option<Found> {
        let kind = entry.file_type();
        if entry.depth() == 0 {
            // The folder walked, its links followed (walkdir's root); a
            // file given as the folder to walk gives nothing.
            return if kind.is_dir() {
                self.enter_folder(entry)
            } else {
                None
            };
        }
        let path = entry.path().to_path_buf();
        let skipped = |why| {
            Some(Found::Skipped {
                path: entry.path().to_path_buf(),
                why,
            })
        };
        if is_hidden(entry.file_name()) {
            return skipped(Skip::Hidden);
        }
        if kind.is_symlink() {
            // Not followed (a followed link has its target's type).
            return skipped(Skip::Link);
        }
        if kind.is_dir() {
            return self.enter_folder(entry);
        }
        if !kind.is_file() {
            return skipped(Skip::Special);
        }
        if !is_taken(entry.file_name(), self.sgf_only) {
            return skipped(Skip::NotSgf);
        }
        Some(match entry.metadata() {
            Ok(m) => self.take(path, &m, false),
            Err(_) => Found::File { path, len: None },
        })
    }

    /// `None` for a folder the walk goes into, a [`Found::Duplicate`] for
    /// one it went into before. A folder that cannot be looked at is gone
    /// into (listing it says what is wrong).
    fn enter_folder(&mut self, entry: &walkdir::DirEntry) -> Option<Found> {
        let m = entry.metadata().ok()?;
        let first = self.enter(entry.path(), &m)?;
        Some(Found::Duplicate {
            path: entry.path().to_path_buf(),
            first,
            folder: true,
        })
    }
}

/// The walk of one folder, owning its [`Walker`] ([`Walker::into_walk`]):
/// what it finds, in walking order, as [`Walker::walk`] gives it.
#[derive(Debug)]
pub struct Walk {
    walker: Walker,
    dir: PathBuf,
    entries: walkdir::IntoIter,
}

impl Walk {
    /// The walker, with the folders and files this walk went through
    /// remembered (a path walked next with it gives none of them again).
    /// What is left of this walk is not walked.
    ///
    /// ```
    /// let dir = std::env::temp_dir();
    /// let walker = sgfkit::walk::Walker::default().into_walk(&dir).into_walker();
    /// # let _ = walker;
    /// ```
    pub fn into_walker(self) -> Walker {
        self.walker
    }
}

impl Iterator for Walk {
    type Item = Found;

    fn next(&mut self) -> Option<Found> {
        self.walker.step(&self.dir, &mut self.entries)
    }
}

/// A walkdir error as [`Found::Error`]: the entry it is about (the folder
/// walked when it names none), and why.
fn walk_error(dir: &Path, e: walkdir::Error) -> Found {
    let path = e.path().unwrap_or(dir).to_path_buf();
    let message = if e.loop_ancestor().is_some() {
        "a symbolic link that loops back to a folder above it (not followed)".to_string()
    } else {
        match e.io_error() {
            Some(io) => io.to_string(),
            None => e.to_string(),
        }
    };
    Found::Error { path, message }
}

/// Named `*.sgf` in any case, as a record of another format (unless
/// `sgf_only`), or as an archive this build can open.
fn is_taken(name: &OsStr, sgf_only: bool) -> bool {
    is_read_name(name, sgf_only) || Archive::of_name(name).is_some_and(Archive::readable)
}

fn is_hidden(name: &OsStr) -> bool {
    name.to_str().is_some_and(|s| s.starts_with('.'))
}

/// What tells files apart: device and inode on Unix (from the metadata
/// the walk has already), the file's handle elsewhere (same-file).
#[derive(Debug, PartialEq, Eq, Hash)]
enum FileId {
    #[cfg(unix)]
    Inode(u64, u64),
    #[cfg(not(unix))]
    Handle(same_file::Handle),
}

impl FileId {
    #[cfg(unix)]
    fn of(_path: &Path, m: &std::fs::Metadata) -> Option<FileId> {
        use std::os::unix::fs::MetadataExt;
        Some(FileId::Inode(m.dev(), m.ino()))
    }

    #[cfg(not(unix))]
    fn of(path: &Path, _m: &std::fs::Metadata) -> Option<FileId> {
        same_file::Handle::from_path(path).ok().map(FileId::Handle)
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
        for f in w.walk(dir) {
            match f {
                Found::File { path, .. } => {
                    files.push(path.strip_prefix(dir).unwrap().to_path_buf())
                }
                Found::Error { message, .. } => errors.push(message),
                _ => {}
            }
        }
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
        for f in Walker::default().walk(&dir) {
            let rel = |p: &Path| p.strip_prefix(&dir).unwrap().display().to_string();
            seen.push(match f {
                Found::File { path, .. } => format!("file {}", rel(&path)),
                Found::Duplicate { path, first, .. } => {
                    format!("dup {} {}", rel(&path), rel(&first))
                }
                Found::Skipped { path, why } => format!("skip {} {why:?}", rel(&path)),
                Found::Error { path, .. } => format!("error {}", rel(&path)),
            });
        }
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

    /// Every way of reaching a file or folder again, named on a command
    /// line in either order: each file given once, the rest said.
    #[test]
    fn folders_and_files_reached_again_are_given_once() {
        let dir = linked_tree("again");
        std::fs::write(dir.join("sub/b.sgf"), "(;)").unwrap();
        let rel = |p: &Path| p.strip_prefix(&dir).unwrap().display().to_string();
        let run = |names: &[&str]| {
            let mut w = Walker::default();
            let mut seen = Vec::new();
            for name in names {
                let path = dir.join(name);
                let found: Vec<Found> = if path.is_dir() && !name.ends_with(".sgf") {
                    w.walk(&path).collect()
                } else {
                    vec![w.file(&path)]
                };
                for f in found {
                    match f {
                        Found::File { path, .. } => seen.push(format!("file {}", rel(&path))),
                        Found::Duplicate {
                            path,
                            first,
                            folder,
                        } => {
                            let what = if folder { "folder" } else { "dup" };
                            seen.push(format!("{what} {} {}", rel(&path), rel(&first)))
                        }
                        _ => {}
                    }
                }
            }
            seen
        };
        assert_eq!(run(&["", ""]), ["file a.sgf", "file sub/b.sgf", "folder  "]);
        assert_eq!(
            run(&["", "sub"]),
            ["file a.sgf", "file sub/b.sgf", "folder sub sub"]
        );
        assert_eq!(
            run(&["sub", ""]),
            ["file sub/b.sgf", "file a.sgf", "folder sub sub"]
        );
        assert_eq!(
            run(&["", "a.sgf", "sub/b.sgf", "sub/link.sgf"]),
            [
                "file a.sgf",
                "file sub/b.sgf",
                "dup a.sgf a.sgf",
                "dup sub/b.sgf sub/b.sgf",
                "dup sub/link.sgf a.sgf"
            ]
        );
        assert_eq!(
            run(&["sub/link.sgf", "sub/b.sgf", ""]),
            [
                "file sub/link.sgf",
                "file sub/b.sgf",
                "dup a.sgf sub/link.sgf",
                "dup sub/b.sgf sub/b.sgf"
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A walk keeps the folders it went into and only the files another
    /// path may reach: hard-linked ones, or all when links are followed.
    #[test]
    fn a_walk_keeps_folders_not_every_file() {
        let dir = linked_tree("keeps");
        for i in 0..20 {
            std::fs::write(dir.join(format!("sub/{i}.sgf")), "(;)").unwrap();
        }
        let mut w = Walker::default();
        assert_eq!(walk(&mut w, &dir).0.len(), 21);
        assert_eq!((w.folders.len(), w.seen.len()), (2, 0));
        std::fs::hard_link(dir.join("sub/0.sgf"), dir.join("zero.sgf")).unwrap();
        let mut w = Walker::default();
        assert_eq!(walk(&mut w, &dir).0.len(), 21);
        assert_eq!(w.seen.len(), 1);
        let mut w = Walker::default().follow_links(true);
        assert_eq!(walk(&mut w, &dir).0.len(), 21);
        assert_eq!(w.seen.len(), 21);
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

    /// A walk that owns its walker finds what a borrowed walk finds, and
    /// gives the walker back with what it remembers.
    #[test]
    fn an_owned_walk_finds_what_a_borrowed_one_finds() {
        let dir = linked_tree("owned");
        std::fs::create_dir_all(dir.join("sub/.hidden")).unwrap();
        std::fs::write(dir.join("sub/b.sgf"), "(;)").unwrap();
        std::fs::write(dir.join("sub/notes.txt"), "").unwrap();
        let describe = |found: Vec<Found>| -> Vec<String> {
            found.into_iter().map(|f| format!("{f:?}")).collect()
        };
        let borrowed = describe(Walker::default().walk(&dir).collect());
        let walk = Walker::default().into_walk(&dir);
        let owned = describe(walk.collect());
        assert!(borrowed.len() >= 4, "{borrowed:?}");
        assert_eq!(owned, borrowed);
        // The walker given back remembers the folder: walked once.
        let mut walk = Walker::default().into_walk(&dir);
        assert!(walk.by_ref().any(|f| matches!(f, Found::File { .. })));
        let again: Vec<Found> = walk.into_walker().into_walk(&dir).collect();
        assert!(
            matches!(again[..], [Found::Duplicate { folder: true, .. }]),
            "{again:?}"
        );
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
        let found: Vec<Found> = Walker::default()
            .walk(Path::new("/nonexistent/sgfkit/walk"))
            .collect();
        assert!(matches!(found[..], [Found::Error { .. }]), "{found:?}");
    }
}
