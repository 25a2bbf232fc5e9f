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
  setup, screenshot, screenshotOf, waitLive, waitLog, movesOf, apiAct, synced, startingCommand, moveForm,
  submit, waitOdds, assertOddsCurrent, assertNoSideScroll, showTabOf, seqOf, FILE_TIMEOUT, SETUP_TIMEOUT, WAIT,
} from "./harness.mjs";
import { fourCharacterTable, FOUR } from "./four.mjs";

let h;
const tables = {};
/** Every answer of 404 any page of this file was given (the icon included): none is expected. */
const notFound = [];
before(async () => {
  h = await setup();
  const page = h.page;
  h.page = async size => {
    const p = await page(size);
    p.on("response", r => { if (r.status() === 404) notFound.push(`${r.url()} (from ${p.url()})`); });
    return p;
  };
}, { timeout: SETUP_TIMEOUT });
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

// ---- Typing while the others play ------------------------------------------------------------
//
// The GM types into forms of every kind (text, number, choice, multiple choice, flag, list
// entries) one key at a time while the other seats act between the keys, so each key lands on a
// page just morphed, often with moves added or removed around the form (a character's fold
// losing its "bring in dice", a new exchange's narration, a round's last die spent). Fails on a
// page error, a character lost, the focus lost, a value changed, or odds that do not settle on
// the server's for the form's values.

/**
 * Someone other than the typist acts: the first seat of `others` (from the `i`th on) whose lead
 * the table takes at its starting values (the GM's from another device among them), else the
 * GM's command that starts play anew (`restart`: a new conflict, problem or event once the last
 * is over), else a roll of the table's dice. Returns the record's seq.
 */
async function someoneActs(others, id, i, restart = []) {
  for (let k = 0; k < others.length; k++) {
    const page = others[(i + k) % others.length];
    const leads = (await movesOf(page, id)).filter(m => m.lead && !["answer", "withdraw"].includes(m.command.do));
    for (const m of leads) {
      const { status, body } = await apiAct(page, id, startingCommand(m));
      if (status === 200) return body.seq;
    }
  }
  for (const command of restart) {
    const { status, body } = await apiAct(others.at(-1), id, command);
    if (status === 200) return body.seq;
  }
  const { status, body } = await apiAct(others[i % others.length], id, { do: "roll", notation: "1d6", label: "meanwhile" });
  assert.equal(status, 200, JSON.stringify(body));
  return body.seq;
}

/**
 * A typist on `page` (its form keys noted), with `others` acting between its keys: `busy()` has
 * one of them act and waits until the page has drawn it; `changes` counts the updates that
 * added or removed moves on the page.
 */
function typist(page, id, others, restart) {
  const t = { page, id, changes: 0, acts: 0 };
  const keys = () => page.evaluate(() => [...document.querySelectorAll("#moves form.move")].map(f => f.id).join(" "));
  t.busy = async () => {
    const before = await keys();
    const seq = await someoneActs(others, id, t.acts++, restart);
    await page.waitForFunction(n => Number(document.getElementById("table").getAttribute("data-seq")) >= n, seq, { timeout: WAIT });
    if ((await keys()) !== before) t.changes++;
  };
  return t;
}

/** Fails unless the focus is in `form`'s blank `name` (the `index`th of that name) holding `value`. */
async function assertTyping(t, form, name, value, what, index = 0) {
  const id = await form.getAttribute("id");
  const at = await t.page.evaluate(() => {
    const el = document.activeElement;
    const form = el?.closest("form.move");
    return { form: form?.getAttribute("id"), name: el?.getAttribute("name"), value: el?.type === "checkbox" ? el.checked : el?.value, same: form ? [...form.querySelectorAll("input, select, textarea")].filter(b => b.getAttribute("name") === el.getAttribute("name")).indexOf(el) : -1 };
  });
  assert.deepEqual(at, { form: id, name, value, same: index }, `${what}: the focus and what was typed stay`);
}

/** Types `text` into the `index`th blank `name` of `form` (emptied first), a key at a time. */
async function typeInto(t, form, name, text, index = 0) {
  const blank = form.locator(`[name="${name}"]`).nth(index);
  await blank.focus();
  await t.page.keyboard.press("ControlOrMeta+A");
  await t.page.keyboard.press("Delete");
  let typed = "";
  for (const key of text) {
    await t.page.keyboard.type(key);
    typed += key;
    await t.busy();
    await assertTyping(t, form, name, typed, `"${typed}" typed into ${name}`, index);
  }
}

