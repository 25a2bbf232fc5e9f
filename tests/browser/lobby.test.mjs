// The lobby, seats and the live table, for every system at phone and desktop size: a GM creates a
// table, a player in another browser context joins with the invite, each sees the other's dice
// live; the pages reconnect by themselves when the server restarts; the lobby works with the
// keyboard alone; coming back: the lobby lists this browser's tables, an invite opened where the
// browser sits goes to its seat, the GM link downloads as a file.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import {
  setup, screenshot, waitLive, waitStatus, waitLog, assertNoSideScroll, createTable, goToTable, join,
  moveForm, fill, submit, waitOdds, screenshotOf, FILE_TIMEOUT, SETUP_TIMEOUT, showTabOf, WAIT, systems,
} from "./harness.mjs";

/** Every system the binary plays (the registry's, through `skald systems --json`). */
const SYSTEMS = systems().map(s => s.name);
let h;

before(async () => { h = await setup(); }, { timeout: SETUP_TIMEOUT });
after(async () => { await h?.close(); });

/** Rolls `notation` for `label` with the dice tool of `page`. */
async function roll(page, notation, label) {
  const form = await moveForm(page, "roll", "Roll dice");
  await fill(form, { notation, label });
  await submit(form);
}

/** The dice drawn in the log line for `label` on `page` (waiting for the line to arrive). */
async function diceShown(page, label) {
  const line = await waitLog(page, `rolled for ${label}`);
  return line.locator(".dice .die").count();
}

for (const size of ["desktop", "phone"]) {
  test(`each system at ${size} size: create, invite, join, both live`, { timeout: FILE_TIMEOUT }, async () => {
    for (const [n, system] of SYSTEMS.entries()) {
      const gm = await h.page(size);
      if (n === 0) {
        await gm.goto("/");
        await assertNoSideScroll(gm, "lobby");
      }
      const table = await createTable(gm, system, `The ${system} night`, { lobbyShot: n === 0, createdShot: true });
      // The created page: both links, each a link to this server, and a copy button that works.
      assert.match(table.gmLink, new RegExp(`^${h.url}/t/${table.id}/enter\\?token=[\\w-]{43}$`));
      assert.match(table.inviteLink, new RegExp(`^${h.url}/t/${table.id}/join\\?invite=[\\w-]+$`));
      await assertNoSideScroll(gm, `created page (${system})`);
      await gm.locator("[data-copy=invite-link]").click();
      await gm.getByRole("button", { name: "Copied" }).waitFor();

      await goToTable(gm);
      await assert.doesNotReject(waitLog(gm, `created the ${system} table`));
      assert.match(await gm.locator(".table-head .who").innerText(), /you are the GM/);

      const player = await h.page(size);
      await join(player, table.inviteLink, "Ann", { shot: `join-${system}` });
      await assertNoSideScroll(player, `join page (${system})`);
      assert.match(await player.locator(".table-head .who").innerText(), /you are Ann/);
      assert.ok(!player.url().includes("invite="), "the invite leaves the address bar");
      // The GM hears of the new seat without reloading.
      await waitLog(gm, "took seat");

      // The player opens the board's whole state: it stays open when the board is drawn anew.
      await player.locator("#board details.raw-state > summary").click();
      // Each sees the other's dice, drawn as dice, without reloading.
      await roll(gm, "2d6", `gm-${system}`);
      assert.equal(await diceShown(player, `gm-${system}`), 2, "the player sees the GM's 2d6 as two dice");
      assert.equal(await diceShown(gm, `gm-${system}`), 2, "the GM sees its own 2d6 as two dice");
      assert.ok(await player.locator("#board details.raw-state").evaluate(d => d.open), "the opened state stays open after a live update");
      await roll(player, "2d6", `ann-${system}`);
      assert.equal(await diceShown(gm, `ann-${system}`), 2, "the GM sees Ann's 2d6 as two dice");
      const line = await waitLog(gm, `ann-${system}`);
      assert.equal(await line.locator(".who").innerText(), "Ann");

      await screenshot(gm, `table-gm-${system}`);
      await screenshot(player, `table-player-${system}`);
      await assertNoSideScroll(gm, `GM's table page (${system})`);
      await assertNoSideScroll(player, `player's table page (${system})`);

      // The GM link works from any browser, and leaves the address bar; a stranger gets an error page.
      const elsewhere = await h.page(size);
      await elsewhere.goto(table.gmLink);
      await elsewhere.waitForURL(new RegExp(`/t/${table.id}$`));
      await waitLive(elsewhere);
      assert.match(await elsewhere.locator(".table-head .who").innerText(), /you are the GM/);
      const stranger = await h.page(size);
      const response = await stranger.goto(`/t/${table.id}`);
      assert.equal(response.status(), 401);
      await stranger.getByText("This browser has no seat at this table.").waitFor();
      if (n === 0) await screenshot(stranger, "error-not-seated");
      for (const page of [gm, player, elsewhere, stranger]) await page.context().close();
    }
    h.assertClean();
  });
}

