//! `boggle-room`: the room server. This file reads the command line, sets up
//! logging and hands over to the library's `serve`.

use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

mod config_file;
mod open_files;

use anyhow::Context;
use boggle_room::{ArenaConfig, Config, Limits};
use clap::{CommandFactory, Parser};

/// Live rooms: friends play one board at the same time, every word judged
/// here. Serves the web app (scripts/build-web builds it) with its rooms
/// page at /room.html, the room connections at /ws and a health check at
/// /health and its counters at /metrics. Rooms and rounds are kept in a
/// SQLite file (--store), so a restart ends none of them.
#[derive(Parser)]
#[command(name = "boggle-room", version = boggle_cli::VERSION, about, args_override_self = true)]
struct Args {
    /// Settings from a TOML file, each key a flag's long name
    /// (`max-connections = 20000`); flags given here win.
    /// (Read before clap sees the command line: see config_file.rs.)
    #[arg(long = "config", value_name = "FILE")]
    _config: Option<PathBuf>,
    /// Where to listen (HOST:PORT; port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "HOST:PORT")]
    addr: SocketAddr,
    /// The built web app, served as is; its packs are the rooms' languages
    /// [default: share/boggle/site beside the program's bin/ (the release
    /// archive), else web/dist (a checkout)].
    #[arg(long, value_name = "DIR")]
    site: Option<PathBuf>,
    /// Serve no site: rooms in the built-in languages only.
    #[arg(long, conflicts_with = "site")]
    no_site: bool,
    /// The SQLite file rooms and rounds are kept in, created if missing;
    /// one server a file [default: rooms.db in $STATE_DIRECTORY (systemd),
    /// else in $XDG_STATE_HOME/boggle-room or ~/.local/state/boggle-room].
    #[arg(long, value_name = "FILE")]
    store: Option<PathBuf>,
    /// Keep rooms in memory only: a restart ends them.
    #[arg(long, conflicts_with = "store")]
    no_store: bool,
    /// Keep the arena in this PostgreSQL database (postgres://USER@HOST/DB),
    /// which several instances may share: one leaderboard for all of them.
    /// Rooms stay in --store. (A password is better in the --config file
    /// than on the command line, which other users of the machine see.)
    #[arg(long, value_name = "URL", value_parser = database_url)]
    database: Option<String>,
    /// Another origin whose pages may open rooms (repeat for more).
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    origins: Vec<String>,
    /// Open connections at most [default: 10000, or what the open-file
    /// limit allows].
    #[arg(long, value_name = "N")]
    max_connections: Option<usize>,
    /// Open connections one client address may hold.
    #[arg(long, default_value_t = Limits::default().per_client, value_name = "N")]
    max_per_client: usize,
    /// Rooms created by one client address open at once.
    #[arg(long, default_value_t = Limits::default().rooms_per_client, value_name = "N")]
    rooms_per_client: usize,
    /// Rooms (and arena friends' boards) one client address may start a minute.
    #[arg(long, default_value_t = Limits::default().creates_per_minute, value_name = "N")]
    creates_per_minute: u32,
    /// Joins one client address may make a minute.
    #[arg(long, default_value_t = Limits::default().joins_per_minute, value_name = "N")]
    joins_per_minute: u32,
    /// Wrong room (or friends' board) codes one client address may give a minute.
    #[arg(long, default_value_t = Limits::default().guesses_per_minute, value_name = "N")]
    guesses_per_minute: u32,
    /// A proxy (address or network, 10.0.0.0/8) whose X-Forwarded-For and
    /// Forwarded headers name the client (repeat for more).
    #[arg(long = "trust-proxy", value_name = "ADDR")]
    trust_proxy: Vec<ipnet::IpNet>,
    /// Rooms at most.
    #[arg(long, default_value_t = Limits::default().max_rooms, value_name = "N")]
    max_rooms: usize,
    /// Players in a room at most (watchers apart).
    #[arg(long, default_value_t = Limits::default().max_players, value_name = "N")]
    max_players: usize,
    /// Watchers in a room at most.
    #[arg(long, default_value_t = Limits::default().max_watchers, value_name = "N")]
    max_watchers: usize,
    /// The largest message a client may send, in bytes.
    #[arg(long, default_value_t = Limits::default().max_message, value_name = "BYTES")]
    max_message: usize,
    /// Messages a connection may send a second.
    #[arg(long, default_value_t = Limits::default().rate, value_name = "N")]
    rate: u32,
    /// Messages a connection may send at once beyond the rate.
    #[arg(long, default_value_t = Limits::default().burst, value_name = "N")]
    burst: u32,
    /// Close a room nobody has used for this many minutes.
    #[arg(long, default_value_t = Limits::default().idle.as_secs() / 60, value_name = "MINUTES")]
    idle_minutes: u64,
    /// Keep a dropped player's seat this many seconds for them to come back.
    #[arg(long, default_value_t = Limits::default().grace.as_secs(), value_name = "SECONDS")]
    grace_seconds: u64,
    /// The arena's game for a player who names none.
    #[arg(long, default_value_t = ArenaConfig::default().game, value_name = "GAME", value_parser = game_id)]
    arena_game: String,
    /// Seconds of play an arena round, instead of the game's (tests and
    /// demonstrations; every instance sharing a store must agree).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..=3600))]
    arena_play: Option<u32>,
    /// Seconds of results between arena rounds, instead of the game's.
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..=3600))]
    arena_results: Option<u32>,
}

