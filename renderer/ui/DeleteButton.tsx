/** The small red Delete button of a row; `label` names what it deletes for a screen reader ("Delete pool H100"). */
export function DeleteButton({ label, onDelete }: { label?: string; onDelete: () => void }) {
  return (
    <button type="button" className="btn small danger" aria-label={label} onClick={onDelete}>
      Delete
    </button>
  );
}
