// The multi-tab bar (spec section 2): a tab per full path, a context menu with close current /
// right / left / all, and the spec's refusals.
import { observer } from 'mobx-react-lite';
import { Dropdown, Tabs } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useStores } from '../stores/index.ts';
import type { CloseResult } from '../stores/tabs.ts';
import { feedback } from '../utils/feedback.ts';

export default observer(function MultiTab() {
  const { tabs } = useStores();
  const navigate = useNavigate();
  const { t } = useTranslation();

  const after = (result: CloseResult) => {
    if (!result.ok) {
      const text = { lastTab: t('tabs.lastTab'), noLeft: t('tabs.noLeft'), noRight: t('tabs.noRight') }[result.reason];
      feedback.message.info(text);
      return;
    }
    if (result.activate) navigate(result.activate);
  };

  const menuFor = (fullPath: string) => ({
    items: [
      { key: 'closeCurrent', label: t('tabs.closeCurrent') },
      { key: 'closeRight', label: t('tabs.closeRight') },
      { key: 'closeLeft', label: t('tabs.closeLeft') },
      { key: 'closeAll', label: t('tabs.closeAll') },
    ],
    onClick: ({ key, domEvent }: { key: string; domEvent: { stopPropagation(): void } }) => {
      // The menu lives in a portal, but React events still bubble to the tab: it must not activate it.
      domEvent.stopPropagation();
      if (key === 'closeCurrent') after(tabs.close(fullPath));
      if (key === 'closeRight') after(tabs.closeRight(fullPath));
      if (key === 'closeLeft') after(tabs.closeLeft(fullPath));
      if (key === 'closeAll') after(tabs.closeAll(fullPath));
    },
  });

  return (
    <div className="multi-tab" data-testid="multi-tab">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={tabs.active ?? undefined}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => {
          if (action === 'remove') after(tabs.close(String(key)));
        }}
        items={tabs.tabs.map((tab) => ({
          key: tab.fullPath,
          closable: true,
          label: (
            <Dropdown menu={menuFor(tab.fullPath)} trigger={['contextMenu']}>
              <span className="multi-tab-title" data-fullpath={tab.fullPath}>
                {tab.title}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
});
