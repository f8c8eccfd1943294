// Skull King score pad, a game's page: the two moments of a round: the bids (when the
// cards are dealt) and the tricks won (when it is played), one row of chips a player
// each, with the other moment's numbers said in the legend. The form opens on the bids
// until every bid is in, then on the tricks won (the last bid tapped turns to them);
// the buttons above switch. And the buttons of the save bar that each moment asks for.
import { $ } from "../dom.js";
import { chipValue } from "./inputs.js";
import { editing, game, nextNumber, over } from "./state.js";

export let phase = "bid";
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

export function showPhase(which) {
  phase = which;
  $("round").dataset.phase = which;
  $("phase-bid").setAttribute("aria-pressed", String(which === "bid"));
  $("phase-won").setAttribute("aria-pressed", String(which === "won"));
  updateBar();
}

// Whether the form draws the round it showed last (then it keeps what was opened in
// it); the round drawn now is the one it shows.
export function showingSameRound() {
  const same = phaseShown === phaseKey();
  phaseShown = phaseKey();
  return same;
}

// The moment the form opens on: the one the player switched to on this round, else the
// tricks won once every bid is in, else the bids.
export function openPhase() {
  bidsWereIn = allBidsIn();
  showPhase(phaseChosen && phaseChosen.key === phaseKey() ? phaseChosen.phase : bidsWereIn ? "won" : "bid");
}

// A round saved: the form opens on the moment the next round is at.
export function forgetPhaseChoice() {
  phaseChosen = null;
}

function choosePhase(which) {
  phaseChosen = { key: phaseKey(), phase: which };
  showPhase(which);
}

// The last bid tapped turns the form to the tricks won.
export function bidsTapped() {
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
export function updateBar() {
  const finished = !editing && over();
  $("all-made").hidden = finished || phase !== "won";
  $("save-bids").hidden = finished || Boolean(editing) || (phase === "won" && bidsSaved());
  $("cancel-edit").hidden = !editing;
}

// The buttons that switch between the two moments.
export function wirePhases() {
  $("phase-bid").addEventListener("click", () => choosePhase("bid"));
  $("phase-won").addEventListener("click", () => choosePhase("won"));
}
