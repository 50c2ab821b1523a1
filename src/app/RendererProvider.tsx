// The schema runtime's view of the app: the API client as its one fetcher, the session's
// permission rule, navigation with the version query, feedback, the current language and the
// site's settings (its time zone among them: the renderer's clock, renderer/time.ts).
import { useMemo, useRef, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate } from 'react-router-dom';
import http, { errorMessage, type Envelope } from '../api/request.ts';
import { RendererContext, type Fetcher, type RendererEnv } from '../../renderer/context.tsx';
import type { DictEntry } from '../../renderer/types.ts';
import { setSiteTimeZone, TIME_ZONE_SETTING } from '../../renderer/time.ts';
import { useStores } from '../stores/index.ts';
import { feedback } from '../utils/feedback.ts';
import { withVersion } from '../router/Guard.tsx';

const TRANSFER_TIMEOUT_MS = 120_000;

const fetcher: Fetcher = {
  async get<T>(url: string, params?: Record<string, unknown>) {
    return (await http.get<Envelope<T>>(url, { params })).data;
  },
  async post<T>(url: string, body?: unknown, params?: Record<string, unknown>) {
    return (await http.post<Envelope<T>>(url, body ?? {}, { params })).data;
  },
  async download(url, params, onProgress) {
    const response = await http.get<Blob>(url, {
      params,
      responseType: 'blob',
      timeout: TRANSFER_TIMEOUT_MS,
      onDownloadProgress: (e) => onProgress?.(e.loaded),
    });
    const type = String(response.headers['content-type'] ?? '');
    if (type.includes('application/json')) return JSON.parse(await response.data.text()) as Envelope<null>;
    const disposition = String(response.headers['content-disposition'] ?? '');
    const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    return { blob: response.data, fileName: encoded ? decodeURIComponent(encoded) : 'export.xlsx' };
  },
  async upload<T>(url: string, file: File, onProgress?: (percent: number) => void) {
    const body = new FormData();
    body.append('file', file);
    const response = await http.post<Envelope<T>>(url, body, {
      timeout: TRANSFER_TIMEOUT_MS,
      onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
    });
    return response.data;
  },
};

export const RendererProvider = observer(function RendererProvider({ children }: { children: ReactNode }) {
  const { session, settings, site, tabs } = useStores();
  const navigate = useNavigate();
  // The page being left is read when leaving, not when the env is made: a new env per navigation
  // would make every page's effects run again.
  const here = useLocation();
  const location = useRef(here);
  location.current = here;
  const language = settings.language;
  // One request per set of types while the page lives; the next page reads them fresh.
  const dictCache = useMemo(() => new Map<string, Promise<Record<string, DictEntry[]>>>(), [language]);
  const env = useMemo<RendererEnv>(() => {
    // The renderer's clock is the site's (renderer/time.ts); the site store set it when the info came.
    setSiteTimeZone(site.info?.config[TIME_ZONE_SETTING]);
    return {
      fetcher,
      hasPermission: (key) => session.hasPermission(key),
      navigate: (path) => navigate(withVersion(path)),
      leave: (path) => {
        tabs.leave(location.current.pathname + location.current.search);
        navigate(withVersion(path));
      },
      language,
      userId: session.info?.id ?? null,
      siteConfig: site.info?.config ?? {},
      dicts: (types) => {
        const key = `${language}:${[...types].sort().join(',')}`;
        let cached = dictCache.get(key);
        if (!cached) {
          cached = fetcher
            .get<Record<string, DictEntry[]>>('core/dictData/getDictByTypes', { dictTypes: types.join(',') })
            .then((a) => {
              // A refusal is not kept: the next page asks again.
              if (a.code !== '0') dictCache.delete(key);
              return a.code === '0' ? a.data : {};
            });
          cached.catch(() => dictCache.delete(key));
          dictCache.set(key, cached);
        }
        return cached;
      },
      message: feedback.message,
      modal: feedback.modal,
      errorText: errorMessage,
    };
  }, [language, session.info, navigate, dictCache, site.info]);
  return <RendererContext.Provider value={env}>{children}</RendererContext.Provider>;
});
