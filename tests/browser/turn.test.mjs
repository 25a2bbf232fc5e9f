// Your turn, loudly, and live updates that lose nothing (issue 31), on a four-character table per
// system (four.mjs), on phones: whenever the table waits on a seat (its turn, a secret choice, a
// reveal, the next outcome to propose, the GM's initiative), that seat's page says so at once
// from whichever tab it shows (Board, Moves, Talk, Log; each system puts the four seats on the
// four tabs, scrolled to the bottom): the line above the tabs naming what is awaited, the Moves
// tab's badge, the title's prefix, one announcement to a screen reader (not one per update), and
// the awaited move first on the Moves tab, open; all of it gone once the move is made.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  setup, screenshot, waitLive, movesOf, apiAct, synced, startingCommand, FILE_TIMEOUT, SETUP_TIMEOUT, WAIT,
} from "./harness.mjs";
import { fourCharacterTable, FOUR } from "./four.mjs";

let h;
const tables = {};
before(async () => { h = await setup(); }, { timeout: SETUP_TIMEOUT });
after(async () => { await h?.close(); });

/** The system's four-character table, play not started: {id, gm, players}. */
async function table(system) {
  tables[system] ??= await fourCharacterTable(h, system, { play: false });
  return tables[system];
}

const sleep = ms => new Promise(r => setTimeout(r, ms));
const selectedTab = page => page.locator("#tabs [role=tab][aria-selected=true]").getAttribute("id");

/**
 * Puts `page` on `tab` (none: a desktop, no tabs), scrolled to the bottom, and notes every text
 * its live region says from now on (window.said).
 */
async function settle(page, tab) {
  if (tab) await page.locator(`#${tab}`).click();
  await page.evaluate(() => {
    window.said = [];
    const region = document.getElementById("turn-said");
    new MutationObserver(() => { if (region.textContent) window.said.push(region.textContent); })
      .observe(region, { childList: true, characterData: true, subtree: true });
    window.scrollTo(0, document.scrollingElement.scrollHeight);
  });
}

/** What `page` has announced so far (since `settle`). */
const said = page => page.evaluate(() => window.said);

/**
 * Fails unless `page` says it awaits `legend`'s move as `text` (the line), from `tab` where it
 * stays, with the badge, the title and its `count`th announcement; the move first on the Moves
 * tab and open there.
 */
async function assertAwaited(page, { tab, text, legend, short = "Your turn", count = 1, who }) {
  const line = page.locator("#waiting");
  try {
    await line.filter({ hasText: text }).waitFor({ state: "visible", timeout: WAIT });
  } catch (e) {
    throw new Error(`${who}: the line never said "${text}"; it says "${await line.textContent()}" (hidden: ${await line.isHidden()})`);
  }
  assert.equal((await line.innerText()).trim(), text, `${who}: the line`);
  if (tab) assert.equal(await selectedTab(page), tab, `${who}: the page stays on its tab`);
  if (tab) {
    // On a phone, at the top of the screen wherever the page was scrolled to.
    const box = await line.boundingBox();
    assert.ok(box && box.y >= -1 && box.y + box.height <= 200, `${who}: the line is in view at the top (${JSON.stringify(box)})`);
    const badge = page.locator("#tab-moves .turn-badge");
    assert.equal(await badge.isVisible(), true, `${who}: the Moves tab's badge shows`);
    assert.equal((await badge.innerText()).trim(), short, `${who}: the badge`);
    const tabBox = await page.locator("#tab-moves").boundingBox();
    assert.ok(tabBox && tabBox.y >= 0 && tabBox.y < 250, `${who}: the Moves tab is in view`);
  } else {
    // On a desktop, the line heads the page and the moves' column, which stays in view, starts
    // with the awaited move.
    const lead = await page.locator("#moves > .lead:first-child h3").boundingBox();
    const height = page.viewportSize().height;
    assert.ok(lead && lead.y >= 0 && lead.y < height / 2, `${who}: the awaited move is in view (${JSON.stringify(lead)})`);
  }
  assert.equal(await page.title(), `(${short}) ${await page.evaluate(() => document.getElementById("table").dataset.title)}`, `${who}: the title`);
  await page.waitForFunction(n => window.said.length >= n, count, { timeout: WAIT });
  const announced = await said(page);
  assert.equal(announced.length, count, `${who}: said ${count} time(s): ${JSON.stringify(announced)}`);
  assert.equal(announced.at(-1), text, `${who}: the announcement`);
  // The awaited move comes first on the Moves tab, its form not folded.
  const first = await page.evaluate(() => {
    const lead = document.querySelector("#moves > :first-child");
    const form = lead?.querySelector("form.move");
    return {
      lead: Boolean(lead?.matches(".lead:not(.your-requests)")),
      legend: form?.querySelector(":scope > fieldset > legend")?.textContent.trim(),
      folded: Boolean(form?.closest("details")),
    };
  });
  assert.deepEqual(first, { lead: true, legend, folded: false }, `${who}: the awaited move first and open`);
}

