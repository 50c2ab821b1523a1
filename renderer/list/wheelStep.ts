// Virtual rows move by whole steps of rows (spec section 9: 4 a wheel step), not by the wheel's
// pixels, so a row is never left half under the header.
import { useCallback, useEffect, useRef } from 'react';

const HOLDER = '.ant-table-tbody-virtual-holder';

/** A ref for antd's Table whose virtual body scrolls `step` rows a wheel notch (nothing when undefined). */
export function useWheelStep(step: number | undefined) {
  // The table's element in a ref, not in state: state set from the ref would render the list page
  // and its table once more as soon as they mount, before the first rows are even asked for.
  const tableRef = useRef<HTMLElement | null>(null);
  const ref = useCallback((t: { nativeElement?: HTMLElement } | null) => {
    tableRef.current = t?.nativeElement ?? null;
  }, []);
  useEffect(() => {
    const table = tableRef.current;
    if (!table || !step) return;
    const onWheel = (e: WheelEvent) => {
      const holder = (e.target as Element | null)?.closest?.(HOLDER) as HTMLElement | null;
      if (!holder || !table.contains(holder) || !e.deltaY || Math.abs(e.deltaX) > Math.abs(e.deltaY)) return;
      const row = holder.querySelector<HTMLElement>('.ant-table-row');
      e.preventDefault();
      e.stopPropagation();
      holder.scrollTop += Math.sign(e.deltaY) * step * (row?.offsetHeight || 55);
    };
    // Capture, before the virtual list's own wheel handling moves it by pixels.
    table.addEventListener('wheel', onWheel, { passive: false, capture: true });
    return () => table.removeEventListener('wheel', onWheel, { capture: true });
  }, [step]);
  return ref;
}
