//! The page's TypeScript of a boundary's types (the `ts` feature): how a
//! crate's test turns the declarations ts-rs makes into the generated file
//! the page imports (`web/src/api.ts`, `web/src/room/frames.ts`), and writes
//! it where `npm run types` asks.

/// The generated file: `header` (its comment lines), then every one of
/// `decls` exported.
///
/// # Panics
/// If a declaration is not a `type`, or a field came out as `bigint`
/// (`JSON.parse` gives numbers): both are mistakes in the Rust types, and
/// this runs in their tests.
pub fn declarations(header: &str, decls: &[String]) -> String {
    let mut text = String::from(header);
    for decl in decls {
        assert!(
            decl.starts_with("type ") || decl.contains("\ntype "),
            "{decl}"
        );
        text.push_str("\nexport ");
        text.push_str(decl);
        text.push('\n');
    }
    assert!(!text.contains("bigint"), "{text}");
    text
}

/// Writes `text` to the file the environment variable `var` names, if it
/// names one, through a temporary file beside it, so that a build never
/// reads half a file.
pub fn write_if_asked(var: &str, text: &str) -> std::io::Result<()> {
    let Some(path) = std::env::var_os(var) else {
        return Ok(());
    };
    let path = std::path::PathBuf::from(path);
    let tmp = path.with_extension("ts.tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, &path)
}
