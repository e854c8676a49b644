/**
 * The operations this service offers at /.gasoline/control. This file is the team's own: copier
 * renders it once and `copier update` leaves it alone. Keep the examples that fit the service,
 * adapt them (examples.ts shows how each is written) and add its own operations here; they are
 * checked when the endpoint is mounted.
 */
import { exampleOperations } from "./examples.ts";
import type { Operation } from "./registry.ts";

export const operations: Operation[] = [
  ...exampleOperations,
  // The service's own operations.
];
