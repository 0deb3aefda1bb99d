//! Atomic file writes: the one way the toolkit puts a file on disk, shared by
//! building a pack, installing one, `boggle prove`'s checkpoints, `boggle
//! --svg` and Python's `Pack.save`.
//!
//! The rule: only a regular file is ever written, and always by a rename.
//! A path that does not exist yet, or names a regular file, is written as
//! a new file beside it and renamed over it. A symbolic link is followed:
//! the file it leads to (existing or not) is written the same way, beside
//! that file, and the link is left as it is. Anything else at the path (a
//! directory, a device such as `/dev/null` or `/dev/full`, a FIFO, a
//! socket) is refused, so a write can never turn a device or a pipe into a
//! regular file.

use job::Cancel;
use std::io::{self, ErrorKind, Write};
use std::path::{Path, PathBuf};

#[cfg(feature = "build")]
use sha2::{Digest, Sha256};

/// Whether [`write_atomic`] may replace an existing file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replace {
    /// Replace a regular file at the path.
    Yes,
    /// Fail with [`std::io::ErrorKind::AlreadyExists`] if something is.
    No,
}

/// How many symbolic links [`write_atomic`] follows before it gives up
/// (Linux's own limit for a path lookup).
const MAX_LINKS: usize = 40;

/// Writes `bytes` to `path` atomically: a hidden temporary file beside it
/// (`.boggle*.tmp`), written and synced, then renamed over the path.
/// On any failure no file is left behind and an existing file is untouched.
///
/// A symbolic link at `path` is followed and its target written (the link
/// stays); a directory, device, FIFO or socket at `path` (or at the link's
/// target) is refused with [`ErrorKind::InvalidInput`] and an error that
/// says what is there. A
/// missing parent directory is reported as
/// [`ErrorKind::NotFound`] naming that directory, never the temporary file.
///
/// The file gets the permissions of the file it replaces, else `0644`
/// (temporary files are created private, `0600`; a pack is meant to be
/// shared).
///
/// When `cancel` is set by the time the bytes are on disk, the temporary
/// file is removed and the write fails with [`ErrorKind::Interrupted`].
pub fn write_atomic(
    path: &Path,
    bytes: &[u8],
    replace: Replace,
    cancel: Option<&Cancel>,
) -> io::Result<()> {
    let (target, existing) = regular_target(path)?;
    if existing.is_some() && replace == Replace::No {
        return Err(io::Error::new(ErrorKind::AlreadyExists, "already exists"));
    }
    let mut tmp = temporary_in(directory_of(&target))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = existing.map_or(0o644, |m| m.permissions().mode());
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(mode))?;
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    if cancel.is_some_and(Cancel::is_cancelled) {
        // Dropping the temporary file removes it.
        return Err(io::Error::new(ErrorKind::Interrupted, "interrupted"));
    }
    match replace {
        Replace::Yes => tmp.persist(&target).map(drop),
        Replace::No => tmp.persist_noclobber(&target).map(drop),
    }
    .map_err(|e| strip_os_code(e.error))
}

/// Checks, before a long job, that [`write_atomic`] would write at `path`:
/// a regular file, a link to one, or nothing yet, in a directory that
/// exists and takes a new file (a temporary file is made there and
/// removed, so a read-only mount, a directory without write permission or
/// `/proc` are refused now, not after the work).
#[cfg(feature = "build")]
pub(crate) fn check_target(path: &Path) -> io::Result<()> {
    let (target, _) = regular_target(path)?;
    temporary_in(directory_of(&target)).map(drop)
}

/// Checks that a file can be made in `dir`, or, while `dir` does not exist
/// yet, in the nearest directory above it that does (where creating `dir`
/// would begin): a temporary file is made there and removed. For callers
/// that create the directory and write into it after a long job.
pub(crate) fn check_writable(dir: &Path) -> io::Result<()> {
    temporary_in(nearest_directory(dir)).map(drop)
}

/// The nearest directory that exists at or above `path` (`.` when none of
/// a relative path's parts does): where creating `path` would begin, so
/// the one to name when that fails.
pub fn nearest_directory(path: &Path) -> &Path {
    path.ancestors()
        .find(|d| !d.as_os_str().is_empty() && d.is_dir())
        .unwrap_or(Path::new("."))
}

