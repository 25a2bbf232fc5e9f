// The browser tests' harness: one `skald serve` on 127.0.0.1 over a fresh SQLite file, Debian's
// Chromium driven by playwright-core, and the helpers every test file shares. It builds nothing:
// SKALD_BIN names the binary (default target/debug/skald under the repository root). Every wait is
// bounded, and the pages may talk to 127.0.0.1 only. See docs/browser-tests.md.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join as joinPath, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const SKALD_BIN = process.env.SKALD_BIN ? resolve(process.env.SKALD_BIN) : joinPath(ROOT, "target/debug/skald");
export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

/**
 * The systems the binary under test plays, in the lobby's order: `skald systems --json`, the
 * registry's list (a test build's includes Toy, the system only tests play). A test that means
 * every system goes through these, never a list of its own.
 */
export function systems() {
  const out = execFileSync(SKALD_BIN, ["systems", "--json"], { encoding: "utf8", timeout: WAIT });
  return JSON.parse(out);
}
export const SHOTS = joinPath(ROOT, "target/browser-screenshots");
/** The bound of every single wait. */
export const WAIT = 10_000;
/** The bound of one test file (node --test kills nothing by itself otherwise). */
export const FILE_TIMEOUT = 240_000;
/** The bound of a file's setup: a server, Chromium, a table and its seats. */
export const SETUP_TIMEOUT = 60_000;

export const SIZES = {
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 900 } },
};

const BROWSER_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
  "--no-first-run", "--disable-component-update", "--disable-sync",
  // Belt and braces: no name resolves, so nothing but 127.0.0.1 can be reached even by Chromium itself.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

const sleep = ms => new Promise(r => setTimeout(r, ms));

/** A `skald serve` process; `start` reads the port from its first stdout line. */
export class Server {
  constructor() {
    this.dir = mkdtempSync(joinPath(tmpdir(), "skald-browser-"));
    this.db = joinPath(this.dir, "tables.db");
    this.port = 0;
    this.proc = null;
    this.stderr = "";
  }

  get url() { return `http://127.0.0.1:${this.port}`; }

  async start() {
    assert.ok(existsSync(SKALD_BIN), `no skald binary at ${SKALD_BIN}: build it (cargo build -p skald) or set SKALD_BIN`);
    // The same port on a restart, so open pages reconnect by themselves; tokio's listener sets
    // SO_REUSEADDR, but a port can still be busy for a moment: try again a few times.
    for (let attempt = 0; ; attempt++) {
      try {
        await this.#spawn();
        return this;
      } catch (e) {
        if (this.port === 0 || attempt >= 20) throw e;
        await sleep(250);
      }
    }
  }

