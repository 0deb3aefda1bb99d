// The Solve screen: any board the CLI reads, in any pack the site offers
// (or one opened from disk), every word with its path; rolls from dice and
// a seed, as `boggle roll` does; and a link that opens the same view.
import { BoardView, markRare, wordItem, type Cell } from "./board";
import { CATALOG, freshSeed, isSeed } from "./catalog";
import { GridEntry } from "./entry";
import type { Engine, Rules, Solution, Word } from "wordgrid";
import { $, ensurePack, packKeys, packLabel, packSource, hasPack, remember } from "./site";

/**
 * Words listed at a time at first, a frame apart, FIRST_PARTS times: a
 * screenful and more (two columns of 44 px rows) in all, each part light
 * enough for the frame that lays it out at 4x CPU (the list is a grid, laid
 * out whole each time it grows).
 */
const FIRST_PAGE = 16;
const FIRST_PARTS = 6;
/** Words listed at a time after that, as the list scrolls. */
const PAGE = 150;

export class Solve {
  private readonly engine: Engine;
  private readonly board: BoardView;
  private current: (Solution & { millis: number }) | null = null;
  /** The word whose path a click (or focus) chose: hover only previews. */
  private chosen: Word | null = null;
  /** Solves asked for so far (the latest one's answer is shown). */
  private asked = 0;
  private fileKey = 0;
  /** A link's `size`: shapes its board once, then the board field holds the rows. */
  private linkSize: string | null = null;
  private readonly entry: GridEntry;

  constructor(engine: Engine) {
    this.engine = engine;
    this.board = new BoardView($("board-view"), "Board");
    this.entry = new GridEntry($("grid-entry"));
    this.entry.build(4, 4);
    this.entry.onChange = (text) => {
      $<HTMLInputElement>("board").value = text;
    };
    this.entry.onPaste = (text) => {
      $<HTMLInputElement>("board").value = text;
      void this.solve();
    };
    $("grid-size").addEventListener("change", () => {
      // Each size says its rows and columns: the page parses no size.
      const chosen = $<HTMLSelectElement>("grid-size").selectedOptions[0];
      this.showEntry(true);
      this.entry.build(Number(chosen.dataset.rows), Number(chosen.dataset.cols));
      $<HTMLInputElement>("board").value = "";
      this.entry.focus();
    });
    $("controls").addEventListener("submit", (e) => {
      e.preventDefault();
      void this.solve();
    });
    $("roll").addEventListener("click", () => void this.roll());
    for (const id of ["sort", "filter-len"]) $(id).addEventListener("change", () => this.current && this.list());
    $("filter-prefix").addEventListener("input", () => this.current && this.list());
    $("share").addEventListener("click", () => void this.share());
    $("pack-file").addEventListener("change", (e) => void this.open(e));
    $("pack").addEventListener("change", () => {
      this.showSource();
      // A language the player chose is remembered once it has loaded.
      const key = $<HTMLSelectElement>("pack").value;
      void this.load(key).then(() => remember(key), () => {});
    });
  }

  listPacks(): void {
    const select = $<HTMLSelectElement>("pack");
    const chosen = select.value || "en";
    const files = [...select.options].filter((o) => o.value.startsWith("file:"));
    select.replaceChildren(...packKeys().map((k) => new Option(packLabel(k), k)), ...files);
    select.value = chosen;
    this.showSource();
  }

  /** Says where the chosen pack's words come from, and their licence. */
  showSource(): void {
    const key = $<HTMLSelectElement>("pack").value;
    $("pack-source").textContent = key.startsWith("file:") ? "A pack opened from this device." : packSource(key);
  }

  status(text: string, error = false): void {
    $("status").textContent = text;
    $("status").classList.toggle("error", error);
  }

