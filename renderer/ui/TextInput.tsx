/**
 * A one-line text input in the app's look (`.input`) that hands its new text to `onValueChange`: the controlled
 * `<input value onChange={(e) => set(e.target.value)}>` every form writes, once. Any other input attribute passes through.
 */
import type { InputHTMLAttributes } from 'react';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  value: string;
  onValueChange: (text: string) => void;
}

export function TextInput({ value, onValueChange, className, ...attributes }: TextInputProps) {
  return (
    <input
      {...attributes}
      className={className ? `input ${className}` : 'input'}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
    />
  );
}
