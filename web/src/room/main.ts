// The rooms page: create or join a room, the lobby (code, link, QR code,
// players, the host's settings), a round on the server's board and clock
// (traced or typed words, judged by the server; the others' counts only),
// and the end of a round (everyone's words side by side, the words nobody
// found, running totals). A reload or a dropped connection rejoins the same
// seat with its token, kept for this tab in sessionStorage.
import "../style.css";
import qrcode from "qrcode-generator";
import { BoardView, wordItem, markRare, markShared } from "../board";
import { plural } from "../game";
import { $, bdi, LiveRound, shownCode } from "./live";
import type { Options, Player, Reply, Settings, WordShown } from "./protocol";
import { RoomSocket } from "./socket";

/** This tab's seat: the room, its token, the name. */
interface Seat {
  code: string;
  token: string;
  name: string;
}

const SEAT_KEY = "wordgrid.room";
const NAME_KEY = "wordgrid.name";

function savedSeat(): Seat | null {
  try {
    return JSON.parse(sessionStorage.getItem(SEAT_KEY) ?? "null") as Seat | null;
  } catch {
    return null;
  }
}


class RoomPage {
  private readonly socket: RoomSocket;
  private seat: Seat | null = savedSeat();
  private me = 0;
  private room: Extract<Reply, { type: "room" }> | null = null;
  private options: Options | null = null;
  private readonly live: LiveRound;
  private readonly resultsBoard = new BoardView($("results-board"), "The round's board");
  /** Whether the connection ever opened (a page that never did may be on a static host). */
  private everOpened = false;
  /** What to send once the connection opens (a create or join asked before). */
  private pending: (() => void) | null = null;

