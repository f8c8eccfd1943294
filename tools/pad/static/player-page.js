// Skull King score pad: a player's page: the trend of their final scores, drawn as the
// game's chart is (the scores are in the page as a list too, for every reader).
import { drawChart } from "./chart.js";
import { t } from "./i18n.js";

export function playerPage() {
  for (const figure of document.querySelectorAll("figure.trend[data-scores]")) {
    const scores = figure.dataset.scores.split(",").map(Number);
    const label = t("{player}'s final scores, game by game: {scores}", { player: figure.dataset.player, scores: scores.join(", ") });
    figure.append(drawChart([figure.dataset.player], [scores], label, 1));
  }
}
