/**
 * A select in the app's look (`.input`, `.invalid` when marked so) over options given as [value, text], with an
 * optional first option of value '' ("all", "— choose —"); hands the chosen value to `onValueChange`. Any other select
 * attribute (id, aria-*) passes through, so it can be the control of a Field.
 */
import type { ReactNode, SelectHTMLAttributes } from 'react';

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> {
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<readonly [string, ReactNode]>;
  /** The text of a first option whose value is ''. */
  emptyOption?: ReactNode;
  invalid?: boolean;
}

export function Select({ value, onValueChange, options, emptyOption, invalid, className, ...attributes }: SelectProps) {
  return (
    <select
      {...attributes}
      className={['input', invalid ? 'invalid' : '', className ?? ''].filter(Boolean).join(' ')}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
    >
      {emptyOption !== undefined && <option value="">{emptyOption}</option>}
      {options.map(([optionValue, text]) => (
        <option key={optionValue} value={optionValue}>
          {text}
        </option>
      ))}
    </select>
  );
}
