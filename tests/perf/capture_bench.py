"""Capture benchmarks: ingest throughput (realistic events, and events with 9 KB bodies), daemon
memory with full buffers, observe over HTTP on those buffers, and what capturing costs a page's
fetches in a real Chromium. Each figure beside a reference from the same run."""

from __future__ import annotations

import http.client
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import measure  # noqa: F401  (first: it puts the integration tests' helpers on sys.path)
from measure import HttpClient, free_port, report, rss_mib, wait_listening
from playwright.sync_api import sync_playwright

from gasoline.demo.headless_chromium import CHROMIUM_FLAGS, chromium_path
from gasoline.demo_app import DemoApp
from gasoline.state import DaemonFiles
from gasoline_generated.policy import EXTENSION_ORIGIN, LIMITS
from tests.integration.browsers import chromium_with_extension, open_popup, set_switch
from tests.integration.processes import STATE_DIRS, extension_token, running_daemon

BATCH = 100
BATCHES = 200
BODY_BATCH = 20
BODY_BATCHES = 100
FETCHES = 500
OBSERVE_CALLS = 500
# observe's modes that read the capture buffers, called in turn with their default arguments
BUFFER_MODES = ("logs", "errors", "failed_requests", "network_bodies", "websocket_events")
COLOURS = ("black", "white", "navy", "olive")
HERE = Path(__file__).resolve().parent


def realistic_events(count: int, offset: int = 0) -> list[dict[str, Any]]:
    """What a busy single-page app produces: logs, failed requests, bodies, socket traffic, an error."""
    page = "http://localhost:3000/checkout"
    body = json.dumps({"items": [{"sku": f"SKU-{i}", "qty": i % 3 + 1, "price": 19.99} for i in range(12)]})
    makers: list[Callable[[int], dict[str, Any]]] = [
        lambda i: {"type": "console", "level": "log", "message": f"cart updated: {i} items, 129.90 EUR", "url": page},
        lambda i: {"type": "console", "level": "warn", "message": f"slow render of <CartRow> #{i}: 48ms", "url": page},
        lambda i: {
            "type": "network_error",
            "initiator": "fetch",
            "method": "GET",
            "url": f"http://localhost:3000/api/cart/{i}?session_id=s3ss10n{i:08d}",
            "status": 500,
            "error": "Internal Server Error",
            "duration": 31.5,
            "pageUrl": page,
        },
        lambda i: {
            "type": "websocket",
            "event": "message",
            "id": "3f6c1e2a-8d4b-4a57-9a0e-1b2c3d4e5f60",
            "direction": "incoming",
            "data": json.dumps({"type": "price", "sku": f"SKU-{i}", "price": 19.99, "at": i}),
            "size": 64,
        },
        lambda i: {
            "type": "network_body",
            "method": "POST",
            "url": "http://localhost:3000/api/cart",
            "status": 200,
            "requestBody": body,
            "responseBody": body,
            "contentType": "application/json",
            "requestHeaders": {"content-type": "application/json"},
            "duration": 88.0,
            "pageUrl": page,
        },
        lambda i: {
            "type": "exception",
            "kind": "error",
            "message": "TypeError: Cannot read properties of undefined (reading 'total')",
            "stack": "TypeError: Cannot read properties of undefined (reading 'total')\n"
            "    at render (http://localhost:3000/cart.js:42:17)\n    at commit (http://localhost:3000/react.js:9:1)",
            "url": page,
        },
    ]
    weights = [4, 2, 1, 2, 1, 0]  # of every ten events; one exception per batch on top
    plan = [maker for maker, weight in zip(makers, weights, strict=True) for _ in range(weight)]
    events = []
    for n in range(offset, offset + count):
        maker = makers[-1] if n % BATCH == 0 else plan[n % len(plan)]
        events.append({"ts": "2026-11-22T10:30:00.000Z", "tabId": 7, **maker(n)})
    return events