test("the pages reconnect by themselves when the server restarts", { timeout: FILE_TIMEOUT }, async () => {
  const gm = await h.page("desktop");
  const table = await createTable(gm, "chi", "Restart");
  await goToTable(gm);
  const player = await h.page("phone");
  await join(player, table.inviteLink, "Bo");
  await roll(gm, "1d6", "before");
  await waitLog(player, "rolled for before");

  const port = h.server.port;
  await h.server.stop();
  for (const page of [gm, player]) await waitStatus(page, /connection lost/);
  await screenshot(player, "table-connection-lost");
  await h.server.start();
  assert.equal(h.server.port, port, "the server came back on the same port");
  for (const page of [gm, player]) assert.match(await waitStatus(page, /reconnected/), /reconnected/);

  // Still live both ways, with no reload.
  await roll(gm, "2d6", "after-gm");
  assert.equal(await diceShown(player, "after-gm"), 2);
  await roll(player, "2d6", "after-bo");
  assert.equal(await diceShown(gm, "after-bo"), 2);
  // Nothing was shown twice (catch-up after the reconnect is by seq).
  const seqs = await gm.locator("#log li.log-line").evaluateAll(ls => ls.map(l => l.dataset.seq));
  assert.equal(new Set(seqs).size, seqs.length, `every log line once: ${seqs}`);
  await gm.context().close();
  await player.context().close();
  h.assertClean();
});

