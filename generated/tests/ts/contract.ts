// Generated from spec/events/*.yaml, spec/messages/**/*.yaml by `python3 tasks.py gen`. Do not edit by hand.
import type { ConsoleEvent, ExceptionEvent, NetworkBodyEvent, NetworkErrorEvent, WebSocketEvent } from "../../ts/events";
import type { AccessibilityAuditParams, AccessibilityAuditResult, Approval, ApprovalDecision, ClickParams, ClickResult, Command, CommandResult, DeleteStateParams, DeleteStateResult, DomQueryParams, DomQueryResult, EventBatch, ExecuteJsParams, ExecuteJsResult, HighlightParams, HighlightResult, IngestResult, ListStatesParams, ListStatesResult, LoadStateParams, LoadStateResult, NavigateParams, NavigateResult, NewTabParams, NewTabResult, PageInfoParams, PageInfoResult, PairingRequest, PanelPairing, PanelQuestion, PanelTurn, ProviderReply, ProviderRequest, RefreshParams, RefreshResult, SaveStateParams, SaveStateResult, SyncRequest, SyncResponse, TypeTextParams, TypeTextResult, UploadParams, UploadResult } from "../../ts/messages";

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

// spec/events/console.yaml: examples.invalid[2]: a number is not a date-time
// @ts-expect-error
export const example5: ConsoleEvent = {"type": "console", "ts": 1795343400000, "level": "log", "message": "x"};

// spec/events/console.yaml: examples.invalid[3]: tabId is not a number
// @ts-expect-error
export const example6: ConsoleEvent = {"type": "console", "ts": "2026-11-22T10:30:00.000Z", "level": "log", "message": "x", "tabId": "7"};

// spec/events/console.yaml: examples.invalid[4]: unknown field
// @ts-expect-error
export const example7: ConsoleEvent = {"type": "console", "ts": "2026-11-22T10:30:00.000Z", "level": "log", "message": "x", "colour": "red"};

// spec/events/exception.yaml: examples.valid[0]
export const example8: ExceptionEvent = {"type": "exception", "ts": "2026-11-22T10:30:02.000Z", "kind": "error", "message": "TypeError: Cannot read properties of undefined (reading 'total')", "stack": "TypeError: Cannot read properties of undefined (reading 'total')\n    at render (http://localhost:3000/cart.js:42:17)", "filename": "http://localhost:3000/cart.js", "line": 42, "column": 17, "url": "http://localhost:3000/cart", "tabId": 7};

// spec/events/exception.yaml: examples.valid[1]
export const example9: ExceptionEvent = {"type": "exception", "ts": "2026-11-22T10:30:03.000Z", "kind": "unhandledrejection", "message": "Error: payment declined"};

// spec/events/exception.yaml: examples.invalid[0]: unknown kind
// @ts-expect-error
export const example10: ExceptionEvent = {"type": "exception", "ts": "2026-11-22T10:30:02.000Z", "kind": "crash", "message": "x"};

// spec/events/exception.yaml: examples.invalid[1]: message missing
// @ts-expect-error
export const example11: ExceptionEvent = {"type": "exception", "ts": "2026-11-22T10:30:02.000Z", "kind": "error"};

// spec/events/exception.yaml: examples.invalid[2]: negative line (a value constraint: checked by the daemon only)

// spec/events/network_body.yaml: examples.valid[0]
export const example13: NetworkBodyEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "network_body", "method": "POST", "url": "/api/users", "status": 201, "requestBody": "{\"name\":\"Alice\"}", "responseBody": "{\"id\":1,\"name\":\"Alice\"}", "contentType": "application/json", "duration": 142};

// spec/events/network_body.yaml: examples.valid[1]
export const example14: NetworkBodyEvent = {"ts": "2026-11-22T10:30:01.000Z", "type": "network_body", "method": "GET", "url": "/api/products?page=2", "status": 200, "requestBody": null, "responseBody": "{\"items\":[],\"total\":50}", "contentType": "application/json", "duration": 89, "truncated": false};

// spec/events/network_body.yaml: examples.valid[2]
export const example15: NetworkBodyEvent = {"ts": "2026-11-22T10:30:02.000Z", "type": "network_body", "method": "GET", "url": "/logo.png", "status": 200, "requestBody": null, "responseBody": "[Binary: 20480 bytes, type: image/png]", "contentType": "image/png", "responseHeaders": {"content-type": "image/png"}};

// spec/events/network_body.yaml: examples.invalid[0]: status is not a number
// @ts-expect-error
export const example16: NetworkBodyEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "network_body", "method": "GET", "url": "/a", "status": "200"};

// spec/events/network_body.yaml: examples.invalid[1]: url missing
// @ts-expect-error
export const example17: NetworkBodyEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "network_body", "method": "GET", "status": 200};

// spec/events/network_body.yaml: examples.invalid[2]: header value is not text
// @ts-expect-error
export const example18: NetworkBodyEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "network_body", "method": "GET", "url": "/a", "status": 200, "requestHeaders": {"x-count": 3}};

// spec/events/network_body.yaml: examples.invalid[3]: status out of range (a value constraint: checked by the daemon only)

// spec/events/network_error.yaml: examples.valid[0]
export const example20: NetworkErrorEvent = {"type": "network_error", "ts": "2026-11-22T10:30:01.500Z", "initiator": "fetch", "method": "GET", "url": "http://localhost:3000/api/cart", "status": 500, "error": "Internal Server Error", "duration": 31, "pageUrl": "http://localhost:3000/cart", "tabId": 7};

// spec/events/network_error.yaml: examples.valid[1]
export const example21: NetworkErrorEvent = {"type": "network_error", "ts": "2026-11-22T10:30:02.000Z", "initiator": "xhr", "method": "POST", "url": "http://localhost:9/api", "status": 0, "error": "TypeError: Failed to fetch", "duration": 4};

// spec/events/network_error.yaml: examples.invalid[0]: unknown initiator
// @ts-expect-error
export const example22: NetworkErrorEvent = {"type": "network_error", "ts": "2026-11-22T10:30:02.000Z", "initiator": "beacon", "method": "GET", "url": "/a", "status": 0};

// spec/events/network_error.yaml: examples.invalid[1]: status missing
// @ts-expect-error
export const example23: NetworkErrorEvent = {"type": "network_error", "ts": "2026-11-22T10:30:02.000Z", "initiator": "fetch", "method": "GET", "url": "/a"};

// spec/events/network_error.yaml: examples.invalid[2]: bodies belong to network_body
// @ts-expect-error
export const example24: NetworkErrorEvent = {"type": "network_error", "ts": "2026-11-22T10:30:02.000Z", "initiator": "fetch", "method": "GET", "url": "/a", "status": 500, "requestBody": "x"};

// spec/events/websocket.yaml: examples.valid[0]
export const example25: WebSocketEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "websocket", "event": "open", "id": "3f6c1e2a-8d4b-4a57-9a0e-1b2c3d4e5f60", "url": "wss://api.example.com/ws", "tabId": 123};

