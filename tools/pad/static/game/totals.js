// Skull King score pad, a game's page: the scores: the totals table, the line chart of
// the running scores, and who leads or won.
import { drawChart, LINE_COLOURS, LINE_DASHES } from "../chart.js";
import { $, el } from "../dom.js";
import { t, tn } from "../i18n.js";
import { editing, form, game } from "./state.js";

// -- the chart of the running scores --------------------------------------

function renderChart() {
  const box = $("chart");
  const players = game.players;
  box.hidden = game.rounds.length === 0;
  if (box.hidden) return;
  // each player's total after each round, from 0 before the first
  const series = players.map((p) => {
    const totals = [0];
    for (const r of game.rounds) totals.push(totals[totals.length - 1] + (r.points[p] || 0));
    return totals;
  });
  const count = game.rounds.length;
  const label = t("Running scores: {scores}", { scores: players.map((p, k) => p + " " + series[k][count]).join(", ") });
  const picture = drawChart(players, series, label);
  $("chart-svg").replaceChildren(picture);
  $("chart-legend").replaceChildren(
    ...players.map((p, k) => {
      const swatch = el("span", { class: "swatch", "aria-hidden": "true" });
      // (set through the style object: the page's policy refuses style attributes)
      swatch.style.borderTop = "3px " + (LINE_DASHES[k % 8] ? "dashed" : "solid") + " " + LINE_COLOURS[k % 8];
      return el("li", {}, swatch, p + " " + series[k][count]);
    })
  );
}

// -- the totals table ---------------------------------------------------

export function renderTotals() {
  const table = $("totals");
  const players = game.players;
  const leaders = new Set(game.winners);
  const head = el(
    "tr",
    {},
    el("th", { scope: "col", text: t("Round") }),
    ...players.map((p) =>
      el("th", { scope: "col", class: leaders.has(p) ? "leader" : null, text: p })
    ),
    el("th", { scope: "col" }, el("span", { class: "sr-only", text: t("Edit") }))
  );
  const running = Object.fromEntries(players.map((p) => [p, 0]));
  const body = game.rounds.map((r, i) => {
    const number = i + 1;
    for (const p of players) running[p] += r.points[p] || 0;
    const after = Object.assign({}, running);
    return el(
      "tr",
      { class: editing === number ? "editing" : null },
      el(
        "th",
        { scope: "row" },
        String(number),
        el("span", { class: "bidwon", text: tn("{n} card", "{n} cards", r.cards) })
      ),
      ...players.map((p) => {
        if (!(p in r.points)) return el("td", { class: "out", text: "–" });
        // made or missed as the edition's scoring says (the round's "made"), told by a
        // mark and, for a screen reader, in words: not by colour alone
        const made = r.made ? r.made[p] : undefined;
        const said = { bid: r.bids[p], won: r.won[p] };
        const words =
          made === undefined ? t("bid {bid}, won {won}", said) : made ? t("bid {bid}, won {won}: made", said) : t("bid {bid}, won {won}: missed", said);
        const line = el(
          "span",
          { class: "bidwon" + (made === undefined ? "" : made ? " made" : " missed") },
          el("span", { "aria-hidden": "true", text: r.bids[p] + "/" + r.won[p] + (made === undefined ? "" : made ? " ✓" : " ✗") }),
          el("span", { class: "sr-only", text: words })
        );
        const sum = el("span", { class: "running", text: "= " + after[p] });
        return el("td", {}, el("span", { class: "points", text: String(r.points[p]) }), line, sum);
      }),
      el(
        "td",
        {},
        el("button", {
          type: "button",
          class: "small",
          text: t("Edit"),
          "aria-label": t("Edit round {number}", { number }),
          "data-edit": String(number), // (see saving.js: the round is edited there)
        })
      )
    );
  });
  const going = game.in_progress;
  if (going) {
    // the round being played: its bids, nothing scored yet
    body.push(
      el(
        "tr",
        { class: "going" },
        el(
          "th",
          { scope: "row" },
          String(going.round),
          el("span", { class: "bidwon", text: tn("{n} card", "{n} cards", going.cards) })
        ),
        ...players.map((p) =>
          p in going.bids
            ? el("td", {}, el("span", { class: "points", text: "…" }), el("span", { class: "bidwon", text: t("bid {bid}", { bid: going.bids[p] }) }))
            : el("td", { class: "out", text: "–" })
        ),
        el("td", { class: "meta", text: t("being played") })
      )
    );
  }
  const total = el(
    "tr",
    { class: "total" },
    el("th", { scope: "row", text: t("Total") }),
    ...players.map((p) =>
      el(
        "td",
        { class: leaders.has(p) ? "leader" : null },
        el("span", { class: "points", text: String(game.totals[p]) }),
        leaders.has(p) ? el("span", { class: "sr-only", text: " " + (game.complete ? t("(winner)") : t("(leading)")) }) : null
      )
    ),
    el("td", {})
  );
  table.replaceChildren(
    table.querySelector("caption") || el("caption", { class: "sr-only" }),
    el("thead", {}, head),
    el("tbody", {}, ...body, total)
  );
  renderChart();
  const outcome = $("outcome");
  const names = game.winners.join(", ");
  const left = game.missing_rounds.length;
  if (!game.rounds.length) outcome.textContent = t("No round entered yet.");
  else if (game.complete && game.tie_break === "extra_round")
    outcome.textContent = t("Tied for first: {names}. The tied players play another round to break the tie.", { names });
  else if (game.complete && game.winners.length > 1)
    outcome.textContent =
      form.ties === "shared"
        ? t("Tied for first: {names} (they share the win, as this edition has it)", { names })
        : t("Tied for first: {names}", { names });
  else if (game.complete) outcome.textContent = t("Winner: {names} 🏆", { names });
  else
    outcome.textContent =
      game.winners.length > 1
        ? t("Tied for the lead: {names} · rounds still to play: {left}", { names, left })
        : t("Leading: {names} · rounds still to play: {left}", { names, left });
  $("undo").disabled = !game.sheet.rounds.length;
}
