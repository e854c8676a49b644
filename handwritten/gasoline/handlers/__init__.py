"""Hand-written handlers: one module per tool, one method per published mode."""