/** Picks the next option of the `index`th choice `name` of `form` with the arrow key. */
async function pickNext(t, form, name, index = 0) {
  const select = form.locator(`select[name="${name}"]`).nth(index);
  await select.focus();
  const before = await select.inputValue();
  await t.page.keyboard.press("ArrowDown");
  const picked = await select.inputValue();
  assert.notEqual(picked, before, `${name}: the arrow picked the next option`);
  await t.busy();
  await t.busy();
  await assertTyping(t, form, name, picked, `${name} picked`, index);
}

/** Ticks (or unticks) the flag `name` of `form` with the space bar; a multiple choice's first box. */
async function toggle(t, form, name) {
  const multi = form.locator(`fieldset[data-field="${name}"] input[type=checkbox]`);
  const box = (await multi.count()) ? multi.first() : form.locator(`input[type=checkbox][name="${name}"]`).first();
  await box.focus();
  const before = await box.isChecked();
  await t.page.keyboard.press("Space");
  assert.equal(await box.isChecked(), !before, `${name}: the space bar ticked it`);
  await t.busy();
  await t.busy();
  const at = await t.page.evaluate(() => ({ checked: document.activeElement?.checked, form: document.activeElement?.closest("form.move")?.id }));
  assert.deepEqual(at, { checked: !before, form: await form.getAttribute("id") }, `${name}: the tick and the focus stay`);
}

/**
 * Adds an entry to the list `name` of `form` and fills its blanks in order: `values` by blank
 * name, a text or number typed key by key, a choice picked with the arrow.
 */
async function addEntry(t, form, name, values) {
  const list = form.locator(`fieldset[data-field="${name}"]`).first();
  const entries = list.locator(":scope > .entries > .entry");
  const n = await entries.count();
  await list.locator(":scope > .list-foot > [data-add]").click();
  assert.equal(await entries.count(), n + 1, `${name}: an entry added`);
  await t.busy();
  assert.equal(await entries.count(), n + 1, `${name}: the entry added stays through an update`);
  for (const [blank, value] of Object.entries(values)) {
    const index = await form.locator(`[name="${blank}"]`).evaluateAll((els, entry) => els.indexOf(entry), await entries.nth(n).locator(`[name="${blank}"]`).first().elementHandle());
    if (value === null) await pickNext(t, form, blank, index);
    else await typeInto(t, form, blank, String(value), index);
  }
  assert.equal(await entries.count(), n + 1, `${name}: the entries stay`);
}

/**
 * The GM types into the forms of `plan` ({does, legend, steps, odds}) while the players act;
 * returns the typist.
 */
async function typeWhileOthersAct(system, plan) {
  const { id, gm, players } = await table(system);
  await gm.reload();
  await waitLive(gm);
  const t = typist(gm, id, [...players, gm], FOUR[system].play);
  // What the others had left to do before the GM starts (Chi's secret roll to reveal and roll).
  for (let i = 0; i < 8 && (await movesOf(gm, id)).some(m => m.lead && m.command.do.startsWith("secret")); i++) await someoneActs([...players, gm], id, 0);
  for (const { does, legend, steps, odds } of plan) {
    const form = await moveForm(gm, does, legend);
    for (const step of steps) await step(t, form);
    if (odds) await assertOddsCurrent(form, `${system}: ${legend}`);
  }
  console.log(`# ${system}: ${t.acts} moves by the others while the GM typed; ${t.changes} of them added or removed moves on the GM's page`);
  assert.ok(t.changes >= 2, `${system}: moves came and went while the GM typed (${t.changes})`);
  await screenshot(gm, `typing-${system}`);
  h.assertClean();
  return t;
}

const text = (name, value) => (t, form) => typeInto(t, form, name, value);
const choice = name => (t, form) => pickNext(t, form, name);
const flag = name => (t, form) => toggle(t, form, name);
/** The next option of whichever of the choices `names` the form shows (a kind picked shows one). */
const shownChoice = names => async (t, form) => {
  for (const name of names) if (await form.locator(`select[name="${name}"]`).first().isVisible()) return pickNext(t, form, name);
  assert.fail(`none of ${names.join(", ")} is shown`);
};
const entry = (name, values) => (t, form) => addEntry(t, form, name, values);
/** The choice `name`'s picked label, cut by its box on a phone, is shown whole under it. */
const whole = name => async (t, form) => {
  const select = form.locator(`select[name="${name}"]`).first();
  const label = (await select.locator("option:checked").innerText()).trim();
  const shown = select.locator("xpath=ancestor::div[contains(@class, 'field')][1]/small[contains(@class, 'choice-whole')]");
  assert.equal(await shown.isVisible(), true, `${name}: "${label}" is shown whole under its box`);
  assert.equal((await shown.innerText()).trim(), label);
  const box = await shown.boundingBox();
  assert.ok(box.x + box.width <= 375, `${name}: the whole label fits the phone (${JSON.stringify(box)})`);
  await assertNoSideScroll(t.page, `${name}'s whole label`);
  await screenshotOf(form, "typing-twenty-goal-whole");
};

