// alert, confirm and prompt -> dialog signals. A dialog blocks the page (and the extension's
// scripts in it) until someone answers it, so it is signalled as it opens, synchronously (see
// page-channel's signalNow), and again once it has been answered. The page's own call is not
// changed: the same function, arguments, result and exceptions.
import { LIMITS } from "../../../generated/ts/limits";
import type { DialogSignal } from "../shared/messages";
import { cutChars } from "../shared/text-limits";
import { observeMethod } from "./guard";
import { signalNow } from "./page-channel";
import { maskPasswords } from "./password-mask";
import { describeValue } from "./serialize";

const DIALOGS: DialogSignal["dialog"][] = ["alert", "confirm", "prompt"];

export function captureDialogs(): void {
  for (const dialog of DIALOGS) {
    observeMethod(window, dialog, {
      before: (_window, args) => signalNow({ phase: "open", dialog, message: messageOf(args[0]) }),
      after: () => signalNow({ phase: "close", dialog, message: "" }),
    });
  }
}

/** The text the dialog shows; an object is described, not converted, so its toString runs once. */
function messageOf(value: unknown): string {
  const text = value === undefined ? "" : typeof value === "object" && value !== null ? describeValue(value) : String(value);
  return cutChars(maskPasswords(text), LIMITS.pilot.effect_text_chars).text;
}
