// Skull King score pad: the comparison of two editions. The rule values that differ
// come with the page; the tricks and rounds played both ways come from /api/diff
// (worked out once a pair: the first time it takes a second or two) and are filled in
// here.
import { api } from "./api.js";
import { cardWords } from "./cards.js";
import { $, el, say } from "./dom.js";
import { t, tn } from "./i18n.js";

export function diffPage() {
  const section = $("diff-played");
  if (!section) return;
  const query = "a=" + encodeURIComponent(section.dataset.a) + "&b=" + encodeURIComponent(section.dataset.b);
  // the cards of both decks by code, to name a trick's cards in the page's language
  let deck = {};
  try {
    deck = JSON.parse($("diff-deck").textContent);
  } catch (error) {
    deck = {};
  }
  const lang = document.documentElement.lang;
  const named = (names) => (names ? names[lang] || names.en || "" : "");
  const cardName = (code) => (deck[code] ? cardWords(deck[code], named) || code : code);

  function outcome(x) {
    // (x.reason is the server's words, put in as they come)
    const who =
      x.winner === null
        ? t("nobody wins, seat {seat} leads", { seat: x.next_leader })
        : x.bonus
          ? t("seat {seat} wins, bonus {bonus}", { seat: x.winner, bonus: x.bonus })
          : t("seat {seat} wins", { seat: x.winner });
    return [el("span", { class: "diff-who", text: who }), el("span", { class: "meta diff-why", text: x.reason })];
  }

  function roundSaid(r) {
    let said = t("{scheme}, round {round} ({cards} cards): bid {bid}, won {won}", {
      scheme: r.scheme.a === r.scheme.b ? r.scheme.a : r.scheme.a + "/" + r.scheme.b,
      round: r.round,
      cards: r.cards,
      bid: r.bid,
      won: r.won,
    });
    if (r.captured && r.captured.length) said += "; " + t("captured {bonuses}", { bonuses: r.captured.join(", ") });
    // (an alliance whose ally "made" or "missed" the bid)
    if (r.ally) said += "; " + (r.ally === "made" ? t("an ally who made the bid") : t("an ally who missed the bid"));
    if (r.wager) said += "; " + t("wager {wager}", { wager: r.wager });
    if (r.bid_change) said += "; " + t("bid change {change}", { change: r.bid_change });
    if (r.load) said += "; " + t("load {load}", { load: r.load });
    return said;
  }

  function seatsSaid(r) {
    return r.tie_break
      ? t("the tie-break round of {table}", { table: r.players.join(", ") })
      : t("round {round} ({cards} cards) of {table}", { round: r.round, cards: r.cards, table: r.players.join(", ") });
  }

  // one example: what is played, and each edition's end of it (or why it cannot be)
  function example(what, a, b) {
    const sides = el("dl", { class: "diff-sides" });
    for (const [label, side] of [["A", a], ["B", b]]) sides.append(el("dt", { text: label }), el("dd", {}, ...side));
    return el("li", { class: "diff-row" }, el("p", { class: "diff-what", text: what }), sides);
  }

  function only(part, render, said) {
    const found = [];
    for (const side of ["a", "b"]) {
      const count = part["only_" + side];
      if (!count) continue;
      found.push(el("p", { text: said(side.toUpperCase(), count) }));
      const list = el("ul", { class: "diff-list" });
      for (const x of part["only_" + side + "_examples"]) {
        const mine = render(x[side]);
        const refused = [el("span", { class: "meta", text: t("not possible: {why}", { why: x.why }) })];
        list.append(example(x.what, side === "a" ? mine : refused, side === "a" ? refused : mine));
      }
      if (list.childElementCount) found.push(list);
    }
    return found;
  }

  function part(id, title, summary, examples, extra) {
    const list = el("ul", { class: "diff-list" }, ...examples);
    $(id).replaceChildren(el("h3", { text: title }), el("p", { text: summary }), ...(examples.length ? [list] : []), ...extra);
  }

  async function load() {
    const r = await api("GET", "/api/diff?" + query);
    if (!r.ok) {
      say($("diff-status"), r.data.error, true);
      return;
    }
    const report = r.data;
    // a part of the report (tricks, rounds): its examples, each said by what() and its
    // two sides shown by shown(), and what only one side can have
    const examples = (id, title, summary, found, what, shown, onlyOne) =>
      part(
        id,
        title,
        summary,
        found.examples.map((x) => example(what(x), shown(x.a), shown(x.b))),
        only(
          Object.assign({}, found, {
            only_a_examples: found.only_a_examples.map((x) => Object.assign({ what: what(x) }, x)),
            only_b_examples: found.only_b_examples.map((x) => Object.assign({ what: what(x) }, x)),
          }),
          shown,
          onlyOne
        )
      );
    const tricks = report.tricks;
    examples(
      "diff-tricks",
      t("Tricks"),
      t("{differ} of {checked} tricks played both ways end differently.", { differ: tricks.differ, checked: tricks.checked }),
      tricks,
      (x) => x.cards.map(cardName).join(", "),
      outcome,
      (side, count) => t("Tricks only {side} can have: {count}", { side, count })
    );
    const rounds = report.rounds;
    examples(
      "diff-rounds",
      t("Rounds"),
      t("{differ} of {checked} rounds score differently.", { differ: rounds.differ, checked: rounds.checked }),
      rounds,
      roundSaid,
      (p) => [el("span", { text: tn("{n} point", "{n} points", p) })],
      (side, count) => t("Rounds only {side} can have: {count}", { side, count })
    );
    const seats = report.seats;
    if (seats && (seats.checked || seats.only_a || seats.only_b)) {
      const seated = (x) => [el("span", { text: x ? t("dealt by {dealer}, led by {leader}", { dealer: x.dealer, leader: x.first_leader }) : "–" })];
      $("diff-rounds").append(
        el("h3", { text: t("Who deals and leads") }),
        el("p", { text: t("{differ} of {checked} rounds are dealt or led by another player.", { differ: seats.differ, checked: seats.checked }) }),
        el("ul", { class: "diff-list" }, ...seats.examples.map((x) => example(seatsSaid(x), seated(x.a), seated(x.b))))
      );
    }
    say($("diff-status"), t("Played both ways: done."), false);
  }

  load();
}
