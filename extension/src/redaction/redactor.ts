// The redaction gateway of the worker: what the page captured, with every secret the policy finds
// masked before it is queued, so a secret never leaves the browser. It masks exactly as the
// daemon does (handwritten/gasoline/safety/redaction.py, and tests/unit/test_redaction_parity.py
// holds the two to the same output): masks already in a text are kept, so the daemon's own pass
// over what arrives changes nothing. A secret too strong to guess gets a hash keyed with the
// daemon's key (handed over on /sync); until that key is known, every mask is unhashed.
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import {
  REDACTION_AUTH_SCHEMES,
  REDACTION_FIELDS,
  REDACTION_HASH_MIN_BITS,
  REDACTION_MASK,
  REDACTION_PAIRS,
  REDACTION_PROJECT_PATTERN_CLASS,
  REDACTION_RULES,
  REDACTION_UNHASHED_CLASSES,
  REDACTION_UNHASHED_MASK,
  SENSITIVE_KEY_CLASS,
  SENSITIVE_KEY_PATTERN,
  SENSITIVE_KEYS,
  type RedactionRule,
} from "../../../generated/ts/redaction";
import { LIMITS } from "../../../generated/ts/limits";
import { decodedViews, viewSpan } from "./decoding";
import { dumpsJson, floatRepr, parseJson, type JsonValue } from "./json-text";
import { anyRule, CompiledRule, TextViews } from "./rules";
import { notPath } from "./validators";

const MAX_DEPTH = LIMITS.json.max_depth;
const JSON_OPENERS = new Set(["{", "["]);
const CAMEL_HUMP = /([a-z0-9])([A-Z])/g;

/** The policy could not be applied: the data must be dropped, never passed on raw. */
export class RedactionUnavailable extends Error {}

/** A pattern of the project's .gasoline/config.yaml, as the daemon hands it over. */
export interface ProjectPattern {
  name: string;
  pattern: string;
  ignore_case?: boolean;
  secret?: number;
}

/** A project's pattern as a rule, taken as written: wrapped in a group (with its own flag when
 *  it ignores case), so no part of it, such as a leading \b, is read the way policy rules are. */
export function projectRule(pattern: ProjectPattern): RedactionRule {
  const flags = pattern.ignore_case ? "i" : "";
  return {
    name: pattern.name,
    secretClass: REDACTION_PROJECT_PATTERN_CLASS,
    pattern: flags ? `(?i:${pattern.pattern})` : `(?:${pattern.pattern})`,
    flags: "g",
    secretGroups: [pattern.secret ?? 0],
    validator: null,
    anchors: [],
    shape: false,
  };
}

/** How hard a secret is to guess, at most: its length times log2 of the alphabet it draws on. */
export function strengthBits(secret: string): number {
  const alphabet =
    (/\p{Nd}/u.test(secret) ? 10 : 0) +
    (/\p{Lowercase}/u.test(secret) ? 26 : 0) +
    (/\p{Uppercase}/u.test(secret) ? 26 : 0) +
    (/[^\p{L}\p{N}]/u.test(secret) ? 33 : 0);
  return alphabet > 1 ? [...secret].length * Math.log2(alphabet) : 0;
}

/** accessToken, Access-Token and ACCESS_TOKEN all read access_token. */
export function normalizeKey(key: string): string {
  return key.replace(CAMEL_HUMP, "$1_$2").toLowerCase().replaceAll("-", "_");
}

function maskPattern(template: string): string {
  return template
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace("\\{class\\}", "([a-z_]+)")
    .replace("\\{hash\\}", "[0-9a-f]{8}");
}

