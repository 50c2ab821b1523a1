// Security: the password (changed here with the rules of /core/user/upPassword) and the sessions of
// the account — browser, system, IP, sign-in and last activity, this one marked — each signed out
// on its own, or every other one at once.
import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Input, List, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { DesktopOutlined, MobileOutlined, TabletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi, type AccountSession } from '../../../api/account.ts';
import { api } from '../../../api/core.ts';
import { errorMessage } from '../../../api/request.ts';
import { feedback } from '../../../utils/feedback.ts';
import { useStores } from '../../../stores/index.ts';
import { formatInstant } from '../../../../renderer/time.ts';

/** On the site's clock, whatever the browser's zone (issue 32). */
const time = (iso: string) => formatInstant(iso, 'YYYY-MM-DD HH:mm');
const DEVICE_ICON = { desktop: <DesktopOutlined />, mobile: <MobileOutlined />, tablet: <TabletOutlined /> };

function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { session } = useStores();
  const [form] = Form.useForm<{ oldPassword: string; newPassword: string; confirm: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await api.upPassword(v.oldPassword, v.newPassword);
      // The server ends every session of the account, this one too: sign in again with the new password.
      feedback.message.success(t('password.success'));
      form.resetFields();
      onClose();
      await session.logout();
    } catch (err) {
      feedback.message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={t('account.security')} onOk={submit} confirmLoading={saving} onCancel={onClose} destroyOnClose>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="oldPassword"
          label={t('account.oldPassword')}
          rules={[{ required: true, message: t('account.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('account.newPassword')}
          extra={t('account.passwordRule')}
          rules={[
            { required: true, message: t('account.passwordRequired') },
            { min: 8, max: 64, message: t('account.passwordRule') },
            { pattern: /(?=.*[A-Za-z])(?=.*\d)/, message: t('account.passwordRule') },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('account.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('account.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('account.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function Security() {
  const { t } = useTranslation();
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [changing, setChanging] = useState(false);

  const load = useCallback(() => {
    accountApi.sessions().then(setSessions, (err) => feedback.message.error(errorMessage(err)));
  }, []);
  useEffect(load, [load]);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      feedback.message.success(done);
    } catch (err) {
      feedback.message.error(errorMessage(err));
    }
    load();
  };

  return (
    <>
      <List
        itemLayout="horizontal"
        dataSource={[{ title: t('account.security'), description: t('account.securityText') }]}
        renderItem={(item) => (
          <List.Item
            actions={[
              <a key="change" onClick={() => setChanging(true)} data-testid="security-password">
                {t('account.change')}
              </a>,
            ]}
          >
            <List.Item.Meta title={item.title} description={item.description} />
          </List.Item>
        )}
      />
      <PasswordDialog open={changing} onClose={() => setChanging(false)} />
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          margin: '24px 0 8px',
          gap: 16,
          flexWrap: 'wrap',
        }}
      >
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('account.sessions')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('account.sessionsText')}</Typography.Text>
        </div>
        <Popconfirm
          title={t('account.signOutOthers')}
          description={t('account.signOutOthersConfirm')}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          onConfirm={() => run(accountApi.removeOtherSessions, t('account.saved'))}
          disabled={!sessions || sessions.length < 2}
        >
          <Button danger disabled={!sessions || sessions.length < 2} data-testid="sessions-sign-out-others">
            {t('account.signOutOthers')}
          </Button>
        </Popconfirm>
      </div>
      <List<AccountSession>
        loading={!sessions}
        dataSource={sessions ?? []}
        data-testid="sessions"
        renderItem={(s) => (
          <List.Item
            data-testid="session-row"
            data-current={s.current ? '1' : '0'}
            actions={
              s.current
                ? [
                    <Tag key="this" color="green">
                      {t('account.thisDevice')}
                    </Tag>,
                  ]
                : [
                    <Popconfirm
                      key="out"
                      title={t('account.signOutConfirm')}
                      okText={t('common.ok')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => run(() => accountApi.removeSession(s.id), t('account.saved'))}
                    >
                      <a data-testid="session-sign-out">{t('account.signOut')}</a>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={<span style={{ fontSize: 28, color: 'rgba(0,0,0,.45)' }}>{DEVICE_ICON[s.device]}</span>}
              title={
                <Space wrap>
                  <span>{[s.browser, s.os].filter(Boolean).join(' · ') || t('account.unknownDevice')}</span>
                  <Typography.Text type="secondary">{s.ip}</Typography.Text>
                </Space>
              }
              description={`${t('account.signedInAt')} ${time(s.signedInAt)} · ${t('account.lastActive')} ${time(s.lastActiveAt)}`}
            />
          </List.Item>
        )}
      />
    </>
  );
}