  #spawn() {
    const proc = spawn(SKALD_BIN, ["serve", "--addr", `127.0.0.1:${this.port}`, "--db", this.db], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, RUST_BACKTRACE: "1" },
    });
    this.proc = proc;
    proc.stderr.on("data", d => { this.stderr = (this.stderr + d).slice(-20_000); });
    return new Promise((resolveStart, reject) => {
      const timer = setTimeout(() => { proc.kill("SIGKILL"); reject(new Error(`skald serve printed no address in ${WAIT} ms:\n${this.stderr}`)); }, WAIT);
      const lines = createInterface({ input: proc.stdout });
      lines.once("line", line => {
        clearTimeout(timer);
        const m = /serving on http:\/\/127\.0\.0\.1:(\d+) /.exec(line);
        if (!m) { proc.kill("SIGKILL"); reject(new Error(`unexpected first line: ${line}`)); return; }
        this.port = Number(m[1]);
        resolveStart();
      });
      proc.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`skald serve exited (${code ?? signal}) before serving:\n${this.stderr}`));
      });
    });
  }

  /** SIGTERM, then waits (bounded) for the graceful stop; SIGKILL if it does not come. */
  async stop() {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise(r => proc.once("exit", (code, signal) => r({ code, signal })));
    proc.kill("SIGTERM");
    const result = await Promise.race([exited, sleep(WAIT).then(() => null)]);
    if (!result) {
      proc.kill("SIGKILL");
      await exited;
      throw new Error(`skald serve did not stop within ${WAIT} ms of SIGTERM`);
    }
    assert.equal(result.code, 0, `skald serve stopped with ${result.code ?? result.signal}:\n${this.stderr}`);
  }

  async restart() {
    await this.stop();
    await this.start();
  }

  cleanup() {
    if (this.proc && this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill("SIGKILL");
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Starts a server and a browser. The result gives contexts at a size, and collects what went
 * wrong in the pages (uncaught script errors, requests to anywhere but 127.0.0.1).
 */
export async function setup() {
  mkdirSync(SHOTS, { recursive: true });
  const server = await new Server().start();
  let browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS, timeout: 30_000 });
  } catch (e) {
    server.cleanup();
    throw e;
  }
  // A test that hangs, or a runner that gives up on this file, must not leave the server behind
  // (Chromium, a child of this process, goes with it).
  process.once("exit", () => server.cleanup());
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => { server.cleanup(); process.exit(1); });
  const problems = [];
  const h = {
    server,
    browser,
    problems,
    get url() { return server.url; },

    /** A fresh browser context (its own cookies: one person) at `size`: "phone" or "desktop". */
    async context(size) {
      const context = await browser.newContext({ ...SIZES[size], baseURL: server.url });
      context.setDefaultTimeout(WAIT);
      context.setDefaultNavigationTimeout(WAIT);
      context.size = size;
      await context.route(url => url.hostname !== "127.0.0.1", route => {
        problems.push(`request outside 127.0.0.1: ${route.request().url()}`);
        return route.abort();
      });
      return context;
    },

    /** A page in a fresh context at `size`, with its script errors collected. */
    async page(size) {
      const context = await h.context(size);
      const page = await context.newPage();
      watch(page);
      return page;
    },

    /** A second page in `page`'s context (the same person in another tab). */
    async tab(page) {
      const other = await page.context().newPage();
      watch(other);
      return other;
    },

    /** Fails if a page threw or asked for anything off 127.0.0.1. */
    assertClean() {
      assert.deepEqual(problems, [], "the pages stayed clean");
    },

    async close() {
      try { await browser.close(); } catch (_) { /* already gone */ }
      try { await server.stop(); } finally { server.cleanup(); }
    },
  };
  function watch(page) {
    page.on("pageerror", e => problems.push(`script error on ${page.url()}: ${e.message}`));
  }
  return h;
}

/**
 * Saves a full-page screenshot to target/browser-screenshots/<name>-<phone|desktop>.png, one image
 * pixel to a CSS pixel (a phone's is 375 px wide, not its screen's 750: half the cost to Chromium,
 * 0.13 s against 0.26 s for a 2,900 px tall phone page; docs/reliability.md, "CI time", stop 45).
 */
export async function screenshot(page, name) {
  const size = page.context().size || "desktop";
  const path = joinPath(SHOTS, `${name}-${size}.png`);
  await page.screenshot({ path, fullPage: true, animations: "disabled", scale: "css" });
  return path;
}

/** Waits until the page's live status (`#status`) matches `text` (default: "live"). */
export async function waitStatus(page, text = /\blive\b/) {
  const status = page.locator("#status");
  await status.filter({ hasText: text }).waitFor({ timeout: WAIT });
  return (await status.textContent()).trim();
}

/** Waits until the table page is connected live. */
export const waitLive = page => waitStatus(page, /\blive\b/);

/**
 * Waits for a log line containing `text` (string or RegExp); returns its locator. On a phone the
 * log may be in a tab not shown: the line need only be in the page.
 */
export async function waitLog(page, text) {
  const line = page.locator("#log li.log-line").filter({ hasText: text }).last();
  await line.waitFor({ state: "attached", timeout: WAIT });
  return line;
}

/**
 * Shows the tab holding `selector`'s first element, on a page laid out in tabs (a phone): as a
 * person would, by pressing the tab. Nothing happens where every section shows.
 */
export async function showTabOf(page, selector) {
  await page.locator(selector).first().evaluate(el => {
    const panel = el.closest("[role=tabpanel]");
    if (panel && !panel.classList.contains("shown")) document.querySelector(`[role=tab][aria-controls="${panel.id}"]`).click();
  });
}

/** The texts of the log's lines. */
export async function logTexts(page) {
  return page.locator("#log li.log-line").allInnerTexts();
}

