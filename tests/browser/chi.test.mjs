// Chi at the table page: characters made with the page's form, an open action with its odds, and a
// secret round (C4) where each player allocates with the `allocate` move and nobody else (not the
// other player, not even the GM) can read the number in the page until it is revealed.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  setup, screenshot, waitLog, tableWith, moveForm, fill, submit, act, waitOdds, boardState, showState, fillList,
  assertNoSideScroll, assertNoJsonField, showTabOf, logTexts, FILE_TIMEOUT, SETUP_TIMEOUT,
} from "./harness.mjs";

const RAGNAR = { name: "Ragnar", words: ["fierce", "arrogant", "savage"], occupation: "barbarian", pool: 8 };
const DIRK = "Dirk, dashing, handsome, and brave star marine7";
let h, t, gm, ann, bo;

before(async () => {
  h = await setup();
  t = await tableWith(h, "chi", [["Ann", "phone"], ["Bo", "desktop"]]);
  ({ gm } = t);
  [ann, bo] = t.players;
}, { timeout: SETUP_TIMEOUT });
after(async () => { await h?.close(); });

test("each player makes a character, and the GM gives each its pool", { timeout: FILE_TIMEOUT }, async () => {
  // Ann asks for 20 dice; the book gives the pool to the GM, who answers with 8.
  const form = await moveForm(ann, "enroll", "Make a character");
  await fill(form, { "character.name": RAGNAR.name, "character.occupation": RAGNAR.occupation, "character.pool": 20 });
  await fillList(form, "character.words", RAGNAR.words);
  await submit(form);
  const pool = await moveForm(gm, "answer", /^Ann asks/);
  await fill(pool, { "values.character.pool": RAGNAR.pool });
  await submit(pool);
  const line = await moveForm(bo, "enroll", "Write a character as one line");
  await fill(line, { character: DIRK });
  await submit(line);
  await submit(await moveForm(gm, "answer", /^Bo asks/));
  for (const page of [gm, ann, bo]) {
    await waitLog(page, /Ragnar/);
    await waitLog(page, /Dirk/);
  }
  const state = await boardState(ann);
  assert.equal(state.characters.Ragnar.pool, RAGNAR.pool, "the GM's pool, not the one Ann asked for");
});

test("the GM calls for a roll: the player chooses the dice, both see the odds", { timeout: FILE_TIMEOUT }, async () => {
  const call = await moveForm(gm, "call", "Call for a roll: Ragnar: act against a Difficulty");
  await fill(call, { "command.difficulty": 2 });
  await submit(call);
  const answer = await moveForm(ann, "answer", /^The GM asks: Ragnar/);
  await fill(answer, { "values.spend": 2 });
  const odds = await waitOdds(answer);
  assert.match(odds, /Success/);
  await submit(answer);
  for (const page of [gm, bo]) {
    const line = await waitLog(page, /Ragnar/);
    await line.locator(".die").first().waitFor();
  }
});

test("a player's action waits for the GM's Difficulty", { timeout: FILE_TIMEOUT }, async () => {
  const form = await moveForm(ann, "action", "Ragnar: act against a Difficulty");
  await fill(form, { spend: 2, difficulty: 1 });
  await waitOdds(form);
  await submit(form);
  const answer = await moveForm(gm, "answer", /^Ann asks: Ragnar/);
  // Every number of the proposal is the GM's to change, Ann's dice too (an off-concept call lowers
  // what she may put in).
  assert.equal(await answer.locator('[name="values.spend"]').inputValue(), "2", "the answer starts at Ann's dice");
  await fill(answer, { "values.difficulty": 3 });
  const odds = await waitOdds(answer);
  assert.match(odds, /Success/);
  await submit(answer);
  for (const page of [ann, bo]) await waitLog(page, /Difficulty 3/);
});

/** The name and value of the blank that has the focus on `page`. */
async function focused(page) {
  return page.evaluate(() => ({ name: document.activeElement?.name, value: document.activeElement?.value }));
}

