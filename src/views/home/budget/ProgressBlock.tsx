// 预算执行进度: spending per month (bars), the cumulative execution rate against time progress
// (lines, DOMAIN.md: time progress = month / 12), and a gauge of the execution rate so far.
import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Col, Row, Typography, theme } from 'antd';
import { useStores } from '../../../stores/index.ts';
import BlockCard from './BlockCard.tsx';
import Chart, { type ChartOption } from './Chart.tsx';
import { useBudget, type Progress } from './data.ts';
import { compact, monthName, pct, yuan } from './format.ts';
import SrTable from './SrTable.tsx';

const HEIGHT = 300;

export default observer(function ProgressBlock() {
  const { t } = useTranslation();
  const { settings } = useStores();
  const { token } = theme.useToken();
  const language = settings.language;
  const progre = useBudget('progre', language);
  const stats = useBudget('statistics', language);

  const lineOption = useMemo((): ChartOption | null => {
    const p = progre.data;
    if (!p) return null;
    const labels = {
      used: t('home.budget.progress.monthlyUsed'),
      rate: t('home.budget.progress.cumulativeRate'),
      time: t('home.budget.progress.timeProgress'),
    };
    const rateMax = Math.max(100, ...p.months.map((m) => m.executionRate));
    return {
      color: [token.colorPrimary, '#fa8c16', token.colorTextQuaternary],
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (items: Array<{ seriesIndex: number; marker: string; seriesName: string; dataIndex: number }>) => {
          const m = p.months[items[0]?.dataIndex ?? 0]!;
          const lines = [`<b>${monthName(m.month, language)}</b>`];
          for (const it of items) {
            const value =
              it.seriesIndex === 0
                ? yuan(m.used, language)
                : it.seriesIndex === 1
                  ? m.elapsed
                    ? pct(m.executionRate)
                    : '–'
                  : pct(m.timeProgress);
            lines.push(`${it.marker}${it.seriesName}&nbsp;&nbsp;<b>${value}</b>`);
          }
          return lines.join('<br/>');
        },
      },
      legend: { top: 0, left: 0, itemWidth: 14, itemHeight: 8, data: [labels.used, labels.rate, labels.time] },
      grid: { left: 4, right: 4, top: 40, bottom: 0, containLabel: true },
      xAxis: {
        type: 'category',
        data: p.months.map((m) => monthName(m.month, language)),
        axisTick: { alignWithLabel: true },
        axisLine: { lineStyle: { color: token.colorBorder } },
        axisLabel: { color: token.colorTextSecondary },
      },
      yAxis: [
        {
          type: 'value',
          axisLabel: { color: token.colorTextSecondary, formatter: (v: number) => compact(v, language) },
          splitLine: { lineStyle: { type: 'dashed', color: token.colorSplit } },
        },
        {
          type: 'value',
          min: 0,
          max: Math.ceil(rateMax / 10) * 10,
          axisLabel: { color: token.colorTextSecondary, formatter: '{value}%' },
          splitLine: { show: false },
        },
      ],
      series: [
        {
          name: labels.used,
          type: 'bar',
          barMaxWidth: 22,
          itemStyle: { borderRadius: [3, 3, 0, 0], opacity: 0.85 },
          data: p.months.map((m) => Number(m.used)),
        },
        {
          name: labels.rate,
          type: 'line',
          yAxisIndex: 1,
          smooth: true,
          symbol: 'circle',
          symbolSize: 6,
          lineStyle: { width: 2.5 },
          areaStyle: { opacity: 0.08 },
          data: p.months.map((m) => (m.elapsed ? m.executionRate : null)),
        },
        {
          name: labels.time,
          type: 'line',
          yAxisIndex: 1,
          symbol: 'none',
          lineStyle: { type: 'dashed', width: 1.5 },
          data: p.months.map((m) => m.timeProgress),
        },
      ],
    };
  }, [progre.data, language, t, token]);

  const s = stats.data;
  const behind = s ? s.executionRate < s.timeProgress : false;
  const gaugeOption = useMemo((): ChartOption | null => {
    if (!s) return null;
    const color = s.executionRate > 100 ? token.colorError : behind ? token.colorWarning : token.colorSuccess;
    return {
      series: [
        {
          type: 'gauge',
          startAngle: 215,
          endAngle: -35,
          min: 0,
          max: 100,
          radius: '92%',
          center: ['50%', '55%'],
          progress: { show: true, width: 14, roundCap: true, itemStyle: { color } },
          axisLine: { roundCap: true, lineStyle: { width: 14, color: [[1, token.colorFillSecondary]] } },
          pointer: { show: false },
          axisTick: { show: false },
          splitLine: { show: false },
          axisLabel: { show: false },
          anchor: { show: false },
          title: { offsetCenter: [0, '34%'], fontSize: 13, color: token.colorTextSecondary },
          detail: {
            offsetCenter: [0, '-4%'],
            fontSize: 28,
            fontWeight: 500,
            color: token.colorTextHeading,
            formatter: (v: number) => `${v.toFixed(2)}%`,
          },
          data: [{ value: Math.min(100, s.executionRate), name: t('home.budget.progress.gauge') }],
        },
      ],
    };
  }, [s, behind, t, token]);

  const gap = s ? Math.round((s.executionRate - s.timeProgress) * 100) / 100 : 0;
  return (
    <BlockCard
      title={t('home.budget.progress.title')}
      testId="home-budget-progress"
      loaded={progre}
      height={HEIGHT}
      empty={(p: Progress) => p.adjusted === '0.00'}
    >
      {(p) => (
        <Row gutter={[16, 16]} align="middle">
          <Col xs={24} md={16}>
            {lineOption && <Chart option={lineOption} height={HEIGHT} testId="progress-chart" />}
            <SrTable
              testId="progress-table"
              caption={t('home.budget.progress.title')}
              head={[
                '',
                t('home.budget.progress.monthlyUsed'),
                t('home.budget.progress.cumulativeRate'),
                t('home.budget.progress.timeProgress'),
              ]}
              rows={p.months.map((m) => [
                monthName(m.month, language),
                yuan(m.used, language),
                m.elapsed ? pct(m.executionRate) : '',
                pct(m.timeProgress),
              ])}
            />
          </Col>
          <Col xs={24} md={8}>
            {gaugeOption && <Chart option={gaugeOption} height={200} testId="progress-gauge" />}
            {s && (
              <div style={{ textAlign: 'center', lineHeight: '26px' }} data-testid="progress-summary">
                <div>
                  <Typography.Text type="secondary">{t('home.budget.progress.timeProgress')}</Typography.Text>{' '}
                  <span data-testid="progress-time">{pct(s.timeProgress)}</span>
                </div>
                <div>
                  <Typography.Text type="secondary">{t('home.budget.progress.cumulativeUsed')}</Typography.Text>{' '}
                  <span data-testid="progress-used">{yuan(s.used, language)}</span>
                </div>
                <Typography.Text type={behind ? 'warning' : 'success'} data-testid="progress-gap">
                  {behind
                    ? t('home.budget.progress.behind', { points: Math.abs(gap).toFixed(2) })
                    : t('home.budget.progress.ahead', { points: gap.toFixed(2) })}
                </Typography.Text>
              </div>
            )}
          </Col>
        </Row>
      )}
    </BlockCard>
  );
});
