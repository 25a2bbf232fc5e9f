// Freelancer at the table page: characters made with the builders, no JSON typed (a player's PCs
// through "Create a character", every rating spelled out with a typical value beside it; the GM's
// Encounter Sheet through its own builder), a slip shown beside its blank before anything is sent,
// each player's stats confirmed by the GM (F8); a player's task check waiting for the GM's
// difficulty, the GM adding an adjustment while answering, and a plain chance the GM calls for, each
// with its odds; a request the GM declines with a reason the player reads; an opposed check that
// asks the other player before anything is rolled; a stat formula set by the GM; then an event
// round: the GM starts the event and rolls initiative (odds first), and each takes the turn from its
// own page in the rolled order, and the event's end asks first.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  setup, screenshot, screenshotOf, waitLog, tableWith, moveForm, fill, fillList, submit, waitOdds, movesOf, boardState,
  assertNoSideScroll, assertNoJsonField, showTabOf, waitFieldError, FILE_TIMEOUT, SETUP_TIMEOUT, WAIT,
} from "./harness.mjs";

const ASH = { name: "Ash", level: 1, ap: 3, vocation: "Hoplite", ratings: { ALC: 15, SPD: 1248, LFT: 42, LCK: 12 } };
const TOBIN = { name: "Tobin", level: 1, ap: 3, vocation: "Scout", ratings: { ALC: 0, SPD: 25, LCK: 18 } };
const BANDIT = { name: "Bandit", ratings: { ALC: 40, SPD: 300 } };
let h, t, gm, ann, bo;

before(async () => {
  h = await setup();
  t = await tableWith(h, "freelancer", [["Ann", "phone"], ["Bo", "desktop"]]);
  ({ gm } = t);
  [ann, bo] = t.players;
}, { timeout: SETUP_TIMEOUT });
after(async () => { await h?.close(); });

/** A builder's blanks for `sheet`: the name, then whatever of level, AP, vocation and ratings it has. */
function blanks(sheet) {
  const values = { "character.name": sheet.name };
  for (const key of ["level", "ap", "vocation"]) if (sheet[key] !== undefined) values[`character.${key}`] = sheet[key];
  for (const [rating, value] of Object.entries(sheet.ratings)) values[`character.ratings.${rating}`] = String(value);
  return values;
}

