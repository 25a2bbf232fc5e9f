// The live updates' benchmark (issue 34), not a test: per system, a four-character table
// (../four.mjs) with three seats' pages open at 375 px (the GM and two players; the third player
// acts through the API), then ACTIONS actions one after another (a player's words, a free roll,
// and each system's own moves as the acting seat's moves list offers them, filled with their
// defaults), each waited for on every page. Per update and page it reads, over CDP: the bytes on
// the wire to the page (every response's encoded length, headers included, and the WebSocket's
// frames), the main thread's busy time (Performance.getMetrics TaskDuration, before the action and
// once the page has settled: in the thread's CPU time, and in wall time, which also counts the
// waits for a core the other pages and the server held), and the time from the action to the page showing it (its
// `data-seq`, seen by a MutationObserver in the page). Prints one summary line per system and
// page, and the whole as JSON with BENCH_JSON=FILE.
//
//   cargo build -p skald
//   SKALD_BIN=$PWD/target/debug/skald node tests/browser/bench/updates.mjs
//   THROTTLE=1 ACTIONS=20 SKALD_BIN=... node tests/browser/bench/updates.mjs   (4x CPU, slow network)
//
// Environment: ACTIONS (default 100), SYSTEMS (comma-separated, default all four), THROTTLE=1,
// BENCH_JSON (a file for every update's numbers), PROFILE=1 (a CPU profile of each page over the
// run: the 12 functions of most self time printed, `(program)` being the browser's own work: style,
// layout, parsing). Never run by the test command (docs/benchmarks.md).
import { writeFileSync } from "node:fs";
import { setup } from "../harness.mjs";
import { fourCharacterTable } from "../four.mjs";

const ACTIONS = Number(process.env.ACTIONS || 100);
const SYSTEMS = (process.env.SYSTEMS || "chi,freelancer,loqi,twenty").split(",");
const THROTTLE = process.env.THROTTLE === "1";
/** The slow network of the throttled run: 400 ms latency, 400 kbit/s each way (bytes/s below). */
const SLOW = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const PROFILE = process.env.PROFILE === "1";
const SETTLE_MS = THROTTLE ? 600 : 200;
const sleep = ms => new Promise(r => setTimeout(r, ms));

/** CDP on `page`: bytes received, requests in flight, busy time. */
async function watch(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Performance.enable");
  // A second session on the page reads the same metrics in the thread's CPU time: three pages and
  // the server share this machine's two cores, so a page's tasks also last while its thread waits
  // for a core another page holds, which a phone (a device of its own) would not wait.
  const cpu = await page.context().newCDPSession(page);
  await cpu.send("Performance.enable", { timeDomain: "threadTicks" });
  if (THROTTLE) {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.emulateNetworkConditions", SLOW);
  }
  if (PROFILE) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
    await cdp.send("Profiler.start");
  }
  const w = { cdp, cpu, bytes: 0, parts: 0, kinds: {}, inFlight: new Set(), last: Date.now(), urls: new Map(), reading: [], drawn: [] };
  const count = (kind, n) => { w.bytes += n; w.kinds[kind] = (w.kinds[kind] || 0) + n; };
  cdp.on("Network.requestWillBeSent", e => { w.inFlight.add(e.requestId); w.urls.set(e.requestId, e.request.url); w.last = Date.now(); });
  cdp.on("Network.loadingFinished", e => {
    const url = w.urls.get(e.requestId) || "";
    const kind = /\/parts\?/.test(url) ? "parts" : /\/odds$/.test(url) ? "odds" : /\/advice/.test(url) ? "advice" : /\/check$/.test(url) ? "check" : "other";
    count(kind, e.encodedDataLength);
    if (kind === "parts") {
      w.parts += e.encodedDataLength;
      // Which parts came drawn, and how large (characters of HTML, before gzip): the update's
      // largest pieces by name, in BENCH_JSON.
      w.reading.push(cdp.send("Network.getResponseBody", { requestId: e.requestId }).then(({ body }) => {
        const parts = JSON.parse(body);
        for (const [name, part] of [["board", parts.board], ["say", parts.say], ["head", parts.head], ...(parts.moves || []).map(p => [`moves:${p.key}`, p])]) {
          if (part && typeof part.html === "string") w.drawn.push([name, part.html.length]);
        }
        for (const [name, list] of [["log", parts.log], ["talk", parts.talk]]) if (list) w.drawn.push([name, list.length]);
      }).catch(() => {}));
    }
    w.inFlight.delete(e.requestId); w.last = Date.now();
  });
  // The server's time on the parts (request sent to headers received), to tell it from the page's.
  w.wait = 0; w.fetches = 0;
  cdp.on("Network.responseReceived", e => {
    const t = e.response.timing;
    if (t && /\/parts\?/.test(e.response.url)) { w.wait += t.receiveHeadersEnd - t.sendEnd; w.fetches++; }
  });
  cdp.on("Network.loadingFailed", e => { w.inFlight.delete(e.requestId); w.last = Date.now(); });
  cdp.on("Network.webSocketFrameReceived", e => count("socket", e.response.payloadData.length));
  await page.evaluate(() => {
    window.__seen = {};
    const table = document.getElementById("table");
    new MutationObserver(() => { window.__seen[table.dataset.seq] = Date.now(); })
      .observe(table, { attributes: true, attributeFilter: ["data-seq"] });
  });
  return w;
}

