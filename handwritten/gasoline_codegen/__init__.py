"""The generator: spec/ (YAML, JSON Schema, OpenAPI) -> generated/ (Python, TypeScript, tests).

load (specload) -> validate against spec/meta -> build the model (build, schema) ->
one target per kind of output (targets/) -> write or check (generate).
"""
