// Skull King score pad: the keys of a shared pad. A score pad shared on the network
// asks a key for every change. A link ending "#key=KEY" hands this phone one (the pad's
// own on the games page, a game's on its page); it is kept in this browser and sent
// with each request (see api.js), and taken out of the address shown, so that a shared
// screenshot or a copied address does not carry it.
import { keep } from "./storage.js";

export const PAD_KEY = "skullking-key:pad";
export const gameKeyName = (id) => "skullking-key:game:" + id;

export function takeKey(name) {
  const found = /(?:^#|&)key=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (!found) return null;
  keep(name, found[1]);
  window.history.replaceState(null, "", window.location.pathname + window.location.search);
  return found[1];
}
