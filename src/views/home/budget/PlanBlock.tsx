// 预算编制 (the spec's plan block): the year's budget by expense type — the adjusted amounts as a
// ring, and for each type the original amount against the adjusted one.
import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Typography, theme } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useStores } from '../../../stores/index.ts';
import BlockCard from './BlockCard.tsx';
import Chart, { type ChartOption } from './Chart.tsx';
import { useBudget, type Statistics } from './data.ts';
import { compact, pct, subtractAmounts, yuan } from './format.ts';

const COLORS = ['#1890ff', '#13c2c2', '#facc14', '#2fc25b', '#8543e0', '#f04864'];

export default observer(function PlanBlock() {
  const { t } = useTranslation();
  const { settings } = useStores();
  const { token } = theme.useToken();
  const language = settings.language;
  const loaded = useBudget('statistics', language);
  const s = loaded.data;

  const option = useMemo((): ChartOption | null => {
    if (!s) return null;
    return {
      color: COLORS,
      tooltip: {
        trigger: 'item',
        formatter: (p: { name: string; marker: string; dataIndex: number; percent: number }) => {
          const row = s.byExpenseType[p.dataIndex]!;
          return `${p.marker}${p.name}<br/>${t('home.budget.plan.adjusted')}&nbsp;&nbsp;<b>${yuan(row.adjusted, language)}</b> (${p.percent}%)`;
        },
      },
      title: {
        text: compact(Number(s.adjusted), language),
        subtext: t('home.budget.plan.total'),
        left: 'center',
        top: '38%',
        itemGap: 4,
        textStyle: { fontSize: 20, fontWeight: 500, color: token.colorTextHeading },
        subtextStyle: { fontSize: 12, color: token.colorTextSecondary },
      },
      series: [
        {
          type: 'pie',
          radius: ['58%', '82%'],
          center: ['50%', '50%'],
          avoidLabelOverlap: true,
          label: { show: false },
          itemStyle: { borderColor: token.colorBgContainer, borderWidth: 2 },
          data: s.byExpenseType.map((x) => ({ name: x.label, value: Number(x.adjusted) })),
        },
      ],
    };
  }, [s, language, t, token]);

  return (
    <BlockCard
      title={t('home.budget.plan.title')}
      testId="home-budget-plan"
      loaded={loaded}
      height={360}
      empty={(d: Statistics) => d.count === 0}
    >
      {(d) => (
        <>
          {option && <Chart option={option} height={190} testId="plan-chart" />}
          <div style={{ marginTop: 12, borderTop: `1px solid ${token.colorSplit}` }}>
            {d.byExpenseType.map((x, i) => {
              const change = subtractAmounts(x.adjusted, x.original);
              const up = !change.startsWith('-') && change !== '0.00';
              const down = change.startsWith('-');
              return (
                // The type and its adjusted amount, the original amount under them: fits the narrow column.
                <div
                  key={x.expenseType}
                  data-testid="plan-row"
                  style={{ padding: '7px 0', borderBottom: `1px solid ${token.colorSplit}`, fontVariantNumeric: 'tabular-nums' }}
                >
                  <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 12 }}>
                    <span style={{ display: 'flex', alignItems: 'baseline', minWidth: 0 }} data-testid="plan-label">
                      <span
                        style={{
                          flex: 'none',
                          width: 8,
                          height: 8,
                          borderRadius: 4,
                          background: COLORS[i % COLORS.length],
                          marginRight: 8,
                        }}
                      />
                      {x.label}
                    </span>
                    <span style={{ whiteSpace: 'nowrap' }} title={t('home.budget.plan.adjusted')} data-testid="plan-adjusted">
                      {yuan(x.adjusted, language)}
                      {(up || down) && (
                        <Typography.Text
                          type={up ? 'success' : 'danger'}
                          style={{ fontSize: 12, marginLeft: 4 }}
                          title={`${up ? '+' : ''}${yuan(change, language)}`}
                        >
                          {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
                        </Typography.Text>
                      )}
                    </span>
                  </div>
                  <div style={{ paddingLeft: 16, fontSize: 12, color: token.colorTextSecondary }}>
                    {t('home.budget.plan.original')} <span data-testid="plan-original">{yuan(x.original, language)}</span>
                  </div>
                </div>
              );
            })}
            <div
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                paddingTop: 8,
                fontSize: 12,
                color: token.colorTextSecondary,
              }}
            >
              <span>{t('home.budget.plan.projectShare')}</span>
              <span data-testid="plan-project-share">
                {pct(
                  Number(d.adjusted) > 0
                    ? (Number(d.byExpenseType.find((x) => x.expenseType === '3')?.adjusted ?? 0) * 100) / Number(d.adjusted)
                    : 0,
                )}
              </span>
            </div>
          </div>
        </>
      )}
    </BlockCard>
  );
});