/** Saves a screenshot of one element (a form, a card) as `<name>-<size>.png` in SHOTS, as `screenshot` does. */
export async function screenshotOf(locator, name) {
  const size = locator.page().context().size || "desktop";
  const path = joinPath(SHOTS, `${name}-${size}.png`);
  await locator.screenshot({ path, animations: "disabled", scale: "css" });
  return path;
}

/** Fails if the page scrolls sideways at its width (phones: 375 px). */
export async function assertNoSideScroll(page, what) {
  // The context's width, not innerWidth: a phone widens its layout viewport to fit what overflows.
  const width = page.viewportSize().width;
  const scroll = await page.evaluate(() => document.scrollingElement.scrollWidth);
  assert.ok(scroll <= width + 1, `${what}: the page is ${scroll} px wide at ${width} px (it scrolls sideways)`);
}

/**
 * Fails if any move form the page offers asks for JSON (issue 15: no system needs JSON from a
 * person); the folded "Any command as JSON" box for experts is not a move.
 */
export async function assertNoJsonField(page, what) {
  // A JSON blank: one drawn for JSON, one labelled so, or a text box holding a JSON object or list.
  const json = await page.evaluate(() => [...document.querySelectorAll("form.move:not([data-raw])")]
    .filter(f => [...f.querySelectorAll("[data-kind]")].some(el => {
      if (el.dataset.kind === "json-text" || /json/i.test(el.closest("label")?.textContent || "")) return true;
      if (el.dataset.kind !== "text" || !/^\s*[[{]/.test(el.value)) return false;
      try { JSON.parse(el.value); return true; } catch (_) { return false; }
    }))
    .map(f => f.querySelector(":scope > fieldset > legend")?.textContent.trim()));
  assert.deepEqual(json, [], `${what}: moves with a JSON field`);
}

// ---- The lobby and seats ------------------------------------------------------------------

/**
 * Creates a table through the lobby's form in `page` (this context becomes the GM) and returns
 * {id, gmLink, inviteLink} from the created page, which stays open.
 */
export async function createTable(page, system, title, { lobbyShot = false, createdShot = false } = {}) {
  await page.goto("/");
  if (lobbyShot) await screenshot(page, "lobby");
  await page.getByLabel("Title").fill(title);
  await page.locator(`input[name=system][value=${system}]`).check();
  await page.getByRole("button", { name: "Create the table" }).click();
  await page.locator("#gm-link").waitFor();
  const gmLink = await page.locator("#gm-link").inputValue();
  const inviteLink = await page.locator("#invite-link").inputValue();
  const id = new URL(gmLink).pathname.split("/")[2];
  if (createdShot) await screenshot(page, `created-${system}`);
  return { id, gmLink, inviteLink };
}

/** From the created page: follows "Go to the table" and waits until it is live. */
export async function goToTable(page) {
  await page.getByRole("link", { name: "Go to the table" }).click();
  await page.waitForURL(/\/t\/[^/]+$/);
  await waitLive(page);
}

/** Opens the invite link in `page` (a fresh context), takes a seat as `name`, lands live at the table. */
export async function join(page, inviteLink, name, { shot } = {}) {
  await page.goto(inviteLink);
  if (shot) await screenshot(page, shot);
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Take a seat" }).click();
  await page.waitForURL(/\/t\/[^/]+$/);
  await waitLive(page);
  // A new seat is welcomed with its link to keep, once (`?from=join`): put it away.
  if (!/\/enter\?token=/.test(await page.locator("#seat-link-kept").inputValue())) {
    throw new Error(`${name}'s welcome shows no link to the seat`);
  }
  if (shot) await screenshot(page, `${shot}-welcome`);
  await page.getByRole("button", { name: "I have kept it" }).click();
}

/**
 * A live table of `system`: the GM's page (a fresh context at `gmSize`) and one page per player,
 * each a fresh context that joined with the invite. `players` are names, or [name, size] pairs.
 */
export async function tableWith(h, system, players, { gmSize = "desktop" } = {}) {
  const gm = await h.page(gmSize);
  const table = await createTable(gm, system, `A ${system} test`);
  await goToTable(gm);
  const pages = [];
  for (const player of players) {
    const [name, size] = Array.isArray(player) ? player : [player, "desktop"];
    const page = await h.page(size);
    await join(page, table.inviteLink, name);
    pages.push(page);
  }
  // The GM's page hears of every seat before the test goes on.
  for (let i = 0; i < players.length; i++) await waitLog(gm, `took seat ${i + 1}`);
  return { ...table, gm, players: pages };
}

// ---- Move forms -----------------------------------------------------------------------------

/** The moves the page's reader may make now, from GET /api/tables/{id}/moves (the cookie seats it). */
export async function movesOf(page, id) {
  const response = await page.request.get(`/api/tables/${id}/moves`);
  assert.equal(response.status(), 200, `GET moves: ${await response.text()}`);
  return (await response.json()).moves;
}

/**
 * The move form whose command's "do" is `does` and whose legend matches `legend` (string: contained,
 * or RegExp), waiting (bounded) for it to appear. Looks in #moves and the dice tools. The locator
 * finds the form again by its legend each time it is used, so it survives a live refresh of the
 * moves (which draws every form anew).
 */
export async function moveForm(page, does, legend) {
  const deadline = Date.now() + WAIT;
  const source = legend === undefined ? null : legend instanceof RegExp ? legend.source : escapeRegExp(legend);
  const flags = legend instanceof RegExp ? legend.flags : "";
  for (;;) {
    const found = await page.evaluate(({ does, source, flags }) => {
      const match = source === null ? null : new RegExp(source, flags);
      for (const f of document.querySelectorAll("form.move")) {
        let command;
        try { command = JSON.parse(f.getAttribute("data-command")); } catch (_) { continue; }
        const text = f.querySelector(":scope > fieldset > legend")?.textContent.trim() || "";
        if (command.do === does && (!match || match.test(text))) return text;
      }
      return null;
    }, { does, source, flags });
    if (found !== null) {
      const form = page.locator("form.move")
        .filter({ has: page.locator(":scope > fieldset > legend", { hasText: new RegExp(`^\\s*${escapeRegExp(found)}\\s*$`) }) })
        .first();
      // The form may sit in a closed <details> (a fold of the moves, the dice tools): open it,
      // and on a phone show the Moves tab.
      // (A form is read through the prototype: its blanks may shadow its own `closest`.)
      await form.evaluate(f => { for (let d = Element.prototype.closest.call(f, "details"); d; d = d.parentElement.closest("details")) d.open = true; });
      await showTabOf(page, `#${await form.evaluate(f => Element.prototype.closest.call(f, "section").id)}`);
      return form;
    }
    if (Date.now() > deadline) {
      const offered = await page.evaluate(() => [...document.querySelectorAll("form.move")].map(f => `${f.getAttribute("data-command")} "${f.querySelector("legend")?.textContent.trim()}"`));
      throw new Error(`no move form "${does}" ${legend ?? ""} on ${page.url()} within ${WAIT} ms; offered:\n  ${offered.join("\n  ")}`);
    }
    await sleep(100);
  }
}

function escapeRegExp(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

/**
 * Fills a move form's fields from `values` ({field name: value}), as a user would: numbers and
 * text typed, a choice picked by its JSON value (or its label), flags ticked, multiple choices
 * ticked by value.
 */
export async function fill(form, values) {
  for (const [name, value] of Object.entries(values)) {
    const multi = form.locator(`fieldset[data-field="${name}"]`);
    if (await multi.count()) {
      // Each wanted entry is a JSON value, or a string: the option with that value or that label.
      const wanted = Array.isArray(value) ? value : [value];
      const picked = [];
      for (const box of await multi.locator("input[type=checkbox]").all()) {
        const v = JSON.stringify(JSON.parse(await box.getAttribute("value")));
        const label = await box.evaluate(b => b.parentElement.textContent.trim());
        const on = value === "*" || wanted.some(w => JSON.stringify(w) === v || w === label);
        await box.setChecked(on);
        if (on) picked.push(label);
      }
      assert.ok(picked.length >= (value === "*" ? 1 : wanted.length), `"${name}": picked ${picked} for ${JSON.stringify(value)}`);
      continue;
    }
    const field = form.locator(`[name="${name}"]`).first();
    assert.equal(await field.count(), 1, `the form has no field "${name}"`);
    const kind = await field.getAttribute("data-kind");
    if (kind === "json") {
      const options = await field.locator("option").evaluateAll(os => os.map(o => ({ value: o.value, label: o.textContent.trim() })));
      const json = JSON.stringify(value);
      const option = options.find(o => JSON.stringify(JSON.parse(o.value)) === json) || options.find(o => o.label === value);
      assert.ok(option, `"${name}": no option ${json} among ${options.map(o => o.value + " (" + o.label + ")").join(", ")}`);
      await field.selectOption(option.value);
    } else if (kind === "flag") {
      await field.setChecked(Boolean(value));
    } else {
      await field.fill(typeof value === "string" ? value : JSON.stringify(value));
    }
  }
}

/**
 * Fills a list field's entries in order, as a person does: "Add" clicked until there are enough
 * (or "Remove" until there are no more), then each entry's blanks (a select by its option's JSON
 * value, anything else typed). Counts the fields filled and the clicks into `count`.
 */
export async function fillList(form, field, rows, count = { fields: 0, clicks: 0 }) {
  const list = form.locator(`fieldset[data-field="${field}"]`);
  const entries = list.locator(":scope > .entries > .entry");
  while (await entries.count() < rows.length) { await list.locator(":scope > .list-foot > [data-add]").click(); count.clicks++; }
  while (await entries.count() > rows.length) { await entries.last().locator(":scope > [data-remove]").click(); count.clicks++; }
  for (const [i, row] of rows.entries()) {
    const values = typeof row === "object" ? row : { "": row };
    for (const [name, value] of Object.entries(values)) {
      // A blank shown only for some values of another (Field::shown_when) shares its name with
      // the hidden ones of other kinds, which are disabled: the one shown is filled.
      const blank = entries.nth(i).locator(`[name="${name}"]:not(:disabled)`).first();
      if (await blank.evaluate(el => el.tagName) === "SELECT") await blank.selectOption(JSON.stringify(value));
      else await blank.fill(String(value));
      count.fields++;
    }
  }
}

/**
 * Waits until the form's odds box shows its chances (a percentage with its exact fraction
 * "n/d", or "certain"/"impossible" in words) and returns its text.
 */
export async function waitOdds(form) {
  const box = form.locator(".odds");
  // The odds' own figure: the advice beyond the roll, folded after it, has its own wait.
  const odds = box.locator(".odds-box:not(.advice-box) .chance-p b");
  await odds.first().waitFor({ timeout: WAIT });
  const text = (await box.innerText()).trim();
  for (const shown of await odds.allInnerTexts()) {
    // Exact: a percentage or a word; a simulation's estimate (issue 32's advice): with its margin,
    // or the bound its interval supports, never a certainty.
    assert.match(shown.trim(), /^(\d+(\.\d)?%|under 0\.1%|over 99\.9%|certain|impossible|\d+(\.\d)?% ± \d+(\.\d)?%|at (least|most) \d+(\.\d)?%|not known)$/, `a chance reads as a percentage or a word: ${text}`);
  }
  return text;
}

/**
 * Waits (bounded) until the first refusal shown beside a blank of `form` matches `pattern` (a
 * RegExp) and returns its text. The form's check is asked again as each blank changes, and an
 * answer for values typed before may be shown first on a busy machine ("Name is empty" while the
 * name was being typed): the test waits for the answer of the latest values. Fails with the
 * refusal shown if none matches in time.
 */
export async function waitFieldError(form, pattern) {
  const page = form.page();
  try {
    await page.waitForFunction(([f, source, flags]) => new RegExp(source, flags).test(f.querySelector(".field-error")?.innerText ?? ""),
      [await form.elementHandle(), pattern.source, pattern.flags], { timeout: WAIT });
  } catch (e) {
    const shown = await form.locator(".field-error").first().innerText().catch(() => "(none)");
    throw new Error(`no refusal matching ${pattern} beside the form's blanks within ${WAIT} ms; the first shown: ${shown}`);
  }
  return form.locator(".field-error").first().innerText();
}

/**
 * Waits (bounded: the advice is a simulation, slower in the debug build the tests serve) for the
 * advice beyond the roll under a form's odds (issue 32) and returns its text.
 */
export async function waitAdvice(form) {
  // Folded under its summary until opened: present, not shown.
  const box = form.locator(".odds .advice-box");
  await box.locator(".chance-p b").first().waitFor({ state: "attached", timeout: 6 * WAIT });
  return (await box.textContent()).replace(/\s+/g, " ").trim();
}

/**
 * Submits a move form and waits (bounded) until the server has answered: the submit button
 * is enabled again. Fails with the form's error if the action was refused, unless `refused`.
 * A move that asks before sending fails the test unless `confirm` names its question (accepted;
 * with `cancel`, dismissed, and nothing is sent), and `confirm` fails if nothing was asked.
 */
export async function submit(form, { refused = false, either = false, confirm = null, cancel = false } = {}) {
  const button = form.locator("button[type=submit]");
  const page = form.page();
  // The form may be swapped for a fresh copy by a live refresh while its answer is awaited (the
  // move, done, changes the moves): hold the element itself, whose button the page enables again
  // once the answer came, and read the answer from the form shown now under its id, where the page
  // writes it.
  const handle = await form.elementHandle();
  // A move that asks first (data-confirm, or a picked option's) must be expected by the test:
  // `confirm` is the question it must ask (a string or RegExp), accepted unless `cancel`.
  const asked = [];
  const onDialog = dialog => {
    asked.push(dialog.message());
    (confirm && !cancel ? dialog.accept() : dialog.dismiss()).catch(() => {});
  };
  page.on("dialog", onDialog);
  try {
    await button.click();
    await page.waitForFunction(f => !f.querySelector("button[type=submit]").disabled, handle, { timeout: WAIT });
  } finally {
    page.off("dialog", onDialog);
  }
  if (confirm) {
    assert.equal(asked.length, 1, `the move asked before sending (${confirm})`);
    if (confirm instanceof RegExp) assert.match(asked[0], confirm);
    else assert.equal(asked[0], confirm);
    if (cancel) { await handle.dispose(); return asked[0]; }
  } else {
    assert.deepEqual(asked, [], "the move sent without asking");
  }
  const error = await handle.evaluate(f => {
    const shown = f.isConnected ? f : document.getElementById(f.getAttribute("id")) || f;
    const e = shown.querySelector(".error");
    return e && !e.hidden ? e.textContent.trim() : "";
  });
  await handle.dispose();
  if (either) return error;
  if (refused) {
    assert.ok(error, "the action was refused");
    return error;
  }
  assert.equal(error, "", "the action was accepted");
  return "";
}

/** Finds, fills and submits a move in one go; returns the form's odds text if asked to check it. */
export async function act(page, does, legend, values = {}, { odds = false, confirm = null } = {}) {
  const form = await moveForm(page, does, legend);
  await fill(form, values);
  let shown = null;
  if (odds) shown = await waitOdds(form);
  await submit(form, { confirm });
  return shown;
}

/** The state the page's board was drawn from (the board's "whole state" JSON). */
export async function boardState(page) {
  await showState(page);
  const text = await page.locator("#board .raw-state pre").textContent();
  return JSON.parse(text);
}

/**
 * Opens the board's fold of the whole state as a reader does, and waits until it is drawn: the
 * page asks for it once the fold opens (board.html draws it empty while closed), and from then
 * on every update brings it.
 */
export async function showState(page) {
  const fold = page.locator("#board details.raw-state");
  if (!(await fold.evaluate(d => d.open))) await fold.evaluate(d => { d.open = true; });
  await page.waitForFunction(() => {
    const d = document.querySelector("#board details.raw-state");
    return d && d.open && !d.hasAttribute("data-empty") && d.querySelector("pre").textContent.trim() !== "";
  }, null, { timeout: WAIT });
}

/** Sends `command` through the page's "Any command as JSON" box (the dice tools). */
export async function sendRaw(page, command) {
  await showTabOf(page, "form.move[data-raw]");
  await page.evaluate(() => { for (const d of document.querySelectorAll("details.tools, details.raw")) d.open = true; });
  const form = page.locator("form.move[data-raw]");
  await form.locator("textarea[name=raw]").fill(JSON.stringify(command));
  // The action's own answer, awaited: a live update may swap the form for a fresh copy while the
  // action is on its way (`submit` then sees its form gone and returns at once), and a test that
  // goes on to reload the page would call the request off (a clean clone's CI, stop 44: a Twenty
  // character sent just before the pages' reload was never made). Bounded; a move the page
  // refused without asking the server has no answer to wait for.
  const answered = page.waitForResponse(
    r => r.request().method() === "POST" && new URL(r.url()).pathname.endsWith("/actions"),
    { timeout: WAIT },
  ).catch(() => null);
  const refusal = await submit(form);
  await answered;
  return refusal;
}

/**
 * Makes a character with the page's own enrolment form (`does`: the system's command), typing
 * `text` into its "character" blank as the move's note says (a line, or a JSON sheet). Returns ""
 * if the form's command was accepted, else the refusal; after a refusal the character is made
 * with `command` through the JSON box instead, so the rest of a test can go on (the caller fails
 * the form's test with the refusal).
 */
export async function enroll(page, does, text, command) {
  const form = await moveForm(page, does, /character/i);
  await fill(form, { character: text });
  const refusal = await submit(form, { either: true });
  if (refusal) {
    // A fresh page: a long refusal can widen a phone's page and move the buttons under the pointer.
    await page.reload();
    await waitLive(page);
    await sendRaw(page, command);
  }
  return refusal;
}

/** Waits until GET moves for the page's seat offers a move matching `test`; returns it. */
export async function waitMove(page, id, test, what) {
  const deadline = Date.now() + WAIT;
  for (;;) {
    const found = (await movesOf(page, id)).find(test);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`the API never offered ${what} within ${WAIT} ms`);
    await sleep(150);
  }
}

/** Pulls the dice drawn in a log line (their values, from each die's title "dN: V"). */
export async function diceOf(line) {
  return line.locator(".die").evaluateAll(ds => ds.map(d => d.getAttribute("title")));
}

/** Waits until every page has drawn the table up to the same record (the highest any has). */
export async function synced(...pages) {
  const seqs = await Promise.all(pages.map(p => p.evaluate(() => Number(document.getElementById("table").dataset.seq))));
  const top = Math.max(...seqs);
  for (const page of pages) {
    await page.waitForFunction(n => Number(document.getElementById("table").dataset.seq) >= n, top, { timeout: WAIT });
  }
  return top;
}

// ---- Accessibility ----------------------------------------------------------------------------

/** axe-core's script, pinned in package.json and injected into the page under test. */
export const AXE = joinPath(ROOT, "tests/browser/node_modules/axe-core/axe.min.js");

/**
 * Runs axe-core (WCAG 2 A and AA rules and its best practices) on the page as it is now; returns
 * its violations as [{id, impact, help, nodes: [target...]}].
 */
export async function axeViolations(page) {
  // Evaluated, not added as a <script>: the pages' Content-Security-Policy runs no inline script.
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(readFileSync(AXE, "utf8"));
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return result.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(" ")) }));
}