def cart_bodies(n: int) -> tuple[str, str]:
    """A cart update as a shop's API sees it: about 2.8 KB of JSON sent, 6.3 KB received."""
    lines = [
        {
            "lineId": f"ln_{n:06d}_{i:02d}",
            "sku": f"SKU-{(n * 7 + i) % 9973:05d}",
            "name": f"Organic cotton T-shirt, {COLOURS[i % 4]}, size {'SMLX'[i % 4]}",
            "quantity": i % 3 + 1,
            "unitPrice": {"amount": 1999 + 100 * (i % 5), "currency": "EUR"},
            "imageUrl": f"https://cdn.example-shop.com/img/products/{(n * 7 + i) % 9973:05d}/front-640w.webp",
            "addedAt": f"2026-11-22T10:{i % 60:02d}:{n % 60:02d}.000Z",
        }
        for i in range(19)
    ]
    sent = {
        "cartId": f"c_{n:08d}",
        "lines": [{key: line[key] for key in ("sku", "name", "quantity", "unitPrice")} for line in lines],
        "shippingAddress": {"name": "Dana Schmidt", "street": "Lindenstr. 12", "postalCode": "10969", "city": "Berlin"},
        "couponCode": None,
        "giftMessage": "Happy birthday! Hope it fits.",
    }
    got = {
        "cart": {
            "id": f"c_{n:08d}",
            "status": "open",
            "lines": lines,
            "totals": {"subtotal": 35988, "shipping": 495, "tax": 5763, "total": 36483, "currency": "EUR"},
            "updatedAt": "2026-11-22T10:30:00.000Z",
        },
        "recommendations": [
            {"sku": f"SKU-{(n + j) % 9973:05d}", "name": "Merino wool socks, 3 pack", "rating": 4.6, "reviews": 312 + j}
            for j in range(8)
        ],
    }
    return json.dumps(sent), json.dumps(got)


def body_events(count: int, offset: int = 0) -> list[dict[str, Any]]:
    """network_body events with about 9 KB of JSON bodies each, as the extension sends them with
    Capture Network Bodies on."""
    events = []
    for n in range(offset, offset + count):
        sent, got = cart_bodies(n)
        events.append(
            {
                "type": "network_body",
                "ts": "2026-11-22T10:30:00.000Z",
                "tabId": 7,
                "method": "PUT",
                "url": f"http://localhost:3000/api/cart/c_{n:08d}",
                "status": 200,
                "requestBody": sent,
                "responseBody": got,
                "contentType": "application/json",
                "requestHeaders": {"content-type": "application/json", "accept": "application/json"},
                "responseHeaders": {"content-type": "application/json; charset=utf-8", "cache-control": "no-store"},
                "duration": 112.0,
                "pageUrl": "http://localhost:3000/checkout",
            }
        )
    return events


class Poster:
    def __init__(self, port: int) -> None:
        """Posts to the port as the paired extension does (the reference takes the same headers)."""
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.headers = {"Host": f"127.0.0.1:{port}", "Content-Type": "application/json", "Origin": EXTENSION_ORIGIN}
        if port in STATE_DIRS:
            self.headers["Authorization"] = f"Bearer {extension_token(port)}"

    def post(self, body: bytes) -> dict[str, Any]:
        self.connection.request("POST", "/events", body=body, headers=self.headers)
        return json.loads(self.connection.getresponse().read())


def events_per_second(port: int, bodies: list[bytes], batch: int = BATCH) -> float:
    poster = Poster(port)
    for body in bodies[:10]:
        poster.post(body)
    started = time.perf_counter()
    for body in bodies:
        answer = poster.post(body)
        assert answer["accepted"] == batch, answer
    return len(bodies) * batch / (time.perf_counter() - started)


def ingest(daemon_port: int, reference_port: int) -> None:
    bodies = [json.dumps({"events": realistic_events(BATCH, n * BATCH)}).encode() for n in range(BATCHES)]
    ours, reference = events_per_second(daemon_port, bodies), events_per_second(reference_port, bodies)
    report("ingest, batches of 100 (events/s)", ours, reference, "/s", goal="capture.ingest_batches")


def ingest_bodies(daemon_port: int, reference_port: int) -> None:
    """Ingest of network_body events with about 9 KB of JSON bodies, in batches of 20."""
    bodies = [json.dumps({"events": body_events(BODY_BATCH, n * BODY_BATCH)}).encode() for n in range(BODY_BATCHES)]
    ours = events_per_second(daemon_port, bodies, BODY_BATCH)
    reference = events_per_second(reference_port, bodies, BODY_BATCH)
    report("ingest, 9 KB bodies, batches of 20", ours, reference, "/s", goal="capture.ingest_large_bodies")


