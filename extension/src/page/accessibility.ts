// The accessibility audit: axe-core (injected into this isolated world just before) run over the
// page or a part of it, its outcome cut to what an assistant can use.
import type { AxeResults, NodeResult, Result, RunOptions } from "axe-core";
import type {
  AccessibilityAuditParams, AccessibilityAuditResult, AccessibilityNode, AccessibilityViolation,
} from "../../../generated/ts/messages";
import { LIMITS } from "../../../generated/ts/limits";
import { CommandFailure } from "./failure";
import { cut, queryAll } from "./elements";

declare const axe: { run(context: Element | Document, options: RunOptions): Promise<AxeResults> };

const IMPACT_ORDER = ["critical", "serious", "moderate", "minor"] as const;

export type AuditOutcome = Omit<AccessibilityAuditResult, "cached">;

export async function accessibilityAudit(params: AccessibilityAuditParams): Promise<AuditOutcome> {
  let context: Element | Document = document;
  if (params.scope !== undefined) {
    const [scope] = queryAll(params.scope);
    if (!scope) throw new CommandFailure("element_not_found", `no element matches the scope '${params.scope}'`);
    context = scope;
  }
  const options: RunOptions = params.include_passes ? {} : { resultTypes: ["violations"] };
  if (params.tags) options.runOnly = { type: "tag", values: params.tags };
  const results = await axe.run(context, options);
  const audit: AuditOutcome = {
    url: results.url,
    timestamp: results.timestamp,
    summary: {
      violations: results.violations.length,
      passes: results.passes.length,
      incomplete: results.incomplete.length,
      inapplicable: results.inapplicable.length,
    },
    violations: results.violations.map(violation).sort((a, b) => rank(a.impact) - rank(b.impact)),
  };
  if (params.include_passes) audit.passes = results.passes.map((rule) => ({ id: rule.id, description: rule.description }));
  return audit;
}

function violation(rule: Result): AccessibilityViolation {
  return {
    id: rule.id,
    impact: rule.impact ?? "minor",
    description: rule.description,
    helpUrl: rule.helpUrl,
    wcag: rule.tags.filter((tag) => tag.startsWith("wcag")).map(criterion),
    nodeCount: rule.nodes.length,
    nodes: rule.nodes.slice(0, LIMITS.queries.a11y_max_nodes).map((node) => failingNode(rule, node)),
  };
}

function failingNode(rule: Result, node: NodeResult): AccessibilityNode {
  return {
    selector: node.target.map((part) => (Array.isArray(part) ? part.join(" >>> ") : String(part))).join(" >>> "),
    html: cut(node.html, LIMITS.queries.a11y_html_chars),
    ...(node.failureSummary ? { failureSummary: node.failureSummary } : {}),
    fix: fixHint(rule, node),
  };
}

/** What to change: the contrast numbers for color-contrast, otherwise the rule's requirement and the first failed check. */
function fixHint(rule: Result, node: NodeResult): string {
  const checks = [...node.any, ...node.all, ...node.none];
  const contrast = checks.find((check) => check.id === "color-contrast")?.data as
    | { fgColor?: string; bgColor?: string; expectedContrastRatio?: string; contrastRatio?: number }
    | undefined;
  if (contrast?.fgColor && contrast.bgColor && contrast.expectedContrastRatio) {
    return `Change the text color ${contrast.fgColor} or the background ${contrast.bgColor} to reach a contrast ratio of ${contrast.expectedContrastRatio} (now ${contrast.contrastRatio ?? "lower"}).`;
  }
  const first = checks.find((check) => check.message)?.message;
  return first ? `${rule.help}: ${first}` : rule.help;
}

/** "wcag143" is success criterion 1.4.3; level tags such as "wcag2aa" stay as they are. */
function criterion(tag: string): string {
  const match = /^wcag(\d)(\d)(\d+)$/.exec(tag);
  return match ? `${match[1]}.${match[2]}.${match[3]}` : tag;
}

function rank(impact: string): number {
  const index = IMPACT_ORDER.indexOf(impact as (typeof IMPACT_ORDER)[number]);
  return index < 0 ? IMPACT_ORDER.length : index;
}