test("the lobby form works with the keyboard alone", { timeout: FILE_TIMEOUT }, async () => {
  const page = await h.page("desktop");
  await page.goto("/");
  const focused = () => page.evaluate(() => {
    const e = document.activeElement;
    return { tag: e.tagName, name: e.getAttribute("name") || "", type: e.type || "", value: e.value || "", text: e.textContent.trim(), outline: getComputedStyle(e).outlineStyle };
  });
  /** Presses Tab until `wanted` holds for the focused element (at most 30 times). */
  async function tabTo(wanted, what) {
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      const f = await focused();
      if (wanted(f)) return f;
    }
    assert.fail(`Tab never reached ${what}`);
  }
  const title = await tabTo(f => f.name === "title", "the title");
  assert.notEqual(title.outline, "none", "the focused field shows its focus");
  await page.keyboard.type("Typed with keys");
  // Into the radio group (the checked one takes the focus), then the arrow picks the next game.
  const radio = await tabTo(f => f.name === "system", "the games");
  assert.equal(radio.value, "twenty");
  await page.keyboard.press("ArrowRight");
  assert.equal((await focused()).value, "loqi");
  assert.equal(await page.locator("input[name=system]:checked").getAttribute("value"), "loqi");
  assert.ok(await page.locator("[data-options-for=loqi]").isVisible(), "Loqi's options show");
  // Space ticks the first of Loqi's options that is not ticked yet.
  const box = await tabTo(f => f.type === "checkbox" && f.name === "opt_strength", "Loqi's strength option");
  assert.equal(box.name, "opt_strength");
  await page.keyboard.press("Space");
  assert.ok(await page.locator("input[name=opt_strength]").isChecked());
  await tabTo(f => f.tag === "BUTTON" && f.text === "Create the table", "the submit button");
  await screenshot(page, "lobby-keyboard");
  await page.keyboard.press("Enter");
  await page.locator("#gm-link").waitFor();
  const id = new URL(await page.locator("#gm-link").inputValue()).pathname.split("/")[2];
  const summary = await (await page.request.get(`/api/tables/${id}`)).json();
  assert.equal(summary.system, "loqi");
  assert.equal(summary.title, "Typed with keys");
  assert.equal(summary.options.strength, true, "the option ticked with Space was sent");
  // The rest by keyboard too: Tab to "Go to the table", Enter.
  await tabTo(f => f.tag === "A" && f.text === "Go to the table", "the table link");
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/t/${id}$`));
  await waitLive(page);
  await page.context().close();
  h.assertClean();
});

// Issue 16, part 4: the free roller shows its notation's exact odds before rolling, a notation
// too big to list says so, and a ruling's code opens the rules page at its statement (by keyboard).
for (const size of ["desktop", "phone"]) {
  test(`the free roller shows its odds and a rule code opens its rules page (${size})`, { timeout: FILE_TIMEOUT }, async () => {
    const gm = await h.page(size);
    await createTable(gm, "twenty", "Odds and rules");
    await goToTable(gm);
    const form = await moveForm(gm, "roll", "Roll dice");
    await fill(form, { notation: "2d6" });
    const text = await waitOdds(form);
    assert.match(text, /2d6: 2 to 12, mean 7\. The chance of each total:/);
    const chances = await form.locator(".odds-box .chance").evaluateAll(rows => rows.map(r =>
      `${r.querySelector(".chance-label").textContent.trim()}: ${r.querySelector(".chance-p").textContent.replace(/\s+/g, " ").trim()}`));
    assert.deepEqual(chances, [
      "2: 2.8% 1/36", "3: 5.6% 1/18", "4: 8.3% 1/12", "5: 11.1% 1/9", "6: 13.9% 5/36", "7: 16.7% 1/6",
      "8: 13.9% 5/36", "9: 11.1% 1/9", "10: 8.3% 1/12", "11: 5.6% 1/18", "12: 2.8% 1/36",
    ]);
    await screenshotOf(form, "roller-odds");
    await assertNoSideScroll(gm, "table page with the roller's odds");
    await fill(form, { notation: "1000d6" });
    const refused = form.locator(".odds .odds-refused");
    await refused.waitFor({ timeout: 10_000 });
    assert.match(await refused.innerText(), /^Too big to work out exactly here: 1000d6 has at least 5001 possible totals, and this roller lists at most 1000\./);
    await screenshotOf(form, "roller-too-big");
    await assertNoSideScroll(gm, "table page with the roller's refusal");

    // A code a move cites, reached with the keyboard, opens its statement in a new tab: a line of
    // talk half typed on the table's page is still there (issue 16).
    await showTabOf(gm, "#say");
    await gm.locator("#say textarea[name=text]").fill("Wait, what does the book say about");
    const link = gm.locator("#moves a.rule-link").first();
    await showTabOf(gm, "#moves a.rule-link");
    const href = await link.getAttribute("href");
    assert.match(href, /^\/rules\/twenty#T\d+$/);
    assert.deepEqual([await link.getAttribute("target"), await link.getAttribute("title")], ["_blank", "opens in a new tab"]);
    const code = href.split("#")[1];
    await link.evaluate(a => { for (let d = a.closest("details"); d; d = d.parentElement.closest("details")) d.open = true; });
    await link.focus();
    const [rules] = await Promise.all([gm.context().waitForEvent("page"), gm.keyboard.press("Enter")]);
    await rules.waitForURL(new RegExp(`/rules/twenty#${code}$`));
    assert.match(gm.url(), /\/t\/[^/]+$/, "the table's page stays where it was");
    assert.equal(await gm.locator("#say textarea[name=text]").inputValue(), "Wait, what does the book say about");
    const target = rules.locator(".ruling:target");
    assert.equal(await target.getAttribute("id"), code);
    assert.match(await target.locator("h3").innerText(), new RegExp(`^${code} \\S`));
    const box = await target.boundingBox();
    assert.ok(box && box.y >= 0 && box.y < rules.viewportSize().height, `${code}'s statement is in view: ${JSON.stringify(box)}`);
    // The board's link to the dice's fairness reads as words, not a file's path.
    assert.equal(await gm.locator("#board a.doc-link").innerText(), "how the dice are kept fair");
    await gm.close();
    await screenshot(rules, "rules-twenty");
    await assertNoSideScroll(rules, "Twenty's rules page");
    await rules.goto("/fairness");
    await screenshot(rules, "fairness");
    await assertNoSideScroll(rules, "the fairness page");
    await rules.context().close();
    h.assertClean();
  });
}

