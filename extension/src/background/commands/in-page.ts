// Runs a command in the page's isolated world, through page-commands.js, injected on first use.
import type { CommandError } from "../../../../generated/ts/messages";
import { CommandFailure, type PageOutcome } from "../../page/failure";

const PAGE_COMMANDS_FILE = "page-commands.js";

export async function inPage<T>(tabId: number, kind: string, params: unknown): Promise<T> {
  let outcome = await callInPage<T>(tabId, kind, params);
  if (outcome === null) {
    await inject(tabId, PAGE_COMMANDS_FILE);
    outcome = await callInPage<T>(tabId, kind, params);
  }
  if (outcome === null) throw new CommandFailure("unsupported", "the page did not take the command");
  if (!outcome.ok) throw failure(outcome.error);
  return outcome.result;
}

export async function inject(tabId: number, file: string): Promise<void> {
  await chrome.scripting.executeScript({ target: { tabId }, world: "ISOLATED", files: [file] });
}

async function callInPage<T>(tabId: number, kind: string, params: unknown): Promise<PageOutcome<T> | null> {
  const [frame] = await chrome.scripting.executeScript({
    target: { tabId },
    world: "ISOLATED",
    // Runs in the page: it may only use its arguments and the page's globals.
    func: (k: string, p: unknown) =>
      (globalThis as { __gasolineCommands?: { run(k: string, p: unknown): Promise<unknown> } }).__gasolineCommands?.run(k, p) ?? null,
    args: [kind, params],
  });
  return (frame?.result ?? null) as PageOutcome<T> | null;
}

function failure(error: CommandError): CommandFailure {
  const thrown = new CommandFailure(error.code, error.message);
  thrown.stack = error.stack;
  return thrown;
}
