"""A team's FastAPI service, as the python template finds it: a route of its own that reads the
store and fails while a simulated failure of "users" is active, and the control endpoint mounted
in one line. Served with uvicorn: `python -m uvicorn fastapi_app:app --port <port>`."""

from contextlib import closing
from typing import Any

from billing.gasoline_control import active_failure, mount
from billing.gasoline_control.store import connect
from fastapi import FastAPI, HTTPException

app = FastAPI()


@app.get("/api/users")
def users() -> list[dict[str, Any]]:
    status = active_failure("users")
    if status is not None:
        raise HTTPException(status_code=status, detail="simulated failure")
    with closing(connect()) as db:
        return [dict(row) for row in db.execute("SELECT id, email, plan FROM users ORDER BY id")]


mount(app, version="2.3.1")