async function busy(w) {
  const read = async session => Object.fromEntries((await session.send("Performance.getMetrics")).metrics.map(x => [x.name, x.value]));
  const [m, c] = await Promise.all([read(w.cdp), read(w.cpu)]);
  return { task: m.TaskDuration * 1000, script: m.ScriptDuration * 1000, cpu: c.TaskDuration * 1000 };
}

/** The functions of most self time in `w`'s CPU profile since `watch`, as lines to print. */
async function profiled(w) {
  const { profile } = await w.cdp.send("Profiler.stop");
  const nodes = new Map(profile.nodes.map(n => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const f = nodes.get(id).callFrame;
    const name = `${f.functionName || "(anonymous)"} ${f.url ? `${f.url.split("/").pop()}:${f.lineNumber + 1}` : ""}`.trim();
    self.set(name, (self.get(name) || 0) + (profile.timeDeltas[i] || 0) / 1000);
  });
  const idle = self.get("(idle)") || 0;
  self.delete("(idle)");
  const busy = [...self.values()].reduce((a, b) => a + b, 0);
  return [`busy ${busy.toFixed(0)} ms (idle ${idle.toFixed(0)} ms)`,
    ...[...self].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([n, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${n}`)];
}

/** A move's command with every blank at its default (a choice at its first option); null when
 *  a blank has no default to take (a list that needs entries). */
function filled(mv) {
  const command = structuredClone(mv.command);
  const set = (path, value) => {
    const keys = path.split(".");
    let at = command;
    for (const [i, k] of keys.entries()) {
      if (i === keys.length - 1) at[k] = value;
      else { if (typeof at[k] !== "object" || at[k] === null) at[k] = /^\d+$/.test(keys[i + 1]) ? [] : {}; at = at[k]; }
    }
  };
  for (const f of mv.fields || []) {
    const k = f.kind;
    if (!f.name) return null;
    if (k.type === "number") set(f.name, k.default);
    else if (k.type === "flag") set(f.name, k.default);
    else if (k.type === "text") set(f.name, k.default || "on");
    else if (k.type === "choice") {
      const first = (k.options || []).find(o => !o.only_if);
      if (k.multiple) set(f.name, []); else if (first) set(f.name, first.value); else return null;
    } else if (k.type === "list") { if (k.min > 0 && !(k.entries || []).length) return null; set(f.name, k.entries || []); }
    else return null;
  }
  return command;
}

async function api(base, token, method, path, body) {
  const sent = Date.now();
  const response = await fetch(`${base}${path}`, {
    method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null), sent };
}

/** The next action: (seat, command) by turn; a system move the seat is offered when there is one
 *  it can send as it is, else words or a roll. Returns the accepted answer's seq. */
async function act(base, id, seats, i) {
  const seat = seats[i % seats.length];
  // Words go round the seats (a seat says at most 20 things a minute).
  const speaker = seats[Math.floor(i / 4) % seats.length];
  if (i % 4 === 1) return api(base, speaker.token, "POST", `/api/tables/${id}/actions`, { do: "say", text: `line ${i}: the river is rising` });
  if (i % 4 === 3) return api(base, seat.token, "POST", `/api/tables/${id}/actions`, { do: "roll", notation: "2d6+1", label: `roll ${i}` });
  for (const s of [seat, ...seats.filter(x => x !== seat)]) {
    const { body } = await api(base, s.token, "GET", `/api/tables/${id}/moves`);
    const moves = (body?.moves || []).filter(m => !m.confirm && !["withdraw", "undo", "end_epoch"].includes(m.command?.do));
    moves.sort((a, b) => Number(!!b.lead) - Number(!!a.lead));
    for (const mv of moves) {
      const command = filled(mv);
      if (!command) continue;
      const answer = await api(base, s.token, "POST", `/api/tables/${id}/actions`, command);
      if (answer.status === 200) return { ...answer, did: command.do };
    }
  }
  return api(base, seat.token, "POST", `/api/tables/${id}/actions`, { do: "roll", notation: "1d20", label: `roll ${i}` });
}

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil(p / 100 * s.length) - 1)]; };
const med = xs => pct(xs, 50);

const h = await setup();
const all = [];
try {
  for (const system of SYSTEMS) {
    const { id, gm, players } = await fourCharacterTable(h, system);
    const token = async page => (await page.context().cookies()).find(c => c.name === `skald_${id}`).value;
    const seats = [{ who: "GM", token: await token(gm) }];
    for (const p of players) seats.push({ who: "player", token: await token(p) });
    // Three seats open: the GM and two players; the third player's page is closed.
    await players[2].context().close();
    const pages = [["GM", gm], ["Ann", players[0]], ["Bo", players[1]]];
    const watched = [];
    for (const [, page] of pages) watched.push(await watch(page));
    const updates = [];
    const did = new Map();
    for (let i = 0; i < ACTIONS; i++) {
      const before = await Promise.all(watched.map(busy));
      const bytes = watched.map(w => [w.bytes, w.parts, { ...w.kinds }, w.wait, w.fetches]);
      let answer = await act(h.url, id, seats, i);
      // A bound reached (429): the same action again a moment later.
      for (let tries = 0; answer.status === 429 && tries < 60; tries++) { await sleep(1000); answer = await act(h.url, id, seats, i); }
      // Timed from the request that was accepted (not from reading the seat's moves to find it).
      const t0 = answer.sent;
      if (answer.status !== 200) throw new Error(`${system} action ${i}: ${answer.status} ${JSON.stringify(answer.body)}`);
      const seq = answer.body.seq;
      const kind = answer.did || (i % 4 === 1 ? "say" : "roll");
      did.set(kind, (did.get(kind) || 0) + 1);
      const limit = THROTTLE ? 120_000 : 20_000;
      const shown = await Promise.all(pages.map(([, page]) => page.waitForFunction(
        n => { const seen = Object.entries(window.__seen).find(([s]) => Number(s) >= n); return seen ? seen[1] : false; },
        seq, { timeout: limit, polling: 20 }).then(r => r.jsonValue())));
      // Settled: nothing in flight on any page (odds, advice) for a moment.
      for (const deadline = Date.now() + (THROTTLE ? 30_000 : 5_000); Date.now() < deadline;) {
        if (watched.every(w => w.inFlight.size === 0 && Date.now() - w.last > SETTLE_MS)) break;
        await sleep(25);
      }
      const after = await Promise.all(watched.map(busy));
      for (const w of watched) { await Promise.all(w.reading); w.reading = []; }
      updates.push({
        i, seq, kind,
        pages: pages.map(([who], k) => ({
          who,
          bytes: watched[k].bytes - bytes[k][0],
          parts: watched[k].parts - bytes[k][1],
          wait: watched[k].wait - bytes[k][3],
          fetches: watched[k].fetches - bytes[k][4],
          kinds: Object.fromEntries(Object.entries(watched[k].kinds).map(([n, b]) => [n, b - (bytes[k][2][n] || 0)]).filter(([, b]) => b)),
          task: after[k].task - before[k].task,
          cpu: after[k].cpu - before[k].cpu,
          script: after[k].script - before[k].script,
          shown: shown[k] - t0,
          drawn: watched[k].drawn.splice(0),
        })),
        all: Math.max(...shown) - t0,
      });
    }
    all.push({ system, updates, did: Object.fromEntries(did) });
    const every = updates.map(u => u.all);
    console.log(`${system}\t${ACTIONS} actions (${[...did].map(([k, n]) => `${k} ${n}`).join(", ")})\taction->every page: median ${med(every)} ms, p95 ${pct(every, 95)} ms, max ${Math.max(...every)} ms`);
    for (const [k, [who]] of pages.entries()) {
      const col = f => updates.map(u => u.pages[k][f]);
      const kb = xs => (xs / 1024).toFixed(1);
      const kinds = {};
      for (const u of updates) for (const [n, b] of Object.entries(u.pages[k].kinds)) kinds[n] = (kinds[n] || 0) + b;
      const split = Object.entries(kinds).map(([n, b]) => `${n} ${kb(b / updates.length)}`).join(", ");
      console.log(`${system}\t${who}\tbytes/update: median ${kb(med(col("bytes")))} KB, max ${kb(Math.max(...col("bytes")))} KB (parts: median ${kb(med(col("parts")))} KB; mean by kind, KB: ${split})\tmain thread: CPU median ${med(col("cpu")).toFixed(0)} ms, p95 ${pct(col("cpu"), 95).toFixed(0)} ms; wall median ${med(col("task")).toFixed(0)} ms, p95 ${pct(col("task"), 95).toFixed(0)} ms (script median ${med(col("script")).toFixed(0)} ms)\tshown: median ${med(col("shown"))} ms, p95 ${pct(col("shown"), 95)} ms\tparts: ${(col("fetches").reduce((a, b) => a + b, 0) / updates.length).toFixed(2)} fetches/update, server median ${med(col("wait")).toFixed(0)} ms`);
    }
    if (PROFILE) for (const [k, [who]] of pages.entries()) console.log(`${system}\t${who}\tprofile: ${(await profiled(watched[k])).join("\n")}`);
    for (const [, page] of pages) await page.context().close();
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ throttled: THROTTLE, actions: ACTIONS, systems: all }, null, 1));
  if (h.problems.length) console.log("problems:", h.problems);
} finally {
  await h.close();
}
