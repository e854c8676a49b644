// Generated from spec/events/*.yaml, spec/messages/**/*.yaml by `python3 tasks.py gen`. Do not edit by hand.
import type { ConsoleEvent, ExceptionEvent, NetworkBodyEvent, NetworkErrorEvent, WebSocketEvent } from "../../ts/events";
import type { Command, CommandResult, DomQueryParams, DomQueryResult, EventBatch, IngestResult, PageInfoParams, PageInfoResult, SyncRequest, SyncResponse } from "../../ts/messages";

// spec/events/console.yaml: examples.valid[0]
export const example1: ConsoleEvent = {"type": "console", "ts": "2026-11-22T10:30:00.000Z", "level": "log", "message": "cart loaded 3 items", "url": "http://localhost:3000/cart", "tabId": 7};

// spec/events/console.yaml: examples.valid[1]
export const example2: ConsoleEvent = {"type": "console", "ts": "2026-11-22T10:30:00.120Z", "level": "warn", "message": "deprecated prop 'size'", "truncated": false, "source": "http://localhost:3000/app.js:10:5"};

// spec/events/console.yaml: examples.invalid[0]: unknown level
// @ts-expect-error
export const example3: ConsoleEvent = {"type": "console", "ts": "2026-11-22T10:30:00.000Z", "level": "fatal", "message": "x"};

// spec/events/console.yaml: examples.invalid[1]: ts missing
// @ts-expect-error
export const example4: ConsoleEvent = {"type": "console", "level": "log", "message": "x"};

// spec/events/console.yaml: examples.invalid[2]: tabId is not a number
// @ts-expect-error
export const example5: ConsoleEvent = {"type": "console", "ts": "2026-11-22T10:30:00.000Z", "level": "log", "message": "x", "tabId": "7"};

// spec/events/console.yaml: examples.invalid[3]: unknown field
// @ts-expect-error
export const example6: ConsoleEvent = {"type": "console", "ts": "2026-11-22T10:30:00.000Z", "level": "log", "message": "x", "colour": "red"};

// spec/events/exception.yaml: examples.valid[0]
export const example7: ExceptionEvent = {"type": "exception", "ts": "2026-11-22T10:30:02.000Z", "kind": "error", "message": "TypeError: Cannot read properties of undefined (reading 'total')", "stack": "TypeError: Cannot read properties of undefined (reading 'total')\n    at render (http://localhost:3000/cart.js:42:17)", "filename": "http://localhost:3000/cart.js", "line": 42, "column": 17, "url": "http://localhost:3000/cart", "tabId": 7};

// spec/events/exception.yaml: examples.valid[1]
export const example8: ExceptionEvent = {"type": "exception", "ts": "2026-11-22T10:30:03.000Z", "kind": "unhandledrejection", "message": "Error: payment declined"};

// spec/events/exception.yaml: examples.invalid[0]: unknown kind
// @ts-expect-error
export const example9: ExceptionEvent = {"type": "exception", "ts": "2026-11-22T10:30:02.000Z", "kind": "crash", "message": "x"};

// spec/events/exception.yaml: examples.invalid[1]: message missing
// @ts-expect-error
export const example10: ExceptionEvent = {"type": "exception", "ts": "2026-11-22T10:30:02.000Z", "kind": "error"};

// spec/events/exception.yaml: examples.invalid[2]: negative line (a value constraint: checked by the daemon only)

// spec/events/network_body.yaml: examples.valid[0]
export const example12: NetworkBodyEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "network_body", "method": "POST", "url": "/api/users", "status": 201, "requestBody": "{\"name\":\"Alice\"}", "responseBody": "{\"id\":1,\"name\":\"Alice\"}", "contentType": "application/json", "duration": 142};

// spec/events/network_body.yaml: examples.valid[1]
export const example13: NetworkBodyEvent = {"ts": "2026-11-22T10:30:01.000Z", "type": "network_body", "method": "GET", "url": "/api/products?page=2", "status": 200, "requestBody": null, "responseBody": "{\"items\":[],\"total\":50}", "contentType": "application/json", "duration": 89, "truncated": false};

// spec/events/network_body.yaml: examples.valid[2]
export const example14: NetworkBodyEvent = {"ts": "2026-11-22T10:30:02.000Z", "type": "network_body", "method": "GET", "url": "/logo.png", "status": 200, "requestBody": null, "responseBody": "[Binary: 20480 bytes, type: image/png]", "contentType": "image/png", "responseHeaders": {"content-type": "image/png"}};

