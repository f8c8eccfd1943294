// Skull King score pad, a game's page: the game as this page knows it (the score record,
// what the edition asks of a round, the round being edited, the card names' language)
// and what follows from it (a round's shape, the seats, the next round's number).
import { t } from "../i18n.js";

// (read anywhere through the live bindings below; changed only through the functions
// beside them)
export let gameId = null; // the game's id, from the page
export let game = null; // the score record (with sheet and version)
export let form = null; // what the edition asks of a round
export let editing = null; // the round number being edited (null: the next round)
let lang = "en"; // the card names' language

// The changes this page is making to the game (a round saved or undone, a rename), from
// the request until the game as changed is set: an answer of the pad read meanwhile
// (see refresh.js) may already hold one, and is no change made on another phone.
export let changing = 0;

export async function change(making) {
  changing += 1;
  try {
    return await making();
  } finally {
    changing -= 1;
  }
}

export function setGameId(id) {
  gameId = id;
}

export function setGame(record) {
  game = record;
}

export function setForm(asked) {
  form = asked;
}

export function setLang(chosen) {
  lang = chosen;
}

// The round being edited as kept with the drafts (a reload goes on editing it), once
// the game is known.
export function resumeEditing() {
  editing = editingKept();
}

export function name(names) {
  if (!names) return "";
  return names[lang] || names.en || "";
}

export function seatName(seat) {
  const seats = seating();
  return seats[seat] === undefined ? t("seat {seat}", { seat }) : seats[seat];
}

export function seating() {
  const seats = form.players.slice();
  if (form.ghost) seats.push(form.ghost);
  return seats;
}

export function roundShape(number) {
  // cards, bid range and players of round `number`
  const scheduled = form.rounds.find((r) => r.number === number);
  if (scheduled) return { cards: scheduled.cards, bids: scheduled.bids, players: form.players, extra: false };
  const last = form.rounds[form.rounds.length - 1];
  const tied = game.tie_break === "extra_round" ? form.players.filter((p) => game.winners.includes(p)) : form.players;
  return { cards: last.cards, bids: [0, last.cards], players: tied, extra: true };
}

export function nextNumber() {
  return game.rounds.length + 1;
}

// The round as saved that the form shows: the round being edited, or the round in
// progress (its bids saved); null for a round not saved yet.
export function savedRound(number) {
  if (editing) return game.sheet.rounds[editing - 1];
  return game.in_progress && game.in_progress.round === number ? game.sheet.rounds[number - 1] : null;
}

// The round being edited, kept with the drafts (a reload goes on editing it).
export function setEditing(number) {
  editing = number;
  try {
    if (number) localStorage.setItem("skullking-editing:" + gameId, String(number));
    else localStorage.removeItem("skullking-editing:" + gameId);
  } catch (error) {
    // not kept
  }
}

function editingKept() {
  try {
    const number = Number(localStorage.getItem("skullking-editing:" + gameId));
    return Number.isInteger(number) && number >= 1 && number <= game.rounds.length ? number : null;
  } catch (error) {
    return null;
  }
}

export function over() {
  return game.complete && game.tie_break !== "extra_round";
}

// The round being edited as saved, when it records its whole play (its tricks, as
// `skullking simulate` writes them): its tricks won and bonuses come from the play.
export function playedRound() {
  const saved = editing ? game.sheet.rounds[editing - 1] : null;
  return saved && Array.isArray(saved.tricks) ? saved : null;
}

// The tricks of a round no player at the table won (destroyed by a Kraken or a White
// Whale, or taken by the ghost hand), as many as may be: a row of chips entered as a
// player's tricks won, not saved (the sheet has each player's tricks won).
export function lostTricks(cards) {
  return form.ghost ? cards : Math.min(form.destroying, cards);
}
