// A chart's figures as a table for screen readers (and tests): the canvas alone says nothing to them.
// Hidden in a 1 px box that clips it: a table does not shrink to 1 px nor clip its own content, so
// unwrapped its nowrap rows made the page scroll sideways on a phone (issue 34).
import type { ReactNode } from 'react';

const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export default function SrTable({
  caption,
  head,
  rows,
  testId,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  testId: string;
}) {
  return (
    <div style={HIDDEN}>
      <table data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {c}
                  </th>
                ) : (
                  <td key={j}>{c}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
