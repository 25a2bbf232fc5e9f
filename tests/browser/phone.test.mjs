// The phone layout (issue 16, "A phone layout that puts your turn first"), at 375x812 on a
// four-character table per system (four.mjs): every tab of a player's page at most 3,000 px tall
// and of the GM's at most 4,000, nothing wider than the screen; the tabs, the first move's button
// and the talk box reached by the keyboard alone; the chosen tab and the moves' folds kept across
// live updates and a reload; badges on Talk and Log; the awaited line leading to the Moves tab;
// axe-core (pinned) finding no serious or critical violation on the lobby, the table pages and the
// report; and the time from a line said to the other pages showing it (printed, bounded).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  setup, screenshot, assertNoSideScroll, waitLive, waitLog, moveForm, fill, submit, axeViolations, byImpact, FILE_TIMEOUT, SETUP_TIMEOUT,
} from "./harness.mjs";
import { fourCharacterTable, heights, perTab } from "./four.mjs";

/** The bounds of the issue: a page's height at 375 px, in px, in its tallest tab. */
const PLAYER_MAX = 3000;
const GM_MAX = 4000;
const SYSTEMS = ["chi", "freelancer", "loqi", "twenty"];

let h;
const tables = {};
before(async () => { h = await setup(); }, { timeout: SETUP_TIMEOUT });
after(async () => { await h?.close(); });

async function table(system) {
  tables[system] ??= await fourCharacterTable(h, system);
  return tables[system];
}

/** The serious and critical violations axe-core finds on `page`, in every tab it shows. */
async function seriousViolations(page) {
  const found = [];
  await perTab(page, async tab => {
    for (const v of await axeViolations(page)) {
      if (v.impact === "serious" || v.impact === "critical") found.push(`${tab}: ${v.impact} ${v.id} ${v.help} (${v.nodes.join(", ")})`);
    }
  });
  return found;
}

/** Which tab is selected on `page`. */
const selectedTab = page => page.locator("#tabs [role=tab][aria-selected=true]").getAttribute("id");

test("every tab of every system's pages fits a phone", { timeout: FILE_TIMEOUT }, async () => {
  for (const system of SYSTEMS) {
    const { gm, players } = await table(system);
    for (const [who, page, max] of [["GM", gm, GM_MAX], ["player", players[0], PLAYER_MAX]]) {
      const measured = await heights(page);
      assert.deepEqual(measured.map(m => m.tab), ["Board", "Moves", "Talk", "Log"], `${system} ${who}: the tabs`);
      for (const { tab, height, width } of measured) {
        assert.ok(height <= max, `${system} ${who}, ${tab} tab: ${height} px tall, at most ${max}`);
        assert.ok(width <= 375, `${system} ${who}, ${tab} tab: ${width} px wide at 375`);
      }
      await page.locator("#tab-moves").click();
      await screenshot(page, `phone-${system}-${who.toLowerCase()}-moves`);
      await page.locator("#tab-board").click();
      await screenshot(page, `phone-${system}-${who.toLowerCase()}-board`);
    }
  }
  h.assertClean();
});

test("the seat's turn comes first on the Moves tab, the rest folded", { timeout: FILE_TIMEOUT }, async () => {
  // Chi: each character with dice left acts; Ann's Ragnar leads her page, the GM's Blackfang the GM's.
  const { gm, players: [ann] } = await table("chi");
  const lead = async page => [
    await page.locator("#moves .lead h3").textContent(),
    await page.locator("#moves .lead legend").first().textContent(),
  ].join(" | ");
  assert.equal(await lead(ann), "Your turn | Ragnar: act against a Difficulty");
  assert.equal(await lead(gm), "Your turn | Blackfang: act against a Difficulty");
  // Every other move is in a fold, closed: the player's are Ragnar's one more and the table's.
  const folds = page => page.locator("#moves > details.fold > summary").evaluateAll(ss => ss.map(s => s.textContent.replace(/\s+/g, " ").trim()));
  assert.deepEqual(await folds(ann), ["Ragnar 1 move", "Characters 2 moves"]);
  assert.deepEqual(await ann.locator("#moves details.fold[open]").count(), 0);
  // Freelancer: the turn is Mara's (Bo's), so it leads Bo's page and not the GM's, who acts for
  // everyone but whose own turn it is not.
  const fl = await table("freelancer");
  assert.equal(await fl.players[1].locator("#moves .lead legend").first().innerText(), "Mara: take the turn");
  assert.equal(await fl.gm.locator("#moves .lead").count(), 0);
});

