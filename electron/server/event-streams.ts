/** The pages' Server-Sent Event streams (one per open tab): the contract's events to all, a dialog request to one tab. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './http-responses';

/** A page's tab id, as the bootstrap makes it. */
export const TAB_ID = /^[A-Za-z0-9-]{8,64}$/;

export function createEventStreams(onTabGone: (tabId: string) => void) {
  const streams = new Map<ServerResponse, string>();
  const sendEvent = (res: ServerResponse, data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);

  return {
    broadcast(data: unknown): void {
      for (const res of streams.keys()) sendEvent(res, data);
    },

    /** Sends to one stream of the tab; false when the tab has none open. */
    sendToTab(tabId: string, data: unknown): boolean {
      for (const [res, tab] of streams) {
        if (tab !== tabId) continue;
        sendEvent(res, data);
        return true;
      }
      return false;
    },

    /** GET /api/events?tab=…: holds the response open as the tab's stream until the page goes. */
    open(req: IncomingMessage, res: ServerResponse, url: URL): void {
      const tabId = url.searchParams.get('tab') ?? '';
      if (!TAB_ID.test(tabId)) throw new HttpError(400, 'An event stream needs its tab id.');
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      streams.set(res, tabId);
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 25_000);
      heartbeat.unref();
      req.on('close', () => {
        clearInterval(heartbeat);
        streams.delete(res);
        if (![...streams.values()].includes(tabId)) onTabGone(tabId);
      });
    },

    count: () => streams.size,

    endAll(): void {
      for (const res of streams.keys()) res.end();
      streams.clear();
    },
  };
}
