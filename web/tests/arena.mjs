// The arena (docs/arena.md): the release room server on a loopback port
// with a short clock (25 s of play, 10 of results), serving web/dist.
// Three players in the English arena on phones, tracing by touch, and one
// in the German arena on a desktop, with the mouse. Each plays one round;
// one reloads mid-round. Then the results and the leaderboards as each
// sees them, checked against what each was told and against the CLI's
// solution of the board. First, on a static host: no "Play now" entry on
// the first screen, and the arena page says it needs the server. Last,
// today's board: a phone player and a desktop one each play it once, on
// their own clocks, and find themselves on the day's leaderboard.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { boggle, dist, base as staticBase, check, browser, PHONE, DESKTOP, touchTrace, mouseTrace, visibleWords, sideways, smallTargets, spilling, inViewport, axe, shot, toSeconds } from "./harness.mjs";
import { roomBin, startRoomServer } from "./rooms.mjs";

const PLAY = 40;
const RESULTS = 10;

/** The cells (`row,col`) of `board`, as its text, that hold an either/or tile (`[a/e]`). */
function eitherOrCells(board) {
  const cells = new Set();
  let [row, col] = [0, 0];
  for (let i = 0; i < board.length; i++) {
    if (board[i] === "/") { row += 1; col = 0; continue; }
    if (board[i] === "[") {
      const end = board.indexOf("]", i);
      if (board.slice(i, end).includes("/")) cells.add(`${row},${col}`);
      i = end;
    }
    col += 1;
  }
  return cells;
}

/**
 * The CLI's Wordament solution of `board` in `lang` (the site's pack for any but the built-in),
 * less the words whose path crosses an either/or tile: such a path may read another word too, and
 * the server counts the first of them the player has not found, which may not be the word solved for.
 */
function wordamentSolve(board, lang) {
  const pack = ["en", "nl"].includes(lang) ? ["--lang", lang] : ["--pack", join(dist, "packs", `${lang}.pack`)];
  const words = JSON.parse(execFileSync(boggle, ["solve", "--game", "wordament", ...pack, "--json", board], { maxBuffer: 1 << 28 }).toString()).words;
  const either = eitherOrCells(board);
  return words.filter((w) => !w.path.some(([r, c]) => either.has(`${r},${c}`)));
}

/** Traces `w` (touch on a phone, else the mouse) and waits for the server's verdict on it. */
async function traceWord(page, w, touch) {
  await page.evaluate(() => { document.querySelector("#feedback").textContent = ""; });
  if (touch) await touchTrace(page, w.path, "#room-board");
  else await mouseTrace(page, w.path, "#room-board");
  await page.waitForFunction((word) => document.querySelector("#feedback").textContent.startsWith(word.toUpperCase()), w.word, { timeout: 10000 });
  return { said: await page.locator("#feedback").innerText(), kind: await page.evaluate(() => document.querySelector("#feedback").dataset.kind) };
}

/** Waits for a round with at least `seconds` of play left (the next one if the round on has less). */
async function freshRound(page, seconds) {
  const deadline = Date.now() + (PLAY + RESULTS + 20) * 1000;
  while (Date.now() < deadline) {
    const [phase, clock] = await page.evaluate(() => [document.body.dataset.phase, document.querySelector("#clock").textContent]);
    if (phase === "round" && toSeconds(clock) >= seconds) return true;
    await page.waitForTimeout(250);
  }
  return false;
}