/** Counts violations by impact: {critical, serious, moderate, minor}. */
export function byImpact(violations) {
  const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const v of violations) counts[v.impact] += v.nodes.length;
  return counts;
}

/**
 * The accessible name and description Chromium gives the element `locator` finds, as a screen
 * reader hears them: {name, description} (from the browser's accessibility tree, over CDP).
 */
export async function accessible(locator) {
  const page = locator.page();
  const cdp = await page.context().newCDPSession(page);
  try {
    await locator.evaluate(el => el.setAttribute("data-accessible-probe", ""));
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "[data-accessible-probe]" });
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    const node = nodes.find(n => !n.ignored) || nodes[0];
    return { name: node?.name?.value ?? "", description: node?.description?.value ?? "" };
  } finally {
    await locator.evaluate(el => el.removeAttribute("data-accessible-probe"));
    await cdp.detach();
  }
}

// ---- Live updates -----------------------------------------------------------------------------

/** The seq of the last record the page has drawn. */
export async function seqOf(page) {
  return page.evaluate(() => Number(document.getElementById("table").getAttribute("data-seq")));
}

/**
 * Sends `command` through the API as the seat of `page` (its cookie); returns {status, body}.
 * Waits for nothing on the pages: see `seqOf`.
 */
export async function apiAct(page, id, command) {
  const response = await page.request.post(`/api/tables/${id}/actions`, { data: command });
  return { status: response.status(), body: await response.json().catch(() => null) };
}

