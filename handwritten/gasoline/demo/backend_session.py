"""The demo shop's backend: templates/python rendered with copier into a temporary directory (as
a backend team would add the control endpoint to its falcon service), the team's app beside it,
served on loopback with the control switch on and a fresh token."""

from __future__ import annotations

import http.client
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gasoline.demo_app import BACKEND_APP
from gasoline.demo_app.server import unused_port

if TYPE_CHECKING:
    from gasoline.demo.code_session import Assistant

TEMPLATE = Path(__file__).resolve().parents[3] / "templates" / "python"
SERVICE = "shop"
START_SECONDS = 30


@dataclass(frozen=True)
class ShopBackend:
    url: str
    token: str
    log: Path

    def config(self) -> str:
        """The .gasoline/config.yaml section that names this service."""
        return f"backend:\n  services:\n    - {{name: {SERVICE}, url: '{self.url}', token: {self.token}}}\n"


def render(destination: Path) -> Path:
    import copier  # the demo and the tests run from the checkout, where copier is installed

    answers = {"service_name": SERVICE, "package": "shop", "framework": "falcon"}
    copier.run_copy(str(TEMPLATE), destination, data=answers, defaults=True, unsafe=True, quiet=True)
    shutil.copy(BACKEND_APP, destination / BACKEND_APP.name)
    return destination


@contextmanager
def shop_backend(work: Path, port: int | None = None) -> Iterator[ShopBackend]:
    """The backend rendered into work/ and serving (its SQLite store in work/ too) until the block ends."""
    rendered = work / "shop-backend"
    if not rendered.exists():
        render(rendered)
    port = port or unused_port()
    token = secrets.token_hex(16)
    env = {**os.environ, "GASOLINE_CONTROL_ENV": "development", "GASOLINE_CONTROL_TOKEN": token,
           "GASOLINE_CONTROL_DB": str(work / "shop.sqlite3")}  # fmt: skip
    log = work / "shop-backend.log"
    command = [sys.executable, "-m", "waitress", f"--listen=127.0.0.1:{port}", "--threads=4", "shop_app:app"]
    with log.open("ab") as sink:
        process = subprocess.Popen(command, cwd=rendered, env=env, stdout=sink, stderr=subprocess.STDOUT)
    try:
        wait_until_answering(port, process)
        yield ShopBackend(f"http://127.0.0.1:{port}", token, log)
    finally:
        process.kill()
        process.wait(10)


def wait_until_answering(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the shop backend exited with {process.returncode}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/api/customers")
            connection.getresponse().read()
            connection.close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"the shop backend did not answer within {START_SECONDS} s")


def backend_session(port: int) -> None:
    """Reset the shop's backend, create a customer, see the page show it, snapshot, restore."""
    from gasoline.demo.code_session import assistant_at_page

    with tempfile.TemporaryDirectory(prefix="gasoline-demo-backend-") as folder:
        work = Path(folder)
        with shop_backend(work) as backend:
            project = work / "project"
            (project / ".gasoline").mkdir(parents=True)
            (project / ".gasoline" / "config.yaml").write_text(backend.config())
            print(f"(templates/python rendered with copier into {work / 'shop-backend'}; serving at {backend.url})")
            with assistant_at_page(port, work, backend.url + "/customers", project) as assistant:
                seed_and_restore(assistant, backend)


def customers_shown(assistant: Assistant, email: str, shown: bool) -> list[str]:
    """The customers the page in Chromium lists, once it shows (or no longer shows) `email`."""
    deadline = time.monotonic() + START_SECONDS
    while True:
        matches = assistant.call("analyze", what="dom", selector="#customers li").get("matches", [])
        if any(m.get("attributes", {}).get("data-email") == email for m in matches) == shown:
            return [str(m.get("text", "")) for m in matches]
        if time.monotonic() > deadline:
            raise RuntimeError(f"the customers page did not {'show' if shown else 'drop'} {email}")
        time.sleep(0.2)


def seed_and_restore(assistant: Assistant, backend: ShopBackend) -> None:
    def control(operation: str, **params: Any) -> dict[str, Any]:
        print(f"-> interact(action='backend_control', operation={operation!r}, correlation_id='demo-1')")
        done = assistant.call("interact", action="backend_control", service=SERVICE, operation=operation,
                              correlation_id="demo-1", **({"params": params} if params else {}))  # fmt: skip
        print(
            f"   <- {done['status']}: {done['result']}; snapshots {done['snapshot_before']} -> {done['snapshot_after']}"
        )
        return done

    offered = assistant.call("observe", what="backend_state", service=SERVICE, query_type="operations")["operations"]
    print(f"-> observe(what='backend_state', query_type='operations')  <- {[o['name'] for o in offered]}")
    control("reset_database")
    snap = assistant.call("configure", action="snapshot", session_action="create", service=SERVICE, name="clean")
    print(f"-> configure(action='snapshot', session_action='create')  <- {snap['snapshot_id']}")
    email = "marie@example.com"
    control("create_test_user", email=email, name="Marie Curie", plan="team")
    print(f"-> analyze(what='dom', selector='#customers li')  <- {customers_shown(assistant, email, True)}")
    restored = assistant.call("configure", action="snapshot", session_action="restore", snapshot_id=snap["snapshot_id"])
    same = "the snapshot's" if restored["checksum"] == snap["checksum"] else "ANOTHER"
    print(f"-> configure(action='snapshot', session_action='restore')  <- {restored['status']}, checksum {same}")
    print(f"-> analyze(what='dom', selector='#customers li')  <- {customers_shown(assistant, email, False)}")
    log = assistant.call("observe", what="audit_log", correlation_id="demo-1")["entries"]
    print(f"-> observe(what='audit_log', correlation_id='demo-1')  <- {[(e['operation'], e['status']) for e in log]}")
    mentions = backend.log.read_text(errors="replace").count("correlation_id=demo-1")
    print(f"   (the backend's own log names correlation_id=demo-1 {mentions} times)")