  private rules(): Rules {
    const rules: Rules = { neighbors: $<HTMLSelectElement>("neighbors").value, wrap: $<HTMLInputElement>("wrap").checked };
    const min = $<HTMLInputElement>("min-len").value.trim();
    if (min) rules.min_len = Number(min);
    const scoring = $<HTMLSelectElement>("scoring").value;
    if (scoring) rules.scoring = scoring;
    const bonus = $<HTMLInputElement>("bonus").value.trim();
    if (bonus) rules.bonus = bonus;
    return rules;
  }

  private async load(key: string): Promise<void> {
    if (this.engine.packs.has(key)) return;
    if (!hasPack(key)) throw new Error(`no pack "${key}" on this site`);
    this.status(`Loading the ${packLabel(key)} pack…`);
    await ensurePack(this.engine, key);
  }

  async solve(): Promise<void> {
    // The engine answers later: a solve asked for after this one wins.
    const asked = ++this.asked;
    const key = $<HTMLSelectElement>("pack").value;
    // When the solve was asked for (after its pack loaded).
    let t = 0;
    try {
      await this.load(key);
      if (asked !== this.asked) return;
      t = performance.now();
      const rules = this.rules();
      const size = this.linkSize;
      this.linkSize = null;
      if (size) rules.size = size;
      const s = await this.engine.solve(key, $<HTMLInputElement>("board").value.trim(), rules);
      if (asked !== this.asked) return;
      this.current = { ...s, millis: this.engine.lastMs };
      // From the ask to the answer on this thread: the solve, and carrying
      // its answer across from the worker.
      document.body.dataset.waitMs = (performance.now() - t).toFixed(2);
      if (size) $<HTMLInputElement>("board").value = s.board;
    } catch (e) {
      if (asked !== this.asked) return;
      this.status((e as Error).message, true);
      $("result").hidden = true;
      return;
    }
    document.body.dataset.solveMs = this.current.millis.toFixed(2);
    const started = t;
    this.status("");
    const shown = performance.now();
    this.show(this.current);
    document.body.dataset.showMs = (performance.now() - shown).toFixed(1);
    // The link, in a task of its own (a big board's address costs the
    // browser tens of ms at 4x CPU).
    setTimeout(() => asked === this.asked && this.updateUrl(), 0);
    // The answer, in view: on a phone the form fills the first screen.
    // (Measured in the frame that lays it out anyway, not forced here.)
    requestAnimationFrame(() => {
      if (asked !== this.asked) return;
      const top = $("result").getBoundingClientRect().top;
      if (top > window.innerHeight * 0.6) $("result").scrollIntoView({ block: "start" });
    });
    // The list in a task of its own, once the board is on screen: no one
    // task both lays out the board and sorts and lists its words.
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    if (asked !== this.asked) return;
    this.list();
    // From the click to the board and list on screen: after the next frame
    // is painted (a task queued from its animation frame runs after it).
    requestAnimationFrame(() =>
      setTimeout(() => {
        document.body.dataset.paintMs = (performance.now() - started).toFixed(1);
      }, 0),
    );
  }

  /**
   * Shows a board small enough to type in the tile-by-tile grid there too;
   * a larger one hides the grid (an empty 4x4 there would say the board is
   * not there) and says where it is.
   */
  private mirror(s: Solution): void {
    const tooBig = s.rows > 8 || s.cols > 8;
    this.showEntry(!tooBig);
    $("grid-too-big").textContent = tooBig
      ? `This board is ${s.rows}×${s.cols}: the tile grid goes up to 8×8, so it is in “Board as text” below.`
      : "";
    if (tooBig) return;
    const size = `${s.rows}x${s.cols}`;
    const select = $<HTMLSelectElement>("grid-size");
    if (![...select.options].some((o) => o.value === size)) {
      const option = new Option(`${s.rows}×${s.cols}`, size);
      option.dataset.rows = String(s.rows);
      option.dataset.cols = String(s.cols);
      select.add(option);
    }
    select.value = size;
    this.entry.fill(s.rows, s.cols, s.cells);
  }

