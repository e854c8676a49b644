"""One builder per spec family; `gasoline_codegen.build` runs them in order over a shared context."""
