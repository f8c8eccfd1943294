// Skull King score pad, a game's page: values saved on another phone that this one
// typed otherwise: listed, each with both values, for the player to choose (keep what
// was typed here, or take what was saved); a round is not saved before they choose.
import { $, el, say } from "../dom.js";
import { t } from "../i18n.js";

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

export function showConflicts(conflicts) {
  const box = $("round-conflict");
  box.hidden = conflicts.length === 0;
  const list = $("conflict-list");
  list.replaceChildren(
    ...conflicts.map((c) =>
      el("li", { text: t("{field}: {theirs} as saved on another phone, {mine} as typed here", { field: conflictLabel(c.field), theirs: conflictValue(c.theirs), mine: conflictValue(c.mine) }) })
    )
  );
}

// Whether values saved elsewhere wait for the player's choice (then it is asked for).
export function unsettled() {
  if ($("round-conflict").hidden) return false;
  say($("round-status"), t("Another phone saved this round meanwhile: choose which values to keep first."), true);
  $("keep-typed").focus();
  return true;
}
