// The renderer benchmark's own app: its pages (generated and hand-written lists and forms, the form as
// raw Formily and as amis) chosen by the URL hash. Built by bench/renderer.ts with --outDir into a temporary directory.
import path from 'node:path';
import { createLogger, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// amis's theme keeps old IE hacks (`\0` in media queries, `var(3000)`) the CSS minifier refuses:
// dropped (errorRecovery below) without a warning each on every run.
const logger = createLogger('warn');
const warn = logger.warn.bind(logger);
logger.warn = (msg, options) => (msg.includes('[lightningcss minify]') ? undefined : warn(msg, options));

/**
 * amis runs on MobX 4, the product on MobX 6: npm gives amis, amis-core and amis-ui a copy each, and
 * amis imports mobx-react-lite without depending on it, which finds the product's (on MobX 6, which
 * then refuses to start beside MobX 4). One copy of each for all of amis, as an app of amis has.
 */
function amisMobx(): Plugin {
  const MOBX = /^(mobx|mobx-react|mobx-react-lite|mobx-state-tree)$/;
  const bases = new Map<string, string>();
  return {
    name: 'bench-amis-mobx',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !MOBX.test(source) || !/\/node_modules\/amis(-core|-ui)?\//.test(importer)) return null;
      // mobx-react-lite as mobx-react finds it; the others as amis finds them.
      const from = source === 'mobx-react-lite' ? 'mobx-react' : 'amis';
      if (!bases.has(from)) {
        const amis = await this.resolve('amis', path.join(import.meta.dirname, 'main.tsx'), { skipSelf: true });
        const dir = (id: string, name: string) =>
          id.slice(0, id.lastIndexOf(`/node_modules/${name}/`) + `/node_modules/${name}/`.length);
        const amisDir = dir(amis!.id, 'amis');
        bases.set('amis', path.join(amisDir, 'package.json'));
        const mobxReact = await this.resolve('mobx-react', bases.get('amis'), { skipSelf: true });
        bases.set('mobx-react', path.join(dir(mobxReact!.id, 'mobx-react'), 'package.json'));
      }
      return this.resolve(source, bases.get(from), { ...options, skipSelf: true });
    },
  };
}

/** amis and what it needs, installed apart from the product by bench/renderer.ts (peers/package.json). */
const PEERS = path.join(import.meta.dirname, 'peers', 'node_modules');

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), amisMobx()],
  resolve: { alias: [{ find: /^amis(\/.*)?$/, replacement: `${path.join(PEERS, 'amis')}$1` }] },
  logLevel: 'warn',
  customLogger: logger,
  css: { lightningcss: { errorRecovery: true } },
  build: {
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      // Code only amis's page pulls in (an editor, a formula helper, markdown) uses eval, CommonJS
      // globals and node's punycode.
      onLog(level, log, handler) {
        const amisOnly =
          log.code === 'EVAL' || log.code === 'COMMONJS_VARIABLE_IN_ESM'
            ? log.id?.includes('/node_modules/')
            : log.message.includes('"punycode" has been externalized');
        if (!amisOnly) handler(level, log);
      },
    },
  },
});