def full_buffers_rss(daemon_port: int, rss_before: float, rss: Callable[[], float]) -> None:
    """Fill every buffer to its entry cap with realistic events, then read the daemon's RSS."""
    poster = Poster(daemon_port)
    caps = LIMITS.buffers
    wanted = {"console": caps.log_entries, "exception": caps.error_entries, "network_body": caps.network_body_entries}
    wanted["websocket"] = caps.websocket_event_entries
    seen = dict.fromkeys(wanted, 0)
    n = 0
    while any(seen[kind] < cap * 2 for kind, cap in wanted.items()):
        batch = realistic_events(BATCH, n)
        n += BATCH
        for event in batch:
            if event["type"] in seen:
                seen[event["type"]] += 1
        poster.post(json.dumps({"events": batch}).encode())
    report("daemon RSS, every buffer full (MiB)", rss(), rss_before, "MiB", goal="capture.rss_full_buffers")


def calls_per_second(client: HttpClient, calls: list[dict[str, Any]]) -> float:
    for call in calls[:20]:
        client.request("tools/call", call)
    started = time.perf_counter()
    for call in calls:
        answer = client.request("tools/call", call)
        assert not answer["result"]["isError"], answer
    return len(calls) / (time.perf_counter() - started)


def observe_full(daemon_port: int, token: str) -> None:
    """observe over HTTP on full buffers: each buffer-reading mode in turn, default arguments,
    beside observe(what="page") on the same daemon."""
    client = HttpClient(daemon_port, token)
    modes = [
        {"name": "observe", "arguments": {"what": BUFFER_MODES[n % len(BUFFER_MODES)]}} for n in range(OBSERVE_CALLS)
    ]
    page = [{"name": "observe", "arguments": {"what": "page"}}] * OBSERVE_CALLS
    ours, reference = calls_per_second(client, modes), calls_per_second(client, page)
    report("HTTP observe, full buffers (calls/s)", ours, reference, "/s", goal="capture.observe_full_buffers")


def page_overhead(daemon_port: int) -> None:
    """Time per fetch in the page, capturing (bodies off, then on) vs no extension: the mean over 500
    fetches (the page's clock is coarsened to 0.1 ms, each fetch's own time too), median of 5 runs."""

    def median_fetch(page: Any) -> float:
        page.goto(app.url + "bench.html")
        page.wait_for_function("window.gasolineDemo !== undefined")
        page.evaluate("gasolineDemo.fetchMany(50)")  # warm up
        runs = [page.evaluate(f"gasolineDemo.fetchMany({FETCHES})")["mean_ms"] for _ in range(5)]
        return statistics.median(runs) / 1000

    with DemoApp() as app, tempfile.TemporaryDirectory() as work:
        with sync_playwright() as playwright:
            flags = [flag for flag in CHROMIUM_FLAGS if flag != "--headless"]
            plain = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=flags)
            without = median_fetch(plain.new_page())
            plain.close()
        with chromium_with_extension(daemon_port, Path(work)) as context:
            page = context.new_page()
            bodies_off = median_fetch(page)
            set_switch(open_popup(context), "#capture-network-bodies", True)
            bodies_on = median_fetch(page)
    report("page fetch, capturing, bodies off", bodies_off, without, "ms", goal="capture.page_fetch_bodies_off")
    report("page fetch, capturing, bodies on", bodies_on, without, "ms", goal="capture.page_fetch_bodies_on")
    added_off, added_on = (bodies_off - without) * 1000, (bodies_on - without) * 1000
    print(f"{'  added per fetch':<40} {added_off:+9.3f} ms (bodies off), {added_on:+.3f} ms (bodies on)")


def capture() -> None:
    with tempfile.TemporaryDirectory() as state:
        port, reference_port = free_port(), free_port()
        reference = subprocess.Popen(
            [sys.executable, str(HERE / "reference_ingest.py"), str(reference_port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            with running_daemon(Path(state), port=port, forked=False) as daemon:
                wait_listening(reference_port)
                rss_started = rss_mib(daemon.process.pid)
                ingest(port, reference_port)
                ingest_bodies(port, reference_port)
                full_buffers_rss(port, rss_started, lambda: rss_mib(daemon.process.pid))
                observe_full(port, DaemonFiles(Path(state), port).read_token() or "")
                page_overhead(port)
        finally:
            reference.kill()
            reference.wait()
