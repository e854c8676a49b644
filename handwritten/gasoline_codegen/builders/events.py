"""spec/events/: one definition per event type, and their union CaptureEvent (told apart by type)."""

from __future__ import annotations

from .context import BuildContext, described, examples_of

EVENT_UNION = "CaptureEvent"
EVENT_DISCRIMINATOR = "type"


def build_events(ctx: BuildContext) -> None:
    names = []
    for spec_file in ctx.by_kind["event"]:
        data = spec_file.data
        ctx.expect_file_name(spec_file, data["name"], ["name"])
        discriminator = data["schema"].get("properties", {}).get(EVENT_DISCRIMINATOR, {})
        if discriminator.get("const") != data["name"] or EVENT_DISCRIMINATOR not in data["schema"].get("required", []):
            ctx.problem(
                spec_file,
                ["schema", "properties", EVENT_DISCRIMINATOR],
                f"must be required and have const: {data['name']} (the event's name)",
            )
        name = ctx.namespace.add(
            data["title"], described(data["schema"], data["description"].strip()), spec_file.rel, "events"
        )
        ctx.add_defs(spec_file, "events")
        ctx.check(name, examples_of(f"{spec_file.rel}: examples", data["examples"]))
        names.append(name)
    ctx.namespace.add_union(
        EVENT_UNION,
        names,
        EVENT_DISCRIMINATOR,
        "spec/events",
        "events",
        "Any event the extension posts, told apart by its type.",
    )