test("the moves stay current while a form is being filled in", { timeout: FILE_TIMEOUT }, async () => {
  // Ann asks for an action, then starts another and keeps her cursor in it. Before live updates
  // morphed the page, the moves were not redrawn while the cursor was inside them: a request
  // answered stayed offered, and a new round's dice were refused by a form that still said the
  // old number left (a fresh group's evening, issue 16).
  const first = await moveForm(ann, "action", "Ragnar: act against a Difficulty");
  await fill(first, { spend: 1, difficulty: 1 });
  await submit(first);
  await moveForm(ann, "withdraw", /^Withdraw your request/);
  // What the table waits on Ann for comes first (her turn: Ragnar has dice left), then what she
  // waits on, open (a fresh user found it folded below).
  assert.deepEqual(await ann.locator("#moves > .lead > h3").allInnerTexts(), ["Your turn", "Your request is waiting"]);
  assert.equal(await ann.locator("#moves > .lead.your-requests form.move").first().evaluate(f => f.closest("details")), null);
  assert.match(await ann.locator("#done").innerText(), /^Done: /);
  const next = await moveForm(ann, "action", "Ragnar: act against a Difficulty");
  const spend = next.locator('[name="spend"]');
  assert.equal(await spend.getAttribute("max"), "4", "4 of Ragnar's 8 dice left this round");
  await spend.fill("3");
  // The GM answers: the request is gone from Ann's page, her typed 3 and her cursor stay.
  await submit(await moveForm(gm, "answer", /^Ann asks: Ragnar/));
  await ann.waitForFunction(() => ![...document.querySelectorAll("#moves form.move")]
    .some(f => JSON.parse(f.dataset.command).do === "withdraw"), null, { timeout: 10000 });
  await ann.waitForFunction(() => document.querySelector('#moves form.move [name="spend"]')?.max === "3", null, { timeout: 10000 });
  assert.deepEqual(await focused(ann), { name: "spend", value: "3" });
  // A new round: the same form now takes up to 8 dice, and still holds Ann's 3 with the cursor.
  await submit(await moveForm(gm, "new_round"), { confirm: /^End round 1 and start round 2\? / });
  await ann.waitForFunction(() => {
    const spend = [...document.querySelectorAll("#moves form.move")]
      .find(f => f.querySelector("legend")?.textContent.includes("Ragnar: act against a Difficulty"))
      ?.querySelector('[name="spend"]');
    return spend?.max === "8";
  }, null, { timeout: 10000 });
  assert.deepEqual(await focused(ann), { name: "spend", value: "3" });
  await submit(next);
  const answer = await moveForm(gm, "answer", /^Ann asks: Ragnar/);
  await fill(answer, { "values.difficulty": 5 });
  await submit(answer);
  await waitLog(ann, /Difficulty 5/);
});

/** Everything of `page` a reader could see: its HTML and its text (the log, the board, the state). */
async function visible(page) {
  return { html: await page.content(), text: await page.locator("body").innerText() };
}

/** Fails if `page` shows `who`'s allocation of `spend` dice (or its salt) in any form. */
async function assertHidden(page, who, spend, salt, whose) {
  const { html, text } = await visible(page);
  for (const needle of [`${who} puts in ${spend} ${spend === 1 ? "die" : "dice"}`, salt]) {
    assert.ok(!html.includes(needle), `${whose} page's HTML shows "${needle}"`);
    assert.ok(!text.includes(needle), `${whose} page's text shows "${needle}"`);
  }
  assert.equal(await page.locator("#log .log-line .secret").filter({ hasText: who }).count(), 0, `${whose} page's log shows no secret of ${who}`);
  const state = await boardState(page);
  const seat = state.secret?.seats?.find(s => s.who === who);
  assert.ok(seat, `${whose} page's state has ${who}'s seat in the secret roll`);
  for (const [key, value] of Object.entries(seat)) {
    if (typeof value === "number") assert.notEqual(value, spend, `${whose} page's state shows ${who}'s ${key} = ${spend}`);
  }
  assert.ok(!("spend" in seat) || seat.spend === null, `${whose} page's state shows ${who}'s spend`);
  // The board's own drawing of that seat: whatever it shows, not the number.
  const row = page.locator("#board").getByText(who, { exact: false });
  for (const text of await row.allInnerTexts()) {
    assert.ok(!new RegExp(`\\b${spend} dice\\b`).test(text), `${whose} board shows "${text}" for ${who}`);
  }
}

