//! The page's TypeScript of a boundary's types (the `ts` feature): how a
//! crate's test turns the declarations ts-rs makes into the generated file
//! the page imports (`packages/wordgrid/src/api.ts`, `web/src/room/frames.ts`), and writes
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

/// Keeps the committed generated file `committed` (a path from the
/// workspace root) in step with `text`. With the environment variable `var`
/// set (as `npm run types` sets it), writes `text` to the file it names,
/// through a temporary file beside it, so that a build never reads half a
/// file. Without it, fails if the committed file differs: a renamed field
/// or export fails the tests (and CI), not the page.
///
/// # Panics
/// If the committed file is missing or differs from `text`: this runs in
/// the boundary types' tests.
pub fn check_or_write(committed: &str, var: &str, text: &str) -> std::io::Result<()> {
    if let Some(path) = std::env::var_os(var) {
        let path = std::path::PathBuf::from(path);
        let tmp = path.with_extension("ts.tmp");
        std::fs::write(&tmp, text)?;
        return std::fs::rename(&tmp, &path);
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let on_disk = std::fs::read_to_string(root.join(committed)).unwrap_or_default();
    assert!(
        on_disk == text,
        "{committed} differs from what the Rust types generate: run `npm run types` in web/ and commit it"
    );
    Ok(())
}
