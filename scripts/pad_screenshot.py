"""Take the README's picture of the score pad: a four-player game in round 5 on a phone.

Starts `skullking serve` on a free port with a database in a temporary folder, enters
four rounds through the API, and photographs the game page with Debian's Chromium
driven by Playwright (the `test` extra):

    .venv/bin/python scripts/pad_screenshot.py [--out docs/scorepad.png] [--browser /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

ROUNDS: list[dict[str, Any]] = [
    {"bids": {"Emma": 1, "Nico": 0, "Pat": 0, "Lea": 0}, "won": {"Emma": 1, "Nico": 0, "Pat": 0, "Lea": 0}},
    {"bids": {"Emma": 1, "Nico": 1, "Pat": 0, "Lea": 0}, "won": {"Emma": 1, "Nico": 0, "Pat": 0, "Lea": 1}},
    {
        "bids": {"Emma": 1, "Nico": 1, "Pat": 1, "Lea": 0},
        "won": {"Emma": 1, "Nico": 1, "Pat": 1, "Lea": 0},
        "bonuses": {"Pat": ["black-14"]},
    },
    {
        "bids": {"Emma": 2, "Nico": 0, "Pat": 1, "Lea": 1},
        "won": {"Emma": 2, "Nico": 0, "Pat": 1, "Lea": 1},
        "bonuses": {"Emma": ["mermaid-by-pirate"]},
    },
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _call(base: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, method=method, data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/scorepad.png")
    parser.add_argument("--browser", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "skullking", "serve", "--port", str(port), "--db", f"{folder}/pad.db"]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    _call(base, "GET", "/api/editions")
                    break
                except OSError:
                    time.sleep(0.1)
            game = _call(
                base, "POST", "/api/games", {"edition": "skullking-2021", "players": ["Emma", "Nico", "Pat", "Lea"]}
            )
            for number, entry in enumerate(ROUNDS, 1):
                _call(base, "PUT", f"/api/games/{game['id']}/rounds/{number}", entry)
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=args.browser,
                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
                )
                page = browser.new_page(viewport={"width": 360, "height": 900}, device_scale_factor=2)
                page.goto(f"{base}/games/{game['id']}")
                page.wait_for_selector("#round-players fieldset")
                page.click('#bid-0 [data-value="2"]')  # the first player's bid tapped
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=args.out)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
