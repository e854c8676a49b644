// Injected on demand into a page's isolated world (the extension's own view of the DOM, which the
// page's scripts never see) and kept there: the worker calls globalThis.__gasolineCommands.run.
import type { CommandParamsByKind, CommandResultByKind } from "../../generated/ts/messages";
import { accessibilityAudit } from "./page/accessibility";
import { outcome, type PageOutcome } from "./page/failure";
import { click, highlight, type, upload } from "./page/pilot";
import { domQuery, pageInfo } from "./page/queries";
import { readWebStorage, replaceWebStorage } from "./page/web-storage";

type Kind = keyof CommandParamsByKind;
type WholeCommand<K extends Kind> = (params: CommandParamsByKind[K]) => CommandResultByKind[K] | Promise<CommandResultByKind[K]>;

/** The command kinds the page runs whole, from the params as they came to the result as it goes back. */
const wholeCommands = {
  dom_query: domQuery,
  page_info: pageInfo,
  highlight,
  upload,
} satisfies { [K in Kind]?: WholeCommand<K> };

/** Kinds the worker may hand to the page as they are (run.ts's inPageCommand takes only these). */
export type PageCommandKind = keyof typeof wholeCommands;

/** The page's half of commands the worker finishes itself (an action's effects are the worker's). */
const parts: Record<string, (params: any) => unknown> = {
  accessibility_audit: accessibilityAudit,
  click,
  type,
  read_web_storage: readWebStorage,
  replace_web_storage: replaceWebStorage,
};

const commands: Record<string, (params: any) => unknown> = { ...parts, ...wholeCommands };

export interface PageCommands {
  run(kind: string, params: unknown): Promise<PageOutcome<unknown>>;
}

(globalThis as { __gasolineCommands?: PageCommands }).__gasolineCommands = {
  run: (kind, params) => outcome(() => {
    const command = commands[kind];
    if (!command) throw new Error(`no page command ${kind}`);
    return command(params);
  }),
};
