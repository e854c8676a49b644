// Views of a text with an encoding undone, so the rules see a secret that was percent-encoded
// (`%22ghp_...`, `password%3D...`, every byte of an AWS key; once or twice), written with HTML
// entities (`&quot;token&quot;: ...`) or wrapped in base64, and where each character of a view
// came from in the text, so the mask covers the encoded span (for base64, the whole run).
//
// A port of the daemon's handwritten/gasoline/safety/decoding.py that gives the same views, in
// the same order, mapped to the same characters. Offsets are the JavaScript string's (UTF-16
// units); where the daemon counts characters (the reach around a run, the printable share of
// decoded base64) these count code points. The scans run on re2js, each one linear pass over the
// text, as the daemon's RE2.
import { DecodingMode, decodeHTML } from "entities";
import { RE2JS } from "re2js";
import { REDACTION_SCAN } from "../../../generated/ts/redaction";
import { utf8ByteLength } from "../shared/text-limits";

export interface DecodedView {
  readonly text: string;
  /** origin[i]: where the view's UTF-16 unit i starts in the text; one more entry for its end. */
  readonly origin: readonly number[];
  /** The run every span stands for, when characters do not map one to one (base64). */
  readonly whole: readonly [number, number] | null;
}

/** The span of the text that the view's units start..end came from. */
export function viewSpan(view: DecodedView, start: number, end: number): [number, number] {
  return view.whole ? [view.whole[0], view.whole[1]] : [view.origin[start], view.origin[end]];
}

const PERCENT_RUN = RE2JS.compile("(?:%[0-9A-Fa-f]{2})+");
const ENTITY = RE2JS.compile("&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});");
const BASE64_RUN = RE2JS.compile("[A-Za-z0-9+/]{24,}={0,2}");
const LONE_SURROGATE = /\p{Cs}/gu;
/** Keeps a leading byte order mark, as Python's utf-8 codec does; invalid bytes become U+FFFD
 *  as with Python's "replace" (both replace each maximal invalid subpart). */
const UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });

interface Run {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A run's decoded characters (code points), each with where it starts in the text. */
type Decoder = (run: Run) => [string, number][];

/** Every view of the text worth scanning again: the stretches around its percent escapes and
 *  HTML entities, decoded, and each base64 run that decodes to text. */
export function decodedViews(original: string): DecodedView[] {
  // As the daemon does (its RE2 reads UTF-8, which has no lone surrogates): a lone surrogate is
  // scanned as U+FFFD, one unit for one, so every offset still points into the text.
  const text = original.replace(LONE_SURROGATE, "\ufffd");
  let views: DecodedView[] = [];
  if (text.includes("%")) views = views.concat(percentViews(text));
  if (text.includes("&")) views = views.concat(escaped(text, ENTITY, entity));
  return views.concat(base64Views(text));
}

/** The stretches around percent escapes, decoded, and those still holding escapes decoded
 *  again: a URL carried in another URL's query is encoded twice (%2522ghp_... for "ghp_...). */
function percentViews(text: string): DecodedView[] {
  const views = escaped(text, PERCENT_RUN, percent);
  const twice = views
    .filter((view) => view.text.includes("%"))
    .flatMap((view) => escaped(view.text, PERCENT_RUN, percent).map((inner) => inText(view, inner)));
  return views.concat(twice);
}

/** A view of a view, mapped back to the text. */
function inText(outer: DecodedView, inner: DecodedView): DecodedView {
  return { text: inner.text, origin: inner.origin.map((at) => outer.origin[at]), whole: null };
}

function percent(run: Run): [string, number][] {
  const bytes = new Uint8Array(run.text.length / 3);
  for (let index = 0; index < bytes.length; index++) bytes[index] = parseInt(run.text.slice(3 * index + 1, 3 * index + 3), 16);
  const decoded: [string, number][] = [];
  let at = run.start;
  for (const character of UTF8.decode(bytes)) {
    decoded.push([character, Math.min(at, run.end - 3)]);
    // As the daemon counts: three characters of text per byte of the character written in UTF-8
    // (U+FFFD, whatever it replaced, counts its own three bytes).
    at += 3 * utf8ByteLength(character);
  }
  return decoded;
}

function entity(run: Run): [string, number][] {
  return [...unescapeEntity(run.text)].map((character) => [character, run.start]);
}

const NUMERIC_REFERENCE = /^&#(x?)([0-9a-f]+);$/i;

/** One entity as Python's html.unescape reads it: as HTML does (named, with or without the
 *  semicolon; numeric, with the Windows-1252 repairs and U+FFFD for what is no character), except
 *  that a numeric reference to a control or a noncharacter that HTML keeps (&#1;, &#xFFFE;) is dropped. */
function unescapeEntity(run: string): string {
  const numeric = NUMERIC_REFERENCE.exec(run);
  if (numeric && droppedByPython(parseInt(numeric[2], numeric[1] ? 16 : 10))) return "";
  return decodeHTML(run, DecodingMode.Legacy);
}

function droppedByPython(code: number): boolean {
  return (
    (code >= 0x1 && code <= 0x8) ||
    code === 0xb ||
    (code >= 0xe && code <= 0x1f) ||
    code === 0x7f ||
    (code >= 0xfdd0 && code <= 0xfdef) ||
    (code <= 0x10ffff && (code & 0xfffe) === 0xfffe)
  );
}

function runs(pattern: RE2JS, text: string): Run[] {
  const found: Run[] = [];
  const matcher = pattern.matcher(text);
  while (matcher.find()) found.push({ start: matcher.start(), end: matcher.end(), text: matcher.group() ?? "" });
  return found;
}

const REACH = REDACTION_SCAN.decodeReach;

/** The stretches of the text around runs of `pattern` (the policy's decodeReach characters either
 *  side, overlapping stretches joined), each with its runs decoded. Only these are scanned again,
 *  so a long text with one escape costs little more. */
function escaped(text: string, pattern: RE2JS, decode: Decoder): DecodedView[] {
  const views: DecodedView[] = [];
  const found = runs(pattern, text);
  for (let first = 0; first < found.length; ) {
    let last = first;
    while (last + 1 < found.length && withinReach(text, found[last].end, found[last + 1].start)) last++;
    const start = characterOffset(text, found[first].start, -REACH);
    const end = characterOffset(text, found[last].end, REACH);
    views.push(decodedStretch(text, start, end, found.slice(first, last + 1), decode));
    first = last + 1;
  }
  return views;
}

/** Whether offset `to` is at most REACH characters after `from`; counted only when the units
 *  between leave it open, so each gap is counted at most once. */
function withinReach(text: string, from: number, to: number): boolean {
  return to - from <= REACH || (to - from <= 2 * REACH && characterOffset(text, from, REACH) >= to);
}

/** The offset `characters` code points after `offset` (before it, when negative), within the text. */
function characterOffset(text: string, offset: number, characters: number): number {
  for (let step = 0; step < Math.abs(characters); step++) {
    if (characters > 0 && offset < text.length) offset += pairAt(text, offset) ? 2 : 1;
    else if (characters < 0 && offset > 0) offset -= pairAt(text, offset - 2) ? 2 : 1;
  }
  return offset;
}

/** Whether a surrogate pair (one character, two units) starts at this offset. */
function pairAt(text: string, offset: number): boolean {
  const high = text.charCodeAt(offset);
  const low = text.charCodeAt(offset + 1);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

function decodedStretch(text: string, start: number, end: number, stretchRuns: Run[], decode: Decoder): DecodedView {
  const parts: string[] = [];
  const origin: number[] = [];
  let copied = start;
  for (const run of stretchRuns) {
    parts.push(text.slice(copied, run.start));
    for (let at = copied; at < run.start; at++) origin.push(at);
    for (const [character, at] of decode(run)) {
      parts.push(character);
      for (let unit = 0; unit < character.length; unit++) origin.push(at);
    }
    copied = run.end;
  }
  parts.push(text.slice(copied, end));
  for (let at = copied; at <= end; at++) origin.push(at);
  return { text: parts.join(""), origin, whole: null };
}

/** Each run of base64 that decodes to text (a token wrapped in base64), masked whole if a secret
 *  is found in it; runs that decode to bytes (an image) are not text and are skipped. */
function base64Views(text: string): DecodedView[] {
  const views: DecodedView[] = [];
  for (const run of runs(BASE64_RUN, text)) {
    if (run.text.length > REDACTION_SCAN.longestBase64) continue;
    const bytes = base64Bytes(run.text);
    if (bytes === null) continue;
    const decoded = UTF8.decode(bytes);
    const characters = codePointCount(decoded);
    if (decoded && characters - unprintableCount(decoded) >= REDACTION_SCAN.base64Printable * characters) {
      views.push({ text: decoded, origin: [], whole: [run.start, run.end] });
    }
  }
  return views;
}

/** The bytes of a run, or null where it is not base64: whatever "=" it ends with, the data is
 *  padded here; one data character past a multiple of four holds no whole byte, and the bits
 *  left over past the last whole byte are dropped (as atob drops them). */
function base64Bytes(run: string): Uint8Array | null {
  const data = run.replace(/=+$/, "");
  if (data.length % 4 === 1) return null;
  return Uint8Array.from(atob(data), (character) => character.charCodeAt(0));
}

function codePointCount(text: string): number {
  let count = 0;
  for (let offset = 0; offset < text.length; offset += pairAt(text, offset) ? 2 : 1) count++;
  return count;
}

/** Characters Python's str.isprintable() refuses (categories Other and Separator, but for the
 *  ASCII space), less the line breaks and tabs the daemon counts as text. */
const UNPRINTABLE = /(?![ \t\n\r])[\p{C}\p{Z}]/gu;

function unprintableCount(text: string): number {
  return text.match(UNPRINTABLE)?.length ?? 0;
}