const MASKS_SOURCE = [REDACTION_MASK, REDACTION_UNHASHED_MASK].map(maskPattern).join("|");
const MASKS = new RegExp(MASKS_SOURCE, "g");
const WHOLE_MASK = new RegExp(`^(?:${MASKS_SOURCE})$`);
// Group 1 is the key, group 2 the value.
const QUERY_PARAMETER = new RegExp(REDACTION_FIELDS.queryParameter, "g");
const JSON_FIELD = new RegExp(REDACTION_FIELDS.jsonField, "g");
const HEADER_FIELD = new RegExp(REDACTION_FIELDS.headerField, "g");
const KEY_PATTERN = new RegExp(SENSITIVE_KEY_PATTERN);
const PAIR_VALUES: ReadonlySet<string> = new Set(REDACTION_PAIRS.values);
const HIDDEN_TYPES: ReadonlySet<string> = new Set(REDACTION_PAIRS.hiddenTypes);

/** A secret in a text: [start, end), its class ("" for a mask already there), the secret itself. */
type Span = [number, number, string, string];

export class Redactor {
  private readonly rules: CompiledRule[];
  private readonly anyRule;

  /** `key`: the daemon's hash key; none yet, every mask is unhashed. `masked` counts the secrets
   *  masked, by class. */
  constructor(
    private readonly key: Uint8Array | null,
    projectPatterns: readonly ProjectPattern[] = [],
    private readonly masked: Map<string, number> = new Map(),
  ) {
    this.rules = [...REDACTION_RULES, ...projectPatterns.map(projectRule)].map((rule) => new CompiledRule(rule));
    this.anyRule = anyRule(this.rules);
  }

  /** The mask of a secret: its class, and a hash of it alone if it is too strong to guess. */
  mask(secret: string, secretClass: string): string {
    this.masked.set(secretClass, (this.masked.get(secretClass) ?? 0) + 1);
    if (!this.key || REDACTION_UNHASHED_CLASSES.includes(secretClass) || strengthBits(secret) < REDACTION_HASH_MIN_BITS) {
      return REDACTION_UNHASHED_MASK.replace("{class}", secretClass);
    }
    const digest = bytesToHex(hmac(sha256, this.key, new TextEncoder().encode(secret))).slice(0, 8);
    return REDACTION_MASK.replace("{class}", secretClass).replace("{hash}", digest);
  }

  /** Free text with every secret the rules find masked (masks already there are kept). */
  text(text: string): string {
    const spans = this.guarded(() => this.spans(text));
    if (spans.length === 0) return text;
    const out: string[] = [];
    let copied = 0;
    for (const [start, end, secretClass, secret] of spans) {
      out.push(text.slice(copied, start), this.mask(secret, secretClass));
      copied = end;
    }
    out.push(text.slice(copied));
    return out.join("");
  }

  /** Data with secrets masked: values under sensitive keys whole, strings by the rules, a JSON
   *  document inside a string as structured data. Throws RedactionUnavailable when it nests
   *  deeper than the JSON depth limit. */
  value(data: unknown): unknown {
    return this.guarded(() => this.walk(data, 0));
  }

  /** A URL, form body, log line or JSON cut short: the free-text rules, then the values of
   *  sensitive fields masked whole (key=value, "key": value, Name: value). */
  fields(text: string): string {
    // Free-text rules first: a secret that spans a field boundary (a PEM block) is seen whole.
    let out = this.text(text);
    if (out.includes("=")) out = out.replace(QUERY_PARAMETER, (...match) => this.maskedField(match));
    if (out.includes('"') && out.includes(":")) out = out.replace(JSON_FIELD, (...match) => this.maskedField(match));
    if (out.includes(":")) out = out.replace(HEADER_FIELD, (...match) => this.maskedHeader(match));
    return out;
  }

  /** The class of a value by its key in structured data, or null. */
  keyClass(key: string): string | null {
    const name = normalizeKey(key);
    if (Object.hasOwn(SENSITIVE_KEYS, name)) return SENSITIVE_KEYS[name];
    // The daemon's $ also matches before a final newline.
    return KEY_PATTERN.test(name) || (name.endsWith("\n") && KEY_PATTERN.test(name.slice(0, -1)))
      ? SENSITIVE_KEY_CLASS
      : null;
  }

