// Skull King score pad, a game's page: the round form drawn: each player's rows of
// chips, the tricks nobody won, the loot alliances; what it shows (typed here, typed on
// another phone, or saved) and the tricks won filled in when nothing else can happen.
import { $, el } from "../dom.js";
import { t, tn } from "../i18n.js";
import { liveCheck } from "./check.js";
import { showConflicts } from "./conflicts.js";
import { keepDraft, readKept, setBaseline, sharedDraft } from "./drafts.js";
import { renderEnd } from "./end.js";
import { extrasFields, extrasSummary, showExtras } from "./extras.js";
import { chipGroup, chipSet, chipValue } from "./inputs.js";
import { bidsTapped, openPhase, showingSameRound, updateBar } from "./phases.js";
import { collect } from "./round-values.js";
import { editing, form, game, lostTricks, nextNumber, over, playedRound, roundShape, savedRound } from "./state.js";

// The round form: what was typed here and not saved yet, else what another phone is
// typing into the round, else the round as saved. ``savedOnly``: the round as saved,
// whatever was typed (to merge a save made elsewhere with this phone's typing).
export function renderRound(savedOnly) {
  const number = editing || nextNumber();
  const kept = savedOnly ? null : readKept(number, editing);
  const saved = savedRound(number);
  // a round with its play shows the tricks won the play gives
  let stored = kept ? kept.round : editing ? saved : (!savedOnly && sharedDraft(number)) || saved;
  const played = playedRound();
  if (played && stored && !stored.won) stored = Object.assign({}, stored, { won: game.rounds[editing - 1].won });
  $("round-play").hidden = !played;
  $("round-play").textContent = "";
  const shape = stored && stored.players ? Object.assign(roundShape(number), { players: stored.players }) : roundShape(number);
  const cards = stored && stored.cards ? stored.cards : shape.cards;
  const finished = !editing && over();
  $("round-title").textContent = editing ? t("Edit round {number}", { number }) : finished ? t("The game is over") : t("Round {number}", { number });
  const box = $("round-players");
  box.replaceChildren();
  // (the players' extras opened stay open while the same round is drawn again)
  const same = showingSameRound();
  const opened = same ? [...document.querySelectorAll("#extras-who [aria-expanded=true]")].map((b) => b.dataset.seat) : [];
  $("extras-who").replaceChildren();
  $("extras-players").replaceChildren();
  $("save-round").disabled = false;
  renderEnd(finished);
  if (finished) {
    showConflicts([]);
    $("round-info").textContent = t("The game is over. Edit a round above if a score needs correcting.");
    $("loot-box").hidden = true;
    $("save-round").disabled = true;
    $("round-check").textContent = "";
    updateBar();
    return;
  }
  const info = [];
  const planned = form.rounds.find((r) => r.number === number);
  if (planned && typeof planned.leader === "number" && typeof planned.dealer === "number" && !shape.extra) {
    const seats = form.players;
    info.push(t("{dealer} deals, {leader} leads", { dealer: seats[planned.dealer], leader: seats[planned.leader] }));
  }
  info.push(tn("{n} card each", "{n} cards each", cards));
  if (form.ghost) info.push(t("{ghost} plays a hand too", { ghost: form.ghost }));
  const destroyable = Math.min(form.destroying, cards);
  if (destroyable) info.push(tn("up to {n} trick may be destroyed", "up to {n} tricks may be destroyed", destroyable));
  if (shape.extra) info.push(t("tie-break round: {players}", { players: shape.players.join(", ") }));
  $("round-info").textContent = info.join(" · ");
  if (shape.extra) {
    const id = "round-cards";
    box.append(
      el(
        "p",
        { class: "field" },
        el("label", { for: id, text: t("Cards dealt") }),
        el("input", { id, type: "number", min: "1", max: "30", value: String(cards), inputmode: "numeric" })
      )
    );
  }
  shape.players.forEach((p, i) => box.append(playerFields(p, i, shape, stored)));
  const lost = lostTricks(cards);
  if (lost) {
    const label = form.ghost ? t("Won by {ghost} or destroyed", { ghost: form.ghost }) : t("Destroyed (nobody won them)");
    const row = chipGroup("lost-tricks", "lost", label, 0, lost, null);
    row.addEventListener("input", () => {
      fillLastWon(cards, row);
      liveCheck();
    });
    box.append(el("div", { id: "round-lost", class: "entry lost" }, el("span", { class: "entry-label", "aria-hidden": "true", text: label }), row));
  }
  // Loot alliances
  $("loot-box").hidden = !form.loot;
  $("loot-list").replaceChildren();
  if (form.loot && stored && stored.loot) stored.loot.forEach(([a, b]) => addLoot(shape.players, a, b));
  $("loot-box").open = $("loot-list").children.length > 0;
  $("add-loot").onclick = () => {
    addLoot(shape.players);
    keepDraft();
  };
  // what a draft begun now is typed on top of
  setBaseline(kept ? kept.base || null : collect().round, kept ? kept.saved : JSON.stringify(saved || null));
  showConflicts(kept ? kept.conflicts || [] : []);
  $("extras-summary").textContent = extrasSummary();
  opened.forEach((seat) => showExtras(seat, true));
  openPhase();
  liveCheck();
}

