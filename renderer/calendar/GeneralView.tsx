// The general calendar page kind (issue 35; a `<name>.calendar.json` with `views`): month, week and
// day views of any entity with a date or date-time range, optionally of one resource (a picker, all by
// default), with the list's query fields as filters (`filters`), the wording from the file's `texts`.
// Month: the weeks of the month, each row one bar over its days in each week row, "+N more" past three lanes. Week and
// day: time rows for a date-time entity, an all-day lane for a date entity. A phone (≤ 600 px) shows
// the window as an agenda list. A click on a chip shows the row and opens its document or approval
// (./documents.tsx). Dragging over days or times opens the add form with the range (and resource)
// filled, only where the file says so (`create.drag`). Days and times are the site's (../time.ts): a
// date is a date, never shifted; a date-time is placed by the site's wall clock, whatever the
// browser's zone. Data: GET <api>/calendar?from=&to=[&resource=][&filters] (server/entities/calendar.ts),
// the rows the entity's list shows the caller.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Empty, List, Popover, Segmented, Select, Space, Spin, Tag, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useRenderer } from '../context.tsx';
import { dictTypesOf } from '../dicts.ts';
import { rt, schemaText } from '../texts.ts';
import { TAG_COLORS } from '../list/columns.tsx';
import { toWire, wallOf } from '../time.ts';
import { blocksByDay, mondayOf, siteDayStart, slotStart, weekBars, type OnWall } from './week.ts';
import type { CalendarPageBundle, DictEntry, PageBundle } from '../types.ts';
import type { QueryValues } from '../list/QueryForm.tsx';
import { BLOCK_COLORS, useCalendarDocuments } from './documents.tsx';
import { DayHeader, TimeAxis } from './grid.tsx';
import './calendar.css';

const QueryForm = lazy(() => import('../list/QueryForm.tsx'));

type View = 'month' | 'week' | 'day';

interface Item {
  id: number;
  from: string;
  to: string;
  title: unknown;
  color: string | null;
  doc: string | null;
  resource: number | null;
  applicant: string | null;
  dept: string | null;
  mine: boolean;
}

interface Answer {
  from: string;
  to: string;
  dated: boolean;
  more: boolean;
  rows: Item[];
}

/** Pixels a time row is tall. */
const ROW = 22;
/** Chips a month day shows before "+N more". */
const CHIPS = 3;
const DAY = 'YYYY-MM-DD';

