// console.debug/log/info/warn/error (and trace, table, dir, dirxml as log) -> console events.
import type { ConsoleEvent } from "../../../generated/ts/events";
import { LIMITS } from "../../../generated/ts/limits";
import { isoNow } from "./natives";
import { cutChars } from "../shared/text-limits";
import { observeMethod } from "./guard";
import { emit } from "./page-channel";
import { maskPasswords } from "./password-mask";
import { formatConsoleArgs } from "./serialize";

const CONSOLE_LEVELS: Record<string, ConsoleEvent["level"]> = {
  debug: "debug",
  log: "log",
  info: "info",
  warn: "warn",
  error: "error",
  trace: "log",
  table: "log",
  dir: "log",
  dirxml: "log",
};

/** V8's stack API, which lib.d.ts does not declare. */
const V8Error = Error as ErrorConstructor & {
  stackTraceLimit: number;
  captureStackTrace(holder: object, boundary: Function): void;
};
const FRAME_LOCATION = /\(?([^\s()]+:\d+:\d+)\)?$/;

/** True while an event is being built, so a getter that logs does not recurse. */
let reporting = false;

export function captureConsole(): void {
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    observeMethod(console, method as keyof Console, {
      after: (_console, args, stackBoundary) => report(level, args, stackBoundary),
    });
  }
}

function report(level: ConsoleEvent["level"], args: unknown[], stackBoundary: Function): void {
  if (reporting) return;
  reporting = true;
  try {
    const message = cutChars(maskPasswords(formatConsoleArgs(args)), LIMITS.capture.console_message_chars);
    const event: ConsoleEvent = { type: "console", ts: isoNow(), level, message: message.text, url: location.href };
    if (message.truncated) event.truncated = true;
    const source = callerSource(stackBoundary);
    if (source) event.source = source;
    emit(event);
  } finally {
    reporting = false;
  }
}

/** The page's call site: the one frame below the console wrapper, captured alone (cheap). */
function callerSource(stackBoundary: Function): string | undefined {
  const holder: { stack?: string } = {};
  const pageLimit = V8Error.stackTraceLimit;
  V8Error.stackTraceLimit = 1;
  try {
    V8Error.captureStackTrace(holder, stackBoundary);
  } finally {
    V8Error.stackTraceLimit = pageLimit;
  }
  const frame = holder.stack?.split("\n")[1]?.trim();
  return frame ? FRAME_LOCATION.exec(frame)?.[1] : undefined;
}