// spec/events/websocket.yaml: examples.valid[1]
export const example26: WebSocketEvent = {"ts": "2026-11-22T10:30:01.000Z", "type": "websocket", "event": "message", "id": "3f6c1e2a-8d4b-4a57-9a0e-1b2c3d4e5f60", "direction": "incoming", "data": "{\"type\":\"chat\",\"msg\":\"hello\"}", "size": 28};

// spec/events/websocket.yaml: examples.valid[2]
export const example27: WebSocketEvent = {"ts": "2026-11-22T10:30:01.500Z", "type": "websocket", "event": "message", "id": "3f6c1e2a-8d4b-4a57-9a0e-1b2c3d4e5f60", "direction": "outgoing", "data": "[Binary: 512 bytes]", "size": 512};

// spec/events/websocket.yaml: examples.valid[3]
export const example28: WebSocketEvent = {"ts": "2026-11-22T10:30:05.000Z", "type": "websocket", "event": "close", "id": "3f6c1e2a-8d4b-4a57-9a0e-1b2c3d4e5f60", "code": 1000, "reason": "normal closure"};

// spec/events/websocket.yaml: examples.valid[4]
export const example29: WebSocketEvent = {"ts": "2026-11-22T10:30:06.000Z", "type": "websocket", "event": "error", "id": "3f6c1e2a-8d4b-4a57-9a0e-1b2c3d4e5f60", "url": "wss://api.example.com/ws"};

// spec/events/websocket.yaml: examples.invalid[0]: unknown event
// @ts-expect-error
export const example30: WebSocketEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "websocket", "event": "opened", "id": "a"};

// spec/events/websocket.yaml: examples.invalid[1]: unknown direction
// @ts-expect-error
export const example31: WebSocketEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "websocket", "event": "message", "id": "a", "direction": "sideways"};

// spec/events/websocket.yaml: examples.invalid[2]: connection id missing
// @ts-expect-error
export const example32: WebSocketEvent = {"ts": "2026-11-22T10:30:00.000Z", "type": "websocket", "event": "open"};

// spec/events/websocket.yaml: examples.invalid[3]: negative size (a value constraint: checked by the daemon only)

// spec/messages/commands/accessibility_audit.yaml: examples.params.valid[0]
export const example34: AccessibilityAuditParams = {};

// spec/messages/commands/accessibility_audit.yaml: examples.params.valid[1]
export const example35: AccessibilityAuditParams = {"scope": "#signup-form", "tags": ["wcag2a", "wcag2aa"], "include_passes": true, "force_refresh": true};

// spec/messages/commands/accessibility_audit.yaml: examples.params.invalid[0]: empty scope (a value constraint: checked by the daemon only)

// spec/messages/commands/accessibility_audit.yaml: examples.params.invalid[1]: background is the daemon's business
// @ts-expect-error
export const example37: AccessibilityAuditParams = {"background": true};

// spec/messages/commands/accessibility_audit.yaml: examples.result.valid[0]
export const example38: AccessibilityAuditResult = {"url": "http://localhost:3000/", "timestamp": "2026-11-22T10:30:00Z", "summary": {"violations": 0, "passes": 3, "incomplete": 0, "inapplicable": 5}, "violations": [], "cached": false};

// spec/messages/commands/accessibility_audit.yaml: examples.result.invalid[0]: most fields missing
// @ts-expect-error
export const example39: AccessibilityAuditResult = {"url": "http://localhost:3000/"};

// spec/messages/commands/click.yaml: examples.params.valid[0]
export const example40: ClickParams = {"selector": "#submit-btn"};

// spec/messages/commands/click.yaml: examples.params.valid[1]
export const example41: ClickParams = {"selector": "nav a[href='/settings']"};

// spec/messages/commands/click.yaml: examples.params.invalid[0]: selector missing
// @ts-expect-error
export const example42: ClickParams = {};

// spec/messages/commands/click.yaml: examples.params.invalid[1]: empty selector (a value constraint: checked by the daemon only)

// spec/messages/commands/click.yaml: examples.params.invalid[2]: unknown parameter
// @ts-expect-error
export const example44: ClickParams = {"selector": "#submit-btn", "double": true};

// spec/messages/commands/click.yaml: examples.result.valid[0]
export const example45: ClickResult = {"success": true, "selector": "#submit-btn", "tag": "button", "bounds": {"x": 640, "y": 512, "width": 120, "height": 40}, "effects": {"navigated": true, "url": "http://localhost:3000/done", "title": "My App - Done", "requests": 3, "pending_requests": 0, "failed_count": 1, "failed_requests": [{"method": "GET", "url": "http://localhost:3000/api/recommendations", "type": "fetch", "status": 500}], "error_count": 1, "errors": [{"kind": "console_error", "message": "recommendations failed: 500"}], "dialogs": [], "waited_ms": 612, "ended_by": "quiet"}};

// spec/messages/commands/click.yaml: examples.result.valid[1]
export const example46: ClickResult = {"success": true, "selector": "nav a[href='/settings']", "tag": "a", "bounds": {"x": 10, "y": 8, "width": 64, "height": 20}, "effects": {"navigated": true, "same_document": true, "url": "http://localhost:3000/#/settings", "title": "My App", "requests": 1, "pending_requests": 0, "failed_count": 0, "failed_requests": [], "error_count": 0, "errors": [], "dialogs": [], "waited_ms": 431, "ended_by": "quiet"}};

// spec/messages/commands/click.yaml: examples.result.valid[2]
export const example47: ClickResult = {"success": true, "selector": "#delete", "tag": "button", "bounds": {"x": 400, "y": 300, "width": 80, "height": 32}, "effects": {"navigated": false, "url": "http://localhost:3000/items", "title": "Items", "requests": 0, "pending_requests": 0, "failed_count": 0, "failed_requests": [], "error_count": 0, "errors": [], "dialogs": [{"type": "confirm", "message": "Delete 3 items?", "open": true}], "waited_ms": 402, "ended_by": "quiet"}};

// spec/messages/commands/click.yaml: examples.result.valid[3]
export const example48: ClickResult = {"success": true, "selector": "#refresh-feed", "tag": "button", "bounds": {"x": 20, "y": 90, "width": 100, "height": 30}, "effects": {"navigated": false, "url": "http://localhost:3000/feed", "title": "Feed", "requests": 7, "pending_requests": 1, "failed_count": 1, "failed_requests": [{"method": "POST", "url": "http://localhost:3000/api/feed", "type": "xhr", "error": "Network error"}], "error_count": 2, "errors": [{"kind": "exception", "message": "TypeError: Cannot read properties of undefined (reading 'items')"}, {"kind": "unhandled_rejection", "message": "Error: feed unavailable"}], "dialogs": [], "waited_ms": 3000, "ended_by": "limit"}};

// spec/messages/commands/click.yaml: examples.result.invalid[0]: required fields missing
// @ts-expect-error
export const example49: ClickResult = {};

// spec/messages/commands/click.yaml: examples.result.invalid[1]: effects missing
// @ts-expect-error
export const example50: ClickResult = {"success": true, "selector": "#a", "tag": "button", "bounds": {"x": 0, "y": 0, "width": 1, "height": 1}};

