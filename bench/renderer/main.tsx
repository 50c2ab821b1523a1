// Entry of the renderer benchmark app. Takes the start time before anything else is evaluated, then
// loads the shell (React, antd) and the page the hash names, so a page's time counts the code it
// needs: the generated pages pay for the runtime and Formily, the hand-written ones for antd alone.
import type { ComponentType } from 'react';

window.__bench = { start: performance.now(), keys: [], errors: [] };
window.addEventListener('error', (e) => window.__bench.errors.push(String(e.message)));
window.addEventListener('unhandledrejection', (e) => window.__bench.errors.push(String(e.reason)));

const PAGES: Record<string, () => Promise<{ default: ComponentType }>> = {
  'list-schema': () => import('./ListSchema.tsx'),
  'list-hand': () => import('./ListHand.tsx'),
  'form-schema': () => import('./FormSchema.tsx'),
  /** Keystroke floor: one input on an empty page. */
  input: () => import('./Blank.tsx'),
  'form-hand': () => import('./FormHand.tsx'),
  /** A document with 200 lines, and the same lines as a plain list (issue 14). */
  'doc-lines': () => import('./DocSchema.tsx'),
  'lines-list': () => import('./LinesList.tsx'),
  /** The same 200 fields as raw Formily and as amis (issue 20). */
  'form-formily': () => import('./FormFormily.tsx'),
  'form-amis': () => import('./FormAmis.tsx'),
  /** The list with all 100 rows mounted, no virtual body (issue 20: row for row). */
  'list-schema-all': () => import('./ListSchemaAll.tsx'),
  'list-hand-all': () => import('./ListHandAll.tsx'),
};

const name = location.hash.slice(1);
const page = PAGES[name];
if (!page) window.__bench.errors.push(`no page ${name}`);
else
  void Promise.all([import('./shell.tsx'), page()]).then(
    ([shell, module]) => {
      window.__bench.loaded = performance.now() - window.__bench.start;
      shell.mount(module.default);
    },
    (err) => window.__bench.errors.push(String(err)),
  );
