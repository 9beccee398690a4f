/** Dollars as a person reads them in the brief: "$1,234.50", "−$13.57". */
export function usdText(v: string | number): string {
  const n = Number(v);
  return `${n < 0 ? '−' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