test("Twenty: the GM types while the players play the conflict", { timeout: FILE_TIMEOUT }, async () => {
  await typeWhileOthersAct("twenty", [
    { does: "major_goal", legend: "Gorand: major goal", steps: [choice("goal"), whole("goal"), choice("advancement"), shownChoice(["reward.new_key", "reward.new_trait"])] },
    { does: "add_character", legend: "Make a new character", steps: [
      text("character.name", "Yso"), text("character.stats.Physical", "4"), choice("character.keys.0"),
      entry("character.traits", { name: null, boxes: "2" }),
    ] },
    { does: "define_trait", legend: "Define a trait", steps: [text("name", "Dour"), flag("open")] },
  ]);
});

test("Loqi: the GM types while the players play the problem; a move's fold closes once it is sent", { timeout: FILE_TIMEOUT }, async () => {
  const { page: gm } = await typeWhileOthersAct("loqi", [
    { does: "reward", legend: "Reward influence", steps: [choice("who"), text("points", "2"), text("reason", "brave")] },
    { does: "prepare_goals", legend: "GM: prepare goals", steps: [entry("goals", { text: "Hold", kind: null, base: "3" })] },
    { does: "enroll", legend: "Make an NPC", steps: [text("character.name", "Wren"), entry("character.traits", { name: "Sly", rating: "2" })] },
  ]);
  // The GM sends the reward typed first: its fold closes, the focus on the fold's name; the
  // goals typed and not sent stay open, their fold remembered by the move (across a reload too).
  const reward = await moveForm(gm, "reward", "Reward influence");
  await submit(reward);
  const folds = () => gm.evaluate(() => {
    const fold = legend => [...document.querySelectorAll("#moves form.move")]
      .find(f => f.querySelector(":scope > fieldset > legend")?.textContent.trim() === legend)?.closest("details.fold");
    return { reward: fold("Reward influence")?.open, goals: fold("GM: prepare goals")?.open, focus: document.activeElement?.tagName };
  });
  assert.deepEqual(await folds(), { reward: false, goals: true, focus: "SUMMARY" });
  await gm.reload();
  await waitLive(gm);
  assert.deepEqual({ ...(await folds()), focus: "" }, { reward: false, goals: true, focus: "" });
  h.assertClean();
});

test("Chi: the GM types while the players spend their dice", { timeout: FILE_TIMEOUT }, async () => {
  await typeWhileOthersAct("chi", [
    { does: "action", legend: "Ragnar: act against a Difficulty", odds: true, steps: [text("difficulty", "4"), flag("fits_concept")] },
    { does: "lose", legend: "Ragnar: loses potential", steps: [text("amount", "1"), choice("cause"), flag("permanent"), text("detail", "cut")] },
    { does: "enroll", legend: "Add a character or NPC", steps: [text("character.name", "Ives"), entry("character.words", { "": "wry" }), text("character.pool", "5")] },
  ]);
});

test("Freelancer: the GM types while the players take their turns", { timeout: FILE_TIMEOUT }, async () => {
  await typeWhileOthersAct("freelancer", [
    { does: "task_check", legend: "Ash: task check", odds: true, steps: [choice("rating"), text("difficulty", "60"), entry("adjust", { factor: "1/2", reason: "dark" })] },
    { does: "award", legend: "Award XP and AP", steps: [flag("who"), text("xp", "10"), text("reason", "ford")] },
  ]);
});

// A form whose blanks are named like a form's own properties (`value`, `name`, `id`, `dataset`,
// `matches`, `remove`...: each is then the form's property of that name) is filled, updated and
// sent without a script error (issue 31: a blank named `value` froze every live update).
const SHADOWING = ["value", "name", "id", "dataset", "matches", "closest", "remove", "action", "method",
  "elements", "length", "submit", "hidden", "pending", "title", "key", "style", "contains", "focus"];

