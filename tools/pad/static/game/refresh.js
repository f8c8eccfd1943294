// Skull King score pad, a game's page: the game as other phones change it: while the
// page is shown, the pad is asked every few seconds whether the game changed (304 when
// not), and a change is drawn.
import { api } from "../api.js";
import { $, say } from "../dom.js";
import { t } from "../i18n.js";
import { unsettled } from "./conflicts.js";
import { readDraft, setShared, shared } from "./drafts.js";
import { reconcile } from "./merging.js";
import { renderRound } from "./round-form.js";
import { changing, editing, game, gameId, nextNumber, setGame } from "./state.js";
import { renderTotals } from "./totals.js";

export const REFRESH_MS = 4000;

export async function refresh() {
  if (document.hidden || !game) return;
  await refreshGame();
  await refreshDraft();
}

async function refreshDraft() {
  const asked = shared ? { "If-None-Match": '"' + shared.stamp + '"' } : undefined;
  const r = await api("GET", "/api/games/" + gameId + "/draft", undefined, asked);
  if (r.status !== 200 || r.data.round === null || (shared && !(r.data.stamp > shared.stamp))) return;
  setShared(r.data);
  if (!editing && shared.round === nextNumber() && !readDraft(shared.round, null)) renderRound();
}

async function refreshGame() {
  const r = await api("GET", "/api/games/" + gameId, undefined, { "If-None-Match": '"' + game.version + '"' });
  // (an answer overtaken by a change made here, or holding one being made)
  if (r.status !== 200 || !(r.data.version > game.version) || changing) return;
  const next = nextNumber();
  const going = JSON.stringify(game.in_progress || null);
  setGame(r.data);
  setShared(null); // (a draft typed before a save is gone from the pad: ask again)
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
