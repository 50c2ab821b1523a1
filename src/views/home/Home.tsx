// Home (spec section 2): greeting, who and where the user is, and the dashboard blocks the user
// may see (blocks.ts): the budget figures across the top, the charts in the wide column, the
// pending-approval card, the plan and the notices beside them. Its title is 'to-do items' for
// users whose role says so (todoHome).
import { Suspense, type ComponentType } from 'react';
import { observer } from 'mobx-react-lite';
import { Avatar, Card, Col, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/index.ts';
import { greetingFor } from './greeting.ts';
import { homeBlocks, type HomeBlock } from './blocks.ts';
import { usePageTitle } from '../../router/page-title.ts';
import { siteNow } from '../../../renderer/time.ts';

const GAP = 24;

/** A block, with a quiet placeholder while its chunk arrives. */
function Block({ component: Component, testId }: { component: ComponentType; testId: string }) {
  return (
    <div data-testid={testId}>
      <Suspense
        fallback={
          <Card>
            <Skeleton active />
          </Card>
        }
      >
        <Component />
      </Suspense>
    </div>
  );
}

const Stack = ({ blocks }: { blocks: readonly HomeBlock[] }) => (
  <div style={{ display: 'flex', flexDirection: 'column', gap: GAP }}>
    {blocks.map((b) => (
      <Block key={b.key} component={b.component} testId={`home-block-${b.key}`} />
    ))}
  </div>
);

export default observer(function Home() {
  const { session, site } = useStores();
  const { t } = useTranslation();
  const { homeTitle } = usePageTitle();
  const info = session.info;
  // The hour on the site's clock, as the people there live it (issue 32).
  const greeting = t(`home.greeting.${greetingFor(siteNow().hour())}`);
  const blocks = homeBlocks((key) => session.holds(key), session.holdsSome);
  const top = blocks.filter((b) => b.area === 'top');
  const main = blocks.filter((b) => (b.area ?? 'main') === 'main');
  const side = blocks.filter((b) => b.area === 'side');
  return (
    <div className="home-page">
      <Card>
        <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
          <Avatar size={64} src={info?.avatar || '/avatar2.jpg'} />
          <div>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="home-title">
              {homeTitle}
            </Typography.Title>
            <div data-testid="home-greeting">
              {t('home.welcome', { greeting, name: info?.nickName ?? '', app: site.appTitle })}
            </div>
            <div style={{ color: 'rgba(0,0,0,.45)' }}>
              {t('home.dept', { dept: info?.deptName ?? '' })} ·{' '}
              {t('home.roles', { roles: info?.roles.map((r) => r.roleName).join('、') ?? '' })} ·{' '}
              {t('home.year', { year: session.currentYear ?? '' })}
            </div>
          </div>
        </div>
      </Card>
      {top.length > 0 && (
        <div style={{ marginTop: GAP }}>
          <Stack blocks={top} />
        </div>
      )}
      {main.length > 0 && side.length > 0 ? (
        // The wide column and the narrow one; one above the other below 1200 px.
        <Row gutter={[GAP, GAP]} style={{ marginTop: GAP }}>
          <Col xs={24} xl={16}>
            <Stack blocks={main} />
          </Col>
          <Col xs={24} xl={8}>
            <Stack blocks={side} />
          </Col>
        </Row>
      ) : main.length + side.length > 0 ? (
        // One kind of block only (no budget figures): side by side, two a row.
        <Row gutter={[GAP, GAP]} style={{ marginTop: GAP }}>
          {[...main, ...side].map((b) => (
            <Col key={b.key} xs={24} xl={12}>
              <Block component={b.component} testId={`home-block-${b.key}`} />
            </Col>
          ))}
        </Row>
      ) : (
        top.length === 0 && (
          <Card style={{ marginTop: GAP }}>
            <Typography.Text type="secondary">{t('home.dashboards')}</Typography.Text>
          </Card>
        )
      )}
    </div>
  );
});
