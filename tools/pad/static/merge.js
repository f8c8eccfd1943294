// Skull King score pad: what one phone typed into a round, put together with what
// another phone saved of the same round meanwhile. A round is a score-sheet round
// ({bids: {Ann: 1, ...}, won: {...}, bonuses: {...}, loot: [...], ...}); each of its
// fields is one value (a player's bid, a player's bonuses, the alliances) and is merged
// on its own, as three-way merges do: the phone's own typing stays, every field it did
// not type follows what was saved, and a field both changed to different values is a
// conflict the player settles (never a silent choice).

// The round's fields: "bids.Ann" for a value kept per player, "loot" for one of the
// round, each to its value as JSON (so that equal values compare equal).
function fields(values) {
  const out = new Map();
  for (const [key, value] of Object.entries(values || {})) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [player, each] of Object.entries(value)) out.set(key + "." + player, JSON.stringify(each));
    } else {
      out.set(key, JSON.stringify(value));
    }
  }
  return out;
}

// The keys the rounds keep per player (their values are objects keyed by player).
function keptPerPlayer(...rounds) {
  const keys = new Set();
  for (const r of rounds) {
    for (const [key, value] of Object.entries(r || {})) {
      if (value && typeof value === "object" && !Array.isArray(value)) keys.add(key);
    }
  }
  return keys;
}

// The round of ``values`` (fields as ``fields`` gives them); ``perPlayer``, the keys kept
// per player. (A player's name may hold dots: only the first one splits.)
function round(values, perPlayer) {
  const out = {};
  for (const [field, text] of values) {
    if (text === undefined) continue;
    const dot = field.indexOf(".");
    const key = dot < 0 ? field : field.slice(0, dot);
    if (dot >= 0 && perPlayer.has(key)) {
      out[key] = out[key] || {};
      out[key][field.slice(dot + 1)] = JSON.parse(text);
    } else {
      out[field] = JSON.parse(text);
    }
  }
  return out;
}

// ``mine`` (the round as this phone has it) put together with ``theirs`` (the round as
// saved now), both grown from ``base`` (the round as this phone showed it when its player
// began typing). Returns {merged, conflicts}: merged holds this phone's own changes and,
// everywhere else, what was saved; each conflict is {field, mine, theirs} (values, or
// undefined for a value left out) for a field both changed differently, which merged
// keeps as this phone typed it until the player chooses. ``unsettled`` (conflicts found
// before and not settled yet) stay, against what is saved now, unless the values agree.
export function mergeRound(base, mine, theirs, unsettled = []) {
  const b = fields(base), m = fields(mine), s = fields(theirs);
  const perPlayer = keptPerPlayer(base, mine, theirs);
  const merged = new Map();
  const conflicts = [];
  for (const field of new Set([...b.keys(), ...m.keys(), ...s.keys()])) {
    const was = b.get(field), typed = m.get(field), saved = s.get(field);
    if (typed === was) merged.set(field, saved);
    else if (saved === was || saved === typed) merged.set(field, typed);
    else {
      merged.set(field, typed);
      conflicts.push({ field, mine: valueOf(typed), theirs: valueOf(saved) });
    }
  }
  for (const earlier of unsettled) {
    const typed = merged.get(earlier.field), saved = s.get(earlier.field);
    if (conflicts.some((c) => c.field === earlier.field) || typed === saved) continue;
    conflicts.push({ field: earlier.field, mine: valueOf(typed), theirs: valueOf(saved) });
  }
  return { merged: round(merged, perPlayer), conflicts };
}

function valueOf(text) {
  return text === undefined ? undefined : JSON.parse(text);
}

// ``values`` (a round) with each of ``chosen`` (fields) set as in ``from`` (a round).
export function takeFields(values, from, chosen) {
  const perPlayer = keptPerPlayer(values, from);
  const out = fields(values);
  const source = fields(from);
  for (const field of chosen) out.set(field, source.get(field));
  return round(out, perPlayer);
}