// spec/events/network_body.yaml: examples.invalid[0]: status is not a number
// @ts-expect-error
export const example15: NetworkBodyEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "network_body", "method": "GET", "url": "/a", "status": "200"};

// spec/events/network_body.yaml: examples.invalid[1]: url missing
// @ts-expect-error
export const example16: NetworkBodyEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "network_body", "method": "GET", "status": 200};

// spec/events/network_body.yaml: examples.invalid[2]: header value is not text
// @ts-expect-error
export const example17: NetworkBodyEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "network_body", "method": "GET", "url": "/a", "status": 200, "requestHeaders": {"x-count": 3}};

// spec/events/network_body.yaml: examples.invalid[3]: status out of range (a value constraint: checked by the daemon only)

// spec/events/network_error.yaml: examples.valid[0]
export const example19: NetworkErrorEvent = {"type": "network_error", "ts": "2026-11-22T10:30:01.500Z", "initiator": "fetch", "method": "GET", "url": "http://localhost:3000/api/cart", "status": 500, "error": "Internal Server Error", "duration": 31, "pageUrl": "http://localhost:3000/cart", "tabId": 7};

// spec/events/network_error.yaml: examples.valid[1]
export const example20: NetworkErrorEvent = {"type": "network_error", "ts": "2026-11-22T10:30:02.000Z", "initiator": "xhr", "method": "POST", "url": "http://localhost:9/api", "status": 0, "error": "TypeError: Failed to fetch", "duration": 4};

// spec/events/network_error.yaml: examples.invalid[0]: unknown initiator
// @ts-expect-error
export const example21: NetworkErrorEvent = {"type": "network_error", "ts": "2026-11-22T10:30:02.000Z", "initiator": "beacon", "method": "GET", "url": "/a", "status": 0};

// spec/events/network_error.yaml: examples.invalid[1]: status missing
// @ts-expect-error
export const example22: NetworkErrorEvent = {"type": "network_error", "ts": "2026-11-22T10:30:02.000Z", "initiator": "fetch", "method": "GET", "url": "/a"};

// spec/events/network_error.yaml: examples.invalid[2]: bodies belong to network_body
// @ts-expect-error
export const example23: NetworkErrorEvent = {"type": "network_error", "ts": "2026-11-22T10:30:02.000Z", "initiator": "fetch", "method": "GET", "url": "/a", "status": 500, "requestBody": "x"};

// spec/events/websocket.yaml: examples.valid[0]
export const example24: WebSocketEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "websocket", "event": "open", "id": "3f6c1e2a-8d4b-4a57-9a0e-1b2c3d4e5f60", "url": "wss://api.example.com/ws", "tabId": 123};

// spec/events/websocket.yaml: examples.valid[1]
export const example25: WebSocketEvent = {"ts": "2026-11-22T10:30:01.000Z", "type": "websocket", "event": "message", "id": "3f6c1e2a-8d4b-4a57-9a0e-1b2c3d4e5f60", "direction": "incoming", "data": "{\"type\":\"chat\",\"msg\":\"hello\"}", "size": 28};

// spec/events/websocket.yaml: examples.valid[2]
export const example26: WebSocketEvent = {"ts": "2026-11-22T10:30:01.500Z", "type": "websocket", "event": "message", "id": "3f6c1e2a-8d4b-4a57-9a0e-1b2c3d4e5f60", "direction": "outgoing", "data": "[Binary: 512 bytes]", "size": 512};

// spec/events/websocket.yaml: examples.valid[3]
export const example27: WebSocketEvent = {"ts": "2026-11-22T10:30:05.000Z", "type": "websocket", "event": "close", "id": "3f6c1e2a-8d4b-4a57-9a0e-1b2c3d4e5f60", "code": 1000, "reason": "normal closure"};

// spec/events/websocket.yaml: examples.valid[4]
export const example28: WebSocketEvent = {"ts": "2026-11-22T10:30:06.000Z", "type": "websocket", "event": "error", "id": "3f6c1e2a-8d4b-4a57-9a0e-1b2c3d4e5f60", "url": "wss://api.example.com/ws"};

