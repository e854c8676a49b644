// Runs one command from the daemon and builds its CommandResult. A command goes to its tab_id,
// otherwise the tracked tab, otherwise the active tab; it fails with tab_gone when that tab
// closes while it runs, and with timeout past its time limit. It never throws. The actions
// (click, type, navigate, refresh, new_tab) also report what they caused (effects.ts).
import type {
  ActionEffects, ClickResult, Command, CommandError, CommandImplementations, CommandOfKind, CommandParamsByKind,
  CommandResult, CommandResultByKind, TypeTextResult,
} from "../../../../generated/ts/messages";
import type { PageCommandKind } from "../../page-commands";
import { contractVersion } from "../contract-version";
import { CommandFailure } from "../../page/failure";
import type { Acted } from "../../page/pilot";
import { targetTab } from "../target-tab";
import { accessibilityAudit } from "./accessibility";
import { EffectRecorder } from "./effects";
import { executeJs, ScriptTimeout } from "./execute-js";
import { inPage } from "./in-page";
import { deleteState, listStates, loadState, saveState } from "./states";
import { navigate, newTab, refresh } from "./tabs";

/** execute_js reports its own timeout (having stopped the script, or found that it still blocks
 *  the tab): the command's outer limit waits this much longer, so that report is the one that arrives. */
const SCRIPT_STOP_MS = 1000;

/** What an implementation may ask for: the tab the command runs in (resolved when asked for). */
interface Run {
  tab(): Promise<number>;
}

/** Every command kind's implementation; a kind the spec adds fails the type check until it has one. */
const implementations: CommandImplementations<Run> = {
  accessibility_audit: (command, run) => inTab(command, run, (tabId) => accessibilityAudit(tabId, command.params)),
  click: (command, run) =>
    run.tab().then((tabId) =>
      withEffects(command.timeout_ms, tabId, () => inPage<Acted<ClickResult>>(tabId, "click", command.params)),
    ),
  delete_state: (command) => deleteState(command.params),
  dom_query: inPageCommand,
  execute_js: (command, run) =>
    run.tab().then((tabId) => limited(command.timeout_ms + SCRIPT_STOP_MS, executeJs(tabId, command.params), tabId)),
  highlight: inPageCommand,
  list_states: () => listStates(),
  load_state: (command, run) => inTab(command, run, (tabId) => loadState(tabId, command.params)),
  navigate: (command, run) =>
    command.params.wait_for_load === false
      ? inTab(command, run, (tabId) => navigate(tabId, command.params)) // it does not wait, so it reports nothing
      : run.tab().then((tabId) => withEffects(command.timeout_ms, tabId, () => navigate(tabId, command.params))),
  new_tab: (command) => withEffects(command.timeout_ms, undefined, (opened) => newTab(command.params, opened)),
  page_info: inPageCommand,
  refresh: (command, run) => run.tab().then((tabId) => withEffects(command.timeout_ms, tabId, () => refresh(tabId, command.params))),
  save_state: (command, run) => inTab(command, run, (tabId) => saveState(tabId, command.params)),
  type: (command, run) =>
    run.tab().then((tabId) =>
      withEffects(command.timeout_ms, tabId, () => inPage<Acted<TypeTextResult>>(tabId, "type", command.params)),
    ),
  upload: inPageCommand,
};

export async function runCommand(command: Command): Promise<CommandResult> {
  const started = performance.now();
  let tabId: number | undefined;
  const done = (fields: object): CommandResult =>
    ({
      correlation_id: command.correlation_id,
      kind: command.kind,
      ...(tabId !== undefined ? { tab_id: tabId } : {}),
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      ...fields,
    }) as CommandResult;
  try {
    const result = await perform(command.kind, command, { tab: async () => (tabId = await commandTab(command)) });
    const url = tabId !== undefined ? (await chrome.tabs.get(tabId).catch(() => undefined))?.url : undefined;
    return done({ status: "ok", result, ...(url ? { url } : {}) });
  } catch (error) {
    return done({ status: "error", error: commandError(error) });
  }
}

function perform<K extends Command["kind"]>(kind: K, command: CommandOfKind<K>, run: Run): Promise<CommandResultByKind[K]> {
  return implementations[kind](command, run);
}

/** The work of a command in its tab, within the command's time limit. */
function inTab<T>(command: Command, run: Run, work: (tabId: number) => Promise<T>): Promise<T> {
  return run.tab().then((tabId) => limited(command.timeout_ms, work(tabId), tabId));
}

/** A command the page runs whole (page-commands.ts), with its params as they came. */
function inPageCommand<K extends PageCommandKind>(
  command: { kind: K; params: CommandParamsByKind[K]; timeout_ms: number },
  run: Run,
): Promise<CommandResultByKind[K]> {
  return run.tab().then((tabId) =>
    limited(command.timeout_ms, inPage<CommandResultByKind[K]>(tabId, command.kind, command.params), tabId),
  );
}

/** An action with what it caused: recorded from just before it acts until its tab's page settles,
 *  all within timeoutMs. A tab that is not known yet (new_tab) is named through `opened`. */
function withEffects<T extends object>(
  timeoutMs: number,
  tabId: number | undefined,
  act: (opened: (tabId: number) => void) => Promise<T>,
): Promise<T & { effects: ActionEffects }> {
  const deadline = performance.now() + timeoutMs;
  const recorder = new EffectRecorder(tabId);
  const work = act((id) => recorder.bind(id)).then(async (result) => ({ ...result, effects: await recorder.settle(deadline) }));
  return limited(timeoutMs, work, tabId).finally(() => recorder.stop());
}

async function commandTab(command: Command): Promise<number> {
  if (command.tab_id !== undefined) {
    const tab = await chrome.tabs.get(command.tab_id).catch(() => undefined);
    if (!tab) throw new CommandFailure("tab_gone", `tab ${command.tab_id} is closed`);
    return command.tab_id;
  }
  const tab = await targetTab();
  if (!tab) throw new CommandFailure("tab_gone", "there is no tracked or active tab to run the command in");
  return tab.id;
}

/** The work, or timeout past timeoutMs, or tab_gone when its tab closes first. */
function limited<T>(timeoutMs: number, work: Promise<T>, tabId?: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed: ((id: number) => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new CommandFailure("timeout", `the page did not finish within ${timeoutMs} ms`)),
      timeoutMs,
    );
    if (tabId === undefined) return;
    closed = (id) => {
      if (id === tabId) reject(new CommandFailure("tab_gone", `tab ${tabId} was closed while the command ran`));
    };
    chrome.tabs.onRemoved.addListener(closed);
  });
  return Promise.race([work, stop]).finally(() => {
    clearTimeout(timer);
    if (closed) chrome.tabs.onRemoved.removeListener(closed);
  });
}

function commandError(error: unknown): CommandError {
  if (error instanceof ScriptTimeout) {
    // tab_stuck is of contract 1.2: a daemon that predates contract versions (1.0) would refuse it.
    return { code: error.code, message: error.message, ...(contractVersion() ? { tab_stuck: error.tabStuck } : {}) };
  }
  if (error instanceof CommandFailure) {
    return { code: error.code, message: error.message, ...(error.stack && error.code === "script_error" ? { stack: error.stack } : {}) };
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/no tab with id|tab was closed|frame with id 0 was removed/i.test(message)) return { code: "tab_gone", message };
  if (/cannot access|cannot be scripted|extensions gallery|chrome:\/\//i.test(message)) {
    return { code: "unsupported", message: `the browser does not let extensions into this page: ${message}` };
  }
  return { code: "script_error", message };
}
