import { Spin } from 'antd';

export default function PageLoading() {
  return (
    <div style={{ padding: 96, textAlign: 'center' }} data-testid="page-loading">
      <Spin size="large" />
    </div>
  );
}
