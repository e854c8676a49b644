// Read-only queries: dom_query and page_info (seed 003's query_dom and get_page_info).
import type { DomElement, DomQueryParams, DomQueryResult, PageInfoResult } from "../../../generated/ts/messages";
import { LIMITS } from "../../../generated/ts/limits";
import { bounds, cut, isVisible, queryAll, selectorOf } from "./elements";
import { visibleText } from "./visible-text";

const LAYOUT_STYLES = [
  "display", "position", "width", "height", "margin", "padding", "flex", "grid", "visibility",
  "opacity", "overflow", "z-index", "color", "background-color", "font-size",
];

export function domQuery(params: DomQueryParams): DomQueryResult {
  const limits = LIMITS.queries;
  const matches = queryAll(params.selector);
  const depth = params.include_children ? Math.min(params.max_depth ?? limits.dom_default_depth, limits.dom_max_depth) : 0;
  const styles = params.include_styles ? (params.properties ?? LAYOUT_STYLES) : undefined;
  const text = params.include_hidden ? allText : (element: Element) => visibleText(element, limits.dom_text_chars);
  const returned = matches.slice(0, params.summary_only ? 0 : limits.dom_max_elements).map((element) => ({
    selector: selectorOf(element),
    ...describe(element, depth, { styles, text }),
  }));
  return { url: location.href, title: document.title, matches: returned, matchCount: matches.length, returnedCount: returned.length };
}

/** What each described element shows: the styles asked for, and how its text is read. */
interface Described {
  styles: string[] | undefined;
  text: (element: Element) => string;
}

/** All of an element's text, hidden parts too (include_hidden). */
function allText(element: Element): string {
  return (element.textContent ?? "").replace(/\s+/g, " ").trim();
}

function describe(element: Element, depth: number, how: Described): DomElement {
  const { styles } = how;
  const described: DomElement = {
    tag: element.tagName.toLowerCase(),
    attributes: Object.fromEntries(Array.from(element.attributes, (a) => [a.name, a.value])),
    text: cut(how.text(element), LIMITS.queries.dom_text_chars),
    boundingBox: bounds(element),
    visible: isVisible(element),
  };
  if (styles) {
    const computed = getComputedStyle(element);
    described.styles = Object.fromEntries(styles.map((name) => [name, computed.getPropertyValue(name)]));
  }
  if (depth > 0) {
    const children = Array.from(element.children).slice(0, LIMITS.queries.dom_max_elements);
    described.children = children.map((child) => describe(child, depth - 1, how));
  }
  return described;
}

export function pageInfo(): PageInfoResult {
  const root = document.documentElement;
  return {
    url: location.href,
    title: document.title,
    viewport: { width: window.innerWidth, height: window.innerHeight },
    scroll: { x: window.scrollX, y: window.scrollY },
    documentHeight: Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0),
    forms: Array.from(document.forms, (form) => ({
      ...(form.id ? { id: form.id } : {}),
      action: form.action,
      fields: Array.from(form.elements)
        .map((field) => field.getAttribute("name") || field.id)
        .filter((name) => name !== ""),
    })),
    // The headings a person sees, as they read them: a hidden heading, or its hidden part, is left out.
    headings: Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6"), (h) => visibleText(h)).filter(
      (heading) => heading !== "",
    ),
    links: document.links.length,
    images: document.images.length,
    interactiveElements: document.querySelectorAll("a[href], button, input, select, textarea").length,
  };
}
