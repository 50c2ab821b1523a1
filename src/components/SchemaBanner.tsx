// The administrator's banner of schema problems (issue 35): a file under schemas/ that fails its
// check takes its area out of service (or leaves its last sound version serving) and is named
// here — "schema problems: N — <file> → <pointer>: <message>" — from GET /api/schema/health,
// updated live by every reload's news (/api/schema/events); gone once the files are sound. Users
// who are not administrators get nothing from the endpoint and see nothing.
import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../api/request.ts';
import { useSchemaNews, watchSchemas, type SchemaNews } from '../../renderer/schemaReload.ts';

type Health = NonNullable<SchemaNews['health']> & { watching?: boolean };

export default function SchemaBanner() {
  const { t } = useTranslation();
  const news = useSchemaNews();
  const [health, setHealth] = useState<Health | null>(null);

  useEffect(() => {
    let cancelled = false;
    call<Health | null>({ url: '/schema/health', method: 'GET' })
      .then((body) => {
        if (cancelled || body.code !== '0' || !body.data) return;
        setHealth(body.data);
        // A server that watches schemas/ (development, staging on an implementer's machine) tells
        // its reloads over the stream: the banner follows them.
        if (body.data.watching) watchSchemas();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  // Every reload's news carries the problems as they are now.
  const current = health && news.health ? { ...health, ...news.health } : health;
  if (!current || !current.problems.length) return null;
  const lines = current.problems.map(
    (p) =>
      `schemas/${p.file} → ${p.pointer || '(whole file)'}: ${p.message}` +
      (current.outOfService.includes(p.site ? `sites/${p.site}/${p.area}` : p.area)
        ? ` (${t('schemaHealth.outOfService')})`
        : ''),
  );
  return (
    <Alert
      type="error"
      showIcon
      banner
      data-testid="schema-banner"
      style={{ marginBottom: 12, whiteSpace: 'pre-wrap' }}
      message={`${t('schemaHealth.banner', { count: current.problems.length })} — ${lines[0]}`}
      description={lines.length > 1 ? lines.slice(1).join('\n') : undefined}
    />
  );
}
