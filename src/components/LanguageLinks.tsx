// The four languages as plain links: the login page's switcher, light enough for the first load.
import { observer } from 'mobx-react-lite';
import { LANGUAGES } from '../locales/index.ts';
import { useStores } from '../stores/index.ts';
import { switchLanguage } from '../app/language.ts';

export default observer(function LanguageLinks() {
  const stores = useStores();
  return (
    <nav className="language-links" data-testid="language-links">
      {LANGUAGES.map((l) => (
        <a
          key={l.code}
          className={stores.settings.language === l.code ? 'active' : undefined}
          lang={l.code}
          onClick={() => void switchLanguage(stores, l.code)}
        >
          {l.label}
        </a>
      ))}
    </nav>
  );
});