test("Chi's secret roll opens by entries: a character, then its Difficulty or whom it acts against", { timeout: FILE_TIMEOUT }, async () => {
  const { gm } = await table("chi");
  const form = await moveForm(gm, "secret_open", "Open a secret roll");
  // No multiple choice at all (the grid of every character x Difficulty x pair), two lists.
  assert.equal(await form.locator("fieldset[data-kind=multi], input[type=checkbox]:not([data-kind=flag])").count(), 0);
  assert.deepEqual(await form.locator(":scope > fieldset > fieldset.list > legend").allInnerTexts(), ["Actions against a Difficulty", "Opposed actions"]);
  // One action entry at first: who (picked), then its Difficulty; the opposed list starts empty.
  const entry = form.locator('fieldset[data-field="actions"] > .entries > .entry');
  assert.equal(await entry.count(), 1);
  assert.deepEqual(await entry.locator("[name]").evaluateAll(els => els.map(e => e.name)), ["who", "difficulty", "modifier", "fits_concept", "reaction"]);
  assert.deepEqual(await entry.locator("select[name=who] option").allInnerTexts(), ["Pick one", "Blackfang", "Capt. Dirk Rednova", "Ragnar", "Sela"]);
  await form.locator('fieldset[data-field="opposed"] [data-add]').click();
  const pair = form.locator('fieldset[data-field="opposed"] > .entries > .entry');
  assert.deepEqual(await pair.locator("[name]").evaluateAll(els => els.map(e => e.name)), ["actor.who", "actor.modifier", "actor.fits_concept", "defender.who", "defender.modifier"]);
  await assertNoSideScroll(gm, "Chi's secret roll form on a phone");
  await screenshot(gm, "phone-chi-gm-secret-form");
  await pair.locator("[data-remove]").click();
  await gm.reload();
  await waitLive(gm);
});

test("the keyboard reaches the tabs, the first move's button and the talk box", { timeout: FILE_TIMEOUT }, async () => {
  const { players: [, , cy] } = await table("chi");
  const page = cy;
  await page.reload();
  await waitLive(page);
  const focused = () => page.evaluate(() => {
    const el = document.activeElement;
    return el ? (el.id || el.getAttribute("name") || el.textContent.trim().slice(0, 40)) + "|" + el.tagName : "";
  });
  /** Presses Tab until `want` is focused (at most 200 times); returns how many presses. */
  async function walkTo(want) {
    for (let i = 1; i <= 200; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(w => document.activeElement?.matches(w), want)) return i;
    }
    throw new Error(`Tab never reached ${want}; last: ${await focused()}`);
  }
  await page.evaluate(() => document.activeElement?.blur());
  await walkTo("#tabs [role=tab][aria-selected=true]");
  // The arrows move between tabs and show each at once; Home and End go to the ends.
  await page.keyboard.press("Home");
  assert.equal(await selectedTab(page), "tab-board");
  await page.keyboard.press("ArrowRight");
  assert.equal(await selectedTab(page), "tab-moves");
  assert.ok(await page.locator("#moves").isVisible());
  assert.ok(!(await page.locator("#board").isVisible()), "one panel at a time");
  const steps = await walkTo("#moves .lead form.move button[type=submit]");
  assert.equal(await page.evaluate(() => document.activeElement.textContent.trim()), "Sela: act against a Difficulty");
  assert.ok(steps <= 12, `the first move's button is ${steps} Tab presses from the tabs`);
  await page.keyboard.down("Shift");
  await walkTo("#tabs [role=tab][aria-selected=true]");
  await page.keyboard.up("Shift");
  await page.keyboard.press("End");
  assert.equal(await selectedTab(page), "tab-log");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await selectedTab(page), "tab-talk");
  await walkTo("#say textarea[name=text]");
  await page.keyboard.type("Keys only.");
  await page.keyboard.press("Enter");
  await page.locator("#talk li").filter({ hasText: "Keys only." }).waitFor();
});

