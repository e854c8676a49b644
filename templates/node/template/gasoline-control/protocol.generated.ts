// Generated from spec/control/control.yaml by `python3 tasks.py gen`. Do not edit by hand.
import type { Operation } from "./registry.ts";

/** A service and the operations it offers. */
export interface ControlDiscovery {
  /** The service's name, as Gasoline refers to it ("api-server"). */
  service: string;
  /** The service's own version. */
  version?: string;
  /** The control protocol version the service speaks (MAJOR.MINOR). */
  protocol_version: string;
  operations: ControlOperation[];
}

/** Why an operation failed. */
export interface ControlError {
  /** A stable code: invalid_request, invalid_params, unknown_operation, idempotency_conflict, failed, or one of the service's own. */
  code: string;
  /** What went wrong. */
  message: string;
}

/** One operation a service offers, with the hints a caller needs to decide whether to ask a person first. */
export interface ControlOperation {
  /** The operation's name. */
  name: string;
  /** What the operation is for. */
  category: "state_management" | "data_injection" | "failure_simulation" | "inspection";
  /** True when it changes nothing (it only reads); Gasoline runs it without asking. */
  read_only: boolean;
  /** For an operation that changes state: true when it can delete or overwrite data (a reset, a restore); Gasoline then always asks a person first. */
  destructive?: boolean;
  /** True when running it twice with the same params does what running it once does; only those are retried after a network failure. */
  idempotent?: boolean;
  /** What it does, for the AI and the person approving it. */
  description: string;
  /** JSON Schema of its params; Gasoline checks params against it before sending anything. */
  params?: { [key: string]: unknown };
  /** JSON Schema of its result. */
  returns?: { [key: string]: unknown };
  /** Example params. */
  examples?: Array<{ [key: string]: unknown }>;
}

/** A request to run one operation. */
export interface ControlRequest {
  /** Name of the operation. */
  operation: string;
  /** The operation's params. */
  params?: { [key: string]: unknown };
  /** Ties this call to a test run across frontend, backend and code changes; the service writes it in its own log. */
  correlation_id?: string;
  /** Unique per state-changing call; a service that sees it again answers as it did the first time and runs nothing. */
  idempotency_key?: string;
  /** Run the operation, report its predicted result and keep none of its changes. */
  shadow_mode?: boolean;
  /** Check the params and log the operation; run nothing. */
  dry_run?: boolean;
}

/** The outcome of one operation. */
export interface ControlResponse {
  /** Whether the operation succeeded. */
  status: "success" | "error";
  /** What the operation returned (or would return, in shadow mode). */
  result?: { [key: string]: unknown };
  /** SHA-256 of the service's state after the operation, when it can compute one. */
  checksum?: string;
  /** True when the operation changed the service's state and kept the change; false for reads, shadow mode, dry runs and failures. */
  applied?: boolean;
  /** For an injected fault: when it ends by itself (UTC). */
  expires_at?: string;
  /** How long the operation took. */
  duration_ms?: number;
  /** True when the idempotency key was seen before and this is the first call's answer again; nothing ran. */
  replayed?: boolean;
  error?: ControlError;
}

/** The result of the operation named restore (its params are a ControlSnapshot); the response's checksum must equal the snapshot's. */
export interface ControlRestored {
  /** How many records were put back. */
  rows_restored: number;
}

/** The result of the operation named snapshot: the service's whole state, which the restore operation takes back; the response's checksum is that state's. */
export interface ControlSnapshot {
  /** How data is encoded, in the service's own terms ("sqlite-json/1"). */
  format: string;
  /** The state, base64-encoded. */
  data: string;
  /** How many records the state holds, when the service counts them. */
  rows?: number;
}

/** The result of the operation named state (params: an optional keys list): the values asked for, and the keys the service does not know. */
export interface ControlStateValues {
  /** Each key read and its value. */
  values: { [key: string]: unknown };
  /** The keys asked for that the service does not know. */
  missing_keys?: string[];
}

/** A response as the endpoint builds it, with the current protocol's fields: this version's ControlResponse. */
export type ResponseFields = ControlResponse;

