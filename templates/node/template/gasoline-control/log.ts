/** The line each operation leaves in the service's own log, with the caller's correlation id. */

/** Where the lines go: console.error by default, or the service's own logger. */
export type Log = (line: string) => void;

export const consoleLog: Log = (line) => console.error(line);

export interface LoggedOperation {
  operation: string;
  correlationId: string | undefined;
  status: string;
  applied: boolean;
}

export function operationLine(entry: LoggedOperation): string {
  return (
    `gasoline-control operation=${entry.operation} correlation_id=${field(entry.correlationId ?? "-")}` +
    ` status=${entry.status} applied=${entry.applied}`
  );
}

/** A value as one word of the line: quoted as JSON when it holds spaces, quotes or control characters. */
function field(value: string): string {
  return /^[!#-~]+$/.test(value) ? value : JSON.stringify(value);
}
