// Finding elements by selector and describing them, shared by the queries and the pilot actions.
import type { BoundingBox } from "../../../generated/ts/messages";
import { CommandFailure } from "./failure";

export function queryAll(selector: string, root: ParentNode = document): Element[] {
  try {
    return Array.from(root.querySelectorAll(selector));
  } catch {
    throw new CommandFailure("invalid_selector", `'${selector}' is not a valid CSS selector`);
  }
}

/** The first match, or element_not_found. */
export function queryOne(selector: string): Element {
  const [element] = queryAll(selector);
  if (!element) throw new CommandFailure("element_not_found", `no element matches '${selector}'`);
  return element;
}

export function bounds(element: Element): BoundingBox {
  const rect = element.getBoundingClientRect();
  return { x: round(rect.x), y: round(rect.y), width: round(rect.width), height: round(rect.height) };
}

/** Rendered, not hidden by display, visibility or opacity, and of some size. */
export function isVisible(element: Element): boolean {
  if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}

/** The element a person could click or type into: visible and enabled, or element_not_interactable. */
export function interactable(selector: string): HTMLElement {
  const element = queryOne(selector);
  if (!(element instanceof HTMLElement) || !isVisible(element)) {
    throw new CommandFailure("element_not_interactable", `'${selector}' matches an element that is hidden`);
  }
  if (element.matches(":disabled") || element.getAttribute("aria-disabled") === "true") {
    throw new CommandFailure("element_not_interactable", `'${selector}' matches an element that is disabled`);
  }
  return element;
}

/** A selector that finds this element again: its id, else a child path from the nearest id. */
export function selectorOf(element: Element): string {
  const steps: string[] = [];
  for (let node: Element | null = element; node && node !== document.documentElement; node = node.parentElement) {
    if (node === document.body) return ["body", ...steps].join(" > ");
    if (node.id && document.querySelectorAll(`#${CSS.escape(node.id)}`).length === 1) {
      steps.unshift(`#${CSS.escape(node.id)}`);
      return steps.join(" > ");
    }
    const parent: Element | null = node.parentElement;
    const tag = node.tagName.toLowerCase();
    const position = parent ? Array.prototype.indexOf.call(parent.children, node) + 1 : 1;
    steps.unshift(parent && parent.children.length > 1 ? `${tag}:nth-child(${position})` : tag);
  }
  return steps.join(" > ") || "html";
}

export function cut(text: string, limit: number): string {
  return text.length > limit ? text.slice(0, limit) : text;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