test("characters are made with the builders, no JSON typed", { timeout: FILE_TIMEOUT }, async () => {
  // Ann makes Ash on a phone, each rating labelled as the book spells it out.
  const count = { fields: 0, clicks: 0 };
  const form = await moveForm(ann, "enroll", "Create a character");
  assert.equal(await form.locator("textarea").count(), 0, "no JSON box");
  const might = form.locator(".field", { has: ann.locator('[name="character.ratings.MIT"]') });
  assert.match(await might.innerText(), /Might \(MIT\)[\s\S]*Outward strength/);
  // Where the book gives no scale, a typical value beside the number (docs/decisions.md).
  assert.match(await might.innerText(), /Typical for a new character: 5 to 40 \(Skald's guide; the book gives no scale\)/);
  const ap = form.locator(".field", { has: ann.locator('[name="character.ap"]') });
  assert.match(await ap.innerText(), /Typical for a new character: 1 for each level it starts at/);
  const values = blanks(ASH);
  await fill(form, values);
  count.fields += Object.keys(values).length;
  await fillList(form, "character.abilities", [{ name: "Shield Wall", path: "Hoplite" }], count);
  // A slip: Might typed as a word is refused beside its blank before anything is sent.
  await fill(form, { "character.ratings.MIT": "strong" });
  // The refusal of the latest values: a check answered while the name was typed ("Name is empty")
  // may show first on a busy machine (a CI run three files at a time, stop 45).
  const mightSlip = /^Might \(MIT\) is "strong", but it must be a whole number 0 to 10\^30/;
  assert.match(await waitFieldError(form, mightSlip), mightSlip);
  assert.equal(await form.locator('[name="character.ratings.MIT"]').getAttribute("aria-invalid"), "true");
  await fill(form, { "character.ratings.MIT": "12" });
  count.fields++;
  await ann.waitForFunction(f => !f.querySelector(".field-error"), await form.elementHandle(), { timeout: WAIT });
  await screenshot(ann, "freelancer-builder");
  await assertNoSideScroll(ann, "Freelancer builder (phone)");
  await submit(form);
  count.clicks++;
  console.log(`# Freelancer character through the builder: ${count.fields} fields, ${count.clicks} clicks`);
  // F8: stats, level and AP are the GM's numbers: the GM's answer starts at Ann's and confirms them.
  const stats = await moveForm(gm, "answer", /^Ann asks: /);
  assert.equal(await stats.locator('[name="values.character.ratings.SPD"]').inputValue(), "1248");
  await submit(stats);

  const tobin = await moveForm(bo, "enroll", "Create a character");
  await fill(tobin, blanks(TOBIN));
  await submit(tobin);
  await submit(await moveForm(gm, "answer", /^Bo asks: /));
  // The GM's bandit is an Encounter Sheet: a name and ratings, nothing else.
  const bandit = await moveForm(gm, "enroll", "Make an Encounter Sheet");
  assert.equal(await bandit.locator('[name="character.level"]').count(), 0, "an Encounter Sheet has no level");
  await fill(bandit, blanks(BANDIT));
  await submit(bandit);
  for (const page of [gm, ann, bo]) for (const name of ["Ash", "Tobin", "Bandit"]) await waitLog(page, `${name} joins`);
  const state = await boardState(gm);
  assert.deepEqual(state.characters.Ash.attributes, { ALC: 15, LCK: 12, MIT: 12 });
  assert.equal(state.characters.Ash.stats.SPD.value, 1248);
  assert.deepEqual(state.characters.Ash.abilities, [{ name: "Shield Wall", path: "Hoplite" }]);
  assert.equal(state.characters.Bandit.kind, "encounter");
});

test("a player's task check waits for the GM's difficulty; odds on both sides, the d100 for everyone", { timeout: FILE_TIMEOUT }, async () => {
  const check = await moveForm(ann, "task_check", "Ash: task check");
  // LFT 42 at one arm, 21: Ann proposes 70; the GM keeps the adjustment and says 60 (F1-F4).
  await fill(check, { rating: "LFT", difficulty: "70" });
  await fillList(check, "adjust", [{ factor: "1/2", reason: "one arm" }]);
  assert.match(await waitOdds(check), /Crit|Botch|success/i);
  await submit(check);
  const answer = await moveForm(gm, "answer", /^Ann asks: Ash: task check/);
  // The top of the GM's page says a request waits (on a phone the moves are far below).
  assert.match(await gm.locator("#waiting").innerText(), /^Ann asks you: Ash: task check/);
  assert.match(await gm.title(), /^\(Your answer\) /);
  assert.match(await answer.locator(".note").innerText(), /^Proposed: Rating: Lifting Power \(LFT\) 42; Difficulty: 70;/);
  assert.equal(await answer.locator('[name="values.difficulty"]').inputValue(), "70", "the answer starts at Ann's number");
  // Ann's adjustment starts filled in, to keep, change or remove; the GM adds one (the book's GM
  // adjusts ratings: the arm wrestlers' halved LFT).
  const proposed = answer.locator('fieldset[data-field="values.adjust"] > .entries > .entry');
  assert.equal(await proposed.count(), 1);
  assert.equal(await proposed.first().locator('[name="factor"]').inputValue(), "1/2");
  assert.equal(await proposed.first().locator('[name="reason"]').inputValue(), "one arm");
  await fillList(answer, "values.adjust", [{ factor: "1/2", reason: "one arm" }, { factor: "3/2", reason: "adrenaline" }]);
  await screenshotOf(answer, "freelancer-gm-answer");
  await screenshotOf(gm.locator("header"), "freelancer-gm-header");
  await fill(answer, { "values.difficulty": "60" });
  assert.match(await waitOdds(answer), /Crit|Botch|success/i);
  await submit(answer);
  for (const page of [gm, ann, bo]) {
    const line = await waitLog(page, /Ash: task check, LFT 42 x 1\/2 \(one arm\) = 21 x 3\/2 \(adrenaline\) = 31 vs 60/);
    // On a phone the log may be a tab not shown: the dice need only be drawn in it.
    await line.locator(".die").first().waitFor({ state: "attached" });
    // The chances in the log have their percentages.
    assert.match(await line.innerText(), /chance of success \d+\.\d% \(\d+\/\d+\), of a Botch 5\.0% \(1\/20\)/);
  }
  // The log says whose request the GM answered and what it asked, in words.
  await waitLog(ann, "answered Ann's request: Ash: task check");
  await waitLog(ann, "Adjustments: 1/2 one arm, 3/2 adrenaline");
});

test("a declined request tells the player why; nothing is rolled", { timeout: FILE_TIMEOUT }, async () => {
  const check = await moveForm(ann, "task_check", "Ash: task check");
  await fill(check, { rating: "LFT", difficulty: "5", against: "the portcullis" });
  await submit(check);
  const decline = await moveForm(gm, "withdraw", /^Decline Ann's request: Ash: task check/);
  await fill(decline, { reason: "The portcullis is rusted shut: ask again with a lever." });
  await submit(decline);
  for (const page of [ann, bo]) {
    const line = await waitLog(page, /declined Ann's request: Ash: task check/);
    assert.match(await line.innerText(), /why: The portcullis is rusted shut: ask again with a lever\.[\s\S]*nothing rolled/);
    assert.equal(await line.locator(".die").count(), 0, "nothing rolled");
  }
});

test("an opposed check against another player's character asks her first", { timeout: FILE_TIMEOUT }, async () => {
  const before = (await boardState(gm)).checks;
  const opposed = await moveForm(ann, "opposed_check", "Opposed check");
  await fill(opposed, { a: "Ash: Lifting Power (LFT) 42", b: "Tobin: Luck (LCK) 18", against: "arm wrestling" });
  await submit(opposed);
  // Bo is asked (the book's friend agrees), with the odds and nothing to set; the GM answers the
  // adjustments. Nothing is rolled until both have answered.
  const asked = await moveForm(bo, "answer", /^Ann asks: Opposed check/);
  assert.equal(await asked.locator("input, select, textarea").count(), 0, "nothing for Bo to set");
  assert.match(await waitOdds(asked), /Ash wins/);
  assert.match(await asked.locator(".note").innerText(), /Against: Tobin: Luck \(LCK\) 18/);
  await moveForm(bo, "withdraw", /^Decline Ann's request: Opposed check/);
  await submit(await moveForm(gm, "answer", /^Ann asks: Opposed check/));
  await waitLog(bo, "answered Ann's request: Opposed check");
  assert.equal((await boardState(gm)).checks, before, "not rolled before Bo answers");
  await submit(await moveForm(bo, "answer", /^Ann asks: Opposed check/));
  for (const page of [gm, ann, bo]) await waitLog(page, /Opposed check \(arm wrestling\), roll under \(F4\): Ash LFT 42 vs Tobin LCK 18/);
  assert.equal((await boardState(gm)).checks, before + 1);
});

test("the GM calls for a plain chance: the player sees the odds and rolls", { timeout: FILE_TIMEOUT }, async () => {
  const call = await moveForm(gm, "call", "Call for a roll: Ash: plain chance");
  await fill(call, { "command.chance": 40, "command.against": "the rope bridge" });
  await submit(call);
  const answer = await moveForm(ann, "answer", /^The GM asks: Ash: plain chance/);
  assert.equal(await answer.locator("input, select, textarea").count(), 0, "nothing for Ann to set");
  assert.match(await waitOdds(answer), /40%|2\/5/);
  await screenshotOf(answer, "freelancer-called-roll");
  await screenshotOf(ann.locator("header"), "freelancer-player-header");
  await assertNoSideScroll(ann, "a roll the GM calls for (phone)");
  await submit(answer);
  for (const page of [gm, bo]) {
    const line = await waitLog(page, /rope bridge/);
    // On a phone the log may be a tab not shown: the dice need only be drawn in it.
    await line.locator(".die").first().waitFor({ state: "attached" });
  }
});

test("the GM sets a stat formula at the table", { timeout: FILE_TIMEOUT }, async () => {
  const form = await moveForm(gm, "set_formula", "Set a stat formula");
  await fill(form, { stat: "HP", formula: "VIG * 10 + MRL + LCK" });
  await submit(form);
  await waitLog(ann, /Health Points \(HP\) now comes from the table's formula VIG \* 10 \+ MRL \+ LCK/);
  // A formula naming what does not affect the stat is refused beside its blank.
  const again = await moveForm(gm, "set_formula", "Set a stat formula");
  await fill(again, { stat: "HP", formula: "MIT + VIG" });
  const slip = /names MIT at character 1, and HP is affected by VIG MRL LCK only/;
  assert.match(await waitFieldError(again, slip), slip);
  assert.equal((await boardState(gm)).formulas.HP, "VIG * 10 + MRL + LCK");
});

test("an event round: start, initiative, everyone acts in turn", { timeout: FILE_TIMEOUT }, async () => {
  const start = await moveForm(gm, "start_event", "Start an event");
  await fill(start, { name: "ambush at the ford", who: ["Ash", "Tobin", "Bandit"] });
  await submit(start);
  for (const page of [ann, bo]) await waitLog(page, "ambush at the ford");

  const initiative = await moveForm(gm, "initiative", /Roll initiative for round 1/);
  const odds = await waitOdds(initiative);
  for (const name of ["Ash", "Tobin", "Bandit"]) assert.match(odds, new RegExp(`${name} goes first`));
  await submit(initiative);
  const rolled = await waitLog(ann, /Round 1 initiative/);
  assert.ok(await rolled.locator(".die").count() >= 3, "each participant's d100 is drawn");

  // Each turn is taken on the page of whoever's turn it is: the players' own, the GM's for the Bandit.
  const seats = [[ann, "Ash"], [bo, "Tobin"], [gm, "Bandit"]];
  const acted = [];
  for (let turn = 0; turn < 8; turn++) {
    let next = null;
    const deadline = Date.now() + WAIT;
    while (!next && Date.now() < deadline) {
      for (const [page, name] of seats) {
        const moves = await movesOf(page, t.id);
        if (moves.some(m => m.command.do === "act" && m.command.who === name)) { next = [page, name]; break; }
      }
      if (!next && (await movesOf(gm, t.id)).some(m => m.command.do === "initiative")) break;
    }
    if (!next) break;
    const [page, name] = next;
    const form = await moveForm(page, "act", `${name}: take the turn`);
    await fill(form, { what: `${name} strikes` });
    await submit(form);
    for (const [other] of seats) await waitLog(other, `${name} strikes`);
    acted.push(name);
    if (turn === 0) await screenshot(ann, "freelancer-event");
  }
  assert.deepEqual([...acted].sort(), ["Ash", "Bandit", "Tobin"], `each took its turn once: ${acted}`);
  // The round is over: the GM may roll the next one, or end the event.
  await moveForm(gm, "initiative", /Roll initiative for round 2/);
  await screenshot(gm, "freelancer-round-over-gm");
  await screenshot(ann, "freelancer-round-over");
  await submit(await moveForm(gm, "end_event", "End the event"), { confirm: 'End the event "ambush at the ford"? No more rounds are played in it.' });
  await waitLog(bo, /ambush at the ford/);
  await assertNoSideScroll(ann, "Freelancer table (phone)");
  h.assertClean();
});

// The testers' case (issue 16): a turn divided into 2 Full Actions, of which the GM takes 1. The
// other is lost, as the book has it (F5: both actions come at the divided turn; F7), but now the
// form says so beside the choice, asks before sending, and the log and the board name the loss.
test("a divided turn warns before it loses a Full Action", { timeout: FILE_TIMEOUT }, async () => {
  const start = await moveForm(gm, "start_event", "Start an event");
  await fill(start, { name: "the chase", who: ["Ash", "Tobin"] });
  await submit(start);
  await submit(await moveForm(gm, "initiative", /Roll initiative for round 1/));
  await waitLog(ann, /Round 1 initiative/);
  // Ash's turn has four digits (SPD 1248), Tobin's at most three: Ann divides it in two.
  const divide = await moveForm(ann, "divide", "Ash: divide the turn");
  await fill(divide, { actions: 2 });
  await submit(divide);
  await waitLog(gm, /Ash divides turn \d+ into 2 Full Actions/);

  const take = await moveForm(gm, "act", "Ash: take the turn");
  await fill(take, { full: 1, what: "vaults the cart" });
  const help = take.locator(".choice-help");
  await help.waitFor({ timeout: WAIT });
  assert.equal(await help.innerText(), "The turn ends with it: 1 Full Action of Ash's 2 is lost, not kept for later (F5, F7).");
  const question = "End Ash's turn after 1 of its 2 Full Actions? The other 1 is lost: a divided turn's actions do not wait for a later turn.";
  // Cancelled, nothing is sent: it is still Ash's turn.
  await submit(take, { confirm: question, cancel: true });
  assert.equal((await boardState(gm)).event.whose_turn.who, "Ash");
  await submit(await moveForm(gm, "act", "Ash: take the turn").then(async f => { await fill(f, { full: 1, what: "vaults the cart" }); return f; }), { confirm: question });
  for (const page of [gm, ann, bo]) {
    await waitLog(page, /Ash takes turn \d+: 1 Full Action, 0 Empty Actions: vaults the cart; 1 of its 2 Full Actions not taken, lost with the turn \(F5, F7\)\./);
  }
  await showTabOf(ann, "#board");
  const slot = ann.locator("#board .fl-order li").first();
  await slot.locator(".fl-lost").waitFor({ timeout: WAIT });
  assert.match(await slot.innerText(), /1 Full Action, 0 Empty Actions: vaults the cart; 1 Full Action lost/);
  assert.equal((await boardState(ann)).event.order[0].taken.lost, 1);
  await screenshot(ann, "freelancer-divided-turn");
  await screenshot(gm, "freelancer-divided-turn");
  await assertNoSideScroll(ann, "Freelancer divided turn (phone)");

  await submit(await moveForm(gm, "end_event", "End the event"), { confirm: 'End the event "the chase"? The turns left in round 1 are lost (Tobin).' });
  await waitLog(bo, /The event the chase ends/);
  h.assertClean();
});

test("no move any seat is offered asks for JSON", { timeout: FILE_TIMEOUT }, async () => {
  for (const [page, who] of [[gm, "the GM"], [ann, "Ann"], [bo, "Bo"]]) await assertNoJsonField(page, who);
});
