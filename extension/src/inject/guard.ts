// Capture code must never break the page: whatever it throws is swallowed here, and the page's
// own calls pass straight through to the originals.

export function safely(work: () => void): void {
  try {
    work();
  } catch {
    // A capture failure is not the page's problem.
  }
}

export function attempt<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}

/** Runs around a call; stackBoundary is the Proxy trap, for hooks that look at the caller's stack. */
type Hook<T> = (self: T, args: unknown[], stackBoundary: Function) => void;

/**
 * Replaces owner[name] with a Proxy of the original method, so name, length, toString and the
 * return value or exception are the original's; before runs ahead of the call, after only once
 * it returned.
 */
export function observeMethod<T extends object>(
  owner: T,
  name: keyof T & string,
  hooks: { before?: Hook<T>; after?: Hook<T> },
): void {
  const original: unknown = Reflect.get(owner, name);
  if (typeof original !== "function") return;
  const { before, after } = hooks;
  const apply = (target: Function, thisArg: T, args: unknown[]): unknown => {
    if (before) safely(() => before(thisArg, args, apply));
    const result: unknown = Reflect.apply(target, thisArg, args);
    if (after) safely(() => after(thisArg, args, apply));
    return result;
  };
  Reflect.set(owner, name, new Proxy(original, { apply }));
}
