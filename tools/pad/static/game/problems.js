// Skull King score pad, a game's page: a refused round's problems, each marked at the
// field it names with its message beside it.
import { $, el, say } from "../dom.js";
import { t } from "../i18n.js";
import { showExtras } from "./extras.js";
import { showPhase } from "./phases.js";
import { extrasOf } from "./round-values.js";
import { form } from "./state.js";

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

export function clearProblems() {
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

export function markProblems(problems, number, round) {
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
export function missingField(typed, keys) {
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
