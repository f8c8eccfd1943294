// Skull King score pad: the client of the pad's JSON API, sending the key this page
// holds (useKey) with every request.
import { t } from "./i18n.js";

let changeKey = null; // the key this page sends

// The key this page sends from now on (null: none).
export function useKey(key) {
  changeKey = key;
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
  return { ok: response.ok, status: response.status, data };
}
