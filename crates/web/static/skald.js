// Skald's one script: live updates over the table's WebSocket (reconnecting by itself), move
// forms sent as JSON, odds asked for as a form changes, and copy buttons. No framework, no CDN.
"use strict";

(function () {
  for (const button of document.querySelectorAll("[data-copy]")) {
    button.addEventListener("click", async () => {
      const input = document.getElementById(button.dataset.copy);
      input.select();
      try { await navigator.clipboard.writeText(input.value); button.textContent = "Copied"; }
      catch (_) { document.execCommand("copy"); button.textContent = "Copied"; }
    });
  }
  // The GM's new links: an invite (`data-invite`), or a player's seat handed back
  // (`data-seat-for`, the player's id): each asks the server for a token, shown once in its field.
  async function newLink(button, into, path, body, linkOf) {
    const table = document.getElementById("table");
    const input = document.getElementById(into);
    const response = await fetch(`/api/tables/${table.dataset.table}/${path}`, {
      method: "POST", credentials: "same-origin",
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await response.json().catch(() => ({}));
    input.value = response.ok ? `${location.origin}/t/${table.dataset.table}/${linkOf(answer)}` : (answer.error ? answer.error.message : response.statusText);
    input.select();
  }
  for (const button of document.querySelectorAll("[data-invite]")) {
    button.addEventListener("click", () => newLink(button, button.dataset.invite, "invite", null, (a) => `join?invite=${a.invite}`));
  }
  for (const button of document.querySelectorAll("[data-seat-for]")) {
    button.addEventListener("click", () => newLink(button, button.dataset.into, "seat-link", { player: Number(button.dataset.seatFor) }, (a) => `enter?token=${a.token}`));
  }
  for (const button of document.querySelectorAll("[data-dismiss]")) {
    button.addEventListener("click", () => document.getElementById(button.dataset.dismiss).remove());
  }
  for (const radio of document.querySelectorAll("input[data-system]")) {
    radio.addEventListener("change", () => {
      for (const set of document.querySelectorAll("[data-options-for]")) {
        const shown = set.dataset.optionsFor === radio.value;
        set.hidden = !shown;
        for (const input of set.querySelectorAll("input, select")) input.disabled = !shown;
      }
    });
  }
  for (const set of document.querySelectorAll("[data-options-for][hidden]")) {
    for (const input of set.querySelectorAll("input, select")) input.disabled = true;
  }

  const table = document.getElementById("table");
  if (!table) return;
  // A welcome (`?from=join`) or a notice (`?from=invite`) is said once: a reload shows the table.
  if (new URLSearchParams(location.search).has("from")) history.replaceState(null, "", location.pathname + location.hash);
  const id = table.dataset.table;
  let seq = Number(table.dataset.seq);
  const status = document.getElementById("status");

  // A form's blanks shadow the form's own properties of the same name (HTML's named properties: a
  // blank `value`, `name`, `method`, `remove`, `length`... is `form.value`, `form.name`, ...), and
  // assigning one throws: a field named `value` froze every live update (issue 31). So a form is
  // read and marked through its attributes and the prototypes' methods, never a one-word property
  // of its own (`dataset`, `id`, `matches`...); blanks are snake_case, so camelCase methods
  // (`querySelector`, `getAttribute`) are safe.
  const data = (el, name) => el.getAttribute("data-" + name);
  const hasData = (el, name) => el.hasAttribute("data-" + name);
  const setData = (el, name, value) => el.setAttribute("data-" + name, value);
  const unsetData = (el, name) => el.removeAttribute("data-" + name);
  const is = (el, selector) => Element.prototype.matches.call(el, selector);
  const up = (el, selector) => Element.prototype.closest.call(el, selector);

  // A text the table sent (a refusal, a choice's help) with the rulings it cites linked to their
  // statement, as the pages' `rule_links` filter links theirs (crates/server/src/links.rs): an
  // id this table's rules page states, inside parentheses; the text itself stays text.
  const ruleCodes = new Set((table.dataset.ruleCodes || "").split(" ").filter(Boolean));
  function showText(el, text) {
    el.textContent = "";
    let depth = 0, plain = "";
    const flush = () => { if (plain) el.append(plain); plain = ""; };
    for (let i = 0; i < text.length;) {
      const c = text[i];
      if (c === "(") depth++;
      if (c === ")") depth = Math.max(0, depth - 1);
      const code = depth > 0 && !/\w/.test(text[i - 1] || "") ? /^[TLCF]\d{1,2}(?!\w)/.exec(text.slice(i)) : null;
      if (code && ruleCodes.has(code[0])) {
        flush();
        const link = document.createElement("a");
        link.className = "rule-link";
        link.href = `/rules/${table.dataset.system}#${code[0]}`;
        // As the filter's links: a new tab, so what the reader typed stays (links.rs, NEW_TAB).
        Object.assign(link, { target: "_blank", rel: "noopener", title: "opens in a new tab" });
        link.textContent = code[0];
        el.append(link);
        i += code[0].length;
      } else {
        plain += c;
        i++;
      }
    }
    flush();
  }

  function say(text, kind) {
    status.textContent = text;
    status.className = "status " + (kind || "");
  }

  // A form's blanks: each has data-kind and a name (`name`, or `data-field` on a fieldset) that is a
  // dotted path from its scope, the form or the list entry it sits in (crates/core/src/moves.rs).
  function scopeOf(el) { return el.parentElement.closest("[data-scope]"); }
  function nameOf(el) { return el.name || el.dataset.field || ""; }
  // A blank hidden by its `shown_when` (macros.html `when`) is no blank: left out of the command.
  function blanksOf(scope) {
    return [...scope.querySelectorAll("[data-kind]")].filter(el => el.dataset.kind !== "raw" && scopeOf(el) === scope
      && !el.closest("[data-shown-when][hidden]"));
  }
  function entriesOf(list) { return [...list.querySelector(":scope > .entries").children]; }

  // Dotted paths: a number segment is an array's index.
  function getPath(root, path) {
    return path.split(".").reduce((at, key) => (at === undefined || at === null) ? undefined : at[key], root);
  }
  function setPath(root, path, value) {
    const keys = path.split(".");
    let at = root;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) { at[key] = value; return; }
      if (at[key] === undefined || at[key] === null || typeof at[key] !== "object") at[key] = /^\d+$/.test(keys[i + 1]) ? [] : {};
      at = at[key];
    });
  }

  // One blank's value (`undefined` for an empty text box or choice, left out of the command); each
  // blank is noted in `paths` under its path from the command's root, to show a refusal beside it.
  function valueOf(el, paths, path) {
    const kind = el.dataset.kind;
    if (kind === "list") {
      const values = el.dataset.values !== undefined;
      const out = [];
      for (const entry of entriesOf(el)) {
        const at = `${path}.${out.length}`;
        if (!values) { out.push(collect(entry, {}, paths, at + ".")); continue; }
        const only = blanksOf(entry)[0];
        const value = only && valueOf(only, paths, at);
        // An entry added and left empty is no entry.
        if (value !== undefined) { paths.set(at, only); out.push(value); }
      }
      return out;
    }
    if (kind === "multi") return [...el.querySelectorAll("input:checked:not(:disabled)")].map(i => JSON.parse(i.value));
    if (kind === "number") return el.value === "" ? undefined : Number(el.value);
    if (kind === "flag") return el.checked;
    if (kind === "json") return el.value === "" ? undefined : JSON.parse(el.value);
    return el.value === "" ? undefined : el.value;
  }
  function collect(scope, target, paths, prefix) {
    for (const el of blanksOf(scope)) {
      const name = nameOf(el);
      paths.set(prefix + name, el);
      const value = valueOf(el, paths, prefix + name);
      if (value !== undefined) setPath(target, name, value);
    }
    return target;
  }

  // The command a move form describes: its fixed part plus each blank's value at its path; a
  // blank that only steers the form (`Field::form_only`: which blanks show) is left out.
  function commandOf(form, paths = new Map()) {
    if (hasData(form, "raw")) return JSON.parse(form.querySelector("[data-kind=raw]").value);
    const command = collect(form, JSON.parse(data(form, "command")), paths, "");
    for (const el of blanksOf(form)) if (el.hasAttribute("data-form-only")) delete command[nameOf(el)];
    return command;
  }

  // Fills a scope's blanks from `source` (a loaded sheet file): lists get one entry per item.
  function fillFrom(scope, source) {
    for (const el of blanksOf(scope)) setValue(el, getPath(source, nameOf(el)));
  }
  function setValue(el, value) {
    const kind = el.dataset.kind;
    const json = v => JSON.stringify(v);
    if (kind === "list") {
      const holder = el.querySelector(":scope > .entries");
      holder.replaceChildren();
      const items = Array.isArray(value) ? value.slice(0, Number(el.dataset.max)) : [];
      for (const item of items) {
        holder.appendChild(el.querySelector(":scope > template").content.cloneNode(true));
        const entry = holder.lastElementChild;
        if (el.dataset.values !== undefined) { const only = blanksOf(entry)[0]; if (only) setValue(only, item); }
        else fillFrom(entry, item);
      }
    } else if (kind === "multi") {
      const wanted = new Set((Array.isArray(value) ? value : []).map(json));
      for (const box of el.querySelectorAll("input[type=checkbox]")) box.checked = wanted.has(json(JSON.parse(box.value)));
    } else if (kind === "flag") {
      el.checked = Boolean(value);
    } else if (kind === "json") {
      const option = [...el.options].find(o => json(JSON.parse(o.value)) === json(value));
      if (option) el.value = option.value;
    } else if (value !== undefined && value !== null) {
      el.value = String(value);
    } else if (kind === "text" || value === null) {
      // A null empties a blank of any kind (a proposal leaving a stat out); a value merely
      // missing from a loaded sheet leaves a number at what the form holds.
      el.value = "";
    }
  }

  // A proposal taken (issue 32: "Use this" under a fair fight's advice, macros.html
  // `chance_bar`): its data-fill names blanks of the form the advice sits under, each with the
  // value it takes as the command holds it (a list: its entries, laid out from the list's own
  // template). Each is set and marked as typed, a name the form lacks passed over, then the form
  // changes as when typed: its check, odds and advice are asked again. The button goes with the
  // old advice, so the focus moves to the first blank set.
  function useProposal(button) {
    const form = up(button, "form.move");
    if (!form) return;
    let values;
    try { values = JSON.parse(button.getAttribute("data-fill")); } catch (_) { return; }
    const set = blanksOf(form).filter(el => Object.hasOwn(values || {}, nameOf(el)));
    if (!set.length) return;
    for (const el of set) {
      setValue(el, values[nameOf(el)]);
      el.dataset.touched = "1";
    }
    setData(form, "touched", "1");
    formChanged(form);
    // The first blank set in the form's order that can take the focus (an emptied list cannot).
    const first = set.map(el => is(el, "input, select, textarea") ? el : el.querySelector("input, select, textarea")).find(Boolean);
    if (first) first.focus();
  }

  // Options offered only while another blank holds certain values (a key's traits while the key
  // is picked): hidden and unpicked otherwise; a select left on a withdrawn option moves to the
  // first one offered. Two passes settle options that depend on options.
  function holds(root, condition) {
    const value = getPath(root, condition.field);
    const wanted = condition.any_of.map(v => JSON.stringify(v));
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return values.some(v => wanted.includes(JSON.stringify(v)));
  }
  // A blank shown only while another blank of its scope (the form, or its list entry) holds
  // certain values (`Field::shown_when`): hidden, its controls disabled (no check of a hidden
  // blank stops a send) and left out of the command (`blanksOf`) otherwise.
  function applyShown(form) {
    for (const el of form.querySelectorAll("[data-shown-when]")) {
      const scope = scopeOf(el);
      let values;
      try { values = collect(scope, {}, new Map(), ""); } catch (_) { continue; }
      const on = holds(values, JSON.parse(el.dataset.shownWhen));
      el.hidden = !on;
      for (const control of el.querySelectorAll("input, select, textarea")) {
        if (!on && !control.disabled) { control.disabled = true; control.dataset.shownOff = "1"; }
        if (on && control.dataset.shownOff) { control.disabled = false; delete control.dataset.shownOff; }
      }
    }
  }
  function applyConditions(form, fit = true) {
    for (let pass = 0; pass < 2; pass++) {
      applyShown(form);
      let root;
      try { root = commandOf(form); } catch (_) { return; }
      for (const el of form.querySelectorAll("[data-only-if]")) {
        const on = holds(root, JSON.parse(el.dataset.onlyIf));
        el.hidden = !on;
        if (el.tagName === "OPTION") { el.disabled = !on; continue; }
        const box = el.querySelector("input");
        box.disabled = !on;
        if (!on) box.checked = false;
      }
      for (const select of form.querySelectorAll("select[data-kind=json]")) {
        const chosen = select.selectedOptions[0];
        if (!chosen || chosen.disabled) {
          const first = [...select.options].find(o => !o.disabled);
          select.value = first ? first.value : "";
        }
      }
    }
    for (const select of form.querySelectorAll("select[data-kind=json]")) {
      const help = select.closest(".field")?.querySelector(":scope > .choice-help");
      if (!help) continue;
      const text = select.selectedOptions[0] ? select.selectedOptions[0].dataset.help || "" : "";
      showText(help, text);
      help.hidden = !text;
    }
    if (fit) fitChoices(form);
  }

  // A picked option wider than its box (a label naming every NPC, on a phone) is cut by the
  // browser: the whole label is shown under the box, wrapped. Measured against the box's room, so
  // only where it is cut; a box not shown (a fold, another tab) is measured when it shows.
  const measure = document.createElement("canvas").getContext("2d");
  // Whether `el` lies in a closed fold or in a tab not shown, told from the markup alone: the
  // browser skips laying out a closed <details>'s content, and reading the size of a box in it
  // (or its visibility) made it lay out that content, all of it, on every update (a Twenty GM's
  // bring-in: about 30 ms of a 67 ms task on this machine, in a trace).
  function folded(el) {
    for (let d = up(el, "details"); d; d = d.parentElement && up(d.parentElement, "details")) if (!d.open) return true;
    const section = table.hasAttribute("data-tabbed") ? up(el, ".table-grid > section") : null;
    return Boolean(section && !section.classList.contains("shown"));
  }
  function fitChoices(...roots) {
    // Every box of every root measured first, then every label written: a write between two
    // measures would lay the page out again for each choice.
    const cuts = [];
    for (const whole of roots.flatMap(root => [...root.querySelectorAll(".choice-whole")])) {
      if (folded(whole)) continue;
      const select = whole.parentElement.querySelector(":scope > label > select");
      if (!select || !select.clientWidth) continue;
      const option = select.selectedOptions[0];
      const text = option ? option.textContent.trim() : "";
      const style = getComputedStyle(select);
      measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      // The room for the label: the box less its padding and the arrow (about 1.5em).
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1.5 * parseFloat(style.fontSize);
      cuts.push([whole, text, Boolean(text) && measure.measureText(text).width > room]);
    }
    for (const [whole, text, cut] of cuts) {
      if (whole.hidden !== !cut) whole.hidden = !cut;
      if (whole.textContent !== (cut ? text : "")) whole.textContent = cut ? text : "";
    }
  }
  window.addEventListener("resize", () => fitChoices(document));

  // A list's running sum against its target ("8 of 10 boxes"), and its add and remove buttons
  // within the list's bounds.
  function showLists(form) {
    for (const list of form.querySelectorAll("fieldset[data-kind=list]")) {
      const entries = entriesOf(list);
      const add = list.querySelector(":scope > .list-foot > [data-add]");
      if (add) add.disabled = entries.length >= Number(list.dataset.max);
      for (const entry of entries) {
        const remove = entry.querySelector(":scope > [data-remove]");
        if (remove) remove.disabled = entries.length <= Number(list.dataset.min);
      }
      const out = list.querySelector(":scope > .list-foot > .total");
      if (!out) continue;
      const field = list.dataset.totalField, target = Number(list.dataset.totalTarget);
      let sum = 0;
      for (const entry of entries) {
        const el = blanksOf(entry).find(b => nameOf(b) === field);
        if (el && el.value !== "") sum += Number(el.value) || 0;
      }
      out.textContent = sum === target ? `${sum} of ${target}: exactly right`
        : sum < target ? `${sum} of ${target}: ${target - sum} still to place` : `${sum} of ${target}: ${sum - target} too many`;
      out.className = "total " + (sum === target ? "ok" : "off");
    }
  }

  // The blank a refusal names: the exact path, else the first blank inside it (a whole entry),
  // else the deepest blank above it (a part of one value), else one whose path ends with it.
  function blankFor(paths, field) {
    if (!field) return null;
    if (paths.has(field)) return paths.get(field);
    for (const [path, el] of paths) if (path.startsWith(field + ".")) return el;
    let best = null, length = -1;
    for (const [path, el] of paths) {
      if (field.startsWith(path + ".") && path.length > length) { best = el; length = path.length; }
    }
    if (best) return best;
    // A field named without its path (a missing field: serde reads a command through a buffer
    // that keeps none): of the blanks with that name, the first one left empty.
    const named = [...paths].filter(([path]) => path.endsWith("." + field)).map(([, el]) => el);
    return named.find(el => "value" in el && el.value === "") || named[0] || null;
  }

  // A blank's help is its description, not part of its name (macros.html, `leaf`): each help
  // gets an id from its form's key and its place, and the blank it sits beside (the control in
  // the label before it; a list's or a choice's fieldset) lists it in aria-describedby. Ids
  // made from the form's command and legend stay the same across live updates, so a morph finds
  // every blank as it was; run again on a new list entry (its template's help has no id yet).
  function describedOf(help) {
    const holder = help.parentElement;
    if (holder.tagName === "FIELDSET") return holder;
    const label = holder.querySelector(":scope > label");
    return label ? label.control : null;
  }
  function describeBlanks(root) {
    const forms = root instanceof Element && is(root, "form.move") ? [root] : root.querySelectorAll("form.move");
    for (const form of forms) {
      const key = formKey(form);
      const helps = new Map();
      form.querySelectorAll("small.help").forEach((help, i) => {
        help.id = `help-${key}-${i}`;
        const blank = describedOf(help);
        if (blank) helps.set(blank, [...(helps.get(blank) || []), help.id]);
      });
      for (const [blank, ids] of helps) blank.setAttribute("aria-describedby", ids.join(" "));
    }
  }

  // What the table would answer, shown beside the blank it is about before anything is sent,
  // and said after its name (aria-describedby), never inside its label.
  function showCheck(form, paths, error) {
    for (const old of form.querySelectorAll(".field-error")) old.remove();
    for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
    const noteId = `error-${formKey(form)}`;
    for (const el of form.querySelectorAll(`[aria-describedby~="${noteId}"]`)) {
      const rest = el.getAttribute("aria-describedby").split(" ").filter(t => t !== noteId);
      if (rest.length) el.setAttribute("aria-describedby", rest.join(" ")); else el.removeAttribute("aria-describedby");
    }
    if (!error) return;
    const note = document.createElement("small");
    note.className = "field-error";
    showText(note, error.message);
    const blank = blankFor(paths, error.field);
    if (blank) {
      blank.setAttribute("aria-invalid", "true");
      const holder = blank.tagName === "FIELDSET" ? blank : blank.closest(".field, .option") || blank;
      holder.appendChild(note);
      note.id = noteId;
      blank.setAttribute("aria-describedby", [blank.getAttribute("aria-describedby"), noteId].filter(Boolean).join(" "));
    } else {
      form.querySelector("button[type=submit]").before(note);
    }
  }
  // The latest question asked about each form, by kind ("check", "odds"): an answer to an
  // earlier one (asked before the last record came, answered after) is never shown over it.
  const asked = { check: new WeakMap(), odds: new WeakMap() };
  function ask(kind, form) {
    const n = (asked[kind].get(form) || 0) + 1;
    asked[kind].set(form, n);
    return () => asked[kind].get(form) === n;
  }
  async function checkForm(form) {
    if (hasData(form, "raw")) return;
    const paths = new Map();
    let command;
    try { command = commandOf(form, paths); } catch (_) { return; }
    const latest = ask("check", form);
    try {
      const response = await post(`/api/tables/${id}/check`, command);
      if (!response.ok) return;
      const answer = await response.json();
      // A form morphed or changed since (sent, reset, typed on) shows only its own check.
      if (latest() && form.isConnected && sameCommand(form, command)) showCheck(form, paths, answer.ok ? null : answer.error);
    } catch (_) { /* the connection is down: the next change asks again */ }
  }

  // Everything a change redraws in its form; the odds and the check wait for typing to pause.
  const timers = new WeakMap();
  function formChanged(form) {
    // A refusal shown after sending was about the values sent: changed, they are checked again
    // and what is still wrong shows beside its blank, so the old refusal goes (issue 31: a
    // refusal stayed on the page after its blank was fixed).
    const sent = form.querySelector(".error");
    if (sent) sent.hidden = true;
    describeBlanks(form);
    applyConditions(form);
    showLists(form);
    clearTimeout(timers.get(form));
    timers.set(form, setTimeout(() => { showOdds(form); checkForm(form); }, 250));
  }
  function formsDrawn(root) {
    describeBlanks(root);
    for (const form of root.querySelectorAll("form.move")) { applyConditions(form, false); showLists(form); }
    fitChoices(root);
  }

  // 128 random bits as hex: crypto.randomUUID needs a secure context, which a table served over
  // plain HTTP on a home network is not.
  function clientId() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return [...bytes].map(b => b.toString(16).padStart(2, "0")).join("");
  }

  // An action, sent again (with the same client_id) when the connection drops before the answer:
  // at most three tries, a second apart.
  async function sendAction(command) {
    for (let attempt = 1; ; attempt++) {
      try { return await post(`/api/tables/${id}/actions`, command); }
      catch (e) {
        if (attempt >= 3) throw e;
        await new Promise(resolve => setTimeout(resolve, 1000));
      }
    }
  }

  async function post(url, body, signal) {
    return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin", signal });
  }

  // A form's questions for odds and advice in flight: asking again calls off the older ones, so
  // the server drops them while they still wait for its gate and works out only what is shown.
  const inFlight = new WeakMap();
  function freshSignal(form) {
    inFlight.get(form)?.abort();
    const controller = new AbortController();
    inFlight.set(form, controller);
    return controller.signal;
  }

  // Whether `form` still sends `command`: an answer about other values is not shown.
  function sameCommand(form, command) {
    try { return JSON.stringify(commandOf(form)) === JSON.stringify(command); } catch (_) { return false; }
  }

  // A form's odds: shown only if they answer the latest question about it, for the values it
  // holds now, and are of a state no older than the newest record the page has drawn that may
  // change odds (`oddsSince`; the `skald-odds-seq` header; none for the free roller's notation,
  // which no record changes). Odds of an older state are dropped: the live update that drew the
  // newer record asks again (`morphMoves`), so a stale answer is never shown for a newer state
  // (issue 32). Records that change no odds (talk, free rolls: the parts' `odds_kept`) leave
  // `oddsSince` where it was, so an answer asked for before them still shows.
  let oddsSince = seq;
  function oddsFresh(response) {
    const at = response.headers.get("skald-odds-seq");
    return at === null || Number(at) >= oddsSince;
  }
  async function showOdds(form) {
    const box = form.querySelector(".odds");
    if (!box || !hasData(form, "odds")) return;
    let command;
    try { command = commandOf(form); } catch (_) { return; }
    const latest = ask("odds", form);
    const signal = freshSignal(form);
    try {
      const response = await post(`/t/${id}/odds`, command, signal);
      const html = response.ok ? await response.text() : null;
      if (html !== null && latest() && sameCommand(form, command) && oddsFresh(response)) {
        // The advice shown stays, marked as being worked out again, until the new one comes: a
        // busy server's advice takes seconds, and a panel that vanished on each keystroke read
        // as "no advice" (a fresh GM's try of issue 32).
        const shown = box.querySelector(":scope > details.advice");
        box.innerHTML = html;
        if (shown) { shown.classList.add("stale"); shown.setAttribute("aria-busy", "true"); box.append(shown); }
        // Then the advice beyond the roll (issue 32), slower: under the odds once it comes, for
        // the same question only. A command may have advice and no odds (an NPC drafted: the
        // party's chance against it).
        showAdvice(form, box, command, latest, html.trim() === "", signal);
      }
    } catch (_) { /* the connection is down, or a newer question called this one off */ }
  }
  // What the advice box says while it waits: after half a second (most forms' answer, "no
  // advice", comes sooner), "working out…"; once the server stayed busy, that it did not come.
  function adviceNote(box, text) {
    let note = box.querySelector(":scope > .advice-note");
    if (text === null) { note?.remove(); return; }
    // Above the older advice, where the reader's eye is.
    if (!note) { note = document.createElement("p"); note.className = "advice-note small"; note.setAttribute("role", "status"); box.insertBefore(note, box.querySelector(":scope > details.advice")); }
    note.textContent = text;
  }
  // The advice has a gate of one at the server, where a question waits its turn up to a second:
  // still busy (503), it is asked again a moment later, a bounded number of times, as long as it
  // is still wanted. The older advice (marked stale) goes when the newer answer comes.
  async function showAdvice(form, box, command, latest, alone, signal) {
    const wanted = () => latest() && sameCommand(form, command);
    const waiting = setTimeout(() => { if (wanted()) adviceNote(box, "Working out each choice's chance…"); }, 500);
    const settle = html => {
      clearTimeout(waiting);
      if (!wanted()) return;
      adviceNote(box, null);
      // A fold the reader had opened stays open in the newer advice ("Use this" asks again, and
      // comparing another proposal should not mean opening the fold again).
      let opened = false;
      for (const old of box.querySelectorAll(":scope > details.advice.stale")) { opened ||= old.open; old.remove(); }
      if (html.trim() !== "") box.insertAdjacentHTML("beforeend", html);
      if (opened) for (const fresh of box.querySelectorAll(":scope > details.advice")) fresh.open = true;
    };
    for (let attempt = 1; attempt <= 20 && wanted(); attempt++) {
      try {
        const response = await post(`/t/${id}/advice${alone ? "?alone=1" : ""}`, command, signal);
        if (response.status === 503) { await new Promise(resolve => setTimeout(resolve, 300)); continue; }
        // Not a command yet (a blank emptied or out of range, refused beside it): the advice shown
        // stays, marked as of the form before, rather than vanishing on each slip.
        if (response.status === 422) {
          clearTimeout(waiting);
          if (wanted() && box.querySelector(":scope > details.advice.stale")) adviceNote(box, "The chances below are of the form as it was: they are worked out again once the blanks marked are filled in.");
          return;
        }
        const html = response.ok ? await response.text() : "";
        if (oddsFresh(response)) settle(html);
        return;
      } catch (_) { clearTimeout(waiting); return; /* the connection is down, or a newer question called this one off */ }
    }
    clearTimeout(waiting);
    if (wanted()) adviceNote(box, "The chances beyond this roll were not worked out: the server is busy. Change the form, or wait for the next move, to ask again.");
  }

  document.addEventListener("input", event => {
    const form = up(event.target, "form.move");
    if (form && !is(event.target, "[data-load-sheet]")) {
      event.target.dataset.touched = "1";
      setData(form, "touched", "1");
      formChanged(form);
    }
  });

  document.addEventListener("click", event => {
    const add = up(event.target, "[data-add]");
    if (add) {
      const list = add.closest("fieldset[data-kind=list]");
      const holder = list.querySelector(":scope > .entries");
      list.dataset.touched = "1";
      setData(list.closest("form.move"), "touched", "1");
      if (holder.children.length < Number(list.dataset.max)) {
        holder.appendChild(list.querySelector(":scope > template").content.cloneNode(true));
        const first = holder.lastElementChild.querySelector("input, select, textarea");
        if (first) first.focus();
      }
      formChanged(list.closest("form.move"));
      return;
    }
    const remove = up(event.target, "[data-remove]");
    if (remove) {
      const form = remove.closest("form.move");
      remove.closest("fieldset[data-kind=list]").dataset.touched = "1";
      setData(form, "touched", "1");
      remove.closest(".entry").remove();
      formChanged(form);
      return;
    }
    const use = up(event.target, "button[data-fill]");
    if (use) { useProposal(use); return; }
    const save = up(event.target, "[data-save-sheet]");
    if (save) saveSheet(save.closest("form.move"));
  });

  // A sheet file: {"skald_sheet": 1, "system": ..., "sheet": {...}}, the sheet as the move's
  // command holds it (docs/sheets.md). Loading one fills the form; nothing is sent.
  function saveSheet(form) {
    const error = form.querySelector(".error");
    let command;
    try { command = commandOf(form); }
    catch (e) { error.textContent = "The form does not make a sheet yet: " + e.message; error.hidden = false; return; }
    const sheet = getPath(command, data(form, "sheet")) || {};
    const file = { skald_sheet: 1, system: table.dataset.system, sheet };
    const name = (typeof sheet.name === "string" && sheet.name.trim()) || "character";
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2) + "\n"], { type: "application/json" }));
    link.download = name.replace(/[^\p{L}\p{N} _-]+/gu, "").trim().replace(/ +/g, "-").slice(0, 60) + ".skald.json";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }
  document.addEventListener("change", async event => {
    const input = up(event.target, "[data-load-sheet]");
    if (!input || !input.files.length) return;
    const form = input.closest("form.move");
    const error = form.querySelector(".error");
    const fail = text => { error.textContent = text; error.classList.remove("mono"); error.hidden = false; input.value = ""; };
    const file = input.files[0];
    if (file.size > 256 * 1024) return fail(`"${file.name}" is ${Math.round(file.size / 1024)} KB: a sheet file is at most 256 KB.`);
    let loaded;
    try { loaded = JSON.parse(await file.text()); }
    catch (e) { return fail(`"${file.name}" is not a sheet file (not JSON: ${e.message}).`); }
    // A sheet file names its system; a bare sheet, as the API takes it, is taken as it is.
    if (loaded && loaded.skald_sheet !== undefined) {
      if (loaded.system !== table.dataset.system) {
        return fail(`"${file.name}" is a sheet for ${loaded.system}; this table plays ${table.dataset.system}.`);
      }
      loaded = loaded.sheet;
    }
    if (!loaded || typeof loaded !== "object" || Array.isArray(loaded)) return fail(`"${file.name}" holds no sheet.`);
    let root;
    try { root = commandOf(form); } catch (_) { root = JSON.parse(data(form, "command")); }
    setPath(root, data(form, "sheet"), loaded);
    fillFrom(form, root);
    error.hidden = true;
    input.value = "";
    formChanged(form);
  });

  // The talk box's button says whether its words go to everyone or are whispered.
  function labelSay() {
    const form = document.getElementById("say");
    if (!form) return;
    const to = form.querySelector("select[name=to]");
    form.querySelector("button[type=submit]").textContent = to && to.value !== "null" ? "Whisper" : "Say";
  }
  document.addEventListener("change", event => { if (up(event.target, "#say")) labelSay(); });

  // In the talk box, Enter sends and Shift+Enter starts a new line, as in every chat.
  document.addEventListener("keydown", event => {
    const box = up(event.target, "textarea[data-enter-sends]");
    if (!box || event.key !== "Enter" || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    box.form.requestSubmit();
  });

  // A form's command sent and not yet answered, with its client_id, by the form's id (never a
  // property of the form: see `data`): a live update may draw the form anew while the answer is
  // awaited (the move, done, changes the moves), and pressing the new one must send the same id.
  const pendingOf = new Map();
  document.addEventListener("submit", async event => {
    const form = up(event.target, "form.move");
    if (!form) return;
    event.preventDefault();
    // A picked option that loses something asks its own question, else the move's (data-confirm).
    const picked = [...form.querySelectorAll("select:not(:disabled)")]
      .map(s => s.selectedOptions[0]).find(o => o && o.dataset.confirm);
    const question = picked ? picked.dataset.confirm : data(form, "confirm");
    if (question && !window.confirm(question)) return;
    const error = form.querySelector(".error");
    error.hidden = true;
    document.getElementById("done").hidden = true;
    let command;
    try { command = commandOf(form); }
    catch (e) { error.textContent = "Not JSON: " + e.message; error.hidden = false; return; }
    clearTimeout(timers.get(form));
    const button = form.querySelector("button[type=submit]");
    // Disabling the button takes the focus from it: whether the reader was in the form is noted
    // first, for the focus to go to the fold's name when the fold closes.
    const focused = Node.prototype.contains.call(form, document.activeElement);
    button.disabled = true;
    // The same command sent again after a lost answer keeps its id, so the server answers it with
    // what it did the first time instead of doing it twice (docs/server.md, "client_id").
    const text = JSON.stringify(command);
    const key = form.getAttribute("id") || form;
    const pending = pendingOf.get(key);
    if (pending && pending.text === text) {
      command.client_id = pending.id;
    } else {
      command.client_id = clientId();
      pendingOf.set(key, { text, id: command.client_id });
    }
    try {
      const response = await sendAction(command);
      // 502, 503, 504: no answer from the table (a proxy gave up on a node, or the table was
      // busy). The move may have been done: pressing again sends the same id, so it is done once.
      const unanswered = [502, 503, 504].includes(response.status);
      if (!unanswered) pendingOf.delete(key);
      const shown = shownNow();
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        const message = body && body.error ? body.error.message
          : unanswered ? `No answer from the table (${response.statusText || response.status}): the move may or may not have been done. Press again: it is sent with the same id, so it is never done twice.`
          : response.statusText;
        const refusal = shown.querySelector(".error");
        showText(refusal, message);
        refusal.classList.toggle("mono", refusal.textContent.includes("\n"));
        refusal.hidden = false;
      } else {
        const body = await response.json();
        const cleared = shown.querySelectorAll("[data-clear]");
        if (cleared.length) {
          // Words said are gone from the box; who to and as whom stay for the next line.
          for (const el of cleared) { el.value = ""; delete el.dataset.touched; }
          for (const note of shown.querySelectorAll(".field-error")) note.remove();
        } else {
          // Sent: the form goes back to what the table offers now, and its fold closes.
          for (const el of shown.querySelectorAll("[data-touched]")) delete el.dataset.touched;
          unsetData(shown, "touched");
          forgetPiece(shown);
          foldSent(shown, focused);
        }
        await refresh(body.seq);
        // Words said show in the talk, not the log: no note for them.
        if (!cleared.length && command.do !== "say") sayDone(body.seq);
      }
    } catch (e) {
      const down = shownNow().querySelector(".error");
      down.textContent = "Not sent: the connection is down. It will come back by itself; try again then.";
      down.hidden = false;
    } finally {
      button.disabled = false;
    }
    // The form the reader sees now: a live update may have drawn it anew, under the same id,
    // while the answer was awaited; what the answer says goes there.
    function shownNow() {
      return form.isConnected ? form : (typeof key === "string" && document.getElementById(key)) || form;
    }
  });

  // A move done is said above the moves, in the log's words, since the form it came from goes
  // back to what the table offers now (a builder empties) and on a phone its result is on
  // another tab: "Done: Gorand brings in Friendly ...", with a way to the board.
  function sayDone(upTo) {
    const done = document.getElementById("done");
    const line = document.querySelector(`#log li[data-seq="${upTo}"] .what .line`);
    const what = line ? line.textContent.replace(/\s+/g, " ").trim() : "sent";
    done.querySelector(".what").textContent = `Done: ${what}`;
    done.querySelector("[data-show-tab]").hidden = tabShown("tab-board");
    done.hidden = false;
    // A long form (a builder) leaves the reader far below it: bring the note into view.
    const box = done.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) done.scrollIntoView({ block: "start" });
  }
  document.getElementById("done").addEventListener("click", event => {
    const button = up(event.target, "[data-show-tab]");
    if (!button) return;
    chooseTab(document.getElementById(button.dataset.showTab), true);
    document.getElementById("done").hidden = true;
  });

  // A <details> on the board, named by its summary's text (the sheets' names, "The whole state"),
  // and whether the reader left it open: the board's own defaults hold for the others.
  function detailsKey(d) {
    const summary = d.querySelector(":scope > summary");
    return summary ? summary.textContent.trim() : "";
  }
  const chosen = new Map();
  document.getElementById("board").addEventListener("click", event => {
    const summary = up(event.target, "summary");
    const d = summary && summary.parentElement;
    // The click toggles it after this listener: remember the state it is going to.
    if (d && d.tagName === "DETAILS") chosen.set(detailsKey(d), !d.open);
  });

  // On a narrow screen the sections are tabs (Board, Moves, Talk, Log; docs/decisions.md, "A
  // phone layout"): an ARIA tablist moved through with the arrow keys, Home and End; the chosen
  // tab kept for this table across updates and reloads (sessionStorage; at first, Moves when the
  // rules expect something of the reader, else the board); a badge on Talk and Log counting the
  // lines that came while another tab was shown. A wide screen shows the columns, not the tabs.
  const tabList = document.getElementById("tabs");
  const tabButtons = tabList ? [...tabList.querySelectorAll("[role=tab]")] : [];
  const narrow = window.matchMedia("(max-width: 59.99rem)");
  const tabKey = `skald-tab-${id}`;
  const panelOf = tab => document.getElementById(tab.getAttribute("aria-controls"));
  function chooseTab(tab, focus) {
    for (const t of tabButtons) {
      const on = t === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      panelOf(t).classList.toggle("shown", on);
      // The Moves tab's badge says the reader's turn while it lasts, whichever tab is shown.
      const badge = t.querySelector(".badge:not(.turn-badge)");
      if (on && badge) { badge.hidden = true; badge.textContent = ""; }
    }
    try { sessionStorage.setItem(tabKey, tab.id); } catch (_) { /* private mode: not kept */ }
    if (focus) tab.focus();
    staleOddsIn(panelOf(tab));
    fitChoices(panelOf(tab));
    endOfLists(panelOf(tab));
  }
  // The log and the talk read from their newest line: a list scrolled while hidden (another tab
  // shown) has no height to scroll, so it is brought to its end when it shows.
  function endOfLists(root) {
    for (const list of root.querySelectorAll("ol.log, ol.talk")) list.scrollTop = list.scrollHeight;
  }
  function layTabs() {
    if (!tabList) return;
    const on = narrow.matches;
    tabList.hidden = !on;
    table.toggleAttribute("data-tabbed", on);
    for (const t of tabButtons) {
      if (on) panelOf(t).setAttribute("role", "tabpanel"); else panelOf(t).removeAttribute("role");
    }
  }
  function tabShown(tabId) {
    const tab = document.getElementById(tabId);
    return !narrow.matches || !tab || tab.getAttribute("aria-selected") === "true";
  }
  // The panel of tab `tabId` changed while another tab is shown: its badge says so.
  function noteChanged(tabId) {
    if (tabShown(tabId)) return;
    const badge = document.getElementById(tabId).querySelector(".badge");
    badge.textContent = "new";
    badge.hidden = false;
  }
  // `n` new lines in the panel of tab `tabId`: counted on its badge while another tab is shown.
  function noteNew(tabId, n) {
    if (!n || tabShown(tabId)) return;
    const badge = document.getElementById(tabId).querySelector(".badge");
    badge.dataset.n = String((Number(badge.textContent.split(" ")[0]) || 0) + n);
    badge.textContent = `${badge.dataset.n} new`;
    badge.hidden = false;
  }
  if (tabList) {
    let stored = null;
    try { stored = sessionStorage.getItem(tabKey); } catch (_) { /* not kept */ }
    const first = document.getElementById(stored || "")
      || document.getElementById(document.querySelector("#moves .lead") ? "tab-moves" : "tab-board");
    chooseTab(first, false);
    layTabs();
    narrow.addEventListener("change", layTabs);
    tabList.addEventListener("click", event => {
      const tab = up(event.target, "[role=tab]");
      if (tab) chooseTab(tab, true);
    });
    tabList.addEventListener("keydown", event => {
      const i = tabButtons.indexOf(document.activeElement);
      if (i < 0) return;
      const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabButtons.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      chooseTab(tabButtons[(next + tabButtons.length) % tabButtons.length], true);
    });
  }
  // The awaited line leads to the Moves tab and the awaited move's first blank.
  document.getElementById("waiting")?.addEventListener("click", event => {
    event.preventDefault();
    if (narrow.matches && tabList) chooseTab(document.getElementById("tab-moves"), false);
    const awaited = document.querySelector("#moves .lead:not(.your-requests) form.move");
    (awaited || document.getElementById("moves-title")).scrollIntoView({ block: "start" });
    awaited?.querySelector("input, select, textarea, button")?.focus({ preventScroll: true });
  });

  // The moves' folds stay as the reader left them, across updates and reloads (sessionStorage,
  // by the ids crates/web/src/arrange.rs gives them: a character's or a group's by its name, a
  // move's by its identity, never by its place, so a fold stays the same when moves come and go
  // around it); a move's fold closes once the move is sent (`foldSent`).
  const foldKey = `skald-folds-${id}`;
  const openFolds = new Set();
  try { for (const f of JSON.parse(sessionStorage.getItem(foldKey) || "[]")) openFolds.add(f); } catch (_) { /* not kept */ }
  function keepFolds() {
    try { sessionStorage.setItem(foldKey, JSON.stringify([...openFolds])); } catch (_) { /* not kept */ }
  }
  function noteFolds(root) {
    for (const d of root.querySelectorAll("details.fold[id]")) {
      if (d.open) openFolds.add(d.id); else openFolds.delete(d.id);
    }
    keepFolds();
  }
  function restoreFolds(root) {
    for (const d of root.querySelectorAll("details.fold[id]")) d.open = openFolds.has(d.id);
  }
  document.getElementById("moves").addEventListener("toggle", event => {
    const d = event.target;
    if (!(d instanceof HTMLDetailsElement) || !d.classList.contains("fold") || !d.id) return;
    if (d.open) openFolds.add(d.id); else openFolds.delete(d.id);
    keepFolds();
  }, true);
  restoreFolds(document.getElementById("moves"));
  // A move sent: the fold it sits in closes (a move's own fold; a character's or a group's when
  // the move is its only one), and the focus goes to the fold's name, so a GM's Moves tab does
  // not grow with every form used (issue 31).
  function foldSent(form, focused) {
    const fold = up(form, "#moves details.fold");
    if (!fold || !fold.open) return;
    const hadFocus = focused || fold.contains(document.activeElement);
    fold.open = false;
    openFolds.delete(fold.id);
    keepFolds();
    if (hadFocus) fold.querySelector(":scope > summary")?.focus({ preventScroll: true });
  }

  // What the table waits on the reader for (its turn, its narration, a secret choice or reveal,
  // an answer to a request or a called roll: the moves' lead, crates/web/src/arrange.rs) is said
  // wherever the reader is: the line above every tab, the Moves tab's badge and the page's title
  // while it lasts, and once aloud (aria-live) when a new wait starts, not on every update. A wait
  // is new when a move leads that did not lead before this update.
  const baseTitle = table.dataset.title || document.title;
  let awaitedKeys = null;
  function showWaiting() {
    const lead = document.querySelector("#moves .lead[data-awaited]");
    const text = lead ? data(lead, "awaited") : "";
    const short = lead ? data(lead, "awaited-short") : "";
    const link = document.getElementById("waiting");
    if (link) {
      link.hidden = !text;
      if (link.textContent !== text) link.textContent = text;
    }
    const badge = document.querySelector("#tab-moves .turn-badge");
    if (badge) {
      badge.hidden = !text;
      if (badge.textContent !== short) badge.textContent = short;
    }
    const title = text ? `(${short}) ${baseTitle}` : baseTitle;
    if (document.title !== title) document.title = title;
    const keys = new Set(lead ? [...lead.querySelectorAll("form.move[data-key]")].map(f => data(f, "key")) : []);
    const fresh = awaitedKeys !== null && [...keys].some(k => !awaitedKeys.has(k));
    awaitedKeys = keys;
    if (fresh) announce(text);
  }
  // Said once by a screen reader: the region is emptied first, so the same words said for a new
  // wait (the next exchange's "bring in dice") are said again.
  function announce(text) {
    const said = document.getElementById("turn-said");
    if (!said) return;
    said.textContent = "";
    setTimeout(() => { said.textContent = text; }, 50);
  }

  // Live updates morph the board and the moves into their new HTML in place (idiomorph, pinned in
  // static/vendor): focus, caret and open <details> survive, and every limit, option and legal
  // move is the table's current one. What the reader typed stays where the new form still takes
  // it (a value within the new bounds, an option still offered); a list whose entries the reader
  // added or removed is kept as it is. Forms and folds keep the ids of their moves' identity
  // (arrange.rs), so the form being filled is the same form after moves came or went.
  function hashOf(text) {
    let h = 5381;
    for (let i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
    return h.toString(36);
  }
  // A form's key: the one arrange.rs gave its move, else (the dice tools) its command and legend.
  function formKey(form) {
    if (hasData(form, "key")) return data(form, "key");
    const legend = form.querySelector(":scope > fieldset > legend");
    return hashOf((data(form, "command") || "") + "|" + (legend ? legend.textContent : ""));
  }
  function keyForms(root) {
    for (const form of root.querySelectorAll("form.move")) form.setAttribute("id", "move-" + formKey(form));
  }
  function keepTyped(old, fresh) {
    // Controls only: a form is touched too, and a form's one-word properties are its blanks'
    // (see `data`).
    if (!(old instanceof HTMLInputElement || old instanceof HTMLSelectElement || old instanceof HTMLTextAreaElement)) return;
    if (old.dataset.touched === undefined) return;
    if (!(fresh instanceof HTMLElement) || fresh.tagName !== old.tagName || fresh.name !== old.name) return;
    if (old.tagName === "SELECT") {
      const offered = [...fresh.options].some(o => o.value === old.value && !o.disabled);
      if (!offered) return;
      for (const o of fresh.options) o.toggleAttribute("selected", o.value === old.value);
    } else if (old.type === "checkbox") {
      fresh.toggleAttribute("checked", old.checked);
      fresh.checked = old.checked;
    } else if (old.type === "number") {
      // A number the reader emptied (or "Use this" did) stays empty: the new form's default
      // would put back what was taken out.
      const v = Number(old.value), min = Number(fresh.min), max = Number(fresh.max);
      if (old.value !== "" && ((fresh.min !== "" && v < min) || (fresh.max !== "" && v > max))) return;
      if (old.value === "") fresh.removeAttribute("value");
      else fresh.setAttribute("value", old.value);
      fresh.value = old.value;
    } else if (old.tagName === "TEXTAREA") {
      fresh.textContent = old.value;
      fresh.value = old.value;
    } else {
      fresh.setAttribute("value", old.value);
      fresh.value = old.value;
    }
    fresh.dataset.touched = "1";
  }
  // Chromium's moveBefore, which idiomorph uses to move a node keeping its state, leaves a node
  // moved into a <details> out of the details' slot: the fold shows open and empty, and its form
  // can take no focus (issue 31, seen in Chromium 156 when a group's fold went from two moves to
  // one). Into a <details> idiomorph inserts instead; `typeOn` puts the focus back after.
  if ("moveBefore" in Element.prototype) {
    Object.defineProperty(HTMLDetailsElement.prototype, "moveBefore", { value: undefined, configurable: true });
  }
  // `html` is a string, or the nodes of one already parsed (an array: idiomorph parses a string
  // again, which a profile showed was a large share of an update's script). Returns false when a
  // stub (`data-same`) met a node that is not the piece it stands for.
  function morphInto(target, html, keep) {
    let same = true;
    Idiomorph.morph(target, html, {
      morphStyle: "innerHTML",
      callbacks: {
        beforeNodeMorphed(old, fresh) {
          if (!(old instanceof HTMLElement)) return true;
          // A piece the update left out (the page shows it already): kept as it is.
          if (fresh instanceof HTMLElement && fresh.hasAttribute("data-same")) {
            if (fresh.dataset.piece !== old.dataset.piece) same = false;
            return false;
          }
          if (keep && keep(old)) return false;
          if (old.tagName === "FORM" && hasData(old, "touched") && fresh instanceof HTMLElement) setData(fresh, "touched", "1");
          keepTyped(old, fresh);
          return true;
        },
        // A <details> stays as the reader left it.
        beforeAttributeUpdated(name, node) { return !(name === "open" && node.tagName === "DETAILS"); },
      },
    });
    return same;
  }
  // The blank the reader is in, found again after a morph: its form's key, its name and its place
  // among the form's blanks of that name, what it holds and its caret. A morph keeps the node
  // itself where it can (in Chromium even when it moves, with moveBefore); where it could not,
  // the same blank of the same form takes the focus, the typed value and the caret back, and the
  // folds around it open.
  function typingIn(root) {
    const el = document.activeElement;
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) return null;
    const form = el.closest("form.move");
    if (!form || !root.contains(form) || !el.name) return null;
    const same = [...form.querySelectorAll("input, select, textarea")].filter(b => b.name === el.name);
    let caret = null;
    try { if (typeof el.selectionStart === "number") caret = [el.selectionStart, el.selectionEnd, el.selectionDirection]; } catch (_) { /* no caret */ }
    return { el, key: formKey(form), name: el.name, index: same.indexOf(el), value: el.value, checked: el.checked, caret };
  }
  function typeOn(at) {
    if (!at) return;
    let el = at.el;
    if (!el.isConnected) {
      const form = document.getElementById("move-" + at.key);
      el = form ? [...form.querySelectorAll("input, select, textarea")].filter(b => b.name === at.name)[at.index] : null;
      if (!el) return;
      if (el.type === "checkbox") el.checked = at.checked;
      else if (el.value !== at.value && (el.tagName !== "SELECT" || [...el.options].some(o => o.value === at.value && !o.disabled))) el.value = at.value;
      el.dataset.touched = "1";
      setData(el.closest("form.move"), "touched", "1");
    }
    for (let d = el.closest("details"); d; d = d.parentElement.closest("details")) {
      if (!d.open) { d.open = true; if (d.classList.contains("fold") && d.id) openFolds.add(d.id); }
    }
    if (document.activeElement !== el) {
      el.focus({ preventScroll: true });
      if (at.caret) try { el.setSelectionRange(...at.caret); } catch (_) { /* a number or a select: no caret */ }
    }
  }
  // The moves of an update, piece by piece (crates/web/src/parts.rs: the lead, the seat's
  // requests, each fold): a piece that changed comes with its HTML, one the page shows already as
  // its key alone, and is kept as it is (a stub of its tag and id, `data-same`, that the morph
  // leaves alone). Inside a piece that changed, each move form the page shows already comes as a
  // stub too (`<form ... data-key="KEY" data-same>`), and the page's form is kept as it is, typed
  // values, odds and all: only the forms that changed are drawn. The changed pieces are morphed
  // in together, as the whole moves were, so a form that goes from a fold to the lead keeps its
  // node, its focus and what was typed in it. Returns false when the page lacks a piece or a form
  // the update says it shows: the page then asks for all.
  function morphMoves(moves, pieces, oddsKept) {
    const incoming = document.createElement("div");
    const drawn = new Set();
    for (const piece of pieces) {
      if (typeof piece.html === "string") {
        const holder = document.createElement("template");
        holder.innerHTML = piece.html;
        incoming.append(holder.content);
        drawn.add(piece.key);
        continue;
      }
      const shown = [...moves.children].find(el => el.dataset.part === piece.key);
      if (!shown || !shown.id) return false;
      const stub = document.createElement(shown.tagName);
      stub.id = shown.id;
      stub.setAttribute("data-part", piece.key);
      stub.setAttribute("data-same", "");
      incoming.append(stub);
    }
    const kept = new Set();
    for (const stub of incoming.querySelectorAll("form[data-same]")) {
      const key = data(stub, "key");
      const shown = document.getElementById("move-" + key);
      if (!shown || !moves.contains(shown) || shown.tagName !== "FORM") return false;
      kept.add(key);
    }
    keyForms(incoming);
    keyForms(moves);
    describeBlanks(incoming);
    const at = typingIn(moves);
    morphInto(moves, [...incoming.childNodes], old =>
      // The odds stay until they are asked again, a refusal shown after sending stays, and a
      // list the reader changed stays as it is.
      old.classList.contains("odds") || (old.classList.contains("error") && !old.hidden)
        || (old.tagName === "FIELDSET" && is(old, "fieldset[data-kind=list]") && old.dataset.touched !== undefined));
    restoreFolds(moves);
    typeOn(at);
    // The forms drawn anew get their conditions and lists laid out (a kept form has them), all
    // written before any is measured (`fitChoices`), so the page is laid out once, not per form.
    const fresh = [];
    for (const el of moves.children) {
      if (!drawn.has(el.dataset.part)) continue;
      for (const form of el.querySelectorAll("form.move")) if (!kept.has(data(form, "key"))) fresh.push(form);
    }
    for (const form of fresh) { applyConditions(form, false); showLists(form); }
    fitChoices(...fresh);
    // The odds are asked again of the forms drawn anew, of every form when a record may have
    // changed them (`oddsKept` false: a move, a request, an answer; talk and free rolls do not),
    // and of a form whose odds went stale while it was folded away and that this update moved
    // into view: a Twenty bring-in, folded while its exchange changed, comes to the lead with
    // a narration (talk) and showed the odds of the exchange before (a fresh player's try).
    const drawnAnew = new Set(fresh);
    for (const form of moves.querySelectorAll("form.move")) {
      if (hasData(form, "odds") && (!oddsKept || drawnAnew.has(form) || hasData(form, "odds-stale"))) oddsIfShown(form);
      if (hasData(form, "touched")) checkForm(form);
    }
    return !moves.querySelector("[data-same]");
  }

  // The board of an update (crates/web/src/parts.rs): each piece a system's board marks
  // (`data-piece`: a sheet, a side, an exchange, an entry of the whole state) that the page shows
  // already comes as a stub of its opening tag (`data-same`), which the morph leaves as the page's
  // piece: only the pieces that changed and what lies between them are drawn. A piece has the id
  // of its key on both sides (its own if it has one), so the morph pairs each stub with its piece.
  // Returns false when the page lacks a piece the update says it shows: the page then asks for all.
  function pieceIds(root) {
    for (const el of root.querySelectorAll("[data-piece]")) if (!el.id) el.id = "piece-" + hashOf(el.dataset.piece);
  }
  function morphBoard(shown, html) {
    const incoming = document.createElement("div");
    incoming.innerHTML = html;
    const pieces = new Set([...shown.querySelectorAll("[data-piece]")].map(el => el.dataset.piece));
    for (const stub of incoming.querySelectorAll("[data-same]")) if (!pieces.has(stub.dataset.piece)) return false;
    pieceIds(incoming);
    pieceIds(shown);
    return morphInto(shown, [...incoming.childNodes]) && !shown.querySelector("[data-same]");
  }
  // The digests of the board's pieces after an update: a piece drawn anew by the board's
  // (`pieces`), a piece kept by the one the page had.
  function pieceDigests(shown, drawn) {
    const out = {};
    for (const el of shown.querySelectorAll("[data-piece]")) {
      const digest = (drawn || {})[el.dataset.piece] || digests.pieces[el.dataset.piece];
      if (digest) out[el.dataset.piece] = digest;
    }
    return out;
  }

  // Odds are asked only for a form the reader can see: a GM's page holds dozens of forms, most
  // folded or in another tab, and asking for every one after each record spent the seat's request
  // rate (20 a second) in one burst. A form not shown is marked stale and asked for when it shows
  // (a fold opened, a tab chosen).
  function oddsIfShown(form) {
    const shown = !folded(form) && (form.checkVisibility ? form.checkVisibility() : true);
    if (shown) { unsetData(form, "odds-stale"); showOdds(form); } else setData(form, "odds-stale", "1");
  }
  function staleOddsIn(root) {
    for (const form of root.querySelectorAll("form.move[data-odds][data-odds-stale]")) oddsIfShown(form);
  }
  document.addEventListener("toggle", event => {
    if (event.target instanceof HTMLDetailsElement && event.target.open) { staleOddsIn(event.target); fitChoices(event.target); }
    // The whole state comes drawn only to a page that shows it (board.html): asked for once opened.
    if (event.target instanceof HTMLDetailsElement && event.target.open && is(event.target, "#board details.raw-state[data-empty]")) refresh();
  }, true);

  // The lines of `html` newer than what the page shows, appended to `list` (the log, the talk).
  function appendLines(list, html) {
    const holder = document.createElement("ol");
    holder.innerHTML = html;
    let added = 0;
    for (const line of [...holder.children]) {
      if (Number(line.dataset.seq) > seq) { line.classList.add("fresh"); list.appendChild(line); added++; }
    }
    // Scrolled to the end in the next frame, when the page is laid out anyway: reading the
    // list's height now would lay the whole page out once more, for nothing when no line came.
    if (added) requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
    return added;
  }

  // The digests of the parts the page shows (crates/web/src/parts.rs; the page's own first, from
  // `data-digests`), sent with each update's request: the answer leaves out what the page shows.
  let digests = { moves: {}, forms: {} };
  try { digests = JSON.parse(table.dataset.digests || "") || digests; } catch (_) { /* asks for all */ }
  if (!digests.moves) digests.moves = {};
  if (!digests.forms) digests.forms = {};
  if (!digests.pieces) digests.pieces = {};
  // At most as many as the server reads (`data-max-have`, parts.rs MAX_HAVE), the board's
  // pieces last: a long game's pieces past it (a Loqi campaign's resolved problems, each an entry
  // of the whole state) are sent again whole, where more would have the update refused.
  const maxHave = Number(table.dataset.maxHave) || 0;
  function haveOf() {
    const all = [digests.board, digests.say, digests.head, ...Object.values(digests.moves), ...Object.values(digests.forms),
      ...Object.values(digests.pieces)].filter(Boolean);
    return (maxHave ? all.slice(0, maxHave) : []).join(".");
  }
  // A move sent: its piece and its form are asked for with the next update, so the form goes
  // back to what the table offers now even where the table's HTML for it did not change.
  function forgetPiece(form) {
    const piece = up(form, "#moves > [data-part]");
    if (piece) delete digests.moves[piece.dataset.part];
    if (hasData(form, "key")) delete digests.forms[data(form, "key")];
  }
  // The digests of the forms the moves show after an update: a form drawn anew by its piece's
  // (`forms`), a form kept by the one the page had.
  function formDigests(moves, pieces) {
    const drawn = Object.assign({}, ...pieces.map(p => p.forms || {}));
    const out = {};
    for (const form of moves.querySelectorAll("form.move[data-key]")) {
      const key = data(form, "key");
      const digest = drawn[key] || digests.forms[key];
      if (digest) out[key] = digest;
    }
    return out;
  }

  // Morphs in what changed of the board, the moves, the talk box and the head, and appends the
  // new log and talk lines.
  let refreshing = null;
  async function refresh(upTo) {
    if (upTo !== undefined && upTo <= seq) return;
    if (refreshing) { await refreshing; if (upTo !== undefined && upTo <= seq) return; }
    refreshing = (async () => {
      let response;
      // Not fetched (the connection is down): seq stays, so the next record or the socket's
      // catch-up after reconnecting draws these lines too.
      // `seen`: the record the socket told of, so a node that follows the table answers from its
      // copy once the copy has it, without reading the log.
      const seen = upTo === undefined ? "" : `&seen=${upTo}`;
      // `state`: the board's fold of the whole state is drawn filled only while it is open.
      const state = document.querySelector("#board details.raw-state")?.open ? "&state=1" : "";
      try { response = await fetch(`/t/${id}/parts?after=${seq}&have=${haveOf()}${seen}${state}`, { credentials: "same-origin" }); }
      catch (_) { return; }
      // This browser's link was replaced (the GM handed the seat to a new one): the page says so.
      if (response.status === 401) { location.reload(); return; }
      if (!response.ok) return;
      const parts = await response.json();
      if (!parts.odds_kept) oddsSince = Math.max(oddsSince, parts.seq || 0);
      // Each part is drawn on its own: one that fails (a script error) leaves the others drawn
      // and the seq moved on, so the page never stops following the table; the error is still
      // thrown, after, for the browser to report.
      const failed = [];
      const safely = draw => { try { draw(); return true; } catch (e) { failed.push(e); return false; } };
      // A part the page shows already comes as its digest alone, and is left as it is.
      const fresh = part => typeof part.html === "string";
      let whole = true;
      // The board is drawn anew when it changed, piece by piece: a <details> the reader opened or
      // closed stays so.
      let boardWhole = true;
      const board = !fresh(parts.board) || safely(() => {
        const shown = document.getElementById("board");
        pieceIds(shown);
        const before = shown.innerHTML;
        boardWhole = morphBoard(shown, parts.board.html);
        for (const d of shown.querySelectorAll("details")) {
          const open = chosen.get(detailsKey(d));
          if (open !== undefined) d.open = open;
        }
        if (shown.innerHTML !== before) noteChanged("tab-board");
      });
      // A part that failed to draw is asked for again with the next update, whole.
      digests.board = board && boardWhole ? parts.board.digest : "";
      if (fresh(parts.board)) digests.pieces = board && boardWhole ? pieceDigests(document.getElementById("board"), parts.board.pieces) : {};
      const moves = safely(() => {
        // A fold opened or closed just now may not have sent its toggle event yet: the page's own
        // state is the reader's choice, so it is noted before the morph draws the folds anew.
        noteFolds(document.getElementById("moves"));
        whole = morphMoves(document.getElementById("moves"), parts.moves, parts.odds_kept === true);
      });
      digests.moves = moves && whole ? Object.fromEntries(parts.moves.map(p => [p.key, p.digest])) : {};
      digests.forms = moves && whole ? formDigests(document.getElementById("moves"), parts.moves) : {};
      safely(showWaiting);
      safely(() => noteNew("tab-log", appendLines(document.getElementById("log"), parts.log)));
      safely(() => noteNew("tab-talk", appendLines(document.getElementById("talk"), parts.talk)));
      const say = !fresh(parts.say) || safely(() => { morphInto(document.getElementById("say-form"), parts.say.html); labelSay(); });
      digests.say = say ? parts.say.digest : "";
      const head = !fresh(parts.head) || safely(() => {
        const keep = document.getElementById("head-keep");
        if (keep) morphInto(keep, parts.head.html);
      });
      digests.head = head ? parts.head.digest : "";
      // A piece the page should have shown was missing: the next update asks for every piece.
      if (!whole || !boardWhole) setTimeout(() => refresh(), 0);
      seq = Math.max(seq, parts.seq || 0);
      table.dataset.seq = String(seq);
      for (const e of failed) setTimeout(() => { throw e; });
    })();
    try { await refreshing; } finally { refreshing = null; }
  }

  let socket = null, delay = 1000, dropped = false, pending = null;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // `records=seq`: the page reads only which record came (its parts come from /t/{id}/parts),
    // so each record comes as its seq alone, not the whole record (issue 34).
    socket = new WebSocket(`${scheme}://${location.host}/api/tables/${id}/ws?after=${seq}&records=seq`);
    socket.onopen = () => {
      delay = 1000;
      say(dropped ? "reconnected: live" : "live", "live");
      dropped = false;
    };
    socket.onmessage = event => {
      const message = JSON.parse(event.data);
      const at = message.type === "seq" ? message.seq : message.type === "record" ? message.record.seq : 0;
      if (at > seq) {
        clearTimeout(pending);
        pending = setTimeout(() => refresh(at), 60);
      }
    };
    socket.onclose = event => {
      // 4401: the GM made a new link to this seat, and this browser's no longer works; the page
      // reloaded says so and what to do.
      if (event.code === 4401) { location.reload(); return; }
      // A reconnect refused (a WebSocket says no more than that): the page's parts say whether
      // the link still works.
      if (dropped) refresh();
      dropped = true;
      say(`connection lost: reconnecting in ${Math.round(delay / 1000)} s`, "lost");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  connect();
  formsDrawn(document);
  showWaiting();
  for (const form of document.querySelectorAll("form.move[data-odds]")) oddsIfShown(form);
  endOfLists(document);
})();
