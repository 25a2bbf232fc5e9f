// Freelancer at the table page: characters made with the page's form (JSON sheets, the GM's an
// Encounter Sheet), a task check with its odds, then an event round: the GM starts the event and
// rolls initiative (odds first), and each takes the turn from its own page in the rolled order.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  setup, screenshot, waitLog, tableWith, moveForm, fill, submit, waitOdds, enroll, movesOf,
  assertNoSideScroll, FILE_TIMEOUT, SETUP_TIMEOUT, WAIT,
} from "./harness.mjs";

const ASH = { name: "Ash", level: 1, ap: 3, vocation: "Hoplite", ratings: { ALC: 15, SPD: 1248, LFT: 42, LCK: 12 } };
const TOBIN = { name: "Tobin", level: 1, ap: 3, vocation: "Scout", ratings: { ALC: 0, SPD: 25, LCK: 18 } };
const BANDIT = { name: "Bandit", kind: "encounter", ratings: { ALC: 40, SPD: 300 } };
let h, t, gm, ann, bo;
const refusals = [];

before(async () => {
  h = await setup();
  t = await tableWith(h, "freelancer", [["Ann", "phone"], ["Bo", "desktop"]]);
  ({ gm } = t);
  [ann, bo] = t.players;
}, { timeout: SETUP_TIMEOUT });
after(async () => { await h?.close(); });

test("characters are made with the page's enrolment form", { timeout: FILE_TIMEOUT }, async () => {
  for (const [page, sheet] of [[ann, ASH], [bo, TOBIN], [gm, BANDIT]]) {
    const refusal = await enroll(page, "enroll", JSON.stringify(sheet), { do: "enroll", character: sheet });
    if (refusal) refusals.push(`${sheet.name}: ${refusal}`);
  }
  for (const page of [gm, ann, bo]) for (const name of ["Ash", "Tobin", "Bandit"]) await waitLog(page, `${name} joins`);
  assert.deepEqual(refusals, [], "the enrolment form's command was accepted");
});

test("a task check shows its odds, and everyone sees the d100", { timeout: FILE_TIMEOUT }, async () => {
  const check = await moveForm(ann, "task_check", "Ash: task check");
  // LFT 42 against 70: a difference of 28, so the d100 rolls (F1-F3).
  await fill(check, { rating: "LFT", difficulty: 70 });
  assert.match(await waitOdds(check), /Crit|Botch|success/i);
  await submit(check);
  for (const page of [gm, bo]) {
    const line = await waitLog(page, /Ash: task check, LFT 42 vs 70/);
    await line.locator(".die").first().waitFor();
  }
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
  await submit(await moveForm(gm, "end_event", "End the event"));
  await waitLog(bo, /ambush at the ford/);
  await assertNoSideScroll(ann, "Freelancer table (phone)");
  h.assertClean();
});
