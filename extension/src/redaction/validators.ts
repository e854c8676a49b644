// Checks a candidate secret must pass beyond its rule's pattern (`validator` in
// spec/policy/redaction.yaml), so that numbers, words and paths that merely look the part pass.
// A port of the daemon's handwritten/gasoline/safety/validators.py that answers as it does for
// every candidate: Python's string predicates are Unicode-aware and count characters (code
// points), so these do too, and where Python's int() raises on a character, so do these.
import type { RedactionRule } from "../../../generated/ts/redaction";

export type ValidatorName = NonNullable<RedactionRule["validator"]>;

/** Python's str.isdigit: a decimal digit of any script, or one of the other characters with a
 *  digit value (superscripts, circled digits...), for which JavaScript has no property. */
const DIGIT =
  /[\p{Nd}\u00B2\u00B3\u00B9\u1369-\u1371\u19DA\u2070\u2074-\u2079\u2080-\u2089\u2460-\u2468\u2474-\u247C\u2488-\u2490\u24EA\u24F5-\u24FD\u24FF\u2776-\u277E\u2780-\u2788\u278A-\u2792\u{10A40}-\u{10A43}\u{10E60}-\u{10E68}\u{11052}-\u{1105A}\u{1F100}-\u{1F10A}]/u;
const DECIMAL = /\p{Nd}/u;
const ASCII_LETTER = /^[A-Za-z]$/;
/** Python's str.isupper and str.islower of one character (the derived properties, not Lu and Ll). */
const UPPER = /\p{Uppercase}/u;
const LOWER = /\p{Lowercase}/u;

/** The value Python's int(character, base) gives: a decimal digit of any script (each script's
 *  digits 0 to 9 are consecutive code points), or for base 36 an ASCII letter (10 to 35). Any
 *  other character makes int() raise ValueError, and this throw. */
function digitValue(character: string, base: 10 | 36): number {
  const code = character.codePointAt(0) ?? 0;
  if (DECIMAL.test(character)) {
    let zero = code;
    while (DECIMAL.test(String.fromCodePoint(zero - 1))) zero--;
    return (code - zero) % 10;
  }
  if (base === 36 && ASCII_LETTER.test(character)) return parseInt(character, 36);
  throw new Error(`invalid literal for int() with base ${base}: ${JSON.stringify(character)}`);
}

/** The lengths from..to, both included. */
function lengths(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

// Published issuer prefixes (IIN ranges, lowest and highest, of equal length) and the lengths each
// issues: a run of digits that passes the Luhn check but no issuer would print is not a card (a
// millisecond timestamp starts 1, and so does a 19-digit id).
const ISSUERS: readonly (readonly [string, string, readonly number[]])[] = [
  ["4", "4", [13, 16, 19]], // Visa
  ["51", "55", [16]], // Mastercard
  ["2221", "2720", [16]], // Mastercard's 2-series
  ["34", "34", [15]], // American Express
  ["37", "37", [15]],
  ["6011", "6011", lengths(16, 19)], // Discover
  ["644", "649", lengths(16, 19)],
  ["65", "65", lengths(16, 19)],
  ["3528", "3589", lengths(16, 19)], // JCB
  ["300", "305", lengths(14, 19)], // Diners Club
  ["36", "36", lengths(14, 19)],
  ["38", "39", lengths(16, 19)],
  ["62", "62", lengths(16, 19)], // UnionPay
  ["50", "50", lengths(13, 19)], // Maestro
  ["56", "58", lengths(13, 19)],
  ["63", "63", lengths(13, 19)],
  ["67", "67", lengths(13, 19)],
];

function luhn(digits: readonly string[]): boolean {
  let total = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = digitValue(digits[digits.length - 1 - index], 10);
    if (index % 2) digit = digit > 4 ? digit * 2 - 9 : digit * 2;
    total += digit;
  }
  return total % 10 === 0;
}

/** A number an issuer prints: a prefix and length it uses, and the Luhn check. */
function cardNumber(candidate: string): boolean {
  const digits = [...candidate].filter((character) => DIGIT.test(character));
  const issued = ISSUERS.some(([low, high, issuedLengths]) => {
    const prefix = digits.slice(0, low.length).join("");
    return low <= prefix && prefix <= high && issuedLengths.includes(digits.length);
  });
  return issued && luhn(digits);
}

// The length of an IBAN in each country that issues them (the ISO 13616 registry): a run that
// passes the mod-97 check by chance (one in 97: an etag, a hex id) rarely also starts with a
// country code and has its length.
const IBAN_COUNTRIES_BY_LENGTH: Record<number, string> = {
  15: "NO",
  16: "BE",
  18: "DK FI FK FO GL NL SD",
  19: "MK SI",
  20: "AT BA EE KZ LT LU MN XK",
  21: "CH HR LI LV",
  22: "BG BH CR DE GB GE IE ME RS VA",
  23: "AE GI IL IQ OM SO TL",
  24: "AD CZ ES MD PK RO SA SE SK TN VG",
  25: "LY PT ST",
  26: "IS TR",
  27: "BI DJ FR GR IT MC MR SM",
  28: "AL AZ BY CY DO GT HN HU LB NI PL SV",
  29: "BR EG PS QA UA",
  30: "JO KW MU YE",
  31: "MT SC",
  32: "LC",
  33: "RU",
};
const IBAN_LENGTHS = new Map(
  Object.entries(IBAN_COUNTRIES_BY_LENGTH).flatMap(([length, countries]) =>
    countries.split(" ").map((country) => [country, Number(length)] as const),
  ),
);

