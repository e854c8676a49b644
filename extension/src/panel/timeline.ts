// The conversation as the person reads it: each event of the session's log becomes (or updates) an
// element of the timeline. Questions and answers (streamed as they come), evidence cards that open
// to their redacted detail, tool calls and their results, approval prompts with Approve and Deny,
// notices, agent_watch's envelopes, and for every answer "What the model saw": the exact redacted
// requests that went to the provider. Text is set as text, never as HTML.
import type {
  AgentContextEnvelope,
  Approval,
  EvidenceCard,
  ProviderRequest,
  SessionEvent,
  SessionNotice,
  SessionToolCall,
  SessionToolResult,
} from "../../../generated/ts/messages";

type Children = (Node | string | undefined)[];

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  children: Children = [],
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "class") element.className = value;
    else element.setAttribute(name, value);
  }
  for (const child of children) if (child !== undefined) element.append(child);
  return element;
}

function details(summary: Children, body: Children, className: string): HTMLDetailsElement {
  return el("details", { class: className }, [el("summary", {}, summary), ...body]);
}

function pre(text: string): HTMLPreElement {
  return el("pre", {}, [text]);
}

function when(at: string): string {
  return new Date(at).toLocaleTimeString();
}

function masksIn(request: ProviderRequest): string {
  const count = request.redaction.redacted_count;
  return `${count} secret${count === 1 ? "" : "s"} masked`;
}

export interface TimelineActions {
  decide(approval: Approval, decision: "approve" | "deny"): Promise<void>;
}

/** The timeline of one session; `apply` takes its events in order (a replay, then the stream). */
export class Timeline {
  private readonly drafts = new Map<number, HTMLElement>(); // turn -> its answer as it streams
  private readonly requests = new Map<number, ProviderRequest[]>(); // turn -> what went to the model
  private readonly tools = new Map<string, HTMLElement>(); // call id -> its card
  private readonly approvals = new Map<string, HTMLElement>(); // request id -> its prompt
  private readonly working = new Map<number, HTMLElement>(); // turn -> its "working" line
  readonly pending = new Set<string>(); // approval requests waiting for the person

  constructor(
    private readonly list: HTMLElement,
    private readonly actions: TimelineActions,
  ) {}

  clear(): void {
    this.list.replaceChildren();
    for (const map of [this.drafts, this.requests, this.tools, this.approvals, this.working]) map.clear();
    this.pending.clear();
  }

  apply(event: SessionEvent): void {
    if (event.message) this.message(event);
    else if (event.delta !== undefined) this.delta(event.turn, event.delta);
    else if (event.evidence) this.add(this.evidence(event.evidence));
    else if (event.tool_call) this.toolCall(event.tool_call);
    else if (event.tool_result) this.toolResult(event.tool_result);
    else if (event.approval) this.approval(event.approval);
    else if (event.provider_request) this.providerRequest(event.turn, event.provider_request);
    else if (event.watch) this.add(this.watch(event.watch));
    else if (event.notice) this.add(this.notice(event.notice));
    else if (event.turn_state) this.turnState(event);
  }

  /** Add to the end; a turn's "working" line stays last while the turn runs. */
  private add(element: HTMLElement): void {
    this.list.append(element, ...this.working.values());
    element.scrollIntoView?.({ block: "end" });
  }

  private message(event: SessionEvent): void {
    const message = event.message!;
    if (message.role === "user") {
      this.add(el("article", { class: "msg user", "aria-label": "You asked" }, [el("p", {}, [message.text])]));
      return;
    }
    const answer = this.draft(event.turn);
    answer.setAttribute("aria-busy", "false");
    answer.querySelector(".text")!.textContent = message.text;
    const model = `${message.provider ?? "model"}/${message.model ?? ""}`.replace(/\/$/, "");
    answer.querySelector(".who")!.textContent = `Answer from ${model}, ${when(event.at)}`;
    const sent = this.requests.get(event.turn) ?? [];
    if (sent.length) answer.append(this.modelSaw(sent));
    this.drafts.delete(event.turn);
  }

  private draft(turn: number): HTMLElement {
    let answer = this.drafts.get(turn);
    if (!answer) {
      answer = el("article", { class: "msg assistant", "aria-busy": "true", "aria-label": "Answer" }, [
        el("p", { class: "who" }, ["Answering…"]),
        el("p", { class: "text" }),
      ]);
      this.drafts.set(turn, answer);
      this.add(answer);
    }
    return answer;
  }

  private delta(turn: number, text: string): void {
    const target = this.draft(turn).querySelector(".text")!;
    target.textContent = (target.textContent ?? "") + text;
  }

  /** The exact redacted requests of a turn, as the provider received them. */
  private modelSaw(sent: ProviderRequest[]): HTMLElement {
    const masks = sent.reduce((total, request) => total + request.redaction.redacted_count, 0);
    const summary = `What the model saw (${sent.length} request${sent.length === 1 ? "" : "s"}, ${masks} secrets masked)`;
    return details([summary], sent.map((request) => pre(JSON.stringify(request, null, 2))), "model-saw");
  }

