// 部门预算执行 (the spec's budget bars): per department the adjusted budget and what was used of
// it, highest execution rate first, the rate at the end of each bar.
import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { theme } from 'antd';
import { useNavigate } from 'react-router-dom';
import { withVersion } from '../../../router/Guard.tsx';
import { useStores } from '../../../stores/index.ts';
import BlockCard from './BlockCard.tsx';
import Chart, { type ChartOption } from './Chart.tsx';
import { useBudget, type DeptProgress } from './data.ts';
import { compact, pct, yuan } from './format.ts';
import SrTable from './SrTable.tsx';
import { usePhone } from '../../../../renderer/phone.ts';

export default observer(function DeptBars() {
  const { t } = useTranslation();
  const { settings, session } = useStores();
  const navigate = useNavigate();
  // A department's bar opens the movements of its indicators (the budget journal, filtered).
  const drill = session.hasPermission('neikong:budgetJournal:list')
    ? (i: number) => {
        const d = loaded.data?.[i];
        if (d?.deptId) navigate(withVersion(`/budget/journal?deptId=${d.deptId}`));
      }
    : undefined;
  const { token } = theme.useToken();
  const language = settings.language;
  const loaded = useBudget('progreOfDept', language);
  const depts = loaded.data;
  const height = Math.max(260, 56 + (depts?.length ?? 0) * 40);
  const phone = usePhone();

  const option = useMemo((): ChartOption | null => {
    if (!depts) return null;
    const labels = { adjusted: t('home.budget.bars.adjusted'), used: t('home.budget.bars.used') };
    const names = depts.map((d) => d.deptName || t('home.budget.bars.noDept'));
    return {
      color: [token.colorPrimaryBorder, token.colorPrimary],
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (items: Array<{ dataIndex: number; marker: string; seriesName: string; seriesIndex: number }>) => {
          const d = depts[items[0]?.dataIndex ?? 0]!;
          return [
            `<b>${names[items[0]?.dataIndex ?? 0]}</b>`,
            ...items.map(
              (it) => `${it.marker}${it.seriesName}&nbsp;&nbsp;<b>${yuan(it.seriesIndex === 0 ? d.adjusted : d.used, language)}</b>`,
            ),
            `${t('home.budget.bars.rate')}&nbsp;&nbsp;<b>${pct(d.executionRate)}</b>`,
          ].join('<br/>');
        },
      },
      legend: { top: 0, right: 0, itemWidth: 14, itemHeight: 8, data: [labels.adjusted, labels.used] },
      grid: { left: 4, right: 64, top: 32, bottom: 0, containLabel: true },
      xAxis: {
        type: 'value',
        // On a phone a few ticks, and none drawn over its neighbour ("0100万…" otherwise).
        ...(phone ? { splitNumber: 2 } : {}),
        axisLabel: { color: token.colorTextSecondary, hideOverlap: true, formatter: (v: number) => compact(v, language) },
        splitLine: { lineStyle: { type: 'dashed', color: token.colorSplit } },
      },
      yAxis: {
        type: 'category',
        inverse: true,
        data: names,
        axisTick: { show: false },
        axisLine: { lineStyle: { color: token.colorBorder } },
        axisLabel: { color: token.colorText, width: phone ? 64 : 96, overflow: 'truncate' },
      },
      series: [
        {
          name: labels.adjusted,
          type: 'bar',
          barGap: '-100%',
          barWidth: 16,
          itemStyle: { borderRadius: [0, 3, 3, 0] },
          label: {
            show: true,
            position: 'right',
            color: token.colorTextSecondary,
            formatter: ({ dataIndex }: { dataIndex: number }) => pct(depts[dataIndex]!.executionRate),
          },
          data: depts.map((d) => Number(d.adjusted)),
        },
        {
          name: labels.used,
          type: 'bar',
          barWidth: 16,
          itemStyle: { borderRadius: [0, 3, 3, 0] },
          data: depts.map((d) => Number(d.used)),
          z: 3,
        },
      ],
    };
  }, [depts, language, t, token, phone]);

  return (
    <BlockCard
      title={t('home.budget.bars.title')}
      testId="home-budget-bars"
      loaded={loaded}
      height={260}
      empty={(d: DeptProgress) => d.length === 0}
    >
      {(d) => (
        <>
          {option && <Chart option={option} height={height} testId="bars-chart" onPick={drill} pickOn="y" />}
          <SrTable
            testId="bars-table"
            caption={t('home.budget.bars.title')}
            head={['', t('home.budget.bars.adjusted'), t('home.budget.bars.used'), t('home.budget.bars.rate')]}
            rows={d.map((x) => [
              x.deptName || t('home.budget.bars.noDept'),
              yuan(x.adjusted, language),
              yuan(x.used, language),
              pct(x.executionRate),
            ])}
          />
        </>
      )}
    </BlockCard>
  );
});
