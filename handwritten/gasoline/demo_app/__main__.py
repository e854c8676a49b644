"""python -m gasoline.demo_app: serve the demo shop in the foreground until Ctrl-C."""

import argparse
import contextlib
import threading

from gasoline.demo_app.server import DemoApp


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m gasoline.demo_app", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="HTTP port (default: any free port)")
    parser.add_argument("--ws-port", type=int, default=0, help="WebSocket port (default: any free port)")
    args = parser.parse_args()
    with DemoApp(args.host, args.port, args.ws_port) as app:
        print(f"Gasoline demo shop: {app.url}", flush=True)
        print(f"  WebSocket chat:   {app.ws_url}", flush=True)
        print(f"  every scenario:   {app.url}?run=all   (Ctrl-C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()


if __name__ == "__main__":
    main()