// spec/messages/commands/click.yaml: examples.result.invalid[2]: ended_by is neither quiet nor limit
// @ts-expect-error
export const example51: ClickResult = {"success": true, "selector": "#a", "tag": "button", "bounds": {"x": 0, "y": 0, "width": 1, "height": 1}, "effects": {"navigated": false, "url": "x", "requests": 0, "pending_requests": 0, "failed_count": 0, "failed_requests": [], "error_count": 0, "errors": [], "dialogs": [], "waited_ms": 400, "ended_by": "idle"}};

// spec/messages/commands/click.yaml: examples.result.invalid[3]: not a dialog it reports
// @ts-expect-error
export const example52: ClickResult = {"success": true, "selector": "#a", "tag": "button", "bounds": {"x": 0, "y": 0, "width": 1, "height": 1}, "effects": {"navigated": false, "url": "x", "requests": 0, "pending_requests": 0, "failed_count": 0, "failed_requests": [], "error_count": 0, "errors": [], "dialogs": [{"type": "beforeunload", "message": "x", "open": false}], "waited_ms": 400, "ended_by": "quiet"}};

// spec/messages/commands/delete_state.yaml: examples.params.valid[0]
export const example53: DeleteStateParams = {"snapshot_name": "cart_full"};

// spec/messages/commands/delete_state.yaml: examples.params.valid[1]
export const example54: DeleteStateParams = {"snapshot_name": "old-session_2"};

// spec/messages/commands/delete_state.yaml: examples.params.invalid[0]: snapshot_name missing
// @ts-expect-error
export const example55: DeleteStateParams = {};

// spec/messages/commands/delete_state.yaml: examples.params.invalid[1]: empty name (a value constraint: checked by the daemon only)

// spec/messages/commands/delete_state.yaml: examples.params.invalid[2]: snapshot_name is not a string
// @ts-expect-error
export const example57: DeleteStateParams = {"snapshot_name": ["cart_full"]};

// spec/messages/commands/delete_state.yaml: examples.result.valid[0]
export const example58: DeleteStateResult = {"success": true, "snapshot_name": "cart_full"};

// spec/messages/commands/delete_state.yaml: examples.result.invalid[0]: required fields missing
// @ts-expect-error
export const example59: DeleteStateResult = {};

// spec/messages/commands/dom_query.yaml: examples.params.valid[0]
export const example60: DomQueryParams = {"selector": "#user-list > li"};

// spec/messages/commands/dom_query.yaml: examples.params.valid[1]
export const example61: DomQueryParams = {"selector": "button.primary", "include_styles": true, "properties": ["display", "color"], "include_children": true, "max_depth": 2};

// spec/messages/commands/dom_query.yaml: examples.params.valid[2]
export const example62: DomQueryParams = {"selector": "button.primary", "include_styles": true, "properties": ["display", "color", "background-color"]};

// spec/messages/commands/dom_query.yaml: examples.params.valid[3]
export const example63: DomQueryParams = {"selector": "nav", "include_children": true, "max_depth": 2};

// spec/messages/commands/dom_query.yaml: examples.params.invalid[0]: selector missing
// @ts-expect-error
export const example64: DomQueryParams = {};

// spec/messages/commands/dom_query.yaml: examples.params.invalid[1]: empty selector (a value constraint: checked by the daemon only)

// spec/messages/commands/dom_query.yaml: examples.params.invalid[2]: negative depth (a value constraint: checked by the daemon only)

// spec/messages/commands/dom_query.yaml: examples.params.invalid[3]: include_styles is not a boolean
// @ts-expect-error
export const example67: DomQueryParams = {"selector": "a", "include_styles": "yes"};

// spec/messages/commands/dom_query.yaml: examples.params.invalid[4]: null is not a boolean (leave it out for the default)
// @ts-expect-error
export const example68: DomQueryParams = {"selector": "a", "include_children": null};

// spec/messages/commands/dom_query.yaml: examples.params.invalid[5]: negative depth (a value constraint: checked by the daemon only)

// spec/messages/commands/dom_query.yaml: examples.params.invalid[6]: include_children is not a boolean
// @ts-expect-error
export const example70: DomQueryParams = {"selector": "nav", "include_children": "yes"};

// spec/messages/commands/dom_query.yaml: examples.params.invalid[7]: unknown parameter
// @ts-expect-error
export const example71: DomQueryParams = {"selector": "nav", "limit": 5};

// spec/messages/commands/dom_query.yaml: examples.result.valid[0]
export const example72: DomQueryResult = {"url": "http://localhost:3000/dashboard", "title": "My App - Dashboard", "matches": [{"selector": "#user-list > li:nth-child(1)", "tag": "li", "attributes": {"class": "user-item active", "data-id": "42"}, "text": "Alice Johnson", "boundingBox": {"x": 20, "y": 140, "width": 300, "height": 48}, "visible": true, "styles": {"display": "flex", "color": "rgb(0, 0, 0)"}, "children": [{"tag": "span", "attributes": {"class": "name"}, "text": "Alice Johnson"}, {"tag": "span", "attributes": {"class": "status"}, "text": "Online"}]}], "matchCount": 5, "returnedCount": 1};

// spec/messages/commands/dom_query.yaml: examples.result.valid[1]
export const example73: DomQueryResult = {"url": "http://localhost:3000/dashboard", "title": "My App - Dashboard", "matches": [{"selector": "#user-list > li:nth-child(1)", "tag": "li", "attributes": {"class": "user-item active", "data-id": "42"}, "text": "Alice Johnson", "boundingBox": {"x": 20, "y": 140, "width": 300, "height": 48}, "visible": true, "children": [{"tag": "span", "attributes": {"class": "name"}, "text": "Alice Johnson"}, {"tag": "span", "attributes": {"class": "status"}, "text": "Online"}]}], "matchCount": 5, "returnedCount": 1};

// spec/messages/commands/dom_query.yaml: examples.result.valid[2]
export const example74: DomQueryResult = {"url": "http://localhost:3000/empty", "title": "Empty", "matches": [], "matchCount": 0, "returnedCount": 0};

// spec/messages/commands/dom_query.yaml: examples.result.invalid[0]: element without a tag
// @ts-expect-error
export const example75: DomQueryResult = {"url": "x", "title": "y", "matches": [{"text": "no tag"}], "matchCount": 1, "returnedCount": 1};

// spec/messages/commands/dom_query.yaml: examples.result.invalid[1]: negative count (a value constraint: checked by the daemon only)

// spec/messages/commands/execute_js.yaml: examples.params.valid[0]
export const example77: ExecuteJsParams = {"script": "window.__NEXT_DATA__"};

// spec/messages/commands/execute_js.yaml: examples.params.valid[1]
export const example78: ExecuteJsParams = {"script": "localStorage.getItem('auth_token') !== null", "timeout_ms": 1000};

// spec/messages/commands/execute_js.yaml: examples.params.invalid[0]: script missing
// @ts-expect-error
export const example79: ExecuteJsParams = {};

