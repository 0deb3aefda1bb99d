// The arena page (docs/arena.md): enter with a screen name, play each
// round on the server's clock with everyone online in the language, hear
// your place every few seconds, then the results (your rank and
// percentile, the top ten, the best words with who found them, the words
// nobody found) and the leaderboards, with a countdown to the next round.
// The device's token, kept in localStorage, makes it the same player on
// every visit.
import "../style.css";
import { clock } from "../game";
import { $, LiveRound, shownCode } from "../room/live";
import type { ArenaStatus, Reply } from "../room/protocol";
import { RoomSocket } from "../room/socket";
import { today } from "../daily";
import { DailyEnd } from "./daily";
import { Leaderboards, ordinal, Results } from "./results";

/** This device in the arena: its secret and the name it plays under. */
interface Device {
  token: string;
  name: string;
}

const DEVICE_KEY = "wordgrid.arena";
const NAME_KEY = "wordgrid.name";
const LANG_KEY = "wordgrid.lang";
/** The friends' board this device plays on last. */
const GROUP_KEY = "wordgrid.arena.group";
/** Set in this tab while it plays: a reload goes straight back in. */
const PLAYING_KEY = "wordgrid.arena.playing";

function savedDevice(): Device | null {
  try {
    return JSON.parse(localStorage.getItem(DEVICE_KEY) ?? "null") as Device | null;
  } catch {
    return null;
  }
}

type Phase = "entry" | "between" | "round" | "daily-end";

/** What the page enters: the arena's rounds, or today's board alone. */
type Mode = "arena" | "daily";

class ArenaPage {
  private socket: RoomSocket | null = null;
  private device = savedDevice();
  private readonly live = new LiveRound((request) => this.socket?.send(request) ?? false);
  private readonly results = new Results();
  private readonly dailyEnd = new DailyEnd();
  private mode: Mode = sessionStorage.getItem(PLAYING_KEY) === "daily" ? "daily" : "arena";
  private readonly boards = new Leaderboards();
  private readonly params = new URLSearchParams(location.search);
  /** The game asked for in the address, else the server's. */
  private readonly game = this.params.get("game");
  private lang = this.params.get("lang") ?? localStorage.getItem(LANG_KEY) ?? "en";
  /** When the next round starts (performance.now() time), between rounds. */
  private nextAt = 0;
  private statusTimer: number | null = null;
  /** The friends' board to enter with: a code, "" for a new one, null for none. */
  private group: string | null = this.params.get("group") ?? localStorage.getItem(GROUP_KEY);
  /** The entry's countdown from `/arena`: the round on, or the next. */
  private entryTimes: { left: number; next: number; at: number } | null = null;

