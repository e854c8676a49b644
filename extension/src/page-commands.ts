// Injected on demand into a page's isolated world (the extension's own view of the DOM, which the
// page's scripts never see) and kept there: the worker calls globalThis.__gasolineCommands.run.
import { outcome, type PageOutcome } from "./page/failure";
import { accessibilityAudit } from "./page/accessibility";
import { click, highlight, type, upload } from "./page/pilot";
import { domQuery, pageInfo } from "./page/queries";
import { readWebStorage, replaceWebStorage } from "./page/web-storage";

/** Each takes its command's params; the worker only sends params of the matching kind. */
const commands: Record<string, (params: any) => unknown> = {
  dom_query: domQuery,
  page_info: pageInfo,
  accessibility_audit: accessibilityAudit,
  highlight,
  click,
  type,
  upload,
  read_web_storage: readWebStorage,
  replace_web_storage: replaceWebStorage,
};

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