// When every row of tricks but one is entered (each player's, and the tricks lost
// where some may be), the last one is what is left of the cards dealt. (``changed``,
// the row just tapped, is never the one filled: taking a number back stays.)
function fillLastWon(cards, changed) {
  const groups = [...document.querySelectorAll("#round-players [data-key=won], #round-lost [data-key=lost]")];
  const open = groups.filter((g) => chipValue(g) === null);
  if (open.length !== 1 || groups.length < 2 || open[0] === changed) return;
  const rest = cards - groups.reduce((sum, g) => sum + (chipValue(g) || 0), 0);
  if (rest >= 0) chipSet(open[0], rest);
}

// A player's rows: the bid and the tricks won by tap (one of the two shown at a time,
// see showPhase), the bid as said and the round's points in the legend.
function playerFields(p, i, shape, stored) {
  const get = (key) => (stored && stored[key] && p in stored[key] ? stored[key][p] : undefined);
  const fs = el("fieldset", { class: "player", "data-player": p, "data-seat": String(i) });
  fs.append(el("legend", {}, el("span", { class: "who", text: p }), el("span", { class: "said" }), el("span", { class: "preview" })));
  const cards = (stored && stored.cards) || shape.cards;
  const bid = chipGroup("bid-" + i, "bid", t("{player}'s bid", { player: p }), shape.bids[0], Math.min(shape.bids[1], cards), get("bids"));
  const won = chipGroup("won-" + i, "won", t("{player}'s tricks won", { player: p }), 0, cards, get("won"));
  fs.append(el("div", { class: "entry bid" }, bid), el("div", { class: "entry won" }, won));
  const xs = extrasFields(p, i, get);
  xs.hidden = true;
  $("extras-players").append(xs);
  $("extras-who").append(
    el("button", { type: "button", "data-seat": String(i), "data-player": p, "aria-expanded": "false", "aria-controls": xs.id, text: p, onclick: () => showExtras(i, xs.hidden) })
  );
  fs.addEventListener("input", (event) => {
    const group = event.target.closest && event.target.closest("[data-key]");
    if (group && group.dataset.key === "won") fillLastWon(cards, group);
    if (group && group.dataset.key === "bid") bidsTapped();
    liveCheck();
  });
  return fs;
}

function addLoot(players, a, b) {
  const k = $("loot-list").children.length;
  const pick = (id, label, value) =>
    el(
      "span",
      { class: "field" },
      el("label", { for: id, text: label }),
      el("select", { id }, ...players.map((p) => el("option", { value: p, text: p, selected: p === value })))
    );
  const item = el(
    "li",
    {},
    pick("loot-a-" + k, t("Loot played by"), a === undefined ? players[0] : a),
    // (a new alliance starts as two players, never one with themself)
    pick("loot-b-" + k, t("with the trick's winner"), b === undefined ? players[1] : b),
    el("button", {
      type: "button",
      class: "small",
      text: t("Remove"),
      "aria-label": t("Remove alliance {n}", { n: k + 1 }),
      onclick: () => {
        item.remove();
        keepDraft();
      },
    })
  );
  $("loot-list").append(item);
}
