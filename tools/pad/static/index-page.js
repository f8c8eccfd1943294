// Skull King score pad: the games page (the list of games, a new game, an imported
// sheet).
import { api, useKey } from "./api.js";
import { $, el, say } from "./dom.js";
import { t } from "./i18n.js";
import { PAD_KEY, takeKey } from "./keys.js";
import { showShare } from "./share.js";
import { stored } from "./storage.js";

// Times as the server keeps them (UTC, ISO 8601) shown in the reader's own time zone.
function localTimes() {
  for (const node of document.querySelectorAll("time[datetime]")) {
    const when = new Date(node.getAttribute("datetime"));
    if (!Number.isNaN(when.getTime())) node.textContent = when.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  }
}

export function indexPage() {
  localTimes();
  useKey(takeKey(PAD_KEY) || stored(PAD_KEY));
  showShare(
    "/api/share",
    t("Phones that scan this code (or open the link) can start games and enter scores. The link holds the pad's key: share it only with the table."),
    t("This phone watches the games. To start one, open the pad's link with its key (printed where the pad was started, and shown on a phone that has it)."),
    ["new-section", "import-section"],
    PAD_KEY
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
