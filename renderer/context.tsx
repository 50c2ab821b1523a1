// What the renderer asks of the app around it, injected once: one fetcher for every API binding
// (no renderer imports an HTTP client), the permission rule, navigation, feedback, the language.
import { createContext, useContext } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { DictEntry } from './types.ts';

/** An answer asking the caller to confirm a warning first: the same request again with confirmed=1 goes through. */
export const CONFIRM_CODE = '40108';

export interface Envelope<T = unknown> {
  code: string;
  data: T;
  msg: string;
}

export interface Fetcher {
  get<T>(url: string, params?: Record<string, unknown>): Promise<Envelope<T>>;
  post<T>(url: string, body?: unknown, params?: Record<string, unknown>): Promise<Envelope<T>>;
  /** A file from the API; onProgress gets bytes received so far. */
  download(
    url: string,
    params: Record<string, unknown>,
    onProgress?: (bytes: number) => void,
  ): Promise<{ blob: Blob; fileName: string } | Envelope<null>>;
  upload<T>(url: string, file: File, onProgress?: (percent: number) => void): Promise<Envelope<T>>;
}

export interface RendererEnv {
  fetcher: Fetcher;
  hasPermission(key: string | undefined): boolean;
  navigate(path: string): void;
  /** Closes the page the user is on (its tab) and opens path: a full-page form after its save. */
  leave(path: string): void;
  language: string;
  /** The signed-in user's id (row actions may depend on it: nobody disables themselves). */
  userId: number | null;
  /** The site's public settings (upload.maxFiles, upload.useOss…). */
  siteConfig: Record<string, string>;
  dicts(types: string[]): Promise<Record<string, DictEntry[]>>;
  message: MessageInstance;
  modal: ModalHookAPI;
  /** A readable message for a failed call. */
  errorText(err: unknown): string;
}

export const RendererContext = createContext<RendererEnv | null>(null);

export function useRenderer(): RendererEnv {
  const env = useContext(RendererContext);
  if (!env) throw new Error('renderer used outside <RendererContext.Provider>');
  return env;
}