/** What a service of this protocol version announces, as X-Gasoline-Control and protocol_version. */
export const PROTOCOL_VERSION = "1.1";

/** Each of the protocol's types above as the JSON Schema it states; "#/$defs/<name>" refers to another entry. */
export const SCHEMAS = {
  "ControlDiscovery": {
    "type": "object",
    "description": "A service and the operations it offers.",
    "additionalProperties": false,
    "properties": {
      "service": {
        "type": "string",
        "minLength": 1,
        "description": "The service's name, as Gasoline refers to it (\"api-server\")."
      },
      "version": {
        "type": "string",
        "description": "The service's own version."
      },
      "protocol_version": {
        "type": "string",
        "pattern": "^1\\.[0-9]+$",
        "description": "The control protocol version the service speaks (MAJOR.MINOR)."
      },
      "operations": {
        "type": "array",
        "items": {
          "$ref": "#/$defs/ControlOperation"
        }
      }
    },
    "required": [
      "service",
      "protocol_version",
      "operations"
    ]
  },
  "ControlError": {
    "type": "object",
    "description": "Why an operation failed.",
    "additionalProperties": false,
    "properties": {
      "code": {
        "type": "string",
        "minLength": 1,
        "description": "A stable code: invalid_request, invalid_params, unknown_operation, idempotency_conflict, failed, or one of the service's own."
      },
      "message": {
        "type": "string",
        "description": "What went wrong."
      }
    },
    "required": [
      "code",
      "message"
    ]
  },
  "ControlOperation": {
    "type": "object",
    "description": "One operation a service offers, with the hints a caller needs to decide whether to ask a person first.",
    "additionalProperties": false,
    "properties": {
      "name": {
        "type": "string",
        "pattern": "^[a-z][a-z0-9_]*$",
        "description": "The operation's name."
      },
      "category": {
        "type": "string",
        "enum": [
          "state_management",
          "data_injection",
          "failure_simulation",
          "inspection"
        ],
        "description": "What the operation is for."
      },
      "read_only": {
        "type": "boolean",
        "description": "True when it changes nothing (it only reads); Gasoline runs it without asking."
      },
      "destructive": {
        "type": "boolean",
        "default": true,
        "description": "For an operation that changes state: true when it can delete or overwrite data (a reset, a restore); Gasoline then always asks a person first."
      },
      "idempotent": {
        "type": "boolean",
        "default": false,
        "description": "True when running it twice with the same params does what running it once does; only those are retried after a network failure."
      },
      "description": {
        "type": "string",
        "description": "What it does, for the AI and the person approving it."
      },
      "params": {
        "type": "object",
        "description": "JSON Schema of its params; Gasoline checks params against it before sending anything.",
        "additionalProperties": true
      },
      "returns": {
        "type": "object",
        "description": "JSON Schema of its result.",
        "additionalProperties": true
      },
      "examples": {
        "type": "array",
        "items": {
          "type": "object",
          "additionalProperties": true
        },
        "description": "Example params."
      }
    },
    "required": [
      "name",
      "category",
      "read_only",
      "description"
    ]
  },
  "ControlRequest": {
    "type": "object",
    "description": "A request to run one operation.",
    "additionalProperties": false,
    "properties": {
      "operation": {
        "type": "string",
        "pattern": "^[a-z][a-z0-9_]*$",
        "description": "Name of the operation."
      },
      "params": {
        "type": "object",
        "description": "The operation's params.",
        "default": {},
        "additionalProperties": true
      },
      "correlation_id": {
        "type": "string",
        "minLength": 1,
        "description": "Ties this call to a test run across frontend, backend and code changes; the service writes it in its own log."
      },
      "idempotency_key": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "description": "Unique per state-changing call; a service that sees it again answers as it did the first time and runs nothing."
      },
      "shadow_mode": {
        "type": "boolean",
        "default": false,
        "description": "Run the operation, report its predicted result and keep none of its changes."
      },
      "dry_run": {
        "type": "boolean",
        "default": false,
        "description": "Check the params and log the operation; run nothing."
      }
    },
    "required": [
      "operation"
    ]
  },
  "ControlResponse": {
    "type": "object",
    "description": "The outcome of one operation.",
    "additionalProperties": false,
    "properties": {
      "status": {
        "type": "string",
        "enum": [
          "success",
          "error"
        ],
        "description": "Whether the operation succeeded."
      },
      "result": {
        "type": "object",
        "description": "What the operation returned (or would return, in shadow mode).",
        "additionalProperties": true
      },
      "checksum": {
        "type": "string",
        "pattern": "^[0-9a-f]{64}$",
        "description": "SHA-256 of the service's state after the operation, when it can compute one."
      },
      "applied": {
        "type": "boolean",
        "description": "True when the operation changed the service's state and kept the change; false for reads, shadow mode, dry runs and failures."
      },
      "expires_at": {
        "type": "string",
        "format": "date-time",
        "description": "For an injected fault: when it ends by itself (UTC)."
      },
      "duration_ms": {
        "type": "integer",
        "minimum": 0,
        "description": "How long the operation took."
      },
      "replayed": {
        "type": "boolean",
        "x-since": "1.1",
        "description": "True when the idempotency key was seen before and this is the first call's answer again; nothing ran."
      },
      "error": {
        "$ref": "#/$defs/ControlError"
      }
    },
    "required": [
      "status"
    ]
  },
  "ControlRestored": {
    "type": "object",
    "description": "The result of the operation named restore (its params are a ControlSnapshot); the response's checksum must equal the snapshot's.",
    "additionalProperties": false,
    "properties": {
      "rows_restored": {
        "type": "integer",
        "minimum": 0,
        "description": "How many records were put back."
      }
    },
    "required": [
      "rows_restored"
    ]
  },
  "ControlSnapshot": {
    "type": "object",
    "description": "The result of the operation named snapshot: the service's whole state, which the restore operation takes back; the response's checksum is that state's.",
    "additionalProperties": false,
    "properties": {
      "format": {
        "type": "string",
        "minLength": 1,
        "description": "How data is encoded, in the service's own terms (\"sqlite-json/1\")."
      },
      "data": {
        "type": "string",
        "description": "The state, base64-encoded."
      },
      "rows": {
        "type": "integer",
        "minimum": 0,
        "description": "How many records the state holds, when the service counts them."
      }
    },
    "required": [
      "format",
      "data"
    ]
  },
  "ControlStateValues": {
    "type": "object",
    "description": "The result of the operation named state (params: an optional keys list): the values asked for, and the keys the service does not know.",
    "additionalProperties": false,
    "properties": {
      "values": {
        "type": "object",
        "description": "Each key read and its value.",
        "additionalProperties": true
      },
      "missing_keys": {
        "type": "array",
        "items": {
          "type": "string"
        },
        "description": "The keys asked for that the service does not know."
      }
    },
    "required": [
      "values"
    ]
  }
};

// The endpoint's code speaks the current protocol's terms (an operation's read_only, destructive and
// idempotent, a request's idempotency_key, a response's applied and replayed); these functions say
// them as protocol 1.1 does, so that the same code serves every version.

/** A registered operation as discovery lists it. */
export function discoveryEntry(operation: Operation): ControlOperation {
  return definedOnly({
    name: operation.name,
    category: operation.category,
    read_only: operation.read_only,
    destructive: operation.destructive,
    idempotent: operation.idempotent,
    description: operation.description,
    params: operation.params,
    returns: operation.returns,
    examples: operation.examples,
  });
}

/** The key that a retried call repeats: the request's idempotency_key. */
export function idempotencyKey(request: ControlRequest): string | undefined {
  return request.idempotency_key;
}

/** The endpoint's answer as a ControlResponse: the fields this version has, and no others. */
export function wireResponse(answer: ResponseFields): ControlResponse {
  return definedOnly({
    status: answer.status,
    result: answer.result,
    checksum: answer.checksum,
    applied: answer.applied,
    expires_at: answer.expires_at,
    duration_ms: answer.duration_ms,
    replayed: answer.replayed,
    error: answer.error,
  });
}

/** The value without its undefined fields, which the protocol has no place for. */
function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
