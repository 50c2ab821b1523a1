// Account centre (issue 18), after ant-design-pro's: the caller's card on the left (avatar, names,
// department path, roles, contacts, last sign-in) and their recent operations on the right, paged.
import { useEffect, useMemo, useState } from 'react';
import { Avatar, Card, Col, Divider, Row, Table, Tag, Typography } from 'antd';
import {
  ApartmentOutlined,
  ClockCircleOutlined,
  IdcardOutlined,
  MailOutlined,
  PhoneOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi, type AccountOperation, type AccountProfile } from '../../api/account.ts';
import { errorMessage } from '../../api/request.ts';
import { feedback } from '../../utils/feedback.ts';
import { formatInstant } from '../../../renderer/time.ts';
import { usePageHeader } from '../../components/page-header-slot.ts';

/** On the site's clock, whatever the browser's zone (issue 32). */
const time = (iso: string) => formatInstant(iso, 'YYYY-MM-DD HH:mm:ss');

export default function Center() {
  const { t } = useTranslation();
  const [profile, setProfile] = useState<AccountProfile | null>(null);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [ops, setOps] = useState<{ records: AccountOperation[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    accountApi.info().then(setProfile, (err) => feedback.message.error(errorMessage(err)));
  }, []);
  useEffect(() => {
    setLoading(true);
    accountApi
      .operations(page.pageNum, page.pageSize)
      .then((answer) => {
        // An emptied page steps back one (spec section 4).
        if (!answer.records.length && page.pageNum > 1) setPage((p) => ({ ...p, pageNum: p.pageNum - 1 }));
        else setOps(answer);
      })
      .catch((err) => feedback.message.error(errorMessage(err)))
      .finally(() => setLoading(false));
  }, [page]);

  // The page header shows whose centre this is (spec section 2, C2.76): their avatar, and their
  // name, organisation path and signature as its description.
  usePageHeader(
    useMemo(
      () =>
        profile && {
          avatar: profile.avatar,
          description: [
            profile.nickName,
            [profile.organisation, ...profile.deptPath.slice(1)].join(' / '),
            profile.profile || t('account.noProfile'),
          ]
            .filter(Boolean)
            .join(' · '),
        },
      [profile, t],
    ),
  );

  const line = (icon: React.ReactNode, text: React.ReactNode, testId?: string) => (
    <p style={{ margin: '0 0 8px', display: 'flex', gap: 8 }} data-testid={testId}>
      <span style={{ color: 'rgba(0,0,0,.45)' }}>{icon}</span>
      <span>{text}</span>
    </p>
  );

  return (
    <Row gutter={24}>
      <Col lg={7} md={24} xs={24}>
        <Card loading={!profile} style={{ marginBottom: 24 }}>
          {profile && (
            <>
              <div style={{ textAlign: 'center', marginBottom: 24 }}>
                <Avatar size={104} src={profile.avatar} style={{ marginBottom: 16 }} />
                <Typography.Title level={4} style={{ marginBottom: 4 }} data-testid="center-nick-name">
                  {profile.nickName}
                </Typography.Title>
                <Typography.Text type="secondary">{profile.profile || t('account.noProfile')}</Typography.Text>
              </div>
              {line(<IdcardOutlined />, `${t('account.realName')}：${profile.realName}（${profile.loginName}）`)}
              {line(
                <ApartmentOutlined />,
                [profile.organisation, ...profile.deptPath.slice(1)].join(' / ') || '—',
                'center-dept',
              )}
              {line(<MailOutlined />, profile.email || '—')}
              {line(<PhoneOutlined />, profile.phone || '—')}
              {line(
                <ClockCircleOutlined />,
                profile.lastLogin
                  ? `${t('account.lastLogin')}：${time(profile.lastLogin.time)} ${profile.lastLogin.ip ?? ''}`
                  : '—',
              )}
              <Divider dashed />
              <div style={{ marginBottom: 12, fontWeight: 500 }}>
                <TeamOutlined /> {t('account.roles')}
              </div>
              {profile.roles.map((r) => (
                <Tag key={r.id} style={{ marginBottom: 8 }}>
                  {r.roleName}
                </Tag>
              ))}
            </>
          )}
        </Card>
      </Col>
      <Col lg={17} md={24} xs={24}>
        <Card
          tabList={[{ key: 'operations', label: t('account.recentOperations') }]}
          activeTabKey="operations"
          styles={{ body: { paddingTop: 12 } }}
        >
          <Table<AccountOperation>
            rowKey="id"
            size="middle"
            loading={loading}
            dataSource={ops.records}
            data-testid="center-operations"
            pagination={{
              current: page.pageNum,
              pageSize: page.pageSize,
              total: ops.total,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 30, 40],
              onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
            }}
            columns={[
              { title: t('account.opTime'), dataIndex: 'createdAt', width: 170, render: (v: string) => time(v) },
              { title: t('account.opModule'), dataIndex: 'moduleLabel' },
              { title: t('account.opAction'), dataIndex: 'actionLabel', width: 100 },
              {
                title: t('account.opResult'),
                dataIndex: 'result',
                width: 90,
                render: (v: string, r) =>
                  v === '0' ? (
                    <Tag color="success">{t('account.opOk')}</Tag>
                  ) : (
                    <Tag color="error" title={r.error ?? ''}>
                      {t('account.opFailed')}
                    </Tag>
                  ),
              },
              { title: 'IP', dataIndex: 'ip', width: 130, responsive: ['md'] },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
