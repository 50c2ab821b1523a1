// The account pages' calls (issue 18): the caller's own profile, operations, sessions, preferences.
import { get, post } from './request.ts';

export interface AccountProfile {
  id: number;
  loginName: string;
  realName: string;
  nickName: string;
  avatar: string;
  email: string;
  phone: string;
  sex: string;
  profile: string;
  deptId: number | null;
  deptName: string | null;
  deptPath: string[];
  organisation: string;
  roles: Array<{ id: number; roleName: string }>;
  lastLogin: { time: string; ip: string | null } | null;
  currentLogin: { time: string; ip: string | null } | null;
  binding: { phone: boolean; email: boolean; wechat: string; dingtalk: string };
}

export interface AccountOperation {
  id: number;
  module: string;
  moduleLabel: string;
  action: string;
  actionLabel: string;
  entityId: string | null;
  ip: string | null;
  url: string | null;
  result: string;
  error: string | null;
  createdAt: string;
}

export interface AccountSession {
  id: string;
  current: boolean;
  browser: string;
  os: string;
  device: 'desktop' | 'mobile' | 'tablet';
  ip: string | null;
  signedInAt: string;
  lastActiveAt: string;
}

export interface LayoutPreferences {
  language?: string;
  navTheme?: 'dark' | 'light';
  layout?: 'sidemenu' | 'topmenu';
  contentWidth?: 'Fixed' | 'Fluid';
  multiTab?: boolean;
}

export const NOTIFY_KINDS = ['approvalTask', 'notice', 'budgetWarning', 'contractDue', 'insuranceDue', 'stockWarning'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

export interface Preferences {
  layout: LayoutPreferences;
  notify: Record<NotifyKind, boolean>;
}

export type ProfileUpdate = Partial<Pick<AccountProfile, 'nickName' | 'email' | 'phone' | 'sex' | 'profile'>>;

export const accountApi = {
  info: () => get<AccountProfile>('core/account/info'),
  update: (body: ProfileUpdate) => post<AccountProfile>('core/account/update', body),
  avatar: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return post<{ avatar: string }>('core/account/avatar', form);
  },
  operations: (pageNum: number, pageSize: number) =>
    get<{ records: AccountOperation[]; total: number }>('core/account/operLog/page', { pageNum, pageSize }),
  sessions: () => get<AccountSession[]>('core/account/session/list'),
  removeSession: (id: string) => post<null>('core/account/session/remove', { id }),
  removeOtherSessions: () => post<{ count: number }>('core/account/session/removeOthers', {}),
  preferences: () => get<Preferences>('core/account/preference'),
  savePreferences: (body: { layout?: LayoutPreferences; notify?: Partial<Record<NotifyKind, boolean>> }) =>
    post<Preferences>('core/account/preference/update', body),
};
