// The page: solve a board (and draw each word's path) or play a timed round.
// Everything runs here; the packs are files fetched once and cached offline.
import { Engine } from "./engine.js";

const $ = (id) => document.getElementById(id);
// Packs the site serves: the built-in two, and whatever packs/index.json
// lists (scripts/build-web writes it; EXTRA_PACKS adds more).
const PACKS = { en: "packs/en.pack", nl: "packs/nl.pack" };
let engine;
let current = null; // the last solution shown
let fileKey = 0;

async function start() {
  const t0 = performance.now();
  engine = await Engine.load();
  await engine.fetchPack("en", PACKS.en);
  listPacks();
  document.body.dataset.ready = String(Math.round(performance.now() - t0));
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
  fromUrl();
}

async function listPacks() {
  try {
    const index = await (await fetch("packs/index.json")).json();
    for (const p of index) {
      if (PACKS[p.key]) continue;
      PACKS[p.key] = `packs/${p.file}`;
      $("pack").add(new Option(`${p.language_name || p.language} (${p.words.toLocaleString()} words)`, p.key));
    }
  } catch {
    // No index: the two built-in packs only.
  }
}

function options() {
  const o = { board: $("board").value.trim(), neighbors: $("neighbors").value, wrap: $("wrap").checked };
  const min = parseInt($("min-len").value, 10);
  if (min > 0) o.min_len = min;
  if ($("scoring").value) o.scoring = $("scoring").value;
  if ($("bonus").value.trim()) o.bonus = $("bonus").value.trim();
  return o;
}

async function ensurePack(key) {
  if (!engine.packs.has(key)) {
    if (!PACKS[key]) throw new Error(`pack ${key} is not loaded`);
    status(`Loading the ${key} pack…`);
    await engine.fetchPack(key, PACKS[key]);
  }
}

function status(text, error = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", error);
}

async function solve() {
  const key = $("pack").value;
  try {
    await ensurePack(key);
    const t = performance.now();
    current = engine.solve(key, options());
    current.millis = performance.now() - t;
  } catch (e) {
    status(e.message, true);
    $("result").hidden = true;
    return;
  }
  document.body.dataset.solveMs = current.millis.toFixed(2);
  status("");
  show(current);
  updateUrl();
}

function show(s) {
  $("result").hidden = false;
  drawBoard($("board-view"), s);
  $("totals").textContent = `${s.word_count} words, ${s.score} points`;
  $("totals").dataset.words = s.word_count;
  $("totals").dataset.score = s.score;
  listWords();
}

function drawBoard(el, s) {
  el.innerHTML = "";
  el.style.setProperty("--cols", s.cols);
  const grid = document.createElement("div");
  grid.className = "grid";
  grid.setAttribute("role", "grid");
  for (let r = 0; r < s.rows; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "grid-row";
    for (let c = 0; c < s.cols; c++) {
      const face = s.cells[r * s.cols + c];
      const d = document.createElement("div");
      d.className = face == null ? "die blank" : "die";
      d.setAttribute("role", "gridcell");
      d.dataset.cell = `${r},${c}`;
      d.textContent = face == null ? "" : face.length > 1 ? face[0].toUpperCase() + face.slice(1) : face.toUpperCase();
      d.setAttribute("aria-label", face == null ? "blank" : face);
      row.appendChild(d);
    }
    grid.appendChild(row);
  }
  el.appendChild(grid);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "path");
  svg.setAttribute("viewBox", `0 0 ${s.cols * 100} ${s.rows * 100}`);
  svg.setAttribute("aria-hidden", "true");
  el.appendChild(svg);
}

