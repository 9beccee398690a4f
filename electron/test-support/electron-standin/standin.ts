/**
 * A stand-in for the `electron` module, so the BUILT main.cjs and preload.cjs run under Node in the tests (Electron's
 * binary cannot be downloaded here). It follows Electron 39's documented behaviour where the app depends on it:
 * - app lifecycle: 'will-finish-launching', 'ready'; app.quit() emits 'before-quit', closes every window (each 'close'
 *   then 'closed'), then 'will-quit' and 'quit' — and NOT 'window-all-closed'; a prevented 'will-quit' cancels the quit
 *   (a later app.quit() starts over with 'before-quit'); app.exit() destroys the windows and emits only 'quit'.
 *   Closing the last window while not quitting emits 'window-all-closed' (no listener: the app quits).
 * - app.getAppPath() is the folder holding package.json (app.asar when packaged), getName()/getVersion() come from that
 *   package.json (productName, else name), userData = appData/<name>.
 * - BrowserWindow/webContents: loadFile gives the canonical percent-encoded file URL Chromium reports; the preload runs
 *   in a sandbox whose `require` only gives 'electron'; ipcRenderer.invoke reaches ipcMain.handle with senderFrame.url
 *   and structured-clone copies both ways; a second ipcMain.handle for one channel throws; contextBridge refuses to
 *   expose a key twice; page-initiated navigations emit 'will-frame-navigate' then 'will-navigate' with details.url.
 * - dialog, Notification, Menu, shell, screen, session (CSP header hook, permission request and check handlers).
 * The test side (`StandinControl`) plays the user and the page: answers dialogs, navigates, opens windows.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { chromiumFileUrl } from './urls';

export interface Display {
  id: number;
  bounds: { x: number; y: number; width: number; height: number };
  workArea: { x: number; y: number; width: number; height: number };
  scaleFactor: number;
}

export interface StandinOptions {
  /** The folder holding the app's package.json (in a packaged app: the extracted app.asar). */
  appPath: string;
  /** appData (userData = appData/<app name>). */
  appDataDir: string;
  isPackaged?: boolean;
  /** process.resourcesPath when packaged. */
  resourcesPath?: string;
  displays?: Display[];
  platform?: NodeJS.Platform;
}

type Listener = (...args: unknown[]) => void;

