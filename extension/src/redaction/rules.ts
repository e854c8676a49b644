// The policy's free-text rules, compiled for the worker: each runs on re2js (RE2 in JavaScript),
// so its time is linear in the text whatever the pattern, as on the daemon's RE2. The rules are
// applied exactly as the daemon applies them (handwritten/gasoline/safety/redaction.py): a leading
// \b checked by hand (it also holds after _ and after a string escape such as \n), case-insensitive
// rules on an ASCII-lowercased copy, anchors looked for first, the secret in the first group that
// took part, validators within a budget per text. Offsets are the JavaScript string's.
import { RE2JS, type Matcher } from "re2js";
import { REDACTION_SCAN, type RedactionRule } from "../../../generated/ts/redaction";
import { utf8ByteLength } from "../shared/text-limits";
import { VALIDATORS } from "./validators";

/** A text and the copies of it that rules scan, each made once and only when a rule asks. */
export class TextViews {
  private loweredText?: string;
  private shapeText?: string;

  constructor(readonly text: string) {}

  /** ASCII letters in lower case, everything else as it is (what case-insensitive rules scan). */
  get lowered(): string {
    this.loweredText ??= this.text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
    return this.loweredText;
  }

  /** A digit reads 0, a capital letter A, a small letter or _ a, anything else a space, after one
   *  space that stands for the start of the text (shape anchors such as " 0000" are looked for here). */
  get shape(): string {
    this.shapeText ??= " " + this.text.replace(/[0-9]|[A-Z]|[a-z_]|[^0-9A-Za-z_]+/g, shapeOf);
    return this.shapeText;
  }
}

function shapeOf(run: string): string {
  if (run.length > 1) return " ".repeat(run.length);
  if (run >= "0" && run <= "9") return "0";
  if (run >= "A" && run <= "Z") return "A";
  return run === "_" || (run >= "a" && run <= "z") ? "a" : " ";
}

const WORD_CHARACTER = /^[\p{L}\p{N}_]$/u;
/** A string escape ending right where a word would begin (\n, \t, \u0022), itself not escaped. */
const ESCAPE_BEFORE = /(?<!\\)\\(?:[bfnrt]|u[0-9A-Fa-f]{4})$/;
const NOT_ASCII_WORD = /[^0-9A-Za-z_]/g;

/** Whether a word goes on before this offset, so a rule's leading \b fails there: a letter or a
 *  digit (any script) does; _ does not (creds_ghp_...), nor the letter of an escape (\n, \u0022). */
export function wordBefore(text: string, offset: number): boolean {
  if (offset === 0) return false;
  const before = String.fromCodePoint(text.codePointAt(characterStart(text, offset - 1)) ?? 0x20);
  if (before === "_" || !WORD_CHARACTER.test(before)) return false;
  return !ESCAPE_BEFORE.test(text.slice(Math.max(offset - 7, 0), offset));
}

function characterStart(text: string, offset: number): number {
  const unit = text.charCodeAt(offset);
  const high = offset > 0 ? text.charCodeAt(offset - 1) : 0;
  return unit >= 0xdc00 && unit <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? offset - 1 : offset;
}

/** The offset of the character after the one that starts at `offset`. */
function nextCharacter(text: string, offset: number): number {
  const code = text.codePointAt(offset) ?? 0;
  return offset + (code > 0xffff ? 2 : 1);
}

/** One rule, ready to scan: its pattern without a leading \b (checked by hand). */
export class CompiledRule {
  readonly wordStart: boolean;
  readonly pattern: string;
  private readonly regex: RE2JS;
  /** Matches wherever the rule might, with far fewer states for the DFA. */
  private readonly quick: RE2JS;
  private readonly validator: ((candidate: string) => boolean) | null;

  constructor(readonly rule: RedactionRule) {
    this.wordStart = rule.pattern.startsWith("\\b");
    this.pattern = this.wordStart ? rule.pattern.slice(2) : rule.pattern;
    this.regex = RE2JS.compile(this.pattern);
    this.quick = RE2JS.compile(loosened(this.pattern));
    this.validator = rule.validator ? VALIDATORS[rule.validator] : null;
  }

  get lowered(): boolean {
    return this.rule.flags.includes("i");
  }

  /** A quick test that rules out texts without the rule's anchors. */
  mayMatch(views: TextViews): boolean {
    if (this.rule.anchors.length === 0) return true;
    const subject = this.rule.shape ? views.shape : this.lowered ? views.lowered : views.text;
    return this.rule.anchors.some((anchor) => subject.includes(anchor));
  }

  /** The [start, end) of each secret the rule finds, leftmost first. Past the validator budget
   *  (which grows with the text), candidates are masked unchecked: a text crowded with candidates
   *  fails closed, fast. */
  *secrets(views: TextViews): Generator<[number, number]> {
    const subject = this.lowered ? views.lowered : views.text;
    // Whether it might match at all runs on re2js's DFA, many times faster than finding where
    // (most texts a rule is tried on hold nothing for it).
    if (!this.quick.test(subject)) return;
    let checks = REDACTION_SCAN.checksPerText + Math.floor(utf8ByteLength(subject) / REDACTION_SCAN.bytesPerCheck);
    const matcher = this.regex.matcher(subject);
    let position = 0;
    while (position <= subject.length && matcher.find(position)) {
      const start = matcher.start();
      if (this.wordStart && wordBefore(views.text, start)) {
        // No match can start before the word ends.
        NOT_ASCII_WORD.lastIndex = start;
        const boundary = NOT_ASCII_WORD.exec(subject);
        position = boundary ? boundary.index + 1 : subject.length + 1;
        continue;
      }
      let span = this.secretSpan(matcher);
      if (span && this.validator && checks > 0) {
        checks--;
        if (!this.validator(views.text.slice(span[0], span[1]))) span = null;
      }
      if (span) {
        position = matcher.end();
        yield span;
      } else {
        position = nextCharacter(subject, start);
      }
    }
  }

  /** The secret's span: in the first of the rule's groups that took part, if not empty. */
  private secretSpan(matcher: Matcher): [number, number] | null {
    for (const group of this.rule.secretGroups) {
      const start = matcher.start(group);
      if (start < 0) continue;
      const end = matcher.end(group);
      return start === end ? null : [start, end];
    }
    return null;
  }
}

const COUNTED = /\{([0-9]+)(?:,[0-9]*)?\}/g;

/** X{60} and X{20,99} as X{8,}: it matches wherever they do, and keeps the automaton small. */
function loosened(pattern: string): string {
  return pattern.replace(COUNTED, (_, least: string) => `{${Math.min(Number(least), 8)},}`);
}

/** One pattern that matches wherever any rule might (validators and the leading \b aside): a text
 *  it finds nothing in is clean. Null when it cannot be compiled: each rule then runs on its own. */
export function anyRule(rules: readonly CompiledRule[]): RE2JS | null {
  if (rules.length === 0) return null;
  const parts = rules.map((compiled) => (compiled.lowered ? `(?i:${loosened(compiled.pattern)})` : `(?:${loosened(compiled.pattern)})`));
  try {
    return RE2JS.compile(parts.join("|"));
  } catch {
    return null;
  }
}
