import { observer } from 'mobx-react-lite';
import { Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../locales/index.ts';
import { useStores } from '../../stores/index.ts';
import { switchLanguage } from '../../app/language.ts';

export default observer(function LangSelect() {
  const stores = useStores();
  const { t } = useTranslation();
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [stores.settings.language],
        items: LANGUAGES.map((l) => ({ key: l.code, label: `${l.flag} ${l.label}` })),
        onClick: ({ key }) => void switchLanguage(stores, key as Language),
      }}
    >
      <span className="header-action" data-testid="lang-select" title={t('layout.language')} aria-label={t('layout.language')}>
        <GlobalOutlined />
      </span>
    </Dropdown>
  );
});
