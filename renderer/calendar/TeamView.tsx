// Who is away on which days (`"view": "team"` in a `<name>.calendar.json`; the team leave calendar,
// issue 34): a month or a week, the people as rows and the days as columns. Each row of the entity is
// a bar over its days (`from` to `to`, both dates), coloured by its `color` dict; one still pending
// (the file's `pending` values) is hatched and marked. A click shows the person, dates and state and
// opens the document or its approval. Data: GET <api>/calendar/team?from=&to= — only the people within
// the caller's data scope (a head's department tree, one's own), decided by the server.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Empty, Popover, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useRenderer } from '../context.tsx';
import { dictTypesOf } from '../dicts.ts';
import { rt } from '../texts.ts';
import { mondayOf, siteDayStart } from './week.ts';
import type { CalendarPageBundle, DictEntry } from '../types.ts';
import { BLOCK_COLORS, useCalendarDocuments } from './documents.tsx';
import './calendar.css';


interface Absence {
  id: number;
  person: number;
  from: string;
  to: string;
  title: string | null;
  color: string | null;
  doc: string | null;
  pending: boolean;
  mine: boolean;
}

interface TeamAnswer {
  from: string;
  to: string;
  people: Array<{ value: number; label: string; dept: string | null }>;
  rows: Absence[];
}


type Mode = 'month' | 'week';

