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
  for (const button of document.querySelectorAll("[data-invite]")) {
    button.addEventListener("click", async () => {
      const table = document.getElementById("table");
      const input = document.getElementById(button.dataset.invite);
      const response = await fetch(`/api/tables/${table.dataset.table}/invite`, { method: "POST", credentials: "same-origin" });
      const body = await response.json().catch(() => ({}));
      input.value = response.ok ? `${location.origin}/t/${table.dataset.table}/join?invite=${body.invite}` : (body.error ? body.error.message : response.statusText);
      input.select();
    });
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
  const id = table.dataset.table;
  let seq = Number(table.dataset.seq);
  const status = document.getElementById("status");

  function say(text, kind) {
    status.textContent = text;
    status.className = "status " + (kind || "");
  }

  // The command a move form describes: its fixed part plus each field's value.
  function commandOf(form) {
    if (form.dataset.raw !== undefined) return JSON.parse(form.querySelector("[data-kind=raw]").value);
    const command = JSON.parse(form.dataset.command);
    for (const input of form.querySelectorAll("[data-kind]")) {
      const kind = input.dataset.kind;
      if (kind === "multi") {
        command[input.dataset.field] = [...input.querySelectorAll("input:checked")].map(i => JSON.parse(i.value));
      } else if (kind === "number") {
        if (input.value !== "") command[input.name] = Number(input.value);
      } else if (kind === "flag") {
        command[input.name] = input.checked;
      } else if (kind === "json" || kind === "json-text") {
        command[input.name] = JSON.parse(input.value);
      } else if (kind === "text") {
        if (input.value !== "") command[input.name] = input.value;
      }
    }
    return command;
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

  async function showOdds(form) {
    const box = form.querySelector(".odds");
    if (!box || form.dataset.odds === undefined) return;
    let command;
    try { command = commandOf(form); } catch (_) { return; }
    try {
      const response = await post(`/t/${id}/odds`, command);
      if (response.ok) box.innerHTML = await response.text();
    } catch (_) { /* the connection is down: the odds come with the next change */ }
  }

  let oddsTimer = null;
  document.addEventListener("input", event => {
    const form = event.target.closest("form.move");
    if (!form) return;
    clearTimeout(oddsTimer);
    oddsTimer = setTimeout(() => showOdds(form), 150);
  });

  document.addEventListener("submit", async event => {
    const form = event.target.closest("form.move");
    if (!form) return;
    event.preventDefault();
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
    const error = form.querySelector(".error");
    error.hidden = true;
    let command;
    try { command = commandOf(form); }
    catch (e) { error.textContent = "Not JSON: " + e.message; error.hidden = false; return; }
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
      if (response.status !== 503) form.pending = null;
      if (!response.ok) {
        const body = await response.json().catch(() => ({ error: { message: response.statusText } }));
        error.textContent = body.error ? body.error.message : response.statusText;
        error.classList.toggle("mono", error.textContent.includes("\n"));
        error.hidden = false;
      } else {
        const body = await response.json();
        await refresh(body.seq);
      }
    } catch (e) {
      error.textContent = "Not sent: the connection is down. It will come back by itself; try again then.";
      error.hidden = false;
    } finally {
      button.disabled = false;
    }
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

  // Swaps in the board, the moves and the new log lines, keeping the form the user is filling in.
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
      if (!response.ok) return;
      const parts = await response.json();
      // The board is drawn anew: a <details> the reader opened or closed stays so.
      const board = document.getElementById("board");
      board.innerHTML = parts.board;
      for (const d of board.querySelectorAll("details")) {
        const open = chosen.get(detailsKey(d));
        if (open !== undefined) d.open = open;
      }
      const moves = document.getElementById("moves");
      if (!moves.contains(document.activeElement)) {
        moves.innerHTML = parts.moves;
        // Forms drawn anew show their odds at once, as the page's first forms do.
        for (const form of moves.querySelectorAll("form.move[data-odds]")) showOdds(form);
      }
      const log = document.getElementById("log");
      const holder = document.createElement("ol");
      holder.innerHTML = parts.log;
      for (const line of [...holder.children]) {
        if (Number(line.dataset.seq) > seq) { line.classList.add("fresh"); log.appendChild(line); }
      }
      log.scrollTop = log.scrollHeight;
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
    socket.onclose = () => {
      dropped = true;
      say(`connection lost: reconnecting in ${Math.round(delay / 1000)} s`, "lost");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  connect();
  for (const form of document.querySelectorAll("form.move[data-odds]")) showOdds(form);
})();
