"""An exception no route expected: logged as facts through the daemon's JSON log and answered as a
RequestError with status 500. falcon's own handler would write the traceback's text to
wsgi.errors (the daemon's stderr, which carries only JSON lines) and answer `bad_request`."""

from __future__ import annotations

from typing import Any

import falcon

from gasoline.logs import log

from .request_bodies import request_error


def unexpected_failure(req: falcon.Request, resp: falcon.Response, error: Exception, params: dict[str, Any]) -> None:
    """falcon's handler for Exception: HTTP errors and statuses keep their own (more specific) handlers."""
    log.error("%s %s failed", req.method, req.path, exc_info=error, extra={"facts": {"path": req.path}})
    request_error(resp, 500, "internal_error", f"the daemon failed to serve {req.method} {req.path}; its log says why")