test("the chosen tab and the folds stay across live updates and a reload; badges count what came", { timeout: FILE_TIMEOUT }, async () => {
  const { gm, players: [ann, bo] } = await table("chi");
  await ann.locator("#tab-moves").click();
  const fold = ann.locator("#moves > details.fold", { hasText: "Characters" });
  await fold.locator(":scope > summary").click();
  assert.equal(await fold.evaluate(d => d.open), true);
  // Bo says something and rolls: Ann's Talk and Log tabs count them while she stays on Moves.
  await bo.locator("#tab-talk").click();
  await bo.locator("#say textarea[name=text]").fill("Anyone there?");
  await bo.locator("#say textarea[name=text]").press("Enter");
  const talkBadge = ann.locator("#tab-talk .badge");
  await talkBadge.filter({ hasText: "1 new" }).waitFor();
  const dice = await moveForm(bo, "roll", "Roll dice");
  await fill(dice, { notation: "2d6", label: "luck" });
  await submit(dice);
  await waitLog(ann, "rolled for luck");
  await ann.locator("#tab-log .badge").filter({ hasText: "1 new" }).waitFor();
  assert.equal(await selectedTab(ann), "tab-moves", "the update left Ann on her tab");
  assert.equal(await fold.evaluate(d => d.open), true, "the fold she opened stays open through the update");
  // Looking at Talk clears its badge.
  await ann.locator("#tab-talk").click();
  assert.equal(await talkBadge.isHidden(), true);
  await screenshot(ann, "phone-chi-player-talk");
  // A reload keeps the tab and the fold.
  await ann.reload();
  await waitLive(ann);
  assert.equal(await selectedTab(ann), "tab-talk");
  await ann.locator("#tab-moves").click();
  assert.equal(await fold.evaluate(d => d.open), true, "the fold stays open after a reload");
  // A request waiting for Ann: the GM's Blackfang acts against Ragnar, whose dice are hers (C3).
  await ann.locator("#tab-board").click();
  const opposed = await moveForm(gm, "opposed", "Blackfang: act against another character");
  await fill(opposed, { "actor.spend": 1, defender: "Ragnar (who chooses its own dice)" });
  await submit(opposed);
  const waiting = ann.locator("#waiting");
  await waiting.filter({ hasText: /^The GM asks you: Blackfang/ }).waitFor();
  assert.match(await ann.title(), /^\(Your answer\) /);
  assert.equal(await ann.locator("#tab-moves .turn-badge").innerText(), "Your answer");
  await waiting.click();
  assert.equal(await selectedTab(ann), "tab-moves", "the notice leads to the Moves tab");
  assert.equal(await ann.locator("#moves .lead h3").innerText(), "Waiting for your answer");
  assert.equal(await ann.evaluate(() => document.activeElement.closest(".lead") !== null), true, "the answer's first blank has the focus");
  await assertNoSideScroll(ann, "Ann's answer on a phone");
  await screenshot(ann, "phone-chi-player-waiting");
  await submit(await moveForm(ann, "answer"));
  // Done on the Moves tab: said above the moves in the log's words, and the Board tab's badge
  // says the board changed; "See the board" goes there (a fresh user saw nothing happen).
  const done = ann.locator("#done");
  await done.waitFor();
  assert.match(await done.innerText(), /^Done: Round 1, opposed: Blackfang puts 1 die in .*: Blackfang wins\. Blackfang has 3 of 4 dice left, Ragnar has 8 of 8\.\s+See the board$/);
  await ann.locator("#tab-board .badge").filter({ hasText: "new" }).waitFor();
  await screenshot(ann, "phone-chi-player-done");
  await done.getByRole("button", { name: "See the board" }).click();
  assert.equal(await selectedTab(ann), "tab-board");
  assert.equal(await ann.locator("#tab-board .badge").isHidden(), true);
  // The Log tab opens on its newest line, not the table's creation (a fresh user found it at the top).
  await ann.locator("#tab-log").click();
  const log = ann.locator("#log");
  const atEnd = () => log.evaluate(l => l.scrollHeight > l.clientHeight && l.scrollTop + l.clientHeight >= l.scrollHeight - 2);
  assert.equal(await atEnd(), true, "the log shows its last line");
  h.assertClean();
});

