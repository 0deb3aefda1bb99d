//! Reading a board from a file or a stream: the one reader every front
//! uses (`boggle BOARD_FILE`, `boggle -`, Python's `Solver.solve(Path)`),
//! so that a byte-order mark, blank lines and spaces around a line mean
//! the same everywhere.

use std::path::{Path, PathBuf};

use thiserror::Error;

/// A board's text as read: the text without a leading byte-order mark, and
/// its lines that hold something, trimmed (several of them are the board's
/// rows, or several boards by mistake: the caller decides).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardFile {
    /// The text, without a leading byte-order mark.
    pub text: String,
    /// Its non-blank lines, trimmed.
    pub lines: Vec<String>,
}

/// A board file that cannot be read.
#[derive(Debug, Error)]
pub enum BoardFileError {
    /// The file cannot be read.
    #[error("{}: {}", path.display(), os_text(source))]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The bytes are not UTF-8.
    #[error("{what} is not UTF-8 text (byte {byte})")]
    NotUtf8 {
        /// What was read (`board file x.txt`, `standard input`).
        what: String,
        /// The 1-based position of the first byte that is not.
        byte: usize,
    },
}

fn os_text(e: &std::io::Error) -> String {
    prep::without_os_code(&e.to_string())
}

impl BoardFile {
    /// Reads a board file.
    pub fn read(path: &Path) -> Result<BoardFile, BoardFileError> {
        let bytes = std::fs::read(path).map_err(|source| BoardFileError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        BoardFile::from_bytes(bytes, &format!("board file {}", path.display()))
    }

    /// A board from bytes read elsewhere (standard input), `what` naming
    /// them in an error.
    pub fn from_bytes(bytes: Vec<u8>, what: &str) -> Result<BoardFile, BoardFileError> {
        let text = String::from_utf8(bytes).map_err(|e| BoardFileError::NotUtf8 {
            what: what.to_string(),
            byte: e.utf8_error().valid_up_to() + 1,
        })?;
        let text = match text.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_string(),
            None => text,
        };
        let lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect();
        Ok(BoardFile { text, lines })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_blank_lines_and_bad_bytes() {
        let f = BoardFile::from_bytes("\u{feff}ab\r\n\n  cd \n".into(), "x").unwrap();
        assert_eq!(f.text, "ab\r\n\n  cd \n");
        assert_eq!(f.lines, ["ab", "cd"]);
        let e = BoardFile::from_bytes(vec![b'a', 0xff], "standard input").unwrap_err();
        assert_eq!(e.to_string(), "standard input is not UTF-8 text (byte 2)");
        let e = BoardFile::read(Path::new("/no/such/board.txt")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "/no/such/board.txt: No such file or directory"
        );
    }
}
