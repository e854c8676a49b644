// Runs one command from the daemon and builds its CommandResult. A command goes to its tab_id,
// otherwise the tracked tab, otherwise the active tab; it fails with tab_gone when that tab
// closes while it runs, and with timeout past its time limit. It never throws.
import type { Command, CommandError, CommandResult } from "../../../../generated/ts/messages";
import { CommandFailure } from "../../page/failure";
import { targetTab } from "../target-tab";
import { accessibilityAudit } from "./accessibility";
import { executeJs } from "./execute-js";
import { inPage } from "./in-page";
import { deleteState, listStates, loadState, saveState } from "./states";
import { navigate, newTab, refresh } from "./tabs";

/** execute_js reports its own timeout (and the debugger path stops the script there): the
 *  command's outer limit waits this much longer, so that report is the one that arrives. */
const SCRIPT_STOP_MS = 1000;

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
    const result = await perform(command, async () => (tabId = await commandTab(command)));
    const url = tabId !== undefined ? (await chrome.tabs.get(tabId).catch(() => undefined))?.url : undefined;
    return done({ status: "ok", result, ...(url ? { url } : {}) });
  } catch (error) {
    return done({ status: "error", error: commandError(error) });
  }
}

function perform(command: Command, tab: () => Promise<number>): Promise<unknown> {
  switch (command.kind) {
    case "new_tab":
      return limited(command, newTab(command.params));
    case "list_states":
      return listStates();
    case "delete_state":
      return deleteState(command.params);
    case "execute_js":
      return tab().then((tabId) => limited(command, executeJs(tabId, command.params), tabId, command.timeout_ms + SCRIPT_STOP_MS));
    default:
      return tab().then((tabId) => limited(command, inTab(command, tabId), tabId));
  }
}

function inTab(command: Command, tabId: number): Promise<unknown> {
  switch (command.kind) {
    case "accessibility_audit":
      return accessibilityAudit(tabId, command.params);
    case "navigate":
      return navigate(tabId, command.params);
    case "refresh":
      return refresh(tabId, command.params);
    case "save_state":
      return saveState(tabId, command.params);
    case "load_state":
      return loadState(tabId, command.params);
    default:
      return inPage(tabId, command.kind, command.params);
  }
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

/** The work, or timeout past the command's limit, or tab_gone when its tab closes first. */
function limited(command: Command, work: Promise<unknown>, tabId?: number, timeoutMs = command.timeout_ms): Promise<unknown> {
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
