// Skull King score pad, a game's page: the round form's inputs: a number field, a
// list to choose from, and a number by tap (a group of chips).
import { el } from "../dom.js";

export function number(id, label, value, min, max, extra) {
  return el(
    "p",
    { class: "field" },
    el("label", { for: id, text: label }),
    el(
      "input",
      Object.assign(
        { id, type: "number", inputmode: "numeric", value: value === undefined || value === null ? "" : String(value), min, max },
        extra || {}
      )
    )
  );
}

export function select(id, label, values, value, labels) {
  return el(
    "p",
    { class: "field" },
    el("label", { for: id, text: label }),
    el(
      "select",
      { id },
      ...values.map((v, i) =>
        el("option", { value: String(v), text: labels ? labels[i] : String(v), selected: String(v) === String(value) })
      )
    )
  );
}

// A number by tap: a group of chips from ``low`` to ``top``, radio buttons under one
// name (one tab stop; arrow keys move, a digit typed picks that number, "10" too).
// The group carries the id and data-key the form reads (see chipValue).
export function chipGroup(id, key, label, low, top, value) {
  const group = el("div", { class: "chips", role: "radiogroup", id, "data-key": key, "aria-label": label });
  for (let n = low; n <= top; n++) {
    const radio = el("input", { type: "radio", name: id, value: String(n), checked: value !== undefined && value !== null && Number(value) === n });
    group.append(el("label", { class: "chip", "data-value": String(n) }, radio, el("span", { text: String(n) })));
  }
  // tapping the chip already chosen takes it back (nothing chosen again)
  let last = value === undefined || value === null ? null : String(value);
  group.addEventListener("click", (event) => {
    const radio = event.target;
    if (!(radio instanceof HTMLInputElement)) return;
    if (radio.value === last) {
      radio.checked = false;
      last = null;
      radio.dispatchEvent(new Event("input", { bubbles: true }));
      radio.dispatchEvent(new Event("change", { bubbles: true }));
    } else last = radio.value;
  });
  group.addEventListener("input", () => {
    const checked = group.querySelector("input:checked");
    last = checked ? checked.value : null;
  });
  let typed = "";
  let when = 0;
  group.addEventListener("keydown", (event) => {
    if (!/^[0-9]$/.test(event.key)) return;
    const now = Date.now();
    typed = now - when < 800 ? typed + event.key : event.key;
    when = now;
    const radio = group.querySelector('input[value="' + typed + '"]') || group.querySelector('input[value="' + event.key + '"]');
    if (!radio) return;
    event.preventDefault();
    chipSet(group, radio.value);
    radio.focus();
  });
  return group;
}

// The number a chip group holds (null: none tapped yet).
export function chipValue(group) {
  const checked = group && group.querySelector("input:checked");
  return checked ? Number(checked.value) : null;
}

// Tap the chip of ``value`` in ``group`` (as the player would: the form hears it).
export function chipSet(group, value) {
  const radio = group.querySelector('input[value="' + value + '"]');
  if (!radio || radio.checked) return;
  radio.checked = true;
  radio.dispatchEvent(new Event("input", { bubbles: true }));
  radio.dispatchEvent(new Event("change", { bubbles: true }));
}
