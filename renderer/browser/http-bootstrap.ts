/**
 * Browser mode (`gpu-planner serve`): runs in the page before the renderer and builds `window.api` exactly as the
 * preload does, but over HTTP to the local server (electron/server/http-server.ts): one POST per call, the events on
 * one Server-Sent Events stream. Native dialogs become browser ones: an open dialog main asks for shows a file picker
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

function unavailable(message: string) {
  return { ok: false, error: { code: 'SERVER_UNAVAILABLE', message } };
}

function download(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}

async function invoke(channel: Channel, request: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/api/invoke/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-GPU-Planner-Tab': tabId },
      body: JSON.stringify(request ?? {}),
      credentials: 'same-origin',
    });
  } catch {
    return unavailable('The GPU Planner server does not answer: is `npm start` (or `gpu-planner serve`) still running?');
  }
  if (!response.ok) return unavailable(`The GPU Planner server refused the request (${response.status}): ${await response.text()}`);
  const answer = (await response.json()) as InvokeAnswer;
  for (const d of answer.downloads) download(d.url, d.fileName);
  return answer.result;
}

/** Streams a file to the server's session folder; its answer is main's grant: an opaque token and the file's name. */
async function upload(file: File, dialogId?: string): Promise<{ token: string; fileName: string }> {
  const query = new URLSearchParams({ name: file.name, ...(dialogId ? { dialog: dialogId } : {}) });
  const response = await fetch(`/api/upload?${query}`, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': 'application/octet-stream' },
    credentials: 'same-origin',
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
  const cancel = () => void fetch(`/api/dialog/${encodeURIComponent(id)}/cancel`, { method: 'POST', credentials: 'same-origin' });
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

function connectEvents(): void {
  const source = new EventSource(`/api/events?tab=${tabId}`);
  source.onmessage = (message) => {
    const data = JSON.parse(message.data as string) as ServerMessage;
    if ('event' in data) {
      for (const listener of listeners.get(data.event) ?? []) listener(data.payload);
    } else if (data.control === 'open-file') {
      openFilePicker(data.id, data.accept);
    } else if (data.control === 'notify' && 'Notification' in window && Notification.permission === 'granted') {
      new Notification(data.title, { body: data.body });
    }
  };
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

connectEvents();