// spec/events/websocket.yaml: examples.invalid[0]: unknown event
// @ts-expect-error
export const example29: WebSocketEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "websocket", "event": "opened", "id": "a"};

// spec/events/websocket.yaml: examples.invalid[1]: unknown direction
// @ts-expect-error
export const example30: WebSocketEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "websocket", "event": "message", "id": "a", "direction": "sideways"};

// spec/events/websocket.yaml: examples.invalid[2]: connection id missing
// @ts-expect-error
export const example31: WebSocketEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "websocket", "event": "open"};

// spec/events/websocket.yaml: examples.invalid[3]: negative size (a value constraint: checked by the daemon only)

// spec/messages/commands/dom_query.yaml: examples.params.valid[0]
export const example33: DomQueryParams = {"selector": "#user-list > li"};

// spec/messages/commands/dom_query.yaml: examples.params.valid[1]
export const example34: DomQueryParams = {"selector": "button.primary", "include_styles": true, "properties": ["display", "color"], "include_children": true, "max_depth": 2};

// spec/messages/commands/dom_query.yaml: examples.params.invalid[0]: selector missing
// @ts-expect-error
export const example35: DomQueryParams = {};

// spec/messages/commands/dom_query.yaml: examples.params.invalid[1]: empty selector (a value constraint: checked by the daemon only)

// spec/messages/commands/dom_query.yaml: examples.params.invalid[2]: negative depth (a value constraint: checked by the daemon only)

// spec/messages/commands/dom_query.yaml: examples.params.invalid[3]: include_styles is not a boolean
// @ts-expect-error
export const example38: DomQueryParams = {"selector": "a", "include_styles": "yes"};

// spec/messages/commands/dom_query.yaml: examples.params.invalid[4]: null is not a boolean (leave it out for the default)
// @ts-expect-error
export const example39: DomQueryParams = {"selector": "a", "include_children": null};

// spec/messages/commands/dom_query.yaml: examples.result.valid[0]
export const example40: DomQueryResult = {"url": "http://localhost:3000/dashboard", "title": "My App - Dashboard", "matches": [{"selector": "#user-list > li:nth-child(1)", "tag": "li", "attributes": {"class": "user-item active", "data-id": "42"}, "text": "Alice Johnson", "boundingBox": {"x": 20, "y": 140, "width": 300, "height": 48}, "visible": true, "styles": {"display": "flex", "color": "rgb(0, 0, 0)"}, "children": [{"tag": "span", "attributes": {"class": "name"}, "text": "Alice Johnson"}, {"tag": "span", "attributes": {"class": "status"}, "text": "Online"}]}], "matchCount": 5, "returnedCount": 1};

// spec/messages/commands/dom_query.yaml: examples.result.invalid[0]: element without a tag
// @ts-expect-error
export const example41: DomQueryResult = {"url": "x", "title": "y", "matches": [{"text": "no tag"}], "matchCount": 1, "returnedCount": 1};

// spec/messages/commands/dom_query.yaml: examples.result.invalid[1]: negative count (a value constraint: checked by the daemon only)

// spec/messages/commands/page_info.yaml: examples.params.valid[0]
export const example43: PageInfoParams = {};

// spec/messages/commands/page_info.yaml: examples.params.invalid[0]: page_info takes no parameters
// @ts-expect-error
export const example44: PageInfoParams = {"selector": "body"};

// spec/messages/commands/page_info.yaml: examples.result.valid[0]
export const example45: PageInfoResult = {"url": "http://localhost:3000/dashboard", "title": "My App - Dashboard", "viewport": {"width": 1440, "height": 900}, "scroll": {"x": 0, "y": 320}, "documentHeight": 2400, "forms": [{"id": "login-form", "action": "/api/login", "fields": ["email", "password"]}], "headings": ["Dashboard", "Recent Activity", "Settings"], "links": 24, "images": 8, "interactiveElements": 15};

// spec/messages/commands/page_info.yaml: examples.result.invalid[0]: most fields missing
// @ts-expect-error
export const example46: PageInfoResult = {"url": "x", "title": "y"};

// spec/messages/commands/page_info.yaml: examples.result.invalid[1]: fractional link count (a value constraint: checked by the daemon only)

