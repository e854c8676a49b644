// AI Web Pilot actions inside the page: highlight, click, type and upload by CSS selector.
import type {
  ClickParams, ClickResult, HighlightParams, HighlightResult, TypeTextParams, TypeTextResult, UploadParams, UploadResult,
} from "../../../generated/ts/messages";
import { LIMITS } from "../../../generated/ts/limits";
import { CommandFailure } from "./failure";
import { bounds, interactable, queryOne } from "./elements";

const HIGHLIGHTER_ID = "gasoline-highlighter";
let highlightTimer: ReturnType<typeof setTimeout> | undefined;

/** Seed 004's overlay: a red frame over the element that never takes a click. */
export function highlight(params: HighlightParams): HighlightResult {
  const element = queryOne(params.selector);
  removeHighlight();
  const box = bounds(element);
  const frame = document.createElement("div");
  frame.id = HIGHLIGHTER_ID;
  Object.assign(frame.style, {
    position: "fixed",
    left: `${box.x}px`,
    top: `${box.y}px`,
    width: `${box.width}px`,
    height: `${box.height}px`,
    border: "4px solid red",
    boxSizing: "border-box",
    zIndex: "2147483647",
    pointerEvents: "none",
  });
  document.documentElement.appendChild(frame);
  highlightTimer = setTimeout(removeHighlight, params.duration_ms ?? LIMITS.pilot.highlight_ms);
  return { success: true, selector: params.selector, bounds: box };
}

function removeHighlight(): void {
  clearTimeout(highlightTimer);
  document.getElementById(HIGHLIGHTER_ID)?.remove();
}

/** What the page reports of an action; the worker adds what it caused (effects). */
export type Acted<T> = Omit<T, "effects">;

/** The element is checked and measured now; the click itself runs in a task of its own, after the
 *  command has answered, since a handler that opens a dialog blocks the page until it is answered. */
export function click(params: ClickParams): Acted<ClickResult> {
  const element = interactable(params.selector);
  element.scrollIntoView({ block: "center", inline: "center" });
  const box = bounds(element);
  const at = { bubbles: true, cancelable: true, composed: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, button: 0 };
  afterAnswering(() => {
    element.dispatchEvent(new PointerEvent("pointerdown", at));
    element.dispatchEvent(new MouseEvent("mousedown", at));
    element.focus({ preventScroll: true });
    element.dispatchEvent(new PointerEvent("pointerup", at));
    element.dispatchEvent(new MouseEvent("mouseup", at));
    element.click();
  });
  return { success: true, selector: params.selector, tag: element.tagName.toLowerCase(), bounds: box };
}

/** Runs work in the page's next task (a message task: a timer would be throttled in a background
 *  tab), once the command's answer has left. */
function afterAnswering(work: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    work();
  };
  channel.port2.postMessage(null);
}

/** Types as a person would: key by key, with input events a framework's change tracking sees.
 *  Enter (submit) is pressed after the command has answered, like click. */
export function type(params: TypeTextParams): Acted<TypeTextResult> {
  const field = interactable(params.selector);
  field.focus();
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    if (field.readOnly) throw new CommandFailure("element_not_interactable", `'${params.selector}' is read-only`);
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
    const write = (value: string) => (setValue ? setValue.call(field, value) : (field.value = value));
    if (params.clear) {
      write("");
      field.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "deleteContentBackward" }));
    }
    for (const character of params.text) {
      const key = { key: character, bubbles: true, cancelable: true };
      field.dispatchEvent(new KeyboardEvent("keydown", key));
      write(field.value + character);
      field.dispatchEvent(new InputEvent("input", { bubbles: true, data: character, inputType: "insertText" }));
      field.dispatchEvent(new KeyboardEvent("keyup", key));
    }
    field.dispatchEvent(new Event("change", { bubbles: true }));
  } else if (field.isContentEditable) {
    if (params.clear) field.textContent = "";
    document.execCommand("insertText", false, params.text);
  } else {
    throw new CommandFailure("element_not_interactable", `'${params.selector}' is not a text field`);
  }
  if (params.submit) afterAnswering(() => submit(field));
  const value = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : (field.textContent ?? "");
  return { success: true, selector: params.selector, value_length: value.length };
}

/** Enter in a field: the key events, then the form's implicit submission unless a handler prevented it. */
function submit(field: HTMLElement): void {
  const enter = { key: "Enter", code: "Enter", keyCode: 13, bubbles: true, cancelable: true };
  const proceed = field.dispatchEvent(new KeyboardEvent("keydown", enter));
  field.dispatchEvent(new KeyboardEvent("keyup", enter));
  const form = (field as HTMLInputElement).form;
  if (proceed && form) form.requestSubmit();
}

export function upload(params: UploadParams): UploadResult {
  const input = queryOne(params.selector);
  if (!(input instanceof HTMLInputElement) || input.type !== "file") {
    throw new CommandFailure("element_not_interactable", `'${params.selector}' is not a file input`);
  }
  if (input.disabled) throw new CommandFailure("element_not_interactable", `'${params.selector}' is disabled`);
  const bytes = Uint8Array.from(atob(params.content_base64), (c) => c.charCodeAt(0));
  const file = new File([bytes], params.file_name, { type: params.mime_type });
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
  return { success: true, selector: params.selector, file_name: file.name, size_bytes: file.size, mime_type: file.type };
}
