// The home page's contract notices (合同提醒, spec section 2; DOMAIN.md "Contracts"): instalments of
// performing contracts due within 30 days or overdue, and contracts ending within 60 days, in the
// user's data scope. Each opens the contract's form (the spec's form route); 'more' opens the
// ledger. The same list reaches each contract's author as a notice every morning (a scheduled job).
import { useCallback, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Card, Empty, List, Tabs, Tag, Typography } from 'antd';
import { get } from '../../api/request.ts';
import { useStores } from '../../stores/index.ts';
import { withVersion } from '../../router/Guard.tsx';
import { thousands } from '../../../renderer/format.ts';

interface Due {
  contractId: number;
  contractNo: string;
  name: string;
  counterparty: string;
  instalmentNo: number;
  planDate: string;
  amount: string;
  daysLeft: number;
}
interface Ending {
  contractId: number;
  contractNo: string;
  name: string;
  counterparty: string;
  endDate: string;
  unpaidAmount: string;
  daysLeft: number;
}

export default observer(function ContractNoticesBlock() {
  const { t } = useTranslation();
  const { session, settings } = useStores();
  const navigate = useNavigate();
  const [data, setData] = useState<{ instalments: Due[]; ending: Ending[] } | null>(null);

  const load = useCallback(() => {
    get<{ instalments: Due[]; ending: Ending[] }>('contract/contract/notices')
      .then(setData)
      .catch(() => setData((d) => d ?? { instalments: [], ending: [] }));
  }, []);
  useEffect(() => {
    load();
    window.addEventListener('schema:changed', load);
    return () => window.removeEventListener('schema:changed', load);
  }, [load, settings.language]);

  const formPath = session.menus?.find((m) => m.component === 'ContractForm')?.path ?? '/contract/contractForm';
  const ledgerPath = session.menus?.find((m) => m.component === 'ContractLedger')?.path ?? '/contract/ledger';
  const open = (id: number) =>
    navigate(withVersion(`${formPath}?formData=${encodeURIComponent(JSON.stringify({ id, fromHaidian: false }))}`));
  const when = (days: number) =>
    days < 0 ? (
      <Tag color="error">{t('home.contracts.overdue', { count: -days })}</Tag>
    ) : (
      <Tag color={days <= 7 ? 'warning' : 'default'}>{t('home.contracts.inDays', { count: days })}</Tag>
    );
  const row = (key: string, id: number, title: string, detail: string, days: number) => (
    <List.Item key={key} data-testid="contract-notice" style={{ cursor: 'pointer', gap: 12 }} onClick={() => open(id)}>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text ellipsis={{ tooltip: title }} style={{ display: 'block' }}>
          {title}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {detail}
        </Typography.Text>
      </div>
      {when(days)}
    </List.Item>
  );
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.contracts.empty')} />;
  return (
    <Card
      data-testid="home-contracts"
      title={t('home.contracts.title')}
      extra={
        <Link to={withVersion(ledgerPath)} data-testid="contracts-more">
          {t('home.contracts.more')}
        </Link>
      }
      styles={{ body: { paddingTop: 0, paddingBottom: 8 } }}
    >
      <Tabs
        size="small"
        items={[
          {
            key: 'due',
            label: `${t('home.contracts.due')} ${data?.instalments.length ?? ''}`,
            children: (
              <List loading={data === null} locale={{ emptyText: empty }} data-testid="contract-notices-due">
                {(data?.instalments ?? []).map((d) =>
                  row(
                    `${d.contractId}-${d.instalmentNo}`,
                    d.contractId,
                    `${d.contractNo} ${d.name}`,
                    t('home.contracts.instalment', { n: d.instalmentNo, amount: thousands(d.amount, 2, settings.language), date: d.planDate }),
                    d.daysLeft,
                  ),
                )}
              </List>
            ),
          },
          {
            key: 'ending',
            label: `${t('home.contracts.ending')} ${data?.ending.length ?? ''}`,
            children: (
              <List loading={data === null} locale={{ emptyText: empty }} data-testid="contract-notices-ending">
                {(data?.ending ?? []).map((e) =>
                  row(
                    String(e.contractId),
                    e.contractId,
                    `${e.contractNo} ${e.name}`,
                    t('home.contracts.ends', { date: e.endDate, amount: thousands(e.unpaidAmount, 2, settings.language) }),
                    e.daysLeft,
                  ),
                )}
              </List>
            ),
          },
        ]}
      />
    </Card>
  );
});
