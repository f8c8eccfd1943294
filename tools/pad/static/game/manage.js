// Skull King score pad, a game's page: this game: its title, a rematch, and deleting
// it.
import { api } from "../api.js";
import { $, askTwice, say } from "../dom.js";
import { t } from "../i18n.js";
import { gameKeyName } from "../keys.js";
import { keep } from "../storage.js";
import { change, game, gameId, setGame } from "./state.js";

async function rematch() {
  const r = await api("POST", "/api/games/" + gameId + "/rematch", {});
  if (r.ok && r.data.key) keep(gameKeyName(r.data.id), r.data.key);
  if (r.ok) window.location.href = r.data.url;
  else say($("notice"), r.data.error, true);
}

// The section's buttons.
export function wireManage() {
  // -- this game: its title, and deleting it ----------------------------------

  $("rename").addEventListener("submit", async (event) => {
    event.preventDefault();
    const title = $("new-title").value.trim();
    if (!title) {
      say($("manage-status"), t("A title needs at least one character."), true);
      $("new-title").focus();
      return;
    }
    const r = await change(() => api("PATCH", "/api/games/" + gameId, { title }, { "If-Match": '"' + game.version + '"' }));
    if (r.ok) {
      setGame(r.data);
      $("game-title").textContent = game.title;
      document.title = t("{title} · Skull King score pad", { title: game.title });
      say($("manage-status"), t("Renamed."), false);
    } else {
      say($("manage-status"), r.data.error, true);
    }
  });

  $("rematch").addEventListener("click", rematch);
  $("end-rematch").addEventListener("click", rematch);

  askTwice("delete-game", "delete-confirm", "delete-no");
  $("delete-yes").addEventListener("click", async () => {
    const r = await api("DELETE", "/api/games/" + gameId, undefined, { "If-Match": '"' + game.version + '"' });
    if (r.ok) window.location.href = "/";
    else say($("manage-status"), r.data.error, true);
  });
}
