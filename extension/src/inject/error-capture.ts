// Uncaught errors and unhandled promise rejections -> exception events.
import type { ExceptionEvent } from "../../../generated/ts/events";
import { isoNow } from "./natives";
import { safely } from "./guard";
import { emit } from "./page-channel";
import { maskPasswords } from "./password-mask";
import { describeValue } from "./serialize";

export function captureErrors(): void {
  window.addEventListener("error", (event) => safely(() => reportError(event)));
  window.addEventListener("unhandledrejection", (event) => safely(() => reportRejection(event)));
}

function reportError(event: ErrorEvent | Event): void {
  if (!(event instanceof ErrorEvent)) return; // failed resource loads are not script errors
  // Chrome prefixes "Uncaught "; the event says that already by its kind.
  const message = event.message.replace(/^Uncaught /, "") || describeValue(event.error);
  const exception = exceptionEvent("error", message, event.error);
  if (event.filename) exception.filename = event.filename;
  if (event.lineno) exception.line = event.lineno;
  if (event.colno) exception.column = event.colno;
  emit(exception);
}

function reportRejection(event: PromiseRejectionEvent): void {
  const reason: unknown = event.reason;
  const message = reason instanceof Error ? `${reason.name}: ${reason.message}` : describeValue(reason);
  emit(exceptionEvent("unhandledrejection", message, reason));
}

function exceptionEvent(kind: ExceptionEvent["kind"], message: string, thrown: unknown): ExceptionEvent {
  const event: ExceptionEvent = { type: "exception", ts: isoNow(), kind, message: maskPasswords(message), url: location.href };
  if (thrown instanceof Error && typeof thrown.stack === "string") event.stack = maskPasswords(thrown.stack);
  return event;
}
