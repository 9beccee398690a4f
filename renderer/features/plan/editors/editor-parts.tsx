/** What the plan's forms share: the target of the open form, its props, the refused edit's messages per field, the buttons. */
import { useMemo, type ReactNode } from 'react';
import type { PlanCommand } from '../../../../shared/domain/plan/commands';
import type { OfferingFacts } from '../../../../shared/domain/plan/types';
import type { SerializedError } from '../../../../shared/domain/errors';
import type { PlanView } from '../../../../shared/ipc/contract/plan';
import { Dialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import type { EditOptions, EditorTarget } from '../editor-types';
import { gpuShort } from '../timeline-model';

export type { EditorTarget } from '../editor-types';

export interface EditorProps {
  view: PlanView;
  target: EditorTarget;
  error: SerializedError | null;
  busy: boolean;
  onEdit: (command: PlanCommand, options?: EditOptions) => Promise<boolean>;
  onClose: () => void;
}

/** A form for one part of a track (a milestone, a storage or transfer line): the part's id (null: a new one), the track it goes on. */
export type TrackPartEditorProps = EditorProps & { id: string | null; trackId?: string | undefined };

/** The id of the form every dialog's Save button submits. */
export const FORM_ID = 'pt-edit-form';

/** `milestone.phases.0.end` → `phases.0.end`: the refused edit's messages keyed by the field inside the entity. */
export function fieldMessages(error: SerializedError | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of error?.details?.problems ?? []) {
    // `project.budget` (the plan's checks) or `command.value.budget` (the request's schema): the field after the entity.
    const path = p.field ?? '';
    const at = path.lastIndexOf('value.');
    const f = path.startsWith('command.') && at >= 0 ? path.slice(at + 'value.'.length) : path.split('.').slice(1).join('.');
    if (f && !out[f]) out[f] = p.message;
  }
  if (error && Object.keys(out).length === 0) out._ = error.message;
  return out;
}

export function useErrors(error: SerializedError | null) {
  return useMemo(() => fieldMessages(error), [error]);
}

/** `Lambda 8× H100 SXM`, without repeating a GPU name the label already has. */
export function offeringText(o: OfferingFacts): string {
  const gpu = gpuShort(o.gpuId);
  const count = o.gpuCount > 1 ? `${o.gpuCount}× ` : '';
  return o.label.includes(gpu) && !count ? o.label : `${o.label} — ${count}${gpu}`;
}

/** An offering id that is no longer in the catalog, as a choice that says so. */
export function missingOffering(id: string, gpuId = ''): OfferingFacts {
  return { id, gpuId, gpuCount: 1, vcpus: null, label: `${id} (not in the catalog)`, deleted: true, prices: [] };
}

export function Actions({
  busy,
  onClose,
  onDelete,
  deleteLabel,
  saveLabel,
}: {
  busy: boolean;
  onClose: () => void;
  onDelete?: (() => void) | undefined;
  deleteLabel?: string | undefined;
  saveLabel: string;
}) {
  return (
    <>
      {onDelete && (
        <button type="button" className="btn danger" onClick={onDelete} disabled={busy}>
          {deleteLabel ?? 'Delete'}
        </button>
      )}
      <span className="spacer" style={{ flex: 1 }} />
      <button type="button" className="btn" onClick={onClose}>
        Cancel
      </button>
      <button type="submit" form={FORM_ID} className="btn primary" disabled={busy}>
        {saveLabel}
      </button>
    </>
  );
}

/** The refused edit's message that belongs to no field. */
export function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <div className="field-error" role="alert">
      {message}
    </div>
  ) : null;
}

/**
 * The dialog every plan form is: title and subtitle, Delete/Cancel/Save, and the form the Save button submits;
 * `after` goes below the form (a milestone's phases), then the refused edit's message that belongs to no field.
 */
export function EditorDialog({
  title,
  sub,
  busy,
  onClose,
  onSubmit,
  onDelete,
  deleteLabel,
  saveLabel,
  formError,
  children,
  after,
}: {
  title: string;
  sub: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  onDelete?: (() => void) | undefined;
  deleteLabel?: string | undefined;
  saveLabel: string;
  formError: string | undefined;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Dialog
      className="pt-dialog"
      closeOnBackdrop
      title={title}
      sub={sub}
      onClose={onClose}
      actions={<Actions busy={busy} onClose={onClose} saveLabel={saveLabel} onDelete={onDelete} deleteLabel={deleteLabel} />}
    >
      <form
        id={FORM_ID}
        className="pt-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
      {after}
      <FormError message={formError} />
    </Dialog>
  );
}

/** A text input in its field, marked invalid with the field's message. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  wide,
  autoFocus,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  wide?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <Field id={id} label={label} error={error} className={wide ? 'pt-wide' : undefined}>
      <input
        id={id}
        className={`input${error ? ' invalid' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
      />
    </Field>
  );
}

/** Start and end dates (`<idPrefix>-start`, `<idPrefix>-end`), each with its message; `form` ties them to the edit form. */
export function DateRangeFields({
  idPrefix,
  start,
  end,
  errors,
  onChange,
  form,
}: {
  idPrefix: string;
  start: string;
  end: string;
  errors: { start?: string | undefined; end?: string | undefined };
  onChange: (patch: { start?: string; end?: string }) => void;
  form?: string;
}) {
  return (
    <>
      {(['start', 'end'] as const).map((which) => (
        <Field key={which} id={`${idPrefix}-${which}`} label={which === 'start' ? 'Start' : 'End'} error={errors[which]}>
          <input
            id={`${idPrefix}-${which}`}
            form={form}
            type="date"
            className={`input${errors[which] ? ' invalid' : ''}`}
            value={which === 'start' ? start : end}
            onChange={(e) => onChange({ [which]: e.target.value })}
          />
        </Field>
      ))}
    </>
  );
}