  /** The class of what an object's value members hold when it is a name/value pair whose name is
   *  sensitive ({"name": "csrf_token", "value": ...}) or a field that hides what is typed
   *  ({"type": "password", "value": ...}); null otherwise. */
  pairClass(data: object): string | null {
    for (const member of REDACTION_PAIRS.names) {
      const name = memberOf(data, member);
      const found = typeof name === "string" ? this.keyClass(name) : null;
      if (found !== null) return found;
    }
    const kind = memberOf(data, "type");
    return typeof kind === "string" && HIDDEN_TYPES.has(kind.toLowerCase()) ? this.keyClass(kind) : null;
  }

  private guarded<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (error instanceof RedactionUnavailable) throw error;
      throw new RedactionUnavailable(`redaction failed, so the data was withheld (${String(error)})`);
    }
  }

  /** The secrets in a text as spans that do not overlap, in order; masks already there excluded.
   *  A secret found once an encoding is undone masks its encoded span, with the decoded secret's mask. */
  private spans(text: string): Span[] {
    const found: Span[] = this.found(text).map(([start, end, secretClass]) => [start, end, secretClass, text.slice(start, end)]);
    for (const view of decodedViews(text)) {
      for (const [start, end, secretClass] of this.found(view.text)) {
        found.push([...viewSpan(view, start, end), secretClass, view.text.slice(start, end)]);
      }
    }
    const taken: Span[] = [...text.matchAll(MASKS)].map((mask) => [mask.index, mask.index + mask[0].length, "", ""]);
    const ordered = [...taken, ...found].sort(
      (a, b) => a[0] - b[0] || b[1] - a[1] || Number(a[2] !== "") - Number(b[2] !== ""),
    );
    const spans: Span[] = [];
    for (const span of ordered) {
      if (spans.length && span[0] < spans[spans.length - 1][1]) continue;
      spans.push(span);
    }
    return spans.filter((span) => span[2] !== "");
  }

  /** What every rule finds in a text: [start, end, class]. */
  private found(text: string): [number, number, string][] {
    if (this.anyRule && !this.anyRule.test(text)) return [];
    const views = new TextViews(text);
    const found: [number, number, string][] = [];
    for (const compiled of this.rules) {
      if (!compiled.mayMatch(views)) continue;
      for (const [start, end] of compiled.secrets(views)) found.push([start, end, compiled.rule.secretClass]);
    }
    return found;
  }

  private walk(data: unknown, depth: number): unknown {
    if (typeof data === "string") return this.string(data, depth);
    if (typeof data === "bigint") return this.integer(data);
    if (typeof data === "number") return isInteger(data) ? this.integer(data) : data;
    if (data === null || typeof data !== "object") return data;
    if (depth >= MAX_DEPTH) throw new RedactionUnavailable(`arrays and objects are nested deeper than ${MAX_DEPTH} levels`);
    if (Array.isArray(data)) return data.map((item) => this.walk(item, depth + 1));
    const out = newObject(data);
    const pairClass = this.pairClass(data);
    for (const [key, value] of entries(data)) {
      const secretClass = this.keyClass(key) ?? (PAIR_VALUES.has(key) ? pairClass : null);
      out.set(this.text(key), secretClass === null ? this.walk(value, depth + 1) : this.whole(value, secretClass, depth + 1));
    }
    return out.value;
  }

  /** An integer stays one unless the rules see a secret in its digits (a card number). */
  private integer(value: number | bigint): unknown {
    const digits = String(value);
    const masked = this.text(digits);
    return masked === digits ? value : masked;
  }

  /** A string in structured data: a JSON document inside it (a body, a frame) is redacted as
   *  structured data and written back only if that changed it; anything else gets `fields`. */
  private string(text: string, depth: number): string {
    if (JSON_OPENERS.has(text.trimStart().charAt(0))) {
      let document: JsonValue | undefined;
      try {
        document = parseJson(text, MAX_DEPTH - depth);
      } catch {
        document = undefined;
      }
      if (document !== undefined) {
        const redacted = this.walk(document, depth) as JsonValue;
        return sameJson(redacted, document) ? text : dumpsJson(redacted);
      }
    }
    return this.fields(text);
  }

  /** What a sensitive key holds, masked whole: every string and number in it; null, booleans
   *  and empty strings say nothing. */
  private whole(value: unknown, secretClass: string, depth: number): unknown {
    if (value !== null && typeof value === "object") {
      if (depth >= MAX_DEPTH) throw new RedactionUnavailable(`arrays and objects are nested deeper than ${MAX_DEPTH} levels`);
      if (Array.isArray(value)) return value.map((item) => this.whole(item, secretClass, depth + 1));
      const out = newObject(value);
      for (const [key, item] of entries(value)) out.set(this.text(key), this.whole(item, secretClass, depth + 1));
      return out.value;
    }
    if (value === null || value === undefined || typeof value === "boolean" || value === "") return value;
    const text = typeof value === "number" && !isInteger(value) ? floatRepr(value) : String(value);
    return WHOLE_MASK.test(text) ? text : this.mask(text, secretClass);
  }

  /** One key=value, "key": value or Name: value, its value masked whole when the key is sensitive. */
  private maskedField(match: unknown[]): string {
    const [whole, key, value] = match as [string, string, string];
    const secretClass = this.keyClass(key);
    const quoted = value.startsWith("'") || value.startsWith('"');
    const inner = quoted ? (value.length > 1 && value.endsWith(value[0]) ? value.slice(1, -1) : value.slice(1)) : value;
    if (secretClass === null || !inner || WHOLE_MASK.test(inner)) return whole;
    const masked = value.replace(inner, () => this.mask(inner, secretClass));
    // The value is the last group of every field pattern: it ends where the match does.
    return whole.slice(0, whole.length - value.length) + masked;
  }

  /** A Name: value in text, masked when the name is sensitive, unless the value is an auth
   *  scheme (the rules mask the credential after it) or a path ("pwd: /home/dana"). */
  private maskedHeader(match: unknown[]): string {
    const value = match[2] as string;
    if (REDACTION_AUTH_SCHEMES.includes(value.toLowerCase()) || !notPath(value)) return match[0] as string;
    return this.maskedField(match);
  }
}

