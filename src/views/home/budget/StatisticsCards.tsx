// 预算统计: the year's figures in the user's scope as five cards — adjusted budget, used, paid,
// available, and the execution rate against time progress (DOMAIN.md rates).
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Card, Progress, Skeleton, Tooltip, Typography, theme } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useStores } from '../../../stores/index.ts';
import { useBudget } from './data.ts';
import { addAmounts, pct, yuan } from './format.ts';

function StatCard({
  testId,
  title,
  hint,
  value,
  content,
  footer,
  loading,
  span,
}: {
  testId: string;
  title: string;
  hint: string;
  value: ReactNode;
  content: ReactNode;
  footer: ReactNode;
  loading: boolean;
  /** Grid columns this card takes. */
  span: number;
}) {
  const { token } = theme.useToken();
  return (
    <Card
      data-testid={testId}
      style={{ gridColumn: `span ${span}`, minWidth: 0 }}
      styles={{ body: { padding: '20px 20px 8px' } }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', color: token.colorTextSecondary, fontSize: 14 }}>
        <span>{title}</span>
        <Tooltip title={hint}>
          <InfoCircleOutlined />
        </Tooltip>
      </div>
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} style={{ marginTop: 12, height: 113 }} />
      ) : (
        <>
          <div
            data-testid={`${testId}-value`}
            style={{
              fontSize: 24,
              lineHeight: '38px',
              height: 38,
              marginTop: 4,
              color: token.colorTextHeading,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {value}
          </div>
          <div style={{ height: 46, display: 'flex', alignItems: 'flex-end', paddingBottom: 8 }}>{content}</div>
          <div
            style={{
              borderTop: `1px solid ${token.colorSplit}`,
              paddingTop: 9,
              height: 40,
              fontSize: 14,
              color: token.colorText,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {footer}
          </div>
        </>
      )}
    </Card>
  );
}

/**
 * Five across when there is room for a full amount in each (≈ 190 px), else three and two, two a
 * row, or one: by the width the page gives the cards, whatever the side menu takes.
 */
function useLayout(box: RefObject<HTMLDivElement | null>) {
  const [width, setWidth] = useState(1200);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);
  if (width >= 1040) return { columns: 5, spans: [1, 1, 1, 1, 1] };
  if (width >= 600) return { columns: 6, spans: [2, 2, 2, 3, 3] };
  if (width >= 380) return { columns: 2, spans: [1, 1, 1, 1, 2] };
  return { columns: 1, spans: [1, 1, 1, 1, 1] };
}

/**
 * A footer of a label and an amount (or a rate): the figure always shows whole; a label longer than what is
 * left ends in an ellipsis and shows whole on hover (a card is ~170 px wide at 1440 px).
 */
const LabelledAmount = ({ label, amount }: { label: string; amount: string }) => (
  <span style={{ display: 'flex', gap: 6, minWidth: 0 }}>
    <span title={label} style={{ flex: '0 1 auto', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {label}
    </span>
    <span data-testid="stat-footer-amount" style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
      {amount}
    </span>
  </span>
);

const Small = ({ children }: { children: ReactNode }) => (
  <Typography.Text type="secondary" style={{ fontSize: 14 }}>
    {children}
  </Typography.Text>
);

export default observer(function StatisticsCards() {
  const { t } = useTranslation();
  const { settings } = useStores();
  const { token } = theme.useToken();
  const { data, error } = useBudget('statistics', settings.language);
  const box = useRef<HTMLDivElement>(null);
  const layout = useLayout(box);
  const loading = data === null;
  const s = data;
  // Behind time by more than a month's worth: the figure is worth a colour.
  const behind = s ? s.executionRate + 100 / 12 < s.timeProgress : false;
  if (!s && error) return null; // the other blocks say what went wrong; five warnings would be noise
  return (
    <div
      ref={box}
      data-testid="home-budget-statistics"
      style={{ display: 'grid', gap: 24, gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))` }}
    >
      <StatCard
        span={layout.spans[0]!}
        testId="stat-adjusted"
        title={t('home.budget.stats.adjusted')}
        hint={t('home.budget.stats.adjustedHint')}
        loading={loading}
        value={s && yuan(s.adjusted, settings.language)}
        content={<Small>{s && t('home.budget.stats.count', { count: s.count })}</Small>}
        footer={s && <LabelledAmount label={t('home.budget.stats.original')} amount={yuan(s.original, settings.language)} />}
      />
      <StatCard
        span={layout.spans[1]!}
        testId="stat-used"
        title={t('home.budget.stats.used')}
        hint={t('home.budget.stats.usedHint')}
        loading={loading}
        value={s && yuan(s.used, settings.language)}
        content={
          <Progress
            percent={Math.min(100, s?.executionRate ?? 0)}
            showInfo={false}
            size="small"
            strokeColor={token.colorPrimary}
          />
        }
        footer={s && t('home.budget.stats.executionRate', { rate: pct(s.executionRate) })}
      />
      <StatCard
        span={layout.spans[2]!}
        testId="stat-paid"
        title={t('home.budget.stats.paid')}
        hint={t('home.budget.stats.paidHint')}
        loading={loading}
        value={s && yuan(s.paid, settings.language)}
        content={<Progress percent={Math.min(100, s?.paymentRate ?? 0)} showInfo={false} size="small" strokeColor="#13c2c2" />}
        footer={s && t('home.budget.stats.paymentRate', { rate: pct(s.paymentRate) })}
      />
      <StatCard
        span={layout.spans[3]!}
        testId="stat-available"
        title={t('home.budget.stats.available')}
        hint={t('home.budget.stats.availableHint')}
        loading={loading}
        value={s && yuan(s.available, settings.language)}
        content={<Small>{s && t('home.budget.stats.utilisationRate', { rate: pct(s.utilisationRate) })}</Small>}
        footer={
          s && <LabelledAmount label={t('home.budget.stats.frozen')} amount={yuan(addAmounts(s.frozen, s.adjustFrozen), settings.language)} />
        }
      />
      <StatCard
        span={layout.spans[4]!}
        testId="stat-rate"
        title={t('home.budget.stats.rate')}
        hint={t('home.budget.stats.rateHint')}
        loading={loading}
        value={<span style={{ color: behind ? token.colorWarning : undefined }}>{s && pct(s.executionRate)}</span>}
        content={
          <div style={{ position: 'relative', width: '100%' }}>
            <Progress
              percent={Math.min(100, s?.executionRate ?? 0)}
              showInfo={false}
              size="small"
              strokeColor={behind ? token.colorWarning : token.colorSuccess}
            />
            {s && (
              // Where the year is: execution is on time when the bar reaches this mark.
              <Tooltip title={t('home.budget.stats.timeProgress', { rate: pct(s.timeProgress) })}>
                <div
                  data-testid="stat-rate-time"
                  style={{
                    position: 'absolute',
                    left: `calc(${Math.min(100, s.timeProgress)}% - 1px)`,
                    top: 2,
                    width: 2,
                    height: 16,
                    background: token.colorTextSecondary,
                    borderRadius: 1,
                  }}
                />
              </Tooltip>
            )}
          </div>
        }
        footer={s && <LabelledAmount label={t('home.budget.progress.timeProgress')} amount={pct(s.timeProgress)} />}
      />
    </div>
  );
});
