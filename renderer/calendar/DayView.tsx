// One day of every resource (`"view": "day"` in a `<name>.calendar.json`; the venues' day, issue 34):
// previous / today / next day and a date picker, the resources as columns and time rows. Each active
// booking of the day is a block; one outside the caller's data scope shows as taken time only (the
// server leaves out its title, number and applicant). A click on free time opens the entity's add
// form with that resource and slot. Data: GET <api>/calendar/day?day=YYYY-MM-DD. The day, hours and
// blocks are the site's clock (./week.ts).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, DatePicker, Empty, Popover, Space, Spin, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useRenderer } from '../context.tsx';
import { dictTypesOf } from '../dicts.ts';
import { rt } from '../texts.ts';
import { toWire, wallOf } from '../time.ts';
import { blocksByDay, isBusy, onWall, rangeText, siteDayStart, slotStart, type OnWall } from './week.ts';
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
  resource: number;
  readable: boolean;
  mine: boolean;
}

interface DayAnswer {
  day: string;
  resources: Array<{ value: number; label: string }>;
  rows: Booking[];
}

const ROW = 22;

export default function DayView({ bundle }: { bundle: CalendarPageBundle }) {
  const env = useRenderer();
  const { calendar: cal, entity } = bundle;
  const [firstHour, lastHour] = cal.hours ?? [7, 22];
  const step = cal.step ?? 30;
  const slots = ((lastHour - firstHour) * 60) / step;
  const language = env.language;
  const t = (key: Parameters<typeof rt>[1], params?: Record<string, string | number>) => rt(language, key, params);

  const [day, setDay] = useState<Dayjs>(siteDayStart);
  const [answer, setAnswer] = useState<DayAnswer | null>(null);
  const [rows, setRows] = useState<Array<OnWall<Booking>> | null>(null);
  const [dicts, setDicts] = useState<Record<string, DictEntry[]>>({});
  // Drag-create (here a click on free time) only where the file says so (`create.drag`, issue 35).
  const drags = cal.create?.drag === true;
  const canAdd = drags && env.hasPermission(`${entity.permission}:add`);
  const colorField = cal.color ? entity.fields.find((f) => f.name === cal.color) : undefined;

  useEffect(() => {
    env
      .dicts(dictTypesOf(entity))
      .then(setDicts)
      .catch(() => setDicts({}));
  }, [bundle]);

  const load = useCallback(() => {
    setRows(null);
    env.fetcher
      .get<DayAnswer>(`${entity.api}/calendar/day`, { day: day.format('YYYY-MM-DD') })
      .then((a) => {
        if (a.code !== '0') {
          env.message.error(a.msg);
          setAnswer({ day: day.format('YYYY-MM-DD'), resources: [], rows: [] });
          setRows([]);
          return;
        }
        setAnswer(a.data);
        setRows(onWall(a.data.rows));
      })
      .catch((err) => {
        env.message.error(env.errorText(err));
        setRows([]);
      });
  }, [day, entity.api]);
  useEffect(load, [load]);
  const { setAdding, actions, dialogs } = useCalendarDocuments(bundle, dicts, load);

  const grid = useMemo(() => ({ firstHour, lastHour, step, row: ROW }), [firstHour, lastHour, step]);
  const resources = answer?.resources ?? [];
  /** Each resource's blocks of the day. */
  const byResource = useMemo(
    () =>
      resources.map(
        (r) =>
          blocksByDay(
            (rows ?? []).filter((b) => b.resource === r.value),
            [day],
            grid,
          )[0]!,
      ),
    [rows, resources, day, grid],
  );

  const colorOf = (b: Booking) => {
    if (!b.readable) return BLOCK_COLORS.default!;
    const entry = colorField?.dict ? dicts[colorField.dict]?.find((d) => d.dictValue === b.color) : undefined;
    return BLOCK_COLORS[entry?.listClass || 'primary'] ?? BLOCK_COLORS.primary!;
  };
  const onClick = (resource: number) => (e: React.MouseEvent<HTMLDivElement>) => {
    if (!drags || (e.target as HTMLElement).closest('.nk-cal-block')) return;
    if (!canAdd) {
      env.message.info(t('calNoAdd'));
      return;
    }
    const box = e.currentTarget.getBoundingClientRect();
    const s = Math.max(0, Math.min(slots - 1, Math.floor((e.clientY - box.top) / ROW)));
    const mine = (rows ?? []).filter((b) => b.resource === resource);
    if (isBusy(mine, day, grid, s)) return;
    setAdding({
      [cal.resource!]: resource,
      [cal.from]: toWire(slotStart(day, grid, s)),
      [cal.to]: toWire(slotStart(day, grid, s + 1)),
    });
  };
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(day.toDate());

  return (
    <Card className="nk-cal" data-testid="calendar-dayview" size="small">
      <div className="nk-cal-bar">
        <Space wrap>
          <Space.Compact>
            <Button icon={<LeftOutlined />} onClick={() => setDay(day.subtract(1, 'day'))} data-testid="calendar-prev">
              <span className="nk-cal-btn-text">{t('calPrevDay')}</span>
            </Button>
            <Button onClick={() => setDay(siteDayStart())} data-testid="calendar-this">
              {t('calToday')}
            </Button>
            <Button onClick={() => setDay(day.add(1, 'day'))} data-testid="calendar-next">
              <span className="nk-cal-btn-text">{t('calNextDay')}</span>
              <RightOutlined />
            </Button>
          </Space.Compact>
          <DatePicker
            allowClear={false}
            value={dayjs(day.format('YYYY-MM-DD'))}
            onChange={(d) => {
              const wall = d ? wallOf(d.format('YYYY-MM-DD')) : null;
              if (wall) setDay(wall);
            }}
            data-testid="calendar-date"
          />
          <Typography.Text strong data-testid="calendar-day">
            {day.format('YYYY-MM-DD')} {weekday}
          </Typography.Text>
        </Space>
        <Typography.Text type="secondary" className="nk-cal-hint">
          {canAdd ? t('calDayHint') : drags ? t('calNoAdd') : null}
        </Typography.Text>
      </div>
      {answer && !resources.length ? (
        <Empty description={t('calEmpty')} />
      ) : (
        <div className="nk-cal-scroll">
          <div
            className="nk-cal-grid"
            style={{
              ['--nk-cal-row' as string]: `${ROW}px`,
              gridTemplateColumns: `52px repeat(${Math.max(1, resources.length)}, minmax(120px, 1fr))`,
              minWidth: 52 + 120 * Math.max(1, resources.length),
            }}
          >
            <div className="nk-cal-corner" />
            {resources.map((r) => (
              <DayHeader key={r.value} label={r.label} testId="calendar-room" />
            ))}
            <TimeAxis firstHour={firstHour} slots={slots} step={step} row={ROW} />
            {resources.map((r, i) => (
              <div
                key={r.value}
                className="nk-cal-day"
                style={{ height: slots * ROW, backgroundSize: `100% ${(60 / step) * ROW}px` }}
                data-testid={`calendar-room-${i}`}
                onClick={onClick(r.value)}
              >
                {byResource[i]!.map((b) => (
                  <Popover
                    key={b.id}
                    trigger="click"
                    title={b.readable ? b.title : t('calTaken')}
                    content={
                      <div className="nk-cal-pop" data-testid="calendar-popover">
                        {b.readable && <div>{b.doc}</div>}
                        <div>{rangeText(b)}</div>
                        <div>
                          {b.applicant}
                          {b.dept ? `${b.applicant ? ' · ' : ''}${b.dept}` : ''}
                        </div>
                        {b.readable && actions(b.id)}
                      </div>
                    }
                  >
                    <div
                      className={`nk-cal-block${b.mine ? ' nk-cal-mine' : ''}`}
                      data-testid="calendar-block"
                      style={{ top: b.top, height: b.height, borderLeftColor: colorOf(b), background: `${colorOf(b)}1f` }}
                    >
                      <div className="nk-cal-block-title">{b.readable ? b.title : t('calTaken')}</div>
                      <div className="nk-cal-block-meta">
                        {rangeText(b)} {b.applicant ?? b.dept ?? ''}
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
