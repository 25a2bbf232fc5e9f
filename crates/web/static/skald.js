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

  // The command a move form describes: its fixed part plus each blank's value at its path.
  function commandOf(form, paths = new Map()) {
    if (form.dataset.raw !== undefined) return JSON.parse(form.querySelector("[data-kind=raw]").value);
    return collect(form, JSON.parse(form.dataset.command), paths, "");
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
    } else if (kind === "text") {
      el.value = "";
    }
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
  function applyConditions(form) {
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
  }

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
    const forms = root.matches && root.matches("form.move") ? [root] : root.querySelectorAll("form.move");
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
  async function checkForm(form) {
    if (form.dataset.raw !== undefined) return;
    const paths = new Map();
    let command;
    try { command = commandOf(form, paths); } catch (_) { return; }
    try {
      const response = await post(`/api/tables/${id}/check`, command);
      if (!response.ok) return;
      const answer = await response.json();
      // A form morphed or changed since (sent, reset, typed on) shows only its own check.
      if (form.isConnected && sameCommand(form, command)) showCheck(form, paths, answer.ok ? null : answer.error);
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
    for (const form of root.querySelectorAll("form.move")) { applyConditions(form); showLists(form); }
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

  async function post(url, body) {
    return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
  }

  // Whether `form` still sends `command`: an answer about other values is not shown.
  function sameCommand(form, command) {
    try { return JSON.stringify(commandOf(form)) === JSON.stringify(command); } catch (_) { return false; }
  }

  async function showOdds(form) {
    const box = form.querySelector(".odds");
    if (!box || form.dataset.odds === undefined) return;
    let command;
    try { command = commandOf(form); } catch (_) { return; }
    try {
      const response = await post(`/t/${id}/odds`, command);
      if (response.ok && sameCommand(form, command)) box.innerHTML = await response.text();
    } catch (_) { /* the connection is down: the odds come with the next change */ }
  }

  document.addEventListener("input", event => {
    const form = event.target.closest("form.move");
    if (form && !event.target.matches("[data-load-sheet]")) {
      event.target.dataset.touched = "1";
      form.dataset.touched = "1";
      formChanged(form);
    }
  });

  document.addEventListener("click", event => {
    const add = event.target.closest("[data-add]");
    if (add) {
      const list = add.closest("fieldset[data-kind=list]");
      const holder = list.querySelector(":scope > .entries");
      list.dataset.touched = "1";
      list.closest("form.move").dataset.touched = "1";
      if (holder.children.length < Number(list.dataset.max)) {
        holder.appendChild(list.querySelector(":scope > template").content.cloneNode(true));
        const first = holder.lastElementChild.querySelector("input, select, textarea");
        if (first) first.focus();
      }
      formChanged(list.closest("form.move"));
      return;
    }
    const remove = event.target.closest("[data-remove]");
    if (remove) {
      const form = remove.closest("form.move");
      remove.closest("fieldset[data-kind=list]").dataset.touched = "1";
      form.dataset.touched = "1";
      remove.closest(".entry").remove();
      formChanged(form);
      return;
    }
    const save = event.target.closest("[data-save-sheet]");
    if (save) saveSheet(save.closest("form.move"));
  });

  // A sheet file: {"skald_sheet": 1, "system": ..., "sheet": {...}}, the sheet as the move's
  // command holds it (docs/sheets.md). Loading one fills the form; nothing is sent.
  function saveSheet(form) {
    const error = form.querySelector(".error");
    let command;
    try { command = commandOf(form); }
    catch (e) { error.textContent = "The form does not make a sheet yet: " + e.message; error.hidden = false; return; }
    const sheet = getPath(command, form.dataset.sheet) || {};
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
    const input = event.target.closest("[data-load-sheet]");
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
    try { root = commandOf(form); } catch (_) { root = JSON.parse(form.dataset.command); }
    setPath(root, form.dataset.sheet, loaded);
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
  document.addEventListener("change", event => { if (event.target.closest("#say")) labelSay(); });

  // In the talk box, Enter sends and Shift+Enter starts a new line, as in every chat.
  document.addEventListener("keydown", event => {
    const box = event.target.closest("textarea[data-enter-sends]");
    if (!box || event.key !== "Enter" || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    box.form.requestSubmit();
  });

  document.addEventListener("submit", async event => {
    const form = event.target.closest("form.move");
    if (!form) return;
    event.preventDefault();
    // A picked option that loses something asks its own question, else the move's (data-confirm).
    const picked = [...form.querySelectorAll("select:not(:disabled)")]
      .map(s => s.selectedOptions[0]).find(o => o && o.dataset.confirm);
    const question = picked ? picked.dataset.confirm : form.dataset.confirm;
    if (question && !window.confirm(question)) return;
    const error = form.querySelector(".error");
    error.hidden = true;
    document.getElementById("done").hidden = true;
    let command;
    try { command = commandOf(form); }
    catch (e) { error.textContent = "Not JSON: " + e.message; error.hidden = false; return; }
    clearTimeout(timers.get(form));
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    // The same command sent again after a lost answer keeps its id, so the server answers it with
    // what it did the first time instead of doing it twice (docs/server.md, "client_id").
    const text = JSON.stringify(command);
    if (form.pending && form.pending.text === text) {
      command.client_id = form.pending.id;
    } else {
      command.client_id = clientId();
      form.pending = { text, id: command.client_id };
    }
    try {
      const response = await sendAction(command);
      // 502, 503, 504: no answer from the table (a proxy gave up on a node, or the table was
      // busy). The move may have been done: pressing again sends the same id, so it is done once.
      const unanswered = [502, 503, 504].includes(response.status);
      if (!unanswered) form.pending = null;
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        const message = body && body.error ? body.error.message
          : unanswered ? `No answer from the table (${response.statusText || response.status}): the move may or may not have been done. Press again: it is sent with the same id, so it is never done twice.`
          : response.statusText;
        showText(error, message);
        error.classList.toggle("mono", error.textContent.includes("\n"));
        error.hidden = false;
      } else {
        const body = await response.json();
        const cleared = form.querySelectorAll("[data-clear]");
        if (cleared.length) {
          // Words said are gone from the box; who to and as whom stay for the next line.
          for (const el of cleared) { el.value = ""; delete el.dataset.touched; }
          for (const note of form.querySelectorAll(".field-error")) note.remove();
        } else {
          // Sent: the form goes back to what the table offers now.
          for (const el of form.querySelectorAll("[data-touched]")) delete el.dataset.touched;
          delete form.dataset.touched;
        }
        await refresh(body.seq);
        // Words said show in the talk, not the log: no note for them.
        if (!cleared.length && command.do !== "say") sayDone(body.seq);
      }
    } catch (e) {
      error.textContent = "Not sent: the connection is down. It will come back by itself; try again then.";
      error.hidden = false;
    } finally {
      button.disabled = false;
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
    const button = event.target.closest("[data-show-tab]");
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
    const summary = event.target.closest("summary");
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
      const badge = t.querySelector(".badge");
      if (on && badge) { badge.hidden = true; badge.textContent = ""; }
    }
    try { sessionStorage.setItem(tabKey, tab.id); } catch (_) { /* private mode: not kept */ }
    if (focus) tab.focus();
    staleOddsIn(panelOf(tab));
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
      const tab = event.target.closest("[role=tab]");
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
  // The request notice leads to the Moves tab and its first answer.
  document.getElementById("waiting")?.addEventListener("click", event => {
    event.preventDefault();
    if (narrow.matches && tabList) chooseTab(document.getElementById("tab-moves"), false);
    const answer = document.querySelector("#moves .lead:not(.your-requests) form.move");
    (answer || document.getElementById("moves-title")).scrollIntoView({ block: "start" });
    answer?.querySelector("input, select, textarea, button")?.focus({ preventScroll: true });
  });

  // The moves' folds stay as the reader left them, across updates and reloads (sessionStorage,
  // by the ids crates/web/src/arrange.rs gives them).
  const foldKey = `skald-folds-${id}`;
  const openFolds = new Set();
  try { for (const f of JSON.parse(sessionStorage.getItem(foldKey) || "[]")) openFolds.add(f); } catch (_) { /* not kept */ }
  function noteFolds(root) {
    for (const d of root.querySelectorAll("details.fold[id]")) {
      if (d.open) openFolds.add(d.id); else openFolds.delete(d.id);
    }
    try { sessionStorage.setItem(foldKey, JSON.stringify([...openFolds])); } catch (_) { /* not kept */ }
  }
  function restoreFolds(root) {
    for (const d of root.querySelectorAll("details.fold[id]")) d.open = openFolds.has(d.id);
  }
  document.getElementById("moves").addEventListener("toggle", event => {
    const d = event.target;
    if (!(d instanceof HTMLDetailsElement) || !d.classList.contains("fold") || !d.id) return;
    if (d.open) openFolds.add(d.id); else openFolds.delete(d.id);
    try { sessionStorage.setItem(foldKey, JSON.stringify([...openFolds])); } catch (_) { /* not kept */ }
  }, true);
  restoreFolds(document.getElementById("moves"));

  // A request waiting for the reader is named at the top of the page, and in the tab's title: on
  // a phone the moves are far below the board.
  const baseTitle = document.title;
  function showWaiting() {
    const link = document.getElementById("waiting");
    if (!link) return;
    const n = [...document.querySelectorAll("#moves form.move")].filter(f => {
      try { return JSON.parse(f.dataset.command).do === "answer"; } catch (_) { return false; }
    }).length;
    link.hidden = n === 0;
    link.textContent = n === 1 ? "1 request waits for you" : `${n} requests wait for you`;
    document.title = n ? `(${n}) ${baseTitle}` : baseTitle;
  }

  // Live updates morph the board and the moves into their new HTML in place (idiomorph, pinned in
  // static/vendor): focus, caret and open <details> survive, and every limit, option and legal
  // move is the table's current one. What the reader typed stays where the new form still takes
  // it (a value within the new bounds, an option still offered); a list whose entries the reader
  // added or removed is kept as it is.
  function hashOf(text) {
    let h = 5381;
    for (let i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
    return h.toString(36);
  }
  function formKey(form) {
    const legend = form.querySelector(":scope > fieldset > legend");
    return hashOf((form.dataset.command || "") + "|" + (legend ? legend.textContent : ""));
  }
  function keyForms(root) {
    for (const form of root.querySelectorAll("form.move")) form.id = "move-" + formKey(form);
  }
  function keepTyped(old, fresh) {
    // Controls only: a form is touched too, and a form's `value` or `name` is its control of that
    // name (Loqi's modifier has a field `value`), whose assignment throws and stopped every live
    // update after it (issue 31); the talk form was given `value="undefined"` the same way.
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
      const v = Number(old.value), min = Number(fresh.min), max = Number(fresh.max);
      if (old.value === "" || (fresh.min !== "" && v < min) || (fresh.max !== "" && v > max)) return;
      fresh.setAttribute("value", old.value);
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
  function morphInto(target, html, keep) {
    Idiomorph.morph(target, html, {
      morphStyle: "innerHTML",
      callbacks: {
        beforeNodeMorphed(old, fresh) {
          if (!(old instanceof HTMLElement)) return true;
          if (keep && keep(old)) return false;
          if (old.tagName === "FORM" && old.dataset.touched !== undefined && fresh instanceof HTMLElement) {
            fresh.dataset.touched = "1";
          }
          keepTyped(old, fresh);
          return true;
        },
        // A <details> stays as the reader left it.
        beforeAttributeUpdated(name, node) { return !(name === "open" && node.tagName === "DETAILS"); },
      },
    });
  }
  function morphMoves(moves, html) {
    const incoming = document.createElement("div");
    incoming.innerHTML = html;
    keyForms(incoming);
    keyForms(moves);
    describeBlanks(incoming);
    morphInto(moves, incoming.innerHTML, old =>
      // The odds stay until they are asked again, a refusal shown after sending stays, and a
      // list the reader changed stays as it is.
      old.classList.contains("odds") || (old.classList.contains("error") && !old.hidden)
        || (old.matches("fieldset[data-kind=list]") && old.dataset.touched !== undefined));
    formsDrawn(moves);
    for (const form of moves.querySelectorAll("form.move")) {
      if (form.dataset.odds !== undefined) oddsIfShown(form);
      if (form.dataset.touched !== undefined) checkForm(form);
    }
  }

  // Odds are asked only for a form the reader can see: a GM's page holds dozens of forms, most
  // folded or in another tab, and asking for every one after each record spent the seat's request
  // rate (20 a second) in one burst. A form not shown is marked stale and asked for when it shows
  // (a fold opened, a tab chosen).
  function oddsIfShown(form) {
    const shown = form.checkVisibility ? form.checkVisibility() : true;
    if (shown) { delete form.dataset.oddsStale; showOdds(form); } else form.dataset.oddsStale = "1";
  }
  function staleOddsIn(root) {
    for (const form of root.querySelectorAll("form.move[data-odds][data-odds-stale]")) oddsIfShown(form);
  }
  document.addEventListener("toggle", event => {
    if (event.target instanceof HTMLDetailsElement && event.target.open) staleOddsIn(event.target);
  }, true);

  // The lines of `html` newer than what the page shows, appended to `list` (the log, the talk).
  function appendLines(list, html) {
    const holder = document.createElement("ol");
    holder.innerHTML = html;
    let added = 0;
    for (const line of [...holder.children]) {
      if (Number(line.dataset.seq) > seq) { line.classList.add("fresh"); list.appendChild(line); added++; }
    }
    list.scrollTop = list.scrollHeight;
    return added;
  }

  // Morphs in the board and the moves, and appends the new log and talk lines.
  let refreshing = null;
  async function refresh(upTo) {
    if (upTo !== undefined && upTo <= seq) return;
    if (refreshing) { await refreshing; if (upTo !== undefined && upTo <= seq) return; }
    refreshing = (async () => {
      let response;
      // Not fetched (the connection is down): seq stays, so the next record or the socket's
      // catch-up after reconnecting draws these lines too.
      try { response = await fetch(`/t/${id}/parts?after=${seq}`, { credentials: "same-origin" }); }
      catch (_) { return; }
      // This browser's link was replaced (the GM handed the seat to a new one): the page says so.
      if (response.status === 401) { location.reload(); return; }
      if (!response.ok) return;
      const parts = await response.json();
      // The board is drawn anew: a <details> the reader opened or closed stays so.
      const board = document.getElementById("board");
      const before = board.innerHTML;
      morphInto(board, parts.board);
      for (const d of board.querySelectorAll("details")) {
        const open = chosen.get(detailsKey(d));
        if (open !== undefined) d.open = open;
      }
      if (board.innerHTML !== before) noteChanged("tab-board");
      // A fold opened or closed just now may not have sent its toggle event yet: the page's own
      // state is the reader's choice, so it is noted before the morph draws the folds anew.
      noteFolds(document.getElementById("moves"));
      morphMoves(document.getElementById("moves"), parts.moves);
      restoreFolds(document.getElementById("moves"));
      showWaiting();
      noteNew("tab-log", appendLines(document.getElementById("log"), parts.log));
      noteNew("tab-talk", appendLines(document.getElementById("talk"), parts.talk));
      morphInto(document.getElementById("say-form"), parts.say);
      labelSay();
      const head = document.getElementById("head-keep");
      if (head && parts.head) morphInto(head, parts.head);
      seq = Math.max(seq, parts.seq || 0);
      table.dataset.seq = String(seq);
    })();
    try { await refreshing; } finally { refreshing = null; }
  }

  let socket = null, delay = 1000, dropped = false, pending = null;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/api/tables/${id}/ws?after=${seq}`);
    socket.onopen = () => {
      delay = 1000;
      say(dropped ? "reconnected: live" : "live", "live");
      dropped = false;
    };
    socket.onmessage = event => {
      const message = JSON.parse(event.data);
      if (message.type === "record" && message.record.seq > seq) {
        clearTimeout(pending);
        pending = setTimeout(() => refresh(message.record.seq), 60);
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
