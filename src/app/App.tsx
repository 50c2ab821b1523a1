// The root: stores, antd theme and locale, the loading mask until the site's base info is in,
// then the routes.
import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { App as AntApp, Button, ConfigProvider, Result, Spin, theme } from 'antd';
// The ES builds: the CommonJS ones hand Vite a Pagination locale it cannot unwrap ("10 / page" in Chinese).
import enUS from 'antd/es/locale/en_US';
import ptBR from 'antd/es/locale/pt_BR';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from '../router/AppRoutes.tsx';
import { StoreContext, type RootStore } from '../stores/index.ts';
import { bindFeedback } from '../utils/feedback.ts';
import { errorMessage } from '../api/request.ts';
import i18n from '../locales/index.ts';
import AppErrorBoundary from './AppErrorBoundary.tsx';

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
  // The browser's title is the application's name, in the interface language unless the site has its own.
  const title = site.info ? site.appTitle : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  return (
    <StoreContext.Provider value={stores}>
      <ConfigProvider
        locale={ANTD_LOCALES[settings.language]}
        theme={{
          // Links take the primary colour too (antd derives them from the info colour otherwise).
          token: { colorPrimary: settings.primaryColor, colorLink: settings.primaryColor, borderRadius: 4, motion: !REDUCED_MOTION },
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
            // The site's base info did not come (slow or unreachable server): the catalogue's
            // message in the user's language, and a way to ask again without reloading.
            <Result
              status="500"
              title="500"
              subTitle={<span data-testid="site-error">{errorMessage(site.error)}</span>}
              extra={
                <Button type="primary" onClick={() => void site.load()} data-testid="site-retry">
                  {i18n.t('common.retry')}
                </Button>
              }
            />
          ) : (
            // The last resort: a shell that fails to load shows the error with a retry, never a blank page.
            <AppErrorBoundary>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </AppErrorBoundary>
          )}
        </AntApp>
      </ConfigProvider>
    </StoreContext.Provider>
  );
});
