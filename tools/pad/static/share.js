// Skull King score pad: the box that lets the other phones at the table in (the link
// and its QR code, the certificate to trust), what a phone without the key may not
// change, and the button that makes this phone forget its key.
import { api } from "./api.js";
import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { forget, stored } from "./storage.js";

// The link (and QR code) that lets the other phones in, when the pad is shared; a phone
// without the key watches: what it cannot change is hidden, and `watching` says why.
// A phone that keeps the page's key (`kept`, its name in this browser's storage) may
// forget it: the page then opens again as the phone watches it (nothing kept holds
// the key: the pad's answers that do are kept by no cache, see sw.js).
export async function showShare(url, text, watching, hide, kept) {
  const r = await api("GET", url);
  if (!r.ok || !r.data.shared) return true;
  const share = r.data;
  $("share").hidden = false;
  $("share-text").textContent = share.writable ? text : t("Other phones watch with this code or link:");
  // (drawn by the pad: an SVG picture in a data: address, nothing loaded from elsewhere)
  const address = share.url.split("#")[0];
  $("share-qr-box").replaceChildren(el("img", { id: "share-qr", class: "qr", src: share.qr, alt: t("QR code of {url}", { url: address }) }));
  $("share-link").href = share.url;
  $("share-link").textContent = share.writable ? t("{url} (with its key)", { url: address }) : address;
  // Over HTTPS (serve --tls): the certificate each phone installs once to trust the pad.
  // Over plain HTTP to a network address, say what a phone cannot do there.
  $("share-trust").hidden = !share.certificate;
  if (share.certificate) {
    $("share-trust").replaceChildren(
      t("Each phone trusts the pad once it has installed its certificate: "),
      el("a", { href: share.certificate.url, download: "skullking-pad.crt", text: t("the pad's certificate") }),
      " " + t("(SHA-256 fingerprint {fingerprint}: check that the phone shows the same)", { fingerprint: share.certificate.fingerprint })
    );
  }
  $("share-plain").hidden = window.isSecureContext;
  $("share-plain").textContent = t(
    "Served over plain HTTP, a phone keeps score here but cannot install the pad or open a game without the network: serve it with --tls for that."
  );
  if (!share.writable) {
    $("watching").hidden = false;
    $("watching").textContent = watching;
    for (const id of hide) $(id).hidden = true;
  }
  $("share-forget").hidden = !share.writable || !stored(kept);
  $("forget-key").onclick = () => {
    forget(kept);
    window.location.reload();
  };
  return share.writable;
}
