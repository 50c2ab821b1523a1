// The pieces of a calendar's time grid that every view with time rows shares (the week of one
// resource, the day of every resource, the general kind's week and day; issue 35): the time axis on
// the left and a column's header cell. One component each, so the views cannot drift apart.
import type { ReactNode } from 'react';

/** The left column of hour labels: one label per whole hour of the shown slots. */
export function TimeAxis({ firstHour, slots, step, row }: { firstHour: number; slots: number; step: number; row: number }) {
  return (
    <div className="nk-cal-times" style={{ height: slots * row }}>
      {Array.from({ length: slots }, (_, s) =>
        (s * step) % 60 === 0 ? (
          <div key={s} className="nk-cal-time" style={{ top: s * row }}>
            {String(firstHour + (s * step) / 60).padStart(2, '0')}:00
          </div>
        ) : null,
      )}
    </div>
  );
}

/**
 * A column's header cell: its label (a weekday, a resource's name) and, for a day, its date
 * (MM-DD); today's is marked.
 */
export function DayHeader({ label, date, today, testId }: { label: ReactNode; date?: string; today?: boolean; testId?: string }) {
  return (
    <div className={`nk-cal-head${today ? ' nk-cal-today' : ''}`} data-testid={testId}>
      <span>{label}</span>
      {date !== undefined && <span className="nk-cal-date">{date}</span>}
    </div>
  );
}
