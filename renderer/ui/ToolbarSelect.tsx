/**
 * A labelled select in a toolbar (a label beside the control, not above it as in Field): one option per value, each
 * shown as `optionLabel` says. The value handed to `onChange` is always one of `options`.
 */
export function ToolbarSelect<T extends string>({
  id,
  label,
  value,
  options,
  optionLabel = (option) => option,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  optionLabel?: (option: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(e) => {
          const picked = options.find((option) => option === e.target.value);
          if (picked !== undefined) onChange(picked);
        }}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </>
  );
}
