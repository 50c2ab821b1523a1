// What a menu entry shows while its screen is not built yet: says so, never a blank page.
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuTreeNode } from '../router/menu-tree.ts';

export default function NotBuilt({ node }: { node?: MenuTreeNode }) {
  const { t } = useTranslation();
  return (
    <div data-testid="not-built">
      <Result
        status="info"
        title={t('notBuilt.title')}
        subTitle={t('notBuilt.text', { name: node?.menuName ?? '', component: node?.component ?? '' })}
      />
    </div>
  );
}
