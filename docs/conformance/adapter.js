// A base-game Skull King resolver for `skullking conformance` (the 2021 rulebook's
// base cards): one request a line on standard input, one answer a line out.
const rl = require("readline").createInterface({ input: process.stdin });
const BONUS = { "standard-14": 10, "black-14": 20, "mermaid-by-pirate": 20, "pirate-by-skull-king": 30, "skull-king-by-mermaid": 40 };
const SPECIAL = { E: "escape", PIR: "pirate", SK: "king", MER: "mermaid", KRAKEN: "escape", WHALE: "escape", LOOT: "escape" };
const card = (c) => SPECIAL[c] ? { role: SPECIAL[c] } : /^[GYPB]([1-9]|1[0-4])$/.test(c) ? { suit: c[0], rank: +c.slice(1) } : null;
function led(cards) { // the first numbered card sets the suit, unless a character comes first
  for (const c of cards) { if (c.suit) return c.suit; if (c.role !== "escape") return null; }
  return null;
}
function trick({ cards, leader, players }) {
  const cs = cards.map(card), at = (role) => cs.findIndex((c) => c.role === role);
  const best = (ok) => cs.reduce((b, c, i) => ok(c) && (b < 0 || c.rank > cs[b].rank) ? i : b, -1);
  const suit = led(cs), count = (role) => cs.filter((c) => c.role === role).length;
  let w = at("king") >= 0 && at("mermaid") >= 0 ? at("mermaid") : [at("king"), at("pirate"), at("mermaid")].find((i) => i >= 0);
  if (w === undefined) w = best((c) => c.suit === "B"); if (w < 0) w = best((c) => c.suit === suit); if (w < 0) w = 0;
  let bonus = cs.filter((c) => c.rank === 14).reduce((s, c) => s + (c.suit === "B" ? 20 : 10), 0);
  const role = cs[w].role;
  bonus += role === "pirate" ? 20 * count("mermaid") : role === "king" ? 30 * count("pirate") : role === "mermaid" && count("king") ? 40 : 0;
  const seat = (leader + w) % players;
  return { winner: seat, next_leader: seat, bonus, alliances: [] };
}
function legal({ hand, trick }) {
  const suit = led(trick.map(card)), follows = hand.some((c) => card(c).suit === suit);
  return { legal: hand.filter((c) => !suit || !follows || !card(c).suit || card(c).suit === suit) };
}
function round({ cards, players, bids, won, bonuses = {} }) {
  const points = {};
  for (const p of players) {
    const bonus = (bonuses[p] || []).reduce((s, id) => s + BONUS[id], 0);
    if (bids[p] === 0) points[p] = won[p] === 0 ? 10 * cards + bonus : -10 * cards;
    else points[p] = won[p] === bids[p] ? 20 * bids[p] + bonus : -10 * Math.abs(won[p] - bids[p]);
  }
  return { points };
}
rl.on("line", (line) => {
  const { id, kind, edition, input } = JSON.parse(line);
  const codes = kind === "round" ? [] : [...(input.cards || []), ...(input.hand || []), ...(input.trick || [])];
  const known = edition === "skullking-2021" && codes.every(card) && input.scoring !== "rascal" &&
    !input.wagers && !input.bid_changes && !input.loads && !input.alliances;
  const answer = known ? { id, output: { trick, legal, round }[kind](input) } : { id, skip: "not in the base game" };
  console.log(JSON.stringify(answer));
});
