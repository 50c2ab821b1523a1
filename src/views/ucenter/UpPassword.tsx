// Change password (spec section 2: /ucenter/upPassword with rePassword or passwordExpire). When
// forced, it is the only page the user can reach; after a change the user signs in again.
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Form, Input } from 'antd';
import type { TFunction } from 'i18next';
import type { Rule } from 'antd/es/form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/core.ts';
import { errorMessage } from '../../api/request.ts';
import { useStores } from '../../stores/index.ts';
import { feedback } from '../../utils/feedback.ts';
import { withVersion } from '../../router/Guard.tsx';
import { VERSION } from '../../config.ts';

/** The password rule of DOMAIN.md, mirrored in the browser (the server decides). */
export const passwordRule = (t: TFunction): Rule => ({
  validator: (_, value: string) =>
    !value || (value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value))
      ? Promise.resolve()
      : Promise.reject(new Error(t('password.rule'))),
});

export default observer(function UpPassword() {
  const { session, site } = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's word, not the query: a stale link must not claim the change is forced.
  const forced = Boolean(session.info?.rePassword);
  const expired = Boolean(session.info?.passwordExpire);

  const submit = async (values: { oldPassword: string; newPassword: string }) => {
    setBusy(true);
    setError(null);
    try {
      await api.upPassword(values.oldPassword, values.newPassword);
      feedback.message.success(t('password.success'));
      await session.logout();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <div className="up-password-page">
      <Card
        title={t('password.title')}
        style={{ width: 440, maxWidth: '100%' }}
        extra={<span style={{ color: 'rgba(0,0,0,.45)' }}>{site.appTitle}</span>}
      >
        {(forced || expired) && (
          <Alert
            type="warning"
            showIcon
            message={forced ? t('password.forced') : t('password.expired')}
            style={{ marginBottom: 24 }}
            data-testid="password-forced"
          />
        )}
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} data-testid="password-error" />}
        <Form layout="vertical" onFinish={submit} data-testid="password-form">
          <Form.Item
            name="oldPassword"
            label={t('password.oldPassword')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" maxLength={128} />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('password.newPassword')}
            extra={t('password.rule')}
            rules={[{ required: true, message: t('login.passwordRequired') }, passwordRule(t)]}
          >
            <Input.Password autoComplete="new-password" maxLength={64} />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('password.confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('login.passwordRequired') },
              ({ getFieldValue }) => ({
                validator: (_, v) =>
                  !v || v === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('password.mismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={64} />
          </Form.Item>
          <div style={{ display: 'flex', gap: 8 }}>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="password-submit">
              {t('common.submit')}
            </Button>
            {!forced && !expired && <Button onClick={() => navigate(withVersion('/home'))}>{t('common.backHome')}</Button>}
            {(forced || expired) && <Button onClick={() => void session.logout()}>{t('layout.logout')}</Button>}
          </div>
        </Form>
      </Card>
      <div className="up-password-version">{VERSION}</div>
    </div>
  );
});