// Exploding dice kept (4d6!kh3): the roller lists each total with its exact chance under a heading
// that introduces the list, and says where explosions stop in a note of its own after the list.
// Each value checked by hand (crates/web/src/roller/mod.rs, an enumeration in Python).
for (const size of ["desktop", "phone"]) {
  test(`the free roller shows the exact odds of exploding dice, the cap in a note after them (${size})`, { timeout: FILE_TIMEOUT }, async () => {
    const gm = await h.page(size);
    await createTable(gm, "twenty", "Exploding dice");
    await goToTable(gm);
    const form = await moveForm(gm, "roll", "Roll dice");
    await fill(form, { notation: "4d6!kh3" });
    await form.locator(".odds .odds-summary", { hasText: "4d6!kh3" }).waitFor({ timeout: WAIT });
    await waitOdds(form);
    assert.equal(
      (await form.locator(".odds .odds-summary").innerText()).trim(),
      "4d6!kh3: 3 to 18, mean 12.83 (299383/23328). The chance of each total:",
    );
    const chances = await form.locator(".odds-box .chance").evaluateAll(rows => rows.map(r =>
      `${r.querySelector(".chance-label").textContent.trim()}: ${r.querySelector(".chance-p").textContent.replace(/\s+/g, " ").trim()}`));
    assert.deepEqual(chances, [
      "3: 0.1% 1/1296", "4: 0.3% 1/324", "5: 0.8% 5/648", "6: 1.6% 7/432", "7: 2.9% 19/648",
      "8: 4.5% 11/243", "9: 6.3% 245/3888", "10: 8.0% 13/162", "11: 9.4% 91/972", "12: 10.4% 403/3888",
      "13: 10.8% 2513/23328", "14: 10.9% 283/2592", "15: 10.3% 2407/23328", "16: 9.6% 2231/23328",
      "17: 7.9% 205/2592", "18: 6.2% 1453/23328",
    ]);
    // The note is the box's last line, after every total.
    const note = form.locator(".odds-box > :last-child");
    assert.equal(await note.getAttribute("class"), "odds-note small");
    assert.equal((await note.innerText()).trim(), "Each die rerolls or explodes at most 100 times, in these odds as when you roll.");
    // Nothing in the box is wider than the form, and the page does not scroll sideways.
    const [box, wide] = await form.evaluate(f => [f.getBoundingClientRect().right,
      Math.max(...[...f.querySelectorAll(".odds-box, .odds-box *")].map(e => e.getBoundingClientRect().right))]);
    assert.ok(wide <= box + 1, `the odds box fits its form: ${wide} px against ${box} px`);
    await assertNoSideScroll(gm, "table page with exploding dice's odds");
    await screenshotOf(form, "roller-odds-exploding");
    // 1d6!'s exact mean is a fraction of 79 digits over 79: the heading rounds it.
    await fill(form, { notation: "1d6!" });
    await form.locator(".odds .odds-summary", { hasText: "1d6!: 1 to 606, mean about 4.2. 506 totals" }).waitFor({ timeout: WAIT });
    assert.equal((await form.locator(".odds-box > :last-child").innerText()).trim(), "Each die rerolls or explodes at most 100 times, in these odds as when you roll.");
    await assertNoSideScroll(gm, "table page with 1d6!'s odds");
    await screenshotOf(form, "roller-odds-long-mean");
    await gm.context().close();
    h.assertClean();
  });
}

