# Generated from spec/ by `python3 tasks.py gen`. Do not edit by hand.
"""Everything generated from spec/: models, dispatch table, policy, published tool list."""
