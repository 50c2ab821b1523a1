// A week of one resource's bookings (`<name>.calendar.json`; a venue's week): a resource picker,
// previous / this / next week, Monday to Sunday as columns and time rows. Each active booking is a
// block (title, time, applicant) coloured by its state; clicking it shows who holds the time and
// opens the document (or its approval). Dragging over free time in a day — a tap on a phone — opens
// the entity's add form with the resource and the range filled; a refusal (an overlap) shows the
// server's message. Data: GET <api>/calendar/resources, GET <api>/calendar?resource=&from=&to=.
// Weeks, days, hours, blocks and today are the site's clock (./week.ts, issue 32); the range asked
// for is a pair of instants, the range handed to the form the site's wall times.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Empty, Popover, Select, Space, Spin, Tag, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useRenderer } from '../context.tsx';
import { dictTypesOf } from '../dicts.ts';
import { rt, schemaText } from '../texts.ts';
import { TAG_COLORS } from '../list/columns.tsx';
import { toWire, wallOf } from '../time.ts';
import {
  blocksByDay,
  daysOf,
  isBusy,
  mondayOf,
  onWall,
  rangeQuery,
  rangeText,
  siteDayStart,
  slotStart,
  thisMonday,
  type OnWall,
} from './week.ts';
import type { CalendarPageBundle, DictEntry } from '../types.ts';
import { BLOCK_COLORS, useCalendarDocuments } from './documents.tsx';
import { DayHeader, TimeAxis } from './grid.tsx';
import './calendar.css';


interface Booking {
  id: number;
  from: string;
  to: string;
  title: string | null;
  color: string | null;
  doc: string | null;
  applicant: string | null;
  dept: string | null;
  mine: boolean;
}

interface Resource {
  value: number;
  label: string;
}

/** Pixels a time row is tall. */
const ROW = 22;

const DayView = lazy(() => import('./DayView.tsx'));
const TeamView = lazy(() => import('./TeamView.tsx'));
const GeneralView = lazy(() => import('./GeneralView.tsx'));

/**
 * A calendar file's page: its week of one resource, (`"view": "day"`) one day of every resource, or
 * (`"view": "team"`) a month or week of every person within the caller's data scope.
 */
export default function CalendarPage({ bundle }: { bundle: CalendarPageBundle }) {
  const view = bundle.calendar.view;
  if (!bundle.calendar.views && view !== 'day' && view !== 'team') return <WeekView bundle={bundle} />;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
      {bundle.calendar.views ? <GeneralView bundle={bundle} /> : view === 'day' ? <DayView bundle={bundle} /> : <TeamView bundle={bundle} />}
    </Suspense>
  );
}