/// A new hidden temporary file in `dir` (`.boggle*.tmp`, removed when
/// dropped), or the error of making it, naming `dir`.
fn temporary_in(dir: &Path) -> io::Result<tempfile::NamedTempFile> {
    tempfile::Builder::new()
        .prefix(".boggle")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| directory_error(dir, e))
}

/// The directory a file at `path` goes in (`.` for a bare file name).
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// The regular file a write to `path` lands in: `path` itself, or the end
/// of the chain of symbolic links it starts, with that file's metadata
/// when it exists. Anything but a regular file there is an error.
fn regular_target(path: &Path) -> io::Result<(PathBuf, Option<std::fs::Metadata>)> {
    // What the whole chain leads to first: a link the kernel resolves
    // itself (`/proc/self/fd/1` to a pipe) has no path to follow.
    if let Ok(meta) = std::fs::metadata(path) {
        refuse_special(&meta.file_type())?;
    }
    let mut target = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = match std::fs::symlink_metadata(&target) {
            Ok(meta) => meta,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok((target, None)),
            Err(e) => return Err(strip_os_code(e)),
        };
        if !meta.file_type().is_symlink() {
            refuse_special(&meta.file_type())?;
            return Ok((target, Some(meta)));
        }
        let next = std::fs::read_link(&target)?;
        target = match target.parent() {
            Some(dir) if next.is_relative() => dir.join(next),
            _ => next,
        };
    }
    Err(io::Error::new(
        ErrorKind::InvalidInput,
        format!("more than {MAX_LINKS} symbolic links in a chain"),
    ))
}

/// An error for anything but a regular file or a link.
fn refuse_special(kind: &std::fs::FileType) -> io::Result<()> {
    if kind.is_file() || kind.is_symlink() {
        Ok(())
    } else if kind.is_dir() {
        // (`ErrorKind::IsADirectory` is newer than the toolkit's MSRV.)
        Err(io::Error::new(ErrorKind::InvalidInput, "is a directory"))
    } else {
        Err(io::Error::new(
            ErrorKind::InvalidInput,
            format!("is {}, not a regular file", special_kind(kind)),
        ))
    }
}

/// What a file that is neither regular, a directory nor a link is, as a
/// phrase ("a FIFO").
fn special_kind(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    let _ = kind;
    "a special file"
}

/// The error of creating the temporary file in `dir`, naming `dir` (the
/// temporary file's random name means nothing to a user): "no such
/// directory" only when it is missing; a directory that exists but takes
/// no new file (no permission, a read-only mount, `/proc`, which answers
/// "not found") is one the user "cannot write into".
fn directory_error(dir: &Path, e: io::Error) -> io::Error {
    let text = match e.kind() {
        ErrorKind::NotFound if !dir.is_dir() => format!("{}: no such directory", dir.display()),
        ErrorKind::NotFound | ErrorKind::PermissionDenied => {
            format!("cannot write into {}", dir.display())
        }
        _ if dir.is_dir() => format!(
            "cannot write into {}: {}",
            dir.display(),
            without_os_code(&e.to_string())
        ),
        _ => format!("{}: {}", dir.display(), without_os_code(&e.to_string())),
    };
    io::Error::new(e.kind(), text)
}

/// An OS error's text without the trailing ` (os error N)`, which says
/// nothing to a user, keeping its kind.
fn strip_os_code(e: io::Error) -> io::Error {
    if e.raw_os_error().is_none() {
        return e;
    }
    let text = without_os_code(&e.to_string());
    io::Error::new(e.kind(), text)
}

