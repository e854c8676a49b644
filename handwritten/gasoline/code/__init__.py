"""Services behind the modes that work on the repository's code."""