function drawPath(el, path) {
  el.querySelectorAll(".die").forEach((d) => {
    d.classList.remove("on", "start");
    delete d.dataset.step;
  });
  const svg = el.querySelector("svg");
  svg.innerHTML = "";
  if (!path) return;
  const ns = "http://www.w3.org/2000/svg";
  const defs = document.createElementNS(ns, "defs");
  defs.innerHTML = '<marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z"/></marker>';
  svg.appendChild(defs);
  path.forEach(([r, c], i) => {
    const d = el.querySelector(`[data-cell="${r},${c}"]`);
    d.classList.add("on");
    if (i === 0) d.classList.add("start");
    d.dataset.step = i + 1;
    if (i > 0) {
      const [pr, pc] = path[i - 1];
      const line = document.createElementNS(ns, "line");
      line.setAttribute("x1", pc * 100 + 50);
      line.setAttribute("y1", pr * 100 + 50);
      line.setAttribute("x2", pc * 100 + 50 + (c - pc) * 70);
      line.setAttribute("y2", pr * 100 + 50 + (r - pr) * 70);
      line.setAttribute("marker-end", "url(#arrow)");
      svg.appendChild(line);
    }
  });
}

function sorted(words) {
  const by = $("sort").value;
  const w = [...words];
  if (by === "length") w.sort((a, b) => b.len - a.len || a.word.localeCompare(b.word));
  else if (by === "alpha") w.sort((a, b) => a.word.localeCompare(b.word));
  return w; // by score: as the solver gives them
}

function listWords() {
  const ol = $("words");
  ol.innerHTML = "";
  for (const w of sorted(current.words)) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "word";
    b.dataset.word = w.word;
    b.textContent = `${w.word} ${w.score}`;
    b.setAttribute("aria-label", `${w.word}, ${w.score} points: show its path`);
    const showIt = () => drawPath($("board-view"), w.path);
    b.addEventListener("click", showIt);
    b.addEventListener("mouseenter", showIt);
    b.addEventListener("focus", showIt);
    li.appendChild(b);
    ol.appendChild(li);
  }
}

function roll() {
  const key = $("pack").value;
  ensurePack(key).then(() => {
    let seed = parseInt($("seed").value, 10);
    if (!(seed >= 0)) {
      seed = Math.floor(Math.random() * 2 ** 31);
      $("seed").value = seed;
    }
    try {
      const dice = $("dice").value;
      const r = engine.roll(key, {
        seed,
        size: $("size").value || undefined,
        dice: dice && !dice.startsWith("letters:") ? dice : undefined,
        letters: dice.startsWith("letters:") ? dice.slice(8) : undefined,
      });
      $("board").value = r.board;
      solve();
    } catch (e) {
      status(e.message, true);
    }
  });
}

const URL_FIELDS = { board: "board", lang: "pack", neighbors: "neighbors", min_len: "min-len", scoring: "scoring", bonus: "bonus" };

function updateUrl() {
  const p = new URLSearchParams();
  for (const [name, id] of Object.entries(URL_FIELDS)) {
    const v = $(id).value.trim();
    if (v && !(name === "neighbors" && v === "all") && !(name === "lang" && v === "en")) p.set(name, v);
  }
  if ($("wrap").checked) p.set("wrap", "1");
  history.replaceState(null, "", `${location.pathname}?${p}`);
}

function fromUrl() {
  const p = new URLSearchParams(location.search);
  for (const [name, id] of Object.entries(URL_FIELDS)) if (p.has(name)) $(id).value = p.get(name);
  $("wrap").checked = p.get("wrap") === "1";
  if (p.get("mode") === "play") setMode("play");
  if (p.has("board")) solve();
}

// Play: a timed round on the board in the box (or a rolled one).
const game = { words: new Map(), found: [], timer: null, end: 0, score: 0 };

function setMode(mode) {
  $("tab-solve").setAttribute("aria-pressed", String(mode === "solve"));
  $("tab-play").setAttribute("aria-pressed", String(mode === "play"));
  $("play").hidden = mode !== "play";
  $("result").hidden = mode !== "solve" || !current;
}