// spec/messages/commands/execute_js.yaml: examples.params.invalid[1]: timeout must be positive (a value constraint: checked by the daemon only)

// spec/messages/commands/execute_js.yaml: examples.params.invalid[2]: timeout_ms is not an integer
// @ts-expect-error
export const example81: ExecuteJsParams = {"script": "1 + 1", "timeout_ms": "5s"};

// spec/messages/commands/execute_js.yaml: examples.params.invalid[3]: unknown parameter (use script)
// @ts-expect-error
export const example82: ExecuteJsParams = {"code": "1 + 1"};

// spec/messages/commands/execute_js.yaml: examples.result.valid[0]
export const example83: ExecuteJsResult = {"success": true, "result": 2, "execution_path": "page_context", "duration_ms": 1};

// spec/messages/commands/execute_js.yaml: examples.result.valid[1]
export const example84: ExecuteJsResult = {"success": true, "result": {"user": {"id": "42", "name": "Alice"}, "cart": {"items": 3}}, "execution_path": "debugger", "duration_ms": 14};

// spec/messages/commands/execute_js.yaml: examples.result.valid[2]
export const example85: ExecuteJsResult = {"success": false, "error": "Error: test", "stack": "Error: test\n    at <anonymous>:1:7", "execution_path": "page_context", "duration_ms": 0};

// spec/messages/commands/execute_js.yaml: examples.result.invalid[0]: required fields missing
// @ts-expect-error
export const example86: ExecuteJsResult = {};

// spec/messages/commands/highlight.yaml: examples.params.valid[0]
export const example87: HighlightParams = {"selector": "#submit-btn"};

// spec/messages/commands/highlight.yaml: examples.params.valid[1]
export const example88: HighlightParams = {"selector": "form.checkout button[type=submit]", "duration_ms": 3000};

// spec/messages/commands/highlight.yaml: examples.params.invalid[0]: selector missing
// @ts-expect-error
export const example89: HighlightParams = {};

// spec/messages/commands/highlight.yaml: examples.params.invalid[1]: duration must be positive (a value constraint: checked by the daemon only)

// spec/messages/commands/highlight.yaml: examples.params.invalid[2]: duration_ms is not an integer
// @ts-expect-error
export const example91: HighlightParams = {"selector": "#submit-btn", "duration_ms": "3s"};

// spec/messages/commands/highlight.yaml: examples.params.invalid[3]: unknown parameter
// @ts-expect-error
export const example92: HighlightParams = {"selector": "#submit-btn", "color": "blue"};

// spec/messages/commands/highlight.yaml: examples.result.valid[0]
export const example93: HighlightResult = {"success": true, "selector": "#submit-btn", "bounds": {"x": 640, "y": 512, "width": 120, "height": 40}};

// spec/messages/commands/highlight.yaml: examples.result.invalid[0]: required fields missing
// @ts-expect-error
export const example94: HighlightResult = {};

// spec/messages/commands/list_states.yaml: examples.params.valid[0]
export const example95: ListStatesParams = {};

// spec/messages/commands/list_states.yaml: examples.params.invalid[0]: list_states takes no parameters
// @ts-expect-error
export const example96: ListStatesParams = {"snapshot_name": "cart_full"};

// spec/messages/commands/list_states.yaml: examples.params.invalid[1]: unknown parameter
// @ts-expect-error
export const example97: ListStatesParams = {"limit": 10};

// spec/messages/commands/list_states.yaml: examples.result.valid[0]
export const example98: ListStatesResult = {"snapshots": [{"name": "cart_full", "url": "http://localhost:3000/cart", "timestamp": "2026-11-22T10:15:00Z", "size_bytes": 1234}, {"name": "logged-in-admin", "url": "http://localhost:3000/admin", "timestamp": "2026-11-21T17:02:41Z", "size_bytes": 860}]};

// spec/messages/commands/list_states.yaml: examples.result.valid[1]
export const example99: ListStatesResult = {"snapshots": []};

// spec/messages/commands/list_states.yaml: examples.result.invalid[0]: required fields missing
// @ts-expect-error
export const example100: ListStatesResult = {};

// spec/messages/commands/load_state.yaml: examples.params.valid[0]
export const example101: LoadStateParams = {"snapshot_name": "cart_full"};

// spec/messages/commands/load_state.yaml: examples.params.valid[1]
export const example102: LoadStateParams = {"snapshot_name": "logged-in-admin", "include_url": false};

// spec/messages/commands/load_state.yaml: examples.params.invalid[0]: snapshot_name missing
// @ts-expect-error
export const example103: LoadStateParams = {"include_url": true};

// spec/messages/commands/load_state.yaml: examples.params.invalid[1]: include_url is not a boolean
// @ts-expect-error
export const example104: LoadStateParams = {"snapshot_name": "cart_full", "include_url": "no"};

// spec/messages/commands/load_state.yaml: examples.params.invalid[2]: space in the name (a value constraint: checked by the daemon only)

// spec/messages/commands/load_state.yaml: examples.result.valid[0]
export const example106: LoadStateResult = {"success": true, "snapshot_name": "cart_full", "restored": {"localStorage": 5, "sessionStorage": 2, "cookies": 3}, "navigated_to": "http://localhost:3000/cart"};

// spec/messages/commands/load_state.yaml: examples.result.valid[1]
export const example107: LoadStateResult = {"success": true, "snapshot_name": "logged-in-admin", "restored": {"localStorage": 2, "sessionStorage": 0, "cookies": 1}};

// spec/messages/commands/load_state.yaml: examples.result.invalid[0]: required fields missing
// @ts-expect-error
export const example108: LoadStateResult = {};

// spec/messages/commands/navigate.yaml: examples.params.valid[0]
export const example109: NavigateParams = {"url": "http://localhost:3000/login"};

// spec/messages/commands/navigate.yaml: examples.params.valid[1]
export const example110: NavigateParams = {"url": "http://localhost:3000/cart?step=2", "wait_for_load": false};

// spec/messages/commands/navigate.yaml: examples.params.invalid[0]: url missing
// @ts-expect-error
export const example111: NavigateParams = {};

// spec/messages/commands/navigate.yaml: examples.params.invalid[1]: wait_for_load is not a boolean
// @ts-expect-error
export const example112: NavigateParams = {"url": "http://localhost:3000", "wait_for_load": "yes"};

// spec/messages/commands/navigate.yaml: examples.params.invalid[2]: unknown parameter
// @ts-expect-error
export const example113: NavigateParams = {"url": "http://localhost:3000", "new_tab": true};

// spec/messages/commands/navigate.yaml: examples.params.invalid[3]: not an absolute URL (no scheme) (a value constraint: checked by the daemon only)

// spec/messages/commands/navigate.yaml: examples.params.invalid[4]: null is not a boolean
// @ts-expect-error
export const example115: NavigateParams = {"url": "http://localhost:3000", "wait_for_load": null};

// spec/messages/commands/navigate.yaml: examples.result.valid[0]
export const example116: NavigateResult = {"success": true, "url": "http://localhost:3000/login", "title": "My App - Sign in", "status": 200};