/** A country's IBAN length, and the mod-97 check; written in groups, with or without the last
 *  group (a pattern cannot tell a word after an IBAN in groups from its last group). */
function iban(candidate: string): boolean {
  return ibanNumber(candidate) || (candidate.includes(" ") && ibanNumber(candidate.slice(0, candidate.lastIndexOf(" "))));
}

function ibanNumber(candidate: string): boolean {
  const compact = [...candidate.replaceAll(" ", "").toUpperCase()];
  if (IBAN_LENGTHS.get(compact.slice(0, 2).join("")) !== compact.length) return false;
  // The number the characters' values spell (letters two digits each), modulo 97, a digit at a time.
  let remainder = 0;
  for (const character of [...compact.slice(4), ...compact.slice(0, 4)]) {
    const value = digitValue(character, 36);
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return remainder === 1;
}

const TOKEN_SYMBOL = /[+/=_\-.~]/;

/** Not a plain word ("Basic authentication"): a digit, a symbol, or a capital after the first letter. */
function tokenLike(candidate: string): boolean {
  return DIGIT.test(candidate) || TOKEN_SYMBOL.test(candidate) || UPPER.test([...candidate].slice(1).join(""));
}

/** Not a file path ("pwd: /home/dana/shop" is a working directory, not a password). */
export function notPath(candidate: string): boolean {
  return !["/", "~/", "./", "../"].some((start) => candidate.startsWith(start));
}

/** Code points Python's str.isprintable() refuses: categories Other and Separator, but for the ASCII space. */
const UNPRINTABLE = /(?! )[\p{C}\p{Z}]/u;
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const BASE64 = /^[A-Za-z0-9+/]*$/;

/** Base64 of user:password (a registry's auth, an .npmrc's _auth): it decodes to printable UTF-8
 *  text with a colon and something after it. */
function base64UserPassword(candidate: string): boolean {
  const data = candidate.replace(/=+$/, "");
  if (!BASE64.test(data) || data.length % 4 === 1) return false; // one character past a multiple of four holds no byte
  let decoded: string;
  try {
    decoded = STRICT_UTF8.decode(Uint8Array.from(atob(data), (character) => character.charCodeAt(0)));
  } catch {
    return false;
  }
  const colon = decoded.indexOf(":");
  return colon >= 0 && colon < decoded.length - 1 && !UNPRINTABLE.test(decoded);
}

const LABEL = /^[A-Za-z][A-Za-z0-9]{0,11}[_.-]/;
const SEPARATORS = /[_.-]/g;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const HEX = /^[0-9a-fA-F]+$/;
// A digest's algorithm before its base64 (integrity="sha384-...", a lockfile's "sha512-..."):
// a hash of a file, not a credential.
const DIGEST_LABEL = /^(?:sha|md|blake)[0-9]*[bs]?$/i;
// Object ids of payment APIs (Stripe's pi_, cus_, ch_...): the shape of a key, but an id names an
// object and grants nothing. A client secret goes on past its id (pi_..._secret_...), so it has
// more than one piece and is still masked.
const OBJECT_ID_LABELS = new Set(
  "acct ba card ch cn cus dp du evt fee file ii il in ipi po pi pm price prod py re req seti si sub tr txn".split(" "),
);

/** Shannon entropy per character, in bits, summed in the order characters first appear. */
function entropy(characters: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let sum = 0;
  for (const count of counts.values()) {
    const share = count / characters.length;
    sum += share * Math.log2(share);
  }
  return -sum;
}

/** A label and then something random (glpat-..., sk_live_..., dp.pt....), the shape most issued
 *  credentials share. What follows the label must look random: hex, or mixed case with digits;
 *  or, in one piece, letters and digits of high entropy. Words joined by separators
 *  (cache-control-max-age-31536000) and UUIDs do not. */
function labeledToken(candidate: string): boolean {
  const label = LABEL.exec(candidate)?.[0] ?? "";
  const word = label.slice(0, -1);
  const body = label ? candidate.slice(label.length) : "";
  const plain = body.replace(SEPARATORS, "");
  const characters = [...plain];
  if (characters.length < 16 || !DIGIT.test(plain) || UUID.test(body)) return false;
  if ((plain === body && OBJECT_ID_LABELS.has(word)) || DIGEST_LABEL.test(word)) return false;
  if (LOWER.test(plain) && UPPER.test(plain)) return true;
  if (plain !== body) return false; // pieces joined by separators: words, or the groups of a UUID or a hash
  if (HEX.test(plain)) return characters.length >= 32; // hex keys are 32 digits and more; ids such as apr_<24 hex> are not keys
  return entropy(characters) >= 3.5;
}

export const VALIDATORS: Record<ValidatorName, (candidate: string) => boolean> = {
  labeled_token: labeledToken,
  card_number: cardNumber,
  iban,
  token_like: tokenLike,
  not_path: notPath,
  base64_user_password: base64UserPassword,
};
