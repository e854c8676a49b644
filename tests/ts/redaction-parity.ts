// Masks what Python sends as the extension's worker would (see tests/unit/test_redaction_parity.py).
// A request: {key: hex or null, patterns: [...], json: text, native: boolean}. native: the data is
// read with JSON.parse and written with JSON.stringify, as the worker gets events from the page;
// otherwise with the daemon's own JSON reading and writing, so the answer compares byte for byte.
import { hexToBytes } from "@noble/hashes/utils.js";
import { dumpsJson, parseJson, type JsonValue } from "../../extension/src/redaction/json-text";
import { RedactionUnavailable, Redactor, type ProjectPattern } from "../../extension/src/redaction/redactor";
import { serveLines } from "./serve-lines";

interface Request {
  key: string | null;
  patterns: ProjectPattern[];
  json: string;
  native: boolean;
}

const redactors = new Map<string, Redactor>();
const INPUT_DEPTH = 100_000;

function redactorFor(request: Request): Redactor {
  const id = JSON.stringify([request.key, request.patterns]);
  let redactor = redactors.get(id);
  if (!redactor) {
    redactor = new Redactor(request.key === null ? null : hexToBytes(request.key), request.patterns);
    redactors.set(id, redactor);
  }
  return redactor;
}

void serveLines((line) => {
  const request = line as Request;
  const redactor = redactorFor(request);
  try {
    if (request.native) return { out: JSON.stringify(redactor.value(JSON.parse(request.json))) };
    return { out: dumpsJson(redactor.value(parseJson(request.json, INPUT_DEPTH)) as JsonValue) };
  } catch (error) {
    if (error instanceof RedactionUnavailable) return { unavailable: true };
    throw error;
  }
});
