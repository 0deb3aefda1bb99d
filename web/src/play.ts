// The Play screen: a timed round on a rolled board, words traced by touch
// or mouse (or typed), feedback on each try, and an end screen with the
// missed words, the board's maximum, a challenge link and your record.
import { BoardView, markRare, type Cell } from "./board";
import type { Engine, GameInfo, PlayRound, Spelled } from "wordgrid";
import { Round, clock, plural, type Counted, type Verdict } from "./game";
import { verdictLine } from "./verdict";
import * as daily from "./daily";
import { encodeFound, type Challenge } from "./challenge";
import { CATALOG } from "./catalog";
import { rareLabel, shareOrCopy, showResults } from "./end";
import * as records from "./records";
import * as history from "./history";
import * as chosen from "./chosen";
import * as feel from "./feel";
import { attachTracing } from "./trace";
import { $, hasFrequencies, packKeys, packLabel, packSource, ensurePack, notice, remember } from "./site";

/** Set once the first-visit tip was shown. */
const TIP_KEY = "wordgrid.tipped";

export class Play {
  private readonly engine: Engine;
  private readonly board: BoardView;
  private round: Round | null = null;
  private ticker: number | null = null;
  private lang = "en";
  /** The language of the last pack that loaded (a failed one falls back to it). */
  private loaded = "en";
  /** The library's games (solve::game), custom last. */
  readonly games: GameInfo[];
  private game: GameInfo;
  private versus: Challenge["versus"];
  /** The challenge on the board, while its card waits and until its end. */
  private challenged: Challenge | null = null;
  /** Whether the round waits for the player to be ready (a challenge's card). */
  private waiting = false;
  private boardText = "";
  private bonus: string | undefined;

