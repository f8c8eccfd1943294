// Skull King score pad, a game's page: the trick checker: the cards of a disputed trick
// tapped in the order played, and who wins it by the game's rules, and why.
import { api } from "../api.js";
import { cardWords } from "../cards.js";
import { $, el, say } from "../dom.js";
import { t } from "../i18n.js";
import { editing, form, gameId, name, nextNumber, seatName, seating } from "./state.js";

let trick = []; // the cards tapped, in the order played

function cardLabel(card) {
  return cardWords(card, name);
}

export function renderTrickChecker() {
  const leader = $("trick-leader");
  const chosen = leader.value;
  leader.replaceChildren(...seating().map((p, i) => el("option", { value: String(i), text: p, selected: String(i) === chosen })));
  const deck = $("trick-deck");
  deck.replaceChildren();
  let group = null;
  let row = null;
  for (const card of form.cards) {
    if (card.group !== group) {
      group = card.group;
      row = el("div", { class: "suit", role: "group", "aria-label": name(card.names) || group });
      deck.append(row);
    }
    row.append(
      el("button", {
        type: "button",
        class: "card-btn group-" + card.group,
        text: /\d+$/.test(card.code) && !card.as ? card.code.match(/\d+$/)[0] : cardLabel(card),
        "aria-label": cardLabel(card),
        "data-code": card.code,
        onclick: () => {
          trick.push(card);
          showTrick();
        },
      })
    );
  }
  showTrick();
}

function showTrick() {
  // who plays each card: the table's play order for the leader chosen (the form's)
  const seats = seating();
  const order = form.orders[Number($("trick-leader").value || 0)];
  $("trick-cards").textContent = trick.length
    ? trick.map((c, i) => seats[order[i % order.length]] + ": " + cardLabel(c)).join(", ")
    : t("(no card yet)");
  $("trick-result").textContent = "";
}

// The checker's buttons.
export function wireTrickChecker() {
  $("trick-leader").addEventListener("change", showTrick);
  $("trick-back").addEventListener("click", () => {
    trick.pop();
    showTrick();
  });
  $("trick-clear").addEventListener("click", () => {
    trick = [];
    showTrick();
  });
  $("trick-check").addEventListener("click", async () => {
    if (trick.length < 1) {
      say($("trick-result"), t("Tap the trick's cards first."), true);
      return;
    }
    const params = new URLSearchParams({
      game: gameId,
      cards: trick.map((c) => c.code).join(","),
      leader: $("trick-leader").value || "0",
      players: String(seating().length),
      round: String(editing || nextNumber()), // (the rules may change with the round)
    });
    const r = await api("GET", "/api/trick?" + params.toString());
    if (!r.ok) {
      say($("trick-result"), r.data.error, true);
      return;
    }
    // Played at the game's table: the seats are the table's (the ghost hand's last),
    // and the winning card is named by its position in the trick.
    const x = r.data;
    let text;
    // (x.reason is the server's words, put in as it sends them)
    if (x.winner === null) {
      text = t("Nobody wins the trick: {reason}.", { reason: x.reason });
      // (a house rule may count a trick nobody wins for a player: counts_for, a seat)
      if (x.counts_for !== undefined && x.counts_for !== null)
        text += " " + t("The trick counts for {player} as a trick won.", { player: seatName(x.counts_for) });
    } else {
      const card = trick[x.winning_card];
      text = card
        ? t("{player} wins with {card}: {reason}.", { player: seatName(x.winner), card: cardLabel(card), reason: x.reason })
        : t("{player} wins: {reason}.", { player: seatName(x.winner), reason: x.reason });
    }
    // (x.bonus_paid, when the scoring pays it, is the server's words too; the
    // 2021 rulebook's own reading has a sentence of its own in each language)
    if (x.bonus)
      text += " " + (x.bonus_paid === "if the bid holds"
        ? t("Bonus if the bid holds: {bonus}.", { bonus: x.bonus })
        : t("Bonus ({when}): {bonus}.", { when: x.bonus_paid, bonus: x.bonus }));
    for (const [a, b] of x.alliances || []) text += " " + t("Alliance: {player} with {partner}.", { player: seatName(a), partner: seatName(b) });
    text += " " + t("{player} leads the next trick.", { player: seatName(x.next_leader) });
    say($("trick-result"), text, false);
  });
}
