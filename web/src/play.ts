// The Play screen: a timed round on a rolled board, words traced by touch
// or mouse (or typed), feedback on each try, and an end screen with the
// missed words, the board's maximum, a challenge link and your record.
import { BoardView, markRare, type Cell } from "./board";
import type { Engine, GameInfo, PlayRound, Word } from "wordgrid";
import { Round, clock, plural, type Counted, type Verdict } from "./game";
import { verdictLine } from "./verdict";
import * as daily from "./daily";
import type { Challenge } from "./challenge";
import { rareLabel, showResults } from "./end";
import * as share from "./share";
import * as card from "./card";
import * as define from "./define";
import * as settings from "./settings";
import * as match from "./match";
import { typeAnywhere } from "./keys";
import { offlineRound, openRound, type FirstRound, type NotOpened, type Opened } from "./opening";
import * as records from "./records";
import * as history from "./history";
import * as chosen from "./chosen";
import * as feel from "./feel";
import * as kept from "./kept";
import { attachTracing, showSpelling } from "./trace";
import { $, packLabel, ensurePack, notice, remember } from "./site";
import { freshSeed } from "./catalog";

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
    typeAnywhere(() => this.round !== null && !this.round.ended && !this.waiting);
    $("new-round").addEventListener("click", () => void this.play());
    $("again").addEventListener("click", () => void this.again());
    $("end-round").addEventListener("click", () => void this.end());
    $("challenge").addEventListener("click", () => void share.challenge(this.shared()));
    $("share-copy").addEventListener("click", () => void share.shareLink(this.shared()));
    $("share-daily").addEventListener("click", () => void share.shareDaily(this.dailyResult, this.game.name));
    for (const id of ["daily", "daily-entry"]) $(id).addEventListener("click", () => void this.newRound(undefined, undefined, daily.today()));
    $("show-rare").addEventListener("click", () => {
      const list = $("missed-rare");
      list.hidden = !list.hidden;
      $("show-rare").setAttribute("aria-expanded", String(!list.hidden));
      $("show-rare").textContent = rareLabel(!list.hidden, this.rareCount);
    });
    for (const id of ["preset", "play-lang", "play-time", "play-words", "play-match", "custom-size", "custom-scoring"]) {
      $(id).addEventListener("change", () => {
        this.readSettings();
        if (["preset", "play-time", "play-words"].includes(id)) this.keepSettings();
        const chosen = this.lang;
        void this.play().then(() => {
          // A language the player chose, once it loaded, is the next
          // visit's (one a link asked for is not).
          if (id === "play-lang" && this.loaded === chosen) remember(chosen);
        });
      });
    }
    $("challenge-start").addEventListener("click", () => void this.ready());
    settings.wirePanel();
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
      $<HTMLInputElement>("share-link").value = share.link(this.shared());
      // What was copied or shared is the link before the name: never say
      // "copied" of a link the clipboard does not hold.
      if ($("share-note").textContent) $("share-note").textContent = "Your name changed the link: copy it again.";
    });
    // The clock is fair: it runs on while the page is hidden. Leaving the
    // page asks first; a page that leaves lets go of its round, which a
    // reload (or the site opened again) resumes.
    window.addEventListener("beforeunload", (e) => {
      if (!this.playing()) return;
      e.preventDefault();
      e.returnValue = "";
    });
    window.addEventListener("pagehide", () => {
      if (this.playing()) kept.release();
    });
  }

  /** The match on the board, if the round is one of a match's. */
  private match: match.Match | null = null;

  /** Whether the next round is the match's (else a new round leaves the match). */
  private inMatch = false;

  /** Starts a match of `rounds` rounds from `seed`, perhaps against a challenger's. */
  startMatch(seed: number, rounds: number, against?: Pick<match.Match, "versus" | "theirs" | "from">): Promise<void> {
    this.match = match.start(seed, rounds, against);
    this.inMatch = true;
    return this.newRound();
  }

  /** A round as the settings ask: one round, or a new match of as many rounds as they say. */
  private play(): Promise<void> {
    const rounds = Number($<HTMLSelectElement>("play-match").value);
    return rounds > 1 ? this.startMatch(freshSeed(), rounds) : this.newRound();
  }

  /** The end screen's first button: the match's next round, else a new round (or match). */
  private again(): Promise<void> {
    const m = this.match;
    if (m && !match.done(m)) {
      m.index++;
      this.inMatch = true;
      return this.newRound();
    }
    return this.play();
  }

  /** Whether a round is on the clock (not waiting for its start, not ended). */
  playing(): boolean {
    return this.round !== null && !this.round.ended && !this.waiting && this.round.running;
  }

  /** Back on the Play screen: the round goes on, or a first round starts. */
  resume(): void {
    if (!this.round) void this.newRound();
    else this.tick();
  }

  /** Fills the language list (the packs the site offers). */
  listLanguages(): void {
    settings.listLanguages(this.lang);
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
      settings.showSource(opts.lang);
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
    settings.showSource(this.lang);
    if (before !== this.game) $<HTMLSelectElement>("play-time").value = String(this.game.seconds);
  }

  /** A game by its id. */
  gameNamed(id: string | null | undefined): GameInfo | undefined {
    return this.games.find((g) => g.id === id);
  }

  private seconds(): number {
    const s = Number($<HTMLSelectElement>("play-time").value);
    return s > 0 ? s : this.game.seconds;
  }

  /**
   * Starts a round: on the challenge's board, else the game's round for a
   * seed (a new one if none is given); or resumes the round kept on this
   * device (`resume`), its words and the time it has left.
   */
  async newRound(challenge?: Challenge, seed?: number, day?: string, resume?: kept.KeptRound, first?: FirstRound): Promise<void> {
    const kept = this.leave();
    // A round not asked for by the match on the board leaves it.
    if (resume) this.match = resume.match ?? null;
    else if (!this.inMatch || challenge || day) this.match = null;
    this.inMatch = false;
    // The engine answers later: a round asked for after this one wins.
    const asked = ++this.asked;
    const lang = this.lang;
    // A first round on an opening's pack plays now; the whole pack comes after.
    if (first?.game !== this.game.id) first = undefined;
    // Offline with only the language's opening (main.ts): a new round is
    // another of its rounds, until the whole pack comes.
    if (!first && !challenge && !resume && !day && seed === undefined && !this.match) {
      first = (await offlineRound(this.engine, lang, this.game.id, this.seed)) ?? undefined;
      if (asked !== this.asked) return;
      if (first) notice(`Offline: here is another of the ${packLabel(lang)} boards kept for offline play. Try again when you are online for every board.`);
    }
    if (!first && !(await this.loadPack(lang, () => this.newRound(challenge, seed, day, resume)))) return;
    if (challenge?.counted) $<HTMLSelectElement>("play-words").value = challenge.counted;
    const counted = this.counted();
    this.day = challenge ? null : day ?? null;
    if (this.day) document.body.dataset.daily = this.day;
    else delete document.body.dataset.daily;
    this.challenged = challenge?.versus ? challenge : null;
    this.versus = challenge?.versus;
    const opened = await this.open(lang, counted, challenge, first?.seed ?? seed, day, resume, first?.key);
    if (!opened || asked !== this.asked) return;
    const solution = opened.solution;
    this.boardText = solution.board;
    const seconds = resume?.seconds ?? challenge?.seconds ?? this.seconds();
    const round = new Round(opened, seconds, counted, this.engine, resume ? resume.deadline - Date.now() : undefined);
    this.round = round;
    if (first) round.moveTo(this.whole(lang, round));
    this.began.set(round, { record: this.recordKey(round), lang });
    this.showRound(lang, seconds);
    if (resume) {
      await this.replay(round, resume.found);
      if (asked !== this.asked) return;
      const left = round.remaining(Date.now());
      this.say(left > 0
        ? `Back in your round: ${plural(round.found.length, "word", "words")}, ${clock(left)} left.`
        : "Your round's time ran out while you were away: here is how it went.", "");
      $("challenge-card").hidden = true;
      this.begin();
      return;
    }
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
    const m = this.match;
    if (this.challenged?.versus || (m?.versus && m.index === 1)) {
      this.waiting = true;
      const title = this.challenged ? card.challengeTitle(this.challenged) : match.cardTitle(m!);
      return card.showCard(this.board, title, `${this.game.name}, ${packLabel(lang)}`, seconds);
    }
    $("challenge-card").hidden = true;
    // The page's first round starts as it shows (loading was the wait);
    // one the player asks for counts 3-2-1 first, the board in view.
    if (document.body.dataset.round === undefined) this.begin();
    else await this.countdown(asked);
  }

  /**
   * Leaves the round on the board for a new one. With a word found, it is
   * not lost: it is ended and kept in the record first, and the line
   * returned says so.
   */
  private leave(): string {
    const left = this.round;
    let said = "";
    if (left && !left.ended && left.found.length) {
      left.end(Date.now());
      this.recordRound(left);
      said = `Your last round was kept: ${plural(left.score, "point", "points")}, ${plural(left.found.length, "word", "words")}.`;
    }
    // The library lets go of a round left unfinished.
    if (left && !left.ended) left.end(Date.now());
    if (left) void left.finish().catch(() => {});
    if (left) kept.clear();
    this.stopTicker();
    return said;
  }

  /**
   * Loads `lang`'s pack; one that does not load is not chosen: the language
   * before stays, with its round if one is on the board (else `again` plays
   * one in it). Whether the pack loaded.
   */
  private async loadPack(lang: string, again: () => Promise<void>): Promise<boolean> {
    if (!this.engine.packs.has(lang)) this.say(`Loading ${packLabel(lang)}…`, "");
    try {
      await ensurePack(this.engine, lang);
      this.loaded = lang;
      return true;
    } catch (e) {
      const before = this.loaded;
      this.lang = before;
      $<HTMLSelectElement>("play-lang").value = before;
      settings.showSource(before);
      this.say(`${packLabel(lang)} did not load (${(e as Error).message}); ${packLabel(before)} stays. Try again when you are online.`, "bad");
      if (!this.round) {
        if (before !== lang) await again();
      } else if (!this.round.ended) this.ticker = window.setInterval(() => this.tick(), 200);
      return false;
    }
  }

  /** Opens the round in the library (opening.ts); null, and a line saying why, if it does not open. */
  private async open(lang: string, counted: Counted, challenge?: Challenge, seed?: number, day?: string, resume?: kept.KeptRound, pack?: string): Promise<PlayRound | null> {
    let opened: Opened;
    try {
      opened = await openRound(this.engine, { lang, game: this.game, counted, custom: settings.custom(this.game.id), resume, challenge, match: this.match, seed, day, pack });
    } catch (e) {
      const { from, message } = e as NotOpened;
      if (from === "resume") kept.clear();
      if (from === "roll") this.say(`No board for ${this.game.name} in ${packLabel(lang)} (${message}); choose another game.`, "bad");
      else notice(from === "resume" ? `Your last round did not resume (${message}); here is a new one.` : `That board does not read (${message}); here is a new one.`);
      if (from !== "roll") void this.newRound();
      return null;
    }
    this.bonus = opened.bonus;
    this.seed = opened.seed;
    if (opened.seed !== undefined) document.body.dataset.seed = String(opened.seed);
    else delete document.body.dataset.seed;
    if (opened.minCommon !== undefined) document.body.dataset.minCommon = String(opened.minCommon);
    this.openedWith = { scoring: opened.scoring, minLen: opened.minLen };
    return opened.round;
  }

  /** `round` (on an opening's pack) opened again on the whole pack, once it has come: its download starts now. */
  private whole(lang: string, round: Round): Promise<PlayRound> {
    const { scoring, minLen } = this.openedWith;
    const bonus = this.bonus;
    return ensurePack(this.engine, lang).then(() => {
      this.loaded = lang;
      return this.engine.playOpen(lang, round.solution.board, { scoring, bonus, min_len: minLen }, round.counted);
    });
  }

  /** The scoring and minimum length the round on the board was opened with (kept with it). */
  private openedWith: { scoring: string; minLen?: number } = { scoring: "" };

  /** Puts a new round on the screen: its board, an empty list, the clock full. */
  private showRound(lang: string, seconds: number): void {
    const round = this.round!;
    const solution = round.solution;
    document.body.dataset.counted = round.counted;
    this.board.show(solution.rows, solution.cols, solution.cells, { values: solution.values, bonus: solution.bonus });
    this.board.mark([]);
    $("found").replaceChildren();
    define.hide();
    $("end").hidden = true;
    $("countdown").hidden = true;
    delete document.body.dataset.ended;
    $("found-panel").hidden = false;
    $("round-actions").hidden = false;
    $("type-form").hidden = false;
    $("hud").classList.remove("over");
    $<HTMLInputElement>("guess").disabled = false;
    $("current").textContent = "\u00a0";
    $("timebar").setAttribute("aria-valuemax", String(seconds));
    settings.showGameLine(this.game, lang, seconds);
    match.showHud(this.match);
    this.showDailyEntry();
    document.body.dataset.board = solution.board;
    document.body.dataset.bonus = this.bonus ?? "";
    this.showScore();
    this.showStats();
  }

  /** Judges a kept round's words again, in order: the library's round is as it was. */
  private async replay(round: Round, words: string[]): Promise<void> {
    const byWord = new Map(round.solution.words.map((w) => [w.word, w]));
    for (const word of words) {
      const w = byWord.get(word);
      if (!w) continue;
      const verdict = await round.judge({ path: w.path });
      if (verdict.kind === "new") this.addFound(verdict);
    }
    this.showScore();
  }

  /** Keeps the round on the clock on this device (kept.ts), with a heartbeat. */
  private persist(): void {
    const round = this.round;
    if (!round || round.ended || round.deadline === null) return;
    const custom = settings.custom(this.game.id);
    kept.keep({
      search: location.search,
      lang: this.began.get(round)?.lang ?? this.lang,
      game: this.game.id,
      custom,
      board: this.boardText,
      scoring: this.openedWith.scoring,
      bonus: this.bonus,
      minLen: this.openedWith.minLen,
      seed: this.seed,
      day: this.day ?? undefined,
      counted: round.counted,
      seconds: round.seconds,
      challenge: this.challenged ?? undefined,
      deadline: round.deadline,
      found: round.found.map((w) => w.word),
      match: this.match ?? undefined,
    });
    this.beat = Date.now();
  }

  /** When the round was last kept (Date.now() ms). */
  private beat = 0;

  /** 3, 2, 1 over the veiled board, then the clock; a round asked for meanwhile wins. */
  private async countdown(asked: number): Promise<void> {
    this.waiting = true;
    if (await card.countdown(this.board, this.round?.seconds ?? 0, () => asked === this.asked)) this.begin();
  }

  /** The clock starts: the round is on. */
  private begin(): void {
    const round = this.round;
    if (!round) return;
    this.waiting = false;
    card.veil(this.board, false);
    document.body.dataset.round = String(Number(document.body.dataset.round || 0) + 1);
    // When the first round became playable (ms from the navigation), as the
    // budgets measure it.
    document.body.dataset.playable ??= String(Math.round(performance.now()));
    round.start(Date.now());
    this.persist();
    this.ticker = window.setInterval(() => this.tick(), 200);
    this.tick();
  }

  /** The player is ready for a challenge: 3, 2, 1, then the board and the clock. */
  private ready(): Promise<void> {
    if (!this.waiting || !$("countdown").hidden) return Promise.resolve();
    $("challenge-card").hidden = true;
    return this.countdown(this.asked);
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
    const now = Date.now();
    const left = round.remaining(now);
    // The heartbeat that holds the kept round for this page.
    if (!round.ended && now - this.beat >= 2000) this.persist();
    $("clock").textContent = clock(left);
    const share = round.seconds ? left / (round.seconds * 1000) : 0;
    $("timebar-fill").style.transform = `scaleX(${share})`;
    $("timebar").setAttribute("aria-valuenow", String(Math.ceil(left / 1000)));
    $("timebar").classList.toggle("low", left < 10_000);
    if (Math.floor(now / 10_000) !== this.entryShown) this.showDailyEntry();
    if (left <= 0 && !round.ended) void this.end();
  }

  /** The daily board's entry: hidden on the daily board itself, else with the time until the next one. */
  private showDailyEntry(): void {
    this.entryShown = Math.floor(Date.now() / 10_000);
    const today = daily.today();
    $("daily-entry").hidden = this.day === today;
    const played = daily.played(this.game.id, this.lang, today);
    const next = `${played ? `${plural(played.score, "point", "points")} today; ` : ""}new in ${daily.untilNext()}`;
    if ($("daily-next").textContent !== next) $("daily-next").textContent = next;
  }

  /** When the daily entry was last shown (tens of seconds). */
  private entryShown = 0;

  /** Counts rounds asked for: only the last one asked is shown. */
  private asked = 0;

  /** Counts traces: an answer about a path the finger has left is dropped. */
  private traced = 0;

  /**
   * The path as it grows: its tiles lit, and what it would come to if the
   * finger lifted now (the library judges it and keeps nothing), shown on
   * the tiles and above the board: a word of the target, one found already,
   * or nothing yet. A tick of vibration when it becomes a new word.
   */
  private tracing(path: Cell[]): void {
    const round = this.round;
    if (!round || round.ended || this.waiting) return;
    const t0 = performance.now();
    this.board.mark(path, "trace");
    const n = ++this.traced;
    if (!path.length) return showSpelling(this.board.el, $("current"), null);
    // (A step asked ahead is answered in this task: its promise has settled.)
    const inHand = round.inHand(path);
    const peeked = round.peek(path);
    round.peekAhead(path);
    peeked.then(
      (peeked) => {
        if (n !== this.traced || round !== this.round) return;
        showSpelling(this.board.el, $("current"), peeked);
        // How long the last step took to show (the budgets read it).
        document.body.dataset.peekMs = (performance.now() - t0).toFixed(2);
        // Whether it came from the answers asked ahead (the checks read it).
        document.body.dataset.peekFrom = inHand ? "ahead" : "worker";
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
    delete this.board.el.dataset.spells;
    delete $("current").dataset.spells;
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
    // The last few judgements' times, for the browser suite's median.
    const times = (document.body.dataset.judgeMs ?? "").split(",").filter(Boolean).slice(-8);
    document.body.dataset.judgeMs = [...times, (performance.now() - t0).toFixed(3)].join(",");
    const line = verdictLine({ ...verdict, word: verdict.text });
    this.say(line.text, line.tone);
    if (verdict.kind === "new" && verdict.word !== null) {
      const w = this.addFound(verdict);
      this.showScore();
      this.persist();
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

  /** A new word's chip at the head of the found list. */
  private addFound(verdict: Verdict): Word {
    const w = this.round!.solution.words[verdict.word!];
    const chip = document.createElement("li");
    chip.textContent = `${w.word} ${w.score}`;
    chip.dataset.word = w.word;
    if (w.rare) markRare(chip);
    $("found").prepend(chip);
    return w;
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
    const custom = settings.custom(this.game.id);
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
    round.end(Date.now());
    kept.clear();
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
    if (this.match) match.roundEnded(this.match, round.score, round.found.length);
    else match.noMatch();
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

  /** The round on the board as a challenge link tells it (share.ts). */
  private shared(): share.Shared {
    const custom = settings.custom(this.game.id);
    return { round: this.round, lang: this.lang, game: this.game.id, board: this.boardText, counted: this.counted(), bonus: this.bonus, seed: this.seed, custom, versus: this.versus, challenged: this.challenged, match: this.match };
  }

  /** The day's kept result, for the share button. */
  private dailyResult: daily.DailyResult | null = null;
}
