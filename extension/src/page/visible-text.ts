// The text of an element as a person sees it. What the page hides from people (display:none,
// visibility:hidden, opacity 0, aria-hidden, boxes off-screen, of no size or clipped away, text of
// no size or no colour) is left out: a model reading the page must not take in words nobody sees,
// which is where a page would hide instructions meant for it.

/** The element's text, white space collapsed, as far as a person can see it; at most `limit` characters. */
export function visibleText(root: Element, limit = Number.POSITIVE_INFINITY): string {
  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (element: Element): CSSStyleDeclaration => {
    let found = styles.get(element);
    if (!found) styles.set(element, (found = getComputedStyle(element)));
    return found;
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      if (node instanceof Element) return hidesItsContent(node, style(node)) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  if (hidesItsContent(root, style(root))) return "";
  let text = "";
  for (let node = walker.nextNode(); node && text.length <= limit + 1; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !shows(node as Text, style(parent))) continue;
    const piece = (node.nodeValue ?? "").replace(/\s+/g, " ");
    text += text.endsWith(" ") && piece.startsWith(" ") ? piece.slice(1) : piece;
  }
  const collapsed = text.trim();
  return collapsed.length > limit ? collapsed.slice(0, limit) : collapsed;
}

/** Whether nothing inside the element can be seen, whatever its descendants' own styles say. */
function hidesItsContent(element: Element, style: CSSStyleDeclaration): boolean {
  if (element.getAttribute("aria-hidden") === "true") return true;
  if (!element.checkVisibility()) return true; // display:none here or above, content-visibility:hidden above
  if (Number.parseFloat(style.opacity) === 0) return true;
  if (clippedAway(style)) return true;
  if (element.getClientRects().length === 0) return false; // display:contents: no box of its own
  const box = element.getBoundingClientRect();
  const clipsOverflow = /hidden|clip/.test(style.overflowX) || /hidden|clip/.test(style.overflowY);
  if (clipsOverflow && (box.width <= 1 || box.height <= 1)) return true;
  return offScreen(box);
}

/** clip: rect(...) of no area on a positioned box, or a clip-path inset by half or more. */
function clippedAway(style: CSSStyleDeclaration): boolean {
  const clip = /^rect\(([^)]*)\)$/.exec(style.clip);
  if (clip && style.position !== "static" && style.position !== "relative") {
    const [top, right, bottom, left] = clip[1].split(/[\s,]+/).map((part) => Number.parseFloat(part) || 0);
    if (right - left <= 1 || bottom - top <= 1) return true;
  }
  const inset = /^inset\(\s*([\d.]+)%/.exec(style.clipPath);
  return inset !== null && Number.parseFloat(inset[1]) >= 50;
}

/** Whether a text node is drawn where a person can see it: visible, of some size and colour, on the page. */
function shows(node: Text, style: CSSStyleDeclaration): boolean {
  if (!/\S/.test(node.nodeValue ?? "")) return true; // white space: kept as a separator
  if (style.visibility !== "visible" || Number.parseFloat(style.fontSize) === 0) return false;
  if (/^rgba\(.*,\s*0\)$/.test(style.color) || style.color === "transparent") return false;
  const range = document.createRange();
  range.selectNodeContents(node);
  const box = range.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && !offScreen(box);
}

/** Entirely above or left of the page's origin, where no scrolling brings it. */
function offScreen(box: DOMRect): boolean {
  return box.right + window.scrollX <= 0 || box.bottom + window.scrollY <= 0;
}