/**
 * The command a move sends with each blank at its starting value, as a person who changes
 * nothing would send it: a number at its default, a flag as it starts, a choice at its first
 * option (a multiple choice empty), a text at its default or `text`; lists left empty.
 */
export function startingCommand(move, text = "as it goes") {
  const command = structuredClone(move.command);
  const put = (path, value) => {
    const keys = path.split(".");
    let at = command;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) { at[key] = value; return; }
      if (typeof at[key] !== "object" || at[key] === null) at[key] = /^\d+$/.test(keys[i + 1]) ? [] : {};
      at = at[key];
    });
  };
  for (const field of move.fields) {
    const k = field.kind;
    if (k.type === "number") put(field.name, k.default);
    else if (k.type === "flag") put(field.name, Boolean(k.default));
    else if (k.type === "choice" && k.multiple) put(field.name, []);
    else if (k.type === "choice" && k.options.length) put(field.name, k.options[0].value);
    else if (k.type === "text") put(field.name, k.default || text);
  }
  return command;
}

/**
 * The command the move form `form` (a locator) describes now, read from its blanks as a test
 * reads them, independently of the page's script: the form's fixed command, then each blank's
 * value at its dotted path from its scope (the form, or a list's entry); an empty text or choice
 * left out, a number as a number, a flag as true or false, a choice as its option's JSON.
 */
