"""Capture: what the extension reports, kept in bounded buffers."""
