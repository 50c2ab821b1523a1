// The route guard of spec section 4: version query, sign-in, user info then menus, forced
// password change, login/root with a token, the `info` deep link, empty menus.
import { useEffect, useRef, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../api/core.ts';
import { ApiError, errorMessage } from '../api/request.ts';
import { VERSION } from '../config.ts';
import { useStores } from '../stores/index.ts';
import { feedback } from '../utils/feedback.ts';
import { isWechatBrowser } from '../utils/device.ts';
import PageLoading from '../components/PageLoading.tsx';
import { applyServerPreferences } from '../app/preferences.ts';

const OPEN_PATHS = ['/user/login', '/user/register', '/user/register-result', '/disable'];
const UP_PASSWORD = '/ucenter/upPassword';

export function withVersion(fullPath: string): string {
  const url = new URL(fullPath, 'http://x');
  url.searchParams.set('v', VERSION);
  return url.pathname + url.search + url.hash;
}

function isOpen(pathname: string) {
  return OPEN_PATHS.includes(pathname.replace(/\/$/, ''));
}

export const Guard = observer(function Guard({ children }: { children: ReactNode }) {
  const stores = useStores();
  const { session } = stores;
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const loading = useRef(false);
  const { pathname, search } = location;
  const fullPath = pathname + search;
  const params = new URLSearchParams(search);
  const versioned = params.get('v') === VERSION;
  const info = session.info;
  const mustChange = Boolean(info && (info.rePassword || info.passwordExpire));
  const atEntry = pathname === '/' || pathname === '/user' || pathname.replace(/\/$/, '') === '/user/login';

  useEffect(() => {
    if (!versioned) {
      navigate(withVersion(fullPath), { replace: true });
      return;
    }
    if (!session.token) {
      // Coming back after sign-in makes sense for a page, not for the change-password form.
      const back = pathname === UP_PASSWORD ? '' : `?redirect=${encodeURIComponent(fullPath)}`;
      if (!isOpen(pathname)) navigate(withVersion(`/user/login${back}`), { replace: true });
      return;
    }
    if (!session.ready) {
      if (loading.current) return;
      loading.current = true;
      void (async () => {
        try {
          await session.loadInfo();
          // After a sign-in, the account's language and layout (before the menus, in that language).
          await applyServerPreferences(stores);
        } catch (err) {
          // An expired session is the API client's to report (once) and end.
          if (err instanceof ApiError && err.code === '40102') return;
          const rolesMissing = errorMessage(err) === 'getInfo: roles must be a non-null array !';
          feedback.notification.error({
            message: t('request.userInfoTitle'),
            description: rolesMissing ? t('request.rolesEmpty') : t('request.userInfoFailed'),
          });
          session.clear();
          navigate(withVersion('/user/login'), { replace: true });
          return;
        } finally {
          loading.current = false;
        }
        try {
          const menus = await session.loadMenus();
          if (!menus.length) {
            if (isWechatBrowser()) window.alert(t('request.noPermission'));
            else feedback.notification.error({ message: t('request.noPermissionTitle'), description: t('request.noPermission') });
          }
        } catch (err) {
          if (err instanceof ApiError && err.code === '40102') return;
          feedback.message.error(errorMessage(err));
          session.clear();
          navigate(withVersion('/user/login'), { replace: true });
        }
      })();
      return;
    }
    if (mustChange && pathname !== UP_PASSWORD) {
      navigate(withVersion(`${UP_PASSWORD}?${info!.rePassword ? 'rePassword=1' : 'passwordExpire=1'}`), { replace: true });
      return;
    }
    if (atEntry && !mustChange) {
      const infoParam = params.get('info');
      if (infoParam) {
        // A link from the district system: decode it, then open the bill it names.
        api
          .decryptInfo(infoParam)
          .then((bill) => {
            const form = bill.billType === 'contractForm' ? '/contract/contractForm' : '/contract/contractChangeForm';
            const formData = JSON.stringify({ id: String(bill.id), fromHaidian: true });
            navigate(withVersion(`${form}?formData=${encodeURIComponent(formData)}`), { replace: true });
          })
          .catch((err) => {
            feedback.message.error(`${t('request.decodeFailed')}: ${errorMessage(err)}`);
            navigate(withVersion('/home'), { replace: true });
          });
        return;
      }
      // Back to the page that sent the user to sign in, if it is one of ours.
      const redirect = params.get('redirect');
      const target = redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/home';
      navigate(withVersion(target), { replace: true });
    }
  }, [fullPath, versioned, session.token, session.ready, mustChange, atEntry]);

  if (!versioned) return null;
  if (!session.token) return isOpen(pathname) ? <>{children}</> : null;
  if (!session.ready) return <PageLoading />;
  if (mustChange && pathname !== UP_PASSWORD) return null;
  if (atEntry) return <PageLoading />;
  return <>{children}</>;
});