export async function formCommand(form) {
  return form.evaluate(f => {
    const scopeOf = el => el.parentElement.closest("[data-scope]");
    const nameOf = el => el.getAttribute("name") || el.getAttribute("data-field") || "";
    const blanks = scope => [...scope.querySelectorAll("[data-kind]")].filter(el => el.getAttribute("data-kind") !== "raw" && scopeOf(el) === scope);
    const put = (root, path, value) => {
      const keys = path.split(".");
      let at = root;
      keys.forEach((key, i) => {
        if (i === keys.length - 1) { at[key] = value; return; }
        if (typeof at[key] !== "object" || at[key] === null) at[key] = /^\d+$/.test(keys[i + 1]) ? [] : {};
        at = at[key];
      });
    };
    const value = el => {
      const kind = el.getAttribute("data-kind");
      if (kind === "list") {
        const entries = [...el.querySelector(":scope > .entries").children];
        if (el.hasAttribute("data-values")) return entries.map(e => value(blanks(e)[0])).filter(v => v !== undefined);
        return entries.map(e => collect(e, {}));
      }
      if (kind === "multi") return [...el.querySelectorAll("input:checked:not(:disabled)")].map(i => JSON.parse(i.value));
      if (kind === "number") return el.value === "" ? undefined : Number(el.value);
      if (kind === "flag") return el.checked;
      if (kind === "json") return el.value === "" ? undefined : JSON.parse(el.value);
      return el.value === "" ? undefined : el.value;
    };
    function collect(scope, target) {
      for (const el of blanks(scope)) {
        const v = value(el);
        if (v !== undefined) put(target, nameOf(el), v);
      }
      return target;
    }
    return collect(f, JSON.parse(f.getAttribute("data-command")));
  });
}