/** Fails unless `page` says nothing is awaited: no line, no badge, the plain title. */
async function assertNothingAwaited(page, who) {
  await page.locator("#waiting").waitFor({ state: "hidden", timeout: WAIT });
  assert.equal(await page.locator("#tab-moves .turn-badge").isVisible(), false, `${who}: no badge`);
  assert.equal(await page.title(), await page.evaluate(() => document.getElementById("table").dataset.title), `${who}: the plain title`);
}

/** Fails unless `page` no longer says `text` is awaited (nothing is, or something else). */
async function assertNoLonger(page, text, who) {
  await page.waitForFunction(t => {
    const line = document.getElementById("waiting");
    return line.hidden || line.textContent.trim() !== t;
  }, text, { timeout: WAIT }).catch(() => { throw new Error(`${who}: still says "${text}"`); });
}

/** Shows the Moves tab of `page` and fails unless its first form is in view, open; back to `tab`. */
async function assertOpenOnMoves(page, tab, who) {
  await page.locator("#tab-moves").click();
  const form = page.locator("#moves > .lead:first-child form.move").first();
  assert.equal(await form.isVisible(), true, `${who}: the awaited form shows on the Moves tab`);
  await page.locator(`#${tab}`).click();
}

/** The lead move the API offers `page`'s seat now (bounded wait), or fails. */
async function leadOf(page, id, test = () => true) {
  const deadline = Date.now() + WAIT;
  for (;;) {
    const lead = (await movesOf(page, id)).find(m => m.lead && test(m));
    if (lead) return lead;
    if (Date.now() > deadline) throw new Error("no lead move");
    await sleep(150);
  }
}

/** Sends `command` as `page`'s seat and fails unless the table took it. */
async function acted(page, id, command) {
  const { status, body } = await apiAct(page, id, command);
  assert.equal(status, 200, `${JSON.stringify(command)}: ${JSON.stringify(body)}`);
  return body.seq;
}

/** An update that starts no wait (a roll of the table's dice): nothing more is announced. */
async function assertQuietUpdate(pages, id, gm) {
  const before = await Promise.all(pages.map(said));
  await acted(gm, id, { do: "roll", notation: "1d6", label: "the weather" });
  await synced(...pages);
  await sleep(300);
  assert.deepEqual(await Promise.all(pages.map(said)), before, "an update that starts no wait says nothing");
}

test("Twenty: a conflict started, every seat is told to bring in dice from its tab", { timeout: FILE_TIMEOUT }, async () => {
  const { id, gm, players: [ann, bo, cy] } = await table("twenty");
  // The GM's seat on a desktop too: no tabs, the line above the columns.
  const desk = await h.page("desktop");
  await desk.context().addCookies(await gm.context().cookies());
  await desk.goto(`/t/${id}`);
  await waitLive(desk);
  const seats = [
    { page: ann, tab: "tab-board", who: "Gorand" }, { page: bo, tab: "tab-moves", who: "Brynn" },
    { page: cy, tab: "tab-talk", who: "Cato" }, { page: gm, tab: "tab-log", who: "Dragon" },
    { page: desk, tab: null, who: "Dragon" },
  ];
  for (const s of seats) { await settle(s.page, s.tab); await assertNothingAwaited(s.page, s.who); }
  await acted(gm, id, FOUR.twenty.play[0]);
  for (const s of seats) {
    await assertAwaited(s.page, { tab: s.tab, who: s.who, text: `Your turn: ${s.who}, bring in dice`, legend: `${s.who}: bring in dice` });
  }
  await screenshot(ann, "turn-twenty-board");
  await screenshot(desk, "turn-twenty");
  await assertQuietUpdate(seats.map(s => s.page), id, gm);
  for (const s of seats.filter(s => s.tab)) await assertOpenOnMoves(s.page, s.tab, s.who);
  // Gorand brings in: Ann's wait is over; the others still wait.
  const bring = await leadOf(ann, id, m => m.command.do === "bring_in");
  await acted(ann, id, startingCommand(bring));
  await assertNothingAwaited(ann, "Ann");
  assert.equal(await bo.locator("#waiting").isVisible(), true, "Bo still waits");
  h.assertClean();
});

test("Loqi: a problem introduced, each responder is told to propose; then the GM", { timeout: FILE_TIMEOUT }, async () => {
  const { id, gm, players: [ann, bo, cy] } = await table("loqi");
  const seats = [
    { page: gm, tab: "tab-board", who: "the GM" }, { page: ann, tab: "tab-moves", who: "Ann" },
    { page: bo, tab: "tab-talk", who: "Bo" }, { page: cy, tab: "tab-log", who: "Cy" },
  ];
  for (const s of seats) { await settle(s.page, s.tab); await assertNothingAwaited(s.page, s.who); }
  await acted(gm, id, FOUR.loqi.play[0]);
  for (const s of seats.slice(1)) {
    await assertAwaited(s.page, { ...s, text: "Your turn: Propose the player's outcome", legend: "Propose the player's outcome" });
  }
  await assertNothingAwaited(gm, "the GM");
  await screenshot(bo, "turn-loqi-talk");
  await assertQuietUpdate(seats.map(s => s.page), id, gm);
  for (const s of seats.slice(1)) await assertOpenOnMoves(s.page, s.tab, s.who);
  // Ann proposes for the responders: the GM's outcome is awaited next, from the GM.
  await acted(ann, id, { do: "propose_outcome", outcome: "player", by: "Tiran", description: "They swim across", impact: 2 });
  await assertAwaited(gm, { tab: "tab-board", who: "the GM", text: "Your turn: Propose the GM's outcome", legend: "Propose the GM's outcome" });
  for (const s of seats.slice(1)) await assertNothingAwaited(s.page, s.who);
  h.assertClean();
});

