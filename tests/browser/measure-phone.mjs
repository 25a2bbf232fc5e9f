// Prints the phone layout's numbers for docs/browser-tests.md (not a test): each system's page
// heights at 375x812 on a four-character table (four.mjs), for the GM and a player, one line per
// tab (or one for the whole page where there are no tabs); then axe-core's violations by impact
// (nodes counted) on the lobby, each table page and each HTML report. Run:
//   SKALD_BIN=$PWD/target/debug/skald node tests/browser/measure-phone.mjs
import { setup, axeViolations, byImpact } from "./harness.mjs";
import { fourCharacterTable, heights, perTab } from "./four.mjs";

const h = await setup();
const axe = [];
async function audit(what, page) {
  // Every tab's panel is looked at (a hidden one is not): the violations of all, each node once.
  const seen = new Map();
  await perTab(page, async () => {
    for (const v of await axeViolations(page)) {
      const known = seen.get(v.id);
      if (known) known.nodes = [...new Set([...known.nodes, ...v.nodes])]; else seen.set(v.id, v);
    }
  });
  const violations = [...seen.values()];
  axe.push([what, byImpact(violations), violations.map(v => `${v.impact} ${v.id} (${v.nodes.length}: ${v.nodes.slice(0, 3).join(", ")})`).join("; ")]);
}
try {
  const lobby = await h.page("phone");
  await lobby.goto("/");
  await audit("lobby", lobby);
  for (const system of ["chi", "freelancer", "loqi", "twenty"]) {
    const { id, gm, players } = await fourCharacterTable(h, system);
    for (const [who, page] of [["GM", gm], ["player", players[0]]]) {
      for (const { tab, height, width } of await heights(page)) console.log(`${system}\t${who}\t${tab}\t${height}\t${width}`);
      await audit(`${system} ${who}`, page);
    }
    await gm.goto(`/api/tables/${id}/export?format=html`);
    await audit(`${system} report`, gm);
    for (const page of [gm, ...players]) await page.context().close();
  }
  for (const [what, counts, list] of axe) console.log(`axe\t${what}\t${JSON.stringify(counts)}\t${list}`);
  if (h.problems.length) console.log("problems:", h.problems);
} finally {
  await h.close();
}
