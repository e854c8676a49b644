// The worker's redaction, timed (tests/perf/worker_redaction_bench.py). A request: {text, runs}
// times Redactor.text over the text; {event, runs} times Redactor.value over the event (JSON, read
// with JSON.parse as the worker gets it from the page). The answer: {seconds}, one per run, with a
// key as after the handover.
import { Redactor } from "../../extension/src/redaction/redactor";
import { serveLines } from "./serve-lines";

const redactor = new Redactor(new Uint8Array(32).fill(7));

void serveLines((line) => {
  const { text, event, runs } = line as { text?: string; event?: string; runs: number };
  const work = text !== undefined ? () => redactor.text(text) : () => redactor.value(JSON.parse(event!));
  const seconds: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    work();
    seconds.push((performance.now() - started) / 1000);
  }
  return { seconds };
});
