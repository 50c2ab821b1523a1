// The home page's unit notices (单位通知, sys_notice_type 1) sent to this user, newest first, unread
// ones marked; the contract reminders have their own block (ContractNoticesBlock). Opening one goes to
// the user's notice list with that notice open, as the bell does (spec section 2, formData).
import { useCallback, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Badge, Card, Empty, List, Space, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { get } from '../../api/request.ts';
import { useStores } from '../../stores/index.ts';
import { withVersion } from '../../router/Guard.tsx';
import { formatInstant } from '../../../renderer/time.ts';

dayjs.extend(relativeTime);

export const UNIT_NOTICE = '1';
export const NOTICES_SHOWN = 5;

interface NoticeRow {
  id: number;
  noticeId: number;
  title: string;
  type: string;
  readFlag: string;
  createdAt: string;
}

export default observer(function NoticesBlock() {
  const { t } = useTranslation();
  const { session, settings } = useStores();
  const navigate = useNavigate();
  const [data, setData] = useState<{ records: NoticeRow[]; total: number } | null>(null);

  const load = useCallback(() => {
    get<{ records: NoticeRow[]; total: number }>('core/noticeUserRel/page', {
      pageNum: 1,
      pageSize: NOTICES_SHOWN,
      type: UNIT_NOTICE,
    })
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

  const listPath = session.menus?.find((m) => m.component === 'NoticeUserRelList')?.path ?? '/notice/noticeUserRelList';
  const open = (formData: Record<string, unknown>) =>
    navigate(withVersion(`${listPath}?formData=${encodeURIComponent(JSON.stringify(formData))}`));

  return (
    <Card
      data-testid="home-notices"
      title={
        <Space size={8}>
          {t('home.notices.title')}
          <Tooltip title={t('home.notices.hint')}>
            <InfoCircleOutlined style={{ color: 'rgba(0,0,0,.45)', fontSize: 14 }} data-testid="notices-hint" />
          </Tooltip>
        </Space>
      }
      extra={
        <Link
          to={withVersion(`${listPath}?formData=${encodeURIComponent(JSON.stringify({ type: UNIT_NOTICE, fromIcon: true }))}`)}
          data-testid="notices-more"
        >
          {t('home.notices.more')}
        </Link>
      }
      styles={{ body: { paddingTop: 8, paddingBottom: 8 } }}
    >
      <List
        loading={data === null}
        dataSource={data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.notices.empty')} /> }}
        renderItem={(n) => (
          <List.Item
            data-testid="notice-row"
            style={{ gap: 16, cursor: 'pointer' }}
            onClick={() => open({ id: n.noticeId, noticeUserRelId: n.id, readFlag: n.readFlag, type: n.type, fromIcon: true })}
          >
            <div style={{ minWidth: 0, flex: 1, display: 'flex', alignItems: 'center', gap: 8 }}>
              <Badge
                status={n.readFlag === '0' ? 'processing' : 'default'}
                title={n.readFlag === '0' ? t('home.notices.unread') : ''}
              />
              <Typography.Text ellipsis={{ tooltip: n.title }} strong={n.readFlag === '0'} style={{ maxWidth: '100%' }}>
                {n.title}
              </Typography.Text>
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} title={formatInstant(n.createdAt)}>
              {dayjs(n.createdAt).fromNow()}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
});
