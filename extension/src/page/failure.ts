// A command that cannot be carried out in the page, with the CommandError code that says why.
import type { CommandError } from "../../../generated/ts/messages";

export class CommandFailure extends Error {
  constructor(
    readonly code: CommandError["code"],
    message: string,
  ) {
    super(message);
  }
}

export type PageOutcome<T> = { ok: true; result: T } | { ok: false; error: CommandError };

/** What crosses back to the worker: a result, or the error (structured-cloneable either way). */
export async function outcome<T>(work: () => T | Promise<T>): Promise<PageOutcome<T>> {
  try {
    return { ok: true, result: await work() };
  } catch (error) {
    if (error instanceof CommandFailure) return { ok: false, error: { code: error.code, message: error.message } };
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { ok: false, error: { code: "script_error", message, ...(error instanceof Error && error.stack ? { stack: error.stack } : {}) } };
  }
}