function WeekView({ bundle }: { bundle: CalendarPageBundle }) {
  const env = useRenderer();
  const { calendar: cal, entity } = bundle;
  const [firstHour, lastHour] = cal.hours ?? [7, 22];
  const step = cal.step ?? 30;
  const slots = ((lastHour - firstHour) * 60) / step;
  const language = env.language;
  const t = (key: Parameters<typeof rt>[1], params?: Record<string, string | number>) => rt(language, key, params);

  const [resources, setResources] = useState<Resource[] | null>(null);
  const [resource, setResource] = useState<number | null>(null);
  const [monday, setMonday] = useState<Dayjs>(thisMonday);
  const [rows, setRows] = useState<Array<OnWall<Booking>> | null>(null);
  const [dicts, setDicts] = useState<Record<string, DictEntry[]>>({});
  const [drag, setDrag] = useState<{ day: number; a: number; b: number } | null>(null);
  const dragging = useRef(false);

  // Drag-create only where the file says so (`create.drag`, issue 35).
  const drags = cal.create?.drag === true;
  const canAdd = drags && env.hasPermission(`${entity.permission}:add`);
  const colorField = cal.color ? entity.fields.find((f) => f.name === cal.color) : undefined;
  const resourceField = entity.fields.find((f) => f.name === cal.resource);

  useEffect(() => {
    env
      .dicts(dictTypesOf(entity))
      .then(setDicts)
      .catch(() => setDicts({}));
    env.fetcher
      .get<Resource[]>(`${entity.api}/calendar/resources`)
      .then((a) => {
        if (a.code !== '0') {
          env.message.error(a.msg);
          setResources([]);
          return;
        }
        // It opens where there is something to see (issue 34): the first resource with bookings this
        // week, else the week and resource of the nearest booking to come, else the first resource.
        // The page shows once this is known, so nothing chosen by hand is overturned.
        return env.fetcher
          .get<{ resource: number | null; at: string | null }>(`${entity.api}/calendar/start`)
          .then((start) => {
            const at = start.code === '0' && start.data.at ? wallOf(start.data.at) : null;
            const chosen = start.code === '0' ? start.data.resource : null;
            setResource((r) => r ?? chosen ?? a.data[0]?.value ?? null);
            if (at) setMonday(mondayOf(at));
          })
          .catch(() => setResource((r) => r ?? a.data[0]?.value ?? null))
          .finally(() => setResources(a.data));
      })
      .catch((err) => {
        env.message.error(env.errorText(err));
        setResources([]);
      });
  }, [bundle]);

  const load = useCallback(() => {
    if (resource === null) return;
    setRows(null);
    env.fetcher
      .get<Booking[]>(`${entity.api}/calendar`, { resource, ...rangeQuery(monday) })
      .then((a) => {
        if (a.code !== '0') env.message.error(a.msg);
        setRows(a.code === '0' ? onWall(a.data) : []);
      })
      .catch((err) => {
        env.message.error(env.errorText(err));
        setRows([]);
      });
  }, [resource, monday, entity.api]);
  useEffect(load, [load]);
  const { setAdding, actions, dialogs } = useCalendarDocuments(bundle, dicts, load);

  const days = useMemo(() => daysOf(monday), [monday]);
  // A wall day's fields are its UTC fields (../time.ts): its weekday is read in UTC.
  const weekday = useMemo(() => new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }), [language]);
  const grid = useMemo(() => ({ firstHour, lastHour, step, row: ROW }), [firstHour, lastHour, step]);

  /** The bookings of each day, each cut to the shown hours. */
  const byDay = useMemo(() => blocksByDay(rows ?? [], days, grid), [rows, days, grid]);

  /** Whether slot `s` of day `i` is taken by a booking. */
  const busy = (i: number, s: number) => isBusy(rows ?? [], days[i]!, grid, s);
  const slotAt = (e: React.PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return Math.max(0, Math.min(slots - 1, Math.floor((e.clientY - box.top) / ROW)));
  };
  /** Where a drag from slot a towards b ends: before the first taken slot on the way. */
  const freeEnd = (day: number, a: number, b: number) => {
    const dir = b >= a ? 1 : -1;
    let end = a;
    while (end !== b && !busy(day, end + dir)) end += dir;
    return end;
  };

  const open = (day: number, a: number, b: number) => {
    if (!canAdd) {
      env.message.info(t('calNoAdd'));
      return;
    }
    // The site's wall times, as the form's date-time picker keeps them.
    const start = slotStart(days[day]!, grid, a);
    const end = slotStart(days[day]!, grid, b + 1);
    setAdding({ [cal.resource!]: resource, [cal.from]: toWire(start), [cal.to]: toWire(end) });
  };

  const onDown = (day: number) => (e: React.PointerEvent<HTMLDivElement>) => {
    if (!drags || e.button !== 0 || (e.target as HTMLElement).closest('.nk-cal-block')) return;
    const s = slotAt(e);
    if (busy(day, s)) return;
    if (e.pointerType !== 'mouse') {
      // A phone: a tap books one slot; the form takes the exact times.
      open(day, s, s);
      return;
    }
    dragging.current = true;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ day, a: s, b: s });
  };
  const onMove = (day: number) => (e: React.PointerEvent<HTMLDivElement>) => {
    if (!dragging.current || !drag || drag.day !== day) return;
    const b = freeEnd(day, drag.a, slotAt(e));
    if (b !== drag.b) setDrag({ ...drag, b });
  };
  const onUp = () => {
    if (!dragging.current || !drag) return;
    dragging.current = false;
    setDrag(null);
    open(drag.day, Math.min(drag.a, drag.b), Math.max(drag.a, drag.b));
  };


  const colorOf = (b: Booking) => {
    const entry = colorField?.dict ? dicts[colorField.dict]?.find((d) => d.dictValue === b.color) : undefined;
    return BLOCK_COLORS[entry?.listClass || 'primary'] ?? BLOCK_COLORS.primary!;
  };
  const stateTag = (b: Booking) => {
    const entry = colorField?.dict ? dicts[colorField.dict]?.find((d) => d.dictValue === b.color) : undefined;
    return entry ? <Tag color={TAG_COLORS[entry.listClass] ?? 'default'}>{entry.dictLabel}</Tag> : null;
  };
  const today = siteDayStart();
  const range = rangeText;

  if (!resources) return <Spin style={{ display: 'block', margin: '64px auto' }} />;

  return (
    <Card className="nk-cal" data-testid="calendar" size="small">
      <div className="nk-cal-bar">
        <Space wrap>
          <Select
            data-testid="calendar-resource"
            className="nk-cal-resource"
            showSearch
            optionFilterProp="label"
            placeholder={schemaText(bundle.texts, resourceField?.title, language)}
            value={resource ?? undefined}
            onChange={(v) => setResource(v)}
            options={resources}
            notFoundContent={t('calEmpty')}
          />
          <Space.Compact>
            <Button
              icon={<LeftOutlined />}
              title={t('calPrev')}
              onClick={() => setMonday(monday.subtract(7, 'day'))}
              data-testid="calendar-prev"
            >
              <span className="nk-cal-btn-text">{t('calPrev')}</span>
            </Button>
            <Button onClick={() => setMonday(thisMonday())} data-testid="calendar-this">
              {t('calThis')}
            </Button>
            <Button title={t('calNext')} onClick={() => setMonday(monday.add(7, 'day'))} data-testid="calendar-next">
              <span className="nk-cal-btn-text">{t('calNext')}</span>
              <RightOutlined />
            </Button>
          </Space.Compact>
          <Typography.Text strong data-testid="calendar-week">
            {t('calWeek', { from: monday.format('YYYY-MM-DD'), to: monday.add(6, 'day').format('YYYY-MM-DD') })}
          </Typography.Text>
        </Space>
        <Typography.Text type="secondary" className="nk-cal-hint">
          {canAdd ? t('calHint') : drags ? t('calNoAdd') : null}
        </Typography.Text>
      </div>
      {resource === null ? (
        <Empty description={t('calEmpty')} />
      ) : (
        <div className="nk-cal-scroll">
          <div className="nk-cal-grid" style={{ ['--nk-cal-row' as string]: `${ROW}px` }}>
            <div className="nk-cal-corner" />
            {days.map((d) => (
              <DayHeader key={d.valueOf()} label={weekday.format(d.toDate())} date={d.format('MM-DD')} today={d.isSame(today)} />
            ))}
            <TimeAxis firstHour={firstHour} slots={slots} step={step} row={ROW} />
            {days.map((d, i) => (
              <div
                key={d.valueOf()}
                className={`nk-cal-day${d.isSame(today) ? ' nk-cal-today' : ''}`}
                style={{ height: slots * ROW, backgroundSize: `100% ${(60 / step) * ROW}px` }}
                data-testid={`calendar-day-${i}`}
                onPointerDown={onDown(i)}
                onPointerMove={onMove(i)}
                onPointerUp={onUp}
                onPointerCancel={() => {
                  dragging.current = false;
                  setDrag(null);
                }}
              >
                {drag && drag.day === i && (
                  <div
                    className="nk-cal-drag"
                    style={{
                      top: Math.min(drag.a, drag.b) * ROW,
                      height: (Math.abs(drag.b - drag.a) + 1) * ROW,
                    }}
                  >
                    {slotStart(d, grid, Math.min(drag.a, drag.b)).format('HH:mm')}–
                    {slotStart(d, grid, Math.max(drag.a, drag.b) + 1).format('HH:mm')}
                  </div>
                )}
                {byDay[i]!.map((b) => (
                  <Popover
                    key={b.id}
                    trigger="click"
                    title={b.title}
                    content={
                      <div className="nk-cal-pop" data-testid="calendar-popover">
                        <div>
                          {b.doc} {stateTag(b)}
                        </div>
                        <div>{range(b)}</div>
                        <div>
                          {b.applicant}
                          {b.dept ? ` · ${b.dept}` : ''}
                        </div>
                        {actions(b.id)}
                      </div>
                    }
                  >
                    <div
                      className={`nk-cal-block${b.mine ? ' nk-cal-mine' : ''}`}
                      data-testid="calendar-block"
                      style={{ top: b.top, height: b.height, borderLeftColor: colorOf(b), background: `${colorOf(b)}1f` }}
                    >
                      <div className="nk-cal-block-title">{b.title}</div>
                      <div className="nk-cal-block-meta">
                        {range(b)} {b.applicant}
                      </div>
                    </div>
                  </Popover>
                ))}
              </div>
            ))}
          </div>
          {rows === null && <Spin className="nk-cal-loading" />}
        </div>
      )}
      {dialogs}
    </Card>
  );
}
