// JSON read and written as the daemon does (Python's json module, read through
// handwritten/gasoline/core/json_text.py with a key allowed once per object), so that a JSON
// document inside a string is redacted and written back byte for byte as the daemon would.
// JSON.parse cannot: it makes big integers inexact, forgets that 1.0 had a fraction (the daemon
// writes it back as 1.0), keeps the last of a repeated key, refuses NaN and Infinity, and nests
// without a limit. Objects are Maps: a plain object lists integer-like keys ("1") first, where
// Python keeps the order they came in.

/** A JSON value as Python holds it: an integer (no fraction, no exponent) is a bigint, like
 *  Python's int; any other number is a number, like Python's float. */
export type JsonValue = null | boolean | string | number | bigint | JsonValue[] | JsonObject;
export type JsonObject = Map<string, JsonValue>;

/** Python refuses to read an integer of more digits (sys.get_int_max_str_digits()). */
const PYTHON_INT_MAX_DIGITS = 4300;

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
const UNESCAPED = /[^"\\\x00-\x1f]*/y;
const HEX4 = /^[0-9A-Fa-f]{4}$/;
const ESCAPES = new Map([
  ['"', '"'],
  ["\\", "\\"],
  ["/", "/"],
  ["b", "\b"],
  ["f", "\f"],
  ["n", "\n"],
  ["r", "\r"],
  ["t", "\t"],
]);
const LITERALS = new Map<string, JsonValue>([
  ["null", null],
  ["true", true],
  ["false", false],
  ["NaN", NaN],
  ["Infinity", Infinity],
  ["-Infinity", -Infinity],
]);

/** The value of a JSON text, read exactly as the daemon reads it; throws where it refuses the text,
 *  and as soon as arrays and objects nest more than `maxDepth` levels (a top-level array is one). */
export function parseJson(text: string, maxDepth: number): JsonValue {
  return new JsonReader(text, maxDepth).document();
}

class JsonReader {
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  document(): JsonValue {
    this.skipWhitespace();
    const value = this.value(0);
    this.skipWhitespace();
    if (this.at < this.text.length) this.fail("more after the value");
    return value;
  }

  /** A value inside `depth` arrays and objects. */
  private value(depth: number): JsonValue {
    const next = this.text[this.at];
    if (next === "[") return this.array(depth + 1);
    if (next === "{") return this.object(depth + 1);
    if (next === '"') return this.string();
    for (const [literal, value] of LITERALS) {
      if (this.text.startsWith(literal, this.at)) {
        this.at += literal.length;
        return value;
      }
    }
    return this.number();
  }

  private array(depth: number): JsonValue[] {
    this.enter(depth);
    const items: JsonValue[] = [];
    this.skipWhitespace();
    if (this.take("]")) return items;
    for (;;) {
      this.skipWhitespace();
      items.push(this.value(depth));
      this.skipWhitespace();
      if (this.take("]")) return items;
      this.expect(",");
    }
  }

  private object(depth: number): JsonObject {
    this.enter(depth);
    const members: JsonObject = new Map();
    this.skipWhitespace();
    if (this.take("}")) return members;
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.at] !== '"') this.fail("a key in double quotes expected");
      const key = this.string();
      if (members.has(key)) this.fail(`the key ${JSON.stringify(key)} comes twice`);
      this.skipWhitespace();
      this.expect(":");
      this.skipWhitespace();
      members.set(key, this.value(depth));
      this.skipWhitespace();
      if (this.take("}")) return members;
      this.expect(",");
    }
  }

  /** Past the opening bracket, once the nesting is known to be within the limit. */
  private enter(depth: number): void {
    if (depth > this.maxDepth) throw new RangeError(`arrays and objects are nested deeper than ${this.maxDepth} levels`);
    this.at++;
  }

  private string(): string {
    this.at++; // the opening quote
    let decoded = "";
    for (;;) {
      decoded += this.match(UNESCAPED);
      const next = this.text[this.at++];
      if (next === '"') return decoded;
      if (next !== "\\") this.fail(next === undefined ? "a string not closed" : "a control character in a string");
      const escape = this.text[this.at++];
      if (escape === "u") {
        // A lone surrogate is kept; a high one then a low one are one character, as in Python.
        const hex = this.text.slice(this.at, this.at + 4);
        if (!HEX4.test(hex)) this.fail("an invalid \\uXXXX escape");
        decoded += String.fromCharCode(parseInt(hex, 16));
        this.at += 4;
      } else {
        const character = ESCAPES.get(escape);
        if (character === undefined) this.fail("an invalid escape");
        decoded += character;
      }
    }
  }

  private number(): number | bigint {
    const literal = this.match(NUMBER);
    if (!literal) this.fail("a value expected");
    if (/[.eE]/.test(literal)) return Number(literal);
    if (literal.replace("-", "").length > PYTHON_INT_MAX_DIGITS) this.fail("an integer of too many digits");
    return BigInt(literal);
  }

  /** The text `pattern` (sticky) matches here, and past it. */
  private match(pattern: RegExp): string {
    pattern.lastIndex = this.at;
    const found = pattern.exec(this.text)?.[0] ?? "";
    this.at += found.length;
    return found;
  }

  private skipWhitespace(): void {
    this.match(WHITESPACE);
  }

  private take(character: string): boolean {
    if (this.text[this.at] !== character) return false;
    this.at++;
    return true;
  }

  private expect(character: string): void {
    if (!this.take(character)) this.fail(`${JSON.stringify(character)} expected`);
  }

  private fail(problem: string): never {
    throw new SyntaxError(`JSON: ${problem} at offset ${this.at}`);
  }
}

/** The JSON text of a value exactly as Python's json.dumps(value, ensure_ascii=False) writes it. */
export function dumpsJson(value: JsonValue): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return quoted(value);
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return Number.isFinite(value) ? floatRepr(value) : String(value);
  if (Array.isArray(value)) return `[${value.map((item) => dumpsJson(item)).join(", ")}]`;
  return `{${[...value].map(([key, item]) => `${quoted(key)}: ${dumpsJson(item)}`).join(", ")}}`;
}

const ESCAPED_IN_STRING = /["\\\x00-\x1f]/g;
const SHORT_ESCAPES = new Map([
  ['"', '\\"'],
  ["\\", "\\\\"],
  ["\b", "\\b"],
  ["\f", "\\f"],
  ["\n", "\\n"],
  ["\r", "\\r"],
  ["\t", "\\t"],
]);

/** A string in quotes: only the quote, the backslash and controls escaped (lone surrogates too are written as they are). */
function quoted(text: string): string {
  const escaped = text.replace(
    ESCAPED_IN_STRING,
    (character) => SHORT_ESCAPES.get(character) ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `"${escaped}"`;
}

/** Python's repr() of a float: the shortest digits that read back as the same number (as
 *  JavaScript finds them), positional from 1e-4 up to 1e16 with at least one decimal, otherwise
 *  with an exponent of at least two digits (1e-05, 1.5e+16); nan, inf and -inf. */
export function floatRepr(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  const [mantissa, exponentText] = Math.abs(value).toExponential().split("e");
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    return `${sign}${mantissa}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  const digits = mantissa.replace(".", "");
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  if (digits.length > exponent + 1) return `${sign}${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  return `${sign}${digits}${"0".repeat(exponent + 1 - digits.length)}.0`;
}
