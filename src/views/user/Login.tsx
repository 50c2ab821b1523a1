// Sign-in (spec sections 2, 4, 7): account and password, a captcha once the server asks for one,
// the server's message in the user's language on refusal. The guard takes over once signed in.
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/core.ts';
import { errorMessage } from '../../api/request.ts';
import { useStores } from '../../stores/index.ts';
import { withVersion } from '../../router/Guard.tsx';
import { LOGOUT_NOTICE } from '../../stores/session.ts';

const newKey = () => (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40);

/**
 * A failed logout's message (stores/session.ts), taken from sessionStorage once per page load: the
 * login view may mount more than once in a load (the guard's redirect from the page the reload was
 * on), and a second mount would find nothing — the message flashed or never showed (a flaky e2e).
 * The next load of the page starts clean.
 */
let logoutNotice: string | null | undefined;
function takeLogoutNotice(): string | null {
  if (logoutNotice === undefined) {
    logoutNotice = sessionStorage.getItem(LOGOUT_NOTICE);
    sessionStorage.removeItem(LOGOUT_NOTICE);
  }
  return logoutNotice;
}

export default observer(function Login() {
  const { session, site } = useStores();
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  // Shown until closed or a new sign-in.
  const [notice, setNotice] = useState<string | null>(takeLogoutNotice);
  const dismissNotice = () => {
    logoutNotice = null;
    setNotice(null);
  };
  const [busy, setBusy] = useState(false);
  const [captchaKey, setCaptchaKey] = useState<string | null>(null);
  const [captchaSrc, setCaptchaSrc] = useState('');

  const refreshCaptcha = () => {
    const key = newKey();
    setCaptchaKey(key);
    setCaptchaSrc(api.captchaUrl(key));
    form.setFieldValue('captchaCode', '');
  };

  const submit = async (values: { loginName: string; password: string; captchaCode?: string }) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await session.login({
        loginName: values.loginName.trim(),
        password: values.password,
        ...(captchaKey ? { captchaKey, captchaCode: values.captchaCode } : {}),
      });
      if (answer.code === '0') logoutNotice = null;
      else {
        setError(answer.msg);
        if (answer.data?.captchaRequired || captchaKey) refreshCaptcha();
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-main">
      <Form form={form} onFinish={submit} size="large" data-testid="login-form" autoComplete="off">
        {notice && (
          <Alert
            type="warning"
            showIcon
            closable
            onClose={dismissNotice}
            message={notice}
            style={{ marginBottom: 24 }}
            data-testid="logout-notice"
          />
        )}
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} data-testid="login-error" />}
        <Form.Item name="loginName" rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}>
          <Input prefix={<UserOutlined />} placeholder={t('login.account')} autoComplete="username" maxLength={64} />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login.password')}
            autoComplete="current-password"
            maxLength={128}
          />
        </Form.Item>
        {captchaKey && (
          <Form.Item>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item name="captchaCode" noStyle rules={[{ required: true, message: t('login.captchaRequired') }]}>
                <Input prefix={<SafetyOutlined />} placeholder={t('login.captcha')} maxLength={8} data-testid="captcha-input" />
              </Form.Item>
              <img
                src={captchaSrc}
                width={120}
                height={40}
                alt={t('login.captcha')}
                title={t('login.refreshCaptcha')}
                onClick={refreshCaptcha}
                className="captcha-image"
                data-testid="captcha-image"
              />
            </div>
          </Form.Item>
        )}
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form.Item>
        {site.config('sys.account.registerUser') === 'true' && (
          <div style={{ textAlign: 'right' }}>
            <Link to={withVersion('/user/register')}>{t('login.register')}</Link>
          </div>
        )}
      </Form>
    </div>
  );
});
