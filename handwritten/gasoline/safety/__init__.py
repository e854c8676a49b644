"""Safety: the redaction gateway and the approval engine."""
