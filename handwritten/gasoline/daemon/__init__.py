"""The long-lived process that owns all state and serves HTTP on 127.0.0.1."""
