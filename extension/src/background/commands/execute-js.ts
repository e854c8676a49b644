// execute_js: the script runs in the page's main world through the debugger protocol
// (Runtime.evaluate), attached for that run only: the browser stops a script at its time limit
// there, and a page's Content-Security-Policy does not forbid it. While attached, Chrome shows
// its "started debugging this browser" bar. Where the debugger cannot attach (this extension is
// debugging the tab already, the browser keeps debuggers off the page), the script runs through
// chrome.scripting instead, where nothing can stop it: a timeout then says whether the script
// still blocks the tab. Either way the value is JSON-serialized in the page by `settled`.
import type { ExecuteJsParams, ExecuteJsResult } from "../../../../generated/ts/messages";
import { LIMITS } from "../../../../generated/ts/limits";
import { CommandFailure } from "../../page/failure";

const DEBUGGER_VERSION = "1.3";
/** How long past its limit a stopped script's answer may take to arrive. */
const STOP_REPORT_MS = 300;
/** How long a page that is not blocked takes to run a trivial script. */
const PROBE_MS = 300;

/** A script past its time limit; tabStuck: whether it still blocks the page. */
export class ScriptTimeout extends CommandFailure {
  constructor(
    message: string,
    readonly tabStuck: boolean,
  ) {
    super("timeout", message);
  }
}

type Outcome = { ok: true; json: string } | { ok: false; error: string; stack?: string };
type InPageOutcome = { blocked: true } | Outcome;

interface RemoteObject {
  type: string;
  value?: unknown;
  unserializableValue?: string;
  objectId?: string;
}

interface EvaluateReply {
  result: RemoteObject;
  exceptionDetails?: { exception?: RemoteObject };
}

export async function executeJs(tabId: number, params: ExecuteJsParams): Promise<ExecuteJsResult> {
  const timeoutMs = params.timeout_ms ?? LIMITS.timeouts.execute_js_ms;
  const target = { tabId };
  const refused = await chrome.debugger.attach(target, DEBUGGER_VERSION).then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  if (refused !== undefined) return inPageContext(tabId, params.script, timeoutMs, refused);
  try {
    return await viaDebugger(tabId, params.script, timeoutMs);
  } finally {
    await chrome.debugger.detach(target).catch(() => undefined);
  }
}

/** How a script ended, JSON-serialized: self-contained, since it runs in the page (passed as
 *  source through chrome.scripting, or as a function declaration through the debugger) and in
 *  the worker (a primitive value). In the page, `Error` is the page's own. */
function settled(value: unknown, threw: boolean): Outcome {
  if (threw) {
    return value instanceof Error
      ? { ok: false, error: `${value.name}: ${value.message}`, ...(value.stack ? { stack: value.stack } : {}) }
      : { ok: false, error: String(value) };
  }
  try {
    return { ok: true, json: JSON.stringify(value === undefined ? null : value) ?? "null" };
  } catch (error) {
    return { ok: false, error: `the result is not JSON-serializable: ${String(error)}` };
  }
}

async function viaDebugger(tabId: number, script: string, timeoutMs: number): Promise<ExecuteJsResult> {
  const target = { tabId };
  const started = performance.now();
  const evaluation = chrome.debugger.sendCommand(target, "Runtime.evaluate", {
    expression: script,
    awaitPromise: true,
    userGesture: true,
    timeout: timeoutMs, // the browser stops the script there
  }) as Promise<EvaluateReply>;
  // A stopped script is reported as "Execution was terminated", or with a promise awaited, as an internal error.
  const stopped = (error: unknown) => /terminated/i.test(String(error)) || performance.now() - started >= timeoutMs;
  const reply = await withinTime(evaluation, timeoutMs + STOP_REPORT_MS).catch(async (error: unknown) => {
    if (error instanceof LateWork) {
      const stopReport = evaluation.then(() => false, stopped);
      return timedOut(tabId, timeoutMs, "the browser did not stop it", stopReport);
    }
    if (!(await chrome.tabs.get(tabId).catch(() => undefined))) {
      throw new CommandFailure("tab_gone", `tab ${tabId} was closed while the script ran`);
    }
    if (stopped(error)) throw stoppedInTime(timeoutMs);
    throw error;
  });
  const thrown = reply.exceptionDetails?.exception;
  const outcome = await settledRemote(target, thrown ?? reply.result, thrown !== undefined);
  return asResult(outcome, "debugger", Math.round(performance.now() - started));
}

