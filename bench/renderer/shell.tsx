// What every page of the benchmark sits in, as in the app: antd's ConfigProvider with the Chinese
// locale and <App> for message / modal.
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { installKeyProbe } from './probe.ts';

export function mount(Page: ComponentType) {
  installKeyProbe();
  createRoot(document.getElementById('app')!).render(
    <ConfigProvider locale={zhCN} theme={{ token: { borderRadius: 4 } }}>
      <App>
        <Page />
      </App>
    </ConfigProvider>,
  );
}
