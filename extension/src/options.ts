// Options page: the daemon port (storage.local daemonPort), defaulting to defaults.json's.
import { DAEMON_PORT_KEY, defaultDaemonPort, isValidPort, readDaemonPort } from "./shared/daemon-port";

const form = document.getElementById("options-form") as HTMLFormElement;
const portInput = document.getElementById("port") as HTMLInputElement;
const defaultNote = document.getElementById("default-port") as HTMLElement;
const message = document.getElementById("message") as HTMLElement;

async function show(): Promise<void> {
  const [port, fallback] = await Promise.all([readDaemonPort(), defaultDaemonPort.get()]);
  portInput.value = String(port);
  defaultNote.textContent = `Default: ${fallback}.`;
}

function say(text: string, isError: boolean): void {
  message.textContent = text;
  message.classList.toggle("error", isError);
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const port = Number(portInput.value);
  if (!isValidPort(port)) {
    say("Enter a whole number from 1 to 65535.", true);
    return;
  }
  chrome.storage.local.set({ [DAEMON_PORT_KEY]: port }).then(
    () => say(`Saved: the extension now talks to the daemon on port ${port}.`, false),
    (error: unknown) => say(`Could not save: ${String(error)}`, true),
  );
});

void show();
