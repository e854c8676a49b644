"""The demo shop's backend, as its team wrote it: a customers page and its JSON, read from the
service's SQLite store, and the Gasoline control endpoint (rendered from templates/python) mounted
in one line. Served with waitress: `python -m waitress --listen=127.0.0.1:<port> shop_app:app`."""

from __future__ import annotations

import html
from contextlib import closing
from typing import Any

import falcon
from shop.gasoline_control import active_failure, mount
from shop.gasoline_control.store import connect


def customers() -> list[dict[str, Any]]:
    status = active_failure("customers")
    if status is not None:
        raise falcon.HTTPError(falcon.code_to_http_status(status), description="simulated failure")
    with closing(connect()) as db:
        return [dict(row) for row in db.execute("SELECT id, email, name, plan FROM users ORDER BY id")]


# The list follows the store: the page reads /api/customers again every half second.
LIVE_LIST = """<script>
const render = (list) => document.getElementById("customers").replaceChildren(...list.map((c) => {
  const item = document.createElement("li");
  item.dataset.email = c.email;
  item.textContent = `${c.name || c.email} (${c.plan})`;
  return item;
}));
setInterval(async () => {
  const answer = await fetch("/api/customers");
  if (answer.ok) render(await answer.json());
  else console.error(`customers: ${answer.status}`);
}, 500);
</script>"""


class CustomersPage:
    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        items = "".join(
            f'<li data-email="{html.escape(c["email"])}">{html.escape(c["name"] or c["email"])} ({c["plan"]})</li>'
            for c in customers()
        )
        resp.content_type = falcon.MEDIA_HTML
        resp.text = (
            f"<!doctype html><title>Customers</title><h1>Customers</h1><ul id='customers'>{items}</ul>{LIVE_LIST}"
        )


class CustomersJson:
    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        resp.media = customers()


app = falcon.App()
app.add_route("/customers", CustomersPage())
app.add_route("/api/customers", CustomersJson())
mount(app, version="1.0.0")
