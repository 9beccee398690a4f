/** A datasheet peak in TFLOP/s, or a muted dash when the GPU lacks the precision. */
export const tflopsCell = (v: number | null) =>
  v === null ? (
    <span className="muted" title="Not supported by this GPU">
      —
    </span>
  ) : (
    v.toLocaleString('en-US', { maximumFractionDigits: 1 })
  );
