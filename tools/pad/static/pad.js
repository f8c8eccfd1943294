// Skull King score pad: the page's script (an ES module). It talks to the pad's JSON API
// only; every name a user typed is put in the page as text (textContent), never as HTML.
import { drawChart, LINE_COLOURS, LINE_DASHES } from "./chart.js";
import { mergeRound, takeFields } from "./merge.js";

(function () {
  const $ = (id) => document.getElementById(id);

  // The page's words in the reader's language: the catalogue the server put in the page
  // (<script type="application/json" id="messages">, from the pad's gettext catalogues),
  // English when a message has no translation. "{name}" in a message is filled from
  // `values` (never as HTML: the result goes into textContent or an attribute).
  const MESSAGES = (() => {
    const node = document.getElementById("messages");
    try {
      return node ? JSON.parse(node.textContent) : {};
    } catch (error) {
      return {};
    }
  })();
  function fill(text, values) {
    return values ? text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all)) : text;
  }
  function t(text, values) {
    const found = MESSAGES[text];
    return fill(typeof found === "string" && found ? found : text, values);
  }
  // singular/plural: MESSAGES[singular] may be a list of forms; the plural rule of the
  // page's language (document.documentElement.lang) picks one: German and English two forms, Japanese one.
  function tn(singular, plural, count, values) {
    const found = MESSAGES[singular];
    const all = Object.assign({ n: count }, values || {});
    if (Array.isArray(found) && found.length) {
      const lang = document.documentElement.lang;
      const index = lang === "ja" ? 0 : count === 1 ? 0 : 1;
      return fill(found[Math.min(index, found.length - 1)] || (count === 1 ? singular : plural), all);
    }
    return fill(count === 1 ? singular : plural, all);
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child);
    }
    return node;
  }

  // -- keys: a score pad shared on the network asks a key for every change. A link
  // ending "#key=KEY" hands this phone one (the pad's own on the games page, a game's on
  // its page); it is kept in this browser and sent with each request, and taken out of
  // the address shown, so that a shared screenshot or a copied address does not carry it.
  const PAD_KEY = "skullking-key:pad";
  const gameKeyName = (id) => "skullking-key:game:" + id;
  let changeKey = null; // the key this page sends

  function stored(name) {
    try {
      return localStorage.getItem(name);
    } catch (error) {
      return null;
    }
  }

  function keep(name, value) {
    try {
      localStorage.setItem(name, value);
    } catch (error) {
      // storage refused: the key works for this page only
    }
  }

  function takeKey(name) {
    const found = /(?:^#|&)key=([A-Za-z0-9_-]+)/.exec(window.location.hash);
    if (!found) return null;
    keep(name, found[1]);
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    return found[1];
  }

  // The link (and QR code) that lets the other phones in, when the pad is shared; a phone
  // without the key watches: what it cannot change is hidden, and `watching` says why.
  async function showShare(url, text, watching, hide) {
    const r = await api("GET", url);
    if (!r.ok || !r.data.shared) return true;
    const share = r.data;
    $("share").hidden = false;
    $("share-text").textContent = share.writable ? text : t("Other phones watch with this code or link:");
    // (drawn by the pad: an SVG picture in a data: address, nothing loaded from elsewhere)
    const address = share.url.split("#")[0];
    $("share-qr-box").replaceChildren(el("img", { id: "share-qr", class: "qr", src: share.qr, alt: t("QR code of {url}", { url: address }) }));
    $("share-link").href = share.url;
    $("share-link").textContent = share.writable ? t("{url} (with its key)", { url: address }) : address;
    // Over HTTPS (serve --tls): the certificate each phone installs once to trust the pad.
    // Over plain HTTP to a network address, say what a phone cannot do there.
    $("share-trust").hidden = !share.certificate;
    if (share.certificate) {
      $("share-trust").replaceChildren(
        t("Each phone trusts the pad once it has installed its certificate: "),
        el("a", { href: share.certificate.url, download: "skullking-pad.crt", text: t("the pad's certificate") }),
        " " + t("(SHA-256 fingerprint {fingerprint}: check that the phone shows the same)", { fingerprint: share.certificate.fingerprint })
      );
    }
    $("share-plain").hidden = window.isSecureContext;
    $("share-plain").textContent = t(
      "Served over plain HTTP, a phone keeps score here but cannot install the pad or open a game without the network: serve it with --tls for that."
    );
    if (!share.writable) {
      $("watching").hidden = false;
      $("watching").textContent = watching;
      for (const id of hide) $(id).hidden = true;
    }
    return share.writable;
  }

  async function api(method, url, body, headers) {
    const options = { method, headers: Object.assign({}, headers || {}) };
    if (changeKey) options.headers.Authorization = "Bearer " + changeKey;
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(url, options);
    } catch (err) {
      return { ok: false, status: 0, data: { error: t("the score pad cannot be reached: is the server running?") } };
    }
    let data = null;
    const text = await response.text();
    try {
      data = text ? JSON.parse(text) : null;
    } catch (err) {
      data = { error: text };
    }
    return { ok: response.ok, status: response.status, data };
  }

  // A card in words as the trick checker and the comparison page name it (``name``
  // picks a name of a card's names in the reader's language): "black 14", "tigress as
  // pirate", "Rosie D'Laney".
  function cardWords(card, name) {
    const base = name(card.names);
    if (card.as) return t("{card} as {role}", { card: base, role: name(card.as) });
    if (/\d+$/.test(card.code) && card.group) return base + " " + card.code.match(/\d+$/)[0];
    return base || card.code;
  }

  function say(node, message, problem) {
    node.textContent = message || "";
    node.classList.toggle("problem", Boolean(problem));
  }

  // ------------------------------------------------------------------ the games page

  // Times as the server keeps them (UTC, ISO 8601) shown in the reader's own time zone.
  function localTimes() {
    for (const node of document.querySelectorAll("time[datetime]")) {
      const when = new Date(node.getAttribute("datetime"));
      if (!Number.isNaN(when.getTime())) node.textContent = when.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
    }
  }

  function indexPage() {
    localTimes();
    changeKey = takeKey(PAD_KEY) || stored(PAD_KEY);
    showShare(
      "/api/share",
      t("Phones that scan this code (or open the link) can start games and enter scores. The link holds the pad's key: share it only with the table."),
      t("This phone watches the games. To start one, open the pad's link with its key (printed where the pad was started, and shown on a phone that has it)."),
      ["new-section", "import-section"]
    );
    const list = $("players");
    const status = $("new-status");

    function addPlayer(name) {
      const n = list.children.length + 1;
      if (n > 8) return;
      const id = "player-" + n;
      const remove = el("button", {
        type: "button",
        class: "small",
        "aria-label": t("Remove player {n}", { n }),
        text: t("Remove"),
        onclick: () => {
          if (list.children.length > 2) {
            item.remove();
            renumber();
          }
        },
      });
      const item = el(
        "li",
        {},
        el("label", { for: id, text: t("Player {n}", { n }) }),
        el("input", { id, type: "text", maxlength: "40", autocomplete: "off", value: name || "", required: true }),
        remove
      );
      list.append(item);
      renumber();
    }

    function renumber() {
      [...list.children].forEach((item, i) => {
        const input = item.querySelector("input");
        const label = item.querySelector("label");
        input.id = "player-" + (i + 1);
        label.setAttribute("for", input.id);
        label.textContent = t("Player {n}", { n: i + 1 });
        item.querySelector("button").setAttribute("aria-label", t("Remove player {n}", { n: i + 1 }));
      });
      $("add-player").disabled = list.children.length >= 8;
    }

    for (let i = 0; i < 4; i++) addPlayer("");
    $("add-player").addEventListener("click", () => {
      addPlayer("");
      list.lastElementChild.querySelector("input").focus();
    });

    let rulesOk = false;
    let timer = null;

    function fillChoices(choices) {
      const schedule = $("schedule");
      const scoring = $("scoring");
      schedule.replaceChildren(
        ...choices.schedules.map((s) =>
          el("option", { value: s.id, text: s.title, selected: s.id === choices.default_schedule })
        )
      );
      scoring.replaceChildren(
        ...choices.schemes.map((s) =>
          el("option", { value: s.id, text: s.title, selected: s.id === choices.default_scheme })
        )
      );
      const box = $("modules");
      box.replaceChildren();
      for (const m of choices.modules.filter((m) => m.optional)) {
        const id = "module-" + m.id;
        const label = m.min_players > 1 ? t("{module} (from {count} players)", { module: m.title, count: m.min_players }) : m.title;
        box.append(
          el(
            "div",
            { class: "choice" },
            el("input", { type: "checkbox", id, value: m.id, checked: true, "data-min": String(m.min_players) }),
            el("label", { for: id, text: label })
          )
        );
      }
      box.dataset.required = JSON.stringify(choices.modules.filter((m) => !m.optional).map((m) => [m.id, m.min_players]));
    }

    async function loadBundled() {
      const id = $("edition").value;
      $("edition-rules").href = "/editions/" + encodeURIComponent(id);
      const r = await api("GET", "/api/editions/" + encodeURIComponent(id));
      if (r.ok) fillChoices(r.data);
    }

    async function checkRules() {
      const text = $("rules").value;
      if (!text.trim()) {
        say($("rules-status"), t("Paste a house rule, or open its file."), false);
        rulesOk = false;
        return;
      }
      const r = await api("POST", "/api/rules", { rules: text });
      if (r.ok) {
        rulesOk = true;
        say($("rules-status"), t("✓ {title} ({id}) loads.", { title: r.data.title, id: r.data.id }), false);
        fillChoices(r.data);
      } else {
        rulesOk = false;
        say($("rules-status"), r.data.error, true);
      }
    }

    function source() {
      return document.querySelector("input[name=source]:checked").value;
    }

    function showSource() {
      const rules = source() === "rules";
      $("rules-box").hidden = !rules;
      $("edition").disabled = rules;
      if (rules) checkRules();
      else loadBundled();
    }

    document.querySelectorAll("input[name=source]").forEach((r) => r.addEventListener("change", showSource));
    $("edition").addEventListener("change", loadBundled);
    $("rules").addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(checkRules, 300);
    });
    $("rules-file").addEventListener("change", async () => {
      const file = $("rules-file").files[0];
      if (!file) return;
      $("rules").value = await file.text();
      checkRules();
    });
    showSource();

    $("new-game").addEventListener("submit", async (event) => {
      event.preventDefault();
      const players = [...list.querySelectorAll("input")].map((i) => i.value.trim());
      const empty = players.findIndex((p) => !p);
      if (empty >= 0) {
        say(status, t("Player {n} needs a name.", { n: empty + 1 }), true);
        list.querySelectorAll("input")[empty].focus();
        return;
      }
      // (before the edition's choices have arrived, the edition's defaults)
      const body = { players, schedule: $("schedule").value || undefined, scoring: $("scoring").value || undefined };
      if (source() === "rules") {
        if (!rulesOk) {
          say(status, t("The house rule does not load yet: see the message beside it."), true);
          $("rules").focus();
          return;
        }
        body.rules = $("rules").value;
      } else {
        body.edition = $("edition").value;
      }
      const required = JSON.parse($("modules").dataset.required || "[]");
      const modules = required.filter(([, min]) => min <= players.length).map(([id]) => id);
      $("modules")
        .querySelectorAll("input:checked")
        .forEach((box) => {
          if (Number(box.dataset.min) <= players.length) modules.push(box.value);
        });
      body.modules = modules;
      const r = await api("POST", "/api/games", body);
      if (r.ok) {
        window.location.href = "/games/" + r.data.id;
      } else {
        say(status, r.data.error, true);
      }
    });

    $("import").addEventListener("submit", async (event) => {
      event.preventDefault();
      const file = $("import-file").files[0];
      if (!file) {
        say($("import-status"), t("Choose a sheet file first."), true);
        return;
      }
      const r = await api("POST", "/api/games/import", { sheet: await file.text() });
      if (r.ok) window.location.href = "/games/" + r.data.id;
      else say($("import-status"), r.data.error, true);
    });
  }

  // ------------------------------------------------------------------ a game's page

  function gamePage() {
    const gameId = document.body.dataset.game;
    changeKey = takeKey(gameKeyName(gameId)) || stored(gameKeyName(gameId)) || stored(PAD_KEY);
    let game = null; // the score record (with sheet and version)
    let form = null; // what the edition asks of a round
    let editing = null; // the round number being edited (null: the next round)
    // the card names' language: chosen under "Card names in", else the page's own
    let lang = stored("skullking-cards") || document.documentElement.lang;
    if (!["en", "de", "ja"].includes(lang)) lang = "en";
    $("lang").value = lang;
    let trick = [];

    function name(names) {
      if (!names) return "";
      return names[lang] || names.en || "";
    }

    function seatName(seat) {
      const seats = seating();
      return seats[seat] === undefined ? t("seat {seat}", { seat }) : seats[seat];
    }

    function seating() {
      const seats = form.players.slice();
      if (form.ghost) seats.push(form.ghost);
      return seats;
    }

    async function load() {
      const [g, f, d] = await Promise.all([
        api("GET", "/api/games/" + gameId),
        api("GET", "/api/games/" + gameId + "/form"),
        api("GET", "/api/games/" + gameId + "/draft"),
      ]);
      if (d.ok && d.data.round !== null) shared = d.data;
      if (!g.ok || !f.ok) {
        say($("notice"), (g.ok ? f : g).data.error, true);
        return;
      }
      game = g.data;
      form = f.data;
      editing = editingKept();
      $("edition-title").textContent = form.edition.title;
      renderTotals();
      reconcile(); // (saved on another phone since this one last typed into the round)
      renderRound();
      renderTrickChecker();
      showShare(
        "/api/games/" + gameId + "/share",
        t("Another phone that scans this code (or opens the link) can enter scores in this game too. The link holds the game's key: share it only with the table."),
        t("This phone watches the game: the scores follow as they are entered. To enter them here, open the game's link with its key (scan the code on a phone that keeps the score)."),
        ["round-section", "game-actions", "manage-section"]
      );
      window.setInterval(refresh, REFRESH_MS);
      document.addEventListener("visibilitychange", refresh);
    }

    // -- the game as other phones change it: while the page is shown, the pad is asked
    // every few seconds whether the game changed (304 when not), and a change is drawn.
    const REFRESH_MS = 4000;

    async function refresh() {
      if (document.hidden || !game) return;
      await refreshGame();
      await refreshDraft();
    }

    async function refreshDraft() {
      const asked = shared ? { "If-None-Match": '"' + shared.stamp + '"' } : undefined;
      const r = await api("GET", "/api/games/" + gameId + "/draft", undefined, asked);
      if (r.status !== 200 || r.data.round === null || (shared && !(r.data.stamp > shared.stamp))) return;
      shared = r.data;
      if (!editing && shared.round === nextNumber() && !readDraft(shared.round, null)) renderRound();
    }

    async function refreshGame() {
      const r = await api("GET", "/api/games/" + gameId, undefined, { "If-None-Match": '"' + game.version + '"' });
      if (r.status !== 200 || !(r.data.version > game.version)) return; // (an answer overtaken by a change made here)
      const next = nextNumber();
      const going = JSON.stringify(game.in_progress || null);
      game = r.data;
      shared = null; // (a draft typed before a save is gone from the pad: ask again)
      $("game-title").textContent = game.title;
      renderTotals();
      if (reconcile()) {
        // what this phone typed, put together with what was saved on another
        renderRound();
        if (!unsettled()) say($("notice"), t("This round was saved on another phone: what you typed here is kept, the rest is as saved."), false);
        return;
      }
      if (editing) return; // (the round being edited stays as typed)
      if (nextNumber() !== next) say($("notice"), t("Round {number} was saved on another phone.", { number: nextNumber() - 1 }), false);
      if (nextNumber() !== next || JSON.stringify(game.in_progress || null) !== going) renderRound();
    }

    // -- the chart of the running scores --------------------------------------

    function renderChart() {
      const box = $("chart");
      const players = game.players;
      box.hidden = game.rounds.length === 0;
      if (box.hidden) return;
      // each player's total after each round, from 0 before the first
      const series = players.map((p) => {
        const totals = [0];
        for (const r of game.rounds) totals.push(totals[totals.length - 1] + (r.points[p] || 0));
        return totals;
      });
      const count = game.rounds.length;
      const label = t("Running scores: {scores}", { scores: players.map((p, k) => p + " " + series[k][count]).join(", ") });
      const picture = drawChart(players, series, label);
      $("chart-svg").replaceChildren(picture);
      $("chart-legend").replaceChildren(
        ...players.map((p, k) => {
          const swatch = el("span", { class: "swatch", "aria-hidden": "true" });
          // (set through the style object: the page's policy refuses style attributes)
          swatch.style.borderTop = "3px " + (LINE_DASHES[k % 8] ? "dashed" : "solid") + " " + LINE_COLOURS[k % 8];
          return el("li", {}, swatch, p + " " + series[k][count]);
        })
      );
    }

    // -- the totals table ---------------------------------------------------

    function renderTotals() {
      const table = $("totals");
      const players = game.players;
      const leaders = new Set(game.winners);
      const head = el(
        "tr",
        {},
        el("th", { scope: "col", text: t("Round") }),
        ...players.map((p) =>
          el("th", { scope: "col", class: leaders.has(p) ? "leader" : null, text: p })
        ),
        el("th", { scope: "col" }, el("span", { class: "sr-only", text: t("Edit") }))
      );
      const running = Object.fromEntries(players.map((p) => [p, 0]));
      const body = game.rounds.map((r, i) => {
        const number = i + 1;
        for (const p of players) running[p] += r.points[p] || 0;
        const after = Object.assign({}, running);
        return el(
          "tr",
          { class: editing === number ? "editing" : null },
          el(
            "th",
            { scope: "row" },
            String(number),
            el("span", { class: "bidwon", text: tn("{n} card", "{n} cards", r.cards) })
          ),
          ...players.map((p) => {
            if (!(p in r.points)) return el("td", { class: "out", text: "–" });
            // made or missed as the edition's scoring says (the round's "made"), told by a
            // mark and, for a screen reader, in words: not by colour alone
            const made = r.made ? r.made[p] : undefined;
            const said = { bid: r.bids[p], won: r.won[p] };
            const words =
              made === undefined ? t("bid {bid}, won {won}", said) : made ? t("bid {bid}, won {won}: made", said) : t("bid {bid}, won {won}: missed", said);
            const line = el(
              "span",
              { class: "bidwon" + (made === undefined ? "" : made ? " made" : " missed") },
              el("span", { "aria-hidden": "true", text: r.bids[p] + "/" + r.won[p] + (made === undefined ? "" : made ? " ✓" : " ✗") }),
              el("span", { class: "sr-only", text: words })
            );
            const sum = el("span", { class: "running", text: "= " + after[p] });
            return el("td", {}, el("span", { class: "points", text: String(r.points[p]) }), line, sum);
          }),
          el(
            "td",
            {},
            el("button", {
              type: "button",
              class: "small",
              text: t("Edit"),
              "aria-label": t("Edit round {number}", { number }),
              onclick: () => startEdit(number),
            })
          )
        );
      });
      const going = game.in_progress;
      if (going) {
        // the round being played: its bids, nothing scored yet
        body.push(
          el(
            "tr",
            { class: "going" },
            el(
              "th",
              { scope: "row" },
              String(going.round),
              el("span", { class: "bidwon", text: tn("{n} card", "{n} cards", going.cards) })
            ),
            ...players.map((p) =>
              p in going.bids
                ? el("td", {}, el("span", { class: "points", text: "…" }), el("span", { class: "bidwon", text: t("bid {bid}", { bid: going.bids[p] }) }))
                : el("td", { class: "out", text: "–" })
            ),
            el("td", { class: "meta", text: t("being played") })
          )
        );
      }
      const total = el(
        "tr",
        { class: "total" },
        el("th", { scope: "row", text: t("Total") }),
        ...players.map((p) =>
          el(
            "td",
            { class: leaders.has(p) ? "leader" : null },
            el("span", { class: "points", text: String(game.totals[p]) }),
            leaders.has(p) ? el("span", { class: "sr-only", text: " " + (game.complete ? t("(winner)") : t("(leading)")) }) : null
          )
        ),
        el("td", {})
      );
      table.replaceChildren(
        table.querySelector("caption") || el("caption", { class: "sr-only" }),
        el("thead", {}, head),
        el("tbody", {}, ...body, total)
      );
      renderChart();
      const outcome = $("outcome");
      const names = game.winners.join(", ");
      const left = game.missing_rounds.length;
      if (!game.rounds.length) outcome.textContent = t("No round entered yet.");
      else if (game.complete && game.tie_break === "extra_round")
        outcome.textContent = t("Tied for first: {names}. The tied players play another round to break the tie.", { names });
      else if (game.complete && game.winners.length > 1)
        outcome.textContent =
          form.ties === "shared"
            ? t("Tied for first: {names} (they share the win, as this edition has it)", { names })
            : t("Tied for first: {names}", { names });
      else if (game.complete) outcome.textContent = t("Winner: {names} 🏆", { names });
      else
        outcome.textContent =
          game.winners.length > 1
            ? t("Tied for the lead: {names} · rounds still to play: {left}", { names, left })
            : t("Leading: {names} · rounds still to play: {left}", { names, left });
      $("undo").disabled = !game.sheet.rounds.length;
    }

    // -- the round form -----------------------------------------------------

    function roundShape(number) {
      // cards, bid range and players of round `number`
      const scheduled = form.rounds.find((r) => r.number === number);
      if (scheduled) return { cards: scheduled.cards, bids: scheduled.bids, players: form.players, extra: false };
      const last = form.rounds[form.rounds.length - 1];
      const tied = game.tie_break === "extra_round" ? form.players.filter((p) => game.winners.includes(p)) : form.players;
      return { cards: last.cards, bids: [0, last.cards], players: tied, extra: true };
    }

    function nextNumber() {
      return game.rounds.length + 1;
    }

    // -- drafts: what is typed into a round, kept in this browser (localStorage) until
    // the round is saved, so that a reload, a language switch or a closed tab loses
    // nothing; one draft a round, for a new round and for an edit apart.

    function draftKey(number, edit) {
      return "skullking-draft:" + gameId + ":" + number + ":" + (edit ? "edit" : "new");
    }

    // A draft kept: {round, base, saved, conflicts}: the round as typed; the round as the
    // form showed it when typing began (`base`, to tell what was typed here from what
    // another phone saved meanwhile); the round as saved then (`saved`, JSON: a change to
    // it is merged in); the fields both changed, for the player to settle.
    function readKept(number, edit) {
      try {
        const draft = JSON.parse(localStorage.getItem(draftKey(number, edit)) || "null");
        return draft && typeof draft === "object" && draft.round && typeof draft.round === "object" ? draft : null;
      } catch (error) {
        return null; // (storage refused, or not a draft of ours: nothing kept)
      }
    }

    function readDraft(number, edit) {
      const kept = readKept(number, edit);
      return kept ? kept.round : null;
    }

    function writeKept(number, edit, draft) {
      try {
        localStorage.setItem(draftKey(number, edit), JSON.stringify(draft));
      } catch (error) {
        // storage full or refused: the page still works, without a draft
      }
    }

    function keepDraft() {
      if (!game || !form || (!editing && over())) return;
      const { number, round } = collect();
      const kept = readKept(number, editing);
      const since = kept || { base: baseline, saved: savedBaseline, conflicts: [] };
      writeKept(number, editing, { round, base: since.base, saved: since.saved, conflicts: since.conflicts || [] });
      if (!editing) sendDraft();
    }

    // The round as saved that the form shows: the round being edited, or the round in
    // progress (its bids saved); null for a round not saved yet.
    function savedRound(number) {
      if (editing) return game.sheet.rounds[editing - 1];
      return game.in_progress && game.in_progress.round === number ? game.sheet.rounds[number - 1] : null;
    }

    // The form as it was drawn before this phone typed into it, and the round as saved
    // then: what a draft started now is typed on top of.
    let baseline = null;
    let savedBaseline = "null";

    // When another phone saved the round this one is typing (its bids, or an edit), the
    // draft kept here is merged with it: each field typed here stays, every other field
    // is as saved, and a field both changed differently is a conflict the player settles
    // (see merge.js). Whether the draft changed.
    function reconcile() {
      const number = editing || nextNumber();
      if (!editing && over()) return false;
      const kept = readKept(number, editing);
      const now = JSON.stringify(savedRound(number) || null);
      if (!kept || !kept.base || kept.saved === now) return false;
      renderRound(true); // the round as saved now, in the form's own shape
      const theirs = collect().round;
      const { merged, conflicts } = mergeRound(kept.base, kept.round, theirs, kept.conflicts || []);
      writeKept(number, editing, { round: merged, base: theirs, saved: now, conflicts });
      return true;
    }

    // The round being entered is also kept by the pad for the other phones of the table
    // (sent a moment after the last change): a phone that has typed nothing into the
    // round shows what another one typed, until it types itself. An edit of a past
    // round stays on its phone.
    const DRAFT_MS = 800;
    let shared = null; // the pad's draft: {round, data, stamp}
    let sending = null;

    function sendDraft() {
      window.clearTimeout(sending);
      sending = window.setTimeout(async () => {
        if (!game || editing || over()) return;
        const { number, round } = collect();
        // typed on the game as this phone knows it: the pad refuses a draft once a round
        // was saved since (it would stand in front of the round as saved)
        const r = await api("PUT", "/api/games/" + gameId + "/draft", { round: number, data: round }, { "If-Match": '"' + game.version + '"' });
        if (r.ok) shared = { round: number, data: round, stamp: r.data.stamp };
      }, DRAFT_MS);
    }

    // A save supersedes what is waiting to be sent of the round (sent after it, it would
    // be refused, and shown nowhere).
    function cancelDraft() {
      window.clearTimeout(sending);
    }

    function sharedDraft(number) {
      return shared && shared.round === number ? shared.data : null;
    }

    // The round being edited, kept with the drafts (a reload goes on editing it).
    function setEditing(number) {
      editing = number;
      try {
        if (number) localStorage.setItem("skullking-editing:" + gameId, String(number));
        else localStorage.removeItem("skullking-editing:" + gameId);
      } catch (error) {
        // not kept
      }
    }

    function editingKept() {
      try {
        const number = Number(localStorage.getItem("skullking-editing:" + gameId));
        return Number.isInteger(number) && number >= 1 && number <= game.rounds.length ? number : null;
      } catch (error) {
        return null;
      }
    }

    function dropDraft(number, edit) {
      try {
        localStorage.removeItem(draftKey(number, edit));
      } catch (error) {
        // nothing kept
      }
    }

    function over() {
      return game.complete && game.tie_break !== "extra_round";
    }

    // The round being edited as saved, when it records its whole play (its tricks, as
    // `skullking simulate` writes them): its tricks won and bonuses come from the play.
    function playedRound() {
      const saved = editing ? game.sheet.rounds[editing - 1] : null;
      return saved && Array.isArray(saved.tricks) ? saved : null;
    }

    // The round form: what was typed here and not saved yet, else what another phone is
    // typing into the round, else the round as saved. ``savedOnly``: the round as saved,
    // whatever was typed (to merge a save made elsewhere with this phone's typing).
    function renderRound(savedOnly) {
      const number = editing || nextNumber();
      const kept = savedOnly ? null : readKept(number, editing);
      const saved = savedRound(number);
      // a round with its play shows the tricks won the play gives
      let stored = kept ? kept.round : editing ? saved : (!savedOnly && sharedDraft(number)) || saved;
      const played = playedRound();
      if (played && stored && !stored.won) stored = Object.assign({}, stored, { won: game.rounds[editing - 1].won });
      $("round-play").hidden = !played;
      $("round-play").textContent = "";
      const shape = stored && stored.players ? Object.assign(roundShape(number), { players: stored.players }) : roundShape(number);
      const cards = stored && stored.cards ? stored.cards : shape.cards;
      const finished = !editing && over();
      $("round-title").textContent = editing ? t("Edit round {number}", { number }) : finished ? t("The game is over") : t("Round {number}", { number });
      const box = $("round-players");
      box.replaceChildren();
      // (the players' extras opened stay open while the same round is drawn again)
      const same = phaseShown === phaseKey();
      phaseShown = phaseKey();
      const opened = same ? [...document.querySelectorAll("#extras-who [aria-expanded=true]")].map((b) => b.dataset.seat) : [];
      $("extras-who").replaceChildren();
      $("extras-players").replaceChildren();
      $("save-round").disabled = false;
      renderEnd(finished);
      if (finished) {
        showConflicts([]);
        $("round-info").textContent = t("The game is over. Edit a round above if a score needs correcting.");
        $("loot-box").hidden = true;
        $("save-round").disabled = true;
        $("round-check").textContent = "";
        updateBar();
        return;
      }
      const info = [];
      const planned = form.rounds.find((r) => r.number === number);
      if (planned && typeof planned.leader === "number" && typeof planned.dealer === "number" && !shape.extra) {
        const seats = form.players;
        info.push(t("{dealer} deals, {leader} leads", { dealer: seats[planned.dealer], leader: seats[planned.leader] }));
      }
      info.push(tn("{n} card each", "{n} cards each", cards));
      if (form.ghost) info.push(t("{ghost} plays a hand too", { ghost: form.ghost }));
      const destroyable = Math.min(form.destroying, cards);
      if (destroyable) info.push(tn("up to {n} trick may be destroyed", "up to {n} tricks may be destroyed", destroyable));
      if (shape.extra) info.push(t("tie-break round: {players}", { players: shape.players.join(", ") }));
      $("round-info").textContent = info.join(" · ");
      if (shape.extra) {
        const id = "round-cards";
        box.append(
          el(
            "p",
            { class: "field" },
            el("label", { for: id, text: t("Cards dealt") }),
            el("input", { id, type: "number", min: "1", max: "30", value: String(cards), inputmode: "numeric" })
          )
        );
      }
      shape.players.forEach((p, i) => box.append(playerFields(p, i, shape, stored)));
      const lost = lostTricks(cards);
      if (lost) {
        const label = form.ghost ? t("Won by {ghost} or destroyed", { ghost: form.ghost }) : t("Destroyed (nobody won them)");
        const row = chipGroup("lost-tricks", "lost", label, 0, lost, null);
        row.addEventListener("input", () => {
          fillLastWon(cards, row);
          liveCheck();
        });
        box.append(el("div", { id: "round-lost", class: "entry lost" }, el("span", { class: "entry-label", "aria-hidden": "true", text: label }), row));
      }
      // Loot alliances
      $("loot-box").hidden = !form.loot;
      $("loot-list").replaceChildren();
      if (form.loot && stored && stored.loot) stored.loot.forEach(([a, b]) => addLoot(shape.players, a, b));
      $("loot-box").open = $("loot-list").children.length > 0;
      $("add-loot").onclick = () => {
        addLoot(shape.players);
        keepDraft();
      };
      // what a draft begun now is typed on top of
      baseline = kept ? kept.base || null : collect().round;
      savedBaseline = kept ? kept.saved : JSON.stringify(saved || null);
      showConflicts(kept ? kept.conflicts || [] : []);
      $("extras-summary").textContent = extrasSummary();
      opened.forEach((seat) => showExtras(seat, true));
      bidsWereIn = allBidsIn();
      showPhase(phaseChosen && phaseChosen.key === phaseKey() ? phaseChosen.phase : bidsWereIn ? "won" : "bid");
      liveCheck();
    }

    // -- values saved on another phone that this one typed otherwise: listed, each with
    // both values, for the player to choose (keep what was typed here, or take what was
    // saved); a round is not saved before they choose.

    function conflictLabel(field) {
      const dot = field.indexOf(".");
      const key = dot < 0 ? field : field.slice(0, dot);
      const player = field.slice(dot + 1);
      if (key === "bids") return t("{player}'s bid", { player });
      if (key === "won") return t("{player}'s tricks won", { player });
      if (key === "bonuses") return t("{player}'s bonuses", { player });
      if (key === "loot") return t("Loot alliances");
      return dot < 0 ? key : key + " (" + player + ")";
    }

    function conflictValue(value) {
      if (value === undefined || value === null) return t("nothing");
      if (Array.isArray(value)) return value.map((v) => (Array.isArray(v) ? v.join(" + ") : String(v))).join(", ");
      return String(value);
    }

    function showConflicts(conflicts) {
      const box = $("round-conflict");
      box.hidden = conflicts.length === 0;
      const list = $("conflict-list");
      list.replaceChildren(
        ...conflicts.map((c) =>
          el("li", { text: t("{field}: {theirs} as saved on another phone, {mine} as typed here", { field: conflictLabel(c.field), theirs: conflictValue(c.theirs), mine: conflictValue(c.mine) }) })
        )
      );
    }

    function settleConflicts(takeSaved) {
      const number = editing || nextNumber();
      const kept = readKept(number, editing);
      if (!kept) return;
      const round = takeSaved ? takeFields(kept.round, kept.base, (kept.conflicts || []).map((c) => c.field)) : kept.round;
      writeKept(number, editing, Object.assign({}, kept, { round, conflicts: [] }));
      say($("round-status"), "");
      renderRound();
      if (!editing) sendDraft();
    }

    $("keep-typed").addEventListener("click", () => settleConflicts(false));
    $("take-saved").addEventListener("click", () => settleConflicts(true));

    // Whether values saved elsewhere wait for the player's choice (then it is asked for).
    function unsettled() {
      if ($("round-conflict").hidden) return false;
      say($("round-status"), t("Another phone saved this round meanwhile: choose which values to keep first."), true);
      $("keep-typed").focus();
      return true;
    }

    function number(id, label, value, min, max, extra) {
      return el(
        "p",
        { class: "field" },
        el("label", { for: id, text: label }),
        el(
          "input",
          Object.assign(
            { id, type: "number", inputmode: "numeric", value: value === undefined || value === null ? "" : String(value), min, max },
            extra || {}
          )
        )
      );
    }

    function select(id, label, values, value, labels) {
      return el(
        "p",
        { class: "field" },
        el("label", { for: id, text: label }),
        el(
          "select",
          { id },
          ...values.map((v, i) =>
            el("option", { value: String(v), text: labels ? labels[i] : String(v), selected: String(v) === String(value) })
          )
        )
      );
    }

    // A number by tap: a group of chips from ``low`` to ``top``, radio buttons under one
    // name (one tab stop; arrow keys move, a digit typed picks that number, "10" too).
    // The group carries the id and data-key the form reads (see chipValue).
    function chipGroup(id, key, label, low, top, value) {
      const group = el("div", { class: "chips", role: "radiogroup", id, "data-key": key, "aria-label": label });
      for (let n = low; n <= top; n++) {
        const radio = el("input", { type: "radio", name: id, value: String(n), checked: value !== undefined && value !== null && Number(value) === n });
        group.append(el("label", { class: "chip", "data-value": String(n) }, radio, el("span", { text: String(n) })));
      }
      // tapping the chip already chosen takes it back (nothing chosen again)
      let last = value === undefined || value === null ? null : String(value);
      group.addEventListener("click", (event) => {
        const radio = event.target;
        if (!(radio instanceof HTMLInputElement)) return;
        if (radio.value === last) {
          radio.checked = false;
          last = null;
          radio.dispatchEvent(new Event("input", { bubbles: true }));
          radio.dispatchEvent(new Event("change", { bubbles: true }));
        } else last = radio.value;
      });
      group.addEventListener("input", () => {
        const checked = group.querySelector("input:checked");
        last = checked ? checked.value : null;
      });
      let typed = "";
      let when = 0;
      group.addEventListener("keydown", (event) => {
        if (!/^[0-9]$/.test(event.key)) return;
        const now = Date.now();
        typed = now - when < 800 ? typed + event.key : event.key;
        when = now;
        const radio = group.querySelector('input[value="' + typed + '"]') || group.querySelector('input[value="' + event.key + '"]');
        if (!radio) return;
        event.preventDefault();
        chipSet(group, radio.value);
        radio.focus();
      });
      return group;
    }

    // The number a chip group holds (null: none tapped yet).
    function chipValue(group) {
      const checked = group && group.querySelector("input:checked");
      return checked ? Number(checked.value) : null;
    }

    // Tap the chip of ``value`` in ``group`` (as the player would: the form hears it).
    function chipSet(group, value) {
      const radio = group.querySelector('input[value="' + value + '"]');
      if (!radio || radio.checked) return;
      radio.checked = true;
      radio.dispatchEvent(new Event("input", { bubbles: true }));
      radio.dispatchEvent(new Event("change", { bubbles: true }));
    }

    // The tricks of a round no player at the table won (destroyed by a Kraken or a White
    // Whale, or taken by the ghost hand), as many as may be: a row of chips entered as a
    // player's tricks won, not saved (the sheet has each player's tricks won).
    function lostTricks(cards) {
      return form.ghost ? cards : Math.min(form.destroying, cards);
    }

    // When every row of tricks but one is entered (each player's, and the tricks lost
    // where some may be), the last one is what is left of the cards dealt. (``changed``,
    // the row just tapped, is never the one filled: taking a number back stays.)
    function fillLastWon(cards, changed) {
      const groups = [...document.querySelectorAll("#round-players [data-key=won], #round-lost [data-key=lost]")];
      const open = groups.filter((g) => chipValue(g) === null);
      if (open.length !== 1 || groups.length < 2 || open[0] === changed) return;
      const rest = cards - groups.reduce((sum, g) => sum + (chipValue(g) || 0), 0);
      if (rest >= 0) chipSet(open[0], rest);
    }

    // A player's extras (wager, bid change, load, free points, bonuses) stand apart from
    // the bid and the tricks won, under "More" for the round, opened a player at a time
    // by the player's button there: the rows of chips of four players then fit a
    // phone's screen.
    function extrasOf(fs) {
      return $("more-" + fs.dataset.seat);
    }

    function showExtras(seat, open) {
      const button = document.querySelector('#extras-who [data-seat="' + seat + '"]');
      if (!button) return;
      button.setAttribute("aria-expanded", String(open));
      $("more-" + seat).hidden = !open;
    }

    // What the players' extras hold, for the summary of the closed box.
    function extrasSummary() {
      const said = [];
      document.querySelectorAll("#extras-players fieldset").forEach((xs) => {
        const parts = [];
        const wager = xs.querySelector("[id^=wager-]");
        if (wager && Number(wager.value) !== 0) parts.push(t("wager {wager}", { wager: wager.value }));
        const change = xs.querySelector("[id^=change-]");
        if (change && Number(change.value) !== 0) parts.push(t("bid change {change}", { change: (Number(change.value) > 0 ? "+" : "") + change.value }));
        const load = xs.querySelector("[id^=load-]");
        if (load && load.value !== form.scoring.loads[0]) parts.push(load.value);
        const points = xs.querySelector("[id^=extra-]");
        if (points && points.value.trim() && Number(points.value) !== 0) parts.push(t("free points {points}", { points: points.value }));
        const bonuses = [...xs.querySelectorAll("[data-bonus]")].reduce((n, input) => n + (Number(input.value) || 0), 0);
        if (bonuses) parts.push(tn("{n} bonus", "{n} bonuses", bonuses));
        if (parts.length) said.push(xs.dataset.player + ": " + parts.join(", "));
      });
      return said.length ? t("More: {extras}", { extras: said.join("; ") }) : t("More (wager, bonuses…)");
    }

    // A player's rows: the bid and the tricks won by tap (one of the two shown at a time,
    // see showPhase), the bid as said and the round's points in the legend.
    function playerFields(p, i, shape, stored) {
      const get = (key) => (stored && stored[key] && p in stored[key] ? stored[key][p] : undefined);
      const fs = el("fieldset", { class: "player", "data-player": p, "data-seat": String(i) });
      fs.append(el("legend", {}, el("span", { class: "who", text: p }), el("span", { class: "said" }), el("span", { class: "preview" })));
      const cards = (stored && stored.cards) || shape.cards;
      const bid = chipGroup("bid-" + i, "bid", t("{player}'s bid", { player: p }), shape.bids[0], Math.min(shape.bids[1], cards), get("bids"));
      const won = chipGroup("won-" + i, "won", t("{player}'s tricks won", { player: p }), 0, cards, get("won"));
      fs.append(el("div", { class: "entry bid" }, bid), el("div", { class: "entry won" }, won));
      const xs = extrasFields(p, i, get);
      xs.hidden = true;
      $("extras-players").append(xs);
      $("extras-who").append(
        el("button", { type: "button", "data-seat": String(i), "data-player": p, "aria-expanded": "false", "aria-controls": xs.id, text: p, onclick: () => showExtras(i, xs.hidden) })
      );
      fs.addEventListener("input", (event) => {
        const group = event.target.closest && event.target.closest("[data-key]");
        if (group && group.dataset.key === "won") fillLastWon(cards, group);
        if (group && group.dataset.key === "bid") bidsTapped();
        liveCheck();
      });
      return fs;
    }

    function extrasFields(p, i, get) {
      const xs = el("fieldset", { class: "player-extras", id: "more-" + i, "data-player": p });
      xs.append(el("legend", { text: p }));
      const row = el("div", { class: "row" });
      if (form.wagers) {
        const v = get(form.wagers.key);
        row.append(select("wager-" + i, t("Wager ({name})", { name: name(form.wagers.names) || form.wagers.key }), form.wagers.values, v === undefined ? form.wagers.values[0] : v));
      }
      if (form.bid_change) {
        const v = get(form.bid_change.key);
        const labels = form.bid_change.values.map((x) => (x > 0 ? "+" + x : String(x)));
        row.append(select("change-" + i, t("Bid change ({name})", { name: name(form.bid_change.names) || form.bid_change.key }), form.bid_change.values, v === undefined ? 0 : v, labels));
      }
      if (form.scoring.loads.length) {
        const v = get("loads");
        row.append(select("load-" + i, t("Load"), form.scoring.loads, v === undefined ? form.scoring.loads[0] : v));
      }
      row.append(number("extra-" + i, t("Free points"), get("extra"), "-1000", "1000", { step: "10" }));
      xs.append(row);
      if (form.bonuses.length) {
        const claimed = get("bonuses") || [];
        const list = el("div", { class: "bonus-list", role: "group", "aria-label": t("{player}'s bonuses", { player: p }) });
        form.bonuses.forEach((b, k) => {
          const id = "bonus-" + i + "-" + k;
          const n = claimed.filter((x) => x === b.id).length;
          list.append(
            el(
              "p",
              { class: "field bonus" },
              el("label", { for: id, title: b.description, text: name(b.names) + " +" + b.points }),
              el("input", { id, type: "number", min: "0", max: "14", value: n ? String(n) : "", inputmode: "numeric", "data-bonus": b.id, "aria-describedby": id + "-d" }),
              el("span", { id: id + "-d", class: "hint", text: b.description })
            )
          );
        });
        xs.append(list);
      }
      xs.addEventListener("input", () => {
        $("extras-summary").textContent = extrasSummary();
        liveCheck();
      });
      xs.addEventListener("change", () => ($("extras-summary").textContent = extrasSummary()));
      return xs;
    }

    // -- the two moments of a round: the bids (when the cards are dealt) and the tricks
    // won (when it is played), one row of chips a player each, with the other moment's
    // numbers said in the legend. The form opens on the bids until every bid is in, then
    // on the tricks won (the last bid tapped turns to them); the buttons above switch.
    let phase = "bid";
    let phaseChosen = null; // {key, phase}: switched by the player on this round
    let phaseShown = null; // the round the form shows (phaseKey)
    let bidsWereIn = false;

    function phaseKey() {
      return (editing ? "edit:" + editing : "new:") + ":" + (editing || nextNumber());
    }

    function allBidsIn() {
      const groups = [...document.querySelectorAll("#round-players [data-key=bid]")];
      return groups.length > 0 && groups.every((g) => chipValue(g) !== null);
    }

    function showPhase(which) {
      phase = which;
      $("round").dataset.phase = which;
      $("phase-bid").setAttribute("aria-pressed", String(which === "bid"));
      $("phase-won").setAttribute("aria-pressed", String(which === "won"));
      updateBar();
    }

    function choosePhase(which) {
      phaseChosen = { key: phaseKey(), phase: which };
      showPhase(which);
    }
    $("phase-bid").addEventListener("click", () => choosePhase("bid"));
    $("phase-won").addEventListener("click", () => choosePhase("won"));

    // The last bid tapped turns the form to the tricks won.
    function bidsTapped() {
      const now = allBidsIn();
      if (now && !bidsWereIn && phase === "bid") {
        phaseChosen = null;
        showPhase("won");
        const first = document.querySelector("#round-players [data-key=won] input");
        if (first) first.focus({ preventScroll: true });
      }
      bidsWereIn = now;
    }

    // Whether the bids as typed are the round's bids saved (nothing to save of them).
    function bidsSaved() {
      const going = game.in_progress;
      if (editing || !going || going.round !== nextNumber()) return false;
      return [...document.querySelectorAll("#round-players fieldset.player")].every(
        (fs) => chipValue(fs.querySelector("[data-key=bid]")) === going.bids[fs.dataset.player]
      );
    }

    // The buttons of the bar at the foot of the form, as the moment asks.
    function updateBar() {
      const finished = !editing && over();
      $("all-made").hidden = finished || phase !== "won";
      $("save-bids").hidden = finished || Boolean(editing) || (phase === "won" && bidsSaved());
      $("cancel-edit").hidden = !editing;
    }

    // -- the round's points as entered, scored by the pad (nothing stored): asked a moment
    // after the last change, once every bid and every number of tricks won is in and the
    // form's own checks pass; a round the rules refuse shows no points (its problem is
    // said on saving).
    const PREVIEW_MS = 250;
    let previewAsked = 0;
    let previewing = null;

    function askPreview(number, round, ready) {
      window.clearTimeout(previewing);
      const asked = ++previewAsked;
      if (!ready) {
        showPreview(null);
        return;
      }
      previewing = window.setTimeout(async () => {
        const r = await api("POST", "/api/games/" + gameId + "/rounds/" + number + "/preview?problems=inline", round);
        if (asked !== previewAsked) return; // (a later change asked again)
        showPreview(r.ok && r.data && r.data.rounds ? r.data.rounds[number - 1].points : null);
      }, PREVIEW_MS);
    }

    function showPreview(points) {
      document.querySelectorAll("#round-players fieldset.player").forEach((fs) => {
        const v = points ? points[fs.dataset.player] : undefined;
        fs.querySelector(".preview").textContent = v === undefined ? "" : t("{points} points", { points: (v > 0 ? "+" : "") + v });
      });
    }

    function addLoot(players, a, b) {
      const k = $("loot-list").children.length;
      const pick = (id, label, value) =>
        el(
          "span",
          { class: "field" },
          el("label", { for: id, text: label }),
          el("select", { id }, ...players.map((p) => el("option", { value: p, text: p, selected: p === value })))
        );
      const item = el(
        "li",
        {},
        pick("loot-a-" + k, t("Loot played by"), a === undefined ? players[0] : a),
        // (a new alliance starts as two players, never one with themself)
        pick("loot-b-" + k, t("with the trick's winner"), b === undefined ? players[1] : b),
        el("button", {
          type: "button",
          class: "small",
          text: t("Remove"),
          "aria-label": t("Remove alliance {n}", { n: k + 1 }),
          onclick: () => {
            item.remove();
            keepDraft();
          },
        })
      );
      $("loot-list").append(item);
    }

    function intOf(input) {
      if (!input || input.value.trim() === "") return null;
      const n = Number(input.value);
      return Number.isInteger(n) ? n : NaN;
    }

    function collect() {
      // the round as a score-sheet round
      const number = editing || nextNumber();
      const stored = editing ? game.sheet.rounds[editing - 1] : null;
      const shape = roundShape(number);
      const players = stored && stored.players ? stored.players : shape.players;
      const round = { bids: {}, won: {} };
      const cardsInput = $("round-cards");
      if (shape.extra || (stored && stored.players)) {
        round.players = players;
        round.cards = cardsInput ? intOf(cardsInput) : shape.cards;
      }
      const bonuses = {}, wagers = {}, changes = {}, loads = {}, extra = {};
      document.querySelectorAll("#round-players fieldset.player").forEach((fs) => {
        const p = fs.dataset.player;
        round.bids[p] = chipValue(fs.querySelector("[data-key=bid]"));
        round.won[p] = chipValue(fs.querySelector("[data-key=won]"));
        const xs = extrasOf(fs);
        const claimed = [];
        xs.querySelectorAll("[data-bonus]").forEach((input) => {
          const n = intOf(input) || 0;
          for (let k = 0; k < n; k++) claimed.push(input.dataset.bonus);
        });
        if (claimed.length) bonuses[p] = claimed;
        const wager = xs.querySelector("[id^=wager-]");
        if (wager && Number(wager.value) !== 0) wagers[p] = Number(wager.value);
        const change = xs.querySelector("[id^=change-]");
        if (change && Number(change.value) !== 0) changes[p] = Number(change.value);
        const load = xs.querySelector("[id^=load-]");
        if (load && load.value !== form.scoring.loads[0]) loads[p] = load.value;
        const points = intOf(xs.querySelector("[id^=extra-]"));
        if (points) extra[p] = points;
      });
      if (Object.keys(bonuses).length) round.bonuses = bonuses;
      if (form.wagers && Object.keys(wagers).length) round[form.wagers.key] = wagers;
      if (form.bid_change && Object.keys(changes).length) round[form.bid_change.key] = changes;
      if (Object.keys(loads).length) round.loads = loads;
      if (Object.keys(extra).length) round.extra = extra;
      const loot = [...$("loot-list").children].map((li) => [...li.querySelectorAll("select")].map((s) => s.value));
      if (loot.length) round.loot = loot;
      if (stored && stored.cards && !round.cards) round.cards = stored.cards;
      const played = playedRound();
      if (played) {
        const recorded = game.rounds[editing - 1].won;
        if (Object.keys(recorded).every((p) => round.won[p] === recorded[p])) {
          // the play stays: the round as saved, with what the form edits (bids, wagers,
          // bid changes, loads, free points) as typed; tricks won and bonuses from the play
          const kept = Object.assign({}, played, { bids: round.bids });
          const edited = ["loads", "extra"];
          if (form.wagers) edited.push(form.wagers.key);
          if (form.bid_change) edited.push(form.bid_change.key);
          for (const key of edited) {
            if (key in round) kept[key] = round[key];
            else delete kept[key];
          }
          return { number, round: kept, typed: round, shape, play: "kept" };
        }
        return { number, round, typed: round, shape, play: "dropped" };
      }
      return { number, round, typed: round, shape, play: null };
    }

    // Changing the tricks won of a round that records its play drops the play: say so,
    // and what the round would score instead (the server scores it, nothing stored).
    let costAsked = 0;
    async function showPlayCost(number, round, play, bad) {
      const note = $("round-play");
      const played = playedRound();
      if (!played) return;
      const tricks = played.tricks.map((cards, k) => t("trick {number}: {cards}", { number: k + 1, cards: cards.join(" ") })).join("; ");
      const base = t("This round records its whole play ({tricks}).", { tricks });
      if (play !== "dropped") {
        note.textContent = base + " " + t("The tricks won and the bonuses come from it. Changing a bid keeps it; changing the tricks won drops it.");
        note.classList.remove("problem");
        return;
      }
      const asked = ++costAsked;
      // (a round the checks above refuse is not scored: its problem is said there)
      const r = bad ? { ok: false } : await api("POST", "/api/games/" + gameId + "/rounds/" + number + "/preview?problems=inline", round);
      if (asked !== costAsked) return; // (a later change asked again)
      const was = game.rounds[number - 1].points;
      let cost = "";
      if (r.ok && r.data.rounds) {
        const now = r.data.rounds[number - 1].points;
        const changes = Object.keys(was).filter((p) => was[p] !== now[p]).map((p) => p + " " + was[p] + " → " + now[p]);
        cost = " " + (changes.length ? t("The round would then score {changes}.", { changes: changes.join(", ") }) : t("The round's points stay as they are."));
      }
      note.textContent =
        base + " " + t("These tricks won differ from it: saving drops the play and the bonuses it paid (claim them below).") + cost;
      note.classList.add("problem");
    }

    function liveCheck() {
      if (!game) return;
      const { number, round: saving, typed: round, shape, play } = collect();
      const cards = round.cards || shape.cards;
      const notes = [];
      let bad = false;
      // with the round's play kept, its bonuses come from it: no field to claim them
      document.querySelectorAll("#extras-players .bonus-list").forEach((d) => (d.hidden = play === "kept"));
      document.querySelectorAll("#round-players fieldset.player").forEach((fs) => {
        const p = fs.dataset.player;
        const bidInput = fs.querySelector("[data-key=bid]");
        const bid = round.bids[p];
        const wrong = bid !== null && (Number.isNaN(bid) || bid < shape.bids[0] || bid > Math.min(shape.bids[1], cards));
        bidInput.setAttribute("aria-invalid", wrong ? "true" : "false");
        if (wrong) {
          notes.push(t("{player}'s bid {bid} is impossible: bids are {low} to {high}", { player: p, bid, low: shape.bids[0], high: Math.min(shape.bids[1], cards) }));
          bad = true;
        }
        const wonInput = fs.querySelector("[data-key=won]");
        const won = round.won[p];
        // the bid said in the tricks won's moment, and its chip marked there ("made it")
        fs.querySelector(".said").textContent = bid === null || Number.isNaN(bid) ? "" : t("bid {bid}", { bid });
        wonInput.querySelectorAll(".chip").forEach((chip) => chip.classList.toggle("is-bid", bid !== null && chip.dataset.value === String(bid)));
        const claimed = (round.bonuses || {})[p];
        if (form.bonus_on_miss === false && claimed && claimed.length && bid !== null && won !== null && won !== bid)
          notes.push(t("{player} missed the bid: the bonuses will not count", { player: p }));
        const wrongWon = won !== null && (Number.isNaN(won) || won < 0 || won > cards);
        wonInput.setAttribute("aria-invalid", wrongWon ? "true" : "false");
        if (wrongWon) {
          notes.push(t("{player} cannot win {won} of {cards} tricks", { player: p, won, cards }));
          bad = true;
        }
      });
      const wons = Object.values(round.won);
      if (wons.every((w) => w !== null && !Number.isNaN(w))) {
        const total = wons.reduce((a, b) => a + b, 0);
        const lost = lostTricks(cards);
        const entered = $("round-lost") ? chipValue($("round-lost").querySelector("[data-key=lost]")) : null;
        // (the count of cards played picks the form: "1 was played", "5 were played")
        if (entered !== null && total + entered !== cards) {
          notes.push(t("{total} tricks won and {lost} lost make {sum}, but {cards} were dealt", { total, lost: entered, sum: total + entered, cards }));
          bad = true;
        } else if (total > cards) {
          notes.push(tn("{total} tricks won in all, but only {n} was played", "{total} tricks won in all, but only {n} were played", cards, { total }));
          bad = true;
        } else if (total < cards - lost) {
          notes.push(
            lost
              ? tn(
                  "{total} tricks won in all, but {n} was played (at most {lost} may be destroyed)",
                  "{total} tricks won in all, but {n} were played (at most {lost} may be destroyed)",
                  cards,
                  { total, lost }
                )
              : tn("{total} tricks won in all, but {n} was played", "{total} tricks won in all, but {n} were played", cards, { total })
          );
          bad = true;
        } else if (total === cards) {
          notes.push(t("✓ {total} of {cards} tricks won", { total, cards }));
        } else if (form.ghost) {
          notes.push(t("✓ {total} of {cards} tricks won ({gone} destroyed or taken by {ghost})", { total, cards, gone: cards - total, ghost: form.ghost }));
        } else {
          notes.push(t("✓ {total} of {cards} tricks won ({gone} destroyed or taken by nobody)", { total, cards, gone: cards - total }));
        }
      } else {
        const missing = Object.entries(round.won).filter(([, w]) => w === null).length;
        notes.push(tn("Tricks won still to enter for {n} player.", "Tricks won still to enter for {n} players.", missing));
      }
      say($("round-check"), notes.join(" · "), bad);
      showPlayCost(number, saving, play, bad);
      const complete = [...Object.values(round.bids), ...Object.values(round.won)].every((v) => v !== null && !Number.isNaN(v));
      askPreview(number, saving, complete && !bad);
      updateBar();
    }

    function startEdit(number) {
      setEditing(number);
      say($("round-status"), "");
      renderTotals();
      renderRound();
      $("round-title").scrollIntoView({ block: "start" });
      const first = document.querySelector("#round-players [data-key=" + phase + "] input");
      if (first) first.focus();
    }

    // Everyone made the bid: each player's tricks won set to the bid, in one tap.
    $("all-made").addEventListener("click", () => {
      document.querySelectorAll("#round-players fieldset.player").forEach((fs) => {
        const bid = chipValue(fs.querySelector("[data-key=bid]"));
        if (bid !== null) chipSet(fs.querySelector("[data-key=won]"), bid);
      });
      const lost = $("round-lost");
      if (lost) chipSet(lost.querySelector("[data-key=lost]"), 0);
      liveCheck();
      keepDraft();
    });

    $("round").addEventListener("input", keepDraft);
    $("round").addEventListener("change", keepDraft);

    $("cancel-edit").addEventListener("click", () => {
      dropDraft(editing, true);
      setEditing(null);
      say($("round-status"), "");
      renderTotals();
      renderRound();
    });

    // The input a refused round's problem names (its field: "bids.Ann", "bonuses.Ann.1",
    // a wager's or bid change's sheet key, "loads", "extra"; a name may hold dots), or
    // null for a problem of the round as a whole.
    function fieldInput(field, round) {
      const dot = field.indexOf(".");
      if (dot < 0) return null;
      const key = field.slice(0, dot);
      let player = field.slice(dot + 1);
      let index = null;
      const numbered = key === "bonuses" ? player.match(/^(.*)\.(\d+)$/) : null;
      if (numbered) {
        player = numbered[1];
        index = Number(numbered[2]);
      }
      const fs = document.querySelector('#round-players fieldset.player[data-player="' + CSS.escape(player) + '"]');
      if (!fs) return null;
      if (key === "bids") return fs.querySelector("[data-key=bid]");
      if (key === "won") return fs.querySelector("[data-key=won]");
      const xs = extrasOf(fs);
      if (key === "loads") return xs.querySelector("[id^=load-]");
      if (key === "extra") return xs.querySelector("[id^=extra-]");
      if (form.wagers && key === form.wagers.key) return xs.querySelector("[id^=wager-]");
      if (form.bid_change && key === form.bid_change.key) return xs.querySelector("[id^=change-]");
      if (key === "bonuses") {
        const claimed = (round.bonuses || {})[player] || [];
        const id = index === null ? null : claimed[index];
        return id ? xs.querySelector('[data-bonus="' + CSS.escape(id) + '"]') : xs.querySelector("[data-bonus]");
      }
      return null;
    }

    function clearProblems() {
      document.querySelectorAll("#round [aria-invalid=true]").forEach((x) => x.setAttribute("aria-invalid", "false"));
      document.querySelectorAll("#round .field-problem").forEach((note) => {
        const input = document.getElementById(note.dataset.for);
        if (input) input.setAttribute("aria-describedby", (input.dataset.describedby || "").trim());
        if (input && !input.dataset.describedby) input.removeAttribute("aria-describedby");
        note.remove();
      });
    }

    // Mark the field a problem names, say the message beside it, bring it into view
    // and put the focus there.
    function showProblem(input, message) {
      if (input.closest(".entry.bid")) showPhase("bid");
      else if (input.closest(".entry.won, #round-lost")) showPhase("won");
      const xs = input.closest(".player-extras");
      if (xs) showExtras(xs.id.slice("more-".length), true);
      input.setAttribute("aria-invalid", "true");
      const note = el("p", { class: "field-problem problem", id: input.id + "-problem", "data-for": input.id, text: message });
      (input.closest(".field, .entry") || input).after(note);
      input.dataset.describedby = input.getAttribute("aria-describedby") || "";
      input.setAttribute("aria-describedby", (input.dataset.describedby + " " + note.id).trim());
      input.scrollIntoView({ block: "center" });
      // a chip group takes the focus on its chip tapped, else its first
      const target = input.matches("[role=radiogroup]") ? input.querySelector("input:checked") || input.querySelector("input") : input;
      target.focus();
    }

    function markProblems(problems, number, round) {
      clearProblems();
      let first = null;
      for (const problem of problems || []) {
        if (problem.round !== number || !problem.field) continue;
        const input = fieldInput(problem.field, round);
        if (input && !first) {
          showProblem(input, problem.message);
          first = input;
        } else if (input) input.setAttribute("aria-invalid", "true");
      }
      return first;
    }

    // The first field of ``keys`` ("bids", "won") left empty, marked with its message;
    // whether there was one. (One whole message a field: the words around the name
    // differ from language to language.)
    const MISSING = {
      bids: (player) => t("Enter {player}'s bid.", { player }),
      won: (player) => t("Enter {player}'s tricks won.", { player }),
    };
    function missingField(typed, keys) {
      for (const key of keys) {
        const missing = Object.entries(typed[key]).find(([, v]) => v === null || Number.isNaN(v));
        if (missing) {
          const message = MISSING[key](missing[0]);
          say($("notice"), "");
          say($("round-status"), message, true);
          clearProblems();
          const input = fieldInput(key + "." + missing[0], typed);
          if (input) showProblem(input, message);
          return true;
        }
      }
      return false;
    }

    // Store round ``number`` as ``round``; on success say ``saved``, draw the game again
    // and focus ``focus`` (a selector); a refusal is shown at its fields. Whether it was
    // stored.
    async function storeRound(number, round, saved, focus) {
      cancelDraft();
      const r = await api("PUT", "/api/games/" + gameId + "/rounds/" + number, round, { "If-Match": '"' + game.version + '"' });
      if (r.ok) {
        say($("round-status"), "");
        clearProblems();
        dropDraft(number, editing);
        phaseChosen = null; // (the form opens on the moment the round is at)
        shared = null; // (the pad dropped the round's draft with the save)
        say($("notice"), saved, false);
        setEditing(null);
        const g = await api("GET", "/api/games/" + gameId);
        if (g.ok) game = g.data;
        renderTotals();
        renderRound();
        const first = document.querySelector(focus);
        if (first) first.focus();
        return true;
      }
      if (r.status === 409) {
        say($("notice"), "");
        say($("round-status"), r.data.error, true);
        $("round-status").append(" ", el("button", { type: "button", text: t("Reload"), onclick: () => window.location.reload() }));
      } else {
        const message = (r.data.problems || []).map((p) => p.message).join(" · ") || r.data.error;
        say($("notice"), "");
        say($("round-status"), message, true);
        markProblems(r.data.problems, number, round);
        if (!editing) sendDraft(); // (not saved: the other phones still see what is typed)
      }
      return false;
    }

    $("round").addEventListener("submit", async (event) => {
      event.preventDefault();
      if (unsettled()) return;
      const { number, round, typed } = collect();
      if (missingField(typed, ["bids", "won"])) return;
      await storeRound(number, round, t("Round {number} saved.", { number }), "#round-players input");
    });

    // The bids alone, when the cards are dealt: the round is then in progress (kept by the
    // server, in the exported sheet as `in_progress: true`), its tricks won entered later.
    $("save-bids").addEventListener("click", async () => {
      if (unsettled()) return;
      const { number, typed, shape } = collect();
      if (missingField(typed, ["bids"])) return;
      const round = { bids: typed.bids, in_progress: true };
      if (typed.players) round.players = typed.players;
      if (typed.cards && shape.extra) round.cards = typed.cards;
      if (typed.loads) round.loads = typed.loads;
      const saved = t("Round {number}: bids saved. Enter the tricks won when it is played.", { number });
      if (!(await storeRound(number, round, saved, "#round-players [data-key=won] input"))) return;
      // tricks won tapped before the bids were saved stay typed (not saved), as tapped
      document.querySelectorAll("#round-players fieldset.player").forEach((fs) => {
        const won = typed.won[fs.dataset.player];
        if (won !== null && won !== undefined) chipSet(fs.querySelector("[data-key=won]"), won);
      });
    });

    // A question asked by a second tap, no dialog (undoing a round, deleting a game):
    // the button shows the question's box where ask() allows it, its "no" hides it again.
    const askTwice = (button, box, no, ask = () => true) => {
      $(button).addEventListener("click", () => {
        if (!ask()) return;
        $(box).hidden = false;
        $(no).focus();
      });
      $(no).addEventListener("click", () => {
        $(box).hidden = true;
        $(button).focus();
      });
    };

    // Undo asks as deleting a game does (a second tap, no dialog), and puts the round
    // removed back into the form, to be changed and saved again.
    askTwice("undo", "undo-confirm", "undo-no", () => {
      const number = game.sheet.rounds.length; // (a round in progress is the last one stored)
      if (!number) return false;
      $("undo-question").textContent = t("Remove round {number}?", { number }) + " ";
      return true;
    });
    $("undo-yes").addEventListener("click", async () => {
      const number = game.sheet.rounds.length;
      if (!number) return;
      const removed = Object.assign({}, game.sheet.rounds[number - 1]);
      // a round given by its play comes back as its results (the form enters no play)
      if (removed.tricks) removed.won = Object.assign({}, game.rounds[number - 1].won);
      delete removed.tricks;
      delete removed.in_progress;
      const r = await api("DELETE", "/api/games/" + gameId + "/rounds/" + number, undefined, { "If-Match": '"' + game.version + '"' });
      $("undo-confirm").hidden = true;
      if (!r.ok) {
        say($("notice"), r.data.error, true);
        return;
      }
      game = r.data;
      shared = null;
      dropDraft(number, true);
      setEditing(null);
      renderTotals();
      renderRound(true); // (the form of the round as nothing typed: what the round put back is typed over)
      const typed = readKept(number, null); // (typed into the round in progress: kept as typed)
      writeKept(number, null, { round: typed ? typed.round : removed, base: baseline, saved: savedBaseline, conflicts: [] });
      renderRound();
      sendDraft();
      say($("notice"), t("Round {number} removed: it is back in the form, to change and save again.", { number }), false);
      $("round-title").scrollIntoView({ block: "start" });
    });

    // -- this game: its title, and deleting it ----------------------------------

    $("rename").addEventListener("submit", async (event) => {
      event.preventDefault();
      const title = $("new-title").value.trim();
      if (!title) {
        say($("manage-status"), t("A title needs at least one character."), true);
        $("new-title").focus();
        return;
      }
      const r = await api("PATCH", "/api/games/" + gameId, { title }, { "If-Match": '"' + game.version + '"' });
      if (r.ok) {
        game = r.data;
        $("game-title").textContent = game.title;
        document.title = t("{title} · Skull King score pad", { title: game.title });
        say($("manage-status"), t("Renamed."), false);
      } else {
        say($("manage-status"), r.data.error, true);
      }
    });

    async function rematch() {
      const r = await api("POST", "/api/games/" + gameId + "/rematch", {});
      if (r.ok && r.data.key) keep(gameKeyName(r.data.id), r.data.key);
      if (r.ok) window.location.href = r.data.url;
      else say($("notice"), r.data.error, true);
    }
    $("rematch").addEventListener("click", rematch);
    $("end-rematch").addEventListener("click", rematch);

    // -- the end of the game: the ranking, a rematch, the result to share -----------

    // The players from the highest total down; tied players share a rank (50, 30, 30,
    // 10 rank 1, 2, 2, 4).
    function ranking() {
      const totals = game.totals;
      return game.players
        .map((player) => ({ player, total: totals[player] }))
        .sort((a, b) => b.total - a.total)
        .map((row) => Object.assign(row, { rank: 1 + game.players.filter((p) => totals[p] > row.total).length }));
    }

    function resultText() {
      const lines = [t("{title}: the result", { title: game.title }), form.edition.title];
      for (const row of ranking()) lines.push(row.rank + ". " + row.player + " " + row.total);
      lines.push($("outcome").textContent);
      return lines.join("\n");
    }

    function renderEnd(finished) {
      $("game-end").hidden = !finished;
      $("round").hidden = finished;
      $("share-fallback").hidden = true;
      if (!finished) return;
      $("end-outcome").textContent = $("outcome").textContent;
      $("end-ranking").replaceChildren(
        ...ranking().map((row) =>
          el("li", { value: String(row.rank) }, el("span", { class: "end-player", text: row.player }), " ", el("span", { class: "points", text: String(row.total) }))
        )
      );
    }

    // The Web Share API where the phone has it; else the text to copy and the chart as a
    // picture to save.
    $("share-result").addEventListener("click", async () => {
      const text = resultText();
      if (navigator.share) {
        try {
          await navigator.share({ title: game.title, text });
          return;
        } catch (error) {
          if (error && error.name === "AbortError") return; // (the player closed the sheet)
        }
      }
      $("result-text").value = text;
      const picture = document.querySelector("#chart svg");
      const link = $("share-chart");
      link.hidden = !picture;
      if (picture) {
        if (link.href) URL.revokeObjectURL(link.href);
        const drawn = new XMLSerializer().serializeToString(picture);
        link.href = URL.createObjectURL(new Blob([drawn], { type: "image/svg+xml" }));
      }
      $("share-fallback").hidden = false;
      $("result-text").select();
    });
    $("copy-result").addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText($("result-text").value);
        say($("share-status"), t("Copied."), false);
      } catch (error) {
        $("result-text").select();
        say($("share-status"), t("Select the text and copy it."), false);
      }
    });

    askTwice("delete-game", "delete-confirm", "delete-no");
    $("delete-yes").addEventListener("click", async () => {
      const r = await api("DELETE", "/api/games/" + gameId, undefined, { "If-Match": '"' + game.version + '"' });
      if (r.ok) window.location.href = "/";
      else say($("manage-status"), r.data.error, true);
    });

    $("lang").addEventListener("change", () => {
      lang = $("lang").value;
      keep("skullking-cards", lang);
      renderRound();
      renderTrickChecker();
    });

    // -- the trick checker ----------------------------------------------------

    function cardLabel(card) {
      return cardWords(card, name);
    }

    function renderTrickChecker() {
      const leader = $("trick-leader");
      const chosen = leader.value;
      leader.replaceChildren(...seating().map((p, i) => el("option", { value: String(i), text: p, selected: String(i) === chosen })));
      const deck = $("trick-deck");
      deck.replaceChildren();
      let group = null;
      let row = null;
      for (const card of form.cards) {
        if (card.group !== group) {
          group = card.group;
          row = el("div", { class: "suit", role: "group", "aria-label": name(card.names) || group });
          deck.append(row);
        }
        row.append(
          el("button", {
            type: "button",
            class: "card-btn group-" + card.group,
            text: /\d+$/.test(card.code) && !card.as ? card.code.match(/\d+$/)[0] : cardLabel(card),
            "aria-label": cardLabel(card),
            "data-code": card.code,
            onclick: () => {
              trick.push(card);
              showTrick();
            },
          })
        );
      }
      showTrick();
    }

    function showTrick() {
      // who plays each card: the table's play order for the leader chosen (the form's)
      const seats = seating();
      const order = form.orders[Number($("trick-leader").value || 0)];
      $("trick-cards").textContent = trick.length
        ? trick.map((c, i) => seats[order[i % order.length]] + ": " + cardLabel(c)).join(", ")
        : t("(no card yet)");
      $("trick-result").textContent = "";
    }

    $("trick-leader").addEventListener("change", showTrick);
    $("trick-back").addEventListener("click", () => {
      trick.pop();
      showTrick();
    });
    $("trick-clear").addEventListener("click", () => {
      trick = [];
      showTrick();
    });
    $("trick-check").addEventListener("click", async () => {
      if (trick.length < 1) {
        say($("trick-result"), t("Tap the trick's cards first."), true);
        return;
      }
      const params = new URLSearchParams({
        game: gameId,
        cards: trick.map((c) => c.code).join(","),
        leader: $("trick-leader").value || "0",
        players: String(seating().length),
        round: String(editing || nextNumber()), // (the rules may change with the round)
      });
      const r = await api("GET", "/api/trick?" + params.toString());
      if (!r.ok) {
        say($("trick-result"), r.data.error, true);
        return;
      }
      // Played at the game's table: the seats are the table's (the ghost hand's last),
      // and the winning card is named by its position in the trick.
      const x = r.data;
      let text;
      // (x.reason is the server's words, put in as it sends them)
      if (x.winner === null) {
        text = t("Nobody wins the trick: {reason}.", { reason: x.reason });
        // (a house rule may count a trick nobody wins for a player: counts_for, a seat)
        if (x.counts_for !== undefined && x.counts_for !== null)
          text += " " + t("The trick counts for {player} as a trick won.", { player: seatName(x.counts_for) });
      } else {
        const card = trick[x.winning_card];
        text = card
          ? t("{player} wins with {card}: {reason}.", { player: seatName(x.winner), card: cardLabel(card), reason: x.reason })
          : t("{player} wins: {reason}.", { player: seatName(x.winner), reason: x.reason });
      }
      // (x.bonus_paid, when the scoring pays it, is the server's words too; the
      // 2021 rulebook's own reading has a sentence of its own in each language)
      if (x.bonus)
        text += " " + (x.bonus_paid === "if the bid holds"
          ? t("Bonus if the bid holds: {bonus}.", { bonus: x.bonus })
          : t("Bonus ({when}): {bonus}.", { when: x.bonus_paid, bonus: x.bonus }));
      for (const [a, b] of x.alliances || []) text += " " + t("Alliance: {player} with {partner}.", { player: seatName(a), partner: seatName(b) });
      text += " " + t("{player} leads the next trick.", { player: seatName(x.next_leader) });
      say($("trick-result"), text, false);
    });

    load();
  }

  // Installable and opened without the network: the service worker keeps what the
  // pages fetched (see sw.js).
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});

  // -- the comparison page: the rule values that differ come with the page; the tricks
  // and rounds played both ways come from /api/diff (worked out once a pair: the first
  // time it takes a second or two) and are filled in here.

  function diffPage() {
    const section = $("diff-played");
    if (!section) return;
    const query = "a=" + encodeURIComponent(section.dataset.a) + "&b=" + encodeURIComponent(section.dataset.b);
    // the cards of both decks by code, to name a trick's cards in the page's language
    let deck = {};
    try {
      deck = JSON.parse($("diff-deck").textContent);
    } catch (error) {
      deck = {};
    }
    const lang = document.documentElement.lang;
    const named = (names) => (names ? names[lang] || names.en || "" : "");
    const cardName = (code) => (deck[code] ? cardWords(deck[code], named) || code : code);

    function outcome(x) {
      // (x.reason is the server's words, put in as they come)
      const who =
        x.winner === null
          ? t("nobody wins, seat {seat} leads", { seat: x.next_leader })
          : x.bonus
            ? t("seat {seat} wins, bonus {bonus}", { seat: x.winner, bonus: x.bonus })
            : t("seat {seat} wins", { seat: x.winner });
      return [el("span", { class: "diff-who", text: who }), el("span", { class: "meta diff-why", text: x.reason })];
    }

    function roundSaid(r) {
      let said = t("{scheme}, round {round} ({cards} cards): bid {bid}, won {won}", {
        scheme: r.scheme.a === r.scheme.b ? r.scheme.a : r.scheme.a + "/" + r.scheme.b,
        round: r.round,
        cards: r.cards,
        bid: r.bid,
        won: r.won,
      });
      if (r.captured && r.captured.length) said += "; " + t("captured {bonuses}", { bonuses: r.captured.join(", ") });
      // (an alliance whose ally "made" or "missed" the bid)
      if (r.ally) said += "; " + (r.ally === "made" ? t("an ally who made the bid") : t("an ally who missed the bid"));
      if (r.wager) said += "; " + t("wager {wager}", { wager: r.wager });
      if (r.bid_change) said += "; " + t("bid change {change}", { change: r.bid_change });
      if (r.load) said += "; " + t("load {load}", { load: r.load });
      return said;
    }

    function seatsSaid(r) {
      return r.tie_break
        ? t("the tie-break round of {table}", { table: r.players.join(", ") })
        : t("round {round} ({cards} cards) of {table}", { round: r.round, cards: r.cards, table: r.players.join(", ") });
    }

    // one example: what is played, and each edition's end of it (or why it cannot be)
    function example(what, a, b) {
      const sides = el("dl", { class: "diff-sides" });
      for (const [label, side] of [["A", a], ["B", b]]) sides.append(el("dt", { text: label }), el("dd", {}, ...side));
      return el("li", { class: "diff-row" }, el("p", { class: "diff-what", text: what }), sides);
    }

    function only(part, render, said) {
      const found = [];
      for (const side of ["a", "b"]) {
        const count = part["only_" + side];
        if (!count) continue;
        found.push(el("p", { text: said(side.toUpperCase(), count) }));
        const list = el("ul", { class: "diff-list" });
        for (const x of part["only_" + side + "_examples"]) {
          const mine = render(x[side]);
          const refused = [el("span", { class: "meta", text: t("not possible: {why}", { why: x.why }) })];
          list.append(example(x.what, side === "a" ? mine : refused, side === "a" ? refused : mine));
        }
        if (list.childElementCount) found.push(list);
      }
      return found;
    }

    function part(id, title, summary, examples, extra) {
      const list = el("ul", { class: "diff-list" }, ...examples);
      $(id).replaceChildren(el("h3", { text: title }), el("p", { text: summary }), ...(examples.length ? [list] : []), ...extra);
    }

    async function load() {
      const r = await api("GET", "/api/diff?" + query);
      if (!r.ok) {
        say($("diff-status"), r.data.error, true);
        return;
      }
      const report = r.data;
      // a part of the report (tricks, rounds): its examples, each said by what() and its
      // two sides shown by shown(), and what only one side can have
      const examples = (id, title, summary, found, what, shown, onlyOne) =>
        part(
          id,
          title,
          summary,
          found.examples.map((x) => example(what(x), shown(x.a), shown(x.b))),
          only(
            Object.assign({}, found, {
              only_a_examples: found.only_a_examples.map((x) => Object.assign({ what: what(x) }, x)),
              only_b_examples: found.only_b_examples.map((x) => Object.assign({ what: what(x) }, x)),
            }),
            shown,
            onlyOne
          )
        );
      const tricks = report.tricks;
      examples(
        "diff-tricks",
        t("Tricks"),
        t("{differ} of {checked} tricks played both ways end differently.", { differ: tricks.differ, checked: tricks.checked }),
        tricks,
        (x) => x.cards.map(cardName).join(", "),
        outcome,
        (side, count) => t("Tricks only {side} can have: {count}", { side, count })
      );
      const rounds = report.rounds;
      examples(
        "diff-rounds",
        t("Rounds"),
        t("{differ} of {checked} rounds score differently.", { differ: rounds.differ, checked: rounds.checked }),
        rounds,
        roundSaid,
        (p) => [el("span", { text: tn("{n} point", "{n} points", p) })],
        (side, count) => t("Rounds only {side} can have: {count}", { side, count })
      );
      const seats = report.seats;
      if (seats && (seats.checked || seats.only_a || seats.only_b)) {
        const seated = (x) => [el("span", { text: x ? t("dealt by {dealer}, led by {leader}", { dealer: x.dealer, leader: x.first_leader }) : "–" })];
        $("diff-rounds").append(
          el("h3", { text: t("Who deals and leads") }),
          el("p", { text: t("{differ} of {checked} rounds are dealt or led by another player.", { differ: seats.differ, checked: seats.checked }) }),
          el("ul", { class: "diff-list" }, ...seats.examples.map((x) => example(seatsSaid(x), seated(x.a), seated(x.b))))
        );
      }
      say($("diff-status"), t("Played both ways: done."), false);
    }

    load();
  }

  // -- a player's page: the trend of their final scores, drawn as the game's chart is
  // (the scores are in the page as a list too, for every reader)

  function playerPage() {
    for (const figure of document.querySelectorAll("figure.trend[data-scores]")) {
      const scores = figure.dataset.scores.split(",").map(Number);
      const label = t("{player}'s final scores, game by game: {scores}", { player: figure.dataset.player, scores: scores.join(", ") });
      figure.append(drawChart([figure.dataset.player], [scores], label, 1));
    }
  }

  const page = document.body.dataset.page;
  if (page === "player") playerPage();
  if (page === "index") indexPage();
  if (page === "game") gamePage();
  if (page === "diff") diffPage();
})();
