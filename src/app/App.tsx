// The root: stores, antd theme and locale, the loading mask until the site's base info is in,
// then the routes.
import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { App as AntApp, ConfigProvider, Result, Spin, theme } from 'antd';
// The ES builds: the CommonJS ones hand Vite a Pagination locale it cannot unwrap ("10 / page" in Chinese).
import enUS from 'antd/es/locale/en_US';
import ptBR from 'antd/es/locale/pt_BR';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from '../router/AppRoutes.tsx';
import { StoreContext, type RootStore } from '../stores/index.ts';
import { bindFeedback } from '../utils/feedback.ts';

const ANTD_LOCALES = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS, 'pt-BR': ptBR };
// Someone whose system asks for less motion gets dialogs, menus and messages that appear at once.
const REDUCED_MOTION = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

function FeedbackBinder() {
  const { message, notification, modal } = AntApp.useApp();
  useEffect(() => bindFeedback({ message, notification, modal }), [message, notification, modal]);
  return null;
}

export const App = observer(function App({ stores }: { stores: RootStore }) {
  const { settings, site } = stores;
  useEffect(() => {
    document.body.classList.toggle('color-weak', settings.colorWeak);
  }, [settings.colorWeak]);

  return (
    <StoreContext.Provider value={stores}>
      <ConfigProvider
        locale={ANTD_LOCALES[settings.language]}
        theme={{
          token: { colorPrimary: settings.primaryColor, borderRadius: 4, motion: !REDUCED_MOTION },
          algorithm: theme.defaultAlgorithm,
        }}
      >
        <AntApp>
          <FeedbackBinder />
          {site.loading ? (
            <div data-testid="loading-mask">
              <Spin fullscreen size="large" />
            </div>
          ) : site.error ? (
            <Result status="500" title="500" subTitle={site.error} />
          ) : (
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          )}
        </AntApp>
      </ConfigProvider>
    </StoreContext.Provider>
  );
});