// spec/messages/commands/navigate.yaml: examples.result.valid[1]
export const example117: NavigateResult = {"success": true, "url": "http://localhost:3000/login", "title": "My App - Sign in", "status": 200, "effects": {"navigated": true, "url": "http://localhost:3000/login", "title": "My App - Sign in", "requests": 2, "pending_requests": 0, "failed_count": 1, "failed_requests": [{"method": "GET", "url": "http://localhost:3000/api/session", "type": "fetch", "status": 401}], "error_count": 0, "errors": [], "dialogs": [], "waited_ms": 455, "ended_by": "quiet"}};

// spec/messages/commands/navigate.yaml: examples.result.valid[2]
export const example118: NavigateResult = {"success": true, "url": "http://localhost:3000/cart?step=2"};

// spec/messages/commands/navigate.yaml: examples.result.invalid[0]: required fields missing
// @ts-expect-error
export const example119: NavigateResult = {};

// spec/messages/commands/new_tab.yaml: examples.params.valid[0]
export const example120: NewTabParams = {};

// spec/messages/commands/new_tab.yaml: examples.params.valid[1]
export const example121: NewTabParams = {"url": "http://localhost:3000/checkout", "track": true};

// spec/messages/commands/new_tab.yaml: examples.params.invalid[0]: track is not a boolean
// @ts-expect-error
export const example122: NewTabParams = {"track": "yes"};

// spec/messages/commands/new_tab.yaml: examples.params.invalid[1]: unknown parameter
// @ts-expect-error
export const example123: NewTabParams = {"url": "http://localhost:3000", "active": true};

// spec/messages/commands/new_tab.yaml: examples.result.valid[0]
export const example124: NewTabResult = {"success": true, "tab_id": 1873, "url": "http://localhost:3000/checkout", "tracked": true, "effects": {"navigated": true, "url": "http://localhost:3000/checkout", "title": "Checkout", "requests": 6, "pending_requests": 0, "failed_count": 0, "failed_requests": [], "error_count": 0, "errors": [], "dialogs": [], "waited_ms": 430, "ended_by": "quiet"}};

// spec/messages/commands/new_tab.yaml: examples.result.valid[1]
export const example125: NewTabResult = {"success": true, "tab_id": 1874, "url": "about:blank", "tracked": false, "effects": {"navigated": false, "url": "about:blank", "requests": 0, "pending_requests": 0, "failed_count": 0, "failed_requests": [], "error_count": 0, "errors": [], "dialogs": [], "waited_ms": 400, "ended_by": "quiet"}};

// spec/messages/commands/new_tab.yaml: examples.result.invalid[0]: required fields missing
// @ts-expect-error
export const example126: NewTabResult = {};

// spec/messages/commands/new_tab.yaml: examples.result.invalid[1]: effects missing
// @ts-expect-error
export const example127: NewTabResult = {"success": true, "tab_id": 1874, "url": "about:blank", "tracked": false};

// spec/messages/commands/page_info.yaml: examples.params.valid[0]
export const example128: PageInfoParams = {};

// spec/messages/commands/page_info.yaml: examples.params.invalid[0]: page_info takes no parameters
// @ts-expect-error
export const example129: PageInfoParams = {"selector": "body"};

// spec/messages/commands/page_info.yaml: examples.params.invalid[1]: unknown parameter
// @ts-expect-error
export const example130: PageInfoParams = {"force_refresh": true};

// spec/messages/commands/page_info.yaml: examples.result.valid[0]
export const example131: PageInfoResult = {"url": "http://localhost:3000/dashboard", "title": "My App - Dashboard", "viewport": {"width": 1440, "height": 900}, "scroll": {"x": 0, "y": 320}, "documentHeight": 2400, "forms": [{"id": "login-form", "action": "/api/login", "fields": ["email", "password"]}], "headings": ["Dashboard", "Recent Activity", "Settings"], "links": 24, "images": 8, "interactiveElements": 15};

// spec/messages/commands/page_info.yaml: examples.result.invalid[0]: most fields missing
// @ts-expect-error
export const example132: PageInfoResult = {"url": "x", "title": "y"};

// spec/messages/commands/page_info.yaml: examples.result.invalid[1]: fractional link count (a value constraint: checked by the daemon only)

// spec/messages/commands/refresh.yaml: examples.params.valid[0]
export const example134: RefreshParams = {};

// spec/messages/commands/refresh.yaml: examples.params.valid[1]
export const example135: RefreshParams = {"bypass_cache": true};

// spec/messages/commands/refresh.yaml: examples.params.invalid[0]: bypass_cache is not a boolean
// @ts-expect-error
export const example136: RefreshParams = {"bypass_cache": 1};

// spec/messages/commands/refresh.yaml: examples.params.invalid[1]: unknown parameter
// @ts-expect-error
export const example137: RefreshParams = {"hard": true};

// spec/messages/commands/refresh.yaml: examples.result.valid[0]
export const example138: RefreshResult = {"success": true, "url": "http://localhost:3000/dashboard", "effects": {"navigated": true, "url": "http://localhost:3000/dashboard", "title": "Dashboard", "requests": 9, "pending_requests": 0, "failed_count": 0, "failed_requests": [], "error_count": 1, "errors": [{"kind": "exception", "message": "ReferenceError: chart is not defined"}], "dialogs": [], "waited_ms": 470, "ended_by": "quiet"}};

// spec/messages/commands/refresh.yaml: examples.result.invalid[0]: required fields missing
// @ts-expect-error
export const example139: RefreshResult = {};

// spec/messages/commands/refresh.yaml: examples.result.invalid[1]: effects missing
// @ts-expect-error
export const example140: RefreshResult = {"success": true, "url": "http://localhost:3000/dashboard"};

// spec/messages/commands/save_state.yaml: examples.params.valid[0]
export const example141: SaveStateParams = {"snapshot_name": "cart_full"};

// spec/messages/commands/save_state.yaml: examples.params.valid[1]
export const example142: SaveStateParams = {"snapshot_name": "logged-in-admin"};

// spec/messages/commands/save_state.yaml: examples.params.invalid[0]: snapshot_name missing
// @ts-expect-error
export const example143: SaveStateParams = {};

// spec/messages/commands/save_state.yaml: examples.params.invalid[1]: unsafe characters in the name (a value constraint: checked by the daemon only)

// spec/messages/commands/save_state.yaml: examples.params.invalid[2]: snapshot_name is not a string
// @ts-expect-error
export const example145: SaveStateParams = {"snapshot_name": 42};

// spec/messages/commands/save_state.yaml: examples.params.invalid[3]: unknown parameter
// @ts-expect-error
export const example146: SaveStateParams = {"snapshot_name": "cart_full", "include_url": true};

// spec/messages/commands/save_state.yaml: examples.result.valid[0]
export const example147: SaveStateResult = {"success": true, "snapshot_name": "cart_full", "size_bytes": 1234, "counts": {"localStorage": 5, "sessionStorage": 2, "cookies": 3}, "url": "http://localhost:3000/cart"};

