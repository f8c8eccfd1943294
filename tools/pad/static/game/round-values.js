// Skull King score pad, a game's page: the round form read as a score-sheet round.
import { $ } from "../dom.js";
import { chipValue } from "./inputs.js";
import { editing, form, game, nextNumber, playedRound, roundShape } from "./state.js";

// The fieldset of a player's extras (see extras.js) beside the player's rows.
export function extrasOf(fs) {
  return $("more-" + fs.dataset.seat);
}

function intOf(input) {
  if (!input || input.value.trim() === "") return null;
  const n = Number(input.value);
  return Number.isInteger(n) ? n : NaN;
}

export function collect() {
  // the round as a score-sheet round
  const number = editing || nextNumber();
  const stored = editing ? game.sheet.rounds[editing - 1] : null;
  const shape = roundShape(number);
  const players = stored && stored.players ? stored.players : shape.players;
  const round = { bids: {}, won: {} };
  const cardsInput = $("round-cards");
  if (shape.extra || (stored && stored.players)) {
    round.players = players;
    round.cards = cardsInput ? intOf(cardsInput) : shape.cards;
  }
  const bonuses = {}, wagers = {}, changes = {}, loads = {}, extra = {};
  document.querySelectorAll("#round-players fieldset.player").forEach((fs) => {
    const p = fs.dataset.player;
    round.bids[p] = chipValue(fs.querySelector("[data-key=bid]"));
    round.won[p] = chipValue(fs.querySelector("[data-key=won]"));
    const xs = extrasOf(fs);
    const claimed = [];
    xs.querySelectorAll("[data-bonus]").forEach((input) => {
      const n = intOf(input) || 0;
      for (let k = 0; k < n; k++) claimed.push(input.dataset.bonus);
    });
    if (claimed.length) bonuses[p] = claimed;
    const wager = xs.querySelector("[id^=wager-]");
    if (wager && Number(wager.value) !== 0) wagers[p] = Number(wager.value);
    const change = xs.querySelector("[id^=change-]");
    if (change && Number(change.value) !== 0) changes[p] = Number(change.value);
    const load = xs.querySelector("[id^=load-]");
    if (load && load.value !== form.scoring.loads[0]) loads[p] = load.value;
    const points = intOf(xs.querySelector("[id^=extra-]"));
    if (points) extra[p] = points;
  });
  if (Object.keys(bonuses).length) round.bonuses = bonuses;
  if (form.wagers && Object.keys(wagers).length) round[form.wagers.key] = wagers;
  if (form.bid_change && Object.keys(changes).length) round[form.bid_change.key] = changes;
  if (Object.keys(loads).length) round.loads = loads;
  if (Object.keys(extra).length) round.extra = extra;
  const loot = [...$("loot-list").children].map((li) => [...li.querySelectorAll("select")].map((s) => s.value));
  if (loot.length) round.loot = loot;
  if (stored && stored.cards && !round.cards) round.cards = stored.cards;
  const played = playedRound();
  if (played) {
    const recorded = game.rounds[editing - 1].won;
    if (Object.keys(recorded).every((p) => round.won[p] === recorded[p])) {
      // the play stays: the round as saved, with what the form edits (bids, wagers,
      // bid changes, loads, free points) as typed; tricks won and bonuses from the play
      const kept = Object.assign({}, played, { bids: round.bids });
      const edited = ["loads", "extra"];
      if (form.wagers) edited.push(form.wagers.key);
      if (form.bid_change) edited.push(form.bid_change.key);
      for (const key of edited) {
        if (key in round) kept[key] = round[key];
        else delete kept[key];
      }
      return { number, round: kept, typed: round, shape, play: "kept" };
    }
    return { number, round, typed: round, shape, play: "dropped" };
  }
  return { number, round, typed: round, shape, play: null };
}
