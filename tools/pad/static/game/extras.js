// Skull King score pad, a game's page: a player's extras in the round (wager, bid
// change, load, free points, bonuses), under "More", one player's at a time.
import { $, el } from "../dom.js";
import { t, tn } from "../i18n.js";
import { liveCheck } from "./check.js";
import { number, select } from "./inputs.js";
import { form, name } from "./state.js";

// A player's extras (wager, bid change, load, free points, bonuses) stand apart from
// the bid and the tricks won, under "More" for the round, opened a player at a time
// by the player's button there: the rows of chips of four players then fit a
// phone's screen.
export function showExtras(seat, open) {
  const button = document.querySelector('#extras-who [data-seat="' + seat + '"]');
  if (!button) return;
  button.setAttribute("aria-expanded", String(open));
  $("more-" + seat).hidden = !open;
}

// What the players' extras hold, for the summary of the closed box.
export function extrasSummary() {
  const said = [];
  document.querySelectorAll("#extras-players fieldset").forEach((xs) => {
    const parts = [];
    const wager = xs.querySelector("[id^=wager-]");
    if (wager && Number(wager.value) !== 0) parts.push(t("wager {wager}", { wager: wager.value }));
    const change = xs.querySelector("[id^=change-]");
    if (change && Number(change.value) !== 0) parts.push(t("bid change {change}", { change: (Number(change.value) > 0 ? "+" : "") + change.value }));
    const load = xs.querySelector("[id^=load-]");
    if (load && load.value !== form.scoring.loads[0]) parts.push(load.value);
    const points = xs.querySelector("[id^=extra-]");
    if (points && points.value.trim() && Number(points.value) !== 0) parts.push(t("free points {points}", { points: points.value }));
    const bonuses = [...xs.querySelectorAll("[data-bonus]")].reduce((n, input) => n + (Number(input.value) || 0), 0);
    if (bonuses) parts.push(tn("{n} bonus", "{n} bonuses", bonuses));
    if (parts.length) said.push(xs.dataset.player + ": " + parts.join(", "));
  });
  return said.length ? t("More: {extras}", { extras: said.join("; ") }) : t("More (wager, bonuses…)");
}

export function extrasFields(p, i, get) {
  const xs = el("fieldset", { class: "player-extras", id: "more-" + i, "data-player": p });
  xs.append(el("legend", { text: p }));
  const row = el("div", { class: "row" });
  if (form.wagers) {
    const v = get(form.wagers.key);
    row.append(select("wager-" + i, t("Wager ({name})", { name: name(form.wagers.names) || form.wagers.key }), form.wagers.values, v === undefined ? form.wagers.values[0] : v));
  }
  if (form.bid_change) {
    const v = get(form.bid_change.key);
    const labels = form.bid_change.values.map((x) => (x > 0 ? "+" + x : String(x)));
    row.append(select("change-" + i, t("Bid change ({name})", { name: name(form.bid_change.names) || form.bid_change.key }), form.bid_change.values, v === undefined ? 0 : v, labels));
  }
  if (form.scoring.loads.length) {
    const v = get("loads");
    row.append(select("load-" + i, t("Load"), form.scoring.loads, v === undefined ? form.scoring.loads[0] : v));
  }
  row.append(number("extra-" + i, t("Free points"), get("extra"), "-1000", "1000", { step: "10" }));
  xs.append(row);
  if (form.bonuses.length) {
    const claimed = get("bonuses") || [];
    const list = el("div", { class: "bonus-list", role: "group", "aria-label": t("{player}'s bonuses", { player: p }) });
    form.bonuses.forEach((b, k) => {
      const id = "bonus-" + i + "-" + k;
      const n = claimed.filter((x) => x === b.id).length;
      list.append(
        el(
          "p",
          { class: "field bonus" },
          el("label", { for: id, title: b.description, text: name(b.names) + " +" + b.points }),
          el("input", { id, type: "number", min: "0", max: "14", value: n ? String(n) : "", inputmode: "numeric", "data-bonus": b.id, "aria-describedby": id + "-d" }),
          el("span", { id: id + "-d", class: "hint", text: b.description })
        )
      );
    });
    xs.append(list);
  }
  xs.addEventListener("input", () => {
    $("extras-summary").textContent = extrasSummary();
    liveCheck();
  });
  xs.addEventListener("change", () => ($("extras-summary").textContent = extrasSummary()));
  return xs;
}