async function startRound() {
  const key = $("pack").value;
  await ensurePack(key);
  if (!$("board").value.trim()) {
    const r = engine.roll(key, { seed: Math.floor(Math.random() * 2 ** 31), size: $("size").value || undefined });
    $("board").value = r.board;
  }
  let s;
  try {
    s = engine.solve(key, options());
  } catch (e) {
    $("play-message").textContent = e.message;
    return;
  }
  game.solution = s;
  game.pack = key;
  game.words = new Map(s.words.map((w) => [w.word, w]));
  game.found = [];
  game.score = 0;
  drawBoard($("play-board"), s);
  $("found").innerHTML = "";
  $("play-score").textContent = "0";
  $("play-end").hidden = true;
  $("play-message").textContent = "";
  const minutes = Math.max(1, parseFloat($("play-minutes").value) || 3);
  game.end = performance.now() + minutes * 60000;
  clearInterval(game.timer);
  game.timer = setInterval(tick, 250);
  tick();
  $("guess").disabled = false;
  $("guess").focus();
}

function tick() {
  const left = Math.max(0, game.end - performance.now());
  const s = Math.ceil(left / 1000);
  $("timer").textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  if (left <= 0) endRound();
}

function guess(text) {
  const word = text.trim().toLowerCase();
  if (!word || !game.solution) return;
  let message;
  if (game.found.includes(word)) message = `${word}: already found`;
  else if (game.words.has(word)) {
    const w = game.words.get(word);
    game.found.push(word);
    game.score += w.score;
    $("play-score").textContent = String(game.score);
    const li = document.createElement("li");
    li.textContent = `${word} ${w.score}`;
    $("found").appendChild(li);
    drawPath($("play-board"), w.path);
    message = `${word}: ${w.score} point${w.score === 1 ? "" : "s"}`;
  } else if (engine.contains(game.pack, word)) message = `${word}: in the pack, but not on this board`;
  else message = `${word}: not in the pack`;
  $("play-message").textContent = message;
}

function endRound() {
  clearInterval(game.timer);
  game.timer = null;
  $("guess").disabled = true;
  if (!game.solution) return;
  const s = game.solution;
  $("play-summary").textContent = `You found ${game.found.length} of ${s.word_count} words: ${game.score} of ${s.score} points.`;
  $("play-summary").dataset.score = game.score;
  const missed = $("missed");
  missed.innerHTML = "";
  for (const w of s.words.filter((w) => !game.found.includes(w.word))) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `${w.word} ${w.score}`;
    b.addEventListener("click", () => drawPath($("play-board"), w.path));
    li.appendChild(b);
    missed.appendChild(li);
  }
  $("play-end").hidden = false;
}

$("controls").addEventListener("submit", (e) => {
  e.preventDefault();
  solve();
});
$("roll").addEventListener("click", roll);
$("sort").addEventListener("change", () => current && listWords());
$("share").addEventListener("click", () => {
  updateUrl();
  navigator.clipboard?.writeText(location.href).catch(() => {});
  status("Link copied: it opens this board with these rules.");
});
$("pack-file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  try {
    const key = `file:${++fileKey}:${file.name}`;
    const info = engine.addPack(key, await file.arrayBuffer());
    const opt = new Option(`${file.name} (${info.language}, ${info.words} words)`, key);
    $("pack").add(opt);
    $("pack").value = key;
    status(`Opened ${file.name}: ${info.words} words.`);
  } catch (err) {
    status(`${file.name}: ${err.message}`, true);
  }
});
$("tab-solve").addEventListener("click", () => setMode("solve"));
$("tab-play").addEventListener("click", () => setMode("play"));
$("play-start").addEventListener("click", startRound);
$("play-stop").addEventListener("click", endRound);
$("play-form").addEventListener("submit", (e) => {
  e.preventDefault();
  guess($("guess").value);
  $("guess").value = "";
});

start().catch((e) => status(`The solver did not load: ${e.message}`, true));
