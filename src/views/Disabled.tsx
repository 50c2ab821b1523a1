import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { VERSION } from '../config.ts';

export default function Disabled() {
  const { t } = useTranslation();
  return (
    <div className="exception-page">
      <Result status="warning" title={t('disabled.title')} subTitle={t('disabled.text')} extra={<span>{VERSION}</span>} />
    </div>
  );
}