/** Whether the screen is a phone's. */
function usePhone() {
  const query = '(max-width: 600px)';
  const [phone, setPhone] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(query).matches);
  useEffect(() => {
    const m = window.matchMedia?.(query);
    if (!m) return;
    const on = () => setPhone(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return phone;
}

/** The days a view shows around a (wall) day: a month's whole weeks, a week, a day. */
export function windowOf(view: View, anchor: Dayjs): Dayjs[] {
  if (view === 'day') return [anchor.startOf('day')];
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => mondayOf(anchor).add(i, 'day'));
  const first = mondayOf(anchor.startOf('month'));
  const last = anchor.endOf('month').startOf('day');
  const count = Math.round(last.diff(first, 'day')) + 1;
  const weeks = Math.ceil(count / 7);
  return Array.from({ length: weeks * 7 }, (_, i) => first.add(i, 'day'));
}

export default function GeneralView({ bundle }: { bundle: CalendarPageBundle }) {
  const env = useRenderer();
  const { calendar: cal, entity } = bundle;
  const language = env.language;
  const t = (key: Parameters<typeof rt>[1], params?: Record<string, string | number>) => rt(language, key, params);
  const views = (cal.views?.length ? cal.views : ['month']) as View[];
  const phone = usePhone();
  const [firstHour, lastHour] = cal.hours ?? [7, 22];
  const step = cal.step ?? 30;
  const slots = ((lastHour - firstHour) * 60) / step;
  const grid = useMemo(() => ({ firstHour, lastHour, step, row: ROW }), [firstHour, lastHour, step]);

  const [view, setView] = useState<View>(views[0]!);
  const [anchor, setAnchor] = useState<Dayjs>(siteDayStart);
  const [resources, setResources] = useState<Array<{ value: number; label: string }>>([]);
  const [resource, setResource] = useState<number | null>(null);
  const [filters, setFilters] = useState<QueryValues>({});
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [loading, setLoading] = useState(true);
  const [dicts, setDicts] = useState<Record<string, DictEntry[]>>({});
  const [drag, setDrag] = useState<{ day: number; a: number; b: number } | null>(null);
  const dragging = useRef(false);

  const drags = cal.create?.drag === true;
  const canAdd = drags && env.hasPermission(`${entity.permission}:add`);
  const fromField = entity.fields.find((f) => f.name === cal.from);
  const dated = answer?.dated ?? fromField?.type === 'date';
  const days = useMemo(() => windowOf(view, anchor), [view, anchor.format(DAY)]);
  const from = days[0]!.format(DAY);
  const to = days[days.length - 1]!.format(DAY);
  const today = siteDayStart().format(DAY);

  useEffect(() => {
    env
      .dicts(dictTypesOf(entity))
      .then(setDicts)
      .catch(() => setDicts({}));
    if (cal.resource)
      env.fetcher
        .get<Array<{ value: number; label: string }>>(`${entity.api}/calendar/resources`)
        .then((a) => setResources(a.code === '0' ? a.data : []))
        .catch(() => setResources([]));
  }, [bundle]);

  const load = useCallback(() => {
    setLoading(true);
    const params: Record<string, unknown> = { ...filters, from, to };
    if (resource !== null) params.resource = resource;
    env.fetcher
      .get<Answer>(`${entity.api}/calendar`, params)
      .then((a) => {
        if (a.code !== '0') env.message.error(a.msg);
        setAnswer(a.code === '0' ? a.data : { from, to, dated, more: false, rows: [] });
      })
      .catch((err) => {
        env.message.error(env.errorText(err));
        setAnswer({ from, to, dated, more: false, rows: [] });
      })
      .finally(() => setLoading(false));
  }, [from, to, resource, filters, entity.api]);
  useEffect(load, [load]);
  const { setAdding, actions, dialogs } = useCalendarDocuments(bundle, dicts, load);

  /** The rows on the site's clock: a date row from its first day to the end of its last. */
  const rows = useMemo(() => {
    const out: Array<OnWall<Item>> = [];
    for (const r of answer?.rows ?? []) {
      const start = wallOf(r.from);
      const end = wallOf(r.to);
      if (start && end) out.push({ ...r, start, end: dated ? end.add(1, 'day') : end });
    }
    return out;
  }, [answer, dated]);
  /** The rows meeting a day. */
  const onDay = (d: Dayjs) => rows.filter((r) => r.start.isBefore(d.add(1, 'day')) && d.isBefore(r.end));

  const fieldOf = (name: string | undefined) => (name ? entity.fields.find((f) => f.name === name) : undefined);
  const entryOf = (name: string | undefined, value: unknown) => {
    const field = fieldOf(name);
    return field?.dict ? dicts[field.dict]?.find((d) => d.dictValue === value) : undefined;
  };
  const titleOf = (r: Item) => entryOf(cal.title, r.title)?.dictLabel ?? String(r.title ?? r.doc ?? r.id);
  const colorOf = (r: Item) => BLOCK_COLORS[entryOf(cal.color, r.color)?.listClass || 'primary'] ?? BLOCK_COLORS.primary!;
  const rangeOf = (r: OnWall<Item>) => {
    if (dated) return r.from === r.to ? r.from : `${r.from} ~ ${r.to}`;
    const sameDay = r.start.format(DAY) === r.end.format(DAY);
    return `${r.start.format('YYYY-MM-DD HH:mm')} ~ ${r.end.format(sameDay ? 'HH:mm' : 'YYYY-MM-DD HH:mm')}`;
  };
  const weekday = (d: Dayjs, style: 'short' | 'long' = 'short') =>
    new Intl.DateTimeFormat(language, { weekday: style, timeZone: 'UTC' }).format(new Date(`${d.format(DAY)}T00:00:00Z`));

  const move = (n: number) =>
    setAnchor(view === 'month' ? anchor.add(n, 'month').startOf('month') : anchor.add(view === 'week' ? 7 * n : n, 'day'));
  const [prevText, thisText, nextText] =
    view === 'month'
      ? [t('calPrevMonth'), t('calThisMonth'), t('calNextMonth')]
      : view === 'week'
        ? [t('calPrev'), t('calThis'), t('calNext')]
        : [t('calPrevDay'), t('calToday'), t('calNextDay')];
  const heading = view === 'month' ? anchor.format('YYYY-MM') : view === 'week' ? t('calWeek', { from, to }) : `${from} ${weekday(anchor, 'long')}`;

  /** A row as a chip (month, all-day lane, agenda) or a timed block, with its popover. */
  const pop = (r: OnWall<Item>, child: React.ReactElement) => {
    const entry = entryOf(cal.color, r.color);
    return (
      <Popover
        key={r.id}
        trigger="click"
        title={titleOf(r)}
        content={
          <div className="nk-cal-pop" data-testid="calendar-popover">
            <div>
              {r.doc} {entry ? <Tag color={TAG_COLORS[entry.listClass] ?? 'default'}>{entry.dictLabel}</Tag> : null}
            </div>
            <div>{rangeOf(r)}</div>
            {(r.applicant || r.dept) && (
              <div>
                {r.applicant}
                {r.dept ? ` · ${r.dept}` : ''}
              </div>
            )}
            {actions(r.id)}
          </div>
        }
      >
        {child}
      </Popover>
    );
  };
  const chip = (r: OnWall<Item>) =>
    pop(
      r,
      <div
        className={`nk-gcal-chip${r.mine ? ' nk-cal-mine' : ''}`}
        data-testid="calendar-block"
        data-day={r.from.slice(0, 10)}
        style={{ borderLeftColor: colorOf(r), background: `${colorOf(r)}1f` }}
        title={`${titleOf(r)} ${rangeOf(r)}`}
      >
        {!dated && <span className="nk-cal-date">{r.start.format('HH:mm')} </span>}
        {titleOf(r)}
      </div>,
    );

  // Drag-create over days (a date entity, or the month grid) or over time slots (a date-time week/day).
  const openDays = (a: Dayjs, b: Dayjs) => {
    if (!canAdd) return env.message.info(t('calNoAdd'));
    const [x, y] = a.isAfter(b) ? [b, a] : [a, b];
    const range = dated
      ? { [cal.from]: x.format(DAY), [cal.to]: y.format(DAY) }
      : { [cal.from]: toWire(x.add(firstHour, 'hour')), [cal.to]: toWire(y.add(lastHour, 'hour')) };
    setAdding({ ...range, ...(cal.resource && resource !== null ? { [cal.resource]: resource } : {}) });
  };
  const openSlots = (day: Dayjs, a: number, b: number) => {
    if (!canAdd) return env.message.info(t('calNoAdd'));
    setAdding({
      [cal.from]: toWire(slotStart(day, grid, Math.min(a, b))),
      [cal.to]: toWire(slotStart(day, grid, Math.max(a, b) + 1)),
      ...(cal.resource && resource !== null ? { [cal.resource]: resource } : {}),
    });
  };
  const dayDrag = (i: number) =>
    drags
      ? {
          onPointerDown: (e: React.PointerEvent<HTMLDivElement>) => {
            if (e.button !== 0 || (e.target as HTMLElement).closest('.nk-gcal-chip, .nk-gcal-more')) return;
            if (e.pointerType !== 'mouse') return openDays(days[i]!, days[i]!);
            dragging.current = true;
            setDrag({ day: -1, a: i, b: i });
          },
          onPointerEnter: () => {
            if (dragging.current && drag && drag.day === -1 && drag.b !== i) setDrag({ ...drag, b: i });
          },
          onPointerUp: () => {
            if (!dragging.current || !drag || drag.day !== -1) return;
            dragging.current = false;
            setDrag(null);
            openDays(days[drag.a]!, days[drag.b]!);
          },
        }
      : {};
  const inDayDrag = (i: number) => drag !== null && drag.day === -1 && i >= Math.min(drag.a, drag.b) && i <= Math.max(drag.a, drag.b);
  const slotAt = (e: React.PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return Math.max(0, Math.min(slots - 1, Math.floor((e.clientY - box.top) / ROW)));
  };
  const slotDrag = (i: number) =>
    drags
      ? {
          onPointerDown: (e: React.PointerEvent<HTMLDivElement>) => {
            if (e.button !== 0 || (e.target as HTMLElement).closest('.nk-cal-block')) return;
            const s = slotAt(e);
            if (e.pointerType !== 'mouse') return openSlots(days[i]!, s, s);
            dragging.current = true;
            e.currentTarget.setPointerCapture(e.pointerId);
            setDrag({ day: i, a: s, b: s });
          },
          onPointerMove: (e: React.PointerEvent<HTMLDivElement>) => {
            if (!dragging.current || !drag || drag.day !== i) return;
            const b = slotAt(e);
            if (b !== drag.b) setDrag({ ...drag, b });
          },
          onPointerUp: () => {
            if (!dragging.current || !drag || drag.day !== i) return;
            dragging.current = false;
            setDrag(null);
            openSlots(days[i]!, drag.a, drag.b);
          },
        }
      : {};

  const empty = answer !== null && !loading && rows.length === 0;
  const emptyText = cal.texts?.empty ? schemaText(bundle.texts, cal.texts.empty, language) : t('calTeamEmpty');
  const filterBundle = useMemo(
    () => ({ component: bundle.component, kind: 'list', list: { entity: entity.name, query: bundle.query ?? [], columns: [] }, entity, texts: bundle.texts }) as unknown as PageBundle,
    [bundle],
  );

  /**
   * The month: a row per week, each day a cell (its number; drag-create), each row of the week one bar
   * over the days it meets there (a range over a Sunday is a bar in each week), in lanes; a day whose
   * bars pass the third lane shows "+N more" with all its rows.
   */
  const month = () => (
    <div className={`nk-gcal-month${drag?.day === -1 ? ' nk-gcal-dragmode' : ''}`} data-testid="calendar-month">
      {days.slice(0, 7).map((d) => (
        <div key={`h${d.day()}`} className="nk-gcal-weekday">
          {weekday(d)}
        </div>
      ))}
      {Array.from({ length: days.length / 7 }, (_, w) => {
        const week = days.slice(w * 7, w * 7 + 7);
        const bars = weekBars(rows, week);
        return (
          <div key={week[0]!.format(DAY)} className="nk-gcal-week" data-testid="calendar-week-row">
            {week.map((d, c) => {
              const i = w * 7 + c;
              const day = d.format(DAY);
              const outside = d.month() !== anchor.month();
              const hidden = bars.filter((b) => b.lane >= CHIPS && b.first <= c && c <= b.last).length;
              return [
                <div
                  key={day}
                  className={`nk-gcal-cell${outside ? ' nk-gcal-outside' : ''}${day === today ? ' nk-cal-today' : ''}${inDayDrag(i) ? ' nk-gcal-dragging' : ''}`}
                  style={{ gridColumn: c + 1 }}
                  data-testid={`calendar-cell-${day}`}
                  {...dayDrag(i)}
                >
                  <div className="nk-gcal-daynum">{d.date()}</div>
                </div>,
                hidden > 0 && (
                  <Popover key={`m${day}`} trigger="click" title={day} content={<div className="nk-gcal-list">{onDay(d).map(chip)}</div>}>
                    <a className="nk-gcal-more" style={{ gridColumn: c + 1, gridRow: CHIPS + 2 }} data-testid="calendar-more">
                      {t('calMore', { n: hidden })}
                    </a>
                  </Popover>
                ),
              ];
            })}
            {bars
              .filter((b) => b.lane < CHIPS)
              .map((b) =>
                pop(
                  b.row,
                  <div
                    className={`nk-gcal-chip nk-gcal-bar${b.before ? ' nk-gcal-before' : ''}${b.after ? ' nk-gcal-after' : ''}${b.row.mine ? ' nk-cal-mine' : ''}`}
                    data-testid="calendar-block"
                    data-day={week[b.first]!.format(DAY)}
                    data-days={b.last - b.first + 1}
                    style={{
                      gridColumn: `${b.first + 1} / ${b.last + 2}`,
                      gridRow: b.lane + 2,
                      borderLeftColor: colorOf(b.row),
                      background: `${colorOf(b.row)}1f`,
                    }}
                    title={`${titleOf(b.row)} ${rangeOf(b.row)}`}
                  >
                    {!dated && <span className="nk-cal-date">{b.row.start.format('HH:mm')} </span>}
                    {titleOf(b.row)}
                  </div>,
                ),
              )}
          </div>
        );
      })}
    </div>
  );

  /** Week or day of a date entity: the days as columns, an all-day lane of chips. */
  const lane = () => (
    <div className="nk-gcal-lane" style={{ gridTemplateColumns: `64px repeat(${days.length}, minmax(92px, 1fr))` }} data-testid={`calendar-${view}`}>
      <div className="nk-cal-corner" />
      {days.map((d) => (
        <DayHeader key={d.format(DAY)} label={weekday(d)} date={d.format('MM-DD')} today={d.format(DAY) === today} />
      ))}
      <div className="nk-gcal-allday">{t('calAllDay')}</div>
      {days.map((d, i) => (
        <div
          key={d.format(DAY)}
          className={`nk-gcal-cell nk-gcal-tall${inDayDrag(i) ? ' nk-gcal-dragging' : ''}`}
          data-testid={`calendar-cell-${d.format(DAY)}`}
          {...dayDrag(i)}
        >
          {onDay(d).map(chip)}
        </div>
      ))}
    </div>
  );

  /** Week or day of a date-time entity: time rows, each row a block at its time. */
  const timed = () => {
    const byDay = blocksByDay(rows, days, grid);
    return (
      <div
        className="nk-cal-grid"
        style={{ ['--nk-cal-row' as string]: `${ROW}px`, gridTemplateColumns: `52px repeat(${days.length}, minmax(92px, 1fr))`, minWidth: days.length === 1 ? 0 : undefined }}
        data-testid={`calendar-${view}`}
      >
        <div className="nk-cal-corner" />
        {days.map((d) => (
          <DayHeader key={d.format(DAY)} label={weekday(d)} date={d.format('MM-DD')} today={d.format(DAY) === today} />
        ))}
        <TimeAxis firstHour={firstHour} slots={slots} step={step} row={ROW} />
        {days.map((d, i) => (
          <div
            key={d.format(DAY)}
            className={`nk-cal-day${d.format(DAY) === today ? ' nk-cal-today' : ''}`}
            style={{ height: slots * ROW, backgroundSize: `100% ${(60 / step) * ROW}px` }}
            data-testid={`calendar-day-${i}`}
            {...slotDrag(i)}
          >
            {drag && drag.day === i && (
              <div className="nk-cal-drag" style={{ top: Math.min(drag.a, drag.b) * ROW, height: (Math.abs(drag.b - drag.a) + 1) * ROW }}>
                {slotStart(d, grid, Math.min(drag.a, drag.b)).format('HH:mm')}–{slotStart(d, grid, Math.max(drag.a, drag.b) + 1).format('HH:mm')}
              </div>
            )}
            {byDay[i]!.map((b) =>
              pop(
                b,
                <div
                  className={`nk-cal-block${b.mine ? ' nk-cal-mine' : ''}`}
                  data-testid="calendar-block"
                  style={{ top: b.top, height: b.height, borderLeftColor: colorOf(b), background: `${colorOf(b)}1f` }}
                >
                  <div className="nk-cal-block-title">{titleOf(b)}</div>
                  <div className="nk-cal-block-meta">
                    {b.start.format('HH:mm')}–{b.end.format('HH:mm')} {b.applicant}
                  </div>
                </div>,
              ),
            )}
          </div>
        ))}
      </div>
    );
  };

  /** A phone's agenda: each day of the window that has rows, and its rows. */
  const agenda = () => {
    const shown = days.filter((d) => (view !== 'month' || d.month() === anchor.month()) && onDay(d).length > 0);
    if (!shown.length) return <Empty description={emptyText} />;
    return (
      <List
        className="nk-gcal-agenda"
        data-testid="calendar-agenda"
        dataSource={shown}
        renderItem={(d) => (
          <List.Item key={d.format(DAY)} className={d.format(DAY) === today ? 'nk-cal-today' : ''}>
            <div className="nk-gcal-agenda-day">
              <strong>{d.format('MM-DD')}</strong> <span className="nk-cal-date">{weekday(d)}</span>
            </div>
            <div className="nk-gcal-list">{onDay(d).map(chip)}</div>
          </List.Item>
        )}
      />
    );
  };

  return (
    <Card
      className="nk-cal nk-gcal"
      data-testid="calendar-general"
      size="small"
      title={cal.texts?.title ? schemaText(bundle.texts, cal.texts.title, language) : undefined}
    >
      {Boolean(bundle.query?.length) && (
        <Suspense fallback={null}>
          <QueryForm bundle={filterBundle} dicts={dicts} language={language} onSearch={(v) => setFilters(v)} />
        </Suspense>
      )}
      <div className="nk-cal-bar">
        <Space wrap>
          {views.length > 1 && (
            <Segmented<View>
              value={view}
              onChange={(v) => setView(v)}
              options={views.map((v) => ({
                value: v,
                label: t(v === 'month' ? 'calMonthView' : v === 'week' ? 'calWeekView' : 'calDayView'),
              }))}
              data-testid="calendar-view"
            />
          )}
          {cal.resource && (
            <Select
              data-testid="calendar-resource"
              className="nk-cal-resource"
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={`${schemaText(bundle.texts, fieldOf(cal.resource)?.title, language)}: ${t('calAll')}`}
              value={resource ?? undefined}
              onChange={(v) => setResource(v ?? null)}
              options={resources}
            />
          )}
          <Space.Compact>
            <Button icon={<LeftOutlined />} title={prevText} onClick={() => move(-1)} data-testid="calendar-prev" />
            <Button onClick={() => setAnchor(siteDayStart())} data-testid="calendar-this">
              {thisText}
            </Button>
            <Button icon={<RightOutlined />} title={nextText} onClick={() => move(1)} data-testid="calendar-next" />
          </Space.Compact>
          <Typography.Text strong data-testid="calendar-range">
            {heading}
          </Typography.Text>
          {empty && !phone && (
            <Typography.Text type="secondary" data-testid="calendar-empty">
              {emptyText}
            </Typography.Text>
          )}
        </Space>
        <Typography.Text type="secondary" className="nk-cal-hint" data-testid="calendar-hint">
          {canAdd ? t('calAddHint') : t('calViewHint')}
        </Typography.Text>
      </div>
      <div className="nk-cal-scroll" onPointerLeave={() => drag?.day === -1 && (dragging.current = false, setDrag(null))}>
        {phone ? agenda() : view === 'month' ? month() : dated ? lane() : timed()}
        {loading && <Spin className="nk-cal-loading" />}
      </div>
      {answer?.more && <Typography.Text type="warning">{t('calMore', { n: '…' })}</Typography.Text>}
      {dialogs}
    </Card>
  );
}
