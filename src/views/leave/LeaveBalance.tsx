// My leave balance (我的假期余额, issue 34): for a year, each leave kind with what is entitled, taken
// (approved), in approval and left — the server's figures (server/modules/leave/leave.ts, the same
// the leave form's type picker shows and the save checks). A kind without a limit shows what is taken.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Card, InputNumber, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, get } from '../../api/request.ts';

interface Balance {
  value: string;
  label: string;
  rule: 'service' | 'fixed' | 'none';
  entitled: number | null;
  taken: number;
  pending: number;
  left: number | null;
  why?: string;
}

export default function LeaveBalance() {
  const { t } = useTranslation();
  const [year, setYear] = useState<number | null>(null);
  const [rows, setRows] = useState<Balance[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (y: number | null) => {
    try {
      setRows(await get<Balance[]>(y ? `leave/balance?year=${y}` : 'leave/balance'));
      setError(null);
    } catch (err) {
      setError(errorMessage(err));
    }
  }, []);
  useEffect(() => void load(year), [load, year]);

  if (error) return <Alert type="error" showIcon message={t('leaveBalance.loadFailed', { detail: error })} />;
  const shown = (v: number | null) => (v === null ? t('leaveBalance.noLimit') : String(v));
  return (
    <Card data-testid="leave-balance">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Typography.Text>{t('leaveBalance.year')}</Typography.Text>
          <InputNumber
            min={2000}
            max={2100}
            precision={0}
            value={year ?? undefined}
            placeholder={t('leaveBalance.thisYear')}
            onChange={(v) => setYear(typeof v === 'number' ? v : null)}
            data-testid="leave-balance-year"
          />
        </Space>
        <Table<Balance>
          rowKey="value"
          size="middle"
          pagination={false}
          loading={rows === null}
          dataSource={rows ?? []}
          columns={[
            { title: t('leaveBalance.kind'), dataIndex: 'label' },
            { title: t('leaveBalance.entitled'), dataIndex: 'entitled', align: 'right', render: shown },
            { title: t('leaveBalance.taken'), dataIndex: 'taken', align: 'right' },
            { title: t('leaveBalance.pending'), dataIndex: 'pending', align: 'right' },
            { title: t('leaveBalance.left'), dataIndex: 'left', align: 'right', render: shown },
            { title: t('leaveBalance.note'), dataIndex: 'why', render: (v?: string) => v ?? '' },
          ]}
        />
        <Typography.Text type="secondary">{t('leaveBalance.hint')}</Typography.Text>
      </Space>
    </Card>
  );
}
