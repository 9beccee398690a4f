/** Errors that are the user's to fix: they cross IPC as data and exit the CLI with status 1. */

export interface ErrorDetails {
  /** File the problem is in, where it comes from a file. */
  file?: string;
  /** 1-based line and column in that file. */
  line?: number;
  column?: number | string;
  /** Form field or JSON path the problem is on. */
  field?: string;
  /** What was expected there. */
  expected?: string;
  /** The offending value, shortened. */
  value?: string;
  /** Several problems at once (e.g. every invalid row of a file). */
  problems?: Array<{ line?: number; column?: number | string; field?: string; message: string; value?: string }>;
  [key: string]: unknown;
}

export class UserError extends Error {
  readonly code: string;
  readonly details: ErrorDetails | undefined;

  constructor(code: string, message: string, details?: ErrorDetails) {
    super(message);
    this.name = 'UserError';
    this.code = code;
    this.details = details;
  }
}

export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError || (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'UserError');
}

/** The shape every error takes when it crosses a process boundary. */
export interface SerializedError {
  code: string;
  message: string;
  details?: ErrorDetails;
}

/** Longest message and detail text an error carries across IPC (a 10 MB header is not echoed back). */
export const MAX_ERROR_TEXT = 2000;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text);

function clippedDetails(details: NonNullable<UserError['details']>): NonNullable<UserError['details']> {
  return JSON.parse(JSON.stringify(details, (_key, v: unknown) => (typeof v === 'string' ? clip(v, 500) : v))) as NonNullable<
    UserError['details']
  >;
}

export function serializeError(error: unknown): SerializedError {
  if (isUserError(error)) {
    const message = clip(error.message, MAX_ERROR_TEXT);
    return error.details ? { code: error.code, message, details: clippedDetails(error.details) } : { code: error.code, message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL', message: clip(`Unexpected error: ${message}`, MAX_ERROR_TEXT) };
}
