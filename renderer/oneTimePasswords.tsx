// An answer that made up passwords (new or reset accounts of a site with no configured initial
// password, issue 13) carries them this once: they are shown in a dialog the administrator closes,
// with a copy button each, and no later answer has them again.
import { Table, Typography } from 'antd';
import type { Envelope, RendererEnv } from './context.tsx';
import { rt } from './texts.ts';

interface Issued {
  loginName: string;
  password: string;
}

function issuedOf(data: unknown): Issued[] {
  if (!data || typeof data !== 'object') return [];
  const d = data as { oneTimePasswords?: Issued[]; oneTimePassword?: string; loginName?: string };
  if (Array.isArray(d.oneTimePasswords)) return d.oneTimePasswords;
  return typeof d.oneTimePassword === 'string' ? [{ loginName: String(d.loginName ?? ''), password: d.oneTimePassword }] : [];
}

/** True when the answer carried one-time passwords and they are now on screen (the caller skips its toast). */
export function showOneTimePasswords(env: RendererEnv, answer: Envelope<unknown>): boolean {
  const issued = issuedOf(answer.data);
  if (!issued.length) return false;
  const t = (k: Parameters<typeof rt>[1]) => rt(env.language, k);
  env.modal.info({
    title: t('oneTimeTitle'),
    width: 520,
    okText: t('ok'),
    content: (
      <>
        <Typography.Paragraph>{answer.msg}</Typography.Paragraph>
        <Table<Issued>
          size="small"
          pagination={false}
          rowKey="loginName"
          dataSource={issued}
          columns={[
            { title: t('oneTimeAccount'), dataIndex: 'loginName' },
            {
              title: t('oneTimePassword'),
              dataIndex: 'password',
              render: (password: string) => (
                <Typography.Text code copyable data-testid="one-time-password">
                  {password}
                </Typography.Text>
              ),
            },
          ]}
        />
      </>
    ),
  });
  return true;
}