/** Electron's Event: preventDefault() and defaultPrevented, plus the details of the event when it has any. */
function electronEvent<T extends object>(details: T = {} as T): T & { preventDefault(): void; defaultPrevented: boolean } {
  const event = {
    ...details,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

/** contextBridge copies: values by structured clone, functions as proxies that clone their arguments and results. */
function bridgeCopy(value: unknown, depth = 0): unknown {
  if (depth > 1000) throw new Error('contextBridge: object too deep');
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    return (...args: unknown[]) => {
      const result = fn(...(args.map((a) => bridgeCopy(a, depth + 1)) as unknown[]));
      if (result instanceof Promise || (result && typeof (result as Promise<unknown>).then === 'function')) {
        return Promise.resolve(result).then((r) => bridgeCopy(r, depth + 1));
      }
      return bridgeCopy(result, depth + 1);
    };
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => bridgeCopy(v, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null) {
    // A plain object (of this realm or the preload's): copied key by key, functions proxied; class instances lose
    // their prototype (as contextBridge does) through structured clone below.
    const copy: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) copy[key] = bridgeCopy(v, depth + 1);
    return copy;
  }
  return structuredClone(value);
}

export interface StandinControl {
  /** The `electron` module as main sees it. */
  main: Record<string, unknown>;
  /** Lifecycle and other app events, in the order they were emitted. */
  events: string[];
  /** Resolves with the exit code when the app terminates (after 'quit'). */
  exited: Promise<number>;
  hasExited(): boolean;
  /** Emits 'will-finish-launching' and 'ready' (Electron does it once initialized). */
  emitReady(): void;
  /** Dialog answers, in order; a dialog without an answer is cancelled. */
  dialogAnswers: { open: Array<string[] | null>; save: Array<string | null> };
  errorBoxes: Array<{ title: string; content: string }>;
  notifications: Array<{ title: string; body: string }>;
  applicationMenu(): unknown;
  appUserModelId(): string | null;
  session: StandinSession;
  /** What page scripts (executeJavaScript) answer: the stand-in runs no page, so a test decides. */
  pageScript: (webContents: StandinWebContents, code: string) => Promise<unknown>;
  /** Creates a window the app did not create (a foreign sender), as another page or extension would. */
  foreignWindow(options?: Record<string, unknown>): StandinBrowserWindow;
  BrowserWindow: unknown;
}

export interface StandinSession {
  headersListener:
    | ((
        details: { url: string; responseHeaders: Record<string, string[]> },
        callback: (r: { responseHeaders?: Record<string, string[]>; cancel?: boolean }) => void,
      ) => void)
    | null;
  permissionRequestHandler: ((wc: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void) | null;
  permissionCheckHandler: ((wc: unknown, permission: string, origin: string, details: unknown) => boolean) | null;
  /** The response headers the page gets for `url` (after onHeadersReceived). */
  responseHeaders(url: string): Record<string, string[]>;
  /** What the page gets when it asks for a permission (no request handler: Electron grants it). */
  requestPermission(wc: unknown, permission: string): Promise<boolean>;
  /** What a permission check answers (no check handler: Electron answers true). */
  checkPermission(wc: unknown, permission: string, origin: string): boolean;
}

/** Typed loosely on purpose: tests drive the stand-in's extra methods (pageNavigates, world …) as well. */
export type StandinBrowserWindow = any;
export type StandinWebContents = any;

export function createElectronStandin(options: StandinOptions): StandinControl {
  const platform = options.platform ?? process.platform;
  const pkg = JSON.parse(fs.readFileSync(path.join(options.appPath, 'package.json'), 'utf8')) as {
    name?: string;
    productName?: string;
    version?: string;
  };
  let appName = pkg.productName ?? pkg.name ?? 'Electron';
  const paths = new Map<string, string>([
    ['home', process.env.HOME ?? options.appDataDir],
    ['appData', options.appDataDir],
    ['userData', path.join(options.appDataDir, appName)],
    ['sessionData', path.join(options.appDataDir, appName)],
    ['temp', process.env.TMPDIR ?? '/tmp'],
    ['exe', path.join(options.resourcesPath ?? options.appPath, '..', 'gpu-planner')],
    ['logs', path.join(options.appDataDir, appName, 'logs')],
    ['documents', path.join(options.appDataDir, 'Documents')],
    ['downloads', path.join(options.appDataDir, 'Downloads')],
    ['desktop', path.join(options.appDataDir, 'Desktop')],
  ]);
  const events: string[] = [];
  let resolveExit!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (resolveExit = resolve));
  let hasExited = false;
  let ready = false;
  let resolveReady!: () => void;
  const whenReady = new Promise<void>((resolve) => (resolveReady = resolve));
  let isQuitting = false;
  let isExiting = false;
  let isShutdown = false;
  let appMenu: unknown = null;
  let userModelId: string | null = null;
  const dialogAnswers: StandinControl['dialogAnswers'] = { open: [], save: [] };
  const errorBoxes: StandinControl['errorBoxes'] = [];
  const notifications: StandinControl['notifications'] = [];
  const windows: StandinBrowserWindow[] = [];
  const allContents: StandinWebContents[] = [];
  let nextId = 1;

  class App extends EventEmitter {
    override emit(name: string | symbol, ...args: unknown[]): boolean {
      events.push(String(name));
      return super.emit(name, ...args);
    }
    get isPackaged() {
      return options.isPackaged ?? false;
    }
    readonly commandLine = { appendSwitch() {}, hasSwitch: () => false, getSwitchValue: () => '' };
    getAppPath() {
      return options.isPackaged && options.resourcesPath ? path.join(options.resourcesPath, 'app.asar') : options.appPath;
    }
    getPath(name: string) {
      const value = paths.get(name);
      if (value === undefined) throw new Error(`Failed to get '${name}' path`);
      return value;
    }
    setPath(name: string, value: string) {
      if (!path.isAbsolute(value)) throw new Error(`Path must be absolute: ${value}`);
      paths.set(name, value);
      if (name === 'userData' && !paths.has('sessionDataSet')) paths.set('sessionData', value);
    }
    /** Electron's `app.name` property (what getName()/setName() read and write); electron-log reads it first. */
    get name() {
      return appName;
    }
    set name(name: string) {
      appName = name;
    }
    getName() {
      return appName;
    }
    setName(name: string) {
      appName = name;
    }
    getVersion() {
      return pkg.version ?? '0.0.0';
    }
    getLocale() {
      return 'en-US';
    }
    isReady() {
      return ready;
    }
    whenReady() {
      return whenReady;
    }
    requestSingleInstanceLock() {
      return true;
    }
    releaseSingleInstanceLock() {}
    setAppUserModelId(id: string) {
      userModelId = id;
    }
    focus() {}
    quit() {
      if (isQuitting || isShutdown) return;
      const before = electronEvent();
      this.emit('before-quit', before);
      if (before.defaultPrevented) return;
      isQuitting = true;
      if (windows.length === 0) return void setImmediate(() => notifyAndShutdown());
      // Every window is asked to close; one that refuses ('close' prevented) cancels the quit.
      setImmediate(() => {
        for (const win of [...windows]) {
          if (!win.close()) {
            isQuitting = false;
            return;
          }
        }
      });
    }
    exit(code = 0) {
      isQuitting = true;
      isExiting = true;
      exitCode = code;
      for (const win of [...windows]) win.destroy();
      if (windows.length === 0) shutdown();
    }
  }
  let exitCode = 0;
  const app = new App();

  function notifyAndShutdown(): void {
    if (isShutdown) return;
    const willQuit = electronEvent();
    app.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      isQuitting = false;
      return;
    }
    shutdown();
  }
  function shutdown(): void {
    if (isShutdown) return;
    isShutdown = true;
    isQuitting = true;
    app.emit('quit', electronEvent(), exitCode);
    hasExited = true;
    resolveExit(exitCode);
  }
  function onWindowAllClosed(): void {
    if (isExiting) shutdown();
    else if (isQuitting) notifyAndShutdown();
    else if (app.listenerCount('window-all-closed') > 0) app.emit('window-all-closed');
    else app.quit();
  }

  const ipcHandlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const ipcMain = Object.assign(new EventEmitter(), {
    handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) {
      if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      ipcHandlers.set(channel, handler);
    },
    handleOnce(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) {
      ipcMain.handle(channel, (event, ...args) => {
        ipcHandlers.delete(channel);
        return handler(event, ...args);
      });
    },
    removeHandler(channel: string) {
      ipcHandlers.delete(channel);
    },
    /** For the tests: the channels with a handler. */
    _handledChannels: () => [...ipcHandlers.keys()],
  });

  const session: StandinSession = {
    headersListener: null,
    permissionRequestHandler: null,
    permissionCheckHandler: null,
    responseHeaders(url) {
      let headers: Record<string, string[]> = { 'content-type': ['text/html'] };
      session.headersListener?.({ url, responseHeaders: headers }, (r) => {
        if (r.responseHeaders) headers = r.responseHeaders;
      });
      return headers;
    },
    requestPermission(wc, permission) {
      const handler = session.permissionRequestHandler;
      if (!handler) return Promise.resolve(true);
      return new Promise((resolve) => handler(wc, permission, resolve, { requestingUrl: (wc as StandinWebContents)?.getURL?.() ?? '' }));
    },
    checkPermission(wc, permission, origin) {
      const handler = session.permissionCheckHandler;
      return handler
        ? handler(wc, permission, origin, { requestingUrl: (wc as StandinWebContents)?.getURL?.() ?? '', isMainFrame: true })
        : true;
    },
  };
  const sessionApi = {
    webRequest: {
      onHeadersReceived(filterOrListener: unknown, maybeListener?: unknown) {
        session.headersListener = (maybeListener ?? filterOrListener) as StandinSession['headersListener'];
      },
    },
    setPermissionRequestHandler(handler: StandinSession['permissionRequestHandler']) {
      session.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: StandinSession['permissionCheckHandler']) {
      session.permissionCheckHandler = handler;
    },
    protocol: {},
  };

  /** The renderer side of one page: its ipcRenderer listeners and the objects the preload exposed. */
  class Page {
    readonly world: Record<string, unknown> = {};
    readonly listeners = new Map<string, Set<Listener>>();
    constructor(readonly contents: StandinWebContents) {}
  }

  class WebContents extends EventEmitter {
    readonly id = nextId++;
    readonly session = sessionApi;
    url = '';
    destroyed = false;
    page: Page | null = null;
    windowOpenHandler:
      ((details: { url: string; frameName: string; features: string; disposition: string }) => { action: 'allow' | 'deny' }) | null = null;
    constructor(
      readonly owner: StandinBrowserWindow,
      readonly webPreferences: Record<string, unknown>,
    ) {
      super();
      allContents.push(this);
    }
    getURL() {
      return this.url;
    }
    get mainFrame() {
      return this.frame();
    }
    frame() {
      const url = this.url;
      return { url, origin: url.startsWith('file:') ? 'file://' : new URL(url).origin, routingId: 1, processId: this.id, top: null };
    }
    isDestroyed() {
      return this.destroyed;
    }
    isLoading() {
      return false;
    }
    async loadFile(file: string, opts: { hash?: string; query?: Record<string, string>; search?: string } = {}) {
      return this.loadURL(chromiumFileUrl(path.resolve(file), opts.hash ?? ''));
    }
    async loadURL(url: string) {
      if (this.destroyed) throw new Error('Object has been destroyed');
      this.emit('did-start-loading');
      const parsed = new URL(url);
      if (parsed.protocol !== 'file:') {
        this.emit('did-fail-load', electronEvent(), -300, 'ERR_INVALID_URL', url, true);
        throw Object.assign(new Error(`ERR_INVALID_URL (-300) loading '${url}'`), { code: 'ERR_INVALID_URL', errno: -300 });
      }
      const { fileURLToPath } = await import('node:url');
      const file = fileURLToPath(parsed);
      if (!fs.existsSync(file)) {
        this.emit('did-fail-load', electronEvent(), -6, 'ERR_FILE_NOT_FOUND', url, true);
        throw Object.assign(new Error(`ERR_FILE_NOT_FOUND (-6) loading '${url}'`), { code: 'ERR_FILE_NOT_FOUND', errno: -6 });
      }
      this.url = url;
      this.page = new Page(this);
      runPreload(this);
      this.emit('dom-ready');
      this.emit('did-finish-load');
      this.owner?.emit('ready-to-show');
    }
    send(channel: string, ...args: unknown[]) {
      if (this.destroyed) return;
      const page = this.page;
      if (!page) return;
      const copies = structuredClone(args);
      setImmediate(() => {
        for (const l of page.listeners.get(channel) ?? []) l({ sender: null }, ...copies);
      });
    }
    executeJavaScript(code: string) {
      if (this.destroyed) return Promise.reject(new Error('Object has been destroyed'));
      return control.pageScript(this, code);
    }
    async printToPDF(_options: unknown) {
      return Buffer.from('%PDF-1.7\n% stand-in\n%%EOF\n');
    }
    setWindowOpenHandler(handler: WebContents['windowOpenHandler']) {
      this.windowOpenHandler = handler;
    }
    /** The page asks to navigate (a link, location.href): 'will-frame-navigate' then 'will-navigate'; true if it went. */
    pageNavigates(url: string): boolean {
      const details = { url, isSameDocument: false, isMainFrame: true, frame: this.frame(), initiator: this.frame() };
      const frameEvent = electronEvent(details);
      this.emit('will-frame-navigate', frameEvent);
      if (frameEvent.defaultPrevented) return false;
      const event = electronEvent(details);
      this.emit('will-navigate', event, url, false, true, this.id, 1);
      if (event.defaultPrevented) return false;
      this.url = url;
      this.page = new Page(this);
      runPreload(this);
      return true;
    }
    /** A subframe (an iframe) of the page navigates: only 'will-frame-navigate' is emitted; true if it went. */
    pageNavigatesFrame(url: string): boolean {
      const frameEvent = electronEvent({
        url,
        isSameDocument: false,
        isMainFrame: false,
        frame: { url: 'about:blank' },
        initiator: this.frame(),
      });
      this.emit('will-frame-navigate', frameEvent);
      return !frameEvent.defaultPrevented;
    }
    /** The page calls window.open(url): the handler decides (no handler: Electron allows it). */
    pageOpensWindow(url: string): 'allow' | 'deny' {
      const answer = this.windowOpenHandler?.({ url, frameName: '', features: '', disposition: 'new-window' }) ?? { action: 'allow' };
      return answer.action;
    }
    /** The page's window.<key> objects exposed by the preload. */
    world(): Record<string, unknown> {
      if (!this.page) throw new Error('No page loaded');
      return this.page.world;
    }
    destroy() {
      if (this.destroyed) return;
      this.destroyed = true;
      this.emit('destroyed');
    }
  }

  function runPreload(contents: WebContents): void {
    const preload = contents.webPreferences.preload as string | undefined;
    if (!preload) return;
    if (contents.webPreferences.sandbox === false || contents.webPreferences.contextIsolation === false) {
      throw new Error('The stand-in runs sandboxed, context-isolated preloads only');
    }
    const page = contents.page!;
    const ipcRenderer = {
      invoke(channel: string, ...args: unknown[]) {
        const handler = ipcHandlers.get(channel);
        const copies = structuredClone(args);
        return new Promise((resolve, reject) =>
          setImmediate(() => {
            const fail = (message: string) => reject(new Error(`Error invoking remote method '${channel}': ${message}`));
            if (!handler) return fail(`Error: No handler registered for '${channel}'`);
            const frame = contents.frame();
            const event = { sender: contents, senderFrame: frame, frameId: 1, processId: frame.processId, type: 'frame' };
            Promise.resolve()
              .then(() => handler(event, ...copies))
              .then(
                (value) => resolve(structuredClone(value)),
                (error: unknown) => fail(String(error)),
              );
          }),
        );
      },
      on(channel: string, listener: Listener) {
        if (!page.listeners.has(channel)) page.listeners.set(channel, new Set());
        page.listeners.get(channel)!.add(listener);
        return ipcRenderer;
      },
      removeListener(channel: string, listener: Listener) {
        page.listeners.get(channel)?.delete(listener);
        return ipcRenderer;
      },
      removeAllListeners(channel: string) {
        page.listeners.delete(channel);
      },
      send() {},
    };
    const contextBridge = {
      exposeInMainWorld(key: string, api: unknown) {
        if (key in page.world) throw new Error(`Cannot bind an API on top of an existing property on the window object`);
        page.world[key] = bridgeCopy(api);
      },
    };
    const webUtils = { getPathForFile: (file: { path?: string }) => file?.path ?? '' };
    const rendererElectron = { contextBridge, ipcRenderer, webUtils };
    const sandboxRequire = (id: string) => {
      if (id === 'electron') return rendererElectron;
      throw new Error(`module not found: ${id}`);
    };
    const context = vm.createContext({ console });
    const wrapper = vm.runInContext(`(function (require, module, exports) {${fs.readFileSync(preload, 'utf8')}\n})`, context, {
      filename: preload,
    });
    const module = { exports: {} };
    (wrapper as (r: unknown, m: unknown, e: unknown) => void)(sandboxRequire, module, module.exports);
  }

  class BrowserWindow extends EventEmitter {
    static getAllWindows() {
      return [...windows];
    }
    static fromWebContents(wc: unknown) {
      return windows.find((w) => w.webContents === wc) ?? null;
    }
    static getFocusedWindow() {
      return windows[0] ?? null;
    }
    readonly id = nextId++;
    readonly webContents: WebContents;
    private destroyed = false;
    private visible: boolean;
    private minimized = false;
    private maximized = false;
    private bounds: { x: number; y: number; width: number; height: number };
    constructor(readonly options: Record<string, unknown> = {}) {
      super();
      if (!ready) throw new Error('Cannot create BrowserWindow before app is ready');
      const primary = displays[0]!.workArea;
      const width = (options.width as number | undefined) ?? 800;
      const height = (options.height as number | undefined) ?? 600;
      this.bounds = {
        x: (options.x as number | undefined) ?? primary.x + Math.round((primary.width - width) / 2),
        y: (options.y as number | undefined) ?? primary.y + Math.round((primary.height - height) / 2),
        width,
        height,
      };
      this.visible = options.show !== false;
      this.webContents = new WebContents(this, (options.webPreferences as Record<string, unknown> | undefined) ?? {});
      windows.push(this);
      app.emit('browser-window-created', electronEvent(), this);
      app.emit('web-contents-created', electronEvent(), this.webContents);
    }
    loadFile(file: string, opts?: { hash?: string }) {
      return this.webContents.loadFile(file, opts);
    }
    loadURL(url: string) {
      return this.webContents.loadURL(url);
    }
    isDestroyed() {
      return this.destroyed;
    }
    show() {
      this.visible = true;
      this.emit('show');
    }
    hide() {
      this.visible = false;
    }
    isVisible() {
      return this.visible;
    }
    focus() {}
    isMinimized() {
      return this.minimized;
    }
    minimize() {
      this.minimized = true;
    }
    restore() {
      this.minimized = false;
    }
    maximize() {
      this.maximized = true;
      this.emit('maximize');
    }
    isMaximized() {
      return this.maximized;
    }
    getBounds() {
      return { ...this.bounds };
    }
    getNormalBounds() {
      return { ...this.bounds };
    }
    setBounds(b: Partial<{ x: number; y: number; width: number; height: number }>) {
      const moved = (b.x !== undefined && b.x !== this.bounds.x) || (b.y !== undefined && b.y !== this.bounds.y);
      const resized =
        (b.width !== undefined && b.width !== this.bounds.width) || (b.height !== undefined && b.height !== this.bounds.height);
      this.bounds = { ...this.bounds, ...b };
      if (moved) this.emit('move');
      if (resized) this.emit('resize');
    }
    setTitle() {}
    /** Asks the window to close: 'close' (preventable), then 'closed'. Returns false when a listener refused. */
    close(): boolean {
      if (this.destroyed) return true;
      const event = electronEvent();
      this.emit('close', event);
      if (event.defaultPrevented) return false;
      this.destroy();
      return true;
    }
    destroy() {
      if (this.destroyed) return;
      this.destroyed = true;
      windows.splice(windows.indexOf(this), 1);
      this.webContents.destroy();
      this.emit('closed');
      if (windows.length === 0) onWindowAllClosed();
    }
  }

  const displays: Display[] = options.displays ?? [
    { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1050 }, scaleFactor: 1 },
  ];
  const screen = {
    getAllDisplays: () => structuredClone(displays),
    getPrimaryDisplay: () => structuredClone(displays[0]!),
    getDisplayMatching: (rect: { x: number; y: number; width: number; height: number }) => {
      const overlap = (d: Display) =>
        Math.max(0, Math.min(rect.x + rect.width, d.bounds.x + d.bounds.width) - Math.max(rect.x, d.bounds.x)) *
        Math.max(0, Math.min(rect.y + rect.height, d.bounds.y + d.bounds.height) - Math.max(rect.y, d.bounds.y));
      return structuredClone([...displays].sort((a, b) => overlap(b) - overlap(a))[0]!);
    },
  };

  class Notification extends EventEmitter {
    static isSupported() {
      return true;
    }
    constructor(private readonly options: { title: string; body: string }) {
      super();
    }
    show() {
      notifications.push({ title: this.options.title, body: this.options.body });
      this.emit('show');
    }
  }

  const dialog = {
    async showOpenDialog(..._args: unknown[]) {
      const answer = dialogAnswers.open.shift() ?? null;
      return { canceled: answer === null, filePaths: answer ?? [] };
    },
    async showSaveDialog(..._args: unknown[]) {
      const answer = dialogAnswers.save.shift() ?? null;
      return { canceled: answer === null, filePath: answer ?? '' };
    },
    async showMessageBox(..._args: unknown[]) {
      return { response: 0, checkboxChecked: false };
    },
    showErrorBox(title: string, content: string) {
      errorBoxes.push({ title, content });
    },
  };

  class Menu {
    static buildFromTemplate(template: unknown[]) {
      return new Menu(template);
    }
    static setApplicationMenu(menu: unknown) {
      appMenu = menu;
    }
    static getApplicationMenu() {
      return appMenu;
    }
    constructor(readonly items: unknown[]) {}
  }

  const shell = { openPath: async () => '', openExternal: async () => {}, showItemInFolder: () => {} };

  const main: Record<string, unknown> = {
    app,
    BrowserWindow,
    ipcMain,
    dialog,
    Notification,
    Menu,
    shell,
    screen,
    session: { defaultSession: sessionApi, fromPartition: () => sessionApi },
    webContents: {
      getAllWebContents: () => allContents.filter((c) => !c.destroyed),
      fromId: (id: number) => allContents.find((c) => c.id === id),
    },
    protocol: { registerSchemesAsPrivileged() {}, handle() {} },
    nativeTheme: { shouldUseDarkColors: false, on() {} },
  };

  const control: StandinControl = {
    main,
    events,
    exited,
    hasExited: () => hasExited,
    emitReady() {
      if (ready) return;
      app.emit('will-finish-launching');
      ready = true;
      app.emit('ready', electronEvent(), {});
      resolveReady();
    },
    dialogAnswers,
    errorBoxes,
    notifications,
    applicationMenu: () => appMenu,
    appUserModelId: () => userModelId,
    session,
    pageScript: () => Promise.reject(new Error('The stand-in runs no page script (set control.pageScript in the test)')),
    foreignWindow: (opts = {}) => new BrowserWindow({ show: false, ...opts }),
    BrowserWindow,
  };
  void platform;
  return control;
}
