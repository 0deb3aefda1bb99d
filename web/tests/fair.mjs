// Rounds a player can trust: the path being traced says what it spells
// before the finger lifts; a reload or a closed tab resumes the round with
// its words and the time truly left; the clock runs on while the page is
// hidden; the solver is not a tap away during a round; a word of the end
// screen offers its definition (and says when that needs a connection);
// the first screen offers the daily board with the time until the next.
import { check, PHONE, DESKTOP, browser, open, roundOn, strokes, cliSolve, inViewport, smallTargets, axe, shot, toSeconds } from "./harness.mjs";

/** A board with PLASTER along its top two rows. */
const BOARD = "plas/retx/bcdk/fghj";

/** Presses a finger on `path` and moves it along, without lifting: the CDP session, to lift with. */
async function press(page, path) {
  const cdp = await page.context().newCDPSession(page);
  const points = await strokes(page, path);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [points[0]] });
  for (const p of points.slice(1)) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [p] });
  return cdp;
}

async function lift(cdp) {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** What the path on the board says it spells (data-spells), its lit tiles and the line above the board. */
async function spelling(page) {
  return page.evaluate(() => ({
    spells: document.querySelector("#play-board").dataset.spells ?? "",
    lit: document.querySelectorAll("#play-board .tile.on").length,
    current: document.querySelector("#current").textContent.trim(),
  }));
}

export async function fairRounds() {
  const ctx = await browser.newContext(PHONE);
  const page = await open(ctx, `?mode=play&board=${BOARD}`);
  check(await roundOn(page) === BOARD, "fair: a board link opens its round");
  const solved = cliSolve(BOARD);
  const plaster = solved.words.find((w) => w.word === "plaster");
  check(plaster && !plaster.rare, "fair: PLASTER is a common word of the board (the CLI)", JSON.stringify(plaster?.path));

  // Tracing: the tiles say what the path spells before the finger lifts.
  let cdp = await press(page, plaster.path.slice(0, 4));
  await page.waitForFunction(() => document.querySelector("#current").textContent.trim() === "PLAS");
  const partial = await spelling(page);
  check(partial.spells === "none" && partial.lit === 4, "fair: a path that spells no word yet says so on its tiles (PLAS)", JSON.stringify(partial));
  // Each step's answer (how long each takes to show is a budget: BUDGETS=1
  // prints it). A finger crosses a tile in a tenth of a second or more:
  // by then each step it may take next has been asked ahead, so the step is
  // answered without waiting on the worker.
  const answered = [];
  for (let i = 4; i < plaster.path.length; i++) {
    await page.waitForTimeout(100);
    const [from, to] = [await strokes(page, plaster.path.slice(i - 1, i + 1))].map((s) => [s[0], s[s.length - 1]])[0];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [to] });
    await page.waitForFunction((n) => document.querySelector("#current").textContent.replace(/ ·.*/, "").trim().length === n, i + 1);
    answered.push(await page.evaluate(() => document.body.dataset.peekFrom));
  }
  check(answered.every((f) => f === "ahead"), "fair: each step of a trace is answered from the steps asked ahead (no wait on the worker)", answered.join(", "));
  const whole = await spelling(page);
  check(whole.spells === "word" && whole.lit === 7 && whole.current === "PLASTER",
    "fair: tracing PLASTER shows it is a word on its 7 tiles before the finger lifts", JSON.stringify(whole));
  await shot(page, "tracing-word-phone");
  await lift(cdp);
  await page.waitForSelector('#found li[data-word="plaster"]');
  check(await inViewport(page, '#found li[data-word="plaster"]'), "fair: phone: a word found shows under the board, in view");
  cdp = await press(page, plaster.path);
  await page.waitForFunction(() => document.querySelector("#play-board").dataset.spells === "found");
  const again = await spelling(page);
  check(again.spells === "found" && /PLASTER · found/.test(again.current), "fair: tracing a word found already says so before the finger lifts", JSON.stringify(again));
  await shot(page, "tracing-found-phone");
  await lift(cdp);
  await page.waitForFunction(() => /again|already/i.test(document.querySelector("#feedback").textContent));

  // The solver during a round: not without ending it, and the page says so.
  await page.locator("#tab-solve").tap();
  const guard = await page.locator("#solve-guard-text").innerText().catch(() => "");
  check(await inViewport(page, "#solve-guard") && !(await page.locator("#solve-screen").isVisible()) && /end your round/.test(guard),
    "fair: Solve during a round asks to end the round first, and says why", guard);
  const small = await smallTargets(page);
  check(small.length === 0, "fair: the Solve question's buttons are 44 px or more", small.join(", "));
  await axe(page, "solve guard");
  await shot(page, "solve-guard-phone");
  const before = toSeconds(await page.locator("#clock").innerText());
  await page.locator("#solve-guard-stay").tap();
  await page.waitForTimeout(1500);
  const after = toSeconds(await page.locator("#clock").innerText());
  check(!(await page.locator("#solve-guard").isVisible()) && after <= before - 1, "fair: Keep playing goes back to the round, its clock running", `${before} → ${after} s`);

  // A hidden page does not stop the clock.
  const hiddenAt = toSeconds(await page.locator("#clock").innerText());
  await page.evaluate(() => {
    Object.defineProperty(document, "hidden", { value: true, configurable: true });
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await page.waitForTimeout(2200);
  await page.evaluate(() => {
    Object.defineProperty(document, "hidden", { value: false, configurable: true });
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const shownAt = toSeconds(await page.locator("#clock").innerText());
  check(hiddenAt - shownAt >= 2, "fair: the clock runs on while the page is hidden", `${hiddenAt} → ${shownAt} s`);

  // A reload asks first, then resumes the round: its board, words and the time truly left.
  const asked = [];
  page.on("dialog", (d) => {
    asked.push(d.type());
    void d.accept();
  });
  const score = await page.locator("#score").innerText();
  const deadline = await page.evaluate(() => Date.now() + 1000 * [...document.querySelector("#clock").textContent.split(":")].reduce((m, s) => m * 60 + Number(s), 0));
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready !== undefined && document.querySelectorAll("#found li").length > 0, null, { timeout: 15000 });
  const left = toSeconds(await page.locator("#clock").innerText());
  const truly = (deadline - (await page.evaluate(() => Date.now()))) / 1000;
  check(asked.includes("beforeunload"), "fair: leaving a round in progress asks first", asked.join(", "));
  check(await roundOn(page) === BOARD && await page.locator('#found li[data-word="plaster"]').isVisible() && await page.locator("#score").innerText() === score,
    "fair: a reload resumes the round: the same board, its words and score", `${await page.locator("#score").innerText()} points`);
  check(Math.abs(left - truly) <= 2, "fair: …with the time truly left", `${left} s shown, ${truly.toFixed(1)} s left`);
  check(/Back in your round/.test(await page.locator("#feedback").innerText()), "fair: …and says so", await page.locator("#feedback").innerText());
  await shot(page, "resumed-phone");

  // A closed tab: the site opened again (no round in its link) resumes it.
  await page.close();
  await new Promise((r) => setTimeout(r, 5500));
  const back = await open(ctx, "?mode=play");
  await roundOn(back);
  check(await back.evaluate(() => document.body.dataset.board) === BOARD && await back.locator('#found li[data-word="plaster"]').count() === 1,
    "fair: a closed tab's round resumes when the site is opened again", await back.evaluate(() => document.body.dataset.board));

  // Solve, ending the round: the round is over and kept; Solve opens.
  await back.locator("#tab-solve").tap();
  await back.locator("#solve-guard-end").tap();
  await back.waitForFunction(() => document.body.dataset.mode === "solve" && document.body.dataset.ended === "1");
  const kept = await back.evaluate(() => JSON.parse(localStorage.getItem("wordgrid.history.v1") || "[]").length);
  check(kept >= 1 && await back.locator("#solve-screen").isVisible(), "fair: End round and solve ends the round, keeps it and opens Solve", `${kept} rounds kept`);
  check(await back.evaluate(() => localStorage.getItem("wordgrid.round.v1")) === null, "fair: an ended round is no longer kept to resume");

  // A word of the end screen: its definition in Wiktionary, or why not.
  await back.locator("#tab-play").tap();
  const missed = back.locator("#missed button").first();
  const word = await missed.getAttribute("data-word");
  await missed.tap();
  const href = await back.locator("#define-link").getAttribute("href");
  check(await inViewport(back, "#define-link") && href === `https://en.wiktionary.org/wiki/${word}` && await back.locator("#define-link").getAttribute("target") === "_blank",
    "fair: tapping a missed word offers its Wiktionary entry, in view", href);
  check((await smallTargets(back)).length === 0, "fair: the definition bar's targets are 44 px or more");
  await axe(back, "definition bar");
  await shot(back, "define-phone");
  await ctx.setOffline(true);
  await back.evaluate(() => window.dispatchEvent(new Event("offline")));
  await back.locator("#end-found button").first().tap();
  const note = await back.locator("#define-note").innerText();
  check(/PLASTER: definitions need a connection/.test(note) && !(await back.locator("#define-link").isVisible()), "fair: offline, the bar says a definition needs a connection", note);
  await ctx.setOffline(false);
  await ctx.close();

  // The daily board on the first screen, with the time until the next, at the player's midnight.
  const la = await browser.newContext({ ...PHONE, timezoneId: "America/Los_Angeles" });
  await la.clock.install({ time: new Date("2026-12-02T23:57:30-08:00") });
  const first = await open(la, "?mode=play");
  await roundOn(first);
  const entry = (await first.locator("#daily-entry").innerText()).replace(/\s+/g, " ");
  check(await inViewport(first, "#daily-entry") && /Daily board new in (2|3) min/.test(entry), "fair: phone: the first screen offers the daily board, with the minutes to the next", entry);
  await shot(first, "daily-entry-phone");
  await first.locator("#daily-entry").tap();
  await first.waitForFunction(() => document.body.dataset.daily !== undefined && document.body.dataset.round === "2" && document.body.dataset.waiting === undefined);
  check(await first.evaluate(() => document.body.dataset.daily) === "2026-12-02" && !(await first.locator("#daily-entry").isVisible()),
    "fair: …a tap plays the player's day's board (Los Angeles, 2026-12-02)", await first.evaluate(() => document.body.dataset.daily));
  // The daily round's clock runs on while the page is hidden.
  const dailyAt = toSeconds(await first.locator("#clock").innerText());
  await first.evaluate(() => {
    Object.defineProperty(document, "hidden", { value: true, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await first.waitForTimeout(2200);
  const dailyNow = toSeconds(await first.locator("#clock").innerText());
  check(dailyAt - dailyNow >= 2, "fair: in a daily round the clock runs on while the page is hidden", `${dailyAt} → ${dailyNow} s`);
  await la.close();

  // Desktop, dark: the trace's state shows by mouse too.
  const desk = await browser.newContext({ ...DESKTOP, colorScheme: "dark" });
  const dp = await open(desk, `?mode=play&board=${BOARD}`);
  await roundOn(dp);
  check(await inViewport(dp, "#play-board") && await inViewport(dp, "#end-round") && await inViewport(dp, "#daily-entry"),
    "fair: desktop: the board, End round and the daily board's entry are in view together");
  const points = await strokes(dp, plaster.path);
  await dp.mouse.move(points[0].x, points[0].y);
  await dp.mouse.down();
  for (const p of points.slice(1)) await dp.mouse.move(p.x, p.y);
  await dp.waitForFunction(() => document.querySelector("#play-board").dataset.spells === "word");
  check((await spelling(dp)).lit === 7, "fair: desktop: the mouse's path shows PLASTER is a word before the button is released");
  await shot(dp, "tracing-word-desktop-dark");
  await dp.mouse.up();
  await desk.close();
}
