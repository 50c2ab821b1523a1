import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { applyLanguage } from './app/language.ts';
import { initI18n } from './locales/index.ts';
import { watchPreloadErrors } from './router/lazy.ts';
import { RootStore } from './stores/index.ts';
import './styles.css';

const stores = new RootStore();
initI18n(stores.settings.language);
applyLanguage(stores.settings.language);
watchPreloadErrors();
void stores.site.load();
createRoot(document.getElementById('app')!).render(<App stores={stores} />);
