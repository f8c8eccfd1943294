// Skull King score pad, a game's page: a draft put together with the round another
// phone saved meanwhile (see merge.js), and the player's choice where both changed a
// value.
import { $, say } from "../dom.js";
import { mergeRound, takeFields } from "../merge.js";
import { readKept, sendDraft, writeKept } from "./drafts.js";
import { renderRound } from "./round-form.js";
import { collect } from "./round-values.js";
import { editing, nextNumber, over, savedRound } from "./state.js";

// When another phone saved the round this one is typing (its bids, or an edit), the
// draft kept here is merged with it: each field typed here stays, every other field
// is as saved, and a field both changed differently is a conflict the player settles
// (see merge.js). Whether the draft changed.
export function reconcile() {
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

// The two choices of the list of conflicts.
export function wireConflicts() {
  $("keep-typed").addEventListener("click", () => settleConflicts(false));
  $("take-saved").addEventListener("click", () => settleConflicts(true));
}