// A long word in a refusal must wrap inside its box on a phone.
test("a refusal with a long word still fits a phone's width", {
  timeout: FILE_TIMEOUT,
}, async () => {
  const gm = await h.page("phone");
  await createTable(gm, "twenty", "Narrow");
  await goToTable(gm);
  const form = await moveForm(gm, "roll", "Roll dice");
  // The rules quote the notation back: one long word with no place to break.
  await fill(form, { notation: "x".repeat(100) });
  const refusal = await submit(form, { refused: true });
  assert.match(refusal, /unexpected character 'x'/);
  await screenshot(gm, "table-refusal");
  await assertNoSideScroll(gm, "table page after a long refusal");
  await gm.context().close();
  h.assertClean();
});

// Behind a proxy, a node that hangs leaves a move unanswered (nginx's 504) though it may have been
// done: pressing again must send it with the same client_id, so the table does it once
// (docs/deploy.md; found by a fresh operator who rolled twice).
test("a move a proxy left unanswered is sent again with its id and done once", { timeout: FILE_TIMEOUT }, async () => {
  const gm = await h.page("desktop");
  await createTable(gm, "chi", "Unanswered");
  await goToTable(gm);
  const sent = [];
  let first = true;
  await gm.route("**/api/tables/*/actions", async route => {
    sent.push(JSON.parse(route.request().postData()).client_id);
    if (first) {
      // The table takes it; the proxy gives up before the answer comes back, and the move's live
      // update comes first: the page may draw the form anew while its answer is awaited, and the
      // refusal and the second press must still reach it (a race seen three files at a time).
      first = false;
      await route.fetch();
      await waitLog(gm, /once/);
      await route.fulfill({ status: 504, contentType: "text/html", body: "<html><body>504 Gateway Time-out</body></html>" });
    } else {
      await route.continue();
    }
  });
  const form = await moveForm(gm, "roll", "Roll dice");
  await fill(form, { notation: "1d20", label: "once" });
  const refusal = await submit(form, { refused: true });
  assert.match(refusal, /^No answer from the table \(Gateway Timeout\): the move may or may not have been done\. Press again/);
  await submit(form);
  assert.equal(sent.length, 2);
  assert.equal(sent[1], sent[0], "sent again with the same client_id");
  await waitLog(gm, /once/);
  const rolls = await gm.locator("#log li", { hasText: "once" }).count();
  assert.equal(rolls, 1, "the roll is in the log once");
  await gm.context().close();
  h.assertClean();
});