// spec/messages/commands/save_state.yaml: examples.result.invalid[0]: required fields missing
// @ts-expect-error
export const example148: SaveStateResult = {};

// spec/messages/commands/type.yaml: examples.params.valid[0]
export const example149: TypeTextParams = {"selector": "input[name=email]", "text": "alice@example.com"};

// spec/messages/commands/type.yaml: examples.params.valid[1]
export const example150: TypeTextParams = {"selector": "#search", "text": "blue shoes", "clear": true, "submit": true};

// spec/messages/commands/type.yaml: examples.params.invalid[0]: text missing
// @ts-expect-error
export const example151: TypeTextParams = {"selector": "#search"};

// spec/messages/commands/type.yaml: examples.params.invalid[1]: selector missing
// @ts-expect-error
export const example152: TypeTextParams = {"text": "hello"};

// spec/messages/commands/type.yaml: examples.params.invalid[2]: submit is not a boolean
// @ts-expect-error
export const example153: TypeTextParams = {"selector": "#search", "text": "hello", "submit": "yes"};

// spec/messages/commands/type.yaml: examples.params.invalid[3]: text is not a string
// @ts-expect-error
export const example154: TypeTextParams = {"selector": "#search", "text": 42};

// spec/messages/commands/type.yaml: examples.result.valid[0]
export const example155: TypeTextResult = {"success": true, "selector": "input[name=email]", "value_length": 17, "effects": {"navigated": false, "url": "http://localhost:3000/signup", "title": "Sign up", "requests": 0, "pending_requests": 0, "failed_count": 0, "failed_requests": [], "error_count": 0, "errors": [], "dialogs": [], "waited_ms": 401, "ended_by": "quiet"}};

// spec/messages/commands/type.yaml: examples.result.valid[1]
export const example156: TypeTextResult = {"success": true, "selector": "#search", "value_length": 10, "effects": {"navigated": true, "url": "http://localhost:3000/search?q=blue+shoes", "title": "Search - blue shoes", "requests": 4, "pending_requests": 0, "failed_count": 0, "failed_requests": [], "error_count": 0, "errors": [], "dialogs": [], "waited_ms": 540, "ended_by": "quiet"}};

// spec/messages/commands/type.yaml: examples.result.invalid[0]: required fields missing
// @ts-expect-error
export const example157: TypeTextResult = {};

// spec/messages/commands/type.yaml: examples.result.invalid[1]: effects missing
// @ts-expect-error
export const example158: TypeTextResult = {"success": true, "selector": "#search", "value_length": 10};

// spec/messages/commands/upload.yaml: examples.params.valid[0]
export const example159: UploadParams = {"selector": "input[type=file]", "file_name": "avatar.png", "mime_type": "image/png", "content_base64": "iVBORw0KGgo="};

// spec/messages/commands/upload.yaml: examples.params.invalid[0]: content missing
// @ts-expect-error
export const example160: UploadParams = {"selector": "input[type=file]", "file_name": "avatar.png", "mime_type": "image/png"};

// spec/messages/commands/upload.yaml: examples.params.invalid[1]: the daemon sends bytes, never paths
// @ts-expect-error
export const example161: UploadParams = {"selector": "input[type=file]", "file_path": "avatar.png"};

// spec/messages/commands/upload.yaml: examples.result.valid[0]
export const example162: UploadResult = {"success": true, "selector": "input[type=file]", "file_name": "avatar.png", "size_bytes": 8, "mime_type": "image/png"};

// spec/messages/commands/upload.yaml: examples.result.invalid[0]: required fields missing
// @ts-expect-error
export const example163: UploadResult = {};

// spec/messages/envelope.yaml: examples.command.valid[0]
export const example164: Command = {"correlation_id": "cmd_01", "kind": "dom_query", "timeout_ms": 10000, "params": {"selector": "#user-list > li"}};

// spec/messages/envelope.yaml: examples.command.valid[1]
export const example165: Command = {"correlation_id": "cmd_02", "kind": "page_info", "tab_id": 7, "timeout_ms": 10000, "issued_at": "2026-11-22T10:30:00Z", "params": {}};

// spec/messages/envelope.yaml: examples.command.invalid[0]: dom_query without a selector
// @ts-expect-error
export const example166: Command = {"correlation_id": "cmd_01", "kind": "dom_query", "timeout_ms": 10000, "params": {}};

// spec/messages/envelope.yaml: examples.command.invalid[1]: page_info takes no parameters
// @ts-expect-error
export const example167: Command = {"correlation_id": "cmd_01", "kind": "page_info", "timeout_ms": 10000, "params": {"selector": "a"}};

// spec/messages/envelope.yaml: examples.command.invalid[2]: unknown kind
// @ts-expect-error
export const example168: Command = {"correlation_id": "cmd_01", "kind": "reboot", "timeout_ms": 10000, "params": {}};

// spec/messages/envelope.yaml: examples.command.invalid[3]: correlation id with spaces (a value constraint: checked by the daemon only)

// spec/messages/envelope.yaml: examples.result.valid[0]
export const example170: CommandResult = {"correlation_id": "cmd_01", "kind": "dom_query", "status": "ok", "tab_id": 7, "duration_ms": 4.2, "result": {"url": "http://localhost:3000/", "title": "Home", "matches": [{"tag": "h1", "text": "Welcome"}], "matchCount": 1, "returnedCount": 1}};

// spec/messages/envelope.yaml: examples.result.valid[1]
export const example171: CommandResult = {"correlation_id": "cmd_01", "kind": "dom_query", "status": "error", "error": {"code": "invalid_selector", "message": "'#' is not a valid selector"}};

// spec/messages/envelope.yaml: examples.result.invalid[0]: unknown status
// @ts-expect-error
export const example172: CommandResult = {"correlation_id": "cmd_01", "kind": "dom_query", "status": "done"};

// spec/messages/envelope.yaml: examples.result.invalid[1]: unknown error code
// @ts-expect-error
export const example173: CommandResult = {"correlation_id": "cmd_01", "kind": "dom_query", "status": "error", "error": {"code": "oops", "message": "x"}};

// spec/messages/envelope.yaml: examples.result.invalid[2]: page_info result missing most fields
// @ts-expect-error
export const example174: CommandResult = {"correlation_id": "cmd_01", "kind": "page_info", "status": "ok", "result": {"url": "x"}};

// spec/messages/approvals.yaml: examples.request.valid[0]
export const example175: ApprovalDecision = {"decision": "approve"};

// spec/messages/approvals.yaml: examples.request.valid[1]
export const example176: ApprovalDecision = {"decision": "deny"};

// spec/messages/approvals.yaml: examples.request.invalid[0]: decision missing
// @ts-expect-error
export const example177: ApprovalDecision = {};

// spec/messages/approvals.yaml: examples.request.invalid[1]: not a decision
// @ts-expect-error
export const example178: ApprovalDecision = {"decision": "maybe"};

// spec/messages/approvals.yaml: examples.request.invalid[2]: the request id belongs in the path
// @ts-expect-error
export const example179: ApprovalDecision = {"decision": "approve", "request_id": "apr_0123456789abcdef"};

