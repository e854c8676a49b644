"""`python -m gasoline.demo`: what the toolkit does, through its real entry points, on the embedded
shop (demo_app/): a browser session, a code session, a backend session and the agent panel, each in
the system's headless Chromium (headless_chromium.py) with the built extension."""