  /** The tile-by-tile grid and its help, or (`false`) the line saying the board is too big for it. */
  private showEntry(on: boolean): void {
    $("grid-entry").hidden = !on;
    $("grid-help").hidden = !on;
    $("grid-too-big").hidden = on;
  }

  private show(s: Solution): void {
    $("result").hidden = false;
    this.mirror(s);
    this.chosen = null;
    this.board.show(s.rows, s.cols, s.cells, { values: s.values, bonus: s.bonus });
    const totals = $("totals");
    totals.textContent = `${s.word_count.toLocaleString()} words, ${s.score.toLocaleString()} points`;
    // How many a player can know, where the pack says (rare ones are tagged).
    $("totals-common").textContent = s.frequencies
      ? `${s.common.words.toLocaleString()} common (Zipf ${s.common_zipf}+), ${s.common.score.toLocaleString()} points; the rest are tagged rare.`
      : "";
    totals.dataset.words = String(s.word_count);
    totals.dataset.score = String(s.score);
  }

  private sorted(words: Word[]): Word[] {
    const by = $<HTMLSelectElement>("sort").value;
    const w = [...words];
    if (by === "length") w.sort((a, b) => b.len - a.len || a.word.localeCompare(b.word));
    else if (by === "alpha") w.sort((a, b) => a.word.localeCompare(b.word));
    return w;
  }

  /** The words the filters keep, in the chosen order. */
  private filtered(words: Word[]): Word[] {
    const len = Number($<HTMLSelectElement>("filter-len").value);
    const prefix = $<HTMLInputElement>("filter-prefix").value.trim().toLowerCase();
    return this.sorted(words).filter(
      (w) => (!len || (len >= 8 ? w.len >= 8 : w.len === len)) && (!prefix || w.word.startsWith(prefix)),
    );
  }

