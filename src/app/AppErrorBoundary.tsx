// The last resort around the routes: if the shell itself cannot load or render, the error and a
// retry (a reload) instead of a blank page. Pages fail inside the shell (renderer/ErrorPanel in
// BasicLayout); this one is small so the login route's entry stays small.
import { Component, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import i18n from '../locales/index.ts';

export default class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Result
        status="error"
        title={i18n.t('exception.500')}
        subTitle={<span data-testid="app-error">{error.message}</span>}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {i18n.t('common.retry')}
          </Button>
        }
      />
    );
  }
}
