// The request loop of a test entry (see tests/in_node.py): each stdin line is a JSON request,
// answered by one JSON line on stdout, in order. An empty line ends a batch: the answers so far are
// written then (the rest at the end of the input), so that one process serves many batches.
import { createInterface } from "node:readline";

export async function serveLines(answer: (request: unknown) => unknown): Promise<void> {
  let out: string[] = [];
  const flush = () => {
    if (out.length) process.stdout.write(out.join("\n") + "\n");
    out = [];
  };
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line === "") flush();
    else out.push(JSON.stringify(answer(JSON.parse(line))));
  }
  flush();
}