  constructor() {
    $<HTMLInputElement>("name").value = this.device?.name ?? localStorage.getItem(NAME_KEY) ?? "";
    $<HTMLInputElement>("group").value = this.group ?? "";
    // A friend's link opens the friends' board's part of the form.
    if (this.params.get("group")) $<HTMLDetailsElement>("friends").open = true;
    $("enter-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.group = $<HTMLInputElement>("group").value.trim() || null;
      this.mode = "arena";
      this.enter();
    });
    $("play-daily").addEventListener("click", () => {
      this.mode = "daily";
      this.enter();
    });
    $("daily-arena").addEventListener("click", () => {
      this.mode = "arena";
      this.enter();
    });
    $("new-group").addEventListener("click", () => {
      this.group = "";
      this.mode = "arena";
      this.enter();
    });
    $("leave").addEventListener("click", () => this.leave());
    $("copy-group").addEventListener("click", () => {
      const link = $<HTMLInputElement>("group-link").value;
      navigator.clipboard.writeText(link).then(
        () => ($("copy-note").textContent = "Link copied: send it to your friends."),
        () => ($("copy-note").textContent = "Copy the link above by hand."),
      );
    });
    $<HTMLSelectElement>("lang").addEventListener("change", () => {
      this.lang = $<HTMLSelectElement>("lang").value;
      void this.boards.load(this.game, this.lang);
    });
    this.show("entry");
    void this.status();
    this.statusTimer = window.setInterval(() => void this.status(), 5000);
    window.setInterval(() => this.tick(), 250);
    void this.boards.load(this.game, this.lang);
    if (this.device?.token && sessionStorage.getItem(PLAYING_KEY)) this.enter();
  }

  /** Asks `/arena` for the round on the clock and the players per language. */
  private async status(): Promise<void> {
    let answer: ArenaStatus;
    try {
      const r = await fetch(`arena${this.game ? `?game=${encodeURIComponent(this.game)}` : ""}`, { cache: "no-store" });
      answer = (await r.json()) as ArenaStatus;
      if (!r.ok || !answer.round) throw new SyntaxError((answer as { error?: string }).error ?? "no arena");
    } catch (e) {
      if (e instanceof SyntaxError) this.noServerHere();
      return;
    }
    document.body.dataset.arena = "open";
    this.entryTimes = { left: answer.round.left_ms, next: answer.round.next_ms, at: performance.now() };
    const select = $<HTMLSelectElement>("lang");
    const chosen = select.value || this.lang;
    select.replaceChildren(
      ...answer.languages.map((l) => {
        const o = document.createElement("option");
        o.value = l.lang;
        o.textContent = l.players ? `${l.name} (${l.players} playing)` : l.name;
        return o;
      }),
    );
    select.value = answer.languages.some((l) => l.lang === chosen) ? chosen : "en";
    this.lang = select.value;
    $("entry-title").textContent = `${answer.game_label}: one board for everyone`;
    this.tick();
  }

  /** A host that answers `/arena` with no arena serves the site alone. */
  private noServerHere(): void {
    if (this.statusTimer !== null) window.clearInterval(this.statusTimer);
    document.body.dataset.arena = "none";
    $<HTMLButtonElement>("play-now").disabled = true;
    $("boards").hidden = true;
    this.say("The arena needs the room server (boggle-room), and this site is served without one. Play alone, or run boggle-room.", "bad");
  }

  private enter(): void {
    const name = $<HTMLInputElement>("name").value.trim() || this.device?.name;
    if (!name) {
      $<HTMLFormElement>("enter-form").reportValidity();
      return;
    }
    localStorage.setItem(NAME_KEY, name);
    this.lang = $<HTMLSelectElement>("lang").value || this.lang;
    this.device = { token: this.device?.token ?? "", name };
    if (this.socket) {
      this.sendEntry();
      return;
    }
    this.say("Connecting…", "info");
    this.socket = new RoomSocket(
      {
        open: () => this.sendEntry(),
        message: (m) => this.receive(m),
        lost: (attempt) => {
          this.live.stopClock();
          this.say(`Connection lost. Reconnecting${attempt > 1 ? ` (try ${attempt})` : ""}… Your words are kept.`, "bad");
        },
      },
      null,
    );
  }

  /** Enters the arena, or today's board (again, after a drop: the token
   * keeps the player and its play). */
  private sendEntry(): void {
    if (!this.device || !this.socket) return;
    if (this.mode === "daily") {
      this.socket.send({
        type: "daily",
        name: this.device.name,
        lang: this.lang,
        date: today(),
        ...(this.device.token ? { token: this.device.token } : {}),
        ...(this.game ? { game: this.game } : {}),
      });
      return;
    }
    this.socket.send({
      type: "arena",
      name: this.device.name,
      lang: this.lang,
      ...(this.device.token ? { token: this.device.token } : {}),
      ...(this.game ? { game: this.game } : {}),
      ...(this.group !== null ? { group: this.group } : {}),
    });
  }

  private receive(m: Reply): void {
    switch (m.type) {
      case "arena_welcome":
        this.device = { token: m.token, name: m.name };
        localStorage.setItem(DEVICE_KEY, JSON.stringify(this.device));
        localStorage.setItem(LANG_KEY, m.lang);
        sessionStorage.setItem(PLAYING_KEY, this.mode === "daily" ? "daily" : m.lang);
        this.lang = m.lang;
        document.body.dataset.player = m.player;
        this.results.game = m.game;
        this.dailyEnd.game = m.game;
        document.body.dataset.lang = m.lang;
        this.say("", "");
        this.joined(m.group);
        $("who").textContent = `You play as ${m.name}: ${m.game_label}, ${$<HTMLSelectElement>("lang").selectedOptions[0]?.textContent?.replace(/ \(.*/, "") ?? m.lang}.`;
        break;
      case "arena_round":
        document.body.dataset.start = m.start;
        delete document.body.dataset.results;
        $("place").textContent = this.mode === "daily" ? "Today's board: your one play of the day, ranked with everyone who plays it today." : "\u00a0";
        this.live.start(m, m.mine.length ? "Back in the round: your words are kept." : "Trace words: drag through neighbouring letters.");
        this.show("round");
        break;
      case "arena_wait":
        this.waitFor(m.next_ms);
        break;
      case "arena_place":
        $("place").textContent = `${ordinal(m.rank)} of ${m.players} so far, ${m.players === 1 ? "the only player yet" : `ahead of ${Math.round(m.percentile)}% of players`}`;
        document.body.dataset.rank = String(m.rank);
        break;
      case "verdict":
        this.live.verdict(m);
        break;
      case "daily_results":
        this.live.stop();
        sessionStorage.removeItem(PLAYING_KEY);
        this.dailyEnd.show(m);
        document.body.dataset.daily = m.day.date;
        this.show("daily-end");
        $("daily-title").focus({ preventScroll: true });
        break;
      case "arena_results":
        this.live.stop();
        this.results.round(m);
        document.body.dataset.results = m.start;
        this.waitFor(m.next_ms);
        $("results").hidden = false;
        $("between-title").textContent = "Results";
        $("between-title").focus({ preventScroll: true });
        break;
      case "arena_mine":
        this.results.mine(m);
        document.body.dataset.mine = m.start;
        // The leaderboards, once they hold this round.
        void this.boards.load(this.game, this.lang, undefined, m.start);
        break;
      case "error":
        if (m.code === "no_group") {
          // A code mistyped or from another server: forgotten, to be fixed.
          localStorage.removeItem(GROUP_KEY);
          $<HTMLDetailsElement>("friends").open = true;
        }
        if (this.live.on) this.live.say(m.message, "bad");
        else this.say(m.message, "bad");
        break;
      case "bye":
        this.say(m.message, "bad");
        break;
      default:
        break;
    }
  }

  /** Leaves the arena (to play in another language, or under another
   * name): the connection closed, the entry shown. A round's words stay
   * counted, as a dropped player's do. */
  private leave(): void {
    this.socket?.stop();
    this.socket = null;
    sessionStorage.removeItem(PLAYING_KEY);
    this.live.stop();
    delete document.body.dataset.results;
    $("results").hidden = true;
    this.show("entry");
    this.say("You left the arena. Your results are kept.", "info");
    void this.status();
  }

  /** Entered on the friends' board `code` (or none): its link to share, its leaderboards offered. */
  private joined(code: string | null): void {
    // Coming back after a drop joins the same board again.
    this.group = code;
    $("group-share").hidden = code === null;
    this.boards.offer(code);
    if (code === null) return;
    localStorage.setItem(GROUP_KEY, code);
    $<HTMLInputElement>("group").value = code;
    $("group-code").textContent = shownCode(code);
    const link = new URL("arena.html", location.href);
    link.searchParams.set("group", code);
    $<HTMLInputElement>("group-link").value = link.href;
  }

  /** Between rounds: the countdown to the next. */
  private waitFor(ms: number): void {
    this.live.stop();
    this.nextAt = performance.now() + ms;
    if (!document.body.dataset.results) $("between-title").textContent = "Next round";
    this.show("between");
    this.tick();
  }

  private tick(): void {
    const now = performance.now();
    if (document.body.dataset.phase === "between") {
      $("next").textContent = `Next round in ${clock(Math.max(0, this.nextAt - now))}`;
    } else if (this.entryTimes) {
      const gone = now - this.entryTimes.at;
      const left = this.entryTimes.left - gone;
      $("entry-clock").textContent =
        left > 0 ? `A round is on: ${clock(left)} left. Join now and play what is left.` : `Next round in ${clock(Math.max(0, this.entryTimes.next - gone))}`;
    }
  }

  private show(phase: Phase): void {
    document.body.dataset.phase = phase;
    for (const p of ["entry", "between", "round", "daily-end"] as const) $(p).hidden = p !== phase;
    $("boards").hidden = phase === "round" || document.body.dataset.arena === "none";
  }

  private say(text: string, kind: string): void {
    const el = $("status");
    el.textContent = text;
    el.dataset.kind = kind;
    el.hidden = text === "";
  }
}

new ArenaPage();
