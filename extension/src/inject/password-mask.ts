// Source-stage redaction: whatever is typed into a password field right now is masked wherever
// it shows up in captured text (console, errors, bodies, WebSocket data, both ways). Password
// inputs are never serialized in the first place.
import { SENSITIVE_KEY_CLASS, SENSITIVE_KEYS } from "../../../generated/ts/redaction";
import { type CutText, cutUtf8Text } from "../shared/text-limits";

const PASSWORD_MASK = `[REDACTED:${SENSITIVE_KEYS["password"] ?? SENSITIVE_KEY_CLASS}]`;

// Shorter values are left alone: masking every "a" or "12" would wreck the text and hide little.
const SHORTEST_MASKED = 4;
// A live collection: no query per call.
const inputs = document.getElementsByTagName("input");

export function maskPasswords(text: string): string {
  if (text === "" || inputs.length === 0) return text;
  const secrets: string[] = [];
  for (const input of inputs) {
    if (input.type === "password" && input.value.length >= SHORTEST_MASKED) secrets.push(input.value);
  }
  // Longest first, so a password that contains another is masked whole.
  secrets.sort((a, b) => b.length - a.length);
  let masked = text;
  for (const secret of secrets) masked = masked.split(secret).join(PASSWORD_MASK);
  return masked;
}

/** Captured text as it leaves the page: passwords masked, then cut to its byte limit. */
export function maskAndCut(text: string, maxBytes: number): CutText {
  return cutUtf8Text(maskPasswords(text), maxBytes);
}