test("axe-core finds no serious or critical violation on the lobby, the tables and the report", { timeout: FILE_TIMEOUT }, async () => {
  const lobby = await h.page("phone");
  await lobby.goto("/");
  const found = { lobby: await seriousViolations(lobby) };
  for (const system of SYSTEMS) {
    const { id, gm, players: [ann] } = await table(system);
    found[`${system} GM`] = await seriousViolations(gm);
    found[`${system} player`] = await seriousViolations(ann);
    const report = await h.page("desktop");
    await report.context().addCookies(await gm.context().cookies());
    await report.goto(`/api/tables/${id}/export?format=html`);
    found[`${system} report`] = await seriousViolations(report);
    // The report is one document: its content sits in landmarks too (no moderate finding left).
    const counts = byImpact(await axeViolations(report));
    assert.equal(counts.critical + counts.serious + counts.moderate, 0, `${system} report: ${JSON.stringify(counts)}`);
  }
  for (const [what, list] of Object.entries(found)) assert.deepEqual(list, [], `${what}: serious or critical violations`);
});

/** The median of `values`. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

test("a line said reaches the other pages: median and max over 50", { timeout: FILE_TIMEOUT }, async () => {
  const { gm, players: [ann, bo] } = await table("loqi");
  const seats = [ann, bo, gm];
  // Each page notes, on the browser's one clock (performance.timeOrigin + now), when each line of
  // talk arrives in it.
  for (const page of seats) {
    await page.locator("#tab-talk").click();
    await page.evaluate(() => {
      window.arrived = {};
      new MutationObserver(() => {
        for (const li of document.querySelectorAll("#talk li.talk-line")) {
          const words = li.querySelector(".words")?.textContent || "";
          if (/^ping \d+$/.test(words) && !(words in window.arrived)) window.arrived[words] = performance.timeOrigin + performance.now();
        }
      }).observe(document.getElementById("talk"), { childList: true, subtree: true });
    });
  }
  // The three seats take turns (17 lines each at most, under the talk's 20 a minute per seat);
  // each line's time is from the Enter that sends it to its arrival in each of the other two pages.
  const delays = [];
  for (let i = 0; i < 50; i++) {
    const speaker = seats[i % 3];
    const text = `ping ${i}`;
    const box = speaker.locator("#say textarea[name=text]");
    await box.fill(text);
    const sent = await box.evaluate(el => {
      const t = performance.timeOrigin + performance.now();
      el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
      return t;
    });
    for (const page of seats.filter(p => p !== speaker)) {
      await page.waitForFunction(w => w in window.arrived, text);
      delays.push((await page.evaluate(w => window.arrived[w], text)) - sent);
    }
  }
  const med = median(delays), max = Math.max(...delays);
  console.log(`# live update: ${delays.length} arrivals of 50 lines said; median ${med.toFixed(1)} ms, max ${max.toFixed(1)} ms`);
  assert.equal(delays.length, 100);
  assert.ok(med < 1000, `median ${med} ms`);
  assert.ok(max < 5000, `max ${max} ms`);
  h.assertClean();
});
