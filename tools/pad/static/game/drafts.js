// Skull King score pad, a game's page: what is typed into a round and not saved yet:
// kept in this browser (a draft a round), and the round being entered sent to the pad
// for the other phones at the table.
import { api } from "../api.js";
import { collect } from "./round-values.js";
import { editing, form, game, gameId, over } from "./state.js";

// -- drafts: what is typed into a round, kept in this browser (localStorage) until
// the round is saved, so that a reload, a language switch or a closed tab loses
// nothing; one draft a round, for a new round and for an edit apart.

function draftKey(number, edit) {
  return "skullking-draft:" + gameId + ":" + number + ":" + (edit ? "edit" : "new");
}

// A draft kept: {round, base, saved, conflicts}: the round as typed; the round as the
// form showed it when typing began (`base`, to tell what was typed here from what
// another phone saved meanwhile); the round as saved then (`saved`, JSON: a change to
// it is merged in); the fields both changed, for the player to settle.
export function readKept(number, edit) {
  try {
    const draft = JSON.parse(localStorage.getItem(draftKey(number, edit)) || "null");
    return draft && typeof draft === "object" && draft.round && typeof draft.round === "object" ? draft : null;
  } catch (error) {
    return null; // (storage refused, or not a draft of ours: nothing kept)
  }
}

export function readDraft(number, edit) {
  const kept = readKept(number, edit);
  return kept ? kept.round : null;
}

export function writeKept(number, edit, draft) {
  try {
    localStorage.setItem(draftKey(number, edit), JSON.stringify(draft));
  } catch (error) {
    // storage full or refused: the page still works, without a draft
  }
}

// The form as it was drawn before this phone typed into it, and the round as saved
// then: what a draft started now is typed on top of.
export let baseline = null;
export let savedBaseline = "null";

export function setBaseline(base, saved) {
  baseline = base;
  savedBaseline = saved;
}

export function keepDraft() {
  if (!game || !form || (!editing && over())) return;
  const { number, round } = collect();
  const kept = readKept(number, editing);
  const since = kept || { base: baseline, saved: savedBaseline, conflicts: [] };
  writeKept(number, editing, { round, base: since.base, saved: since.saved, conflicts: since.conflicts || [] });
  if (!editing) sendDraft();
}

export function dropDraft(number, edit) {
  try {
    localStorage.removeItem(draftKey(number, edit));
  } catch (error) {
    // nothing kept
  }
}

// The round being entered is also kept by the pad for the other phones of the table
// (sent a moment after the last change): a phone that has typed nothing into the
// round shows what another one typed, until it types itself. An edit of a past
// round stays on its phone.
const DRAFT_MS = 800;
export let shared = null; // the pad's draft: {round, data, stamp}
let sending = null;

export function sendDraft() {
  window.clearTimeout(sending);
  sending = window.setTimeout(async () => {
    if (!game || editing || over()) return;
    const { number, round } = collect();
    // typed on the game as this phone knows it: the pad refuses a draft once a round
    // was saved since (it would stand in front of the round as saved)
    const r = await api("PUT", "/api/games/" + gameId + "/draft", { round: number, data: round }, { "If-Match": '"' + game.version + '"' });
    if (r.ok) shared = { round: number, data: round, stamp: r.data.stamp };
  }, DRAFT_MS);
}

// A save supersedes what is waiting to be sent of the round (sent after it, it would
// be refused, and shown nowhere).
export function cancelDraft() {
  window.clearTimeout(sending);
}

// The pad's draft as last read or sent (null: to ask again).
export function setShared(draft) {
  shared = draft;
}

export function sharedDraft(number) {
  return shared && shared.round === number ? shared.data : null;
}
