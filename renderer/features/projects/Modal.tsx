/** The projects' dialogs: the app's one Dialog (focus in and trapped, Escape closes, focus returns), closed by a click outside. */
import type { ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog';

export function Modal({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  return (
    <Dialog title={title} onClose={onClose} closeOnBackdrop className={`pj-dialog${wide ? ' pj-wide' : ''}`}>
      {children}
    </Dialog>
  );
}

/** A dialog's foot: the error of the last attempt (if any), then Cancel and the dialog's own buttons. */
export function ModalFooter({
  error,
  onCancel,
  cancelLabel = 'Cancel',
  children,
}: {
  error?: { message: string } | null;
  onCancel: () => void;
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <>
      {error && (
        <div className="banner error" role="alert">
          {error.message}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" data-close onClick={onCancel}>
          {cancelLabel}
        </button>
        {children}
      </div>
    </>
  );
}

/** Field → message from an error's problems (`project.end`, `track.owner`, `end`…), keyed without the `project.` prefix. */
export function fieldErrors(
  error: { message: string; details?: { field?: string; problems?: Array<{ field?: string; message: string }> } } | null,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!error) return out;
  for (const p of error.details?.problems ?? []) {
    const key = (p.field ?? '').replace(/^project\./, '');
    if (key && !out[key]) out[key] = p.message;
  }
  if (Object.keys(out).length === 0 && error.details?.field) out[error.details.field.replace(/^project\./, '')] = error.message;
  return out;
}
