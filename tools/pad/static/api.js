// Skull King score pad: the client of the pad's JSON API, sending the key this page
// holds (useKey) with every request.
import { t } from "./i18n.js";

let changeKey = null; // the key this page sends

// ``api(method, url, body, headers)``: {ok, status, data} (data: the answer's JSON, or
// {error} when the pad cannot be reached), and ``kept``: whether the answer is the copy
// the service worker kept (the pad was not reached, see sw.js).

// The key this page sends from now on (null: none).
export function useKey(key) {
  changeKey = key;
}

// Whether this page sends a key.
export function sendsKey() {
  return changeKey !== null;
}

export async function api(method, url, body, headers) {
  const options = { method, headers: Object.assign({}, headers || {}) };
  if (changeKey) options.headers.Authorization = "Bearer " + changeKey;
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, options);
  } catch (err) {
    return { ok: false, status: 0, data: { error: t("the score pad cannot be reached: is the server running?") } };
  }
  let data = null;
  const text = await response.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch (err) {
    data = { error: text };
  }
  return { ok: response.ok, status: response.status, data, kept: response.headers.get("x-skullking-kept") === "1" };
}
