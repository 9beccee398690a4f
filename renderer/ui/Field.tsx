/**
 * A labelled form field: the label, the control, then the error (role="alert") or the hint. The control whose id is
 * the field's id gets `aria-describedby` (error, else hint) and `aria-invalid`; NumberField is a Field around a
 * numeric input whose text the form parses itself (so a half-typed number is never lost).
 */
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

export interface FieldProps {
  /** The control's id (the label's htmlFor). */
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Extra class on the field (e.g. a wider grid cell). */
  className?: string | undefined;
  style?: React.CSSProperties | undefined;
  children: ReactNode;
}

export const errorId = (id: string) => `${id}-error`;

/** A field's message as a sentence: schema messages are fragments ("an amount of 0 or more"). */
export const asSentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);
export const hintId = (id: string) => `${id}-hint`;

/** What a field's control is described by: its error when there is one, else its hint. */
export function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
  return error ? errorId(id) : hint ? hintId(id) : undefined;
}

type ControlProps = { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean };

export function Field({ id, label, error, hint, className, style, children }: FieldProps) {
  const control =
    isValidElement<ControlProps>(children) && children.props.id === id
      ? cloneElement(children as ReactElement<ControlProps>, {
          'aria-describedby': children.props['aria-describedby'] ?? describedBy(id, error, hint),
          'aria-invalid': children.props['aria-invalid'] ?? Boolean(error),
        })
      : children;
  return (
    <div className={className ? `field ${className}` : 'field'} style={style} data-field={id}>
      <label htmlFor={id}>{label}</label>
      {control}
      {error ? (
        <span className="field-error" role="alert" id={errorId(id)}>
          {asSentence(error)}
        </span>
      ) : hint ? (
        <span className="field-hint" id={hintId(id)}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

export interface NumberFieldProps extends Omit<FieldProps, 'children'> {
  value: string;
  onChange: (text: string) => void;
  /** Whole numbers only (numeric keyboard); else decimals. */
  integer?: boolean;
  /** A native spin box (`type="number"`) with this step; without it a text input with a numeric input mode. */
  step?: string;
  /** Width of the input in pixels. */
  width?: number;
  /** The input belongs to this form (when it is rendered outside it). */
  form?: string;
  autoFocus?: boolean;
}

export function NumberField({
  id,
  label,
  error,
  hint,
  className,
  style,
  value,
  onChange,
  integer,
  step,
  width,
  form,
  autoFocus,
}: NumberFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className} style={style}>
      <input
        id={id}
        className={error ? 'input invalid' : 'input'}
        type={step ? 'number' : 'text'}
        step={step}
        inputMode={integer ? 'numeric' : 'decimal'}
        value={value}
        form={form}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        style={width ? { width } : undefined}
      />
    </Field>
  );
}

/** A number typed in a field; null when it is not one (the form says so before sending). */
export function parseNumber(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}
