//! `--config FILE`: the server's settings in TOML, each key a flag's long
//! name (`max-connections = 20000`, `trust-proxy = ["10.0.0.0/8"]`,
//! `no-site = true`). The file is read as if its settings were given
//! first on the command line, so a flag given there wins, and a list
//! (`allow-origin`, `trust-proxy`) takes both.

use std::ffi::OsString;
use std::path::Path;

use anyhow::{bail, Context};

/// The command line with the settings of the `--config` file it names (if
/// any) put before its own flags, for clap to read.
pub fn args(command: &clap::Command) -> anyhow::Result<Vec<OsString>> {
    let given: Vec<OsString> = std::env::args_os().collect();
    let mut out = Vec::with_capacity(given.len());
    let mut rest = Vec::new();
    let mut file = None;
    let mut iter = given.into_iter();
    out.extend(iter.next());
    while let Some(arg) = iter.next() {
        match arg.to_str() {
            Some("--config") => file = iter.next(),
            Some(a) if a.starts_with("--config=") => file = Some(a["--config=".len()..].into()),
            _ => rest.push(arg),
        }
    }
    if let Some(file) = file {
        out.extend(settings(Path::new(&file), command)?);
    }
    out.extend(rest);
    Ok(out)
}

/// A config file's settings as flags.
fn settings(path: &Path, command: &clap::Command) -> anyhow::Result<Vec<OsString>> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {shown}"))?;
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| anyhow::anyhow!("{shown}: {}", e.message()))?;
    let known: Vec<&str> = command
        .get_arguments()
        .filter_map(|a| a.get_long())
        .filter(|l| *l != "config" && *l != "help" && *l != "version")
        .collect();
    let mut flags = Vec::new();
    for (key, value) in table {
        if !known.contains(&key.as_str()) {
            bail!(
                "{shown}: no setting {key:?} (the settings are the flags' long names: {})",
                known.join(", ")
            );
        }
        let flag = format!("--{key}");
        let mut push = |v: &toml::Value| -> anyhow::Result<()> {
            let text = match v {
                toml::Value::String(s) => s.clone(),
                toml::Value::Integer(n) => n.to_string(),
                toml::Value::Float(x) => x.to_string(),
                other => bail!("{shown}: {key} = {other}: give a string or a number"),
            };
            flags.push(OsString::from(&flag));
            flags.push(OsString::from(text));
            Ok(())
        };
        match &value {
            toml::Value::Boolean(true) => flags.push(OsString::from(&flag)),
            toml::Value::Boolean(false) => {}
            toml::Value::Array(items) => {
                for item in items {
                    push(item)?;
                }
            }
            other => push(other)?,
        }
    }
    Ok(flags)
}
