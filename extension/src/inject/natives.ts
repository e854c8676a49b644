// Browser functions taken at document_start, before page scripts can replace or fake them
// (test runners fake Date and timers; libraries patch addEventListener).
const NativeDate = Date;
const monotonic = performance.now.bind(performance);

export const setNativeTimeout = window.setTimeout.bind(window);
export const nativeQueueMicrotask = window.queueMicrotask.bind(window);
export const nativeAddEventListener = EventTarget.prototype.addEventListener;
export const nativeDispatchEvent = EventTarget.prototype.dispatchEvent;
export const NativeCustomEvent = CustomEvent;
export const nativeStringify = JSON.stringify;

export function nowMs(): number {
  return NativeDate.now();
}

export function isoNow(): string {
  return new NativeDate().toISOString();
}

/** Starts a stopwatch; the returned function gives whole milliseconds since. */
export function startClock(): () => number {
  const start = monotonic();
  return () => Math.round(monotonic() - start);
}
