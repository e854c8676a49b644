// MAIN-world content script, run at document_start in every frame: wraps the page's console,
// error events, fetch, XMLHttpRequest, WebSocket and dialogs, and hands what it sees to the relay.
import { captureConsole } from "./inject/console-capture";
import { captureDialogs } from "./inject/dialog-capture";
import { captureErrors } from "./inject/error-capture";
import { captureFetch } from "./inject/fetch-capture";
import { safely } from "./inject/guard";
import { openChannel } from "./inject/page-channel";
import { captureWebSockets } from "./inject/websocket-capture";
import { captureXhr } from "./inject/xhr-capture";

// Each part on its own: one that cannot install (an API missing in this frame) spares the rest.
for (const install of [openChannel, captureConsole, captureErrors, captureFetch, captureXhr, captureWebSockets, captureDialogs]) {
  safely(install);
}
