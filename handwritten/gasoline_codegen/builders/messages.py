"""spec/messages/: the command envelope, one command per kind (Command and CommandResult unions,
told apart by kind) and the extension's own requests (exchanges)."""

from __future__ import annotations

from ..model import Command
from ..schema import ref, substitute_variants
from .context import BuildContext, described, examples_of

COMMAND_DISCRIMINATOR = "kind"


def build_messages(ctx: BuildContext) -> tuple[Command, ...]:
    envelope_file = ctx.one("envelope")
    envelope = envelope_file.data
    ctx.add_defs(envelope_file, "messages")
    commands: list[Command] = []
    command_names: list[str] = []
    result_names: list[str] = []
    for spec_file in ctx.by_kind["command"]:
        data = spec_file.data
        ctx.expect_file_name(spec_file, data["kind"], ["kind"])
        title, origin = data["title"], f"{spec_file.rel}: examples"
        params = ctx.namespace.add(
            f"{title}Params",
            described(data["params"], f"Parameters of the {data['kind']} command."),
            spec_file.rel,
            "messages",
        )
        result = ctx.namespace.add(
            f"{title}Result",
            described(data["result"], f"What the {data['kind']} command returns."),
            spec_file.rel,
            "messages",
        )
        ctx.add_defs(spec_file, "messages")
        fill = {
            "kind": {"type": "string", "const": data["kind"], "description": "The command kind."},
            "params": ref(params),
            "result": ref(result),
        }
        for part, names in (("command", command_names), ("result", result_names)):
            schema = substitute_variants(envelope[part]["schema"], fill)
            since = {"x-since": data["since"]} if "since" in data else {}
            names.append(
                ctx.namespace.add(
                    title + envelope[part]["title"],
                    {**schema, "description": envelope[part]["description"], **since},
                    spec_file.rel,
                    "messages",
                )
            )
        ctx.check(params, examples_of(f"{origin}.params", data["examples"]["params"]))
        ctx.check(result, examples_of(f"{origin}.result", data["examples"]["result"]))
        commands.append(Command(data["kind"], data["timeout_ms"], params, result))
    for part, names in (("command", command_names), ("result", result_names)):
        ctx.namespace.add_union(
            envelope[part]["title"],
            names,
            COMMAND_DISCRIMINATOR,
            envelope_file.rel,
            "messages",
            envelope[part]["description"],
        )
        ctx.check(
            envelope[part]["title"],
            examples_of(f"{envelope_file.rel}: examples.{part}", envelope["examples"][part]),
        )
    return tuple(commands)


def build_exchanges(ctx: BuildContext) -> None:
    """Requests the extension sends the daemon outside the command envelope, and their answers."""
    for spec_file in ctx.by_kind["exchange"]:
        data = spec_file.data
        ctx.expect_file_name(spec_file, data["name"], ["name"])
        ctx.add_defs(spec_file, "messages")
        for part in ("request", "response"):
            schema = described(data[part]["schema"], data[part]["description"])
            name = ctx.namespace.add(data[part]["title"], schema, spec_file.rel, "messages")
            ctx.check(name, examples_of(f"{spec_file.rel}: examples.{part}", data["examples"][part]))
