//! Atomic file writes: the one way this crate puts a file on disk, shared by
//! building a pack and installing one.

use std::io::Write;
use std::path::Path;

/// Whether [`write_atomic`] may replace an existing file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Replace {
    /// Replace whatever is at the path.
    Yes,
    /// Fail with [`std::io::ErrorKind::AlreadyExists`] if something is.
    No,
}

/// Writes `bytes` to `path` atomically: a hidden temporary file beside it
/// (`.boggle-pack*.tmp`), written and synced, then renamed over the path.
/// On any failure no file is left behind and an existing file is untouched.
///
/// The file gets the permissions of the file it replaces, else `0644`
/// (temporary files are created private, `0600`; a pack is meant to be
/// shared).
pub(crate) fn write_atomic(path: &Path, bytes: &[u8], replace: Replace) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".boggle-pack")
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
        write_atomic(&path, b"one", Replace::No).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        let err = write_atomic(&path, b"two", Replace::No).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        write_atomic(&path, b"three", Replace::Yes).unwrap();
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
