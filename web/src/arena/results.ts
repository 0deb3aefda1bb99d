// What the arena shows between rounds: a round's results (the top ten, the
// board's best words with the share of players who found each, the words
// nobody found), the player's own (rank, percentile, words, rarest find)
// and the leaderboards (`GET /arena/leaderboards`), all as the server
// computed them: the page ranks nothing itself.
import { BoardView, markRare, markShared, wordItem } from "../board";
import { plural } from "../game";
import { $, bdi, shownCode } from "../room/live";
import type { ArenaBoards, ArenaMine, ArenaResults, Leader, WordShare, WordShown } from "../room/protocol";

/** 1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** A line of a top ten: rank, name, points and words. */
export function leaderItem(p: Leader): HTMLLIElement {
  const li = document.createElement("li");
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = ordinal(p.rank);
  const total = document.createElement("span");
  total.className = "total";
  total.textContent = `${plural(p.score, "point", "points")}, ${plural(p.words, "word", "words")}`;
  li.append(rank, bdi(p.name), total);
  return li;
}

/** "found by 37%"; of a player's own word found by them alone, "only you". */
function foundBy(w: WordShare, own = false): string {
  if (w.finders <= 1) return w.finders === 0 ? "found by nobody" : own ? "only you found it" : "found by one player";
  return `found by ${Math.round(w.share * 100)}%`;
}

export class Results {
  private readonly board = new BoardView($("results-board"), "The round's board");
  /** The round the shown results are of. */
  private start = "";

  /** The arena's game (for the line that rolls the board again). */
  game = "";

  /** A round's results, as every player hears them. */
  round(m: ArenaResults): void {
    this.start = m.start;
    const b = m.board;
    this.board.show(b.rows, b.cols, b.cells, { values: b.values, bonus: b.bonus });
    $("mine-line").textContent = m.players ? `${plural(m.players, "player", "players")} played this board.` : "Nobody played this board.";
    $("rarest").textContent = "";
    $("held").hidden = true;
    $("mine").replaceChildren();
    $("top").replaceChildren(...m.top.map(leaderItem));
    $("best").replaceChildren(...m.best.map((w) => this.shareItem(w)));
    $("nobody").replaceChildren(
      ...m.nobody.map((w) => {
        const li = wordItem({ word: w.word, score: w.points }, this.shows(w));
        if (w.rare) markRare(li.querySelector("button") ?? li);
        return li;
      }),
    );
    if (!m.nobody.length) $("nobody").append(note("every word was found"));
    $("seed-line").textContent = `Board of ${m.start}, seed ${m.seed}: boggle roll --game ${this.game} --seed ${m.seed} rolls it again.`;
  }

  /** The player's own part of the results. */
  mine(m: ArenaMine): void {
    if (m.start !== this.start) return;
    const p = m.place;
    const among = p.players === 1 ? "the only player" : `ahead of ${Math.round(p.percentile)}% of players`;
    $("mine-line").textContent = `You finished ${ordinal(p.rank)} of ${p.players}, ${among}, with ${plural(p.score, "point", "points")} and ${plural(p.words, "word", "words")}.`;
    $("rarest").textContent = m.rarest ? `Your rarest find: ${m.rarest.word.toUpperCase()}, ${foundBy(m.rarest, true)}.` : "";
    $("held").hidden = !m.held;
    $("mine").replaceChildren(...m.words.map((w) => this.shareItem(w, true)));
    if (!m.words.length) $("mine").append(note("no words this round"));
  }

  private shows(w: WordShown | WordShare): () => void {
    return () => this.board.mark(w.path, "shown");
  }

  private shareItem(w: WordShare, own = false): HTMLLIElement {
    const li = wordItem({ word: w.word, score: w.points }, this.shows(w));
    const b = li.querySelector("button");
    if (b) {
      b.dataset.share = String(w.share);
      if (w.rare) markRare(b);
      if (w.shared) markShared(b);
    }
    // Beside the button, not in it: the button's name is the word and its points.
    const share = document.createElement("span");
    share.className = "share";
    share.textContent = foundBy(w, own);
    li.append(share);
    return li;
  }
}