// spec/messages/envelope.yaml: examples.command.valid[0]
export const example48: Command = {"correlation_id": "cmd_01", "kind": "dom_query", "timeout_ms": 10000, "params": {"selector": "#user-list > li"}};

// spec/messages/envelope.yaml: examples.command.valid[1]
export const example49: Command = {"correlation_id": "cmd_02", "kind": "page_info", "tab_id": 7, "timeout_ms": 10000, "issued_at": "2026-11-22T10:30:00Z", "params": {}};

// spec/messages/envelope.yaml: examples.command.invalid[0]: dom_query without a selector
// @ts-expect-error
export const example50: Command = {"correlation_id": "cmd_01", "kind": "dom_query", "timeout_ms": 10000, "params": {}};

// spec/messages/envelope.yaml: examples.command.invalid[1]: page_info takes no parameters
// @ts-expect-error
export const example51: Command = {"correlation_id": "cmd_01", "kind": "page_info", "timeout_ms": 10000, "params": {"selector": "a"}};

// spec/messages/envelope.yaml: examples.command.invalid[2]: unknown kind
// @ts-expect-error
export const example52: Command = {"correlation_id": "cmd_01", "kind": "reboot", "timeout_ms": 10000, "params": {}};

// spec/messages/envelope.yaml: examples.command.invalid[3]: correlation id with spaces (a value constraint: checked by the daemon only)

// spec/messages/envelope.yaml: examples.result.valid[0]
export const example54: CommandResult = {"correlation_id": "cmd_01", "kind": "dom_query", "status": "ok", "tab_id": 7, "duration_ms": 4.2, "result": {"url": "http://localhost:3000/", "title": "Home", "matches": [{"tag": "h1", "text": "Welcome"}], "matchCount": 1, "returnedCount": 1}};

// spec/messages/envelope.yaml: examples.result.valid[1]
export const example55: CommandResult = {"correlation_id": "cmd_01", "kind": "dom_query", "status": "error", "error": {"code": "invalid_selector", "message": "'#' is not a valid selector"}};

// spec/messages/envelope.yaml: examples.result.invalid[0]: unknown status
// @ts-expect-error
export const example56: CommandResult = {"correlation_id": "cmd_01", "kind": "dom_query", "status": "done"};

// spec/messages/envelope.yaml: examples.result.invalid[1]: unknown error code
// @ts-expect-error
export const example57: CommandResult = {"correlation_id": "cmd_01", "kind": "dom_query", "status": "error", "error": {"code": "oops", "message": "x"}};

// spec/messages/envelope.yaml: examples.result.invalid[2]: page_info result missing most fields
// @ts-expect-error
export const example58: CommandResult = {"correlation_id": "cmd_01", "kind": "page_info", "status": "ok", "result": {"url": "x"}};

// spec/messages/events.yaml: examples.request.valid[0]
export const example59: EventBatch = {"events": [{"type": "console", "ts": "2026-11-22T10:30:00.000Z", "level": "log", "message": "cart loaded 3 items", "tabId": 7}]};

// spec/messages/events.yaml: examples.request.valid[1]
export const example60: EventBatch = {"events": []};

// spec/messages/events.yaml: examples.request.invalid[0]: events is not a list
// @ts-expect-error
export const example61: EventBatch = {"events": {}};

// spec/messages/events.yaml: examples.request.invalid[1]: events missing
// @ts-expect-error
export const example62: EventBatch = {};

// spec/messages/events.yaml: examples.response.valid[0]
export const example63: IngestResult = {"accepted": 1, "rejected": [{"index": 1, "reason": "level: Input should be 'debug', 'log', 'info', 'warn' or 'error'"}]};

// spec/messages/events.yaml: examples.response.invalid[0]: negative count (a value constraint: checked by the daemon only)

// spec/messages/sync.yaml: examples.request.valid[0]
export const example65: SyncRequest = {"extension_version": "0.1.0", "settings": {"captureWebSockets": true, "captureNetworkBodies": false, "aiWebPilotEnabled": false}, "tab": {"id": 7, "url": "http://localhost:3000/cart", "title": "Cart", "tracked": true}, "dropped_events": 0};

// spec/messages/sync.yaml: examples.request.valid[1]
export const example66: SyncRequest = {"extension_version": "0.1.0", "settings": {"captureWebSockets": false, "captureNetworkBodies": true, "aiWebPilotEnabled": true}, "dropped_events": 12};

