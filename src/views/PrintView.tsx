// /print/{entity}/{id}[?template=<stem>]: a document's print view, outside the shell (it is a sheet of paper).
import { useParams, useSearchParams } from 'react-router-dom';
import PrintPage from '../../renderer/print/PrintPage.tsx';
import { RendererProvider } from '../app/RendererProvider.tsx';

export default function PrintView() {
  const { entity = '', id = '' } = useParams();
  // ?template=<stem>: a further template of the entity (a paste sheet, a payslip per payee).
  const [query] = useSearchParams();
  return (
    <RendererProvider>
      <PrintPage entity={entity} id={id} template={query.get('template') ?? undefined} />
    </RendererProvider>
  );
}