// spec/messages/approvals.yaml: examples.response.valid[0]
export const example180: Approval = {"request_id": "apr_3f1c2a9b8e7d6c5b4a392817", "tool": "configure", "mode": "clear", "mutation": "destructive", "scope": "daemon", "summary": "Empty the capture buffers logs (3 entries now); what they hold is lost. [configure(action='clear') with buffers=[\"logs\"]]", "status": "approved", "expires_at": "2026-05-04T10:32:00Z"};

// spec/messages/approvals.yaml: examples.response.valid[1]
export const example181: Approval = {"request_id": "apr_0123456789abcdef0123", "tool": "interact", "mode": "click", "mutation": "mutating", "scope": "tab:7", "summary": "Click #buy in tab 7. [interact(action='click') with selector=\"#buy\"]", "status": "pending", "expires_at": "2026-05-04T10:30:00Z"};

// spec/messages/approvals.yaml: examples.response.invalid[0]: unknown status
// @ts-expect-error
export const example182: Approval = {"request_id": "apr_0123456789abcdef0123", "tool": "configure", "mode": "clear", "mutation": "destructive", "scope": "daemon", "summary": "Empty the buffers.", "status": "maybe", "expires_at": "2026-05-04T10:30:00Z"};

// spec/messages/approvals.yaml: examples.response.invalid[1]: not a request id (a value constraint: checked by the daemon only)

// spec/messages/approvals.yaml: examples.response.invalid[2]: the token is never shown
// @ts-expect-error
export const example184: Approval = {"request_id": "apr_0123456789abcdef0123", "tool": "configure", "mode": "clear", "mutation": "destructive", "scope": "daemon", "summary": "Empty the buffers.", "status": "pending", "expires_at": "2026-05-04T10:30:00Z", "token": "abc"};

// spec/messages/events.yaml: examples.request.valid[0]
export const example185: EventBatch = {"events": [{"type": "console", "ts": "2026-11-22T10:30:00.000Z", "level": "log", "message": "cart loaded 3 items", "tabId": 7}]};

// spec/messages/events.yaml: examples.request.valid[1]
export const example186: EventBatch = {"events": []};

// spec/messages/events.yaml: examples.request.invalid[0]: events is not a list
// @ts-expect-error
export const example187: EventBatch = {"events": {}};

// spec/messages/events.yaml: examples.request.invalid[1]: events missing
// @ts-expect-error
export const example188: EventBatch = {};

// spec/messages/events.yaml: examples.response.valid[0]
export const example189: IngestResult = {"accepted": 1, "rejected": [{"index": 1, "reason": "level: Input should be 'debug', 'log', 'info', 'warn' or 'error'"}]};

// spec/messages/events.yaml: examples.response.invalid[0]: negative count (a value constraint: checked by the daemon only)

// spec/messages/pairing.yaml: examples.request.valid[0]
export const example191: PairingRequest = {"code": "K7QF-2MXP"};

// spec/messages/pairing.yaml: examples.request.invalid[0]: not the form a code is shown in (a value constraint: checked by the daemon only)

// spec/messages/pairing.yaml: examples.request.invalid[1]: no code
// @ts-expect-error
export const example193: PairingRequest = {};

// spec/messages/pairing.yaml: examples.response.valid[0]
export const example194: PanelPairing = {"token": "3b5f0c9a1d7e4f2a8c6b0e9d1f3a5c7e9b1d3f5a7c9e", "paired_at": "2026-11-26T12:00:00Z"};

// spec/messages/pairing.yaml: examples.response.invalid[0]: a token too short to be one (a value constraint: checked by the daemon only)

// spec/messages/panel.yaml: examples.request.valid[0]
export const example196: PanelQuestion = {"text": "Why does checkout fail?"};

// spec/messages/panel.yaml: examples.request.valid[1]
export const example197: PanelQuestion = {"text": "What failed on this page?", "provider": "none"};

// spec/messages/panel.yaml: examples.request.invalid[0]: an empty question (a value constraint: checked by the daemon only)

// spec/messages/panel.yaml: examples.request.invalid[1]: unknown provider
// @ts-expect-error
export const example199: PanelQuestion = {"text": "Why?", "provider": "litellm"};

// spec/messages/panel.yaml: examples.request.invalid[2]: the panel never sends a key
// @ts-expect-error
export const example200: PanelQuestion = {"text": "Why?", "api_key": "sk-123"};

// spec/messages/panel.yaml: examples.response.valid[0]
export const example201: PanelTurn = {"session_id": "sess_0123456789abcdef0123", "turn": 1, "seq": 1, "provider": "none"};

// spec/messages/panel.yaml: examples.response.invalid[0]: not a session id (a value constraint: checked by the daemon only)

// spec/messages/panel.yaml: examples.response.invalid[1]: turns count from 1 (a value constraint: checked by the daemon only)

// spec/messages/provider.yaml: examples.request.valid[0]
export const example204: ProviderRequest = {"provider": "openai", "model": "gpt-4.1-mini", "system": "You help a developer understand the page in front of them.", "messages": [{"role": "user", "content": "Why does checkout fail? Evidence: TypeError: Cannot read properties of undefined (reading 'valueOf')"}, {"role": "assistant", "content": "", "tool_calls": [{"id": "call_1", "name": "observe", "arguments": {"what": "errors"}}]}, {"role": "tool", "content": "{\"entries\": []}", "tool_call_id": "call_1"}], "tools": [{"name": "observe", "description": "Read what was captured.", "input_schema": {"type": "object"}}], "max_tokens": 1024, "redaction": {"policy_version": "1", "redacted_count": 2, "blocked": false}};

// spec/messages/provider.yaml: examples.request.invalid[0]: no messages (a value constraint: checked by the daemon only)

// spec/messages/provider.yaml: examples.request.invalid[1]: unknown provider
// @ts-expect-error
export const example206: ProviderRequest = {"provider": "litellm", "model": "m", "messages": [{"role": "user", "content": "x"}], "tools": [], "max_tokens": 10, "redaction": {"policy_version": "1", "redacted_count": 0, "blocked": false}};

// spec/messages/provider.yaml: examples.request.invalid[2]: system is not a message role (it has its own field)
// @ts-expect-error
export const example207: ProviderRequest = {"provider": "openai", "model": "m", "messages": [{"role": "system", "content": "x"}], "tools": [], "max_tokens": 10, "redaction": {"policy_version": "1", "redacted_count": 0, "blocked": false}};

// spec/messages/provider.yaml: examples.response.valid[0]
export const example208: ProviderReply = {"provider": "anthropic", "model": "claude-sonnet-4-5", "text": "The total reads item.price of a line without one.", "tool_calls": [], "stop_reason": "end", "input_tokens": 812, "output_tokens": 64};

// spec/messages/provider.yaml: examples.response.valid[1]
export const example209: ProviderReply = {"provider": "openai", "model": "gpt-4.1-mini", "text": "", "tool_calls": [{"id": "call_1", "name": "observe", "arguments": {"what": "errors"}}], "stop_reason": "tool_calls"};

