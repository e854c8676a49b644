// Console arguments to text: strings as they are, everything else JSON-ish to a fixed depth,
// with cycles marked and DOM nodes described (never their values: a password input stays opaque).
// Work stops once the message limit is reached.
import { LIMITS } from "../../../generated/ts/limits";

const MAX_DEPTH = LIMITS.capture.console_arg_depth;
const MAX_CHARS = LIMITS.capture.console_message_chars;
const TEXT_NODE_PREVIEW_CHARS = 80;
const objectTag = (value: object): string => Object.prototype.toString.call(value);

class Output {
  private parts: string[] = [];
  private length = 0;

  get full(): boolean {
    return this.length > MAX_CHARS;
  }

  add(text: string): void {
    if (this.full) return;
    this.parts.push(text);
    this.length += text.length;
  }

  toString(): string {
    return this.parts.join("");
  }
}

/** console.log("a %s b", x, y) style: format specifiers in a leading string are honoured. */
export function formatConsoleArgs(args: readonly unknown[]): string {
  const out = new Output();
  let rest = args;
  let needsSeparator = false;
  const [first] = args;
  if (typeof first === "string" && first.includes("%")) {
    rest = writeFormatted(first, args.slice(1), out);
    needsSeparator = true;
  }
  for (const arg of rest) {
    if (out.full) break;
    if (needsSeparator) out.add(" ");
    needsSeparator = true;
    writeTopLevel(arg, out);
  }
  return out.toString();
}

/** A single value as console would show it on its own (strings unquoted). */
export function describeValue(value: unknown): string {
  const out = new Output();
  writeTopLevel(value, out);
  return out.toString();
}

/** Writes the format with its specifiers filled in; returns the arguments it did not use. */
function writeFormatted(format: string, args: readonly unknown[], out: Output): readonly unknown[] {
  let next = 0;
  const text = format.replace(/%[sdifoOc%]/g, (spec) => {
    if (spec === "%%") return "%";
    if (next >= args.length) return spec;
    const arg = args[next++];
    switch (spec) {
      case "%c":
        return ""; // CSS for the devtools console
      case "%d":
      case "%i":
        return typeof arg === "symbol" ? "NaN" : String(parseInt(String(arg), 10));
      case "%f":
        return typeof arg === "symbol" ? "NaN" : String(parseFloat(String(arg)));
      default:
        return describeValue(arg);
    }
  });
  out.add(text);
  return args.slice(next);
}

function writeTopLevel(value: unknown, out: Output): void {
  if (typeof value === "string") out.add(value);
  else write(value, 0, new Set(), out);
}

function write(value: unknown, depth: number, ancestors: Set<object>, out: Output): void {
  if (out.full) return;
  try {
    writeUnguarded(value, depth, ancestors, out);
  } catch {
    out.add("[Unserializable]"); // a throwing getter, a revoked Proxy...
  }
}

function writeUnguarded(value: unknown, depth: number, ancestors: Set<object>, out: Output): void {
  switch (typeof value) {
    case "string":
      out.add(JSON.stringify(value));
      return;
    case "number":
    case "boolean":
    case "undefined":
      out.add(String(value));
      return;
    case "bigint":
      out.add(`${value}n`);
      return;
    case "symbol":
      out.add(value.toString());
      return;
    case "function":
      out.add(`[Function: ${value.name || "(anonymous)"}]`);
      return;
  }
  if (value === null) {
    out.add("null");
    return;
  }
  const object = value as object;
  if (ancestors.has(object)) {
    out.add("[Circular]");
    return;
  }
  const leaf = describeLeafObject(object);
  if (leaf !== undefined) {
    out.add(leaf);
    return;
  }
  if (depth >= MAX_DEPTH) {
    out.add(Array.isArray(object) ? "[Array]" : "[Object]");
    return;
  }
  ancestors.add(object);
  try {
    writeContainer(object, depth + 1, ancestors, out);
  } finally {
    ancestors.delete(object);
  }
}

function writeContainer(object: object, depth: number, ancestors: Set<object>, out: Output): void {
  if (Array.isArray(object)) {
    writeList("[", "]", object, (item) => write(item, depth, ancestors, out), out);
  } else if (object instanceof Map) {
    out.add(`Map(${object.size}) `);
    writeList("{", "}", object, ([key, item]: [unknown, unknown]) => {
      write(key, depth, ancestors, out);
      out.add(" => ");
      write(item, depth, ancestors, out);
    }, out);
  } else if (object instanceof Set) {
    out.add(`Set(${object.size}) `);
    writeList("{", "}", object, (item) => write(item, depth, ancestors, out), out);
  } else {
    const className = constructorName(object);
    if (className && className !== "Object") out.add(`${className} `);
    writeList("{", "}", Object.keys(object), (key) => {
      out.add(`${JSON.stringify(key)}:`);
      write((object as Record<string, unknown>)[key], depth, ancestors, out);
    }, out);
  }
}

function writeList<T>(open: string, close: string, items: Iterable<T>, writeItem: (item: T) => void, out: Output): void {
  out.add(open);
  let first = true;
  for (const item of items) {
    if (out.full) return;
    if (!first) out.add(",");
    first = false;
    writeItem(item);
  }
  out.add(close);
}

/** Objects shown as one short description rather than walked. */
function describeLeafObject(object: object): string | undefined {
  if (object instanceof Error || objectTag(object) === "[object Error]") return describeError(object as Error);
  if (object instanceof Node) return describeNode(object);
  if (object === window) return "[Window]";
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? "Invalid Date" : object.toISOString();
  if (object instanceof RegExp) return String(object);
  if (object instanceof ArrayBuffer) return `[ArrayBuffer: ${object.byteLength} bytes]`;
  if (ArrayBuffer.isView(object)) return `[${constructorName(object) ?? "ArrayBufferView"}: ${object.byteLength} bytes]`;
  if (object instanceof Promise || object instanceof WeakMap || object instanceof WeakSet) return objectTag(object);
  return undefined;
}

/** The stack when it names the error (V8's does), else "Name: message". */
function describeError(error: Error): string {
  const headline = `${error.name}: ${error.message}`;
  const stack = error.stack;
  return typeof stack === "string" && stack.includes(error.message) ? stack : headline;
}

function describeNode(node: Node): string {
  if (node instanceof Element) {
    const id = node.id ? `#${node.id}` : "";
    const classes = [...node.classList].map((name) => `.${name}`).join("");
    const type = node instanceof HTMLInputElement ? ` type="${node.type}"` : "";
    return `<${node.localName}${id}${classes}${type}>`;
  }
  if (node instanceof Text) return `#text ${JSON.stringify(node.data.slice(0, TEXT_NODE_PREVIEW_CHARS))}`;
  return node.nodeName;
}

function constructorName(object: object): string | undefined {
  const name: unknown = Object.getPrototypeOf(object)?.constructor?.name;
  return typeof name === "string" ? name : undefined;
}
