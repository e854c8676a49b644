"""spec/contracts.yaml: the contract families, their messages and who writes and reads each."""

from __future__ import annotations

from ..model import AcceptedBreak, ContractFamily, ContractMessage, ReleasedBreak
from .context import BuildContext


def build_contracts(ctx: BuildContext) -> tuple[ContractFamily, ...]:
    families = []
    for name, data in ctx.one("contracts").data["families"].items():
        parties = data.get("parties", {})
        families.append(
            ContractFamily(
                name=name,
                title=data["title"],
                description=" ".join(data["description"].split()),
                version=data["version"],
                openapi=data.get("openapi"),
                parties=(parties.get("client", ""), parties.get("server", "")),
                requests=data.get("requests", "full"),
                responses=data.get("responses", "full"),
                messages={
                    message: ContractMessage(m["writer"], m["reader"], m["compatibility"], m.get("why", ""))
                    for message, m in data.get("messages", {}).items()
                },
                released_breaks=tuple(
                    ReleasedBreak(version, b["from"], " ".join(b["why"].split()))
                    for version, b in data.get("released_breaks", {}).items()
                ),
                accepted_breaks=tuple(
                    AcceptedBreak(b["message"], b["path"], b["rule"], " ".join(b["why"].split()))
                    for b in data.get("accepted_breaks", [])
                ),
            )
        )
    return tuple(families)