// spec/messages/provider.yaml: examples.response.invalid[0]: unknown stop reason
// @ts-expect-error
export const example210: ProviderReply = {"provider": "openai", "model": "m", "text": "x", "tool_calls": [], "stop_reason": "done"};

// spec/messages/provider.yaml: examples.response.invalid[1]: tool call without its id
// @ts-expect-error
export const example211: ProviderReply = {"provider": "openai", "model": "m", "text": "x", "tool_calls": [{"name": "observe", "arguments": {}}], "stop_reason": "tool_calls"};

// spec/messages/sync.yaml: examples.request.valid[0]
export const example212: SyncRequest = {"extension_version": "0.1.0", "settings": {"captureWebSockets": true, "captureNetworkBodies": false, "aiWebPilotEnabled": false}, "tab": {"id": 7, "url": "http://localhost:3000/cart", "title": "Cart", "tracked": true, "loading": true}, "dropped_events": 0};

// spec/messages/sync.yaml: examples.request.valid[1]
export const example213: SyncRequest = {"extension_version": "0.1.0", "settings": {"captureWebSockets": false, "captureNetworkBodies": true, "aiWebPilotEnabled": true}, "dropped_events": 12};

// spec/messages/sync.yaml: examples.request.valid[2]
export const example214: SyncRequest = {"extension_version": "0.1.0", "settings": {"captureWebSockets": true, "captureNetworkBodies": false, "aiWebPilotEnabled": true}, "dropped_events": 0, "wait_ms": 15000, "contract_version": "1.1", "acks": ["cmd_02"], "results": [{"correlation_id": "cmd_01", "kind": "page_info", "status": "error", "error": {"code": "tab_gone", "message": "the tab was closed"}}], "redacted_count": [{"class": "api_key", "count": 2}, {"class": "credential", "count": 1}]};

// spec/messages/sync.yaml: examples.request.invalid[0]: a setting missing
// @ts-expect-error
export const example215: SyncRequest = {"extension_version": "0.1.0", "settings": {"captureWebSockets": true, "captureNetworkBodies": false}, "dropped_events": 0};

// spec/messages/sync.yaml: examples.request.invalid[1]: negative drop count (a value constraint: checked by the daemon only)

// spec/messages/sync.yaml: examples.request.invalid[2]: tab without tracked
// @ts-expect-error
export const example217: SyncRequest = {"extension_version": "0.1.0", "settings": {"captureWebSockets": true, "captureNetworkBodies": false, "aiWebPilotEnabled": false}, "dropped_events": 0, "tab": {"id": 7, "url": "x", "title": "y"}};

// spec/messages/sync.yaml: examples.request.invalid[3]: waits longer than a poll may (a value constraint: checked by the daemon only)

// spec/messages/sync.yaml: examples.request.invalid[4]: a result without kind and status
// @ts-expect-error
export const example219: SyncRequest = {"extension_version": "0.1.0", "settings": {"captureWebSockets": true, "captureNetworkBodies": false, "aiWebPilotEnabled": false}, "dropped_events": 0, "results": [{"correlation_id": "cmd_01"}]};

// spec/messages/sync.yaml: examples.request.invalid[5]: a class counted zero times (a value constraint: checked by the daemon only)

// spec/messages/sync.yaml: examples.request.invalid[6]: a contract version without its minor part (a value constraint: checked by the daemon only)

// spec/messages/sync.yaml: examples.response.valid[0]
export const example222: SyncResponse = {"service": "gasoline", "version": "0.1.0"};

// spec/messages/sync.yaml: examples.response.valid[1]
export const example223: SyncResponse = {"service": "gasoline", "version": "0.1.0", "contract": {"extension": "0.9", "daemon": "1.1", "status": "extension_too_old", "message": "Update the Gasoline extension: it speaks 0.9 and this daemon 1.1."}};

// spec/messages/sync.yaml: examples.response.valid[2]
export const example224: SyncResponse = {"service": "gasoline", "version": "0.1.0", "commands": [{"correlation_id": "cmd_02", "kind": "page_info", "timeout_ms": 10000, "params": {}}]};

// spec/messages/sync.yaml: examples.response.valid[3]
export const example225: SyncResponse = {"service": "gasoline", "version": "0.1.0", "redaction": {"key": "5f2b9c0d4e1a7386b2c4d6e8f0a1b3c5d7e9f1a3b5c7d9e1f3a5b7c9d1e3f5a7", "patterns": [{"name": "internal_ticket_key", "pattern": "TKT-[0-9]{6}-[A-Z]{4}"}]}};

// spec/messages/sync.yaml: examples.response.invalid[0]: not gasoline
// @ts-expect-error
export const example226: SyncResponse = {"service": "other", "version": "0.1.0"};

// spec/messages/sync.yaml: examples.response.invalid[1]: a key too short (a value constraint: checked by the daemon only)

// spec/tools/analyze/accessibility.yaml: examples.results[0]
export const example228: AccessibilityAuditResult = {"url": "http://localhost:3000/signup", "timestamp": "2024-01-15T10:30:00.000Z", "summary": {"violations": 2, "passes": 52, "incomplete": 2, "inapplicable": 31}, "violations": [{"id": "color-contrast", "impact": "serious", "description": "Elements must have sufficient color contrast", "helpUrl": "https://dequeuniversity.com/rules/axe/4.8/color-contrast", "wcag": ["wcag2aa", "1.4.3"], "nodeCount": 1, "nodes": [{"selector": "#signup-form > label:nth-child(2)", "html": "<label class=\"form-label subtle\">Email address</label>", "failureSummary": "Element has insufficient color contrast of 2.8:1 (foreground: #999999, background: #ffffff, required: 4.5:1)", "fix": "Change foreground color to at least #767676 for 4.5:1 contrast ratio"}]}, {"id": "image-alt", "impact": "critical", "description": "Images must have alternate text", "helpUrl": "https://dequeuniversity.com/rules/axe/4.8/image-alt", "wcag": ["wcag2a", "1.1.1"], "nodeCount": 1, "nodes": [{"selector": "img.hero-image", "html": "<img class=\"hero-image\" src=\"/hero.jpg\">", "failureSummary": "Element does not have an alt attribute", "fix": "Add an alt attribute describing the image content"}]}], "cached": false};

// spec/tools/analyze/accessibility.yaml: examples.results[1]
export const example229: AccessibilityAuditResult = {"url": "http://localhost:3000/signup", "timestamp": "2024-01-15T10:30:12.000Z", "summary": {"violations": 0, "passes": 3, "incomplete": 0, "inapplicable": 5}, "violations": [], "passes": [{"id": "label", "description": "Form elements must have labels"}, {"id": "button-name", "description": "Buttons must have discernible text"}, {"id": "image-alt", "description": "Images must have alternate text"}], "cached": true};

// spec/tools/interact/upload.yaml: examples.results[0]
export const example230: UploadResult = {"success": true, "selector": "input[type=file]", "file_name": "avatar.png", "size_bytes": 48213, "mime_type": "image/png"};
