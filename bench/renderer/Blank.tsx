// The floor for keystroke → paint: one controlled input on an otherwise empty page, in the same shell.
import { useRef, useState } from 'react';
import { useReady } from './probe.ts';

const complete = (root: HTMLElement) => root.querySelector('input') !== null;

export default function BlankPage() {
  const [value, setValue] = useState('');
  const ref = useRef<HTMLDivElement>(null);
  useReady(ref, complete);
  return (
    <div ref={ref} style={{ padding: 24 }}>
      <input value={value} onChange={(e) => setValue(e.target.value)} />
    </div>
  );
}
