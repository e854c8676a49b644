"""spec/policy/project_config.yaml: the schema of a project's .gasoline/config.yaml."""

from __future__ import annotations

from .context import BuildContext, described, examples_of


def build_project_config(ctx: BuildContext) -> None:
    spec_file = ctx.one("project_config")
    data = spec_file.data
    schema = described(data["schema"], data["description"].strip())
    name = ctx.namespace.add(data["title"], schema, spec_file.rel, "policy")
    ctx.add_defs(spec_file, "policy")
    ctx.check(name, examples_of(f"{spec_file.rel}: examples", data["examples"]))
