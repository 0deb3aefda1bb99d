// What a user of the npm package gets: installs the packed tarball into a
// scratch project in a fresh temporary directory (outside the repository)
// with the TypeScript and Vite that web/package.json pins, then
//  - a Node script in TypeScript (type-checked by `tsc --noEmit`, strict,
//    then compiled by tsc and run by node) loads the engine and the
//    built-in English pack, solves a board, rolls one and judges a word;
//  - a Vite page (index.html + main.ts, type-checked by tsc, built by
//    `vite build`, served on a loopback port) does the same solve in
//    Chromium, through the package's Web Worker, at phone and desktop
//    size, with screenshots in web/test-output/, and under Vite's dev
//    server;
// each answer checked against the `boggle` CLI's. One line a check, the
// time each step took, and an exit status of 1 on any failure.
//
//   node packages/wordgrid/tests/install.mjs wordgrid-0.1.0.tgz
//
// Needs: Node 20 and npm with the registry (or npm's cache), web/'s
// packages (`npm ci` in web/: playwright-core), target/release/boggle
// (or BOGGLE_BIN), and Debian's chromium (or CHROMIUM).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "../../../web/tests/static.mjs";

const started = performance.now();
const tarball = process.argv[2] && resolve(process.argv[2]);
if (!tarball || !existsSync(tarball)) {
  console.error(`usage: node packages/wordgrid/tests/install.mjs TARBALL (${tarball ? `no file ${tarball}` : "no tarball given"}; scripts/npm-package makes one)`);
  process.exit(2);
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const web = join(root, "web");
const shots = join(web, "test-output");
const pins = JSON.parse(readFileSync(join(web, "package.json"), "utf8")).devDependencies;
// Node 20's own types, for the Node script (a pinned version, as the others are).
const NODE_TYPES = "20.19.43";
const BOARD = "perslatgsineters";
const boggle = process.env.BOGGLE_BIN || resolve(root, process.env.CARGO_TARGET_DIR || "target", "release", "boggle");
if (!existsSync(boggle)) throw new Error(`no boggle binary at ${boggle} (cargo build --release -p boggle, or set BOGGLE_BIN)`);

let failed = 0;
function check(ok, what, detail = "") {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${detail ? `: ${detail}` : ""}`);
  if (!ok) failed++;
}
/** Seconds since `t`, to a tenth. */
function since(t) {
  return `${((performance.now() - t) / 1000).toFixed(1)} s`;
}
/** Runs a program in the scratch project; its output, or a failed check with what it printed. */
function run(what, file, args, options = {}) {
  const t = performance.now();
  try {
    const output = execFileSync(file, args, { cwd: scratch, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...options });
    check(true, what, since(t));
    return output;
  } catch (e) {
    check(false, what, `${since(t)}\n${e.stdout ?? ""}${e.stderr ?? e.message}`);
    return null;
  }
}
function write(file, text) {
  mkdirSync(dirname(join(scratch, file)), { recursive: true });
  writeFileSync(join(scratch, file), text);
}

// What the CLI says of the board, and the board it rolls from seed 42.
const expected = JSON.parse(execFileSync(boggle, ["solve", "--json", BOARD], { encoding: "utf8" }));
const cliRoll = execFileSync(boggle, ["roll", "--seed", "42"], { encoding: "utf8" }).split("\n")[0].trim();
const want = `${expected.word_count} words, ${expected.score} points`;
console.log(`the CLI: ${BOARD} has ${want}; seed 42 rolls ${cliRoll}`);

// The tarball: what it ships, and nothing else.
const listed = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n").map((f) => f.replace(/^package\//, ""));
const needed = ["package.json", "README.md", "dist/browser.js", "dist/browser.d.ts", "dist/node.js", "dist/node.d.ts", "dist/worker.js", "dist/wordgrid.wasm", "packs/en.compact.gz"];
const missing = needed.filter((f) => !listed.includes(f));
const stray = listed.filter((f) => !/^(package\.json|README\.md|LICENSE-(MIT|APACHE)|dist\/[\w-]+\.(js|d\.ts|wasm)|packs\/[\w-]+\.compact\.gz)$/.test(f));
check(!missing.length && !stray.length, "the tarball holds the package's files alone",
  `${(statSync(tarball).size / 1e6).toFixed(2)} MB, ${listed.length} files${missing.length ? `; missing ${missing.join(", ")}` : ""}${stray.length ? `; stray ${stray.join(", ")}` : ""}`);

// The scratch project, away from the repository (so nothing resolves from it).
const scratch = mkdtempSync(join(tmpdir(), "wordgrid-npm-"));
check(relative(root, scratch).startsWith(".."), "the scratch project is outside the repository", scratch);
write("package.json", JSON.stringify({ name: "wordgrid-scratch", private: true, type: "module" }, null, 2));
const installed = run(`npm install of the tarball, typescript ${pins.typescript}, vite ${pins.vite}, @types/node ${NODE_TYPES}`, "npm",
  ["install", "--no-audit", "--no-fund", "--loglevel=error", tarball, `typescript@${pins.typescript}`, `vite@${pins.vite}`, `@types/node@${NODE_TYPES}`]);
if (installed === null) finish();
const tsc = join(scratch, "node_modules", ".bin", "tsc");

// Node: the engine in-process, the package's wasm and pack read from its files.
write("tsconfig.node.json", JSON.stringify({
  compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2022"], types: ["node"],
    strict: true, skipLibCheck: false, rootDir: "node", outDir: "node-out" },
  include: ["node"],
}, null, 2));
write("node/solve.ts", `// Solves, rolls and judges with the engine in Node, as the package's README shows.
import { Engine, builtinPack } from "wordgrid";

const board = process.argv[2] ?? "${BOARD}";
const engine = await Engine.load();
const pack = await engine.addPack("en", await builtinPack("en"));
const t0 = performance.now();
const solution = await engine.solve("en", board);
const ms = performance.now() - t0;
const rolled = await engine.roll("en", { seed: 42 });
const round = await engine.playOpen("en", board, {}, "all");
const best = solution.words[0];
const traced = await engine.playTry({ round: round.round, path: best.path });
const typed = await engine.playTry({ round: round.round, word: best.word });
console.log(JSON.stringify({ pack: pack.words, words: solution.word_count, score: solution.score, best: best.word,
  rolled: rolled.board, traced: traced.kind, points: traced.points, typed: typed.kind, ms }));
`);
run("Node script type-checked (tsc --noEmit, strict, the package's Node types)", tsc, ["--noEmit", "-p", "tsconfig.node.json"]);
run("Node script compiled (tsc)", tsc, ["-p", "tsconfig.node.json"]);
const t = performance.now();
const output = run("Node script ran (node node-out/solve.js)", process.execPath, ["node-out/solve.js", BOARD]);
if (output) {
  const got = JSON.parse(output);
  const best = expected.words[0];
  check(got.words === expected.word_count && got.score === expected.score, "Node: the solution is the CLI's",
    `${got.words} words, ${got.score} points (the CLI: ${want}); the solve ${got.ms.toFixed(1)} ms, all in ${since(t)}`);
  check(got.rolled === cliRoll, "Node: seed 42 rolls the CLI's board", got.rolled);
  check(got.best === best.word && got.traced === "new" && got.points === best.score && got.typed === "again",
    "Node: a traced word is judged new with its points, then a repeat", `${got.best}: ${got.traced} +${got.points}, then ${got.typed}`);
}

// A Vite page: the engine in a Web Worker, the wasm and the pack as the assets Vite copies.
write("tsconfig.page.json", JSON.stringify({
  compilerOptions: { target: "ES2022", module: "ESNext", moduleResolution: "bundler", lib: ["ES2022", "DOM", "DOM.Iterable"], types: [],
    strict: true, isolatedModules: true, skipLibCheck: false, noEmit: true },
  include: ["page"],
}, null, 2));
write("page/index.html", `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>wordgrid from npm</title>
<style>
  body { font: 16px/1.4 system-ui, sans-serif; margin: 1rem auto; max-width: 40rem; padding: 0 1rem; }
  #board { display: inline-grid; gap: 4px; margin: .5rem 0; }
  #board span { width: 3rem; height: 3rem; display: grid; place-items: center; background: #f3e6c4;
    border-radius: 6px; font-weight: 700; font-size: 1.4rem; text-transform: capitalize; }
  #result { font-size: 1.25rem; font-weight: 600; }
  ol { columns: 2; padding-left: 1.5rem; }
</style>
</head>
<body>
<h1>wordgrid, from npm</h1>
<div id="board"></div>
<p id="result">Solving…</p>
<ol id="words"></ol>
<script type="module" src="./main.ts"></script>
</body>
</html>
`);
write("page/main.ts", `// Solves a board with the engine in a Web Worker, as the package's README shows.
import { Engine, builtinPack, wasmUrl, type Solution } from "wordgrid";

function element(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(\`no #\${id}\`);
  return el;
}

function show(solution: Solution, ms: number): void {
  const board = element("board");
  board.style.gridTemplateColumns = \`repeat(\${solution.cols}, auto)\`;
  for (const face of solution.cells) board.append(Object.assign(document.createElement("span"), { textContent: face ?? "" }));
  const result = element("result");
  result.textContent = \`\${solution.word_count} words, \${solution.score} points (\${Math.round(ms)} ms to load and solve)\`;
  result.dataset.words = String(solution.word_count);
  result.dataset.score = String(solution.score);
  for (const w of solution.words.slice(0, 12)) {
    element("words").append(Object.assign(document.createElement("li"), { textContent: \`\${w.word} \${w.score}\` }));
  }
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const board = new URLSearchParams(location.search).get("board") ?? "${BOARD}";
  const engine = await Engine.load(wasmUrl);
  await engine.addPack("en", await builtinPack("en"));
  show(await engine.solve("en", board), performance.now() - t0);
  document.body.dataset.state = "solved";
}

main().catch((e: unknown) => {
  element("result").textContent = \`failed: \${e instanceof Error ? e.message : String(e)}\`;
  document.body.dataset.state = "failed";
});
`);
run("page type-checked (tsc --noEmit, strict, the package's browser types)", tsc, ["--noEmit", "-p", "tsconfig.page.json"]);
run("page built (vite build)", join(scratch, "node_modules", ".bin", "vite"),
  ["build", "page", "--outDir", "../page-dist", "--emptyOutDir", "--logLevel", "warn"]);
const pageDist = join(scratch, "page-dist");
const assets = existsSync(join(pageDist, "assets")) ? readdirSync(join(pageDist, "assets")) : [];
check(assets.some((a) => a.endsWith(".wasm")) && assets.some((a) => /^worker-.*\.js$/.test(a)) && assets.some((a) => a.startsWith("en.compact")),
  "Vite copied the module, the worker and the English pack", assets.join(", "));

// The built page from a static host, as the browser suite serves the site.
const { server, base } = await serveStatic(pageDist);

// playwright-core from web/node_modules, as the browser suite has it.
let chromium;
try {
  ({ chromium } = createRequire(join(web, "package.json"))("playwright-core"));
} catch {
  throw new Error("no playwright-core in web/node_modules: run `npm ci` in web/");
}
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
if (!existsSync(executablePath)) throw new Error(`no chromium at ${executablePath} (Debian: apt-get install chromium; or set CHROMIUM)`);
const browser = await chromium.launch({
  executablePath,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
mkdirSync(shots, { recursive: true });
const sizes = {
  phone: { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};
for (const [name, options] of Object.entries(sizes)) {
  const t = performance.now();
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = [];
  const workers = [];
  const fetched = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("worker", (w) => workers.push(w.url()));
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(base);
  await page.waitForSelector("body[data-state]", { timeout: 30000 }).catch(() => {});
  const result = await page.locator("#result").evaluate((el) => ({ text: el.textContent, words: Number(el.dataset.words), score: Number(el.dataset.score) }));
  const shot = join(shots, `npm-page-${name}.png`);
  await page.screenshot({ path: shot, fullPage: true });
  check(result.words === expected.word_count && result.score === expected.score && !errors.length,
    `Chromium (${name}): the page shows the CLI's solution`, `${result.text}${errors.length ? `; page errors: ${errors.join("; ")}` : ""} (${since(t)})`);
  check(workers.length === 1 && fetched.some((p) => p.endsWith(".wasm")) && fetched.some((p) => /en\.compact.*\.gz$/.test(p)),
    `Chromium (${name}): solved in the package's Web Worker, with its module and pack`,
    `workers ${workers.map((w) => new URL(w).pathname).join(", ") || "none"}; screenshot ${relative(root, shot)}`);
  await context.close();
}
server.close();

// The same page under Vite's dev server (`vite`, as a project starts): it
// pre-bundles the package, and sends the .gz pack with Content-Encoding:
// gzip, which the browser unzips before the engine sees it.
{
  const t = performance.now();
  const port = await new Promise((r) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address();
      probe.close(() => r(free));
    });
  });
  const dev = spawn(join(scratch, "node_modules", ".bin", "vite"), ["page", "--host", "127.0.0.1", "--port", String(port), "--strictPort"],
    { cwd: scratch, stdio: ["ignore", "pipe", "pipe"] });
  let said = "";
  dev.stdout.on("data", (d) => (said += d));
  dev.stderr.on("data", (d) => (said += d));
  const context = await browser.newContext(sizes.desktop);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  let result = { text: "the dev server did not answer" };
  for (let i = 0; i < 100 && !said.includes("http://"); i++) await new Promise((r) => setTimeout(r, 100));
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForSelector("body[data-state]", { timeout: 30000 });
    result = await page.locator("#result").evaluate((el) => ({ text: el.textContent, words: Number(el.dataset.words), score: Number(el.dataset.score) }));
  } catch (e) {
    result.text = `${e.message.split("\n")[0]}; the dev server said: ${said.trim()}`;
  }
  check(result.words === expected.word_count && result.score === expected.score && !errors.length,
    "Chromium under Vite's dev server: the page shows the CLI's solution",
    `${result.text}${errors.length ? `; page errors: ${errors.join("; ")}` : ""} (${since(t)})`);
  await context.close();
  dev.kill();
}
await browser.close();

finish();

/** Says how it went and exits; the scratch project is kept when a check failed. */
function finish() {
  if (failed) console.log(`the scratch project is kept for a look: ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
  console.log(`${failed ? `FAIL ${failed} of the checks` : "ok   every check"}, in ${since(started)}`);
  process.exit(failed ? 1 : 0);
}
