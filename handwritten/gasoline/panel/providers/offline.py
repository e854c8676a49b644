"""The none provider: offline triage without a model. It answers from the evidence it was given
(the lines of the last user turn's evidence that look like errors or failures; headings and
counts are not), and asks for no tools."""

from __future__ import annotations

import re

from gasoline_generated.models import ProviderHealth, ProviderReply, ProviderRequest

from .base import EVIDENCE_HEADING, TextSink

# Lines of evidence worth repeating: errors, exceptions, failed requests (status 4xx/5xx).
NOTABLE = re.compile(r"error|exception|fail|refused|timeout|\b[45]\d\d\b", re.IGNORECASE)
COUNT_LINE = re.compile(r"^\d+ [a-z ]+(,.*)?$")  # a list's first line ("8 errors, newest 10 shown"), not an entry
MOST_LINES = 8


class OfflineProvider:
    name = "none"

    def health(self) -> ProviderHealth:
        return ProviderHealth(provider="none", reachable=True, latency_ms=0)

    def generate(self, request: ProviderRequest, on_text: TextSink) -> ProviderReply:
        asked = next((m.content for m in reversed(request.messages) if m.role == "user"), "")
        question, heading, evidence = asked.partition(EVIDENCE_HEADING)
        lines = [line.strip() for line in (evidence if heading else question).splitlines()]
        notable = [
            line for line in lines if NOTABLE.search(line) and not line.startswith("## ") and not COUNT_LINE.match(line)
        ][:MOST_LINES]
        if notable:
            text = "No model is configured; from the evidence, what stands out:\n" + "\n".join(
                f"- {line}" for line in notable
            )
        else:
            text = "No model is configured, and the evidence shows no error or failed request."
        on_text(text)
        return ProviderReply(provider="none", model=request.model, text=text, tool_calls=[], stop_reason="end")
