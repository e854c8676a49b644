"""The demo shop web app that the end-to-end tests and `python -m gasoline.demo_app` serve, and the
checkout repository whose bug the demo and the code tools' end-to-end test fix."""

from pathlib import Path

from gasoline.demo_app.server import DemoApp

CHECKOUT = Path(__file__).with_name("checkout")

__all__ = ["CHECKOUT", "DemoApp"]
