"""Every route the daemon serves is in its OpenAPI document, and the document lists only routes it serves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import falcon
import falcon.inspect
import falcon.testing

from .daemon_app import HOST, daemon_app

DOCUMENT = Path(__file__).resolve().parents[2] / "generated" / "openapi" / "daemon.json"
OPERATION_KEYS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def served(app: falcon.App) -> set[tuple[str, str]]:
    """(METHOD, path) for every responder the app's own resources define. Falcon's default
    responders (OPTIONS, and 405 for the methods a resource lacks) are not routes of the daemon.
    A field converter ({id:int}) is dropped, since OpenAPI spells the path without it."""
    return {
        (method.method, re.sub(r"\{(\w+):[^}]*\}", r"{\1}", route.path))
        for route in falcon.inspect.inspect_routes(app)
        for method in route.methods
        if not method.internal
    }


def documented(document: dict) -> set[tuple[str, str]]:
    return {(key.upper(), path) for path, item in document["paths"].items() for key in item if key in OPERATION_KEYS}


def listing(routes: set[tuple[str, str]]) -> str:
    return ", ".join(f"{method} {path}" for method, path in sorted(routes, key=lambda route: (route[1], route[0])))


def test_the_document_lists_exactly_the_routes_the_daemon_serves() -> None:
    app_routes = served(daemon_app())
    doc_routes = documented(json.loads(DOCUMENT.read_text()))
    assert ("POST", "/approvals/{request_id}") in app_routes, "the routes were read from the app"
    missing, extra = app_routes - doc_routes, doc_routes - app_routes
    assert not missing, f"served but not in {DOCUMENT.name} (declare them in spec/daemon/api.yaml): {listing(missing)}"
    assert not extra, f"in {DOCUMENT.name} but not served: {listing(extra)}"


def test_a_route_missing_from_either_side_is_named() -> None:
    app = daemon_app()
    app.add_route("/extra/{item_id:int}", type("Extra", (), {"on_put": lambda self, req, resp, item_id: None})())
    document = json.loads(DOCUMENT.read_text())
    document["paths"]["/ghost"] = {"get": {"responses": {"200": {"description": "never served"}}}}
    assert served(app) - documented(document) == {("PUT", "/extra/{item_id}")}
    assert documented(document) - served(app) == {("GET", "/ghost")}


def test_what_falcon_refuses_by_itself_is_a_request_error_too() -> None:
    http = falcon.testing.TestClient(daemon_app())
    nowhere = http.simulate_get("/nowhere", headers=HOST)
    expected = {"error": "not_found", "message": "the daemon serves no /nowhere"}
    assert (nowhere.status_code, nowhere.json) == (404, expected)
    wrong = http.simulate_get("/events", headers=HOST)
    assert (wrong.status_code, wrong.json["error"]) == (405, "method_not_allowed")
    assert "POST" in wrong.headers["allow"]