// Coming back (issue 16, part 7): a browser with seats sees its tables in the lobby, newest first,
// with its seat; opening the invite again goes to its seat, for a player and for the GM; the GM
// link downloads as a small file; the lobby says what each game is.
test("a browser with a seat sees its tables in the lobby and its invite goes to its seat", { timeout: FILE_TIMEOUT }, async () => {
  const gm = await h.page("desktop");
  const first = await createTable(gm, "chi", "The first night");
  const table = await createTable(gm, "loqi", "The long road home, a Loqi story told over many evenings");
  // The created page: the GM link with its warning, and its download.
  assert.match(await gm.locator(".keep").innerText(), /^Keep this link safe\. Whoever has it is the GM of this table/);
  const [download] = await Promise.all([
    gm.waitForEvent("download"),
    gm.getByRole("link", { name: "Download the GM link" }).click(),
  ]);
  assert.equal(download.suggestedFilename(), "skald-the-long-road-home-a-loqi-story-told-gm-link.html");
  const file = await readFile(await download.path(), "utf8");
  assert.ok(file.includes(`<h1>The long road home, a Loqi story told over many evenings</h1>`), file);
  assert.ok(file.includes(table.gmLink.replaceAll("/", "&#x2f;")), "the file holds the GM link");
  await goToTable(gm);

  const player = await h.page("phone");
  await join(player, table.inviteLink, "Ann");
  await player.goto("/");
  const items = player.locator("#your-tables li");
  assert.deepEqual(
    (await items.allInnerTexts()).map(t => t.replace(/\s+/g, " ").trim()),
    ["The long road home, a Loqi story told over many evenings Loqi · you are Ann · active just now"],
  );
  // Each game said in two lines beside its choice.
  assert.match(await player.locator("#about-chi").innerText(), /^A quick game where each character has one number/);
  await screenshot(player, "lobby-your-tables");
  await assertNoSideScroll(player, "lobby with a list of tables");

  // The GM's lobby: both tables, the newest activity first (the Loqi table just got a player).
  await gm.goto("/");
  assert.deepEqual(
    (await gm.locator("#your-tables li a").allInnerTexts()),
    ["The long road home, a Loqi story told over many evenings", "The first night"],
  );
  assert.match(await gm.locator("#your-tables li").first().innerText(), /Loqi · you are the GM · active just now/);
  await screenshot(gm, "lobby-your-tables");
  await assertNoSideScroll(gm, "the GM's lobby with a list of tables");
  const phoneGm = await h.page("phone");
  await phoneGm.goto(first.gmLink);
  await phoneGm.waitForURL(new RegExp(`/t/${first.id}$`));
  await phoneGm.goto("/");
  await screenshot(phoneGm, "lobby-your-tables-gm");
  await assertNoSideScroll(phoneGm, "the GM's lobby on a phone");

  // The list's link goes to the seat.
  await player.locator("#your-tables li a").first().click();
  await player.waitForURL(new RegExp(`/t/${table.id}$`));
  await waitLive(player);
  assert.match(await player.locator(".table-head .who").innerText(), /you are Ann/);

  // The invite, opened again by the player and by the GM, goes to their own seats.
  for (const [page, who] of [[player, "Ann"], [gm, "the GM"]]) {
    await page.goto(table.inviteLink);
    // The notice is said once: the address loses its `?from=invite` for a reload.
    await page.waitForURL(new RegExp(`/t/${table.id}(\\?from=invite)?$`));
    await waitLive(page);
    assert.match(await page.locator("#seated-already").innerText(), new RegExp(`here is your seat, as ${who}\\.`));
    assert.match(await page.locator(".table-head .who").innerText(), new RegExp(`you are ${who}`));
  }
  await screenshot(player, "table-invite-reopened");
  await assertNoSideScroll(player, "table page opened from the invite");

  // Ann's seat link seats a new browser; joining again by her name is refused with the way back.
  const seatLink = await player.locator("#seat-link").inputValue();
  const other = await h.page("phone");
  await other.goto(table.inviteLink);
  await other.getByLabel("Your name").fill("Ann");
  await other.getByRole("button", { name: "Take a seat" }).click();
  await other.getByText("is taken: someone already sits at this table under it.").waitFor();
  await other.locator("#taken-hint").waitFor();
  await screenshot(other, "join-name-taken");
  await assertNoSideScroll(other, "join page refusing a taken name");
  await other.goto(seatLink);
  await other.waitForURL(new RegExp(`/t/${table.id}$`));
  await waitLive(other);
  assert.match(await other.locator(".table-head .who").innerText(), /you are Ann/);

  // A lost phone: the GM hands Ann's seat to a new device with a new link.
  await gm.goto(`/t/${table.id}`);
  await waitLive(gm);
  await gm.locator(".seat-link summary").click();
  await gm.getByRole("button", { name: "New link for Ann" }).click();
  const handed = gm.getByLabel("New link to Ann’s seat");
  await gm.waitForFunction(() => document.getElementById("seat-of-1").value.includes("/enter?token="));
  await screenshot(gm, "table-seat-handed-back");
  const third = await h.page("phone");
  await third.goto(await handed.inputValue());
  await third.waitForURL(new RegExp(`/t/${table.id}$`));
  await waitLive(third);
  assert.match(await third.locator(".table-head .who").innerText(), /you are Ann/);
  // Ann's earlier links stopped: a browser still open on one is told so, live, in its words.
  for (const old of [player, other]) {
    await old.getByText("This link to your seat no longer works: the GM made a new link to this seat.").waitFor();
    await old.getByText("Ask the GM for the new link, and open it in this browser.").waitFor();
  }
  for (const page of [gm, player, phoneGm, other, third]) await page.context().close();
  h.assertClean();
});
