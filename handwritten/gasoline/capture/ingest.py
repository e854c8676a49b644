"""A batch of events from the extension: each validated against its spec on its own, redacted,
then stored; a malformed one, or one over ingest.max_event_bytes (which bounds what redacting
one event can cost), is rejected with a reason and takes nothing else down with it. The batch's
contract version decides how its events are read (capture/contract.py)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from gasoline.core.errors import RedactionUnavailable
from gasoline.safety.redaction import Redactor
from gasoline_generated.models import CaptureEvent, EventBatch, IngestRejection, IngestResult
from gasoline_generated.policy import LIMITS

from .contract import extension_contract, is_newer_minor, is_other_major, spoken
from .known_fields import known_fields
from .store import CaptureStore, compact_size

MAX_PROBLEMS = 3
MAX_EVENT_BYTES = LIMITS.ingest.max_event_bytes


def reason(error: ValidationError, skip: int = 1) -> str:
    """The first problems, each at its field (less the first `skip` parts of its place: for an event,
    the type pydantic puts first). Only field names and the schema's words: a value may be a secret."""
    problems = []
    for problem in error.errors(include_input=False, include_url=False)[:MAX_PROBLEMS]:
        where = ".".join(str(part) for part in problem["loc"][skip:])
        problems.append(f"{where}: {problem['msg']}" if where else problem["msg"])
    return "; ".join(problems)


class UnreadableBatch(Exception):
    """A batch written in another major version of the extension contract: none of it is read."""


def readable_events(batch: EventBatch) -> list[Any]:
    """The batch's events as this daemon reads them. Written in its own contract version or an
    older minor one: as they are, so a property it does not know is an error. Written in a newer
    minor version: without the properties it does not know (known_fields). Written in another
    major version: UnreadableBatch, naming both versions and what to update."""
    version = spoken(batch.contract_version)
    if is_other_major(version):
        raise UnreadableBatch(
            f"events of extension contract {version} are not read: {extension_contract(version).message}"
        )
    return [known_fields(event, CaptureEvent) for event in batch.events] if is_newer_minor(version) else batch.events


def separator_spaces(value: Any) -> int:
    """The spaces json.dumps writes after separators (", " and ": ") in a value: one per comma and
    colon of its compact form."""
    if isinstance(value, dict):
        return 2 * len(value) - 1 + sum(separator_spaces(item) for item in value.values()) if value else 0
    if isinstance(value, list):
        return len(value) - 1 + sum(separator_spaces(item) for item in value) if value else 0
    return 0


def size_over_limit(event: Any, compact: int) -> int | None:
    """The size of an event as json.dumps writes it, when that is over ingest.max_event_bytes; else
    None. Each space follows a comma or colon of the compact form, so an event whose compact form
    is at most half the limit is within it, spaces and all."""
    if 2 * compact <= MAX_EVENT_BYTES:
        return None
    size = compact + separator_spaces(event)
    return size if size > MAX_EVENT_BYTES else None


def ingest_batch(events: list[Any], store: CaptureStore, redactor: Redactor) -> IngestResult:
    """Store each valid event of the batch; say which were rejected and why."""
    accepted, rejected = 0, []
    for index, event in enumerate(events):
        compact = compact_size(event)
        if (size := size_over_limit(event, compact)) is not None:
            too_large = f"too_large: {size} bytes, over {MAX_EVENT_BYTES} per event"
            rejected.append(IngestRejection(index=index, reason=too_large))
            continue
        try:
            at = CaptureEvent.model_validate(event).root.ts.timestamp()
            redacted = redactor.value(event)
            store.add(redacted, at, compact if redacted == event else None)
            accepted += 1
        except ValidationError as error:
            rejected.append(IngestRejection(index=index, reason=reason(error)))
        except RedactionUnavailable as error:
            rejected.append(IngestRejection(index=index, reason=f"redaction_failed: {error}"))
    store.count(accepted, len(rejected))
    return IngestResult(accepted=accepted, rejected=rejected)
