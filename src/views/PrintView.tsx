// /print/{entity}/{id}: a document's print view, outside the shell (it is a sheet of paper).
import { useParams } from 'react-router-dom';
import PrintPage from '../../renderer/print/PrintPage.tsx';
import { RendererProvider } from '../app/RendererProvider.tsx';

export default function PrintView() {
  const { entity = '', id = '' } = useParams();
  return (
    <RendererProvider>
      <PrintPage entity={entity} id={id} />
    </RendererProvider>
  );
}
