//! Atomic file writes: the one way the toolkit puts a file on disk, shared by
//! building a pack, installing one and `boggle prove`'s checkpoints.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether [`write_atomic`] may replace an existing file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replace {
    /// Replace whatever is at the path.
    Yes,
    /// Fail with [`std::io::ErrorKind::AlreadyExists`] if something is.
    No,
}

/// Writes `bytes` to `path` atomically: a hidden temporary file beside it
/// (`.boggle*.tmp`), written and synced, then renamed over the path.
/// On any failure no file is left behind and an existing file is untouched.
///
/// The file gets the permissions of the file it replaces, else `0644`
/// (temporary files are created private, `0600`; a pack is meant to be
/// shared).
///
/// When `cancel` is set by the time the bytes are on disk, the temporary
/// file is removed and the write fails with [`std::io::ErrorKind::Interrupted`].
pub fn write_atomic(
    path: &Path,
    bytes: &[u8],
    replace: Replace,
    cancel: Option<&AtomicBool>,
) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".boggle")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).map_or(0o644, |m| m.permissions().mode());
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(mode))?;
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
        // Dropping the temporary file removes it.
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "interrupted",
        ));
    }
    match replace {
        Replace::Yes => tmp.persist(path).map(drop),
        Replace::No => tmp.persist_noclobber(path).map(drop),
    }
    .map_err(|e| e.error)
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
        assert_eq!(err.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        write_atomic(&path, b"three", Replace::Yes, None).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"three");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        // Cancelled: an error, the old file kept, no temporary file left.
        let cancel = AtomicBool::new(true);
        let err = write_atomic(&path, b"four", Replace::Yes, Some(&cancel)).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::Interrupted);
        assert_eq!(std::fs::read(&path).unwrap(), b"three");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o644, "{mode:o}");
        }
    }
}
