// The worker's redaction, timed (tests/perf/worker_redaction_bench.py). A request: {text, runs};
// the answer: {seconds}, one per run of Redactor.text over the text, with a key as after the handover.
import { Redactor } from "../../extension/src/redaction/redactor";
import { serveLines } from "./serve-lines";

const redactor = new Redactor(new Uint8Array(32).fill(7));

void serveLines((line) => {
  const { text, runs } = line as { text: string; runs: number };
  const seconds: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    redactor.text(text);
    seconds.push((performance.now() - started) / 1000);
  }
  return { seconds };
});