/** The salt of the reader's own allocation, as the API gives it to its owner. */
async function ownSalt(page, who) {
  const log = await (await page.request.get(`/api/tables/${t.id}/log?after=0&limit=1000`)).json();
  const record = log.records.reverse().find(r => r.secret?.body && JSON.stringify(r.secret).includes(who));
  assert.ok(record, `the owner's log holds ${who}'s allocation`);
  const salt = JSON.stringify(record.secret).match(/"salt":"([0-9a-f]+)"/)?.[1];
  assert.ok(salt, `the allocation has a salt: ${JSON.stringify(record.secret)}`);
  return salt;
}

test("a secret round: nobody sees an allocation before its reveal", { timeout: FILE_TIMEOUT }, async () => {
  // Each page shows the whole state too, so that what its HTML holds is checked with it.
  for (const page of [gm, ann, bo]) await showState(page);
  // The GM opens the secret roll: Ragnar acts against Dirk.
  // A fresh round: Ragnar's pool is whole again. Starting it asks first; cancelled, nothing is sent.
  const round = (await boardState(gm)).round;
  await submit(await moveForm(gm, "new_round"), { confirm: new RegExp(`^End round ${round} and start round ${round + 1}\\? `), cancel: true });
  assert.equal((await boardState(gm)).round, round, "a cancelled question sends nothing");
  await submit(await moveForm(gm, "new_round"), { confirm: new RegExp(`^End round ${round} and start round ${round + 1}\\? `) });
  const open = await moveForm(gm, "secret_open", "Open a secret roll");
  await fillList(open, "actions", []);
  await fillList(open, "opposed", [{ "actor.who": "Ragnar", "defender.who": "Dirk" }]);
  await submit(open);

  // Ann allocates 5 of Ragnar's dice: her page shows it to her alone.
  const allocate = await moveForm(ann, "allocate", "Ragnar");
  await fill(allocate, { spend: 5 });
  // Before she sends it, the advice over the round for the 5 dice she chose, Dirk's choice
  // still secret (issue 32).
  const ahead = allocate.locator(".odds details.advice", { hasText: "Ragnar beats Dirk: 5 dice" });
  await ahead.waitFor({ timeout: 60_000 });
  assert.equal(await ahead.locator(":scope > summary").innerText(), "The chances ahead");
  assert.match(await ahead.innerText(), /Ragnar beats Dirk: 5 dice against a secret 0 to \d+ dice/);
  await screenshot(ann, "chi-allocate-advice");
  await submit(allocate);
  await waitLog(ann, "Ragnar puts in 5 dice");
  const ragnarSalt = await ownSalt(ann, "Ragnar");
  // The others see the commitment arrive, and not the number.
  for (const [page, whose] of [[gm, "the GM's"], [bo, "Bo's"]]) {
    await page.waitForFunction(() => {
      const state = JSON.parse(document.querySelector("#board .raw-state pre").textContent);
      return state.secret?.seats?.some(s => s.who === "Ragnar" && s.committed);
    }, null, { timeout: 10_000 });
    await assertHidden(page, "Ragnar", 5, ragnarSalt, whose);
  }
  // Nor does any route give it to them.
  for (const [page, whose] of [[gm, "GM"], [bo, "Bo"]]) {
    const log = await (await page.request.get(`/api/tables/${t.id}/log?after=0&limit=1000`)).json();
    assert.ok(!JSON.stringify(log).includes(ragnarSalt), `the ${whose}'s log API has no allocation`);
    const md = await (await page.request.get(`/api/tables/${t.id}/export?format=md`)).text();
    assert.ok(!md.includes("puts in 5") && !md.includes(ragnarSalt), `the ${whose}'s export has no allocation`);
  }
  await screenshot(ann, "chi-secret-allocated");
  await screenshot(gm, "chi-secret-allocated-gm");

  // Bo keeps 3 of Dirk's dice back for the reaction: hidden from Ann and the GM in turn.
  const keep = await moveForm(bo, "allocate", "Dirk");
  await fill(keep, { spend: 3 });
  await submit(keep);
  await waitLog(bo, "Dirk puts in 3 dice");
  const dirkSalt = await ownSalt(bo, "Dirk");
  for (const [page, whose] of [[gm, "the GM's"], [ann, "Ann's"]]) {
    await page.waitForFunction(() => {
      const state = JSON.parse(document.querySelector("#board .raw-state pre").textContent);
      return state.secret?.seats?.every(s => s.committed);
    }, null, { timeout: 10_000 });
    await assertHidden(page, "Dirk", 3, dirkSalt, whose);
  }
  await assertHidden(bo, "Ragnar", 5, ragnarSalt, "Bo's");

  // Everyone has committed: Ann reveals, and only now does Bo's page show Ragnar's 5.
  await submit(await moveForm(ann, "secret_reveal", "Ragnar"));
  await bo.waitForFunction(() => {
    const state = JSON.parse(document.querySelector("#board .raw-state pre").textContent);
    const seat = state.secret?.seats?.find(s => s.who === "Ragnar");
    return seat && (seat.spend === 5 || seat.revealed === 5 || seat.revealed === true);
  }, null, { timeout: 10_000 });
  await assertHidden(ann, "Dirk", 3, dirkSalt, "Ann's");
  await submit(await moveForm(bo, "secret_reveal", "Dirk"));

  // The GM rolls for everyone at once, with the exact odds first.
  const roll = await moveForm(gm, "secret_roll", "Roll the secret roll");
  const odds = await waitOdds(roll);
  assert.match(odds, /Ragnar beats Dirk/);
  await submit(roll);
  for (const page of [gm, ann, bo]) {
    await page.waitForFunction(() => {
      const state = JSON.parse(document.querySelector("#board .raw-state pre").textContent);
      return !state.secret;
    }, null, { timeout: 10_000 });
  }
  const line = await waitLog(bo, /Ragnar.*(wins|holds|tie)|winner/i);
  assert.ok(await line.locator(".die").count() >= 8, "the roll's 8 dice are drawn");
  // The board keeps every result of the round, the secret one among them, on every page and
  // after a reload: the state holds them (issue 16).
  for (const page of [gm, ann, bo]) {
    const rolls = (await boardState(page)).rolls;
    assert.equal(rolls.length, 1, `one roll this round: ${JSON.stringify(rolls)}`);
    assert.equal(rolls[0].secret, true);
    const shown = page.locator("#board .chi-rolls > li");
    assert.equal(await shown.count(), 1);
    assert.match(await shown.first().innerText(), /Ragnar acts against Dirk \(secret\)/);
  }
  // A second, open action in the same round: both results show, the secret one first.
  await act(gm, "action", "Dirk: act against a Difficulty", { spend: 1, difficulty: 1 });
  for (const page of [gm, ann, bo]) {
    await page.waitForFunction(() => document.querySelectorAll("#board .chi-rolls > li").length === 2, null, { timeout: 10_000 });
  }
  await ann.reload();
  // The reload keeps Ann's phone on the tab she chose last (Moves): she presses Board.
  await showTabOf(ann, "#board");
  await ann.locator("#board .chi-rolls").waitFor();
  const after = await ann.locator("#board .chi-rolls > li").allInnerTexts();
  assert.equal(after.length, 2, "a reload shows the same two results");
  assert.match(after[0], /Ragnar acts against Dirk \(secret\)/);
  assert.match(after[1], /^Dirk put 1 die into an action/);
  assert.match(after[1], /Dirk: (success|failure)/);
  await screenshot(ann, "chi-round-rolls");
  await screenshot(bo, "chi-round-rolls");
  await screenshot(ann, "chi-after-secret-roll");
  await screenshot(gm, "chi-after-secret-roll-gm");
  await assertNoSideScroll(ann, "Chi table (phone)");
  h.assertClean();
});

