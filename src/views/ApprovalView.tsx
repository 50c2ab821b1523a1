// /approval/{entity}/{id}: a document's approval page, inside the shell (the renderer's page kind).
import { useParams } from 'react-router-dom';
import ApprovalPage from '../../renderer/approval/ApprovalPage.tsx';
import { RendererProvider } from '../app/RendererProvider.tsx';

export default function ApprovalView() {
  const { entity = '', id = '' } = useParams();
  return (
    <RendererProvider>
      <ApprovalPage key={`${entity}/${id}`} entity={entity} id={id} />
    </RendererProvider>
  );
}
