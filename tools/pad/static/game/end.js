// Skull King score pad, a game's page: the end of the game: the ranking, and the result
// to share.
import { $, el, say } from "../dom.js";
import { t } from "../i18n.js";
import { form, game } from "./state.js";

// The players from the highest total down; tied players share a rank (50, 30, 30,
// 10 rank 1, 2, 2, 4).
function ranking() {
  const totals = game.totals;
  return game.players
    .map((player) => ({ player, total: totals[player] }))
    .sort((a, b) => b.total - a.total)
    .map((row) => Object.assign(row, { rank: 1 + game.players.filter((p) => totals[p] > row.total).length }));
}

function resultText() {
  const lines = [t("{title}: the result", { title: game.title }), form.edition.title];
  for (const row of ranking()) lines.push(row.rank + ". " + row.player + " " + row.total);
  lines.push($("outcome").textContent);
  return lines.join("\n");
}

export function renderEnd(finished) {
  $("game-end").hidden = !finished;
  $("round").hidden = finished;
  $("share-fallback").hidden = true;
  if (!finished) return;
  $("end-outcome").textContent = $("outcome").textContent;
  $("end-ranking").replaceChildren(
    ...ranking().map((row) =>
      el("li", { value: String(row.rank) }, el("span", { class: "end-player", text: row.player }), " ", el("span", { class: "points", text: String(row.total) }))
    )
  );
}

// The buttons that share the result.
export function wireEnd() {
  // The Web Share API where the phone has it; else the text to copy and the chart as a
  // picture to save.
  $("share-result").addEventListener("click", async () => {
    const text = resultText();
    if (navigator.share) {
      try {
        await navigator.share({ title: game.title, text });
        return;
      } catch (error) {
        if (error && error.name === "AbortError") return; // (the player closed the sheet)
      }
    }
    $("result-text").value = text;
    const picture = document.querySelector("#chart svg");
    const link = $("share-chart");
    link.hidden = !picture;
    if (picture) {
      if (link.href) URL.revokeObjectURL(link.href);
      const drawn = new XMLSerializer().serializeToString(picture);
      link.href = URL.createObjectURL(new Blob([drawn], { type: "image/svg+xml" }));
    }
    $("share-fallback").hidden = false;
    $("result-text").select();
  });
  $("copy-result").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("result-text").value);
      say($("share-status"), t("Copied."), false);
    } catch (error) {
      $("result-text").select();
      say($("share-status"), t("Select the text and copy it."), false);
    }
  });
}
