"""Open the browser build in headless Chromium, as a person would (SPEC UI-12; README, "In a browser").

    python tools/build_web.py --runtime DIR     # the page and pygbag's runtime, in build/web
    python tools/web_check.py --out /tmp/web    # -> home.png, klondike.png, console.txt, requests.txt

Serves ``build/web`` on the loopback address, opens it in Chromium (Debian's ``chromium``) the size
of a phone held upright (390x844 by default), waits until the game has the canvas (the loading
bar hidden, the canvas sized), takes a screenshot of the home screen, taps Klondike on it (where
the game itself lays the tile out at that size) and takes one of the table. The page's console
and every request the server answered (a 404 names a missing runtime file) are written beside the
pictures. Chromium is driven over its DevTools protocol on a pipe: the standard library is enough.
Exits 0 when both pictures were taken, 1 when the game never took the canvas.
"""

from __future__ import annotations

import argparse
import base64
import functools
import http.server
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
PORT = 8000  # pygbag's runtime looks for its packages beside the page on localhost:8000
READY = """(() => {
  const canvas = document.getElementById("canvas"), bar = document.getElementById("transfer");
  return !!(canvas && bar && bar.hidden && canvas.width > 1);
})()"""
CANVAS = """(() => {
  const c = document.getElementById("canvas"), r = c.getBoundingClientRect();
  return [r.left, r.top, r.width, r.height, c.width, c.height];
})()"""


def klondike_tile(size: tuple[int, int]) -> tuple[int, int]:
    """Where Klondike's tile (or its line, on a small screen) is on the home screen at ``size``,
    in canvas pixels: the game lays it out here, headless, as the page will."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import tempfile

    from game.app import App
    from game.store import Store

    with tempfile.TemporaryDirectory() as folder:
        app = App(size=size, store=Store(Path(folder)))
        app.go_home()
        home: Any = app.stack.top
        tile = next(t for t in home.tiles if t.variant == "klondike")
        target = tile.preview if tile.preview.w and tile.preview.h else tile.box
        app.close()
    return round(target.x + target.w / 2), round(target.y + target.h / 2)


def on_page(canvas: list[float], point: tuple[int, int]) -> tuple[float, float]:
    """A canvas pixel's place on the page: the loader scales and centres the canvas
    (``canvas``: its box on the page, left, top, width, height, then its own width and height)."""
    left, top, width, height, pixels_w, pixels_h = canvas
    return left + (point[0] + 0.5) * width / pixels_w, top + (point[1] + 0.5) * height / pixels_h


class Served(http.server.SimpleHTTPRequestHandler):
    """The page's files; every request kept, for requests.txt."""

    answered: ClassVar[list[str]] = []

    def log_message(self, format: str, *args: Any) -> None:
        self.answered.append(format % args)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class Chromium:
    """Headless Chromium over its DevTools protocol on a pipe (fds 3 and 4 in the browser)."""

    def __init__(self, size: tuple[int, int]) -> None:
        to_browser, self._out = os.pipe()
        self._in, from_browser = os.pipe()

        def fds() -> None:  # in the child: its pipe ends as fds 3 and 4, whatever numbers they had
            reads, writes = os.dup(to_browser), os.dup(from_browser)
            os.dup2(reads, 3)
            os.dup2(writes, 4)

        args = ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
        args += ["--remote-debugging-pipe", f"--window-size={size[0]},{size[1]}", "about:blank"]
        self.process = subprocess.Popen(
            args, preexec_fn=fds, close_fds=False, stderr=subprocess.DEVNULL
        )  # close_fds=False keeps 3 and 4 (dup2's copies are inherited); this side's ends are not
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._next = 0
        self.console: list[str] = []
        self.session = ""
        target = next(t for t in self.call("Target.getTargets")["targetInfos"] if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=target["targetId"], flatten=True)["sessionId"]

    def call(self, method: str, **params: Any) -> Any:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if self.session:
            message["sessionId"] = self.session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self._event(answer)

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._in, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        answer: dict[str, Any] = json.loads(message)
        return answer

    def _event(self, event: dict[str, Any]) -> None:
        params = event.get("params", {})
        if event.get("method") == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            self.console.append(f"{params.get('type')}: {text}")
        elif event.get("method") == "Runtime.exceptionThrown":
            self.console.append(f"exception: {params.get('exceptionDetails', {}).get('text')}")
        elif event.get("method") == "Log.entryAdded":
            entry = params.get("entry", {})
            self.console.append(f"{entry.get('level')}: {entry.get('text')} {entry.get('url', '')}")

    def evaluate(self, expression: str) -> Any:
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"]))

    def tap(self, x: float, y: float) -> None:
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)
            time.sleep(0.08)

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def wait(browser: Chromium, expression: str, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if browser.evaluate(expression):
            return True
        time.sleep(0.5)
    return False


def check(web: Path, out: Path, size: tuple[int, int], timeout: float, settle: float, port: int = PORT) -> int:
    out.mkdir(parents=True, exist_ok=True)
    handler = functools.partial(Served, directory=str(web))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    browser = Chromium(size)
    try:
        for domain in ("Page", "Runtime", "Log"):
            browser.call(f"{domain}.enable")
        browser.call(
            "Emulation.setDeviceMetricsOverride", width=size[0], height=size[1], deviceScaleFactor=1, mobile=True
        )
        browser.call("Page.navigate", url=f"http://localhost:{port}/")
        ready = wait(browser, READY, timeout)
        time.sleep(settle)
        browser.screenshot(out / "home.png")
        if ready:
            canvas = browser.evaluate(CANVAS)
            browser.tap(*on_page(canvas, klondike_tile((int(canvas[4]), int(canvas[5])))))
            time.sleep(settle)
            browser.screenshot(out / "klondike.png")
    finally:
        (out / "console.txt").write_text("\n".join(browser.console) + "\n", encoding="utf-8")
        (out / "requests.txt").write_text("\n".join(Served.answered) + "\n", encoding="utf-8")
        browser.close()
        server.shutdown()
    missing = [line for line in Served.answered if '" 404 ' in line]
    print(f"{out}: {', '.join(sorted(p.name for p in out.iterdir()))}")
    if not ready:
        print("the game never took the canvas; not found: " + ("; ".join(missing) or "nothing"), file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Open the browser build in headless Chromium (UI-12).")
    parser.add_argument("--web", type=Path, default=ROOT / "build" / "web", help="the built page (default: build/web)")
    parser.add_argument("--out", type=Path, required=True, help="where the pictures and logs go")
    parser.add_argument("--size", default="390x844", help="the page's size in CSS pixels (default: a phone upright)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for the game to start")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds to let a screen draw before its picture")
    parser.add_argument("--port", type=int, default=PORT, help=f"the loopback port to serve on (default: {PORT})")
    args = parser.parse_args(argv)
    width, height = (int(n) for n in args.size.lower().split("x"))
    return check(args.web, args.out, (width, height), args.timeout, args.settle, args.port)


if __name__ == "__main__":
    sys.exit(main())
