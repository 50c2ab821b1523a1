// Constants of spec section 9 and the local-storage keys of section 3 (prefix pro__).
export const VERSION = 'v2.5.44';
export const DEFAULT_APP_TITLE = '内控系统';
/** Token and current-year lifetime: 12 hours. */
export const SESSION_LIFETIME_MS = 43_200_000;
export const REQUEST_TIMEOUT_MS = 6000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const STORAGE_PREFIX = 'pro__';
export const HEADER_AUTO_HIDE_PX = 300;
export const BREAKPOINTS = { tablet: 576, desktop: 1200 } as const;
export const THEME_COLORS = ['#1890FF', '#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1'] as const;
export const DEFAULT_COLOR = '#1890FF';
export const NOTICE_PERMISSION = 'system:noticeUserRel:list';

export const STORAGE_KEYS = {
  accessToken: 'Access-Token',
  currentYear: 'currentYear',
  topDeptKey: 'topDeptKey',
  label: 'label',
  topDeptName: 'topDeptName',
  loginTitle: 'loginTitle',
  loginLogo: 'loginLogo',
  navTitle: 'navTitle',
  navLogo: 'navLogo',
  otherSystemList: 'otherSystemList',
  siteConfig: 'siteConfig',
  sidebarOpen: 'sidebar_type',
  navTheme: 'nav_theme',
  layout: 'layout',
  contentWidth: 'content_width',
  fixedHeader: 'fixed_header',
  fixedSidebar: 'fixed_sidebar',
  autoHideHeader: 'auto_hide_header',
  color: 'color',
  colorWeak: 'weak',
  multiTab: 'multi_tab',
  language: 'app_language',
} as const;

/** Routes anyone may open without signing in (spec section 4). */
export const OPEN_ROUTE_NAMES = ['login', 'register', 'registerResult', 'disable'] as const;
