// Runs the browser test files in the order given, `--concurrency` files at a time (default 2), and
// prints each file's time at the end. `node --test` sorts the files it is given by name whatever
// their order on the command line (Node 20 and later), so scripts/test's "longest first" did
// nothing while it called `node --test`: turn.test.mjs and twenty.test.mjs, two of the longest,
// started ninth and tenth. node:test's `run()` keeps the order of its `files` (docs/reliability.md,
// "CI time"). Exits 1 if a test (or a whole file) failed.
//
//   node tests/browser/run.mjs [--concurrency=N] [--reporter=spec|tap] FILE...
//
// With no FILE, every tests/browser/*.test.mjs by name.
import { run } from "node:test";
import { spec, tap } from "node:test/reporters";
import { readdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
let concurrency = 2;
let reporter = spec;
const files = [];
for (const arg of process.argv.slice(2)) {
  const option = /^--(\w+)=(.*)$/.exec(arg);
  if (option?.[1] === "concurrency" && /^[1-9]\d*$/.test(option[2])) concurrency = Number(option[2]);
  else if (option?.[1] === "reporter" && ["spec", "tap"].includes(option[2])) reporter = option[2] === "tap" ? tap : spec;
  else if (option || arg.startsWith("-")) {
    console.error(`run.mjs: unknown option ${arg} (allowed: --concurrency=N with N 1 or more, --reporter=spec or tap)`);
    process.exit(2);
  } else files.push(resolve(arg));
}
if (!files.length) files.push(...readdirSync(here).filter(f => f.endsWith(".test.mjs")).sort().map(f => join(here, f)));

// Each file's span: the runner starts it (the file's own dequeue) and it ends (its own complete).
const spans = new Map();
const start = Date.now();
// Stopped (scripts/test's `timeout`, ^C): the files' processes are stopped too, each cleaning up
// its server and Chromium on SIGTERM (harness.mjs), rather than left running without the runner.
const stop = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    process.exitCode = 1;
    stop.abort();
    setTimeout(() => process.exit(1), 10_000).unref();
  });
}
const stream = run({ files, concurrency, signal: stop.signal });
stream.on("test:dequeue", data => { if (data.name === data.file) spans.set(data.file, { first: Date.now(), last: null }); });
stream.on("test:complete", data => { if (data.name === data.file && spans.has(data.file)) spans.get(data.file).last = Date.now(); });
stream.on("test:fail", () => { process.exitCode = 1; });
const out = stream.compose(reporter);
out.pipe(process.stdout);
out.on("end", () => {
  const rows = [...spans].map(([file, s]) => `${(((s.last ?? Date.now()) - s.first) / 1000).toFixed(0).padStart(5)} s  ${basename(file)} (from ${((s.first - start) / 1000).toFixed(0)} s)`);
  process.stdout.write(`# each file's time, ${concurrency} at a time:\n${rows.map(r => `# ${r}`).join("\n")}\n# all: ${((Date.now() - start) / 1000).toFixed(0)} s\n`);
});