// The GM calls for an opposed roll of Ragnar's (Ann's) against Dirk (Bo's), off-concept: each
// player is asked for their own character's dice, in words and with the right names (issue 31:
// "Kiko puts in: {...}" in the answer box, the log and both reports, the labels swapped), and
// the report says the action was off-concept and how the roll went.
test("an opposed call reads as words, with each character named right", { timeout: FILE_TIMEOUT }, async () => {
  await submit(await moveForm(gm, "new_round"), { confirm: /^End round \d+ and start round \d+\? / });
  const call = await moveForm(gm, "call", "Call for a roll: Ragnar: act against another character");
  await fill(call, { "command.defender": "Dirk (who chooses its own dice)", "command.actor.fits_concept": false });
  await submit(call);
  const mine = await moveForm(ann, "answer", /^The GM asks: Ragnar: act against another character/);
  const theirs = await moveForm(bo, "answer", /^The GM asks: Ragnar: act against another character/);
  for (const [form, blank, label] of [[mine, "values.actor.spend", "Dice Ragnar puts in"], [theirs, "values.defender.spend", "Dice Dirk puts in (kept back this round)"]]) {
    const text = await form.innerText();
    assert.ok(!text.includes('{"'), `the answer box reads as words: ${text}`);
    assert.match(text, /The GM's call: Dice Ragnar puts in: 1; Fits Ragnar's concept: no; Who reacts, with the dice it kept back: Dirk \(who chooses its own dice\)/);
    assert.equal(await form.locator(`[name="${blank}"]`).count(), 1, `${label}: the player's own blank`);
  }
  await fill(mine, { "values.actor.spend": 2 });
  await submit(mine);
  await fill(theirs, { "values.defender.spend": 1 });
  await submit(theirs);
  const line = await waitLog(gm, /Round \d+, opposed: Ragnar puts 2 dice in \(off-concept, at most 3 \(C2\)\)/);
  assert.match(await line.innerText(), /Dirk puts 1 die in/);
  for (const page of [gm, ann, bo]) {
    const log = (await logTexts(page)).join("\n");
    assert.ok(!log.includes('{"'), "no JSON in the log");
    assert.match(log, /asked: Ragnar: act against another character/);
  }
  const report = await ann.context().newPage();
  await report.goto(`/api/tables/${t.id}/export?format=html`);
  const text = await report.locator("body").innerText();
  assert.ok(!text.includes('{"'), "no JSON in the report");
  assert.match(text, /Ragnar against Dirk: \w+ wins \(2 dice to 1 die, totals \d+ to \d+;( a tie, which goes to the defender;)? Ragnar off-concept, at most 3 dice \(C2\); C3\)/);
  await report.close();
});

// A commitment (64 hex digits) in a log line must wrap inside its column, not push the log
// sideways with the times of those lines out of sight.
test("log lines keep a long hash inside the log's width", {
  timeout: FILE_TIMEOUT,
}, async () => {
  for (const page of [gm, ann, bo]) {
    const { scroll, width } = await page.locator("#log").evaluate(l => ({ scroll: l.scrollWidth, width: l.clientWidth }));
    assert.ok(scroll <= width + 1, `the log is ${scroll} px wide in ${width} px at ${page.viewportSize().width} px`);
  }
});

test("no move any seat is offered asks for JSON", { timeout: FILE_TIMEOUT }, async () => {
  for (const [page, who] of [[gm, "the GM"], [ann, "Ann"], [bo, "Bo"]]) await assertNoJsonField(page, who);
});
