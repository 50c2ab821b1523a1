import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/core.ts';
import { errorMessage } from '../../api/request.ts';
import { withVersion } from '../../router/Guard.tsx';
import { passwordRule } from '../ucenter/UpPassword.tsx';

export default function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: { loginName: string; realName: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      await api.register({ loginName: values.loginName.trim(), realName: values.realName.trim(), password: values.password });
      navigate(withVersion(`/user/register-result?name=${encodeURIComponent(values.loginName.trim())}`));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-main">
      <h3 style={{ marginBottom: 20 }}>{t('register.title')}</h3>
      <Form onFinish={submit} size="large">
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} data-testid="register-error" />}
        <Form.Item name="loginName" rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}>
          <Input placeholder={t('login.account')} maxLength={64} />
        </Form.Item>
        <Form.Item name="realName" rules={[{ required: true, whitespace: true, message: t('register.realNameRequired') }]}>
          <Input placeholder={t('register.realName')} maxLength={64} />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }, passwordRule(t)]}>
          <Input.Password placeholder={t('login.password')} maxLength={64} />
        </Form.Item>
        <Form.Item
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: t('login.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('register.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password placeholder={t('register.confirmPassword')} maxLength={64} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('register.submit')}
        </Button>
        <div style={{ marginTop: 16, textAlign: 'right' }}>
          <Link to={withVersion('/user/login')}>{t('register.backToLogin')}</Link>
        </div>
      </Form>
    </div>
  );
}