  private evidence(card: EvidenceCard): HTMLElement {
    const lines = el("ul", {}, card.lines.map((line) => el("li", {}, [line])));
    const detail = card.detail ? details(["Detail (redacted)"], [pre(JSON.stringify(card.detail, null, 2))], "detail") : undefined;
    return details(
      [el("span", { class: "kind" }, [card.title]), ` ${card.summary}`],
      [card.lines.length ? lines : el("p", {}, ["Nothing."]), detail],
      `card evidence ${card.kind}`,
    );
  }

  private toolCall(call: SessionToolCall): void {
    const mode = String(call.arguments.what ?? call.arguments.action ?? "");
    const card = el("section", { class: "card tool", "aria-label": `Tool call ${call.tool} ${mode}` }, [
      el("p", { class: "head" }, [
        el("span", { class: "kind" }, ["Tool"]),
        ` ${call.tool}(${mode})`,
        call.mutation ? el("span", { class: `badge ${call.mutation}` }, [call.mutation.replace("_", "-")]) : undefined,
      ]),
      el("code", { class: "arguments" }, [JSON.stringify(call.arguments)]),
      el("p", { class: "outcome" }, ["running…"]),
    ]);
    this.tools.set(call.call_id, card);
    this.add(card);
  }

  private toolResult(result: SessionToolResult): void {
    const card = this.tools.get(result.call_id);
    if (!card) return;
    const outcome = result.ok ? "done" : `refused: ${result.error_code ?? "error"}`;
    card.classList.toggle("failed", !result.ok);
    card.querySelector(".outcome")!.replaceWith(details([outcome], [pre(result.text)], "outcome"));
  }

  private approval(approval: Approval): void {
    const known = this.approvals.get(approval.request_id);
    if (known) {
      this.decided(known, approval);
      return;
    }
    const heading = `approval-${approval.request_id}`;
    const prompt = el("section", { class: "card approval", role: "group", "aria-labelledby": heading }, [
      el("h2", { id: heading }, ["Approval needed"]),
      el("p", { class: "summary" }, [approval.summary]),
      el("dl", {}, [
        el("dt", {}, ["Action"]),
        el("dd", {}, [`${approval.tool}/${approval.mode} (${approval.mutation})`]),
        el("dt", {}, ["Scope"]),
        el("dd", {}, [approval.scope]),
        el("dt", {}, ["Expires"]),
        el("dd", {}, [when(approval.expires_at)]),
      ]),
      el("p", { class: "decision", "aria-live": "polite" }, [approval.status]),
    ]);
    this.approvals.set(approval.request_id, prompt);
    if (approval.status === "pending") {
      this.pending.add(approval.request_id);
      const approve = el("button", { type: "button", class: "approve" }, ["Approve"]);
      const deny = el("button", { type: "button", class: "deny" }, ["Deny"]);
      const decide = (decision: "approve" | "deny") => {
        approve.disabled = deny.disabled = true;
        this.actions.decide(approval, decision).catch(() => (approve.disabled = deny.disabled = false));
      };
      approve.addEventListener("click", () => decide("approve"));
      deny.addEventListener("click", () => decide("deny"));
      prompt.append(el("div", { class: "buttons" }, [approve, deny]));
    } else {
      this.decided(prompt, approval);
    }
    this.add(prompt);
  }

  /** Show a decision on its prompt (from the stream, or from the panel's own click). */
  decided(prompt: HTMLElement, approval: Approval): void {
    if (approval.status === "pending") return;
    this.pending.delete(approval.request_id);
    prompt.querySelector(".buttons")?.remove();
    prompt.classList.add(approval.status);
    prompt.querySelector(".decision")!.textContent = approval.status;
  }

  prompt(requestId: string): HTMLElement | undefined {
    return this.approvals.get(requestId);
  }

  private providerRequest(turn: number, request: ProviderRequest): void {
    this.requests.set(turn, [...(this.requests.get(turn) ?? []), request]);
    const line = this.working.get(turn);
    if (line) line.textContent = `Asking ${request.provider}/${request.model} (${masksIn(request)})…`;
  }

  private watch(envelope: AgentContextEnvelope): HTMLElement {
    const lines = [...envelope.evidence.errors, ...envelope.evidence.network, ...envelope.evidence.actions];
    return details(
      [el("span", { class: "kind" }, ["agent_watch"]), ` ${envelope.summary}`],
      [el("ul", {}, lines.map((line) => el("li", {}, [line]))), el("p", { class: "muted" }, [
        `${envelope.redaction.redacted_count} secrets masked · policy ${envelope.redaction.policy_version}`,
      ])],
      "card watch",
    );
  }

  private notice(notice: SessionNotice): HTMLElement {
    return el("p", { class: `notice ${notice.level}`, role: notice.level === "error" ? "alert" : "status" }, [notice.text]);
  }

  private turnState(event: SessionEvent): void {
    const state = event.turn_state!;
    if (state.state === "started") {
      const line = el("p", { class: "working", role: "status" }, [state.trigger === "watch" ? "agent_watch is looking…" : "Gathering evidence…"]);
      this.add(line);
      this.working.set(event.turn, line);
      return;
    }
    this.working.get(event.turn)?.remove();
    this.working.delete(event.turn);
    const draft = this.drafts.get(event.turn);
    if (draft) draft.setAttribute("aria-busy", "false");
  }
}
