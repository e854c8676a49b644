"""The demo shop web app that the end-to-end tests and `python -m gasoline.demo_app` serve."""

from gasoline.demo_app.server import DemoApp

__all__ = ["DemoApp"]