  /**
   * Lists the words: the first page at once, the next as the list scrolls
   * near its end, so a board of tens of thousands of words paints in a
   * moment.
   */
  private list(): void {
    const s = this.current;
    if (!s) return;
    const words = this.filtered(s.words);
    $("shown-count").textContent = words.length === s.words.length ? "" : `${words.length.toLocaleString()} of ${s.words.length.toLocaleString()} words`;
    $("words").replaceChildren();
    this.pending = words;
    this.more(FIRST_PAGE);
    const listing = ++this.listing;
    const part = (n: number) =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (listing !== this.listing || !this.pending.length) return;
          this.more(FIRST_PAGE);
          if (n + 1 < FIRST_PARTS) part(n + 1);
        }, 0),
      );
    part(1);
  }

  /** Counts the lists made: the later parts of a first page go to their own list only. */
  private listing = 0;

  private pending: Word[] = [];
  private observer: IntersectionObserver | null = null;

  /** Adds the next page of words, and watches the end of the list for more. */
  private more(size = PAGE): void {
    this.observer?.disconnect();
    const page = this.pending.slice(0, size);
    this.pending = this.pending.slice(size);
    const draw = (path: Cell[]) => this.board.mark(path, "shown");
    const fragment = document.createDocumentFragment();
    for (const w of page) {
      const item = wordItem(
        w,
        () => {
          this.chosen = w;
          draw(w.path);
        },
        (on) => draw(on ? w.path : this.chosen ? this.chosen.path : []),
      );
      if (w.rare) markRare(item.querySelector("button") ?? item);
      fragment.appendChild(item);
    }
    const list = $("words");
    list.appendChild(fragment);
    if (!this.pending.length) return;
    const sentinel = list.lastElementChild;
    if (!sentinel) return;
    this.observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          this.observer?.disconnect();
          this.more();
        }
      },
      { root: list, rootMargin: "400px" },
    );
    this.observer.observe(sentinel);
  }

  async roll(): Promise<void> {
    const key = $<HTMLSelectElement>("pack").value;
    const seedText = $<HTMLInputElement>("seed").value.trim();
    let seed: number;
    if (seedText === "") {
      seed = freshSeed();
      $<HTMLInputElement>("seed").value = String(seed);
    } else if (isSeed(seedText)) {
      seed = Number(seedText);
    } else {
      this.status(`Seed: a whole number of at most ${CATALOG.seed_digits} digits (not ${seedText})`, true);
      return;
    }
    try {
      await this.load(key);
      const dice = $<HTMLSelectElement>("dice").value;
      const r = await this.engine.roll(key, {
        seed,
        size: $<HTMLInputElement>("size").value.trim() || undefined,
        dice: dice && !dice.startsWith("letters:") ? dice : undefined,
        letters: dice.startsWith("letters:") ? dice.slice(8) : undefined,
      });
      $<HTMLInputElement>("board").value = r.board;
    } catch (e) {
      this.status((e as Error).message, true);
      return;
    }
    await this.solve();
  }

  private params(): URLSearchParams {
    const p = new URLSearchParams();
    const fields: [string, string][] = [["board", "board"], ["lang", "pack"], ["neighbors", "neighbors"], ["min_len", "min-len"], ["scoring", "scoring"], ["bonus", "bonus"]];
    for (const [name, id] of fields) {
      const v = $<HTMLInputElement>(id).value.trim();
      if (!v || (name === "neighbors" && v === "all") || (name === "lang" && (v === "en" || v.startsWith("file:")))) continue;
      p.set(name, v);
    }
    if ($<HTMLInputElement>("wrap").checked) p.set("wrap", "1");
    return p;
  }

  private updateUrl(): void {
    history.replaceState(null, "", `${location.pathname}?${this.params()}`);
  }

  private async share(): Promise<void> {
    this.updateUrl();
    const note = $<HTMLSelectElement>("pack").value.startsWith("file:")
      ? " (a pack opened from disk is not in the link: the link uses English)"
      : "";
    try {
      await navigator.clipboard.writeText(location.href);
      this.status(`Link copied: it opens this board with these rules${note}.`);
    } catch {
      this.status(`Copy this link: ${location.href}${note}`);
    }
  }

  private async open(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    try {
      const key = `file:${++this.fileKey}:${file.name}`;
      const info = await this.engine.addPack(key, { whole: await file.arrayBuffer() });
      const select = $<HTMLSelectElement>("pack");
      select.add(new Option(`${file.name} (${info.language}, ${info.words.toLocaleString()} words)`, key));
      select.value = key;
      this.status(`Opened ${file.name}: ${info.words.toLocaleString()} words.`);
    } catch (err) {
      this.status(`${file.name}: ${(err as Error).message}`, true);
    }
  }

  /**
   * Fills the form from a link's parameters (the language is main.ts's to
   * read); answers what did not read.
   */
  fromParams(p: URLSearchParams): string[] {
    const problems: string[] = [];
    const set = (id: string, v: string) => ($<HTMLInputElement>(id).value = v);
    if (p.has("board")) set("board", p.get("board") ?? "");
    this.linkSize = p.get("size");
    const neighbors = p.get("neighbors");
    if (neighbors !== null) {
      if (neighbors === "all" || neighbors === "no-diag") set("neighbors", neighbors);
      else problems.push(`neighbors "${neighbors}" (all or no-diag)`);
    }
    const min = p.get("min_len");
    if (min !== null) {
      // The engine judges the number (a whole number from 1).
      if (/^[0-9]{1,9}$/.test(min)) set("min-len", min);
      else problems.push(`min_len "${min}" (a whole number from 1)`);
    }
    const scoring = p.get("scoring");
    if (scoring !== null) {
      const known = [...$<HTMLSelectElement>("scoring").options].some((o) => o.value === scoring);
      if (known) set("scoring", scoring);
      else problems.push(`scoring "${scoring}"`);
    }
    if (p.has("bonus")) set("bonus", p.get("bonus") ?? "");
    $<HTMLInputElement>("wrap").checked = p.get("wrap") === "1";
    return problems;
  }
}
