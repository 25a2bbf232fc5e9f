// Another origin in the GM's own browser (issue 30, "Trust without holes"): a page served from
// another port of 127.0.0.1 (a tiny node server inside this test) neither reads the GM's
// WebSocket stream (whispers and notes included) nor posts with the GM's cookie; and the table's
// own pages keep working under their Content-Security-Policy, with no violation reported in the
// console of the lobby, the table pages or the report.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import {
  setup, createTable, goToTable, join, sendRaw, waitLog, moveForm, fill, waitOdds, synced,
  FILE_TIMEOUT, SETUP_TIMEOUT, WAIT,
} from "./harness.mjs";

let h, evil;

/** Console lines that tell of a Content-Security-Policy violation, per page. */
const violations = [];

function watchCsp(page, what) {
  page.on("console", message => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) {
      violations.push(`${what}: ${message.text()}`);
    }
  });
  return page;
}

/**
 * The other origin's page: at `/?server=URL&table=ID` it opens the table's WebSocket and posts a
 * GM note to the table's API the two ways a page of another origin can without asking (a
 * `no-cors` fetch with `text/plain`, and a form), all with whatever cookie the browser holds, and
 * says what came back in `window.outcome`.
 */
const EVIL_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Elsewhere</title></head><body>
<form id="form" method="post" target="sink" enctype="text/plain"><input name='{"do": "note", "text": "forged by a form", "x": "' value='"}'></form>
<iframe name="sink"></iframe>
<script>
const q = new URLSearchParams(location.search);
const server = q.get("server"), table = q.get("table");
window.outcome = { messages: [], opened: false, closed: false, post: null };
const ws = new WebSocket(server.replace("http", "ws") + "/api/tables/" + table + "/ws?after=0");
ws.onopen = () => { window.outcome.opened = true; };
ws.onmessage = e => { window.outcome.messages.push(e.data); };
ws.onclose = () => { window.outcome.closed = true; };
fetch(server + "/api/tables/" + table + "/actions", {
  method: "POST", mode: "no-cors", credentials: "include",
  headers: { "Content-Type": "text/plain" },
  body: JSON.stringify({ do: "note", text: "forged by fetch" }),
}).then(() => { window.outcome.post = "sent"; }, e => { window.outcome.post = "failed: " + e; });
const form = document.getElementById("form");
form.action = server + "/api/tables/" + table + "/actions";
form.submit();
</script></body></html>`;

before(async () => {
  h = await setup();
  evil = createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(EVIL_PAGE);
  });
  await new Promise(resolve => evil.listen(0, "127.0.0.1", resolve));
}, { timeout: SETUP_TIMEOUT });
after(async () => {
  await new Promise(resolve => evil?.close(resolve) ?? resolve());
  await h?.close();
});

test("a page of another origin can neither read the GM's stream nor post with the GM's cookie", { timeout: FILE_TIMEOUT }, async () => {
  const gm = watchCsp(await h.page("desktop"), "the GM's lobby and table");
  const table = await createTable(gm, "chi", "Not from elsewhere");
  await goToTable(gm);
  const ann = watchCsp(await h.page("phone"), "Ann's join and table");
  await join(ann, table.inviteLink, "Ann");
  await waitLog(gm, "took seat 1");
  // What the stream would give away: the GM's note and a whisper to Ann.
  await sendRaw(gm, { do: "note", text: "the traitor is the innkeeper" });
  await sendRaw(gm, { do: "say", text: "psst, the cellar", to: 1 });
  await synced(gm, ann);
  const before = (await (await gm.request.get(`/api/tables/${table.id}/log?after=0`)).json()).records;

  // The other origin's page, in the GM's own browser (its cookie is there).
  const elsewhere = await gm.context().newPage();
  const posts = [];
  elsewhere.on("response", response => {
    if (response.request().method() === "POST" && response.url().endsWith("/actions")) posts.push(response.status());
  });
  const console = [];
  elsewhere.on("console", message => console.push(message.text()));
  const port = evil.address().port;
  await elsewhere.goto(`http://127.0.0.1:${port}/?server=${encodeURIComponent(h.url)}&table=${table.id}`);
  // Until the socket is closed or has given something away, and the fetch has gone.
  await elsewhere.waitForFunction(() => window.outcome && (window.outcome.closed || window.outcome.messages.length > 0) && window.outcome.post !== null, null, { timeout: WAIT });
  const outcome = await elsewhere.evaluate(() => window.outcome);
  assert.equal(outcome.opened, false, "the WebSocket did not open");
  assert.deepEqual(outcome.messages, [], "not one message of the GM's stream reached the other origin");
  // Both posts (the fetch and the form) were answered, and refused.
  const deadline = Date.now() + WAIT;
  while (posts.length < 2 && Date.now() < deadline) await new Promise(r => setTimeout(r, 50));
  assert.deepEqual(posts, [403, 403], "the fetch's and the form's posts were refused");
  await elsewhere.close();

  // Nothing was recorded: the log is what it was, with no forged note.
  const after = (await (await gm.request.get(`/api/tables/${table.id}/log?after=0`)).json()).records;
  assert.equal(after.length, before.length, "no record was added");
  assert.ok(!JSON.stringify(after).includes("forged"), "no forged note");

  // The table's own pages still work under their policy: the GM's roll reaches Ann live, and the
  // free roller's odds (a JSON post of the page's script) show.
  const form = await moveForm(gm, "roll", "Roll dice");
  await fill(form, { notation: "2d6", label: "still-works" });
  assert.match(await waitOdds(form), /2d6: 2 to 12, mean 7\./);
  await sendRaw(gm, { do: "roll", notation: "2d6", label: "still-works" });
  await waitLog(ann, "rolled for still-works");

  // The report, too.
  const report = watchCsp(await gm.context().newPage(), "the report");
  await report.goto(`/api/tables/${table.id}/export?format=html`);
  await report.locator("h1").waitFor();
  // Its style applied: the page is no wider than its max-width (48rem) plus its margins.
  const width = await report.evaluate(() => document.body.getBoundingClientRect().width);
  assert.ok(width <= 48 * 16, `the report's own style applies (its body is ${width} px wide)`);
  await report.close();

  assert.deepEqual(violations, [], "no Content-Security-Policy violation in the console");
  h.assertClean();
});
