"""A team's falcon service, as the python template finds it: a route of its own that reads the
store and fails while a simulated failure of "users" is active, and the control endpoint mounted
in one line. Served with waitress: `python -m waitress --listen=127.0.0.1:<port> falcon_app:app`."""

from contextlib import closing

import falcon
from billing.gasoline_control import active_failure, mount
from billing.gasoline_control.store import connect


class Users:
    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        status = active_failure("users")
        if status is not None:
            raise falcon.HTTPError(falcon.code_to_http_status(status), description="simulated failure")
        with closing(connect()) as db:
            resp.media = [dict(row) for row in db.execute("SELECT id, email, plan FROM users ORDER BY id")]


app = falcon.App()
app.add_route("/api/users", Users())
mount(app, version="2.3.1")
