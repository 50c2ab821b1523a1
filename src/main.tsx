import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { applyLanguage } from './app/language.ts';
import { initI18n } from './locales/index.ts';
import { watchPreloadErrors } from './router/lazy.ts';
import { RootStore } from './stores/index.ts';
import './styles.css';

const stores = new RootStore();
watchPreloadErrors();
void stores.site.load();
// The language's texts are a chunk of their own: render once they are in (en-US if they fail).
void initI18n(stores.settings.language)
  .catch(() => undefined)
  .finally(() => {
    applyLanguage(stores.settings.language);
    createRoot(document.getElementById('app')!).render(<App stores={stores} />);
  });
