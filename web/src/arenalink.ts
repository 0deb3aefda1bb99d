// The arena's entry on the first screen: "Play now" with the time to the
// next round, shown only where the site is served by the room server (a
// static host answers `/arena` with no arena, and the entry stays hidden).
import type { ArenaStatus } from "./room/protocol";
import { clock } from "./game";
import { $ } from "./site";

/** The host's arena clock, or null where it has none. */
async function arenaStatus(): Promise<ArenaStatus | null> {
  try {
    const r = await fetch("arena", { cache: "no-store" });
    if (!r.ok) return null;
    const status = (await r.json()) as ArenaStatus;
    return status.round ? status : null;
  } catch {
    return null; // a static host, or offline: no arena here
  }
}

/** Whether the entry was offered (once a page). */
let offered = false;

/** Asks the host for its arena; if it has one, shows the entry and keeps its countdown (asking again as each round starts). */
export async function offerArena(): Promise<void> {
  if (offered) return;
  offered = true;
  let status = await arenaStatus();
  if (!status) return;
  let at = performance.now();
  const link = $("arena-entry");
  link.hidden = false;
  const show = async (): Promise<void> => {
    if (!status) return;
    const gone = performance.now() - at;
    const left = status.round.left_ms - gone;
    const next = status.round.next_ms - gone;
    if (left <= 0 && next <= 0) {
      status = (await arenaStatus()) ?? status;
      at = performance.now();
      return;
    }
    const text = left > 0 ? `on now, ${clock(left)} left` : `next in ${clock(next)}`;
    if ($("arena-next").textContent !== text) $("arena-next").textContent = text;
  };
  await show();
  window.setInterval(() => void show(), 1000);
}
