// Header sanitization shared by the page (first pass) and the worker (safety net).
import { SENSITIVE_HEADER_PATTERN, SENSITIVE_KEYS } from "../../../generated/ts/redaction";

const sensitiveHeaderName = new RegExp(SENSITIVE_HEADER_PATTERN, "i");

/** Authorization, Cookie, Set-Cookie, X-API-Key... and any name matching the policy's pattern. */
export function isSensitiveHeader(name: string): boolean {
  return sensitiveHeaderName.test(name) || name.toLowerCase().replaceAll("-", "_") in SENSITIVE_KEYS;
}

export function withoutSensitiveHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!isSensitiveHeader(name)) kept[name] = value;
  }
  return kept;
}
