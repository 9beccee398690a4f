/**
 * Dragging a bar: press on it captures the pointer (moves and the release reach the bar wherever the pointer goes),
 * moves update the offset shown, the release hands the offset in whole weeks to `onDrop` (outside any state update),
 * and a lost capture (the bar unmounted, the window lost focus) cancels the drag.
 */
import { useCallback, useRef, useState } from 'react';
import type { Run } from './timeline-model';

export type DragMode = 'move' | 'resize';

export interface Drag {
  run: Run;
  mode: DragMode;
  /** Pixels the pointer moved since the press. */
  dx: number;
}

export interface BarDragOptions {
  /** Width of a week column: the drop is rounded to whole weeks. */
  colWidth: number;
  /** Width of the bar's right edge that resizes it (anywhere else moves it). */
  handleWidth: number;
  onDrop: (run: Run, mode: DragMode, weeks: number) => void;
}

export function useBarDrag({ colWidth, handleWidth, onDrop }: BarDragOptions) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;

  const start = useCallback(
    (e: React.PointerEvent<HTMLElement>, run: Run) => {
      const bar = e.currentTarget;
      const startX = e.clientX;
      const mode: DragMode = e.clientX >= bar.getBoundingClientRect().right - handleWidth ? 'resize' : 'move';
      let dx = 0;
      let done = false;
      const move = (ev: PointerEvent) => {
        dx = ev.clientX - startX;
        setDrag({ run, mode, dx });
      };
      const finish = (drop: boolean) => {
        if (done) return;
        done = true;
        bar.removeEventListener('pointermove', move);
        bar.removeEventListener('pointerup', up);
        bar.removeEventListener('pointercancel', cancel);
        bar.removeEventListener('lostpointercapture', cancel);
        setDrag(null);
        const weeks = Math.round(dx / colWidth);
        if (drop && weeks !== 0) onDropRef.current(run, mode, weeks);
      };
      const up = () => finish(true);
      const cancel = () => finish(false);
      bar.setPointerCapture(e.pointerId);
      bar.addEventListener('pointermove', move);
      bar.addEventListener('pointerup', up);
      bar.addEventListener('pointercancel', cancel);
      bar.addEventListener('lostpointercapture', cancel);
      setDrag({ run, mode, dx: 0 });
    },
    [colWidth, handleWidth],
  );

  return { drag, start };
}