/**
 * Fails unless the odds the form `form` shows are the server's for the form's current values
 * (POST /t/{id}/odds with `formCommand`), once they settle (bounded): odds never stay stale.
 */
export async function assertOddsCurrent(form, what) {
  const page = form.page();
  const id = await page.evaluate(() => document.getElementById("table").getAttribute("data-table"));
  const deadline = Date.now() + WAIT;
  let shown = "", wanted = "";
  for (;;) {
    const command = await formCommand(form);
    wanted = await page.evaluate(async ({ id, command }) => {
      const response = await fetch(`/t/${id}/odds`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(command), credentials: "same-origin" });
      const holder = document.createElement("div");
      holder.innerHTML = await response.text();
      return holder.textContent.replace(/\s+/g, " ").trim();
    }, { id, command });
    // The odds only: the advice beyond the roll comes after them, of its own request.
    shown = (await form.locator(".odds").evaluate(box => {
      const copy = box.cloneNode(true);
      for (const advice of copy.querySelectorAll(".advice")) advice.remove();
      return copy.textContent;
    })).replace(/\s+/g, " ").trim();
    if (shown === wanted && JSON.stringify(command) === JSON.stringify(await formCommand(form))) return shown;
    if (Date.now() > deadline) break;
    await sleep(200);
  }
  assert.equal(shown, wanted, `${what}: the odds shown are the server's for the form's values`);
}
