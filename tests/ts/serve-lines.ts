// The request loop of a test entry (see tests/in_node.py): each stdin line is a JSON request,
// answered by one JSON line on stdout, in order.
import { createInterface } from "node:readline";

export async function serveLines(answer: (request: unknown) => unknown): Promise<void> {
  const out: string[] = [];
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    out.push(JSON.stringify(answer(JSON.parse(line))));
  }
  process.stdout.write(out.length ? out.join("\n") + "\n" : "");
}
