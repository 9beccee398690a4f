/**
 * The one modal dialog of the app: `role="dialog"`, `aria-modal`, named by its title (or by `label` when the
 * accessible name must differ), focus moved in on open and trapped inside (Tab / Shift+Tab cycle), Escape closes,
 * and focus returns to where it was when the dialog closes (or to the row that took its place: focus-return.ts).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { afterRender, rememberFocusPlace } from './focus-return';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  /** The heading, shown at the top; it names the dialog unless `label` is given. */
  title: ReactNode;
  /** The accessible name, when it must differ from the title's text. */
  label?: string;
  /** A line after the title (what the dialog is for). */
  sub?: ReactNode;
  /** Escape and (with `closeOnBackdrop`) a click outside call it; absent while the dialog must stay open. */
  onClose?: (() => void) | undefined;
  closeOnBackdrop?: boolean;
  /** Buttons at the bottom. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** The focusable elements of a container, in tab order (positive tab indexes are not used in the app). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('hidden') && el.getAttribute('aria-hidden') !== 'true',
  );
}

export function Dialog({ title, label, sub, onClose, closeOnBackdrop, actions, className, children }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // The opener is read while rendering, before a field inside takes the focus with autoFocus (React focuses those
  // when it commits, before effects run): focus goes back to it on close.
  const [opener] = useState(() => rememberFocusPlace(document.activeElement instanceof HTMLElement ? document.activeElement : null));
  // Focus in on open (unless a field took it with autoFocus), back to the opener on close; when the dialog removed the
  // opener's row (Delete in a milestone's form), to the row that took its place, also when the row goes a render later.
  useEffect(() => {
    const root = ref.current;
    if (root && !root.contains(document.activeElement)) (focusableIn(root)[0] ?? root).focus();
    return () => {
      opener.restore();
      afterRender(() => {
        if (document.activeElement === document.body || document.activeElement === null) opener.restore();
      });
    };
  }, [opener]);

  // Focus that fell out of the dialog (a button disabled while saving drops it to the page) is brought back by the
  // next Tab, and Escape still closes: the page behind never takes the keyboard while the dialog is open.
  useEffect(() => {
    const onDocumentKey = (e: KeyboardEvent) => {
      const root = ref.current;
      if (!root || root.contains(document.activeElement) || e.defaultPrevented) return;
      if (document.activeElement !== document.body && document.activeElement !== null) return;
      if (e.key === 'Tab') {
        e.preventDefault();
        (focusableIn(root)[0] ?? root).focus();
      } else if (e.key === 'Escape' && onCloseRef.current) {
        e.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, []);

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && onCloseRef.current) {
      e.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = focusableIn(ref.current);
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="dialog-backdrop"
      role="presentation"
      onMouseDown={(e) => closeOnBackdrop && e.target === e.currentTarget && onCloseRef.current?.()}
    >
      <div
        ref={ref}
        className={className ? `dialog ${className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        aria-labelledby={label ? undefined : titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="panel-title">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {sub && <span className="muted">{sub}</span>}
        </div>
        {children}
        {actions && <div className="dialog-actions">{actions}</div>}
      </div>
    </div>
  );
}