/// A game of the library's table, by its id (`wordament`, `boggle`).
fn game_id(id: &str) -> Result<String, String> {
    solve::game::Game::named(id)
        .map(|g| g.id)
        .map_err(|e| e.to_string())
}

/// A PostgreSQL connection string, read as the client will read it.
fn database_url(url: &str) -> Result<String, String> {
    if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
        return Err("give a PostgreSQL URL: postgres://USER@HOST/DATABASE".into());
    }
    url.parse::<postgres::Config>()
        .map(|_| url.to_string())
        .map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let args = match config_file::args(&Args::command()) {
        Ok(argv) => Args::parse_from(argv),
        Err(e) => {
            eprintln!("boggle-room: error: {e:#}");
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        // Colours for a terminal only: a service's log is a file or a
        // journal, read by tools.
        .with_ansi(std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none())
        .init();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("boggle-room: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// The site when no --site is given: the release archive's, beside the
/// program (`bin/boggle-room` and `share/boggle/site`), if it is there; else
/// the checkout's build, from the working directory.
fn default_site() -> PathBuf {
    let archive = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("share/boggle/site")));
    match archive {
        Some(site) if site.join("index.html").is_file() => site,
        _ => PathBuf::from("web/dist"),
    }
}

fn run(args: Args) -> anyhow::Result<()> {
    // Resolved once, so the log names the directory served whatever the
    // working directory becomes.
    let site = match (args.no_site, args.site.unwrap_or_else(default_site)) {
        (true, _) => None,
        (false, site) if site.join("index.html").is_file() => Some(
            site.canonicalize()
                .with_context(|| format!("cannot resolve {}", site.display()))?,
        ),
        (false, site) => anyhow::bail!(
            "no web app at {} (build it with scripts/build-web, or give --site DIR, or --no-site)",
            site.display()
        ),
    };
    let store = match (args.no_store, args.store) {
        (true, _) => None,
        (false, Some(path)) => Some(path),
        (false, None) => Some(default_store()?),
    };
    let max_connections = open_files::fit(args.max_connections)?;
    let config = Config {
        site,
        origins: args.origins,
        trust_proxy: args.trust_proxy,
        store,
        database: args.database,
        arena: ArenaConfig {
            game: args.arena_game,
            play: args.arena_play,
            results: args.arena_results,
            ..ArenaConfig::default()
        },
        limits: Limits {
            max_connections,
            per_client: args.max_per_client,
            rooms_per_client: args.rooms_per_client,
            creates_per_minute: args.creates_per_minute,
            joins_per_minute: args.joins_per_minute,
            guesses_per_minute: args.guesses_per_minute,
            max_rooms: args.max_rooms,
            max_players: args.max_players,
            max_watchers: args.max_watchers,
            max_message: args.max_message,
            rate: args.rate,
            burst: args.burst,
            idle: Duration::from_secs(args.idle_minutes * 60),
            grace: Duration::from_secs(args.grace_seconds),
            ..Limits::default()
        },
    };
    let runtime = tokio::runtime::Runtime::new().context("starting the runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .with_context(|| format!("cannot listen on {}", args.addr))?;
        boggle_room::serve(listener, config, stop_signal()).await?;
        Ok(())
    })
}

/// Where rooms are kept when `--store` is not given: the state directory
/// systemd gives the service, else the user's (XDG's) state directory.
fn default_store() -> anyhow::Result<PathBuf> {
    let var = |name| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var("STATE_DIRECTORY") {
        // systemd may list several, separated by colons: the first.
        let first = dir
            .to_string_lossy()
            .split(':')
            .next()
            .unwrap_or_default()
            .to_string();
        return Ok(PathBuf::from(first).join("rooms.db"));
    }
    let state = var("XDG_STATE_HOME")
        .or_else(|| var("HOME").map(|h| h.join(".local/state")))
        .context("no state directory to keep rooms in ($STATE_DIRECTORY, $XDG_STATE_HOME and $HOME are unset): give --store FILE, or --no-store")?;
    Ok(state.join("boggle-room").join("rooms.db"))
}

/// Ctrl-C, or SIGTERM (how service managers stop a server).
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = signal(SignalKind::terminate()).expect("a SIGTERM handler");
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}
