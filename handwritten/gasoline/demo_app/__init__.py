"""The demo shop web app that the end-to-end tests and `python -m gasoline.demo_app` serve, the
checkout repository whose bug the demo and the code tools' end-to-end test fix, and the team's app
of the shop's backend (which gasoline.demo.backend_session renders the control endpoint into)."""

from pathlib import Path

from gasoline.demo_app.server import DemoApp

CHECKOUT = Path(__file__).with_name("checkout")
BACKEND_APP = Path(__file__).with_name("backend") / "shop_app.py"

__all__ = ["BACKEND_APP", "CHECKOUT", "DemoApp"]
