// The demo shop's scenarios. Each one does something the Gasoline extension records, and
// window.gasolineDemo exposes them as async functions that resolve once their work is done, for
// the end-to-end tests to await. Only consoleLevels() writes to the console (besides the errors
// the scenarios raise on purpose): the tests count console messages, so the page reports its own
// progress on the page and in document.body.dataset instead.
"use strict";

(() => {
  const AUTHORIZATION = "Bearer demo-secret-token-1234567890";
  const DEMO_USER = "demo-user";
  const DEMO_PASSWORD = "hunter2-demo-password";
  const RUN_ALL = ["consoleLevels", "uncaught", "rejected", "network", "chat", "login"];
  const LOOP_PAUSE_MS = 5000;
  const ACTIVITY_LINES = 50; // so that ?run=loop does not grow the page forever

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // ---- Scenarios

  async function consoleLevels() {
    console.debug("demo debug");
    console.log("demo log", { cart: { items: 3 } });
    console.info("demo info");
    console.warn("demo warn");
    console.error("demo error");
  }

  async function uncaught() {
    const message = "demo uncaught: cart is undefined";
    const reported = windowError("error", message);
    // Thrown from a timer, it has no caller to catch it: a genuinely uncaught error.
    setTimeout(() => {
      throw new TypeError(message);
    }, 0);
    await reported;
  }

  async function rejected() {
    const message = "demo rejection: payment declined";
    const reported = windowError("unhandledrejection", message);
    Promise.reject(new Error(message)); // deliberately no handler
    await reported;
  }

  async function network() {
    const { unreachableUrl } = await config(); // a port nothing listens on
    // A cookie of the page's own, so that the requests below carry a Cookie header.
    document.cookie = "demo_pref=dark; path=/; SameSite=Lax";
    const json = { "Content-Type": "application/json" };
    const requests = [
      ["fetch GET /api/users", () => fetchBody("/api/users", { headers: { Authorization: AUTHORIZATION, "X-Demo": "1" } })],
      ["fetch POST /api/users", () => fetchBody("/api/users", { method: "POST", headers: json, body: JSON.stringify({ name: "Carol" }) })],
      ["fetch GET /api/cart", () => fetchBody("/api/cart")],
      ["fetch GET /api/missing", () => fetchBody("/api/missing")],
      ["fetch GET /api/logo.png", () => fetchBody("/api/logo.png")],
      ["fetch GET /api/large", () => fetchBody("/api/large")],
      [`fetch GET ${unreachableUrl}`, () => fetchBody(unreachableUrl)],
      ["XHR GET /api/users", () => xhr("/api/users")],
      ["XHR GET /api/missing", () => xhr("/api/missing")],
      [`XHR GET ${unreachableUrl}`, () => xhr(unreachableUrl)],
    ];
    const results = [];
    // One at a time, so that the capture sees them in this order.
    for (const [request, send] of requests) {
      try {
        results.push({ request, status: await send() });
      } catch (error) {
        results.push({ request, error: String(error) });
      }
    }
    return results;
  }

  async function chat() {
    const session = await openChat();
    const replies = [];
    // The last one is 8 KB, over the 4 KB a WebSocket message capture keeps, both ways.
    for (const text of ["hello", "how are you?", "x".repeat(8 * 1024)]) {
      replies.push(await say(session, text));
    }
    const sent = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
    session.socket.send(sent.buffer);
    const echoed = new Uint8Array(await session.next());
    const closed = new Promise((resolve) => session.socket.addEventListener("close", resolve, { once: true }));
    session.socket.send(JSON.stringify({ type: "close" }));
    const { code, reason } = await closed;
    return {
      replies,
      binary: { bytes: echoed.length, reversed: echoed.every((byte, i) => byte === sent[sent.length - 1 - i]) },
      close: { code, reason },
    };
  }

  async function login() {
    const form = document.getElementById("login-form");
    form.elements.username.value = DEMO_USER;
    form.elements.password.value = DEMO_PASSWORD;
    return submitLogin(form);
  }

  async function fetchMany(n, path = "/api/ping") {
    const times = [];
    const first = performance.now();
    for (let i = 0; i < n; i++) {
      const start = performance.now();
      await fetchBody(path);
      times.push(performance.now() - start);
    }
    // performance.now() is coarsened (to 0.1 ms outside cross-origin isolation), so each time is
    // too; the mean over the whole run is not.
    return { median_ms: median(times), mean_ms: (performance.now() - first) / n, times_ms: times };
  }

  async function runAll() {
    const results = {};
    for (const name of RUN_ALL) results[name] = await demo[name]();
    return results;
  }

  const demo = Object.freeze({ consoleLevels, uncaught, rejected, network, chat, login, fetchMany, runAll });
  window.gasolineDemo = demo;

  // ---- Helpers

  // Resolves when the window sees `type` ("error" or "unhandledrejection") for an error with this
  // message, one task later so that the browser has reported it to the console by then.
  function windowError(type, message) {
    return new Promise((resolve) => {
      const listener = (event) => {
        const error = type === "error" ? event.error : event.reason;
        if (error?.message !== message) return;
        window.removeEventListener(type, listener);
        setTimeout(resolve, 0);
      };
      window.addEventListener(type, listener);
    });
  }

  // Fetches and reads the whole body, so that the request is complete; returns the status.
  async function fetchBody(url, init) {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return response.status;
  }

  function xhr(url) {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open("GET", url);
      request.addEventListener("load", () => resolve(request.status));
      request.addEventListener("error", () => reject(new Error(`XHR GET ${url} failed`)));
      request.send();
    });
  }

  // A WebSocket whose messages are read in arrival order with next(); resolves once open.
  function openSocket(url) {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.binaryType = "arraybuffer";
      const arrived = [];
      const waiting = [];
      const next = () => {
        if (arrived.length) return Promise.resolve(arrived.shift());
        if (socket.readyState === WebSocket.CLOSED) return Promise.reject(new Error("chat closed"));
        return new Promise((onMessage, onClose) => waiting.push({ onMessage, onClose }));
      };
      socket.addEventListener("message", (event) => {
        const waiter = waiting.shift();
        if (waiter) waiter.onMessage(event.data);
        else arrived.push(event.data);
      });
      socket.addEventListener("close", () => {
        for (const waiter of waiting.splice(0)) waiter.onClose(new Error("chat closed"));
      });
      socket.addEventListener("open", () => resolve({ socket, next }), { once: true });
      socket.addEventListener("error", () => reject(new Error(`cannot connect to ${url}`)), { once: true });
    });
  }

  // Where the server's WebSocket listens, and a URL nothing answers.
  async function config() {
    return (await fetch("/config.json")).json();
  }

  // Opens a chat session at the URL the server gives in /config.json, past its welcome.
  async function openChat() {
    const { wsUrl } = await config();
    const session = await openSocket(wsUrl);
    const welcome = JSON.parse(await session.next());
    if (welcome.type !== "welcome") throw new Error(`expected a welcome, got ${JSON.stringify(welcome)}`);
    return session;
  }

  // Sends one chat text and returns the bot's reply.
  async function say(session, msg) {
    session.socket.send(JSON.stringify({ type: "chat", msg }));
    return JSON.parse(await session.next()).msg;
  }

  async function submitLogin(form) {
    const response = await fetch("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(Object.fromEntries(new FormData(form))),
    });
    return { status: response.status, body: await response.json() };
  }

  function median(values) {
    if (!values.length) return null;
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }

  // ---- Page: buttons, chat box, login form, ?run=

  function note(text) {
    const list = document.getElementById("activity");
    if (!list) return; // bench.html has no UI
    const item = document.createElement("li");
    item.textContent = text.length > 160 ? `${text.slice(0, 160)}...` : text;
    list.append(item);
    while (list.childElementCount > ACTIVITY_LINES) list.firstElementChild.remove();
  }

  // Runs scenarios by name, noting each outcome on the page, then marks the run done.
  async function run(names) {
    for (const name of names) {
      try {
        if (!Object.hasOwn(demo, name)) throw new Error(`unknown scenario ${name}`);
        const result = await demo[name]();
        note(`${name}: ${result === undefined ? "done" : JSON.stringify(result)}`);
      } catch (error) {
        document.body.dataset.error = `${name}: ${error}`;
        note(`${name} failed: ${error}`);
      }
    }
    document.body.dataset.done = "1";
  }

  let chatBox = null; // the chat box's own session (a promise), opened on its first message

  async function chatBoxSend(text) {
    const lines = document.getElementById("chat-messages");
    const show = (who, line) => {
      const item = document.createElement("li");
      item.textContent = `${who}: ${line}`;
      lines.append(item);
    };
    show("you", text);
    try {
      chatBox ??= openChat();
      show("bot", await say(await chatBox, text));
    } catch (error) {
      chatBox = null; // reconnect with the next message
      show("error", String(error));
    }
  }

  for (const button of document.querySelectorAll("[data-scenario]")) {
    button.addEventListener("click", () => run([button.dataset.scenario]));
  }

  document.getElementById("chat-form")?.addEventListener("submit", (event) => {
    event.preventDefault();
    const input = event.target.elements.message;
    const text = input.value.trim();
    input.value = "";
    if (text) chatBoxSend(text);
  });

  document.getElementById("login-form")?.addEventListener("submit", (event) => {
    event.preventDefault();
    submitLogin(event.target).then(
      (result) => note(`login: ${JSON.stringify(result)}`),
      (error) => note(`login failed: ${error}`),
    );
  });

  window.addEventListener("load", async () => {
    const wanted = new URLSearchParams(location.search).get("run");
    if (!wanted) return;
    await sleep(100);
    if (wanted === "loop") {
      // For long-running idle checks: everything, every few seconds, until the page goes away.
      for (;;) {
        await run(["runAll"]);
        await sleep(LOOP_PAUSE_MS);
      }
    }
    const names = wanted === "all" ? ["runAll"] : wanted.split(",").map((name) => name.trim()).filter(Boolean);
    await run(names);
    // ?again=MS: the same once more after MS, with the page idle meanwhile (for the service-worker idle check).
    const again = Number(new URLSearchParams(location.search).get("again"));
    if (again > 0) {
      await sleep(again);
      delete document.body.dataset.done;
      await run(names);
    }
  });
})();
