/** A modal dialog: labelled, Escape closes, focus starts on the first field and returns where it was. */
import { useEffect, useRef, type ReactNode } from 'react';

export function Modal({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('input, select, textarea, button:not([data-close])');
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [onClose]);
  const id = `dlg-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className={`dialog pj-dialog${wide ? ' pj-wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby={id}>
        <h2 id={id} className="pj-dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
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
