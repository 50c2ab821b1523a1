// The frame of a budget block: title, a skeleton while the figures come, the server's message and
// a retry when they do not, and a plain sentence when the year has no indicators in the user's scope.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Empty, Result, Skeleton } from 'antd';
import { errorMessage } from '../../../api/request.ts';
import type { Loaded } from './data.ts';

export default function BlockCard<T>({
  title,
  extra,
  testId,
  loaded,
  empty,
  height,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  testId: string;
  loaded: Loaded<T>;
  /** The data says there is nothing to show. */
  empty?: (data: T) => boolean;
  /** Body height while loading or empty, so the page does not jump. */
  height: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { data, error, retry } = loaded;
  let body: ReactNode;
  if (data === null && error) {
    body = (
      <Result
        status="warning"
        style={{ height, padding: 24 }}
        subTitle={errorMessage(error)}
        extra={
          <Button size="small" onClick={retry}>
            {t('home.budget.retry')}
          </Button>
        }
      />
    );
  } else if (data === null) {
    body = (
      <div style={{ height }}>
        <Skeleton active paragraph={{ rows: Math.max(2, Math.round(height / 60)) }} />
      </div>
    );
  } else if (empty?.(data)) {
    body = (
      <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.budget.empty')} />
      </div>
    );
  } else {
    body = children(data);
  }
  return (
    <Card title={title} extra={extra} data-testid={testId} styles={{ body: { padding: '16px 20px' } }}>
      {body}
    </Card>
  );
}
