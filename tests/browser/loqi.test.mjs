// Loqi at the table page: characters made with the page's form (a JSON sheet), then a problem from
// its introduction to the d12: both outcomes proposed, a trait on the tally, an influence bid from
// each player (one for, one against), the odds shown before each entry and before the roll.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  setup, screenshot, waitLog, tableWith, moveForm, fill, submit, waitOdds, enroll, boardState,
  assertNoSideScroll, FILE_TIMEOUT, SETUP_TIMEOUT,
} from "./harness.mjs";

const TIRAN = { name: "Tiran", influence: 10, traits: [{ name: "Swordsman", rating: 3 }, { name: "Hot-headed", rating: 2, harmful: true }] };
const AYLA = { name: "Ayla", influence: 6, traits: [{ name: "Archer", rating: 3 }] };
let h, gm, ann, bo;
const refusals = [];

before(async () => {
  h = await setup();
  const t = await tableWith(h, "loqi", [["Ann", "desktop"], ["Bo", "phone"]]);
  ({ gm } = t);
  [ann, bo] = t.players;
}, { timeout: SETUP_TIMEOUT });
after(async () => { await h?.close(); });

test("each player makes a character with the page's enrolment form", { timeout: FILE_TIMEOUT }, async () => {
  for (const [page, sheet] of [[ann, TIRAN], [bo, AYLA]]) {
    const refusal = await enroll(page, "enroll", JSON.stringify(sheet, null, 1), { do: "enroll", character: sheet });
    if (refusal) refusals.push(`${sheet.name}: ${refusal}`);
  }
  for (const page of [gm, ann, bo]) {
    await waitLog(page, /Tiran joins/);
    await waitLog(page, /Ayla joins/);
  }
  assert.deepEqual(refusals, [], "the enrolment form's command was accepted");
});

test("a problem with an influence bid, to the d12", { timeout: FILE_TIMEOUT }, async () => {
  const introduce = await moveForm(gm, "introduce_problem", /^Introduce a problem$/);
  await fill(introduce, { scale: "scene", description: "Bandits hold the bridge", responders: ["Tiran"] });
  await submit(introduce);
  for (const page of [ann, bo]) await waitLog(page, "Bandits hold the bridge");

  // Tiran's player answers "what happens?", then the GM.
  const mine = await moveForm(ann, "propose_outcome", "Propose the player's outcome");
  await fill(mine, { by: "Tiran", description: "Tiran scatters them", impact: 3 });
  await submit(mine);
  const theirs = await moveForm(gm, "propose_outcome", "Propose the GM's outcome");
  await fill(theirs, { description: "They take a heavy toll", impact: -3 });
  await submit(theirs);
  await waitLog(bo, "They take a heavy toll");

  // Tiran's Swordsman goes along with his outcome: the odds say what the roll would be with it.
  const trait = await moveForm(ann, "add_trait", "Add Tiran's trait");
  await fill(trait, { trait: "Swordsman", outcome: "player", along: true, by: "Tiran", reason: "he is a swordsman" });
  assert.match(await waitOdds(trait), /player's outcome/);
  await submit(trait);

  // The bid: Tiran pays 3 for his outcome, Ayla 2 for the GM's (L5); each sees the other's live.
  const bid = await moveForm(ann, "spend_influence", "Tiran: spend influence");
  await fill(bid, { outcome: "player", points: 3, reason: "for the bridge" });
  const before = await waitOdds(bid);
  await submit(bid);
  await waitLog(bo, /Tiran spends 3 influence/);
  const counter = await moveForm(bo, "spend_influence", "Ayla: spend influence");
  await fill(counter, { outcome: "gm", points: 2, reason: "not so fast" });
  const after = await waitOdds(counter);
  assert.notEqual(after, before, "the odds moved with the bid");
  await submit(counter);
  await waitLog(ann, /Ayla spends 2 influence/);
  await waitLog(gm, /Ayla spends 2 influence/);
  await screenshot(bo, "loqi-bidding");
  await screenshot(gm, "loqi-bidding-gm");

  // The GM rolls the d12, with the exact chances first.
  const resolve = await moveForm(gm, "resolve", "Roll the d12");
  const odds = await waitOdds(resolve);
  assert.match(odds, /\d+\/12|\b1\b/, "the d12's chances are in twelfths (or certain)");
  await submit(resolve);
  for (const page of [gm, ann, bo]) {
    const line = await waitLog(page, /d12 rolled|is certain|selected/);
    if (/d12 rolled/.test(await line.innerText())) assert.ok(await line.locator(".die").count() >= 1, "the d12 is drawn");
  }
  const state = await boardState(ann);
  const tiran = (state.characters || []).find?.(c => c.name === "Tiran") ?? state.characters?.Tiran;
  assert.equal(tiran?.influence, 7, "Tiran paid 3 of 10 influence");
  await screenshot(ann, "loqi-resolved");
  await screenshot(bo, "loqi-resolved");
  await assertNoSideScroll(bo, "Loqi table (phone)");
  h.assertClean();
});
