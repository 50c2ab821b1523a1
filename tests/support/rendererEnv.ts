// The renderer's surroundings for a component test in happy-dom: every call answers empty, every
// permission is held, Chinese; what a test needs more it spreads over this.
import type { RendererEnv } from '../../renderer/context.tsx';

export const quietEnv = {
  fetcher: { get: async () => ({ code: '0', msg: '', data: [] }), post: async () => ({ code: '0', msg: '', data: null }) },
  hasPermission: () => true,
  language: 'zh-CN',
  dicts: async () => ({}),
} as unknown as RendererEnv;
