// The session report (issue 16, "A session report worth keeping"): opened from the table at a
// 375 px phone it is no wider than the screen (the story a list, hashes and long words wrapping),
// its parts come in order, and the odds read as percentages with their fractions.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  setup, screenshot, tableWith, sendRaw, synced, waitLog, assertNoSideScroll, FILE_TIMEOUT, SETUP_TIMEOUT,
} from "./harness.mjs";

let h, table, gm, ann;

before(async () => {
  h = await setup();
  table = await tableWith(h, "chi", [["Ann", "phone"]]);
  ({ gm } = table);
  [ann] = table.players;
}, { timeout: SETUP_TIMEOUT });
after(async () => { await h?.close(); });

test("the HTML report fits a 375 px phone and keeps its parts in order", { timeout: FILE_TIMEOUT }, async () => {
  await sendRaw(gm, { do: "table_options", players_set_gm_numbers: true });
  await sendRaw(ann, { do: "enroll", character: { line: "Ragnar, fierce, arrogant, and savage barbarian8" } });
  await waitLog(ann, "Ragnar");
  await sendRaw(ann, { do: "action", who: "Ragnar", spend: 2, difficulty: 2 });
  await sendRaw(ann, { do: "contribute_seed", seed: "a-seed-with-no-spaces-that-runs-on-and-on-past-any-phone-screen-width" });
  await sendRaw(ann, { do: "say", text: "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaargh!", as: "Ragnar" });
  await sendRaw(gm, { do: "end_epoch" });
  await synced(gm, ann);

  const report = await ann.context().newPage();
  await report.goto(`/api/tables/${table.id}/export?format=html`);
  const headings = await report.locator("h1, h2").allInnerTexts();
  assert.deepEqual(headings.slice(1), ["Summary", "The story", "Appendix: checking the dice"]);
  assert.match(await report.locator("section.episode h3").first().innerText(), /^Round 1$/);
  assert.match(await report.locator(".odds").first().innerText(),
    /^odds before the roll: Success \d+\.\d% \(\d+\/\d+\), Failure \d+\.\d% \(\d+\/\d+\)/);
  assert.match(await report.locator("ol.story li").filter({ hasText: "argh" }).innerText(), /Ragnar \(Ann\): “?Aaaa/);
  assert.equal(await report.locator("table").count(), 0, "no table to be wider than the screen");
  await assertNoSideScroll(report, "the session report at 375 px");
  const widest = await report.evaluate(() => Math.max(...[...document.querySelectorAll("body *")].map(e => e.getBoundingClientRect().right)));
  assert.ok(widest <= 375, `nothing reaches past the screen's edge (the widest ends at ${widest} px)`);
  await screenshot(report, "report");
  h.assertClean();
});
