// The extension contract version this extension speaks (spec/contracts.yaml), stated on every
// sync and event batch: the daemon reads the events by it and says in its sync answers how the
// two versions fit. A daemon of the first release (1.0) predates the field and refuses a body with
// a property it does not know, naming it: once one does, syncs and batches go out in the 1.0 shape,
// which it reads as before. A daemon that could not be reached may come back updated, so the
// version is stated again from then on.
import { CONTRACT_VERSIONS } from "../../../generated/ts/contracts";
import type { DaemonReply } from "./daemon-client";

let daemonReadsVersion = true;

/** The contract_version for the next sync or batch; undefined for a daemon that predates it. */
export function contractVersion(): string | undefined {
  return daemonReadsVersion ? CONTRACT_VERSIONS.extension : undefined;
}

/** Whether the daemon refused a body that stated `sent` for its contract_version (a 1.0 daemon):
 *  send it again, and every later one, without. */
export function refusedContractVersion(reply: DaemonReply, sent: string | undefined): boolean {
  if (sent === undefined || reply.status !== 400) return false;
  const message = (reply.body as { message?: unknown } | undefined)?.message;
  if (typeof message !== "string" || !message.includes("contract_version")) return false;
  daemonReadsVersion = false;
  return true;
}

/** The daemon could not be reached: whichever daemon answers next may read the version. */
export function daemonUnreachable(): void {
  daemonReadsVersion = true;
}