function note(text: string): HTMLLIElement {
  const li = document.createElement("li");
  li.className = "hint";
  li.textContent = text;
  return li;
}

/** The leaderboards of a game and language, one shown at a time. */
export class Leaderboards {
  private answer: ArenaBoards | null = null;

  /** What was loaded last: the game (null: the server's), language and friends' board. */
  private asked: { game: string | null; lang: string; group: string | null } = { game: null, lang: "en", group: null };

  constructor() {
    for (const id of ["period", "by"]) $(id).addEventListener("change", () => this.draw());
    $("whose").addEventListener("change", () => void this.load(this.asked.game, this.asked.lang, this.asked.group));
  }

  /** Offers the friends' board `code` beside everyone's (null: none). */
  offer(code: string | null): void {
    this.asked.group = code;
    $("whose-label").hidden = code === null;
    if (code === null) $<HTMLSelectElement>("whose").value = "all";
  }

  /** Fetches them again (`game` null: the server's arena game), everyone's or, as chosen, the friends' board `group`'s. */
  async load(game: string | null, lang: string, group: string | null = this.asked.group, round?: string): Promise<void> {
    this.asked = { game, lang, group };
    const q = new URLSearchParams({ lang });
    if (game) q.set("game", game);
    if (group && $<HTMLSelectElement>("whose").value === "group") q.set("group", group);
    // With `round` (a start), until the boards hold it: the server records
    // a round's results a moment after its players hear them.
    for (let tries = 0; ; tries++) {
      try {
        const r = await fetch(`arena/leaderboards?${q}`, { cache: "no-store" });
        if (!r.ok) return;
        this.answer = (await r.json()) as ArenaBoards;
      } catch {
        return;
      }
      const through = this.answer.through ?? "";
      if (!round || through >= round || tries >= 20) break;
      await new Promise((ok) => window.setTimeout(ok, 250));
    }
    this.draw();
  }

  /** Fills a select with the server's choices (key and label), keeping
   * the one chosen, else `first`. */
  private static choices(id: string, choices: [string, string][], first: string): void {
    const select = $<HTMLSelectElement>(id);
    const chosen = select.value || first;
    const shown = [...select.options].map((o) => `${o.value}=${o.text}`).join();
    if (shown === choices.map(([k, l]) => `${k}=${l}`).join()) return;
    select.replaceChildren(
      ...choices.map(([key, label]) => {
        const o = document.createElement("option");
        o.value = key;
        o.textContent = label;
        return o;
      }),
    );
    select.value = choices.some(([k]) => k === chosen) ? chosen : (choices[0]?.[0] ?? "");
  }

  private draw(): void {
    // The periods and measures are the server's, in its order.
    const boards = this.answer?.boards ?? [];
    const pairs = (key: "period" | "by", label: "period_label" | "by_label"): [string, string][] =>
      [...new Map(boards.map((b) => [b[key], b[label]])).entries()];
    Leaderboards.choices("period", pairs("period", "period_label"), "day");
    Leaderboards.choices("by", pairs("by", "by_label"), "total");
    const period = $<HTMLSelectElement>("period").value;
    const by = $<HTMLSelectElement>("by").value;
    const board = this.answer?.boards.find((b) => b.period === period && b.by === by);
    const entries = board?.entries ?? [];
    document.body.dataset.leaders = entries.map((e) => e.name).join(",");
    $("board-list").replaceChildren(
      ...entries.map((e, i) => {
        const li = document.createElement("li");
        const rank = document.createElement("span");
        rank.className = "rank";
        rank.textContent = ordinal(i + 1);
        const value = document.createElement("span");
        value.className = "total";
        value.textContent = by === "average" ? `${e.value.toFixed(1)} a round` : plural(e.value, "point", "points");
        li.append(rank, bdi(e.name), value);
        return li;
      }),
    );
    const least = this.answer?.min_rounds ?? 0;
    const code = this.answer?.group;
    const among = code ? `Friends' board ${shownCode(code)}: ` : "";
    $("board-note").textContent = entries.length
      ? `${among}${board?.about ?? ""}`
      : by === "average"
        ? `Nobody has played ${least} rounds in this period yet.`
        : "Nobody has played in this period yet.";
  }
}