  constructor() {
    const params = new URLSearchParams(location.search);
    const linked = params.get("room");
    const name = localStorage.getItem(NAME_KEY) ?? "";
    $<HTMLInputElement>("join-name").value = name;
    $<HTMLInputElement>("create-name").value = name;
    if (linked) $<HTMLInputElement>("join-code").value = linked;
    if (this.seat && linked && this.seat.code !== linked.replace(/[-\s]/g, "").toUpperCase()) this.forget();

    this.live = new LiveRound((request) => this.socket.send(request));
    this.socket = new RoomSocket({
      open: () => this.opened(),
      message: (m) => this.receive(m),
      lost: (attempt) => this.lost(attempt),
    }, this.seat?.code ?? null);
    $("join-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const name = $<HTMLInputElement>("join-name").value.trim();
      const typed = $<HTMLInputElement>("join-code").value.trim();
      localStorage.setItem(NAME_KEY, name);
      this.askedName = name;
      const watch = $<HTMLInputElement>("join-watch").checked;
      void this.roomCode(typed).then((code) => {
        if (code) this.ask(() => this.socket.send({ type: "join", code, name, watch }), code);
      });
    });
    $("create-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const name = $<HTMLInputElement>("create-name").value.trim();
      localStorage.setItem(NAME_KEY, name);
      this.askedName = name;
      this.create(name);
    });
    $("copy-link").addEventListener("click", () => void this.copyLink());
    $("start").addEventListener("click", () => this.socket.send({ type: "start" }));
    $("end-round").addEventListener("click", () => this.confirmEnd());
    $("leave").addEventListener("click", () => this.leave());
    for (const id of ["game", "lang", "words", "classic"]) $(id).addEventListener("change", () => this.sendSettings());
    void this.loadOptions();
    this.show(this.seat ? "lobby" : "entry");
    if (this.seat) this.status("Joining the room…", "info");
  }

  /** The game and language a new room starts with: the solo game's last, else Boggle in English. */
  private firstSettings(): Settings {
    const lang = localStorage.getItem("wordgrid.lang") ?? "en";
    const known = this.options?.languages.some((l) => l.key === lang);
    return { game: "boggle", lang: known ? lang : "en", words: "common", classic: false };
  }

  private async loadOptions(): Promise<void> {
    try {
      const r = await fetch("rooms/options");
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      this.options = (await r.json()) as Options;
    } catch {
      return;
    }
    const game = $<HTMLSelectElement>("game");
    game.replaceChildren(...this.options.games.filter((g) => g.id !== "custom").map((g) => new Option(g.label, g.id)));
    const lang = $<HTMLSelectElement>("lang");
    lang.replaceChildren(...this.options.languages.map((l) => new Option(l.name, l.key)));
    if (this.room) this.showRoom(this.room);
  }

  /** A new room under a code the server drew, so the connection that
   * creates it names it (`/ws?room=CODE`) as every later one will. */
  private create(name: string): void {
    this.creating = name;
    void this.roomCode().then((code) => {
      if (code) this.ask(() => this.socket.send({ type: "create", name, settings: this.firstSettings(), code }), code);
    });
  }

  /** A fresh room code from the server, or (`typed`) a code as a person
   * typed it, read by the server; `null` after saying why there is none. */
  private async roomCode(typed?: string): Promise<string | null> {
    const url = typed === undefined ? "rooms/code" : `rooms/code?read=${encodeURIComponent(typed)}`;
    try {
      const answer = (await (await fetch(url, { cache: "no-store" })).json()) as { code?: string; error?: string };
      if (answer.code) return answer.code;
      this.status(answer.error ?? "That is not a room code.", "bad");
    } catch {
      this.status("No connection to the room server. Try again in a moment.", "bad");
    }
    return null;
  }

  /** Sends `send` now if the connection is open, else when it opens; with
   * `room`, on a connection for that room. */
  private ask(send: () => void, room?: string): void {
    if (room && this.socket.to(room)) this.socketOpen = false;
    this.pending = send;
    if (this.socketOpen) {
      this.pending = null;
      send();
    }
  }

  private socketOpen = false;
  /** Why the server last closed the connection, if it said. */
  private farewell = "";
  /** The name the last create or join gave. */
  private askedName = "";
  /** The name a room waits to be created with, until it is. */
  private creating: string | null = null;

  private opened(): void {
    this.socketOpen = true;
    this.everOpened = true;
    if (this.seat) {
      this.socket.send({ type: "join", code: this.seat.code, name: this.seat.name, token: this.seat.token });
    } else if (this.pending) {
      const p = this.pending;
      this.pending = null;
      p();
    }
  }

  private lost(attempt: number): void {
    this.socketOpen = false;
    this.live.stopClock();
    if (!this.seat && !this.everOpened && attempt === 2) void this.noServerHere();
    if (!this.seat && this.creating !== null && attempt >= 2) {
      // The server the code leads to (behind a proxy, one of several) is
      // not answering: another code, which may lead to another.
      this.create(this.creating);
      return;
    }
    if (!this.seat) {
      this.status(attempt > 1 ? "No connection to the room server. Trying again…" : "Connecting…", "bad");
      return;
    }
    // Whatever closed it, the page is not connected until the next welcome.
    document.body.dataset.connection = "lost";
    if (this.farewell) {
      this.status(`${this.farewell} Trying to reconnect${attempt > 1 ? ` (try ${attempt})` : ""}…`, "bad");
      return;
    }
    this.status(`Connection lost. Reconnecting${attempt > 1 ? ` (try ${attempt})` : ""}… Your seat and your words are kept for two minutes.`, "bad");
  }

  /**
   * A page that never connected asks the host for `/health`: a static host
   * (no room server behind it) answers with no such thing, and the page
   * says so once and stops trying, instead of retrying for ever. A host
   * that does not answer at all may be a server restarting: tries go on.
   */
  private async noServerHere(): Promise<void> {
    let server = true;
    try {
      const answer = await fetch("health", { cache: "no-store" });
      const body = answer.ok ? ((await answer.json()) as { status?: unknown }) : null;
      server = typeof body?.status === "string";
    } catch (e) {
      // No answer at all: offline, or the server restarting. A 404 page or
      // anything not JSON is a host without the server.
      server = !(e instanceof SyntaxError);
    }
    if (server || this.everOpened) return;
    this.socket.stop();
    document.body.dataset.connection = "none";
    this.status("Live rooms need the room server (boggle-room), and this site is served without one. Play alone, or run boggle-room to host rooms.", "bad");
  }

  private forget(): void {
    this.seat = null;
    sessionStorage.removeItem(SEAT_KEY);
  }

  /** Leaves the room for good (a player's words stay in a round on until it
   * ends): back to the entry screen, on the same connection. */
  private leave(): void {
    this.socket.send({ type: "leave" });
    this.forget();
    this.room = null;
    this.live.stop();
    delete document.body.dataset.results;
    const url = new URL(location.href);
    url.search = "";
    history.replaceState(null, "", url);
    this.show("entry");
    this.status("You left the room.", "info");
  }

  /** The timer that disarms the end-the-round button, while it is armed. */
  private endArmed: number | null = null;

  /** Ending the round for everyone asks once: the first tap arms the
   * button for a few seconds, the second ends the round. */
  private confirmEnd(): void {
    if (this.endArmed === null) {
      const button = $("end-round");
      button.textContent = "Tap again to end the round for everyone";
      button.dataset.armed = "true";
      this.endArmed = window.setTimeout(() => this.disarmEnd(), 4000);
      return;
    }
    this.disarmEnd();
    if (!this.socket.send({ type: "end" })) this.live.say("Not connected: the round was not ended. Try again once back.", "bad");
  }

  private disarmEnd(): void {
    if (this.endArmed !== null) window.clearTimeout(this.endArmed);
    this.endArmed = null;
    const button = $("end-round");
    button.textContent = "End the round for everyone";
    delete button.dataset.armed;
  }

  private receive(m: Reply): void {
    switch (m.type) {
      case "welcome": {
        this.creating = null;
        const name = this.seat?.code === m.code ? this.seat.name : this.askedName;
        this.seat = { code: m.code, token: m.token, name };
        sessionStorage.setItem(SEAT_KEY, JSON.stringify(this.seat));
        this.me = m.seat;
        this.live.watching = m.watch;
        document.body.dataset.connection = "open";
        this.farewell = "";
        document.body.dataset.seat = String(m.seat);
        this.status("", "");
        const url = new URL(location.href);
        url.search = `?room=${m.code}`;
        history.replaceState(null, "", url);
        $("room-code").textContent = shownCode(m.code);
        $<HTMLInputElement>("room-link").value = url.href;
        this.drawQr(url.href);
        if (!this.live.on) this.show("lobby");
        break;
      }
      case "room":
        this.room = m;
        this.showRoom(m);
        break;
      case "round":
        this.startRound(m);
        break;
      case "verdict":
        this.live.verdict(m);
        break;
      case "progress":
        this.progress(m.players);
        break;
      case "results":
        this.results(m);
        break;
      case "error":
        if (m.code === "code_taken" && !this.seat) {
          // Another room got the drawn code first (one in 2^40): another.
          this.create(this.askedName);
        } else if (m.code === "no_room" && this.seat) {
          // Our room is gone (everyone left, it sat idle, or a server
          // that keeps no rooms restarted): no
          // round is on for this page either, so the next create or join
          // shows its room.
          this.forget();
          this.live.stop();
          // Its last results are not the next room's.
          delete document.body.dataset.results;
          this.show("entry");
          this.status("That room is gone: everyone left it, or it was closed. Start a new one.", "bad");
        } else if (this.live.on) this.live.say(m.message, "bad");
        else this.status(m.message, "bad");
        break;
      case "bye":
        this.farewell = m.message;
        this.status(m.message, "bad");
        if (/another window/.test(m.message)) {
          this.socket.stop();
          this.forget();
        }
        break;
    }
  }

  private status(text: string, kind: string): void {
    const el = $("status");
    el.textContent = text;
    el.dataset.kind = kind;
    el.hidden = text === "";
  }

  private show(phase: "entry" | "lobby" | "round"): void {
    document.body.dataset.phase = phase;
    $("entry").hidden = phase !== "entry";
    $("lobby").hidden = phase !== "lobby";
    $("round").hidden = phase !== "round";
    $("results").hidden = phase !== "lobby" || !document.body.dataset.results;
  }

  private get isHost(): boolean {
    return this.room?.host === this.me;
  }

  private showRoom(m: Extract<Reply, { type: "room" }>): void {
    document.body.dataset.roomPhase = m.phase;
    document.body.dataset.host = String(this.isHost);
    const list = $("players");
    list.replaceChildren(
      ...m.players.map((p) => {
        const li = document.createElement("li");
        li.dataset.id = String(p.id);
        li.classList.toggle("away", !p.connected);
        const who = document.createElement("span");
        const name = document.createElement("span");
        name.className = "name";
        name.textContent = p.name; // text, never markup
        name.dir = "auto"; // isolated: a right-to-left name reorders nothing around it
        const tags: string[] = [];
        if (p.id === m.host) tags.push("host");
        if (p.id === this.me) tags.push("you");
        if (p.watch) tags.push("watching");
        if (!p.connected) tags.push("reconnecting");
        const tag = document.createElement("span");
        tag.className = "hint";
        tag.textContent = tags.length ? ` (${tags.join(", ")})` : "";
        const total = document.createElement("span");
        total.className = "total";
        total.textContent = plural(p.total, "point", "points");
        who.append(name, tag);
        li.append(who, total);
        return li;
      }),
    );
    const host = m.players.find((p) => p.id === m.host);
    const lobby = m.phase !== "playing";
    $("host-settings").hidden = !this.isHost || !lobby;
    $<HTMLButtonElement>("start").disabled = m.phase === "starting";
    $("start").textContent = m.phase === "starting" ? "Rolling the board…" : m.rounds ? "Rematch: a new board" : "Start the round";
    if (this.isHost) $("waiting").textContent = "";
    else if (m.phase === "starting") $("waiting").textContent = "The round is starting…";
    else $("waiting").replaceChildren("Waiting for ", host ? bdi(host.name) : "the host", " to start the round.");
    const lang = this.options?.languages.find((l) => l.key === m.settings.lang)?.name ?? m.settings.lang;
    $("settings-line").textContent = `${m.game_label}, ${lang}, ${m.settings.words === "all" ? "all words count" : "common words are the target"}${m.settings.classic ? ", shared words score for nobody" : ""}.`;
    if (this.options) {
      $<HTMLSelectElement>("game").value = m.settings.game;
      $<HTMLSelectElement>("lang").value = m.settings.lang;
    }
    $<HTMLSelectElement>("words").value = m.settings.words;
    $<HTMLInputElement>("classic").checked = m.settings.classic;
    $("end-round").hidden = !this.isHost;
    if (lobby && this.live.on) this.live.on = false;
    if (lobby && document.body.dataset.phase === "round") this.show("lobby");
    this.others = m.players.filter((p) => !p.watch);
    this.progress(this.lastProgress);
  }

  private sendSettings(): void {
    if (!this.room) return;
    this.socket.send({
      type: "settings",
      settings: {
        ...this.room.settings,
        game: $<HTMLSelectElement>("game").value,
        lang: $<HTMLSelectElement>("lang").value,
        words: $<HTMLSelectElement>("words").value === "all" ? "all" : "common",
        classic: $<HTMLInputElement>("classic").checked,
      },
    });
  }

  private drawQr(link: string): void {
    const qr = qrcode(0, "M");
    qr.addData(link);
    qr.make();
    const img = document.createElement("img");
    img.src = qr.createDataURL(4, 2);
    img.alt = "";
    img.width = img.height = 132;
    $("qr").replaceChildren(img);
  }

  private async copyLink(): Promise<void> {
    const link = $<HTMLInputElement>("room-link").value;
    const note = $("copy-note");
    try {
      await navigator.clipboard.writeText(link);
      note.textContent = "Link copied.";
    } catch {
      $<HTMLInputElement>("room-link").select();
      note.textContent = "Copy the link above to send it.";
    }
  }

  private startRound(m: Extract<Reply, { type: "round" }>): void {
    delete document.body.dataset.results;
    document.body.dataset.round = String(m.number);
    const greeting = this.live.watching ? "You are watching this round." : m.mine.length ? "Back in the round: your words are kept." : "Trace words: drag through neighbouring letters.";
    this.live.start(m, greeting);
    this.show("round");
  }

  private others: Player[] = [];
  private lastProgress: { id: number; words: number; score: number }[] = [];

  private progress(players: { id: number; words: number; score: number }[]): void {
    this.lastProgress = players;
    const by = new Map(players.map((p) => [p.id, p]));
    $("others").replaceChildren(
      ...this.others
        .filter((p) => p.id !== this.me)
        .map((p) => {
          const li = document.createElement("li");
          li.dataset.id = String(p.id);
          const got = by.get(p.id);
          li.replaceChildren(bdi(p.name), `: ${plural(got?.words ?? 0, "word", "words")}, ${plural(got?.score ?? 0, "point", "points")}${p.connected ? "" : " (reconnecting)"}`);
          return li;
        }),
    );
  }

  private results(m: Extract<Reply, { type: "results" }>): void {
    this.live.stop();
    this.disarmEnd();
    document.body.dataset.results = String(m.number);
    $("results-title").textContent = `Round ${m.number}: ${m.timed_out ? "time's up" : "over"}`;
    const best = m.players[0];
    const tie = m.players.length > 1 && m.players[1].score === best?.score;
    // Scores count every word found; the board's worth is the target's, so
    // the line says which words that is.
    const held =
      m.counted === "common"
        ? `The board's common words were worth ${plural(m.max, "point", "points")}.`
        : `The board held ${plural(m.max, "point", "points")}.`;
    if (!best) $("results-line").textContent = "Nobody played this round.";
    else if (tie) $("results-line").textContent = `A tie at ${plural(best.score, "point", "points")}. ${held}`;
    else $("results-line").replaceChildren(bdi(best.name), ` wins with ${plural(best.score, "point", "points")}. ${held}`);
    const show = (w: WordShown) => () => this.resultsBoard.mark(w.path, "shown");
    $("result-players").replaceChildren(
      ...m.players.map((p) => {
        const col = document.createElement("section");
        col.className = "result-player";
        col.dataset.id = String(p.id);
        const h = document.createElement("h3");
        h.replaceChildren(bdi(p.name), `: ${plural(p.score, "point", "points")}`);
        const list = document.createElement("ul");
        list.className = "chips";
        list.setAttribute("aria-label", `${p.name}'s words`);
        list.append(
          ...p.words.map((w) => {
            const li = wordItem({ word: w.word, score: w.points }, show(w));
            const b = li.querySelector("button");
            if (w.shared && b) markShared(b);
            return li;
          }),
        );
        if (!p.words.length) {
          const none = document.createElement("li");
          none.className = "hint";
          none.textContent = "no words";
          list.append(none);
        }
        col.append(h, list);
        return col;
      }),
    );
    $("missed").replaceChildren(
      ...m.missed.map((w) => {
        const li = wordItem({ word: w.word, score: w.points }, show(w));
        if (w.rare) markRare(li.querySelector("button") ?? li);
        return li;
      }),
    );
    const b = m.board;
    this.resultsBoard.show(b.rows, b.cols, b.cells, { values: b.values, bonus: b.bonus });
    this.show("lobby");
    $("results").hidden = false;
    $("results-title").focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }
}

new RoomPage();
