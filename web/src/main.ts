// The site: load the solver and the first pack, then show Play (a round
// starts at once) or Solve, as the link asks. Links:
//   ?mode=play&lang=nl&game=big         a round of that game
//   …&seed=42                           that game's round for seed 42 (as `boggle roll --game big --seed 42`)
//   ?mode=play&board=…&vs=120-31&time=180   a challenge: that board, a score to beat (a card first)
//   …&from=Ann&found=…                  the sender's name, and which words they found (a bitmap)
//   …&re=90-20&refrom=Bob               a reply: the result it answers
//   …&words=all                         count every word (default: common words only)
//   ?mode=play&game=ruzzle&match=3&seed=42   a match of 3 rounds rolled from seed 42 (…&vs=…&rounds=30.25.30: one to beat)
//   ?mode=play&daily&game=boggle        today's board (the player's date), one scored round a day; daily=2026-12-01 that day's
//   ?board=…&lang=…&neighbors=…         Solve, that board solved
import "./style.css";
import { Engine } from "wordgrid";
import { Play } from "./play";
import type { FirstRound } from "./opening";
import * as chosen from "./chosen";
import * as kept from "./kept";
import { $, ensurePack, fetchPack, firstLanguage, firstOpening, hasPack, isOpening, loadIndex, notice, openingBytes, openingRound, packKeys, packLabel } from "./site";
import * as history from "./history";
import { Solve } from "./solve";
import { isDay, today } from "./daily";
import { readName, readResult } from "./challenge";
import { CATALOG, fillChoices, freshSeed, isSeed } from "./catalog";
import { readRounds, readScores } from "./match";
import { offerArena } from "./arenalink";

type Mode = "play" | "solve";

function setMode(mode: Mode): void {
  $("tab-play").setAttribute("aria-pressed", String(mode === "play"));
  $("tab-solve").setAttribute("aria-pressed", String(mode === "solve"));
  $("play").hidden = mode !== "play";
  $("solve-screen").hidden = mode !== "solve";
  $("solve-guard").hidden = true;
  document.body.dataset.mode = mode;
}

/**
 * The solver would show the answers of the round on the clock: during a
 * round it opens only once the round is ended, and the page says so (the
 * clock is fair, so it does not stop meanwhile).
 */
function guardSolve(play: Play): void {
  $("solve-guard-end").addEventListener("click", async () => {
    $("solve-guard").hidden = true;
    await play.end();
    setMode("solve");
  });
  $("solve-guard-stay").addEventListener("click", () => {
    $("solve-guard").hidden = true;
    $("tab-play").focus();
  });
  $("tab-solve").addEventListener("click", () => {
    if (!play.playing()) return setMode("solve");
    $("solve-guard").hidden = false;
    $("solve-guard-end").focus();
  });
}

/** What a link asks of a round (`game`, `seed`, `time`, `vs`, `daily`,
 * `words`), each part that does not read named in `problems`. */
function readPlayLink(p: URLSearchParams, play: Play, problems: string[]): PlayLink {
  const game = p.get("game");
  if (game && !play.gameNamed(game)) problems.push(`game "${game}" (${play.games.map((g) => g.id).join(", ")})`);
  const seedText = p.get("seed");
  let seed: number | undefined;
  if (seedText !== null) {
    if (isSeed(seedText)) seed = Number(seedText);
    else problems.push(`seed "${seedText}" (a whole number)`);
  }
  const time = p.get("time");
  let seconds: number | undefined;
  if (time !== null) {
    if (/^[0-9]{1,4}$/.test(time) && Number(time) >= 10) seconds = Number(time);
    else problems.push(`time "${time}" (seconds, 10 or more)`);
  }
  let versus: { score: number; words: number } | undefined;
  const vs = p.get("vs");
  if (vs !== null) {
    const m = /^([0-9]{1,9})-([0-9]{1,6})$/.exec(vs);
    if (m) versus = { score: Number(m[1]), words: Number(m[2]) };
    else problems.push(`vs "${vs}" (score-words)`);
  }
  // ?daily (or daily=today): today's board (the player's date); daily=YYYY-MM-DD: that day's.
  const dailyText = p.get("daily");
  let day: string | undefined;
  if (dailyText !== null) {
    if (dailyText === "" || dailyText === "today") day = today();
    else if (isDay(dailyText)) day = dailyText;
    else problems.push(`daily "${dailyText}" (a date, YYYY-MM-DD, or today)`);
  }
  const words = p.get("words");
  let counted: "common" | "all" | undefined;
  if (words !== null) {
    if (words === "common" || words === "all") counted = words;
    else problems.push(`words "${words}" (common or all)`);
  }
  return { game, seed, seconds, versus, day, counted };
}

