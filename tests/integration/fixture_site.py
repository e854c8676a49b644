"""The fixture pages of tests/integration/pages on a real HTTP server on 127.0.0.1. csp.html is
served with a strict Content-Security-Policy (no eval, no inline script); /slow?ms=N answers 404
after N milliseconds, for a page that keeps loading."""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

PAGES = Path(__file__).with_name("pages")
STRICT_CSP = "default-src 'self'; script-src 'self'"


class FixtureHandler(SimpleHTTPRequestHandler):
    def do_GET(self) -> None:
        url = urlsplit(self.path)
        if url.path == "/slow":
            time.sleep(int(parse_qs(url.query).get("ms", ["0"])[0]) / 1000)
            self.send_error(404)
            return
        super().do_GET()

    def end_headers(self) -> None:
        if self.path.startswith("/csp.html"):
            self.send_header("Content-Security-Policy", STRICT_CSP)
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the tests read pages, not access logs."""


@contextmanager
def fixture_site(directory: Path = PAGES) -> Iterator[str]:
    """The base URL (http://127.0.0.1:<port>/) of the fixture pages, or of another directory's files."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(FixtureHandler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
