// The home page's pending-approval card (待审批, spec section 2): how many tasks wait for me, the
// newest five with the step and how long they have waited, each opening its approval page, and
// 'more' to my task list wherever the menu put it. Each task says its document type and amount (issue
// 34: the card is the one 'to approve' block of home; the amount always shows whole). Counts again when a decision is taken elsewhere.
import { useCallback, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Badge, Card, Empty, List, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { workflowApi, type TaskRow } from '../../api/workflow.ts';
import { useStores } from '../../stores/index.ts';
import { withVersion } from '../../router/Guard.tsx';
import { formatInstant } from '../../../renderer/time.ts';
import { thousands } from '../../../renderer/format.ts';

dayjs.extend(relativeTime);

export const PENDING_SHOWN = 5;

export default observer(function PendingApproval() {
  const { t, i18n } = useTranslation();
  const { session, settings } = useStores();
  const [data, setData] = useState<{ records: TaskRow[]; total: number } | null>(null);

  const load = useCallback(() => {
    workflowApi
      .todoTasks(PENDING_SHOWN)
      .then(setData)
      .catch(() => setData((d) => d ?? { records: [], total: 0 }));
  }, []);

  useEffect(() => {
    load();
    const onChange = () => load();
    window.addEventListener('focus', onChange);
    window.addEventListener('schema:changed', onChange);
    return () => {
      window.removeEventListener('focus', onChange);
      window.removeEventListener('schema:changed', onChange);
    };
  }, [load, settings.language]);

  // My task list is wherever the menu put the WorkflowTask screen.
  const listPath = session.menus?.find((m) => m.component === 'WorkflowTask')?.path ?? '/workflow/task';
  const total = data?.total ?? 0;

  return (
    <Card
      data-testid="home-pending"
      title={
        <Space size={8}>
          {t('home.pending.title')}
          <Badge count={total} showZero overflowCount={99} color={total ? undefined : '#d9d9d9'} data-testid="pending-count" />
        </Space>
      }
      extra={
        <Link to={withVersion(listPath)} data-testid="pending-more">
          {t('home.pending.more')}
        </Link>
      }
      styles={{ body: { paddingTop: 8, paddingBottom: 8 } }}
    >
      <List
        loading={data === null}
        dataSource={data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.pending.empty')} /> }}
        renderItem={(task) => (
          <List.Item data-testid="pending-item" style={{ gap: 16 }}>
            <div style={{ minWidth: 0, flex: 1 }}>
              <Link to={withVersion(`/approval/${task.entity}/${task.businessKey}`)} style={{ display: 'block' }}>
                <Typography.Text ellipsis={{ tooltip: task.title }} style={{ color: 'inherit', maxWidth: '100%' }}>
                  {task.title}
                </Typography.Text>
              </Link>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {task.entityLabel && <span data-testid="pending-type">{task.entityLabel} · </span>}
                {task.name}
                {task.starterName ? ` · ${task.starterName}` : ''}
              </Typography.Text>
            </div>
            <div style={{ textAlign: 'right', flex: 'none' }}>
              {task.amount !== null && task.amount !== undefined && (
                <div data-testid="pending-amount" style={{ whiteSpace: 'nowrap' }}>
                  {thousands(task.amount, 2, i18n.language)}
                </div>
              )}
              <Typography.Text
                type="secondary"
                style={{ fontSize: 12, whiteSpace: 'nowrap' }}
                title={formatInstant(task.createdAt)}
              >
                {dayjs(task.createdAt).fromNow()}
              </Typography.Text>
            </div>
          </List.Item>
        )}
      />
      {total > PENDING_SHOWN && (
        <div style={{ textAlign: 'right', paddingTop: 4 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('home.pending.total', { count: total })}
          </Typography.Text>
        </div>
      )}
    </Card>
  );
});