export default function TeamView({ bundle }: { bundle: CalendarPageBundle }) {
  const env = useRenderer();
  const { calendar: cal, entity } = bundle;
  const language = env.language;
  const t = (key: Parameters<typeof rt>[1], params?: Record<string, string | number>) => rt(language, key, params);

  const [mode, setMode] = useState<Mode>('month');
  const [anchor, setAnchor] = useState<Dayjs>(siteDayStart);
  const [answer, setAnswer] = useState<TeamAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [dicts, setDicts] = useState<Record<string, DictEntry[]>>({});

  const first = mode === 'month' ? anchor.startOf('month') : mondayOf(anchor);
  const count = mode === 'month' ? first.daysInMonth() : 7;
  const days = useMemo(() => Array.from({ length: count }, (_, i) => first.add(i, 'day')), [first.format('YYYY-MM-DD'), count]);
  const from = days[0]!.format('YYYY-MM-DD');
  const to = days[days.length - 1]!.format('YYYY-MM-DD');
  const today = siteDayStart().format('YYYY-MM-DD');

  useEffect(() => {
    env
      .dicts(dictTypesOf(entity))
      .then(setDicts)
      .catch(() => setDicts({}));
  }, [bundle]);

  const load = useCallback(() => {
    setLoading(true);
    env.fetcher
      .get<TeamAnswer>(`${entity.api}/calendar/team`, { from, to })
      .then((a) => {
        if (a.code !== '0') {
          env.message.error(a.msg);
          setAnswer({ from, to, people: [], rows: [] });
        } else setAnswer(a.data);
      })
      .catch((err) => {
        env.message.error(env.errorText(err));
        setAnswer({ from, to, people: [], rows: [] });
      })
      .finally(() => setLoading(false));
  }, [from, to, entity.api]);
  useEffect(load, [load]);
  const { actions, dialogs } = useCalendarDocuments(bundle, dicts, load);

  const fieldOf = (name: string | undefined) => (name ? entity.fields.find((f) => f.name === name) : undefined);
  const labelOf = (name: string | undefined, value: string | null) => {
    const field = fieldOf(name);
    const entry = field?.dict ? dicts[field.dict]?.find((d) => d.dictValue === value) : undefined;
    return { label: entry?.dictLabel ?? value ?? '', listClass: entry?.listClass };
  };
  const colorOf = (b: Absence) => BLOCK_COLORS[labelOf(cal.color, b.color).listClass || 'primary'] ?? BLOCK_COLORS.primary!;
  const step = (n: number) => setAnchor(mode === 'month' ? anchor.add(n, 'month').startOf('month') : anchor.add(7 * n, 'day'));
  const weekday = (d: Dayjs) =>
    new Intl.DateTimeFormat(language, { weekday: 'narrow', timeZone: 'UTC' }).format(
      new Date(`${d.format('YYYY-MM-DD')}T00:00:00Z`),
    );
  const people = answer?.people ?? [];
  const dayWidth = mode === 'month' ? 30 : 72;
  const NAME = 96;
  /** The day columns a row covers within the range, 0-based, or null when it misses it. */
  const span = (b: Absence) => {
    const a = Math.max(
      0,
      days.findIndex((d) => d.format('YYYY-MM-DD') >= b.from),
    );
    const lastIn = [...days].reverse().findIndex((d) => d.format('YYYY-MM-DD') <= b.to);
    const z = lastIn < 0 ? -1 : days.length - 1 - lastIn;
    return z < a ? null : { a, z };
  };

  return (
    <Card className="nk-cal nk-team" data-testid="calendar-team" size="small">
      <div className="nk-cal-bar">
        <Space wrap>
          <Segmented<Mode>
            value={mode}
            onChange={(m) => setMode(m)}
            options={[
              { value: 'month', label: t('calMonthView') },
              { value: 'week', label: t('calWeekView') },
            ]}
            data-testid="calendar-mode"
          />
          <Space.Compact>
            <Button
              icon={<LeftOutlined />}
              onClick={() => step(-1)}
              data-testid="calendar-prev"
              title={mode === 'month' ? t('calPrevMonth') : t('calPrev')}
            />
            <Button onClick={() => setAnchor(siteDayStart())} data-testid="calendar-this">
              {mode === 'month' ? t('calThisMonth') : t('calThis')}
            </Button>
            <Button
              icon={<RightOutlined />}
              onClick={() => step(1)}
              data-testid="calendar-next"
              title={mode === 'month' ? t('calNextMonth') : t('calNext')}
            />
          </Space.Compact>
          <Typography.Text strong data-testid="calendar-range">
            {mode === 'month' ? first.format('YYYY-MM') : t('calWeek', { from, to })}
          </Typography.Text>
        </Space>
        <Typography.Text type="secondary" className="nk-cal-hint">
          {t('calTeamHint')}
        </Typography.Text>
      </div>
      {answer && !loading && !people.length ? (
        <Empty description={t('calTeamEmpty')} />
      ) : (
        <div className="nk-cal-scroll">
          <div
            className="nk-team-grid"
            style={{
              gridTemplateColumns: `${NAME}px repeat(${days.length}, minmax(${dayWidth}px, 1fr))`,
              gridTemplateRows: `auto repeat(${Math.max(1, people.length)}, 36px)`,
              minWidth: NAME + dayWidth * days.length,
            }}
          >
            <div className="nk-team-corner">{t('calPerson')}</div>
            {days.map((d, i) => {
              const day = d.format('YYYY-MM-DD');
              const weekend = d.day() === 0 || d.day() === 6;
              return (
                <div
                  key={day}
                  className={`nk-team-head${weekend ? ' nk-team-weekend' : ''}${day === today ? ' nk-cal-today' : ''}`}
                  style={{ gridColumn: i + 2, gridRow: 1 }}
                >
                  <span className="nk-cal-date">{weekday(d)}</span>
                  <span>{mode === 'month' ? d.date() : d.format('MM-DD')}</span>
                </div>
              );
            })}
            {people.map((p, r) => (
              <div key={p.value} className="nk-team-name" style={{ gridColumn: 1, gridRow: r + 2 }} data-testid="calendar-person">
                <div className="nk-cal-block-title">{p.label}</div>
                {p.dept && <div className="nk-cal-date">{p.dept}</div>}
              </div>
            ))}
            {people.map((p, r) =>
              days.map((d, i) => (
                <div
                  key={`${p.value}-${i}`}
                  className={`nk-team-cell${d.day() === 0 || d.day() === 6 ? ' nk-team-weekend' : ''}`}
                  style={{ gridColumn: i + 2, gridRow: r + 2 }}
                />
              )),
            )}
            {(answer?.rows ?? []).map((b) => {
              const r = people.findIndex((p) => p.value === b.person);
              const at = span(b);
              if (r < 0 || !at) return null;
              const color = colorOf(b);
              const title = labelOf(cal.title, b.title).label;
              const person = people[r]!;
              return (
                <Popover
                  key={b.id}
                  trigger="click"
                  title={`${person.label} · ${title}`}
                  content={
                    <div className="nk-cal-pop" data-testid="calendar-popover">
                      {b.doc && <div>{b.doc}</div>}
                      <div>{b.from === b.to ? b.from : `${b.from} ~ ${b.to}`}</div>
                      <div>
                        {person.dept ? `${person.dept} · ` : ''}
                        <Tag color={b.pending ? 'processing' : 'success'}>{labelOf(cal.color, b.color).label}</Tag>
                      </div>
                      {actions(b.id)}
                    </div>
                  }
                >
                  <div
                    className={`nk-team-block${b.pending ? ' nk-team-pending' : ''}${b.mine ? ' nk-cal-mine' : ''}`}
                    data-testid="calendar-block"
                    data-pending={b.pending ? 'true' : 'false'}
                    style={{
                      gridColumn: `${at.a + 2} / ${at.z + 3}`,
                      gridRow: r + 2,
                      borderColor: color,
                      ['--nk-team-color' as string]: color,
                    }}
                    title={`${person.label} ${title} ${b.from} ~ ${b.to}`}
                  >
                    <span className="nk-cal-block-title">
                      {title}
                      {b.pending ? ` · ${t('calPendingMark')}` : ''}
                    </span>
                  </div>
                </Popover>
              );
            })}
          </div>
          {loading && <Spin className="nk-cal-loading" />}
        </div>
      )}
      {dialogs}
    </Card>
  );
}
