// Skull King score pad: building and changing the page: an element by id ($), a new
// element (el), a status line (say), and a question asked by a second tap (askTwice).
// Every name a user typed goes into the page as text (textContent), never as HTML.

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child);
  }
  return node;
}

export function say(node, message, problem) {
  node.textContent = message || "";
  node.classList.toggle("problem", Boolean(problem));
}

// A question asked by a second tap, no dialog (undoing a round, deleting a game):
// the button shows the question's box where ask() allows it, its "no" hides it again.
export const askTwice = (button, box, no, ask = () => true) => {
  $(button).addEventListener("click", () => {
    if (!ask()) return;
    $(box).hidden = false;
    $(no).focus();
  });
  $(no).addEventListener("click", () => {
    $(box).hidden = true;
    $(button).focus();
  });
};
