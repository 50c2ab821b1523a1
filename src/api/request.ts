// The one HTTP client of the browser app (spec section 7): base /api/, the headers token, year,
// hostname, hostnameport and Accept-Language, a 6 s timeout, and the error catalogue of section 8.
import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import i18n from '../locales/index.ts';
import { REQUEST_TIMEOUT_MS, STORAGE_KEYS } from '../config.ts';
import { storage } from '../utils/storage.ts';
import { feedback } from '../utils/feedback.ts';
import { isWechatBrowser } from '../utils/device.ts';

export interface Envelope<T = unknown> {
  code: string;
  data: T;
  msg: string;
}

/** A business refusal (code other than '0') as an error, carrying the server's message. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

const http = axios.create({ baseURL: '/api/', timeout: REQUEST_TIMEOUT_MS });

let sessionEndHandler: () => void = () => undefined;
/** The session store says how to end a session (clear token, roles, info); the client says when. */
export function onSessionEnd(handler: () => void) {
  sessionEndHandler = handler;
}

function endSessionAndReload(delayMs: number) {
  const end = () => {
    sessionEndHandler();
    window.location.reload();
  };
  if (delayMs) setTimeout(end, delayMs);
  else end();
}

// "Once only" (spec section 8): one notice for a burst of refusals until the page reloads.
const shown = { loginExpired: false, forbidden: false, unauthorized: false };

http.interceptors.request.use((config) => {
  const token = storage.get<string>(STORAGE_KEYS.accessToken);
  if (token) config.headers.set('token', token);
  const year = storage.get<string>(STORAGE_KEYS.currentYear);
  if (year) config.headers.set('year', year);
  config.headers.set('hostname', window.location.hostname);
  config.headers.set('hostnameport', window.location.host);
  config.headers.set('Accept-Language', i18n.language);
  return config;
});

http.interceptors.response.use(
  (response) => {
    const body = response.data as Envelope | undefined;
    if (body && typeof body === 'object') {
      if (body.code === '40102' && !shown.loginExpired) {
        shown.loginExpired = true;
        feedback.notification.error({ message: i18n.t('request.loginInvalid'), description: body.msg });
        // Inside WeChat the session ends and the page reloads at once; elsewhere after a second, so
        // the notice is read first.
        endSessionAndReload(isWechatBrowser() ? 0 : 1000);
      } else if (body.code === '40103' && !shown.forbidden) {
        shown.forbidden = true;
        feedback.notification.error({ message: i18n.t('request.insufficientPermission'), description: body.msg });
        setTimeout(() => (shown.forbidden = false), 3000);
      }
    }
    return response;
  },
  (error: AxiosError<Envelope & { loggedIn?: boolean }>) => {
    const status = error.response?.status;
    const body = error.response?.data;
    if (status === 403) {
      feedback.notification.error({ message: i18n.t('request.forbidden'), description: body?.msg ?? error.message });
    } else if (status === 401 && !body?.loggedIn) {
      if (!shown.unauthorized) {
        shown.unauthorized = true;
        feedback.notification.error({ message: i18n.t('request.unauthorized'), description: i18n.t('request.authFailed') });
      }
      if (storage.get(STORAGE_KEYS.accessToken)) endSessionAndReload(1500);
    }
    return Promise.reject(error);
  },
);

/** A readable message for a failed call: the server's msg, or what went wrong on the way. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (axios.isAxiosError(err)) {
    const body = err.response?.data as Envelope | undefined;
    if (body?.msg) return body.msg;
    if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT') return i18n.t('request.timeout');
    if (!err.response) return i18n.t('request.network');
    return i18n.t('request.failed', { status: err.response.status });
  }
  return err instanceof Error ? err.message : String(err);
}

/** The envelope as the server sent it (callers read code themselves). */
export async function call<T>(config: AxiosRequestConfig): Promise<Envelope<T>> {
  const response = await http.request<Envelope<T>>(config);
  return response.data;
}

/** The data of a successful answer; a non-'0' code becomes an ApiError with the server's msg. */
export async function fetchData<T>(config: AxiosRequestConfig): Promise<T> {
  const body = await call<T>(config);
  if (body.code !== '0') throw new ApiError(body.code, body.msg, body.data);
  return body.data;
}

export const get = <T>(url: string, params?: Record<string, unknown>) => fetchData<T>({ url, method: 'GET', params });
export const post = <T>(url: string, data?: unknown, params?: Record<string, unknown>) =>
  fetchData<T>({ url, method: 'POST', data, params });

export default http;
