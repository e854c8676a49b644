// Times the worker's rules on texts built to make a backtracking engine try every position (see
// tests/unit/test_worker_redaction_time.py, tests/perf/worker_redaction_bench.py). A request:
// {rule: name, piece, size, enough?}; the answer: {seconds, found}, the best of two scans of
// `piece` repeated to `size` characters (one, if it took under `enough` seconds: the best could
// only be less) and how many secrets the rule found there. Seconds of this process's CPU, not of
// the clock: what other processes do meanwhile does not count.
import { REDACTION_RULES } from "../../generated/ts/redaction";
import { CompiledRule, TextViews } from "../../extension/src/redaction/rules";
import { serveLines } from "./serve-lines";

interface Request {
  rule: string;
  piece: string;
  size: number;
  enough?: number;
}

const compiled = new Map(REDACTION_RULES.map((rule) => [rule.name, new CompiledRule(rule)]));

void serveLines((line) => {
  const { rule, piece, size, enough = 0 } = line as Request;
  const text = piece.repeat(Math.ceil(size / piece.length)).slice(0, size);
  const scanner = compiled.get(rule)!;
  let best = Infinity;
  let found = 0;
  for (let run = 0; run < 2; run++) {
    const started = process.cpuUsage();
    found = [...scanner.secrets(new TextViews(text))].length;
    const used = process.cpuUsage(started);
    best = Math.min(best, used.user + used.system);
    if (best < enough * 1_000_000) break;
  }
  return { seconds: best / 1_000_000, found };
});
