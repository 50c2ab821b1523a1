import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { withVersion } from '../../router/Guard.tsx';

export default function RegisterResult() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Result
      status="success"
      title={t('register.resultTitle')}
      subTitle={t('register.resultText', { name: params.get('name') ?? '' })}
      extra={
        <Button type="primary" onClick={() => navigate(withVersion('/user/login'))}>
          {t('register.toLogin')}
        </Button>
      }
    />
  );
}
