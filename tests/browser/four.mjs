// A four-character table per system, on phones, for the phone layout's measurements and test
// (issue 16, "A phone layout that puts your turn first"): the GM and three players at 375x812, each
// player with one character and the GM with one NPC, and the game under way (a Chi round, a Twenty
// conflict, a Freelancer event's first round, a Loqi problem), so each page shows what it shows in
// play. The table is a quick one (players set the GM's numbers): characters are made at once, and
// the request tests live in the system files. See docs/browser-tests.md.
import assert from "node:assert/strict";
import { join, waitLive, waitLog, sendRaw, synced } from "./harness.mjs";

/** Each system's characters (the players' three, then the GM's NPC) and the command that starts play. */
export const FOUR = {
  chi: {
    characters: [
      { line: "Ragnar, fierce, arrogant, and savage barbarian8" },
      { line: "Capt. Dirk Rednova, dashing, handsome, and brave star marine7" },
      { line: "Sela, quick, sly, and curious sky pirate6/5" },
      { line: "Blackfang, orc4" },
    ],
    play: [],
  },
  twenty: {
    characters: ["Gorand", "Brynn", "Cato"].map(name => ({
      name,
      stats: { Physical: 5, Mental: 2, Social: 3, Emotional: 1, Spiritual: 4 },
      keys: ["Warrior"],
      traits: [
        { name: "Arms", boxes: 2 }, { name: "Swords", boxes: 4 }, { name: "Strong", boxes: 1 },
        { name: "Friendly", boxes: 2 }, { name: "Marching", boxes: 1 },
      ],
      equipment: [{ name: "Honeybee", boxes: 2 }, { name: "wine flask", boxes: 1 }],
      gear: ["traveling gear", "food"],
    })).concat([{
      name: "Dragon", kind: "npc", keys: ["Dragon", "Enormous"],
      traits: [
        { name: "Enormous", boxes: 2 }, { name: "Talons", boxes: 2 }, { name: "Ancient and Wise", boxes: 3 },
        { name: "Winged Flight", boxes: 1 }, { name: "Fire Breath", boxes: 4 },
      ],
    }]),
    enroll: "add_character",
    play: [{
      do: "start_conflict",
      participants: [
        { who: "Gorand", goal: "drive the dragon off" }, { who: "Brynn", goal: "save the village" },
        { who: "Cato", goal: "take the hoard" }, { who: "Dragon", goal: "burn the village" },
      ],
    }],
  },
  loqi: {
    characters: [
      { name: "Tiran", influence: 10, traits: [{ name: "Quick", rating: 2 }, { name: "Tracker", rating: 1 }] },
      { name: "Ayla", influence: 6, traits: [{ name: "Archer", rating: 3 }] },
      { name: "Mara", influence: 8, traits: [{ name: "Stealth", rating: 2 }] },
      { name: "Old Hob", influence: 5, traits: [{ name: "Cunning", rating: 3 }] },
    ],
    play: [{ do: "introduce_problem", scale: "scene", description: "The bridge is out and the river is rising", responders: ["Tiran", "Ayla", "Mara"] }],
  },
  freelancer: {
    characters: [
      { name: "Ash", ratings: { ALC: 15, SPD: 1248, LCK: 12 } },
      { name: "Mara", ratings: { ALC: 150348, SPD: 204000, LCK: 31 } },
      { name: "Tobin", ratings: { ALC: 0, SPD: 25, LCK: 18 } },
      { name: "Bandit", kind: "encounter", ratings: { ALC: 10, SPD: 30, LCK: 5 } },
    ],
    play: [
      { do: "start_event", name: "ambush at the ford", who: ["Ash", "Mara", "Tobin", "Bandit"] },
      { do: "initiative" },
    ],
  },
};

/** The players' names (each makes one character). */
export const PLAYERS = ["Ann", "Bo", "Cy"];

/**
 * A quick table of `system` made through the lobby on phones: {id, gm, players} with the GM's page
 * and the three players' pages live, four characters made and play started (with `play: false`,
 * not started: `FOUR[system].play` are the commands that start it).
 */
