// The daily board as the arena plays it: once a day on the player's own
// date, judged by the server, ranked among everyone who played that date's
// board (`daily` and `daily_results` in docs/arena.md). This draws the
// result the server sent: the page ranks nothing itself.
import { BoardView, markRare, wordItem } from "../board";
import { plural } from "../game";
import { $ } from "../room/live";
import type { DailyResults } from "../room/protocol";
import { leaderItem, ordinal } from "./results";

export class DailyEnd {
  private readonly board = new BoardView($("daily-board"), "Today's board");

  /** The arena's game (for the line that rolls the board again). */
  game = "";

  show(m: DailyResults): void {
    const b = m.board;
    this.board.show(b.rows, b.cols, b.cells, { values: b.values, bonus: b.bonus });
    const p = m.place;
    const score = `${plural(m.score, "point", "points")} and ${plural(m.words.length, "word", "words")}`;
    $("daily-line").textContent = p
      ? `${ordinal(p.rank)} of ${p.players} today${p.players === 1 ? ", the first to play it" : `, ahead of ${Math.round(p.percentile)}% of players`}, with ${score}.`
      : `You scored ${score}.`;
    $("daily-again").hidden = !m.again;
    $("daily-held").hidden = !m.held;
    $("daily-top-title").textContent = `The best of ${m.day.date} (${plural(m.day.players, "player", "players")})`;
    $("daily-top").replaceChildren(...m.day.top.map(leaderItem));
    $("daily-words").replaceChildren(
      ...m.words.map((w) => {
        const li = wordItem({ word: w.word, score: w.points }, () => this.board.mark(w.path, "shown"));
        if (w.rare) markRare(li.querySelector("button") ?? li);
        return li;
      }),
    );
    if (!m.words.length) {
      const li = document.createElement("li");
      li.className = "hint";
      li.textContent = "no words this time";
      $("daily-words").append(li);
    }
    $("daily-seed").textContent = `Board of ${m.day.date}, seed ${m.seed}: boggle roll --game ${this.game} --daily ${m.day.date} rolls it again.`;
  }
}
