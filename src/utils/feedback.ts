// antd's message / notification / modal bound to the app's theme and locale: <App> in App.tsx
// hands its instances over once mounted; code outside React (the API client, stores) uses them here.
// Until then (a few milliseconds at start) a call is logged rather than shown.
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

type Feedback = { message: MessageInstance; notification: NotificationInstance; modal: ModalHookAPI };

const early = new Proxy({} as Record<string, unknown>, {
  get:
    (_, method) =>
    (...args: unknown[]) =>
      console.warn(`feedback.${String(method)} before the app mounted`, ...args),
});

export const feedback: Feedback = { message: early as never, notification: early as never, modal: early as never };

export function bindFeedback(instances: Feedback) {
  Object.assign(feedback, instances);
}