// spec/messages/sync.yaml: examples.request.invalid[0]: a setting missing
// @ts-expect-error
export const example67: SyncRequest = {"extension_version": "0.1.0", "settings": {"captureWebSockets": true, "captureNetworkBodies": false}, "dropped_events": 0};

// spec/messages/sync.yaml: examples.request.invalid[1]: negative drop count (a value constraint: checked by the daemon only)

// spec/messages/sync.yaml: examples.request.invalid[2]: tab without tracked
// @ts-expect-error
export const example69: SyncRequest = {"extension_version": "0.1.0", "settings": {"captureWebSockets": true, "captureNetworkBodies": false, "aiWebPilotEnabled": false}, "dropped_events": 0, "tab": {"id": 7, "url": "x", "title": "y"}};

// spec/messages/sync.yaml: examples.response.valid[0]
export const example70: SyncResponse = {"service": "gasoline", "version": "0.1.0"};

// spec/messages/sync.yaml: examples.response.invalid[0]: not gasoline
// @ts-expect-error
export const example71: SyncResponse = {"service": "other", "version": "0.1.0"};

// spec/tools/analyze/dom.yaml: examples.valid[0]
export const example72: DomQueryParams = {"selector": "#user-list > li"};

// spec/tools/analyze/dom.yaml: examples.valid[1]
export const example73: DomQueryParams = {"selector": "button.primary", "include_styles": true, "properties": ["display", "color", "background-color"]};

// spec/tools/analyze/dom.yaml: examples.valid[2]
export const example74: DomQueryParams = {"selector": "nav", "include_children": true, "max_depth": 2};

// spec/tools/analyze/dom.yaml: examples.invalid[0]: selector missing
// @ts-expect-error
export const example75: DomQueryParams = {};

// spec/tools/analyze/dom.yaml: examples.invalid[1]: empty selector (a value constraint: checked by the daemon only)

// spec/tools/analyze/dom.yaml: examples.invalid[2]: negative depth (a value constraint: checked by the daemon only)

// spec/tools/analyze/dom.yaml: examples.invalid[3]: include_children is not a boolean
// @ts-expect-error
export const example78: DomQueryParams = {"selector": "nav", "include_children": "yes"};

// spec/tools/analyze/dom.yaml: examples.invalid[4]: unknown parameter
// @ts-expect-error
export const example79: DomQueryParams = {"selector": "nav", "limit": 5};

// spec/tools/analyze/dom.yaml: examples.results[0]
export const example80: DomQueryResult = {"url": "http://localhost:3000/dashboard", "title": "My App - Dashboard", "matches": [{"selector": "#user-list > li:nth-child(1)", "tag": "li", "attributes": {"class": "user-item active", "data-id": "42"}, "text": "Alice Johnson", "boundingBox": {"x": 20, "y": 140, "width": 300, "height": 48}, "visible": true, "children": [{"tag": "span", "attributes": {"class": "name"}, "text": "Alice Johnson"}, {"tag": "span", "attributes": {"class": "status"}, "text": "Online"}]}], "matchCount": 5, "returnedCount": 1};

// spec/tools/analyze/dom.yaml: examples.results[1]
export const example81: DomQueryResult = {"url": "http://localhost:3000/empty", "title": "Empty", "matches": [], "matchCount": 0, "returnedCount": 0};

// spec/tools/analyze/page_info.yaml: examples.valid[0]
export const example82: PageInfoParams = {};

// spec/tools/analyze/page_info.yaml: examples.invalid[0]: page_info takes no parameters
// @ts-expect-error
export const example83: PageInfoParams = {"selector": "body"};

// spec/tools/analyze/page_info.yaml: examples.invalid[1]: unknown parameter
// @ts-expect-error
export const example84: PageInfoParams = {"force_refresh": true};

// spec/tools/analyze/page_info.yaml: examples.results[0]
export const example85: PageInfoResult = {"url": "http://localhost:3000/dashboard", "title": "My App - Dashboard", "viewport": {"width": 1440, "height": 900}, "scroll": {"x": 0, "y": 320}, "documentHeight": 2400, "forms": [{"id": "login-form", "action": "/api/login", "fields": ["email", "password"]}], "headings": ["Dashboard", "Recent Activity", "Settings"], "links": 24, "images": 8, "interactiveElements": 15};