test("Chi: a secret roll opened, each seat is told to choose its dice, then to reveal them", { timeout: FILE_TIMEOUT }, async () => {
  const { id, gm, players: [ann, bo, cy] } = await table("chi");
  const seats = [
    { page: gm, tab: "tab-talk", who: "Blackfang" }, { page: ann, tab: "tab-log", who: "Ragnar" },
    { page: bo, tab: "tab-board", who: "Capt. Dirk Rednova" }, { page: cy, tab: "tab-moves", who: "Sela" },
  ];
  // Chi's round has no order: every character with dice left may act, and its page says so.
  for (const s of seats) {
    await settle(s.page, s.tab);
    assert.equal(await s.page.locator("#waiting").innerText(), `Your turn: ${s.who}, act against a Difficulty`);
  }
  const actions = seats.map(s => ({ who: s.who, difficulty: 2, modifier: 0, fits_concept: true, reaction: false }));
  await acted(gm, id, { do: "secret_open", actions, opposed: [] });
  for (const s of seats) {
    await assertAwaited(s.page, { ...s, text: `Your turn: ${s.who}, choose your dice in secret`, legend: `${s.who}: choose your dice in secret` });
  }
  await screenshot(bo, "turn-chi-secret-board");
  await assertQuietUpdate(seats.map(s => s.page), id, gm);
  for (const s of seats) await assertOpenOnMoves(s.page, s.tab, s.who);
  for (const s of seats) {
    await acted(s.page, id, startingCommand(await leadOf(s.page, id, m => m.command.do === "allocate")));
  }
  // Everyone has chosen: each reveals (C4), told so once more.
  for (const s of seats) {
    await assertAwaited(s.page, { ...s, count: 2, text: `Your turn: ${s.who}, reveal your dice`, legend: `${s.who}: reveal your dice` });
  }
  h.assertClean();
});

test("Freelancer: an event's turns, each seat told when its character's turn comes", { timeout: FILE_TIMEOUT }, async () => {
  const { id, gm, players: [ann, bo, cy] } = await table("freelancer");
  const seats = [
    { page: gm, tab: "tab-moves", who: "the GM", characters: ["Bandit"] },
    { page: ann, tab: "tab-talk", who: "Ann", characters: ["Ash"] },
    { page: bo, tab: "tab-log", who: "Bo", characters: ["Mara"] },
    { page: cy, tab: "tab-board", who: "Cy", characters: ["Tobin"] },
  ];
  for (const s of seats) { await settle(s.page, s.tab); await assertNothingAwaited(s.page, s.who); }
  await acted(gm, id, FOUR.freelancer.play[0]);
  // The event started: the GM rolls initiative (F5).
  const initiative = await leadOf(gm, id, m => m.command.do === "initiative");
  await assertAwaited(gm, { tab: "tab-moves", who: "the GM", text: `Your turn: ${initiative.label}`, legend: initiative.label });
  await acted(gm, id, FOUR.freelancer.play[1]);
  // Each character's turn in the order rolled: its seat's page says so; it takes the turn.
  const told = [];
  for (let turn = 0; turn < 4; turn++) {
    let seat = null, move = null;
    const deadline = Date.now() + WAIT;
    while (!seat) {
      for (const s of seats) {
        move = (await movesOf(s.page, id)).find(m => m.lead && m.command.do === "act");
        if (move) { seat = s; break; }
      }
      if (!seat && Date.now() > deadline) throw new Error(`turn ${turn + 1}: no seat's turn`);
    }
    const who = move.command.who;
    assert.ok(seat.characters.includes(who), `${who}'s turn leads its owner's page`);
    const count = seat.page === gm ? 2 : 1;
    const text = `Your turn: ${who}, ${move.label.replace(`${who}: `, "")}`;
    await assertAwaited(seat.page, { ...seat, count, text, legend: move.label });
    if (turn === 0) await screenshot(seat.page, "turn-freelancer");
    told.push(who);
    await acted(seat.page, id, startingCommand(move));
    // A player's wait is over; the GM's, once the round is over, is the next initiative (F5).
    if (seat.page === gm) await assertNoLonger(gm, text, "the GM");
    else await assertNothingAwaited(seat.page, seat.who);
  }
  assert.deepEqual([...told].sort(), ["Ash", "Bandit", "Mara", "Tobin"]);
  h.assertClean();
});
