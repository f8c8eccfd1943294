// Skull King score pad: the page's script, native ES modules served as they are (no
// build step). This one registers the service worker and starts the page's own module
// (the page says which in <body data-page>); the others each hold one concern:
//   i18n.js      the page's words in the reader's language
//   dom.js       building and changing the page
//   storage.js   what this browser keeps between visits
//   keys.js      the keys of a shared pad
//   api.js       the client of the pad's JSON API
//   share.js     the box that lets the other phones at the table in
//   cards.js     a card named in words
//   chart.js     the line chart of running scores
//   merge.js     a round typed here put together with the same round saved elsewhere
//   index-page.js, diff-page.js, player-page.js   the games, comparison and player pages
//   game/        a game's page (game/page.js, and a module a part of it)
// They talk to the pad's JSON API only; every name a user typed is put in the page as
// text (textContent), never as HTML.
import { diffPage } from "./diff-page.js";
import { gamePage } from "./game/page.js";
import { indexPage } from "./index-page.js";
import { playerPage } from "./player-page.js";

// Installable and opened without the network: the service worker keeps what the
// pages fetched (see sw.js).
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});

const page = document.body.dataset.page;
if (page === "player") playerPage();
if (page === "index") indexPage();
if (page === "game") gamePage();
if (page === "diff") diffPage();
