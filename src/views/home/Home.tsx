// Home (spec section 2): greeting, who and where the user is, and the dashboard blocks the user
// may see (the pending-approval card; budgets bring theirs). Its title is 'to-do items' for users
// whose role says so (todoHome).
import { observer } from 'mobx-react-lite';
import { Avatar, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/index.ts';
import { greetingFor } from './greeting.ts';
import { homeBlocks } from './blocks.ts';

export default observer(function Home() {
  const { session, site } = useStores();
  const { t } = useTranslation();
  const info = session.info;
  const greeting = t(`home.greeting.${greetingFor(new Date().getHours())}`);
  const blocks = homeBlocks((key) => session.hasPermission(key));
  return (
    <div className="home-page">
      <Card>
        <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
          <Avatar size={64} src={info?.avatar || '/avatar2.jpg'} />
          <div>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="home-title">
              {info?.todoHome ? t('home.todoTitle') : t('home.title')}
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
      <Row gutter={[24, 24]} style={{ marginTop: 24 }}>
        {blocks.length ? (
          blocks.map(({ key, component: Block }) => (
            <Col key={key} xs={24} xl={12}>
              <Block />
            </Col>
          ))
        ) : (
          <Col span={24}>
            <Card>
              <Typography.Text type="secondary">{t('home.dashboards')}</Typography.Text>
            </Card>
          </Col>
        )}
      </Row>
    </div>
  );
});