  constructor(engine: Engine) {
    this.engine = engine;
    this.board = new BoardView($("play-board"), "Board");
    this.games = engine.games;
    this.game = this.games[0];
    for (const g of this.games) $<HTMLSelectElement>("preset").add(new Option(g.label, g.id));
    attachTracing(this.board, {
      adjacent: (a, b) => this.round?.adjacent(a, b) ?? false,
      onChange: (path) => this.tracing(path),
      onSubmit: (path) => void this.submitPath(path),
    });
    $("type-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const input = $<HTMLInputElement>("guess");
      if (input.value.trim()) void this.submit(input.value, null);
      input.value = "";
    });
    // On a keyboard, a letter typed during a round goes to the word field
    // wherever the focus is (the page, a button), never into nothing; a
    // field or a list of the page keeps its own keys.
    document.addEventListener("keydown", (e) => {
      const input = $<HTMLInputElement>("guess");
      const at = e.target as HTMLElement;
      if (document.body.dataset.mode !== "play" || !this.round || this.round.ended || input.disabled || this.waiting) return;
      if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1 || !/\p{L}/u.test(e.key)) return;
      if (at === input || at.closest("input, textarea, select, [contenteditable]")) return;
      input.focus({ preventScroll: true });
    });
    $("new-round").addEventListener("click", () => void this.newRound());
    $("again").addEventListener("click", () => void this.newRound());
    $("end-round").addEventListener("click", () => void this.end());
    $("challenge").addEventListener("click", () => void this.challenge());
    $("share-copy").addEventListener("click", () => void this.shareLink());
    $("share-daily").addEventListener("click", () => void this.shareDaily());
    $("daily").addEventListener("click", () => void this.newRound(undefined, undefined, daily.today()));
    $("show-rare").addEventListener("click", () => {
      const list = $("missed-rare");
      list.hidden = !list.hidden;
      $("show-rare").setAttribute("aria-expanded", String(!list.hidden));
      $("show-rare").textContent = rareLabel(!list.hidden, this.rareCount);
    });
    for (const id of ["preset", "play-lang", "play-time", "play-words", "custom-size", "custom-scoring"]) {
      $(id).addEventListener("change", () => {
        this.readSettings();
        if (["preset", "play-time", "play-words"].includes(id)) this.keepSettings();
        const chosen = this.lang;
        void this.newRound().then(() => {
          // A language the player chose, once it loaded, is the next
          // visit's (one a link asked for is not).
          if (id === "play-lang" && this.loaded === chosen) remember(chosen);
        });
      });
    }
    $("challenge-start").addEventListener("click", () => void this.ready());
    // The settings sit below the board on a phone: the game line, above
    // the fold, opens them and brings them into view.
    const settings = $<HTMLDetailsElement>("settings");
    $("game-line").addEventListener("click", () => {
      settings.open = true;
      settings.scrollIntoView({ block: "start" });
      $("preset").focus({ preventScroll: true });
    });
    settings.addEventListener("toggle", () => $("game-line").setAttribute("aria-expanded", String(settings.open)));
    $("stats-clear").addEventListener("click", () => {
      if (!window.confirm("Forget every round on this device?")) return;
      history.clear();
      this.showStats();
    });
    const feelBox = $<HTMLInputElement>("play-feel");
    feelBox.checked = feel.enabled();
    feelBox.addEventListener("change", () => feel.enable(feelBox.checked));
    $("challenge-name").addEventListener("input", () => {
      localStorage.setItem("wordgrid.name", $<HTMLInputElement>("challenge-name").value.trim());
      $<HTMLInputElement>("share-link").value = this.link();
      // What was copied or shared is the link before the name: never say
      // "copied" of a link the clipboard does not hold.
      if ($("share-note").textContent) $("share-note").textContent = "Your name changed the link: copy it again.";
    });
    document.addEventListener("visibilitychange", () => {
      if (!this.round || this.round.ended || this.waiting) return;
      if (document.hidden) this.round.pause(performance.now());
      else if (document.body.dataset.mode === "play") this.round.start(performance.now());
      this.tick();
    });
  }

  /** Stops the clock while the Solve screen is shown. */
  pauseForSolve(): void {
    if (this.round && !this.round.ended) {
      this.round.pause(performance.now());
      this.tick();
    }
  }

  /** Back on the Play screen: the clock runs again, or a first round starts. */
  resume(): void {
    if (!this.round) {
      void this.newRound();
      return;
    }
    // A challenge's card waits for its player, Solve or not.
    if (!this.round.ended && !this.waiting) {
      this.round.start(performance.now());
      this.tick();
    }
  }

  /** Fills the language list (the packs the site offers). */
  listLanguages(): void {
    const select = $<HTMLSelectElement>("play-lang");
    const chosen = select.value || this.lang;
    select.replaceChildren(...packKeys().map((k) => new Option(packLabel(k), k)));
    select.value = packKeys().includes(chosen) ? chosen : "en";
    this.showSource(select.value);
  }

  /** The pack's source line, and whether its language knows common words. */
  private showSource(lang: string): void {
    $("play-source").textContent = packSource(lang);
    const note = $("play-words-note");
    const known = hasFrequencies(lang);
    note.textContent = known
      ? `Common words: everyday words of the language (no names or abbreviations), Zipf ${CATALOG.common_zipf} and more in its frequency list. A rare word found still scores.`
      : `${packLabel(lang)} has no word-frequency data: every word counts.`;
    $<HTMLSelectElement>("play-words").disabled = !known;
  }

  /** Which words the round counts, as the setting says. */
  private counted(): Counted {
    return $<HTMLSelectElement>("play-words").value === "all" ? "all" : "common";
  }

  /** Sets the game, language and time (from a link or the defaults). */
  configure(opts: { preset?: string; lang?: string; seconds?: number; counted?: Counted }): void {
    const p = this.gameNamed(opts.preset) ?? this.game;
    this.game = p;
    $<HTMLSelectElement>("preset").value = p.id;
    $("custom").hidden = p.id !== "custom";
    if (opts.lang) {
      this.lang = opts.lang;
      if (this.engine.packs.has(opts.lang)) this.loaded = opts.lang;
      $<HTMLSelectElement>("play-lang").value = opts.lang;
      this.showSource(opts.lang);
    }
    if (opts.counted) $<HTMLSelectElement>("play-words").value = opts.counted;
    const time = $<HTMLSelectElement>("play-time");
    const seconds = String(opts.seconds ?? p.seconds);
    if (![...time.options].some((o) => o.value === seconds)) time.add(new Option(`${seconds} seconds`, seconds));
    time.value = seconds;
  }

  /** Keeps the game, time and words the player chose, for the next visit. */
  private keepSettings(): void {
    chosen.keep({ preset: this.game.id, seconds: this.seconds(), counted: this.counted() });
  }

  private readSettings(): void {
    const before = this.game;
    this.game = this.gameNamed($<HTMLSelectElement>("preset").value) ?? this.games[0];
    $("custom").hidden = this.game.id !== "custom";
    this.lang = $<HTMLSelectElement>("play-lang").value || "en";
    this.showSource(this.lang);
    if (before !== this.game) $<HTMLSelectElement>("play-time").value = String(this.game.seconds);
  }

  /** The game, language and time on the board, on the line that opens the settings. */
  private showGameLine(lang: string, seconds: number): void {
    const custom = this.game.id === "custom" ? ` ${$<HTMLSelectElement>("custom-size").value.replace("x", "×")}` : "";
    $("game-line-text").textContent = `${this.game.name}${custom}, ${packLabel(lang)}, ${clock(seconds * 1000)}`;
  }

  /** A game by its id. */
  gameNamed(id: string | null | undefined): GameInfo | undefined {
    return this.games.find((g) => g.id === id);
  }

  private seconds(): number {
    const s = Number($<HTMLSelectElement>("play-time").value);
    return s > 0 ? s : this.game.seconds;
  }

  /** Starts a round: on the challenge's board, else the game's round for a seed (a new one if none is given). */
  async newRound(challenge?: Challenge, seed?: number, day?: string): Promise<void> {
    // A round left for a new one is not lost: with a word found, it is
    // ended and kept in the record first, and the new round says so.
    const left = this.round;
    let kept = "";
    if (left && !left.ended && left.found.length) {
      left.end(performance.now());
      this.recordRound(left);
      kept = `Your last round was kept: ${plural(left.score, "point", "points")}, ${plural(left.found.length, "word", "words")}.`;
    }
    // The library lets go of a round left unfinished.
    if (left && !left.ended) left.end(performance.now());
    if (left) void left.finish().catch(() => {});
    this.stopTicker();
    // The engine answers later: a round asked for after this one wins.
    const asked = ++this.asked;
    const lang = this.lang;
    if (!this.engine.packs.has(lang)) this.say(`Loading ${packLabel(lang)}…`, "");
    try {
      await ensurePack(this.engine, lang);
    } catch (e) {
      // The language that did not load is not chosen: the one before stays,
      // with its round if one is on the board.
      const before = this.loaded;
      this.lang = before;
      $<HTMLSelectElement>("play-lang").value = before;
      this.showSource(before);
      this.say(`${packLabel(lang)} did not load (${(e as Error).message}); ${packLabel(before)} stays. Try again when you are online.`, "bad");
      if (!this.round) {
        if (before !== lang) await this.newRound(challenge, seed, day);
      } else if (!this.round.ended) this.ticker = window.setInterval(() => this.tick(), 200);
      return;
    }
    this.loaded = lang;
    const custom = this.game.id === "custom";
    const size = custom ? $<HTMLSelectElement>("custom-size").value : this.game.size;
    const scoring = custom ? $<HTMLSelectElement>("custom-scoring").value : this.game.scoring;
    if (challenge?.counted) $<HTMLSelectElement>("play-words").value = challenge.counted;
    let opened: PlayRound;
    const counted = this.counted();
    this.day = challenge ? null : day ?? null;
    if (this.day) document.body.dataset.daily = this.day;
    else delete document.body.dataset.daily;
    this.challenged = challenge?.versus ? challenge : null;
    if (challenge) {
      this.versus = challenge.versus;
      this.bonus = challenge.bonus;
      this.seed = undefined;
      delete document.body.dataset.seed;
      try {
        opened = await this.engine.playOpen(lang, challenge.board, { scoring, bonus: this.bonus, min_len: this.game.min_len ?? undefined }, counted);
      } catch (e) {
        notice(`That board does not read (${(e as Error).message}); here is a new one.`);
        return this.newRound();
      }
    } else {
      this.versus = undefined;
      try {
        opened = await this.roll(lang, size, scoring, counted, seed, day);
      } catch (e) {
        this.say(`No board for ${this.game.name} in ${packLabel(lang)} (${(e as Error).message}); choose another game.`, "bad");
        return;
      }
    }
    if (asked !== this.asked) return;
    const solution = opened.solution;
    this.boardText = solution.board;
    const seconds = challenge?.seconds ?? this.seconds();
    this.round = new Round(opened, seconds, counted, this.engine);
    this.began.set(this.round, { record: this.recordKey(this.round), lang });
    document.body.dataset.counted = this.round.counted;
    this.board.show(solution.rows, solution.cols, solution.cells, { values: solution.values, bonus: solution.bonus });
    this.board.mark([]);
    $("found").replaceChildren();
    $("end").hidden = true;
    $("countdown").hidden = true;
    delete document.body.dataset.ended;
    $("found-panel").hidden = false;
    $("round-actions").hidden = false;
    $("type-form").hidden = false;
    $("hud").classList.remove("over");
    $<HTMLInputElement>("guess").disabled = false;
    const before = this.day ? daily.played(this.game.id, lang, this.day) : undefined;
    const tip = localStorage.getItem(TIP_KEY) ? "" : "Drag through neighbouring letters to make words.";
    if (tip) {
      try {
        localStorage.setItem(TIP_KEY, "1");
      } catch {
        // Storage off: the tip shows again next time.
      }
    }
    this.say(kept || (before ? `Free play: today's result stays ${plural(before.score, "point", "points")}.` : this.day ? `Today's board (${this.day}): one scored round.` : tip || " "), "");
    $("current").textContent = "\u00a0";
    $("timebar").setAttribute("aria-valuemax", String(seconds));
    this.showGameLine(lang, seconds);
    document.body.dataset.board = solution.board;
    document.body.dataset.bonus = this.bonus ?? "";
    this.showScore();
    this.showStats();
    const card = $("challenge-card");
    if (this.challenged?.versus) {
      // A challenge opens on its card, the board veiled: the clock starts
      // when the player says they are ready.
      this.waiting = true;
      const c = this.challenged;
      const v = c.versus!;
      const who = c.from ?? "A friend";
      const beat = `${plural(v.score, "point", "points")} and ${plural(v.words, "word", "words")}`;
      $("challenge-title").textContent = c.re
        ? `${who} answers your ${plural(c.re.score, "point", "points")} with ${beat}.`
        : `${who} challenges you: beat ${beat}.`;
      $("challenge-detail").textContent = `${this.game.name}, ${packLabel(lang)}, ${clock(seconds * 1000)} on the clock. The board shows when you are ready.`;
      card.hidden = false;
      this.board.el.classList.add("veiled");
      this.board.el.setAttribute("aria-hidden", "true");
      $("round-actions").hidden = true;
      $("type-form").hidden = true;
      $("clock").textContent = clock(seconds * 1000);
      document.body.dataset.waiting = "1";
      $("challenge-start").focus({ preventScroll: true });
      return;
    }
    card.hidden = true;
    // The page's first round starts as it shows (loading was the wait);
    // one the player asks for counts 3-2-1 first, the board in view.
    if (document.body.dataset.round === undefined) this.begin();
    else await this.countdown(asked);
  }

  /**
   * 3, 2, 1 over the veiled board, then the clock. A round asked for
   * meanwhile wins: this one's count stops.
   */
  private async countdown(asked: number): Promise<void> {
    this.waiting = true;
    document.body.dataset.waiting = "1";
    this.board.el.classList.add("veiled");
    this.board.el.setAttribute("aria-hidden", "true");
    $("round-actions").hidden = true;
    $("type-form").hidden = true;
    const round = this.round;
    if (round) $("clock").textContent = clock(round.seconds * 1000);
    $("timebar-fill").style.transform = "scaleX(1)";
    // On a phone a setting changed below the board: back up to it.
    const top = this.board.el.getBoundingClientRect();
    if (top.top < $("hud").getBoundingClientRect().bottom || top.bottom > window.innerHeight) window.scrollTo({ top: 0 });
    const shown = $("countdown");
    shown.hidden = false;
    for (const n of ["3", "2", "1"]) {
      shown.textContent = n;
      await new Promise((r) => window.setTimeout(r, 600));
      if (asked !== this.asked) return;
    }
    shown.hidden = true;
    this.board.el.classList.remove("veiled");
    this.board.el.removeAttribute("aria-hidden");
    $("round-actions").hidden = false;
    $("type-form").hidden = false;
    this.begin();
  }

  /** The clock starts: the round is on. */
  private begin(): void {
    const round = this.round;
    if (!round) return;
    this.waiting = false;
    delete document.body.dataset.waiting;
    document.body.dataset.round = String(Number(document.body.dataset.round || 0) + 1);
    // When the first round became playable (ms from the navigation), as the
    // budgets measure it.
    document.body.dataset.playable ??= String(Math.round(performance.now()));
    // Off the Play screen (or in a hidden tab) the round waits, paused.
    if (document.body.dataset.mode === "play" && !document.hidden) round.start(performance.now());
    this.ticker = window.setInterval(() => this.tick(), 200);
    this.tick();
  }

  /** The player is ready for a challenge: 3, 2, 1, then the board and the clock. */
  private ready(): Promise<void> {
    if (!this.waiting || !$("countdown").hidden) return Promise.resolve();
    $("challenge-card").hidden = true;
    return this.countdown(this.asked);
  }

  /**
   * The game's round for `seed` (a fresh one if none is given), solved: the
   * library rolls it (solve::game), re-rolling a board with too few common
   * words, so the CLI, Python and this page give the same round for a seed.
   */
  private async roll(lang: string, size: string, scoring: string, counted: Counted, seed?: number, day?: string): Promise<PlayRound> {
    const custom = this.game.id === "custom";
    const fresh = crypto.getRandomValues(new Uint32Array(1))[0];
    const round = await this.engine.round(lang, { game: this.game.id, seed: seed ?? fresh, ...(day ? { daily: day } : {}), ...(custom ? { size, scoring } : {}) });
    this.bonus = round.bonus ?? undefined;
    this.seed = round.seed;
    document.body.dataset.seed = String(round.seed);
    document.body.dataset.minCommon = String(round.min_common);
    return this.engine.playOpen(lang, round.board, { scoring: round.scoring, bonus: this.bonus, min_len: round.min_len ?? undefined }, counted);
  }

  /** The seed of the round on the board, when it was rolled (not a challenge's board). */
  private seed: number | undefined;

  /** The date of the daily round on the board, if it is one. */
  private day: string | null = null;

  private stopTicker(): void {
    if (this.ticker !== null) window.clearInterval(this.ticker);
    this.ticker = null;
  }

  private tick(): void {
    const round = this.round;
    if (!round) return;
    const left = round.remaining(performance.now());
    $("clock").textContent = clock(left);
    const share = round.seconds ? left / (round.seconds * 1000) : 0;
    $("timebar-fill").style.transform = `scaleX(${share})`;
    $("timebar").setAttribute("aria-valuenow", String(Math.ceil(left / 1000)));
    $("timebar").classList.toggle("low", left < 10_000);
    $("hud").classList.toggle("paused", !round.running && !round.ended);
    if (left <= 0 && !round.ended) void this.end();
  }

  /** What a traced path spells, as the library reads the board's tiles. */
  private spell(path: Cell[]): Promise<Spelled> {
    if (!path.length) return Promise.resolve({ words: [""], why: null });
    return this.engine.spell(this.lang, this.boardText, path);
  }

  /** Counts rounds asked for: only the last one asked is shown. */
  private asked = 0;

  /** Counts traces: an answer about a path the finger has left is dropped. */
  private traced = 0;

  private tracing(path: Cell[]): void {
    if (!this.round || this.round.ended || this.waiting) return;
    this.board.mark(path, "trace");
    const n = ++this.traced;
    if (!path.length) {
      $("current").textContent = "\u00a0";
      return;
    }
    this.spell(path).then(
      (spelled) => {
        if (n === this.traced) $("current").textContent = spelled.words[0].toUpperCase();
      },
      () => {},
    );
  }

  private async submitPath(path: Cell[]): Promise<void> {
    if (!this.round || this.round.ended || this.waiting) {
      this.board.mark([]);
      return;
    }
    ++this.traced;
    await this.submit(null, path);
  }

  /**
   * Has the library judge a try, typed (`text`) or traced (`path`), and
   * shows its verdict.
   */
  async submit(text: string | null, path: Cell[] | null): Promise<Verdict | null> {
    const round = this.round;
    if (!round || round.ended) return null;
    const t0 = performance.now();
    let verdict: Verdict;
    try {
      verdict = await round.judge(path ? { path } : { word: text ?? "" });
    } catch (e) {
      // The round ended while the try was on its way.
      if (round === this.round && !round.ended) this.say((e as Error).message, "bad");
      return null;
    }
    if (round !== this.round) return null;
    document.body.dataset.judgeMs = (performance.now() - t0).toFixed(3);
    const line = verdictLine({ ...verdict, word: verdict.text });
    this.say(line.text, line.tone);
    if (verdict.kind === "new" && verdict.word !== null) {
      const w = round.solution.words[verdict.word];
      const chip = document.createElement("li");
      chip.textContent = `${w.word} ${w.score}`;
      chip.dataset.word = w.word;
      if (w.rare) markRare(chip);
      $("found").prepend(chip);
      this.showScore();
      if (!path) path = w.path;
    }
    feel.feel(line.tone);
    $("current").textContent = "\u00a0";
    this.board.mark(path ?? [], line.tone);
    if (path) {
      const board = this.board;
      window.setTimeout(() => {
        if (board.el.dataset.kind === line.tone) board.mark([]);
      }, 700);
    }
    return verdict;
  }

  private say(text: string, kind: string): void {
    const el = $("feedback");
    el.textContent = text;
    el.dataset.kind = kind;
  }

  private showScore(): void {
    const round = this.round;
    if (!round) return;
    $("score").textContent = round.score.toLocaleString();
    $("score-unit").textContent = round.score === 1 ? "point" : "points";
    const rare = round.found.length - round.foundCounted();
    $("count").textContent = `${round.foundCounted()} / ${round.target.length} words${rare ? ` +${rare} rare` : ""}`;
  }

  /**
   * Each round's record and language as they were when it began: a setting
   * changed mid-round starts a new round, and the one left is kept under
   * its own game, time and language, not the new ones.
   */
  private readonly began = new WeakMap<Round, { record: { key: string; name: string }; lang: string }>();

  /** The record a round counts toward (records.ts). */
  private recordKey(round: Round | null = this.round): { key: string; name: string } {
    const custom = this.game.id === "custom"
      ? { size: $<HTMLSelectElement>("custom-size").value, scoring: $<HTMLSelectElement>("custom-scoring").value }
      : undefined;
    const seconds = round?.seconds ?? this.seconds();
    return records.recordKey({ game: this.game, seconds, counted: round?.counted ?? this.counted(), custom, daily: Boolean(this.day) });
  }

  private showStats(): void {
    records.showStats(this.recordKey(), this.lang, (id) => this.gameNamed(id)?.name);
  }

  /** Keeps a round in the record (once). */
  private recordRound(round: Round): void {
    const began = this.began.get(round);
    if (began) records.recordRound(round, began.record.key, began.lang);
  }

  /** Ends the round: answers shown, the end screen brought into view. */
  async end(): Promise<void> {
    const round = this.round;
    if (!round || round.ended) return;
    round.end(performance.now());
    this.stopTicker();
    this.tick();
    try {
      await round.finish();
    } catch (e) {
      this.say((e as Error).message, "bad");
    }
    if (round !== this.round) return;
    const record = this.began.get(round)?.record ?? this.recordKey(round);
    const before = history.stats(record.key, this.lang);
    this.recordRound(round);
    const shown = showResults({
      round,
      board: this.board,
      lang: this.lang,
      game: this.game,
      day: this.day,
      versus: this.versus,
      challenged: this.challenged,
      record,
      before,
    });
    this.dailyResult = shown.dailyResult;
    this.rareCount = shown.rareCount;
    this.board.mark([]);
    this.say(" ", "");
    $("end").hidden = false;
    document.body.dataset.ended = "1";
    this.showStats();
    // The end screen and the board, in view together.
    window.scrollTo({ top: 0 });
    $("end-title").focus({ preventScroll: true });
  }

  private rareCount = 0;

  /** The day's kept result, for the share button. */
  private dailyResult: daily.DailyResult | null = null;

  /** Shares the day's result as text: numbers and squares, no word. */
  private async shareDaily(): Promise<void> {
    const r = this.dailyResult;
    if (!r) return;
    const p = new URLSearchParams({ mode: "play", game: r.game, lang: r.lang, daily: r.day });
    const text = daily.shareText(r, this.game.name, packLabel(r.lang), `${location.origin}${location.pathname}?${p}`);
    const box = $<HTMLTextAreaElement>("share-text");
    box.value = text;
    box.rows = text.split("\n").length;
    $("share-text-box").hidden = false;
    // Lines wrap on a phone (the link, a row of squares): the box grows to
    // all of its text, so nothing of it is cut off.
    box.style.height = "auto";
    box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
    await shareOrCopy({ text }, text, $("share-text-note"), box, "Result copied.", "Copy the text above to share it.");
  }

  /** The link that plays this board, with this player's result to beat. */
  link(): string {
    const round = this.round;
    const p = new URLSearchParams({ mode: "play", lang: this.lang, game: this.game.id, board: this.boardText });
    p.set("words", round?.counted ?? this.counted());
    if (this.bonus) p.set("bonus", this.bonus);
    if (this.seed !== undefined) p.set("seed", String(this.seed));
    if (this.game.id === "custom") {
      p.set("size", $<HTMLSelectElement>("custom-size").value);
      p.set("scoring", $<HTMLSelectElement>("custom-scoring").value);
    }
    if (round) {
      p.set("time", String(round.seconds));
      p.set("vs", `${round.score}-${round.found.length}`);
      p.set("found", encodeFound(round.solution.words.map((w) => w.word), round.found.map((w) => w.word)));
    }
    const name = $<HTMLInputElement>("challenge-name").value.trim().slice(0, 24);
    if (name) p.set("from", name);
    // A reply carries the result it answers.
    if (this.versus && this.challenged) {
      p.set("re", `${this.versus.score}-${this.versus.words}`);
      if (this.challenged.from) p.set("refrom", this.challenged.from);
    }
    return `${location.origin}${location.pathname}?${p}`;
  }

  private async challenge(): Promise<void> {
    const name = $<HTMLInputElement>("challenge-name");
    if (!name.value) name.value = localStorage.getItem("wordgrid.name") ?? "";
    await this.shareLink();
  }

  /** Shares or copies the challenge link as it now reads (with the name typed). */
  private async shareLink(): Promise<void> {
    const url = this.link();
    const round = this.round;
    const text = round ? `I scored ${plural(round.score, "point", "points")} on this Wordgrid board. Can you beat it?` : "Play this Wordgrid board";
    $<HTMLInputElement>("share-link").value = url;
    $("share-box").hidden = false;
    await shareOrCopy({ title: "Wordgrid", text, url }, url, $("share-note"), $<HTMLInputElement>("share-link"), "Link copied.", "Copy the link above to send it.");
  }
}

