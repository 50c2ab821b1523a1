// Description-list widget (spec section 2): 1 to 4 columns, horizontal or vertical.
import type { ReactNode } from 'react';
import { Descriptions } from 'antd';

export interface DescriptionListProps {
  title?: ReactNode;
  col?: 1 | 2 | 3 | 4;
  layout?: 'horizontal' | 'vertical';
  items: Array<{ term: ReactNode; children: ReactNode; key?: string }>;
}

export default function DescriptionList({ title, col = 3, layout = 'horizontal', items }: DescriptionListProps) {
  const column = Math.min(4, Math.max(1, col));
  return (
    <Descriptions
      title={title}
      layout={layout}
      column={{ xs: 1, sm: Math.min(2, column), md: column, lg: column, xl: column, xxl: column }}
      items={items.map((item, i) => ({ key: item.key ?? String(i), label: item.term, children: item.children }))}
    />
  );
}