/// `text` without the ` (os error N)` an operating-system error carries:
/// the number says nothing to a user, the words before it do. Every front
/// cleans an error's text with this (the CLI's messages, Python's
/// exceptions); a ` (os error x)` that is not a number is left as it is.
pub fn without_os_code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(" (os error ") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + " (os error ".len()..];
        match tail.find(')') {
            Some(end) if tail[..end].bytes().all(|b| b.is_ascii_digit()) => {
                rest = &tail[end + 1..];
            }
            _ => {
                out.push_str(" (os error ");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A path's last component (the whole text if it has none).
#[cfg(feature = "build")]
pub(crate) fn base_name(path: &str) -> String {
    Path::new(path)
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.to_string())
}

/// SHA-256 of `bytes` as lowercase hex.
#[cfg(feature = "build")]
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_replaces_or_refuses_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.pack");
        write_atomic(&path, b"one", Replace::No, None).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        let err = write_atomic(&path, b"two", Replace::No, None).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        write_atomic(&path, b"three", Replace::Yes, None).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"three");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        // Cancelled: an error, the old file kept, no temporary file left.
        let cancel = Cancel::new();
        cancel.cancel();
        let err = write_atomic(&path, b"four", Replace::Yes, Some(&cancel)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Interrupted);
        assert_eq!(std::fs::read(&path).unwrap(), b"three");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o644, "{mode:o}");
        }
    }

    #[test]
    fn a_missing_directory_is_named_not_the_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nodir").join("x.pack");
        let err = write_atomic(&path, b"x", Replace::Yes, None).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::NotFound);
        let text = err.to_string();
        assert!(text.ends_with("nodir: no such directory"), "{text}");
        assert!(
            !text.contains(".boggle") && !text.contains("os error"),
            "{text}"
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_directory_that_takes_no_file_is_one_that_cannot_be_written_into() {
        // /proc exists, but creating a file in it answers "not found".
        let path = Path::new("/proc/x.pack");
        let err = write_atomic(path, b"x", Replace::Yes, None).unwrap_err();
        assert_eq!(err.to_string(), "cannot write into /proc");
        #[cfg(feature = "build")]
        assert_eq!(
            check_target(path).unwrap_err().to_string(),
            "cannot write into /proc"
        );
    }

    #[test]
    fn a_directory_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = write_atomic(dir.path(), b"x", Replace::Yes, None).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput);
        assert_eq!(err.to_string(), "is a directory");
        assert!(dir.path().is_dir());
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_is_followed_and_kept() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("sub").join("real.pack");
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(&real, b"old").unwrap();
        // A relative link, through a second link.
        let link = dir.path().join("link.pack");
        symlink("sub/real.pack", &link).unwrap();
        let link2 = dir.path().join("link2.pack");
        symlink(&link, &link2).unwrap();
        write_atomic(&link2, b"new", Replace::Yes, None).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert!(std::fs::symlink_metadata(&link2)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        // A dangling link: its target is created.
        let dangling = dir.path().join("dangling.pack");
        symlink("sub/new.pack", &dangling).unwrap();
        write_atomic(&dangling, b"made", Replace::No, None).unwrap();
        assert_eq!(
            std::fs::read(dir.path().join("sub/new.pack")).unwrap(),
            b"made"
        );
        assert!(std::fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink());
        // No temporary file left in either directory.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 4);
        assert_eq!(
            std::fs::read_dir(dir.path().join("sub")).unwrap().count(),
            2
        );
        // A loop of links is an error, not a hang.
        let a = dir.path().join("a");
        symlink("b", &a).unwrap();
        symlink("a", dir.path().join("b")).unwrap();
        let err = write_atomic(&a, b"x", Replace::Yes, None).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput, "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn devices_fifos_and_sockets_are_refused_and_left_alone() {
        use std::os::unix::fs::{symlink, FileTypeExt};
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo.pack");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let socket = dir.path().join("socket.pack");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        let null_link = dir.path().join("null.pack");
        symlink("/dev/null", &null_link).unwrap();
        for (path, what) in [
            (fifo.as_path(), "is a FIFO, not a regular file"),
            (socket.as_path(), "is a socket, not a regular file"),
            (
                Path::new("/dev/null"),
                "is a character device, not a regular file",
            ),
            (
                null_link.as_path(),
                "is a character device, not a regular file",
            ),
        ] {
            let err = write_atomic(path, b"x", Replace::Yes, None).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::InvalidInput, "{}", path.display());
            assert_eq!(err.to_string(), what, "{}", path.display());
        }
        assert!(std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo());
        assert!(std::fs::symlink_metadata(&socket)
            .unwrap()
            .file_type()
            .is_socket());
        assert!(std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device());
        assert!(std::fs::symlink_metadata(&null_link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
    }
}
