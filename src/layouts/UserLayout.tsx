// The login layout (spec section 2): the site's login title and logo, the page, and a footer with
// the version and — unless the site hides it (ui.hideBrowserHint) — the Chrome hint with an
// installer download and the official site.
import { observer } from 'mobx-react-lite';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { VERSION } from '../config.ts';
import { useStores } from '../stores/index.ts';
import LanguageLinks from '../components/LanguageLinks.tsx';

export const CHROME_INSTALLER_URL = 'https://dl.google.com/chrome/install/ChromeStandaloneSetup64.exe';
export const CHROME_SITE_URL = 'https://www.google.cn/chrome/';

export default observer(function UserLayout() {
  const { site } = useStores();
  const { t } = useTranslation();
  const hideHint = site.config('ui.hideBrowserHint') === 'true';
  return (
    <div className="user-layout">
      <div className="user-layout-lang">
        <LanguageLinks />
      </div>
      <div className="user-layout-content">
        <div className="user-layout-top">
          <img className="user-layout-logo" src={site.info?.loginLogo || '/logo.svg'} alt="" />
          <h1 className="user-layout-title" data-testid="login-title">
            {site.loginTitle}
          </h1>
          <div className="user-layout-desc">{site.info?.extend.topDeptName}</div>
        </div>
        <Outlet />
      </div>
      <footer className="user-layout-footer" data-testid="login-footer">
        {!hideHint && (
          <div className="browser-hint" data-testid="browser-hint">
            {t('login.browserHint')}{' '}
            <a href={CHROME_INSTALLER_URL} download>
              {t('login.downloadChrome')}
            </a>{' '}
            ·{' '}
            <a href={CHROME_SITE_URL} target="_blank" rel="noreferrer">
              {t('login.officialSite')}
            </a>
          </div>
        )}
        <div className="user-layout-version">{VERSION}</div>
      </footer>
    </div>
  );
});
