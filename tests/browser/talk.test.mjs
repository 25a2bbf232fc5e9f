// Talk at the table (issue 16, "Talk"): words said reach every page live, a whisper only its two
// seats and the GM (in no other page's HTML at all), a character speaks in character once it is
// made (the talk box learns it live), Enter sends and clears the box.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  setup, screenshot, screenshotOf, tableWith, sendRaw, moveForm, submit, synced, assertNoSideScroll, showTabOf, FILE_TIMEOUT, SETUP_TIMEOUT,
} from "./harness.mjs";

let h, gm, ann, bo;

before(async () => {
  h = await setup();
  const t = await tableWith(h, "chi", [["Ann", "phone"], ["Bo", "desktop"]]);
  ({ gm } = t);
  [ann, bo] = t.players;
}, { timeout: SETUP_TIMEOUT });
after(async () => { await h?.close(); });

/** Says `text` from `page`'s talk box, to `to` and as `as` (option labels), with Enter. */
async function say(page, text, { to, as } = {}) {
  // On a phone the talk is a tab of its own: Ann presses Talk first.
  await showTabOf(page, "#say");
  const form = page.locator("#say");
  if (to) await form.locator("select[name=to]").selectOption({ label: to });
  if (as) await form.locator("select[name=as]").selectOption({ label: as });
  const box = form.locator("textarea[name=text]");
  await box.fill(text);
  await box.press("Enter");
  await page.locator("#talk li").filter({ hasText: text }).waitFor();
  assert.equal(await box.inputValue(), "", "the box is empty once the words are said");
}

/** Waits for a line of talk holding `text` on `page`; returns its text. */
async function heard(page, text) {
  await showTabOf(page, "#talk");
  const line = page.locator("#talk li.talk-line").filter({ hasText: text }).last();
  await line.waitFor();
  return (await line.innerText()).replace(/\s+/g, " ").trim();
}

test("words said reach everyone; a whisper only its two seats and the GM", { timeout: FILE_TIMEOUT }, async () => {
  await say(ann, "Hello, table!");
  for (const page of [gm, bo]) assert.match(await heard(page, "Hello, table!"), /^Ann \d\d:\d\d Hello, table!$/);

  await say(bo, "Ann is the traitor.", { to: "the GM only (a whisper)" });
  assert.match(await heard(gm, "traitor"), /^Bo whispers to you \d\d:\d\d Ann is the traitor\.$/);
  assert.match(await heard(bo, "traitor"), /^Bo whispers to the GM/);
  await say(gm, "Noted, Bo.", { to: "Bo only (a whisper)" });
  assert.match(await heard(bo, "Noted"), /^GM whispers to you/);
  // Ann's page has drawn everything since, and neither whisper is anywhere in it.
  // Who to stays from one line to the next (a whisper's follow-up is not said aloud by mistake),
  // and the button says which it is.
  assert.equal(await gm.locator("#say button[type=submit]").innerText(), "Whisper");
  await say(gm, "Night falls.", { to: "everyone" });
  assert.equal(await gm.locator("#say button[type=submit]").innerText(), "Say");
  await heard(ann, "Night falls.");
  await synced(gm, ann, bo);
  const html = await ann.content();
  for (const words of ["traitor", "Noted, Bo"]) assert.ok(!html.includes(words), `Ann's page holds "${words}"`);
  // The second line stays in the box until sent: Shift+Enter makes a new line.
  const box = ann.locator("#say textarea[name=text]");
  await box.fill("Two");
  await box.press("Shift+Enter");
  await box.pressSequentially("lines");
  await box.press("Enter");
  assert.equal(await heard(bo, "lines"), "Ann " + (await heard(bo, "lines")).split(" ")[1] + " Two\nlines".replace("\n", " "));
});

test("a character made at the table speaks in character", { timeout: FILE_TIMEOUT }, async () => {
  await sendRaw(ann, { do: "enroll", character: { line: "Ragnar, fierce, arrogant, and savage barbarian8" } });
  await submit(await moveForm(gm, "answer", /^Ann asks/));
  // The talk box learns the new character without a reload.
  const as = ann.locator("#say select[name=as] option", { hasText: "Ragnar" });
  await as.waitFor({ state: "attached" });
  await say(ann, "For the north!", { as: "Ragnar" });
  assert.match(await heard(gm, "For the north!"), /^Ragnar \(Ann\) \d\d:\d\d For the north!$/);
  // Who to and as whom stay for the next line.
  assert.equal(await ann.locator("#say select[name=as]").inputValue(), '"Ragnar"');
  await screenshotOf(ann.locator(".talk-section"), "talk");
  await screenshotOf(gm.locator(".talk-section"), "talk");
  await assertNoSideScroll(ann, "Ann's table page with talk");
  await screenshot(ann, "talk-table");
  h.assertClean();
});