/** `settled` of a value the debugger holds: in the page for an object, here for a primitive. */
async function settledRemote(target: chrome.debugger.Debuggee, remote: RemoteObject, threw: boolean): Promise<Outcome> {
  if (remote.objectId === undefined) return settled(primitive(remote), threw);
  const reply = (await chrome.debugger.sendCommand(target, "Runtime.callFunctionOn", {
    objectId: remote.objectId,
    functionDeclaration: settled.toString(),
    arguments: [{ objectId: remote.objectId }, { value: threw }],
    returnByValue: true,
  })) as EvaluateReply;
  return reply.result.value as Outcome;
}

function primitive(remote: RemoteObject): unknown {
  const unserializable = remote.unserializableValue;
  if (unserializable === undefined) return remote.value;
  return unserializable.endsWith("n") ? BigInt(unserializable.slice(0, -1)) : Number(unserializable);
}

/** The run where the debugger could not attach (`refused` says why): through chrome.scripting. */
async function inPageContext(tabId: number, script: string, timeoutMs: number, refused: string): Promise<ExecuteJsResult> {
  const started = performance.now();
  const running = chrome.scripting
    .executeScript({ target: { tabId }, world: "MAIN", func: evaluateInPage, args: [script, settled.toString()] })
    .then(([frame]) => frame?.result as InPageOutcome | undefined);
  const outcome = await withinTime(running, timeoutMs).catch((error: unknown) => {
    if (error instanceof LateWork) return timedOut(tabId, timeoutMs, `the debugger could not attach to stop it (${refused})`);
    throw error;
  });
  if (!outcome) throw new CommandFailure("unsupported", "the page did not run the script");
  if ("blocked" in outcome) {
    throw new CommandFailure(
      "csp_blocked",
      `the page's Content-Security-Policy forbids evaluating scripts, and the debugger could not attach: ${refused}`,
    );
  }
  return asResult(outcome, "page_context", Math.round(performance.now() - started));
}

/** Runs in the page (serialized by chrome.scripting): it may use only its arguments and the page's globals. */
function evaluateInPage(script: string, settledSource: string): InPageOutcome | Promise<InPageOutcome> {
  let settle: (value: unknown, threw: boolean) => Outcome;
  try {
    settle = new Function(`return (${settledSource});`)() as typeof settle;
  } catch {
    return { blocked: true }; // the page's CSP forbids eval
  }
  try {
    return Promise.resolve((0, eval)(script)).then(
      (value) => settle(value, false),
      (error: unknown) => settle(error, true),
    );
  } catch (error) {
    return settle(error, true);
  }
}

function asResult(outcome: Outcome, path: ExecuteJsResult["execution_path"], duration_ms: number): ExecuteJsResult {
  if (outcome.ok) return { success: true, result: JSON.parse(outcome.json), execution_path: path, duration_ms };
  return { success: false, error: outcome.error, ...(outcome.stack ? { stack: outcome.stack } : {}), execution_path: path, duration_ms };
}

function stoppedInTime(timeoutMs: number): ScriptTimeout {
  return new ScriptTimeout(`the script ran longer than ${timeoutMs} ms and was stopped; the tab is usable again`, false);
}

/** The failure of a script past its limit: whether it still blocks the tab is whether the page
 *  runs a trivial script at once; `unstopped` says why it was not stopped. On a busy machine the
 *  report of a stop the browser made can trail the page's answer: `stopReport`, when there is one,
 *  says (true) once it arrives that the script was stopped. */
async function timedOut(tabId: number, timeoutMs: number, unstopped: string, stopReport?: Promise<boolean>): Promise<never> {
  const probe = chrome.scripting.executeScript({ target: { tabId }, world: "ISOLATED", func: () => true });
  const answered = await withinTime(probe, PROBE_MS).then(
    () => true,
    (error: unknown) => !(error instanceof LateWork),
  );
  if (answered) {
    if (stopReport && (await withinTime(stopReport, PROBE_MS).catch(() => false))) throw stoppedInTime(timeoutMs);
    throw new ScriptTimeout(`the script did not finish within ${timeoutMs} ms (a promise it awaits has not settled); the tab is not blocked`, false);
  }
  throw new ScriptTimeout(`the script ran longer than ${timeoutMs} ms and still blocks the tab: ${unstopped}`, true);
}

/** The work's end past its time limit. */
class LateWork extends Error {}

function withinTime<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LateWork(`not done within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