export async function fourCharacterTable(h, system, { play = true } = {}) {
  const spec = FOUR[system];
  const gm = await h.page("phone");
  await gm.goto("/");
  await gm.getByLabel("Title").fill(`Four at a ${system} table`);
  await gm.locator(`input[name=system][value=${system}]`).check();
  await gm.locator("input[name=players_set_gm_numbers]").check();
  await gm.getByRole("button", { name: "Create the table" }).click();
  await gm.locator("#gm-link").waitFor();
  const inviteLink = await gm.locator("#invite-link").inputValue();
  const id = new URL(await gm.locator("#gm-link").inputValue()).pathname.split("/")[2];
  await gm.getByRole("link", { name: "Go to the table" }).click();
  await gm.waitForURL(/\/t\/[^/]+$/);
  await waitLive(gm);
  const players = [];
  for (const [i, name] of PLAYERS.entries()) {
    const page = await h.page("phone");
    await join(page, inviteLink, name);
    await waitLog(gm, `took seat ${i + 1}`);
    await sendRaw(page, { do: spec.enroll || "enroll", character: spec.characters[i] });
    players.push(page);
  }
  await sendRaw(gm, { do: spec.enroll || "enroll", character: spec.characters[3] });
  if (play) for (const command of spec.play) await sendRaw(gm, command);
  await synced(gm, ...players);
  // Each page starts fresh, as a person opening the table now would see it.
  for (const page of [gm, ...players]) { await page.reload(); await waitLive(page); }
  assert.equal(await gm.locator("#status").count(), 1);
  return { id, gm, players };
}

/**
 * Calls `each(name)` once per tab the page shows (pressing each tab in turn, then the first
 * again), or once with "(whole page)" where the page has no tabs; returns the results in order.
 */
export async function perTab(page, each) {
  const tabs = page.locator("#tabs [role=tab]");
  const n = await tabs.count();
  if (!n || !(await tabs.first().isVisible())) return [await each("(whole page)")];
  const out = [];
  for (let i = 0; i < n; i++) {
    await tabs.nth(i).click();
    out.push(await each((await tabs.nth(i).innerText()).trim().split(/\s/)[0]));
  }
  await tabs.first().click();
  return out;
}

/**
 * The page's height at its width (document.scrollingElement.scrollHeight), once per tab if it has
 * tabs (`[role=tab]` in `#tabs`), else once: [{tab, height, width}], in the tabs' order.
 */
export async function heights(page) {
  return perTab(page, async tab => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const [height, width] = await page.evaluate(() => [document.scrollingElement.scrollHeight, document.scrollingElement.scrollWidth]);
    return { tab, height, width };
  });
}

/**
 * Plays the Twenty conflict of `fourCharacterTable(h, "twenty")` from the GM's page (the GM may
 * move every character, T2) through the API, `limit` moves at most or to its end: each move is the
 * first character's "bring in" with its first trait offered, or its "stand" when none is left; no
 * burden, no surrender. Returns the number of moves sent. The dice are the table's own, so the log
 * differs from run to run; the moves do not.
 */
export async function playTwentyConflict(gm, id, limit) {
  let sent = 0;
  for (; sent < limit; sent++) {
    const response = await gm.request.get(`/api/tables/${id}/moves`);
    assert.equal(response.status(), 200, `GET moves: ${await response.text()}`);
    const moves = (await response.json()).moves;
    const move = moves.find(m => m.command.do === "bring_in") || moves.find(m => m.command.do === "stand");
    if (!move) break;
    const command = { ...move.command };
    if (command.do === "bring_in") command.trait = move.fields.find(f => f.name === "trait").kind.options[0].value;
    const acted = await gm.request.post(`/api/tables/${id}/actions`, { data: command });
    assert.equal(acted.status(), 200, `${JSON.stringify(command)}: ${await acted.text()}`);
  }
  return sent;
}
