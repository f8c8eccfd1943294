// Skull King score pad: a card named in words, as the trick checker and the comparison
// page say it.
import { t } from "./i18n.js";

// A card in words as the trick checker and the comparison page name it (``name``
// picks a name of a card's names in the reader's language): "black 14", "tigress as
// pirate", "Rosie D'Laney".
export function cardWords(card, name) {
  const base = name(card.names);
  if (card.as) return t("{card} as {role}", { card: base, role: name(card.as) });
  if (/\d+$/.test(card.code) && card.group) return base + " " + card.code.match(/\d+$/)[0];
  return base || card.code;
}
