// The worker's redaction parts, answering tests/unit/test_redaction_parts_parity.py, which holds
// them to the daemon's Python: validators, decoded views, and JSON read and written.
// Offsets are answered in code points, as Python counts them. Each answer is its JSON text with
// every character past ASCII escaped, so that no character Python reads as a line break
// (U+2028, U+0085...) splits an answer's line.
import { decodedViews, viewSpan, type DecodedView } from "../../extension/src/redaction/decoding";
import { dumpsJson, floatRepr, parseJson } from "../../extension/src/redaction/json-text";
import { VALIDATORS, type ValidatorName } from "../../extension/src/redaction/validators";
import { serveLines } from "./serve-lines";

type Request =
  | { validator: ValidatorName; candidate: string }
  | { views: string }
  | { json: string; maxDepth: number }
  | { repr: string };

function answer(request: Request): unknown {
  try {
    return { ok: handle(request) };
  } catch (error) {
    return { error: String(error) };
  }
}

function handle(request: Request): unknown {
  if ("validator" in request) return VALIDATORS[request.validator](request.candidate);
  if ("views" in request) return decodedViews(request.views).map((view) => inCodePoints(request.views, view));
  if ("json" in request) return dumpsJson(parseJson(request.json, request.maxDepth));
  const number = parseJson(request.repr, 0);
  if (typeof number !== "number") throw new Error(`not a float: ${request.repr}`);
  return floatRepr(number);
}

/** A view with the span each of its characters maps back to, in code points of the text. */
function inCodePoints(text: string, view: DecodedView): unknown {
  const offsets = codePointOffsets(text);
  const spans: number[][] = [];
  for (let unit = 0; unit < view.text.length; ) {
    const next = unit + String.fromCodePoint(view.text.codePointAt(unit) ?? 0).length;
    spans.push(viewSpan(view, unit, next).map((offset) => offsets[offset]));
    unit = next;
  }
  return { text: view.text, spans, whole: view.whole && view.whole.map((offset) => offsets[offset]) };
}

/** For each UTF-16 offset of the text and its end, the offset in code points (-1 inside a pair). */
function codePointOffsets(text: string): number[] {
  const offsets: number[] = [];
  let count = 0;
  for (const character of text) {
    offsets.push(count++);
    if (character.length === 2) offsets.push(-1);
  }
  offsets.push(count);
  return offsets;
}

function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

await serveLines((request) => asciiJson(answer(request as Request)));
