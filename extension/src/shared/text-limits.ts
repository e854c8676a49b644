// Limits on text, in UTF-8 bytes or in UTF-16 code units, cutting only between characters.
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface CutText {
  text: string;
  truncated: boolean;
}

export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair is one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The longest prefix of text that fits in maxBytes of UTF-8. */
export function cutUtf8Text(text: string, maxBytes: number): CutText {
  if (text.length * 3 <= maxBytes) return { text, truncated: false };
  // Every character takes at least one byte, so maxBytes + 1 characters settle the question
  // without encoding a possibly huge string whole.
  const bytes = encoder.encode(text.slice(0, maxBytes + 1));
  if (bytes.length <= maxBytes) return { text, truncated: false };
  let end = maxBytes;
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--; // back off continuation bytes
  return { text: decoder.decode(bytes.subarray(0, end)), truncated: true };
}

/** The longest prefix of text of at most maxChars code units, never half a surrogate pair. */
export function cutChars(text: string, maxChars: number): CutText {
  if (text.length <= maxChars) return { text, truncated: false };
  const lastCode = text.charCodeAt(maxChars - 1);
  const end = lastCode >= 0xd800 && lastCode <= 0xdbff ? maxChars - 1 : maxChars;
  return { text: text.slice(0, end), truncated: true };
}
