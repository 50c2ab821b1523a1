// Account binding: the phone and email the account is bound to, edited here (checked as on the
// base page); WeChat and DingTalk are shown as not configured — no OAuth application exists for any site.
import { useEffect, useState } from 'react';
import { Avatar, Form, Input, List, Modal } from 'antd';
import { DingdingOutlined, MailOutlined, MobileOutlined, WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi, type AccountProfile } from '../../../api/account.ts';
import { errorMessage } from '../../../api/request.ts';
import { feedback } from '../../../utils/feedback.ts';
import { PHONE } from './Base.tsx';

type Kind = 'phone' | 'email';

export default function Binding() {
  const { t } = useTranslation();
  const [profile, setProfile] = useState<AccountProfile | null>(null);
  const [editing, setEditing] = useState<Kind | null>(null);
  const [form] = Form.useForm<{ value: string }>();

  useEffect(() => {
    accountApi.info().then(setProfile, (err) => feedback.message.error(errorMessage(err)));
  }, []);

  const save = async () => {
    const { value } = await form.validateFields();
    try {
      setProfile(await accountApi.update({ [editing!]: value.trim() }));
      feedback.message.success(t('account.saved'));
      setEditing(null);
    } catch (err) {
      feedback.message.error(errorMessage(err));
    }
  };

  const items = [
    {
      key: 'phone',
      icon: <MobileOutlined />,
      color: '#1677ff',
      title: t('account.phone'),
      text: t('account.bindPhoneText'),
      value: profile?.phone,
    },
    {
      key: 'email',
      icon: <MailOutlined />,
      color: '#fa8c16',
      title: t('account.email'),
      text: t('account.bindEmailText'),
      value: profile?.email,
    },
    { key: 'wechat', icon: <WechatOutlined />, color: '#52c41a', title: t('account.wechat'), text: t('account.notConfigured') },
    {
      key: 'dingtalk',
      icon: <DingdingOutlined />,
      color: '#2f54eb',
      title: t('account.dingtalk'),
      text: t('account.notConfigured'),
    },
  ];
  return (
    <>
      <List
        loading={!profile}
        dataSource={items}
        renderItem={(item) => {
          const editable = item.key === 'phone' || item.key === 'email';
          return (
            <List.Item
              data-testid={`binding-${item.key}`}
              actions={
                editable
                  ? [
                      <a
                        key="bind"
                        onClick={() => {
                          form.setFieldsValue({ value: item.value ?? '' });
                          setEditing(item.key as Kind);
                        }}
                      >
                        {item.value ? t('account.change') : t('account.bind')}
                      </a>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                avatar={<Avatar style={{ background: editable || !profile ? item.color : '#bfbfbf' }} icon={item.icon} />}
                title={item.title}
                description={
                  editable ? (item.value ? t('account.bound', { value: item.value }) : t('account.notBound')) : item.text
                }
              />
            </List.Item>
          );
        }}
      />
      <Modal
        open={editing !== null}
        title={editing ? t(`account.${editing}`) : ''}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnClose
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="value"
            rules={
              editing === 'email'
                ? [{ type: 'email', message: t('account.emailInvalid') }, { max: 100 }]
                : [{ pattern: PHONE, message: t('account.phoneInvalid') }]
            }
          >
            <Input maxLength={editing === 'email' ? 100 : 32} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
