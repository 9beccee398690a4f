import { afterRender, rememberFocusPlace } from './focus-return';

/**
 * The small red Delete button of a row; `label` names what it deletes for a screen reader ("Delete pool H100").
 * When `onDelete` returns a promise and the row is gone once it settles, focus goes to the row that took its place
 * (focus-return.ts), not to the page.
 */
export function DeleteButton({ label, onDelete }: { label?: string; onDelete: () => unknown }) {
  return (
    <button
      type="button"
      className="btn small danger"
      aria-label={label}
      onClick={(e) => {
        const button = e.currentTarget;
        const place = rememberFocusPlace(button);
        void Promise.resolve(onDelete()).then(() =>
          afterRender(() => {
            if (!button.isConnected && (document.activeElement === document.body || document.activeElement === null)) place.restore();
          }),
        );
      }}
    >
      Delete
    </button>
  );
}
