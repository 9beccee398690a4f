/**
 * Browser mode (`gpu-planner serve`): runs in the page before the renderer and builds `window.api` exactly as the
 * preload does, but over HTTP to the local server (electron/server/http-server.ts): one POST per call, the events on
 * one Server-Sent Events stream. Every API request carries the per-start token in the X-GPU-Planner-Token header: the
 * page finds it in the URL's fragment (`#token=…`, which browsers never send to a server), keeps it in sessionStorage
 * (this tab, this origin) and drops it from the address bar. No cookie: cookies would go to every port of 127.0.0.1.
 * Native dialogs become browser ones: an open dialog main asks for shows a file picker
 * and uploads the chosen file; a file main saved is downloaded; a file dropped on the window is uploaded first.
 * Built by scripts/build.mjs into dist/server/http-bootstrap.js; the server injects it in index.html.
 */
import { buildApi, type DroppedFile } from '../../shared/ipc/api';
import type { Channel, EventName } from '../../shared/ipc/contract';

interface InvokeAnswer {
  result: unknown;
  downloads: Array<{ url: string; fileName: string }>;
}

type ServerMessage =
  | { event: string; payload: unknown }
  | { control: 'open-file'; id: string; title: string; accept: string }
  | { control: 'notify'; title: string; body: string };

const tabId = crypto.randomUUID();
const listeners = new Map<string, Set<(payload: unknown) => void>>();
const TOKEN_KEY = 'gpu-planner-token';

/** The token of the URL's fragment, moved to sessionStorage (a reload of the tab keeps it), or the one kept there. */
function takeToken(): string {
  const match = /^#token=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
  try {
    if (match) {
      sessionStorage.setItem(TOKEN_KEY, match[1]!);
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
    }
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return match?.[1] ?? ''; // storage disabled: this page load still works
  }
}
const token = takeToken();
/** What every API request sends: the token, which only a script of this origin can put in a header. */
const authHeaders = (): Record<string, string> => ({ 'X-GPU-Planner-Token': token });

function unavailable(message: string) {
  return { ok: false, error: { code: 'SERVER_UNAVAILABLE', message } };
}

/** A file a handler saved: fetched with the token (a plain link could not send it), then saved by the browser. */
async function download(url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { headers: authHeaders(), credentials: 'omit' });
  if (!response.ok) throw new Error(`Download of ${fileName} refused (${response.status}): ${await response.text()}`);
  const href = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

async function invoke(channel: Channel, request: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/api/invoke/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-GPU-Planner-Tab': tabId, ...authHeaders() },
      body: JSON.stringify(request ?? {}),
      credentials: 'omit',
    });
  } catch {
    return unavailable('The GPU Planner server does not answer: is `npm start` (or `gpu-planner serve`) still running?');
  }
  if (!response.ok) return unavailable(`The GPU Planner server refused the request (${response.status}): ${await response.text()}`);
  const answer = (await response.json()) as InvokeAnswer;
  for (const d of answer.downloads) download(d.url, d.fileName).catch((error: unknown) => console.error(error));
  return answer.result;
}

/** Streams a file to the server's session folder; its answer is main's grant: an opaque token and the file's name. */
async function upload(file: File, dialogId?: string): Promise<{ token: string; fileName: string }> {
  const query = new URLSearchParams({ name: file.name, ...(dialogId ? { dialog: dialogId } : {}) });
  const response = await fetch(`/api/upload?${query}`, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': 'application/octet-stream', ...authHeaders() },
    credentials: 'omit',
  });
  if (!response.ok) throw new Error(`Upload of ${file.name} refused (${response.status}): ${await response.text()}`);
  return (await response.json()) as { token: string; fileName: string };
}

/** Main asked for an open dialog: a file picker in this page; the chosen file is uploaded, or the dialog cancelled. */
function openFilePicker(id: string, accept: string): void {
  const input = document.createElement('input');
  input.type = 'file';
  if (accept) input.accept = accept;
  input.style.display = 'none';
  document.body.append(input);
  const cancel = () =>
    void fetch(`/api/dialog/${encodeURIComponent(id)}/cancel`, { method: 'POST', headers: authHeaders(), credentials: 'omit' });
  input.addEventListener('change', () => {
    input.remove();
    const file = input.files?.[0];
    if (!file) return cancel();
    upload(file, id).catch((error: unknown) => {
      console.error(error);
      cancel();
    });
  });
  input.addEventListener('cancel', () => {
    input.remove();
    cancel();
  });
  input.click();
}

function onServerMessage(text: string): void {
  const data = JSON.parse(text) as ServerMessage;
  if ('event' in data) {
    for (const listener of listeners.get(data.event) ?? []) listener(data.payload);
  } else if (data.control === 'open-file') {
    openFilePicker(data.id, data.accept);
  } else if (data.control === 'notify' && 'Notification' in window && Notification.permission === 'granted') {
    new Notification(data.title, { body: data.body });
  }
}

/**
 * The Server-Sent Events stream, read by fetch (EventSource cannot send the token header): `data:` lines up to a
 * blank line make one message; `:` lines are keep-alives. Reconnects as EventSource would, unless refused.
 */
async function connectEvents(): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(`/api/events?tab=${tabId}`, { headers: authHeaders(), credentials: 'omit', cache: 'no-store' });
      if (response.status >= 400 && response.status < 500) {
        console.error(`The event stream was refused (${response.status}): ${await response.text()}`);
        return;
      }
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n?/g, '\n');
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
            .join('\n');
          if (data) onServerMessage(data);
        }
      }
    } catch {
      // the server went away or restarted: try again, as EventSource does
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
}

/**
 * Drops: the renderer asks `files.pathForFile(file)` synchronously (Electron's webUtils). Here the drop is held back
 * while the file uploads, then given to the renderer again; `pathForFile` then answers the upload's token, which the
 * server maps to the uploaded file (a drop never names a server path).
 */
const uploadedDrops = new Map<string, string>();
const dropKey = (file: DroppedFile & { lastModified?: number }) => `${file.name}\u0000${file.size}\u0000${file.lastModified ?? 0}`;
const redispatched = new WeakSet<Event>();

window.addEventListener(
  'drop',
  (event) => {
    const data = event.dataTransfer;
    if (redispatched.has(event) || !data || data.files.length !== 1) return;
    if (data.items[0]?.webkitGetAsEntry?.()?.isDirectory) return; // the renderer names it: "is a folder"
    const file = data.files[0]!;
    const target = event.target;
    event.preventDefault();
    event.stopImmediatePropagation();
    upload(file)
      .then(({ token }) => uploadedDrops.set(dropKey(file), token))
      .catch((error: unknown) => console.error(error))
      .finally(() => {
        const again = new DataTransfer();
        again.items.add(file);
        const replay = new DragEvent('drop', { bubbles: true, cancelable: true, composed: true, dataTransfer: again });
        redispatched.add(replay);
        (target ?? window).dispatchEvent(replay);
      });
  },
  true,
);

(window as unknown as { api: unknown }).api = buildApi(
  invoke,
  (event: EventName, listener) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  },
  {
    pathForFile: (file) => uploadedDrops.get(dropKey(file)) ?? '',
    // A dropped file was uploaded as it was dropped (above): the server granted it, and this is its token.
    grantFile: async (file) => {
      const token = uploadedDrops.get(dropKey(file));
      return token ? { token, fileName: file.name } : null;
    },
  },
);

void connectEvents();
