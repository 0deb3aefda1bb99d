// The site: load the solver and the first pack, then show Play (a round
// starts at once) or Solve, as the link asks. Links:
//   ?mode=play&lang=nl&game=big         a round of that game
//   ?mode=play&board=…&vs=120-31&time=180   a challenge: that board, a score to beat
//   ?board=…&lang=…&neighbors=…         Solve, that board solved
import "./style.css";
import { Engine } from "./engine";
import { Play } from "./play";
import { PRESETS, preset } from "./presets";
import { $, ensurePack, hasPack, loadIndex, notice, packKeys } from "./site";
import { Solve } from "./solve";

type Mode = "play" | "solve";

function setMode(mode: Mode, play: Play): void {
  $("tab-play").setAttribute("aria-pressed", String(mode === "play"));
  $("tab-solve").setAttribute("aria-pressed", String(mode === "solve"));
  $("play").hidden = mode !== "play";
  $("solve-screen").hidden = mode !== "solve";
  document.body.dataset.mode = mode;
  // Leaving a round pauses it: the solver would show its answers.
  if (mode === "solve") play.pauseForSolve();
}

async function start(): Promise<void> {
  const t0 = performance.now();
  const p = new URLSearchParams(location.search);
  const [engine] = await Promise.all([Engine.load(), loadIndex()]);
  const problems: string[] = [];
  let lang = (p.get("lang") ?? "").toLowerCase();
  if (lang && !hasPack(lang)) {
    const found = packKeys().find((k) => k.toLowerCase() === lang);
    if (found) lang = found;
    else {
      problems.push(`no pack "${p.get("lang")}" here (the languages: ${packKeys().join(", ")}); English instead`);
      lang = "";
    }
  }
  if (!lang) {
    const saved = localStorage.getItem("wordgrid.lang");
    const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
    lang = [saved, browser, "en"].find((k): k is string => !!k && hasPack(k)) ?? "en";
  }
  await ensurePack(engine, lang);
  const play = new Play(engine);
  const solve = new Solve(engine);
  play.listLanguages();
  solve.listPacks();
  $("tab-play").addEventListener("click", () => {
    setMode("play", play);
    play.resume();
  });
  $("tab-solve").addEventListener("click", () => setMode("solve", play));
  $("play-lang").addEventListener("change", () => localStorage.setItem("wordgrid.lang", $<HTMLSelectElement>("play-lang").value));

  const mode: Mode = p.get("mode") === "play" || !p.has("board") ? "play" : "solve";
  if (p.has("mode") && !["play", "solve"].includes(p.get("mode") ?? "")) problems.push(`mode "${p.get("mode")}" (play or solve)`);
  $("loading").hidden = true;
  document.body.dataset.ready = String(Math.round(performance.now() - t0));
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});

  if (mode === "play") {
    const game = p.get("game");
    if (game && !preset(game)) problems.push(`game "${game}" (${PRESETS.map((g) => g.id).join(", ")})`);
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
    play.configure({ preset: game ?? undefined, lang, seconds });
    setMode("play", play);
    notice(problems.length ? `This link has ${problems.join("; ")}.` : "");
    const board = p.get("board");
    await play.newRound(board ? { board, seconds, versus } : undefined);
  } else {
    setMode("solve", play);
    $<HTMLSelectElement>("pack").value = lang;
    problems.push(...solve.fromParams(p));
    notice(problems.length ? `This link has ${problems.join("; ")}; the rest is applied.` : "");
    await solve.solve();
    play.configure({ lang });
  }
}

start().catch((e: Error) => {
  $("loading").hidden = true;
  notice(`The solver did not load: ${e.message}. Reload the page to try again.`);
});
