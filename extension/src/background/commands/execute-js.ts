// execute_js: the script runs in the page's own context (MAIN world), its value JSON-serialized.
// Where the page's Content-Security-Policy forbids evaluating strings, it runs through the
// debugger protocol instead, which also stops it at its time limit. In the page's context a
// script past its limit cannot be stopped by an extension: the call fails with a timeout and
// the page stays busy until the script ends or the tab is reloaded.
import type { ExecuteJsParams, ExecuteJsResult } from "../../../../generated/ts/messages";
import { LIMITS } from "../../../../generated/ts/limits";
import { CommandFailure } from "../../page/failure";

const DEBUGGER_VERSION = "1.3";

type InPageOutcome = { blocked: true } | { ok: true; json: string } | { ok: false; error: string; stack?: string };

interface EvaluateReply {
  result?: { value?: unknown };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

export async function executeJs(tabId: number, params: ExecuteJsParams): Promise<ExecuteJsResult> {
  const timeoutMs = params.timeout_ms ?? LIMITS.timeouts.execute_js_ms;
  const started = performance.now();
  const running = chrome.scripting
    .executeScript({ target: { tabId }, world: "MAIN", func: evaluateInPage, args: [params.script] })
    .then(([frame]) => frame?.result as InPageOutcome | undefined);
  const outcome = await withinTime(
    running,
    timeoutMs,
    `the script ran longer than ${timeoutMs} ms; it keeps the page busy until it ends or the tab is reloaded`,
  );
  if (!outcome) throw new CommandFailure("unsupported", "the page did not run the script");
  if ("blocked" in outcome) return viaDebugger(tabId, params.script, timeoutMs);
  const duration_ms = Math.round(performance.now() - started);
  if (outcome.ok) return { success: true, result: JSON.parse(outcome.json), execution_path: "page_context", duration_ms };
  return { success: false, error: outcome.error, ...(outcome.stack ? { stack: outcome.stack } : {}), execution_path: "page_context", duration_ms };
}

/** Runs in the page (serialized by chrome.scripting): it may use only its argument and the page's globals. */
function evaluateInPage(script: string): InPageOutcome | Promise<InPageOutcome> {
  try {
    new Function("");
  } catch {
    return { blocked: true }; // the page's CSP forbids eval
  }
  const failed = (error: unknown): InPageOutcome =>
    error instanceof Error
      ? { ok: false, error: `${error.name}: ${error.message}`, ...(error.stack ? { stack: error.stack } : {}) }
      : { ok: false, error: String(error) };
  const serialized = (value: unknown): InPageOutcome => {
    try {
      return { ok: true, json: JSON.stringify(value === undefined ? null : value) ?? "null" };
    } catch (error) {
      return { ok: false, error: `the result is not JSON-serializable: ${String(error)}` };
    }
  };
  try {
    return Promise.resolve((0, eval)(script)).then(serialized, failed);
  } catch (error) {
    return failed(error);
  }
}

async function viaDebugger(tabId: number, script: string, timeoutMs: number): Promise<ExecuteJsResult> {
  const target = { tabId };
  const started = performance.now();
  await chrome.debugger.attach(target, DEBUGGER_VERSION);
  try {
    const evaluation = chrome.debugger.sendCommand(target, "Runtime.evaluate", {
      expression: script,
      awaitPromise: true,
      returnByValue: true,
      userGesture: true,
      timeout: timeoutMs, // the browser ends the script there
    }) as Promise<EvaluateReply>;
    const reply = await evaluation.catch((error: unknown) => {
      // A stopped script is reported as "Execution was terminated", or with a promise awaited, an internal error.
      if (/terminated/i.test(String(error)) || performance.now() - started >= timeoutMs) {
        throw new CommandFailure("timeout", `the script ran longer than ${timeoutMs} ms and was stopped`);
      }
      throw error;
    });
    const duration_ms = Math.round(performance.now() - started);
    const thrown = reply.exceptionDetails;
    if (!thrown) return { success: true, result: reply.result?.value ?? null, execution_path: "debugger", duration_ms };
    const stack = thrown.exception?.description ?? thrown.text;
    return { success: false, error: stack.split("\n")[0] ?? thrown.text, stack, execution_path: "debugger", duration_ms };
  } finally {
    await chrome.debugger.detach(target).catch(() => undefined);
  }
}

function withinTime<T>(work: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CommandFailure("timeout", message)), timeoutMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
