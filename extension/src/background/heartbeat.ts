// Keeps the daemon informed and the worker awake. Chrome stops an MV3 worker after ~30 s
// without extension API calls (fetch and timers do not count), so every sync_interval_ms the
// heartbeat makes one and syncs; the alarm wakes a worker that was stopped anyway.
import { LIMITS } from "../../../generated/ts/limits";

export const HEARTBEAT_ALARM = "gasoline-heartbeat";
/** The shortest period Chrome allows an alarm. */
const ALARM_PERIOD_MINUTES = 0.5;

export function startHeartbeat(beat: () => void): void {
  setInterval(() => {
    void chrome.runtime.getPlatformInfo(); // the extension API call that resets the idle timer
    beat();
  }, LIMITS.extension.sync_interval_ms);
  void chrome.alarms.get(HEARTBEAT_ALARM).then((alarm) => {
    if (!alarm) void chrome.alarms.create(HEARTBEAT_ALARM, { periodInMinutes: ALARM_PERIOD_MINUTES });
  });
}
