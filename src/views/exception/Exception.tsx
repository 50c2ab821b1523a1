// Error pages 403 / 404 / 500 (spec section 2), each with 'back to home'.
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { withVersion } from '../../router/Guard.tsx';

export default function Exception({ type }: { type: '403' | '404' | '500' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="exception-page" data-testid={`exception-${type}`}>
      <Result
        status={type}
        title={type}
        subTitle={t(`exception.${type}`)}
        extra={
          <Button type="primary" onClick={() => navigate(withVersion('/home'))} data-testid="back-home">
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
