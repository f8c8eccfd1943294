// Skull King score pad, a game's page: saving a round (whole, or its bids alone),
// editing a saved one, and undoing the last.
import { api } from "../api.js";
import { $, askTwice, el, say } from "../dom.js";
import { t } from "../i18n.js";
import { liveCheck } from "./check.js";
import { unsettled } from "./conflicts.js";
import { baseline, cancelDraft, dropDraft, keepDraft, readKept, savedBaseline, sendDraft, setShared, writeKept } from "./drafts.js";
import { chipSet, chipValue } from "./inputs.js";
import { forgetPhaseChoice, phase } from "./phases.js";
import { clearProblems, markProblems, missingField } from "./problems.js";
import { renderRound } from "./round-form.js";
import { collect } from "./round-values.js";
import { change, editing, game, gameId, setEditing, setGame } from "./state.js";
import { renderTotals } from "./totals.js";

function startEdit(number) {
  setEditing(number);
  say($("round-status"), "");
  renderTotals();
  renderRound();
  $("round-title").scrollIntoView({ block: "start" });
  const first = document.querySelector("#round-players [data-key=" + phase + "] input");
  if (first) first.focus();
}

// Store round ``number`` as ``round``; on success say ``saved``, draw the game again
// and focus ``focus`` (a selector); a refusal is shown at its fields. Whether it was
// stored.
function storeRound(number, round, saved, focus) {
  return change(() => store(number, round, saved, focus));
}

async function store(number, round, saved, focus) {
  cancelDraft();
  const r = await api("PUT", "/api/games/" + gameId + "/rounds/" + number, round, { "If-Match": '"' + game.version + '"' });
  if (r.ok) {
    say($("round-status"), "");
    clearProblems();
    dropDraft(number, editing);
    forgetPhaseChoice(); // (the form opens on the moment the round is at)
    setShared(null); // (the pad dropped the round's draft with the save)
    say($("notice"), saved, false);
    setEditing(null);
    const g = await api("GET", "/api/games/" + gameId);
    if (g.ok) setGame(g.data);
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

// The form's save bar, its submission, and undo.
export function wireSaving() {
  // each saved round's button in the totals table edits it
  $("totals").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-edit]");
    if (button) startEdit(Number(button.dataset.edit));
  });

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
    const r = await change(() => api("DELETE", "/api/games/" + gameId + "/rounds/" + number, undefined, { "If-Match": '"' + game.version + '"' }));
    $("undo-confirm").hidden = true;
    if (!r.ok) {
      say($("notice"), r.data.error, true);
      return;
    }
    setGame(r.data);
    setShared(null);
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
}
