// The calls the shell makes (spec section 7: auth, user, menu, dept, dictionaries).
import { call, get, post } from './request.ts';

export interface UserInfo {
  id: number;
  userId: number;
  loginName: string;
  realName: string;
  nickName: string;
  avatar: string;
  deptId: number | null;
  deptName: string | null;
  topDeptKey: string;
  roleIds: number[];
  roles: Array<{ id: number; roleKey: string; roleName: string }>;
  buttons: string[];
  admin: boolean;
  todoHome: boolean;
  rePassword: boolean;
  passwordExpire: boolean;
}

export interface MenuNode {
  id: string;
  parentId: string;
  menuName: string;
  menuKey: string;
  icon: string;
  visible: string;
  path: string;
  component: string;
  redirect: string;
  target: string;
  hiddenChildren: boolean;
  hiddenHeader: boolean;
}

export interface DeptBaseInfo {
  topDeptKey: string;
  icon: string;
  loginTitle: string;
  loginLogo: string;
  navTitle: string;
  navLogo: string;
  label: string;
  extend: { topDeptName: string; otherSystemList: Array<{ name: string; url: string }>; navLogoStr: string; disable: boolean };
  config: Record<string, string>;
}

export interface DictEntry {
  dictType: string;
  dictValue: string;
  dictLabel: string;
  isDefault: string;
}

export interface LoginBody {
  loginName: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

/** One unread notice in the bell (spec section 3 "User-notice relation"). */
export interface UnreadNotice {
  id: number;
  noticeUserRelId: number;
  noticeId: number;
  type: string;
  title: string;
  readFlag: string;
  beforeTime: string;
}

/** The bell's summary (spec section 3 "Top-notice response"). */
export interface UnreadSummary {
  totalNum: number;
  dictDataList: Array<{ dictLabel: string; dictValue: string }>;
  dataNumMap: Record<string, number>;
  dataMap: Record<string, UnreadNotice[]>;
}

export const api = {
  unreadNotices: () => get<UnreadSummary>('core/noticeUserRel/unRead'),
  login: (body: LoginBody) =>
    call<{ token?: string; captchaRequired?: boolean }>({ url: 'auth/login/account', method: 'POST', data: body }),
  logout: () => post<null>('auth/logout'),
  register: (body: { loginName: string; password: string; realName: string }) => post<{ id: number }>('auth/register', body),
  captchaUrl: (key: string) => `/api/code/image?key=${encodeURIComponent(key)}&t=${Date.now()}`,
  userInfo: () => get<UserInfo>('core/user/info'),
  userMenus: () => get<MenuNode[]>('core/menu/user'),
  upPassword: (oldPassword: string, newPassword: string) => post<null>('core/user/upPassword', { oldPassword, newPassword }),
  topDeptKey: (hostname: string) => get<string>('core/dept/topDeptKey', { hostname }),
  deptBaseInfo: (key: string) => get<DeptBaseInfo>(`core/dept/infoByTopDeptKey/${encodeURIComponent(key)}`),
  dictByType: (dictType: string) => get<DictEntry[]>('core/dictData/type', { dictType }),
  decryptInfo: (info: string) => post<{ billType: string; id: string | number }>('neikong/hdProject/decrypt', { info }),
};
