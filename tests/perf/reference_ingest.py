"""The ingest benchmark's reference: a bare falcon route on waitress that only parses the JSON.

python tests/perf/reference_ingest.py PORT
"""

import json
import sys

import falcon
import waitress


class Parse:
    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        body = json.loads(req.bounded_stream.read())
        resp.media = {"accepted": len(body["events"]), "rejected": []}


app = falcon.App()
app.add_route("/events", Parse())

if __name__ == "__main__":
    waitress.serve(app, host="127.0.0.1", port=int(sys.argv[1]), threads=16, _quiet=True)
