// POST /sync: the extension's version, contract version, settings, target tab and drop count,
// and the command channel. One sync is always waiting at the daemon (a long poll) to receive
// commands at once; a change of facts replaces it with a fresh one. Results go back on a sync of
// their own as soon as each command finishes; acknowledgements ride on the next sync. The outcome
// of the last sync, with how the daemon says the two contract versions fit and whether it knows
// this extension as paired, is kept for the popup. An unpaired extension keeps trying (backing
// off); a pairing wakes the loop at once.
import { DAEMON_PATHS } from "../../../generated/ts/daemon-client";
import { LIMITS } from "../../../generated/ts/limits";
import type { Command, CommandResult, RedactedCount, SyncRequest, SyncResponse } from "../../../generated/ts/messages";
import { readDaemonPort } from "../shared/daemon-port";
import { CONNECTION_STATUS_KEY, type ConnectionStatus } from "../shared/messages";
import { runCommand } from "./commands/run";
import { contractVersion, daemonUnreachable, refusedContractVersion } from "./contract-version";
import { postToDaemon, refusedUnpaired } from "./daemon-client";
import { droppedCount } from "./event-queue";
import { retryNow } from "./event-uploader";
import { currentRedactor, masked, putBackMaskedCounts, receiveHandover, takeMaskedCounts } from "./redaction";
import { pairingToken, settings } from "./state";
import { targetTab } from "./target-tab";

/** Changes often come in bursts (a tab switch updates url and title): one sync for the burst. */
const SYNC_DEBOUNCE_MS = 10;
/** Correlation ids already run, so a command handed out again is acknowledged, not run twice. */
const SEEN_LIMIT = 500;

let debounceTimer: ReturnType<typeof setTimeout> | undefined;
let waiting: AbortController | undefined;
/** Ends the loop's backoff early: facts changed (a pairing, a new port), so try now. */
let wake: (() => void) | undefined;
let polling = false;
const acks: string[] = [];
const results: CommandResult[] = [];
const seen = new Set<string>();

/** Facts changed: replace the waiting sync with one that reports them. */
export function requestSync(): void {
  clearTimeout(debounceTimer);
  debounceTimer = setTimeout(() => {
    if (polling) {
      waiting?.abort();
      wake?.();
    } else void keepPolling();
  }, SYNC_DEBOUNCE_MS);
}

/** One sync that does not wait (the popup asks for it to show the connection), with the token
 *  read afresh: the popup may have just paired. */
export function syncNow(): Promise<ConnectionStatus> {
  pairingToken.invalidate();
  return sync(0);
}

/** The long-poll loop: at most one runs; it backs off while the daemon is unreachable. */
export async function keepPolling(): Promise<void> {
  if (polling) return;
  polling = true;
  let retryMs: number = LIMITS.extension.retry_min_ms;
  try {
    for (;;) {
      waiting = new AbortController();
      const status = await sync(LIMITS.extension.poll_wait_ms, waiting.signal);
      if (status.connected || waiting.signal.aborted) {
        retryMs = LIMITS.extension.retry_min_ms;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, retryMs);
      });
      wake = undefined;
      retryMs = Math.min(retryMs * 2, LIMITS.extension.retry_max_ms);
    }
  } finally {
    polling = false;
  }
}

async function sync(waitMs: number, cancel?: AbortSignal): Promise<ConnectionStatus> {
  const [port, current, tab] = await Promise.all([readDaemonPort(), settings.get(), targetTab()]);
  const request: SyncRequest = {
    extension_version: chrome.runtime.getManifest().version,
    settings: current,
    dropped_events: droppedCount(),
    wait_ms: waitMs,
  };
  if (tab) request.tab = tab;
  const version = contractVersion();
  if (version) request.contract_version = version;
  const sentAcks = acks.splice(0);
  const sentResults = results.splice(0);
  const sentCounts = takeMaskedCounts();
  if (sentAcks.length) request.acks = sentAcks;
  if (sentResults.length) request.results = sentResults;
  if (sentCounts.length) request.redacted_count = sentCounts;
  const status: ConnectionStatus = { connected: false, port, checkedAt: new Date().toISOString() };
  try {
    const reply = await postToDaemon(port, DAEMON_PATHS.sync(), request, { waitMs, cancel });
    const answer = reply.body as Partial<SyncResponse> | undefined;
    if (refusedContractVersion(reply, version)) {
      putBack(sentAcks, sentResults, sentCounts);
      return sync(waitMs, cancel); // at once, in the shape that daemon reads
    }
    if (refusedUnpaired(reply)) {
      status.paired = false;
      putBack(sentAcks, sentResults, sentCounts);
    } else if (reply.status === 200 && answer?.service === "gasoline") {
      status.connected = true;
      status.paired = true;
      if (typeof answer.version === "string") status.daemonVersion = answer.version;
      if (answer.contract) status.contract = answer.contract;
      await receiveHandover(answer.redaction);
      receive(answer.commands ?? [], waitMs === 0);
    } else if (reply.status >= 500) {
      putBack(sentAcks, sentResults, sentCounts);
    }
    // Any other answer refused this very request: resending it would be refused again.
  } catch {
    putBack(sentAcks, sentResults, sentCounts); // not reachable (or replaced): they go with the next sync
    if (!cancel?.aborted) daemonUnreachable();
  }
  if (status.connected) retryNow();
  if (!cancel?.aborted) await chrome.storage.session.set({ [CONNECTION_STATUS_KEY]: status });
  return status;
}

function putBack(sentAcks: string[], sentResults: CommandResult[], sentCounts: RedactedCount[]): void {
  acks.unshift(...sentAcks);
  results.unshift(...sentResults);
  putBackMaskedCounts(sentCounts);
}

/** Run each new command; acknowledge every one (again, if it was handed out again). */
function receive(commands: Command[], outsideThePoll: boolean): void {
  for (const command of commands) {
    acks.push(command.correlation_id);
    if (seen.has(command.correlation_id)) continue;
    remember(command.correlation_id);
    void runCommand(command).then(async (result) => {
      results.push(masked(await currentRedactor(), result) ?? withheld(result));
      void sync(0);
    });
  }
  // The loop's next poll carries the acks at once; commands that came another way need one.
  if (commands.length && outsideThePoll) requestSync();
}

/** A result that could not be masked goes back as an error, never raw. */
function withheld(result: CommandResult): CommandResult {
  const error = { code: "redaction_failed" as const, message: "the result could not be masked, so it was withheld" };
  return { correlation_id: result.correlation_id, kind: result.kind, status: "error", error } as CommandResult;
}

function remember(correlationId: string): void {
  seen.add(correlationId);
  if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as string);
}
