"""The head-to-head benchmark's fixture site on 127.0.0.1: an order desk page whose start-up calls,
console output, list, form and accessibility faults are known facts (FACTS), so that each server's
answers can be checked against them. It records the paths it served, to confirm a click's outcome."""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

PAGE = Path(__file__).with_name("head_to_head_page.html")
# Fake credentials, distinctive enough that seeing one verbatim in an answer can only mean a leak.
BEARER_TOKEN = "h2hFakeBearer-7Qv9ZkR2mW4xT8pL3nB6sD1fG5"
SESSION_SECRET = "h2hFakeSession-Xc4Vb8Nm2Qw6Er0Ty3Ui7Op9As"

ADJECTIVES = ("Amber", "Brisk", "Cobalt", "Dusky", "Ember", "Frosted", "Gilded")
NOUNS = ("Kettle", "Lantern", "Mortar", "Notebook", "Oilcan", "Pitcher")
ITEMS = [
    {"id": index + 1, "sku": f"SKU-{1001 + index}", "name": f"{ADJECTIVES[index % 7]} {NOUNS[index // 7]}"}
    for index in range(37)
]
DONE_TITLE = "Subscription confirmed"
DONE_PAGE = f"<!doctype html><title>{DONE_TITLE}</title><h1>Thanks for subscribing</h1>".encode()
# A 1x1 transparent PNG: the image that has no alt text.
CHART_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="
)


@dataclass(frozen=True)
class Facts:
    """What the page does, for the checks."""

    console_error: str = "PW-ERR-9023"
    exception: str = "E-CHK-4417"
    failed: tuple[tuple[str, int], ...] = (("/api/reports/weekly", 500), ("/api/profile/avatar", 404))
    list_path: str = "/api/items"
    skus: tuple[str, ...] = tuple(item["sku"] for item in ITEMS)
    count: int = len(ITEMS)
    ready_text: str = "Start-up complete"
    done_path: str = "/done.html"
    done_title: str = DONE_TITLE
    secrets: tuple[str, ...] = (BEARER_TOKEN, SESSION_SECRET)


FACTS = Facts()


@dataclass
class Site:
    """The running site: its base URL and the paths it has served since the last reset."""

    url: str
    served: list[str] = field(default_factory=list)

    def reset(self) -> None:
        self.served.clear()


class Handler(BaseHTTPRequestHandler):
    site: Site
    routes: ClassVar[dict[str, tuple[int, str, bytes, tuple[tuple[str, str], ...]]]] = {
        "/": (200, "text/html", PAGE.read_text().replace("__BEARER_TOKEN__", BEARER_TOKEN).encode(), ()),
        "/chart.png": (200, "image/png", CHART_PNG, ()),
        "/api/items": (
            200,
            "application/json",
            json.dumps({"items": ITEMS, "total": len(ITEMS)}).encode(),
            (("Set-Cookie", f"session={SESSION_SECRET}; Path=/; HttpOnly; SameSite=Lax"),),
        ),
        "/api/reports/weekly": (500, "application/json", b'{"error": "report builder crashed"}', ()),
        "/api/profile/avatar": (404, "application/json", b'{"error": "no such profile"}', ()),
        "/done.html": (200, "text/html", DONE_PAGE, ()),
    }

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        self.site.served.append(path)
        status, kind, body, headers = self.routes.get(path, (404, "text/plain", b"not found", ()))
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the benchmark reads answers, not access logs."""


@contextmanager
def head_to_head_site() -> Iterator[Site]:
    """The site on a free port of 127.0.0.1, for the length of the block."""
    site = Site("")
    handler = type("SiteHandler", (Handler,), {"site": site})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    site.url = f"http://127.0.0.1:{server.server_address[1]}/"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield site
    finally:
        server.shutdown()
        server.server_close()