export async function arena() {
  // A static host: the first screen offers no arena; the arena page says why.
  const lone = await browser.newContext(PHONE);
  const lonePage = await lone.newPage();
  await lonePage.goto(staticBase);
  await lonePage.waitForFunction(() => document.body.dataset.ready, null, { timeout: 20000 });
  await lonePage.waitForTimeout(500);
  check(!(await lonePage.locator("#arena-entry").isVisible()), "arena: a static host's first screen offers no Play now");
  await lonePage.goto(staticBase + "arena.html");
  await lonePage.waitForFunction(() => document.body.dataset.arena === "none", null, { timeout: 10000 }).catch(() => {});
  const said = await lonePage.locator("#status").innerText();
  check(/room server/.test(said) && await lonePage.locator("#play-now").isDisabled(), "arena: on a static host the arena page says it needs the room server", said);
  await lone.close();

  if (!existsSync(roomBin)) {
    check(false, "arena: the room server is built", `no binary at ${roomBin}`);
    return;
  }
  const store = join(mkdtempSync(join(tmpdir(), "boggle-arena-")), "arena.db");
  const server = await startRoomServer(roomBin, ["--addr", "127.0.0.1:0", "--site", dist, "--store", store, "--arena-play", String(PLAY), "--arena-results", String(RESULTS)]);
  try {
    await play(server.base);
    await daily(server.base);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
}

async function play(base) {
  const players = [
    { name: "Ann", lang: "en", device: PHONE },
    { name: "Bob", lang: "en", device: PHONE },
    { name: "Cleo", lang: "en", device: PHONE },
    { name: "Dora", lang: "de", device: DESKTOP },
  ];
  for (const p of players) {
    p.context = await browser.newContext(p.device);
    p.page = await p.context.newPage();
    p.touch = p.device === PHONE;
    p.page.on("pageerror", (e) => check(false, `arena: no page error (${p.name})`, e.message));
  }
  const [ann, bob, cleo, dora] = players;

  // The first screen served by the room server offers the arena, with its clock.
  await ann.page.goto(base);
  await ann.page.waitForFunction(() => !document.querySelector("#arena-entry").hidden, null, { timeout: 20000 }).catch(() => {});
  const entry = await ann.page.locator("#arena-entry").innerText().catch(() => "");
  check(await ann.page.locator("#arena-entry").isVisible() && /Play now/.test(entry) && /(next in|left)/.test(entry), "arena: the first screen offers Play now with the arena's clock", entry.replace(/\n/g, " "));
  let [over, what] = await sideways(ann.page);
  check(over <= 0, "arena: the first screen with the arena's entry reaches no further than the phone's width", `${over} px (${what})`);
  await shot(ann.page, "arena-first-screen-phone");
  await ann.page.locator("#arena-entry").tap();
  await ann.page.waitForURL(/arena\.html/);
  await ann.page.waitForFunction(() => document.body.dataset.arena === "open" && document.querySelector("#lang").options.length > 0, null, { timeout: 10000 });
  const langs = await ann.page.$$eval("#lang option", (os) => os.map((o) => o.value));
  check(langs.includes("en") && langs.includes("de"), "arena: the entry lists the server's languages", langs.join(" "));
  check(/(Next round in|left)/.test(await ann.page.locator("#entry-clock").innerText()), "arena: the entry shows the clock", await ann.page.locator("#entry-clock").innerText());
  await shot(ann.page, "arena-entry-phone");
  await axe(ann.page, "arena, entry");
  let small = await smallTargets(ann.page);
  check(small.length === 0, "arena: nothing a player taps is under 44 px (entry)", small.join(", "));

  // Ann starts a friends' board and Bob comes by its link; Cleo and Dora
  // play without one.
  let groupLink = "";
  for (const p of players) {
    if (p === bob) await p.page.goto(groupLink);
    else if (p !== ann) await p.page.goto(base + "arena.html");
    await p.page.waitForFunction(() => document.querySelector("#lang").options.length > 0, null, { timeout: 10000 });
    await p.page.fill("#name", p.name);
    await p.page.selectOption("#lang", p.lang);
    if (p === ann) {
      await ann.page.locator("#friends summary").tap();
      await ann.page.locator("#new-group").tap();
      await ann.page.waitForFunction(() => document.querySelector("#group-link").value !== "", null, { timeout: 10000 });
      groupLink = await ann.page.inputValue("#group-link");
    } else if (p.touch) await p.page.locator("#play-now").tap();
    else await p.page.locator("#play-now").click();
  }
  const code = await ann.page.locator("#group-code").innerText();
  check(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/.test(code) && groupLink.includes(`group=${code.replace("-", "")}`), "arena: a friends' board started shows its code and link", `${code} ${groupLink}`);
  check(await bob.page.locator("#group-code").innerText() === code, "arena: …and a friend who follows the link plays on it", await bob.page.locator("#group-code").innerText());
  check(await cleo.page.locator("#group-share").isHidden(), "arena: a player without one sees no friends' board");
  // A round with time to play for everyone (the next, if the one on is nearly over).
  for (const p of players) check(await freshRound(p.page, 30), `arena: ${p.name} is in a round with time to play`, await p.page.locator("#clock").innerText());
  const boards = await Promise.all(players.map((p) => p.page.evaluate(() => document.body.dataset.board)));
  const starts = await Promise.all(players.map((p) => p.page.evaluate(() => document.body.dataset.start)));
  check(boards[0] === boards[1] && boards[1] === boards[2] && starts.every((s) => s === starts[0]), "arena: the three English players play the same board, started at the same moment", `${boards.slice(0, 3).join(" ")} ${starts.join(" ")}`);
  check(boards[3] !== boards[0], "arena: the German arena has its own board", `${boards[3]} / ${boards[0]}`);
  check(await inViewport(bob.page, "#room-board .tile >> nth=-1") && await inViewport(bob.page, "#clock"), "arena: the board and the clock are in view on a phone");

  // Words to trace: the CLI's common words of 4 letters or more, each player their own.
  const en = wordamentSolve(boards[0], "en").filter((w) => !w.rare && w.word.length >= 4);
  const de = wordamentSolve(boards[3], "de").filter((w) => !w.rare && w.word.length >= 4);
  check(en.length >= 5 && de.length >= 1, "arena: the boards have words to find", `${en.length} English, ${de.length} German`);
  ann.words = en.slice(0, 3);
  bob.words = [en[3], en[0]]; // one of Ann's too: "found by 67%"
  cleo.words = [en[4]];
  dora.words = de.slice(0, 1);
  for (const p of players) {
    for (const w of p.words.filter(Boolean)) {
      const { said, kind } = await traceWord(p.page, w, p.touch);
      check(kind === "good" && said.startsWith(`${w.word.toUpperCase()} +`), `arena: ${p.name} traces ${w.word} and the server counts it`, said);
    }
    p.score = Number((await p.page.locator("#score").innerText()).replace(/\D/g, ""));
  }
  // The place so far, every few seconds: of the language's players only.
  await ann.page.waitForFunction(() => / of 3 so far/.test(document.querySelector("#place").textContent), null, { timeout: 10000 }).catch(() => {});
  check(/ of 3 so far, ahead of \d+% of players/.test(await ann.page.locator("#place").innerText()), "arena: during the round Ann sees her place among the three", await ann.page.locator("#place").innerText());
  await dora.page.waitForFunction(() => / of 1 so far/.test(document.querySelector("#place").textContent), null, { timeout: 10000 }).catch(() => {});
  check(/^1st of 1 so far/.test(await dora.page.locator("#place").innerText()), "arena: the German player's place counts the German arena only", await dora.page.locator("#place").innerText());
  const seen = await visibleWords(ann.page);
  const leaked = [en[3], en[4]].filter((w) => w && seen.has(w.word)).map((w) => w.word);
  check(leaked.length === 0, "arena: no other player's word shows during the round", leaked.join(", "));
  await shot(ann.page, "arena-round-phone");
  await shot(dora.page, "arena-round-desktop");
  await axe(ann.page, "arena, round");

  // Bob reloads mid-round: back in the same round with his words and score.
  const before = toSeconds(await bob.page.locator("#clock").innerText());
  await bob.page.reload();
  await bob.page.waitForFunction((n) => document.body.dataset.phase === "round" && document.querySelectorAll("#found li").length === n, bob.words.length, { timeout: 15000 }).catch(() => {});
  const kept = await bob.page.locator("#found").innerText();
  const after = toSeconds(await bob.page.locator("#clock").innerText());
  check(bob.words.every((w) => kept.includes(w.word)) && Number(await bob.page.locator("#score").innerText()) === bob.score && after <= before,
    "arena: a reload mid-round goes back in with the words, the score and the clock", `${kept.replace(/\n/g, " ")}; ${before} s → ${after} s`);

  // The results, on every page, within the results' time.
  for (const p of players) {
    await p.page.waitForFunction(() => document.body.dataset.phase === "between" && document.body.dataset.mine && document.body.dataset.mine === document.body.dataset.results, null, { timeout: (PLAY + 10) * 1000 });
  }
  const english = [ann, bob, cleo];
  for (const p of english) {
    const rank = 1 + english.filter((q) => q.score > p.score).length;
    const line = await p.page.locator("#mine-line").innerText();
    check(line.startsWith(`You finished ${rank}`) && / of 3, ahead of \d+% of players/.test(line) && line.includes(`${p.score} point`), `arena: ${p.name}'s results say their rank among the three and their score`, line);
  }
  const top = await ann.page.$$eval("#top li", (ls) => ls.map((l) => l.textContent));
  const order = [...english].sort((a, b) => b.score - a.score);
  check(top.length === 3 && order.every((p, i) => top[i].includes(p.name) && top[i].includes(`${p.score} point`)), "arena: the top ten lists the three by score", top.join(" | "));
  const shared = await ann.page.$eval(`#mine button[data-word="${en[0].word}"]`, (b) => b.closest("li").textContent).catch(() => "");
  check(/found by 67%/.test(shared), "arena: a word two of the three found says found by 67%", shared);
  const rarest = await cleo.page.locator("#rarest").innerText();
  check(rarest.includes(en[4].word.toUpperCase()) && /only you found it/.test(rarest), "arena: Cleo's rarest find is her word only she found", rarest);
  const nobody = await ann.page.$$eval("#nobody button", (bs) => bs.map((b) => b.dataset.word));
  const foundByAny = new Set(english.flatMap((p) => p.words.map((w) => w.word)));
  check(nobody.length > 0 && nobody.every((w) => !foundByAny.has(w)), "arena: the words nobody found are listed, none that someone found", nobody.slice(0, 8).join(", "));
  const best = await ann.page.$$eval("#best li", (ls) => ls.map((l) => l.textContent));
  check(best.length > 0 && best.every((t) => /found by/.test(t)), "arena: the board's best words each say who found them", best.slice(0, 4).join(" | "));
  const doraLine = await dora.page.locator("#mine-line").innerText();
  const doraTop = await dora.page.$$eval("#top li", (ls) => ls.map((l) => l.textContent));
  check(doraLine.startsWith("You finished 1st of 1") && doraTop.length === 1 && doraTop[0].includes("Dora"), "arena: the German results are the German arena's", `${doraLine} | ${doraTop.join(" | ")}`);
  check(/Next round in \d:\d\d/.test(await ann.page.locator("#next").innerText()), "arena: the results count down to the next round", await ann.page.locator("#next").innerText());
  await shot(ann.page, "arena-results-phone");
  await shot(ann.page, "arena-results-phone-full", true);
  await shot(dora.page, "arena-results-desktop", true);
  for (const [p, size] of [[ann, "phone"], [dora, "desktop"]]) {
    const spilt = await spilling(p.page, "#best li, #mine li");
    check(spilt.length === 0, `arena: each of the board's best words and who found it fits its column (${size})`, spilt.slice(0, 3).join(" | "));
  }
  await axe(ann.page, "arena, results");
  small = await smallTargets(ann.page);
  check(small.length === 0, "arena: nothing a player taps is under 44 px (results)", small.join(", "));
  [over, what] = await sideways(ann.page);
  check(over <= 0, "arena: the results reach no further than the phone's width", `${over} px (${what})`);

  // The leaderboards: today's total, as each language's players see them.
  for (const p of [ann, dora]) await p.page.waitForFunction(() => (document.body.dataset.leaders ?? "") !== "", null, { timeout: 10000 }).catch(() => {});
  const leaders = (await ann.page.evaluate(() => document.body.dataset.leaders)).split(",");
  check(order.every((p, i) => leaders[i] === p.name) && !leaders.includes("Dora"), "arena: the English leaderboard (today, total) ranks the three by score", leaders.join(", "));
  const leadersDe = (await dora.page.evaluate(() => document.body.dataset.leaders)).split(",");
  check(leadersDe.length === 1 && leadersDe[0] === "Dora", "arena: the German leaderboard is Dora's alone", leadersDe.join(", "));
  // The friends' board: Ann and Bob only, by score.
  check(await cleo.page.locator("#whose").isHidden() && await ann.page.locator("#whose").isVisible(), "arena: the friends' board is offered to its members only");
  await ann.page.evaluate(() => { document.body.dataset.leaders = ""; });
  await ann.page.selectOption("#whose", "group");
  await ann.page.waitForFunction(() => (document.body.dataset.leaders ?? "") !== "", null, { timeout: 10000 }).catch(() => {});
  const friends = (await ann.page.evaluate(() => document.body.dataset.leaders)).split(",");
  const pair = [ann, bob].sort((a, b) => b.score - a.score).map((p) => p.name);
  // (Level scores are ordered by the players' ids, which the page does not know.)
  const ordered = ann.score === bob.score ? friends.length === 2 && pair.every((n) => friends.includes(n)) : friends.join(",") === pair.join(",");
  check(ordered, "arena: the friends' board ranks Ann and Bob, and not Cleo", friends.join(", "));
  await ann.page.locator("#boards").scrollIntoViewIfNeeded();
  await shot(ann.page, "arena-friends-board-phone");
  await ann.page.selectOption("#whose", "all");
  await ann.page.selectOption("#by", "best");
  const bestRound = await ann.page.$$eval("#board-list li", (ls) => ls.map((l) => l.textContent));
  check(bestRound.length === 3 && bestRound[0].includes(order[0].name), "arena: the best-round board too", bestRound.join(" | "));
  await ann.page.selectOption("#by", "average");
  check(/10 rounds/.test(await ann.page.locator("#board-note").innerText()), "arena: the average board says who it counts", await ann.page.locator("#board-note").innerText());
  await ann.page.locator("#boards").scrollIntoViewIfNeeded();
  await shot(ann.page, "arena-leaderboards-phone");
  // Cleo leaves, and comes back in German.
  await cleo.page.locator("#leave").tap();
  await cleo.page.waitForFunction(() => document.body.dataset.phase === "entry", null, { timeout: 5000 }).catch(() => {});
  const entryShown = await cleo.page.locator("#play-now").isVisible();
  await cleo.page.selectOption("#lang", "de");
  await cleo.page.locator("#play-now").tap();
  await cleo.page.waitForFunction(() => document.body.dataset.lang === "de", null, { timeout: 10000 }).catch(() => {});
  check(entryShown && (await cleo.page.evaluate(() => document.body.dataset.lang)) === "de", "arena: a player leaves the arena and enters again in another language", `${entryShown} ${await cleo.page.evaluate(() => document.body.dataset.lang)}`);
  for (const p of players) await p.context.close();
}

/** Today's board: Eve on a phone by touch, then Finn on a desktop by mouse,
 * two seconds later (so his play ends after hers); each hears their place
 * among the day's plays, and a second try gives the same play back. */
async function daily(base) {
  const eve = { name: "Eve", device: PHONE, touch: true };
  const finn = { name: "Finn", device: DESKTOP, touch: false };
  for (const p of [eve, finn]) {
    p.context = await browser.newContext(p.device);
    p.page = await p.context.newPage();
    p.page.on("pageerror", (e) => check(false, `arena daily: no page error (${p.name})`, e.message));
    await p.page.goto(base + "arena.html");
    await p.page.waitForFunction(() => document.querySelector("#lang").options.length > 0, null, { timeout: 10000 });
    await p.page.fill("#name", p.name);
    if (p.touch) await p.page.locator("#play-daily").tap();
    else await p.page.locator("#play-daily").click();
    await p.page.waitForFunction(() => document.body.dataset.phase === "round", null, { timeout: 10000 }).catch(() => {});
    if (p === eve) await p.page.waitForTimeout(2000);
  }
  const boards = await Promise.all([eve, finn].map((p) => p.page.evaluate(() => document.body.dataset.board)));
  check(boards[0] && boards[0] === boards[1], "arena daily: both play the same board, each on their own clock", boards.join(" / "));
  check(/one play of the day/.test(await eve.page.locator("#place").innerText()), "arena daily: the round says it is today's one play", await eve.page.locator("#place").innerText());
  const words = wordamentSolve(boards[0], "en").filter((w) => !w.rare && w.word.length >= 4);
  check(words.length >= 3, "arena daily: the board has words to find", String(words.length));
  eve.words = words.slice(0, 2);
  finn.words = words.slice(2, 3);
  for (const p of [eve, finn]) {
    for (const w of p.words) {
      const { said, kind } = await traceWord(p.page, w, p.touch);
      check(kind === "good", `arena daily: ${p.name} traces ${w.word} and the server counts it`, said);
    }
    p.score = Number((await p.page.locator("#score").innerText()).replace(/\D/g, ""));
  }
  await shot(eve.page, "arena-daily-round-phone");
  for (const p of [eve, finn]) {
    await p.page.waitForFunction(() => document.body.dataset.phase === "daily-end", null, { timeout: (PLAY + 10) * 1000 }).catch(() => {});
    p.line = await p.page.locator("#daily-line").innerText().catch(() => "");
  }
  check(eve.line.startsWith("1st of 1 today") && eve.line.includes(`${eve.score} point`), "arena daily: Eve, first to finish, is 1st of 1 today with her score", eve.line);
  const finnRank = finn.score >= eve.score ? "1st" : "2nd";
  check(finn.line.startsWith(`${finnRank} of 2 today`) && finn.line.includes(`${finn.score} point`), "arena daily: Finn, who finished after her, sees his place among the two", finn.line);
  const top = await finn.page.$$eval("#daily-top li", (ls) => ls.map((l) => l.textContent));
  check(top.length === 2 && top.some((t) => t.includes("Eve")) && top.some((t) => t.includes("Finn")), "arena daily: the day's best lists both", top.join(" | "));
  const seed = await eve.page.locator("#daily-seed").innerText();
  check(/--daily \d{4}-\d\d-\d\d/.test(seed), "arena daily: the results say how to roll the board again", seed);
  await shot(eve.page, "arena-daily-results-phone", true);
  await shot(finn.page, "arena-daily-results-desktop", true);
  await axe(eve.page, "arena, daily results");
  const small = await smallTargets(eve.page);
  check(small.length === 0, "arena daily: nothing a player taps is under 44 px (results)", small.join(", "));
  const [over, what] = await sideways(eve.page);
  check(over <= 0, "arena daily: the results reach no further than the phone's width", `${over} px (${what})`);
  // Once a day: Eve reloads and asks again; her play comes back.
  await eve.page.reload();
  await eve.page.waitForFunction(() => document.querySelector("#lang").options.length > 0, null, { timeout: 10000 });
  await eve.page.locator("#play-daily").tap();
  await eve.page.waitForFunction(() => document.body.dataset.phase === "daily-end", null, { timeout: 10000 }).catch(() => {});
  const again = await eve.page.locator("#daily-again").isVisible();
  const line = await eve.page.locator("#daily-line").innerText().catch(() => "");
  check(again && line.includes(`${eve.score} point`) && / of 2 today/.test(line), "arena daily: asked again, the day's play comes back, now among two", line);
  // From the results, into the arena.
  await eve.page.locator("#daily-arena").tap();
  await eve.page.waitForFunction(() => ["round", "between"].includes(document.body.dataset.phase), null, { timeout: 10000 }).catch(() => {});
  check(["round", "between"].includes(await eve.page.evaluate(() => document.body.dataset.phase)), "arena daily: from its results, Play the arena now enters the arena", await eve.page.evaluate(() => document.body.dataset.phase));
  for (const p of [eve, finn]) await p.context.close();
}
