// The messaging-app browser (WeChat's in-app browser identifies itself as MicroMessenger) and the
// breakpoints of spec section 9.
import { BREAKPOINTS } from '../config.ts';

export const isWechatBrowser = () => /MicroMessenger/i.test(navigator.userAgent);

export type Device = 'mobile' | 'tablet' | 'desktop';
export function deviceOf(width: number): Device {
  if (width < BREAKPOINTS.tablet) return 'mobile';
  if (width < BREAKPOINTS.desktop) return 'tablet';
  return 'desktop';
}
