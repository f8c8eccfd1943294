// Skull King score pad, a game's page: the round as typed, checked while it is typed
// (bids and tricks won that cannot be, tricks that do not add up), its points as the
// pad scores it, and what changing a round that records its play costs.
import { api } from "../api.js";
import { $, say } from "../dom.js";
import { t, tn } from "../i18n.js";
import { chipValue } from "./inputs.js";
import { updateBar } from "./phases.js";
import { collect } from "./round-values.js";
import { form, game, gameId, lostTricks, playedRound } from "./state.js";

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

export function liveCheck() {
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