/** A JavaScript number the daemon reads as an integer once it is JSON (JSON.stringify writes
 *  those below 1e21 without an exponent). */
function isInteger(value: number): boolean {
  return Number.isInteger(value) && Math.abs(value) < 1e21;
}

/** An object's members in order, whether it came from JSON.parse-like code or from parseJson (a Map). */
function entries(value: object): [string, unknown][] {
  return value instanceof Map ? [...(value as Map<string, unknown>)] : Object.entries(value);
}

/** One member of an object, whether it came from JSON.parse-like code or from parseJson (a Map). */
function memberOf(value: object, name: string): unknown {
  if (value instanceof Map) return (value as Map<string, unknown>).get(name);
  return Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined;
}

/** A new object of the same kind, filled member by member (a key that comes again takes the
 *  later value, in the first one's place, as a Python dict does). */
function newObject(like: object): { set(key: string, value: unknown): void; value: unknown } {
  if (like instanceof Map) {
    const map = new Map<string, unknown>();
    return { set: (key, value) => void map.set(key, value), value: map };
  }
  const object = Object.create(null) as Record<string, unknown>; // "__proto__" is a key like any other
  return { set: (key, value) => void (object[key] = value), value: object };
}

/** Whether two JSON values are equal as the daemon compares them. */
function sameJson(a: JsonValue, b: JsonValue): boolean {
  if (a === b || (typeof a === "number" && typeof b === "number" && Number.isNaN(a) && Number.isNaN(b))) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  const left = entries(a);
  const right = new Map(entries(b));
  return left.length === right.size && left.every(([key, value]) => right.has(key) && sameJson(value as JsonValue, right.get(key) as JsonValue));
}
