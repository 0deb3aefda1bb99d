//! The open-file limit against the connection limit: every connection is
//! a socket, so a server allowed more connections than open files would
//! fail its accepts instead of refusing cleanly.

use anyhow::bail;
use boggle_room::Limits;

/// Open files the server needs besides its connections: the listener, the
/// log, the packs, the site's files being served.
const RESERVE: u64 = 64;

/// The connection limit to run with: `asked` (or the default), after
/// raising the soft open-file limit as far as the hard one lets. Past the
/// hard limit, an asked-for limit is refused with what to do; the default
/// is lowered to fit, and the log says so.
pub fn fit(asked: Option<usize>) -> anyhow::Result<usize> {
    let wanted = asked.unwrap_or(Limits::default().max_connections);
    let Some((soft, hard)) = limits() else {
        return Ok(wanted);
    };
    let needed = wanted as u64 + RESERVE;
    let mut have = soft;
    if soft < needed {
        let raised = needed.min(hard);
        if set_soft(raised, hard) {
            have = raised;
        }
    }
    if have >= needed {
        return Ok(wanted);
    }
    let fits = usize::try_from(have.saturating_sub(RESERVE)).unwrap_or(usize::MAX);
    if asked.is_some() {
        bail!(
            "--max-connections {wanted} needs {needed} open files, and this process may open {have} \
             (raise the limit: ulimit -n {needed}, or LimitNOFILE={needed} in a systemd unit; or give \
             --max-connections {fits})"
        );
    }
    tracing::warn!(
        open_files = have,
        max_connections = fits,
        "the open-file limit allows {fits} connections, not {wanted}: raise it (ulimit -n, LimitNOFILE=) for more"
    );
    Ok(fits)
}

/// The soft and hard open-file limits.
fn limits() -> Option<(u64, u64)> {
    let mut rl = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given, nothing else.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut rl) } == 0;
    ok.then_some((rl.rlim_cur, rl.rlim_max))
}

/// Sets the soft open-file limit; `false` if the system refused.
fn set_soft(soft: u64, hard: u64) -> bool {
    let rl = libc::rlimit {
        rlim_cur: soft,
        rlim_max: hard,
    };
    // SAFETY: setrlimit reads the struct it is given, nothing else.
    unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &rl) == 0 }
}