/** A link's round settings, as `readPlayLink` reads them. */
interface PlayLink {
  game: string | null;
  seed?: number;
  seconds?: number;
  versus?: { score: number; words: number };
  day?: string;
  counted?: "common" | "all";
}

/** The language a link asks for (matched without regard to case), else the
 * last one played or the browser's; a key that is not here is named in
 * `problems`. */
function languageOfLink(p: URLSearchParams, problems: string[]): string {
  let lang = (p.get("lang") ?? "").toLowerCase();
  if (lang && !hasPack(lang)) {
    const found = packKeys().find((k) => k.toLowerCase() === lang);
    if (found) lang = found;
    else {
      problems.push(
        lang.startsWith("file:")
          ? `a pack opened from a file (${p.get("lang")?.split(":").slice(2).join(":")}), which a link cannot carry: open the file again under "Language, rules and dice"`
          : `no language "${p.get("lang")}" here (the languages: ${packKeys().join(", ")})`,
      );
      lang = "";
    }
  }
  if (!lang) lang = firstLanguage(localStorage.getItem("wordgrid.lang"), navigator.languages ?? [navigator.language]);
  return lang;
}

async function start(): Promise<void> {
  const t0 = performance.now();
  const p = new URLSearchParams(location.search);
  // The selects of the library's choices, before anything reads them.
  fillChoices();
  // The solver and the pack index (both preloaded by the page), then the
  // pack: its download starts as soon as the index says which it is,
  // beside the solver's.
  const loading = Engine.load("boggle_web.wasm.gz");
  loading.catch(() => {});
  await loadIndex();
  const problems: string[] = [];
  // A link's mode wins; without one, a board is for solving.
  const asked = p.get("mode");
  const mode: Mode = asked === "solve" || asked === "play" ? asked : p.has("board") ? "solve" : "play";
  // The round in progress when this page (or another) last closed, if the
  // link asks for no other: it resumes, in its own language.
  const resume = mode === "play" ? kept.resumable(location.search) : null;
  const lang = resume && hasPack(resume.lang) ? resume.lang : languageOfLink(p, problems);
  // A first visit's first round is an opening round: the download is the
  // module and a few boards' words, and the whole pack comes after.
  const first = mode === "play" && !resume ? await firstOpening(lang, p, history.load().length) : null;
  const bytes = first ? undefined : fetchPack(lang);
  bytes?.catch(() => {});
  const engine = await loading;
  // (The opening's pack, or, if it does not come, the whole one.)
  const opening = first ? first.bytes.then((b) => engine.addPack(first.key, b)).then(() => first, () => null) : Promise.resolve(null);
  // The pack goes on arriving, and the module rebuilding it, while the
  // screens are set up. One that does not load (offline, a language never
  // visited) gives way to the last language played, else English: the
  // language that loaded.
  let fellBack = "";
  // Offline without a whole pack kept (a first visit closed before it
  // came): an opening round of the language, else of English, on its
  // opening's pack (the service worker keeps those ahead).
  let offlineOpening: FirstRound | null = null;
  const packLoaded = opening.then((o) => (o ? undefined : ensurePack(engine, lang, bytes))).then(
    () => lang,
    async (e: Error) => {
      const instead = [localStorage.getItem("wordgrid.lang"), "en"].find((k): k is string => !!k && k !== lang && hasPack(k));
      const loaded = instead ? await ensurePack(engine, instead).then(() => true, () => false) : false;
      if (instead && loaded) {
        fellBack = `${packLabel(lang)} did not load (${e.message}; offline?): here is ${packLabel(instead)}. Try again when you are online.`;
        return instead;
      }
      for (const k of mode === "play" ? [lang, "en"] : []) {
        // A kept round of an opening resumes on it.
        const o = resume?.lang === k && resume.seed !== undefined && isOpening(k, resume.game, resume.seed) ? { ...openingRound(k)!, seed: resume.seed } : openingRound(k);
        if (!o || !(await openingBytes(k).then((b) => engine.addPack(o.key, b)).then(() => true, () => false))) continue;
        offlineOpening = o;
        fellBack = `${packLabel(lang)} did not load (${e.message}; offline?): here is one of the ${packLabel(k)} boards kept for offline play. Try again when you are online for every board.`;
        return k;
      }
      throw new Error(`the words of ${packLabel(lang)} did not load (${e.message})`);
    },
  );
  packLoaded.catch(() => {});
  const play = new Play(engine);
  const solve = new Solve(engine);
  play.listLanguages();
  solve.listPacks();
  $("tab-play").addEventListener("click", () => {
    setMode("play");
    play.resume();
  });
  guardSolve(play);

  if (p.has("mode") && !["play", "solve"].includes(p.get("mode") ?? "")) problems.push(`mode "${p.get("mode")}" (play or solve)`);
  $("loading").textContent = `Loading the words (${packLabel(lang)})…`;
  // The screen is laid out while the pack arrives; then the first round.
  const loaded = async (): Promise<string> => {
    const got = await packLoaded;
    $("loading").hidden = true;
    document.body.dataset.ready = String(Math.round(performance.now() - t0));
    void offerArena();
    return got;
  };

  if (mode === "play" && resume && hasPack(resume.lang)) {
    play.configure({ preset: resume.game, lang, seconds: resume.seconds, counted: resume.counted });
    if (resume.custom) {
      $<HTMLSelectElement>("custom-size").value = resume.custom.size;
      $<HTMLSelectElement>("custom-scoring").value = resume.custom.scoring;
    }
    setMode("play");
    const got = await loaded();
    const o = offlineOpening as FirstRound | null;
    if (got === lang && (!o || o.seed === resume.seed)) {
      notice(fellBack);
      return play.newRound(resume.challenge, resume.seed, resume.day, resume, o ?? undefined);
    }
    play.configure({ lang: got, ...(o ? { preset: o.game } : {}) });
    notice(fellBack);
    await play.newRound(undefined, undefined, undefined, undefined, o ?? undefined);
  } else if (mode === "play") {
    const { game, seed, seconds, versus, day, counted } = readPlayLink(p, play, problems);
    // A link without a game plays the game, time and words chosen last.
    const kept = game ? {} : chosen.load();
    play.configure({ preset: game ?? kept.preset, lang, seconds: seconds ?? kept.seconds, counted: counted ?? kept.counted });
    const scoring = p.get("scoring");
    if (scoring !== null) {
      const custom = $<HTMLSelectElement>("custom-scoring");
      if ([...custom.options].some((o) => o.value === scoring)) custom.value = scoring;
      else problems.push(`scoring "${scoring}"`);
    }
    setMode("play");
    notice(problems.length ? `This link has ${problems.join("; ")}.` : "");
    const got = await loaded();
    const o = offlineOpening as FirstRound | null;
    if (got !== lang || o) {
      play.configure({ lang: got, ...(o ? { preset: o.game } : {}) });
      notice([fellBack, ...(problems.length ? [`This link has ${problems.join("; ")}.`] : [])].join(" "));
    }
    if (o) return play.newRound(undefined, undefined, undefined, undefined, o);
    const board = p.get("board");
    const re = readResult(p.get("re"));
    if (re === null) problems.push(`re "${p.get("re")}" (score-words)`);
    const found = p.get("found") ?? undefined;
    const challenge = board
      ? { board, seconds, versus, counted, bonus: p.get("bonus") ?? undefined, from: readName(p.get("from")), found, re: re ?? undefined, reFrom: readName(p.get("refrom")) }
      : undefined;
    // ?match=3&seed=S: a match of three rounds rolled from S (with vs=…,
    // a challenger's, whose rounds' scores `rounds` lists).
    const rounds = readRounds(p.get("match"));
    if (rounds === null) problems.push(`match "${p.get("match")}" (rounds, 2 to ${CATALOG.match_rounds})`);
    if (rounds && !board && !day) {
      $<HTMLSelectElement>("play-match").value = String(rounds);
      const theirs = readScores(p.get("rounds"), rounds);
      if (problems.length) notice(`This link has ${problems.join("; ")}.`);
      return play.startMatch(seed ?? freshSeed(), rounds, versus ? { versus, theirs, from: readName(p.get("from")) } : {});
    }
    await play.newRound(challenge, seed, day, undefined, (await opening) ?? undefined);
  } else {
    setMode("solve");
    $<HTMLSelectElement>("pack").value = lang;
    problems.push(...solve.fromParams(p));
    solve.showSource();
    notice(problems.length ? `This link has ${problems.join("; ")}; the rest is applied.` : "");
    const got = await loaded();
    if (got !== lang) {
      $<HTMLSelectElement>("pack").value = got;
      solve.showSource();
      notice([fellBack, ...(problems.length ? [`This link has ${problems.join("; ")}; the rest is applied.`] : [])].join(" "));
    }
    // Without a board there is nothing to solve yet: the empty grid waits.
    if (p.has("board")) await solve.solve();
    play.configure({ lang: got });
  }
}

/**
 * The service worker (offline play), registered once the first round or
 * answer is on screen: its install fetches every file ahead, which would
 * otherwise share a slow first visit's bandwidth and CPU with the round.
 */
function registerServiceWorker(): void {
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
}

start().then(registerServiceWorker, (e: Error) => {
  $("loading").hidden = true;
  notice(`The game did not load: ${e.message}. Reload the page to try again.`);
});
