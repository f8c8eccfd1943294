// Skull King score pad: a game's page: the game loaded and drawn, each part's buttons
// wired, and the game followed as other phones change it. Each part is a module of its
// own beside this one.
import { api, sendsKey, useKey } from "../api.js";
import { $, say } from "../dom.js";
import { t } from "../i18n.js";
import { gameKeyName, PAD_KEY, takeKey } from "../keys.js";
import { showShare } from "../share.js";
import { keep, stored } from "../storage.js";
import { setShared } from "./drafts.js";
import { wireEnd } from "./end.js";
import { wireManage } from "./manage.js";
import { reconcile, wireConflicts } from "./merging.js";
import { wirePhases } from "./phases.js";
import { refresh, REFRESH_MS } from "./refresh.js";
import { renderRound } from "./round-form.js";
import { wireSaving } from "./saving.js";
import { form, gameId, resumeEditing, setForm, setGame, setGameId, setLang } from "./state.js";
import { renderTotals } from "./totals.js";
import { renderTrickChecker, wireTrickChecker } from "./trick.js";

export function gamePage() {
  setGameId(document.body.dataset.game);
  useKey(takeKey(gameKeyName(gameId)) || stored(gameKeyName(gameId)) || stored(PAD_KEY));
  // the card names' language: chosen under "Card names in", else the page's own
  let lang = stored("skullking-cards") || document.documentElement.lang;
  if (!["en", "de", "ja"].includes(lang)) lang = "en";
  setLang(lang);
  $("lang").value = lang;

  wireConflicts();
  wirePhases();
  wireSaving();
  wireManage();
  wireEnd();
  $("lang").addEventListener("change", () => {
    setLang($("lang").value);
    keep("skullking-cards", $("lang").value);
    renderRound();
    renderTrickChecker();
  });
  wireTrickChecker();

  load();
}

async function load() {
  const [g, f, d] = await Promise.all([
    api("GET", "/api/games/" + gameId),
    api("GET", "/api/games/" + gameId + "/form"),
    api("GET", "/api/games/" + gameId + "/draft"),
  ]);
  if (d.ok && d.data.round !== null) setShared(d.data);
  if (!g.ok || !f.ok) {
    say($("notice"), (g.ok ? f : g).data.error, true);
    return;
  }
  setGame(g.data);
  setForm(f.data);
  resumeEditing();
  $("edition-title").textContent = form.edition.title;
  renderTotals();
  reconcile(); // (saved on another phone since this one last typed into the round)
  renderRound();
  renderTrickChecker();
  // (the game as last fetched, the pad not reached: a phone with a key is not given the
  // share link, whose answer holds the key and so is never kept; nothing is shared
  // without the network)
  if (!(g.kept && sendsKey())) {
    showShare(
      "/api/games/" + gameId + "/share",
      t("Another phone that scans this code (or opens the link) can enter scores in this game too. The link holds the game's key: share it only with the table."),
      t("This phone watches the game: the scores follow as they are entered. To enter them here, open the game's link with its key (scan the code on a phone that keeps the score)."),
      ["round-section", "game-actions", "manage-section"],
      gameKeyName(gameId)
    );
  }
  window.setInterval(refresh, REFRESH_MS);
  document.addEventListener("visibilitychange", refresh);
}