test("a form whose blanks shadow the form's properties is filled, updated and sent", { timeout: FILE_TIMEOUT }, async () => {
  const { id, gm, players: [ann] } = await table("chi");
  await gm.reload();
  await waitLive(gm);
  const form = shadow => `<form class="move" data-scope data-command='{"do": "roll"}' data-odds data-marker="${shadow}">`
    + `<fieldset><legend>Named like a form (${shadow})</legend><label>Dice <input name="notation" data-kind="text" autocomplete="off"></label>`
    + `<input type="hidden" name="label" data-kind="text" value="the shadows">`
    + SHADOWING.map(n => `<input type="hidden" name="${n}" value="x">`).join("")
    + `<div class="odds"></div><p class="error" role="alert" hidden></p><button type="submit">Roll</button></fieldset></form>`;
  await gm.evaluate(([tools, moves]) => {
    document.querySelector("details.tools").insertAdjacentHTML("beforeend", tools);
    document.querySelector("details.tools").open = true;
    document.getElementById("moves").insertAdjacentHTML("afterbegin", moves);
  }, [form("tools"), form("moves")]);
  await showTabOf(gm, "#moves");
  // In the moves: typed into while an update comes (the form is not the table's, so the update
  // takes it away; nothing throws on the way).
  const inMoves = gm.locator('form[data-marker="moves"]');
  await inMoves.locator("[name=notation]").focus();
  await gm.keyboard.type("3d6");
  assert.match(await waitOdds(inMoves), /3d6|18/);
  const { body } = await apiAct(ann, id, { do: "roll", notation: "1d4", label: "meanwhile" });
  await gm.waitForFunction(n => Number(document.getElementById("table").getAttribute("data-seq")) >= n, body.seq, { timeout: WAIT });
  // In the dice tools: filled, its odds shown, sent.
  const inTools = gm.locator('form[data-marker="tools"]');
  await inTools.locator("[name=notation]").focus();
  await gm.keyboard.type("2d6");
  assert.match(await waitOdds(inTools), /7/);
  await submit(inTools);
  await waitLog(gm, /rolled for the shadows/);
  h.assertClean();
});

// Odds are worked out off the table's task, so an answer can come back after a newer record has
// been drawn: the page shows an answer only if the state it is of (the `skald-odds-seq` header)
// is not older than the newest record it has drawn (issue 32). The server's answers are replaced
// here (page.route), so the one difference between the dropped answer and the shown one is its seq.
test("an odds answer for an older state than the page shows is dropped", { timeout: FILE_TIMEOUT }, async () => {
  const { id, gm } = await table("chi");
  await gm.reload();
  await waitLive(gm);
  await showTabOf(gm, "#moves");
  await gm.evaluate(() => document.getElementById("moves").insertAdjacentHTML("afterbegin",
    `<form class="move" data-scope data-command='{"do": "roll"}' data-odds data-marker="stale">`
    + `<fieldset><legend>Odds of another state</legend><label>Dice <input name="notation" data-kind="text" autocomplete="off"></label>`
    + `<input type="hidden" name="label" data-kind="text" value="stale">`
    + `<div class="odds"></div><p class="error" role="alert" hidden></p><button type="submit">Roll</button></fieldset></form>`));
  const form = gm.locator('form[data-marker="stale"]');
  const now = await seqOf(gm);
  assert.ok(now >= 1, `the page has drawn records (seq ${now})`);
  let answer = { seq: now - 1, text: "STALE odds" };
  await gm.route(`**/t/${id}/odds`, route => route.fulfill({
    status: 200, contentType: "text/html; charset=utf-8",
    headers: { "skald-odds-seq": String(answer.seq) }, body: `<p class="probe">${answer.text}</p>`,
  }));
  const asked = notation => gm.waitForResponse(r => r.url().endsWith(`/t/${id}/odds`)
    && (r.request().postData() || "").includes(notation), { timeout: WAIT });
  try {
    const stale = asked("2d6");
    await form.locator("[name=notation]").fill("2d6");
    await stale;
    // The page reads the answer in a task or two; a tenth of a second is many.
    await gm.evaluate(() => new Promise(resolve => setTimeout(resolve, 100)));
    assert.doesNotMatch(await form.locator(".odds").textContent(), /STALE/, "odds of an older state are not shown");
    // The same answer of the state the page shows is shown.
    answer = { seq: now, text: "FRESH odds" };
    const fresh = asked("3d6");
    await form.locator("[name=notation]").fill("3d6");
    await fresh;
    await gm.waitForFunction(() => /FRESH/.test(document.querySelector('form[data-marker="stale"] .odds').textContent), null, { timeout: WAIT });
  } finally {
    await gm.unroute(`**/t/${id}/odds`);
    await form.evaluate(f => f.remove());
  }
  h.assertClean();
});

test("no page load asked for anything that is not there, the icon included", { timeout: FILE_TIMEOUT }, async () => {
  const { id, gm } = await table("twenty");
  const report = await h.page("desktop");
  await report.context().addCookies(await gm.context().cookies());
  await report.goto(`/api/tables/${id}/export?format=html`);
  const icon = await report.request.get("/favicon.ico");
  assert.equal(icon.status(), 200);
  assert.equal(icon.headers()["content-type"], "image/x-icon");
  assert.deepEqual(notFound, [], "answers of 404");
});
