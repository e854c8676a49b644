// The accessibility audit: axe-core and page-commands.js injected into the page's isolated world
// (never its globals), results reused per URL and arguments for a11y_cache_seconds.
import type { AccessibilityAuditParams, AccessibilityAuditResult } from "../../../../generated/ts/messages";
import { LIMITS } from "../../../../generated/ts/limits";
import type { AuditOutcome } from "../../page/accessibility";
import { inject, inPage } from "./in-page";

const AXE_FILE = "axe.min.js";
const CACHE_MS = LIMITS.queries.a11y_cache_seconds * 1000;
const recent = new Map<string, { at: number; audit: AuditOutcome }>();

export async function accessibilityAudit(tabId: number, params: AccessibilityAuditParams): Promise<AccessibilityAuditResult> {
  const tab = await chrome.tabs.get(tabId);
  const key = JSON.stringify([tab.url, params.scope ?? null, params.tags ?? null, params.include_passes ?? false]);
  const now = Date.now();
  for (const [old, entry] of recent) if (now - entry.at > CACHE_MS) recent.delete(old);
  const hit = recent.get(key);
  if (hit && !params.force_refresh) return shaped(hit.audit, true, params);
  if (!(await axeLoaded(tabId))) await inject(tabId, AXE_FILE);
  const audit = await inPage<AuditOutcome>(tabId, "accessibility_audit", params);
  recent.set(key, { at: Date.now(), audit });
  return shaped(audit, false, params);
}

/** The audit as asked: with summary_only, each violation without its nodes. */
function shaped(audit: AuditOutcome, cached: boolean, params: AccessibilityAuditParams): AccessibilityAuditResult {
  if (!params.summary_only) return { ...audit, cached };
  return { ...audit, violations: audit.violations.map((found) => ({ ...found, nodes: [] })), cached };
}

async function axeLoaded(tabId: number): Promise<boolean> {
  const [frame] = await chrome.scripting.executeScript({
    target: { tabId },
    world: "ISOLATED",
    func: () => typeof (globalThis as { axe?: unknown }).axe === "object",
  });
  return frame?.result === true;
}
