//! One version: the workspace's (Cargo.toml's `[workspace.package]`) is
//! every crate's, the Python package's (maturin reads the crate's) and the
//! npm package's, and the changelog has a section for it. The library
//! crates carry what a registry shows of them.

use boggle_tests::workspace_root;

/// The workspace's version.
fn workspace_version() -> String {
    let manifest = std::fs::read_to_string(workspace_root().join("Cargo.toml")).unwrap();
    let manifest: toml::Value = toml::from_str(&manifest).unwrap();
    manifest["workspace"]["package"]["version"]
        .as_str()
        .expect("a version in [workspace.package]")
        .to_owned()
}

/// Each crate's manifest, parsed, by its directory under crates/.
fn crates() -> Vec<(String, toml::Value)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(workspace_root().join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        let Ok(text) = std::fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        out.push((name, toml::from_str(&text).unwrap()));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn every_crate_takes_the_workspace_version() {
    let own: Vec<String> = crates()
        .into_iter()
        .filter(|(name, _)| name != "workspace-hack")
        .filter(|(_, m)| m["package"]["version"].get("workspace").is_none())
        .map(|(name, _)| name)
        .collect();
    assert!(
        own.is_empty(),
        "crates with a version of their own: {own:?}"
    );
}

#[test]
fn the_npm_package_has_the_workspace_version() {
    let text =
        std::fs::read_to_string(workspace_root().join("packages/wordgrid/package.json")).unwrap();
    let package: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(package["version"], workspace_version().as_str());
}

#[test]
fn the_changelog_has_a_section_for_the_version() {
    let log = std::fs::read_to_string(workspace_root().join("CHANGELOG.md")).unwrap();
    let heading = format!("## [{}] - ", workspace_version());
    assert!(
        log.lines().any(|l| l.starts_with(&heading)),
        "CHANGELOG.md has no `{heading}DATE` section"
    );
}

#[test]
fn library_crates_carry_registry_metadata() {
    for (name, manifest) in crates() {
        let package = &manifest["package"];
        if package.get("publish").and_then(|p| p.as_bool()) == Some(false) {
            continue;
        }
        if manifest.get("bin").is_some()
            || manifest
                .get("lib")
                .and_then(|l| l.get("crate-type"))
                .is_some()
        {
            continue;
        }
        for key in [
            "description",
            "license",
            "repository",
            "documentation",
            "keywords",
            "categories",
        ] {
            assert!(
                package.get(key).is_some(),
                "crates/{name}/Cargo.toml: no {key}"
            );
        }
    }
}
