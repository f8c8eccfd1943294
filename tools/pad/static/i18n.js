// Skull King score pad: the page's words in the reader's language (t, tn), from the
// catalogue the server puts in the page.

// The page's words in the reader's language: the catalogue the server put in the page
// (<script type="application/json" id="messages">, from the pad's gettext catalogues),
// English when a message has no translation. "{name}" in a message is filled from
// `values` (never as HTML: the result goes into textContent or an attribute).
const MESSAGES = (() => {
  const node = document.getElementById("messages");
  try {
    return node ? JSON.parse(node.textContent) : {};
  } catch (error) {
    return {};
  }
})();
function fill(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all)) : text;
}
export function t(text, values) {
  const found = MESSAGES[text];
  return fill(typeof found === "string" && found ? found : text, values);
}
// singular/plural: MESSAGES[singular] may be a list of forms; the plural rule of the
// page's language (document.documentElement.lang) picks one: German and English two forms, Japanese one.
export function tn(singular, plural, count, values) {
  const found = MESSAGES[singular];
  const all = Object.assign({ n: count }, values || {});
  if (Array.isArray(found) && found.length) {
    const lang = document.documentElement.lang;
    const index = lang === "ja" ? 0 : count === 1 ? 0 : 1;
    return fill(found[Math.min(index, found.length - 1)] || (count === 1 ? singular : plural), all);
  }
  return fill(count === 1 ? singular : plural, all);
}
