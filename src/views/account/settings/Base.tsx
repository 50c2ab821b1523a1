// Basic settings: the caller's nick name, email, phone, sex and profile text, and the avatar
// (uploaded at once, checked by the server). Login name, real name, department and roles are shown,
// not edited: they are the administrator's.
import { useEffect, useState } from 'react';
import { Avatar, Button, Col, Form, Input, Row, Select, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi, type AccountProfile, type ProfileUpdate } from '../../../api/account.ts';
import { errorMessage } from '../../../api/request.ts';
import { useStores } from '../../../stores/index.ts';
import { feedback } from '../../../utils/feedback.ts';

export const PHONE = /^[0-9+()\- ]{5,32}$/;

export default function Base() {
  const { t } = useTranslation();
  const { session } = useStores();
  const [form] = Form.useForm<ProfileUpdate>();
  const [profile, setProfile] = useState<AccountProfile | null>(null);
  const [saving, setSaving] = useState(false);

  const refreshHeader = () => session.loadInfo().catch(() => undefined);
  useEffect(() => {
    accountApi.info().then(
      (p) => {
        setProfile(p);
        form.setFieldsValue({ nickName: p.nickName, email: p.email, phone: p.phone, sex: p.sex, profile: p.profile });
      },
      (err) => feedback.message.error(errorMessage(err)),
    );
  }, [form]);

  const save = async (values: ProfileUpdate) => {
    setSaving(true);
    try {
      const saved = await accountApi.update(values);
      setProfile(saved);
      feedback.message.success(t('account.saved'));
      await refreshHeader();
    } catch (err) {
      feedback.message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Row gutter={40}>
      <Col xl={14} lg={16} xs={24} style={{ maxWidth: 480 }}>
        {/* Closed until the profile is in: a key typed before would land beside the loaded value. */}
        <Form form={form} layout="vertical" onFinish={save} requiredMark={false} disabled={!profile}>
          <Form.Item label={t('account.loginName')}>
            <Input value={profile?.loginName} disabled />
          </Form.Item>
          <Form.Item
            name="nickName"
            label={t('account.nickName')}
            rules={[{ required: true, whitespace: true, message: t('account.nickNameRequired') }, { max: 64 }]}
          >
            <Input data-testid="base-nick-name" maxLength={64} />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('account.email')}
            rules={[{ type: 'email', message: t('account.emailInvalid') }, { max: 100 }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="phone" label={t('account.phone')} rules={[{ pattern: PHONE, message: t('account.phoneInvalid') }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="sex" label={t('account.sex')}>
            <Select
              options={[
                { value: '0', label: t('account.sexMale') },
                { value: '1', label: t('account.sexFemale') },
                { value: '2', label: t('account.sexUnknown') },
              ]}
            />
          </Form.Item>
          <Form.Item name="profile" label={t('account.profile')} rules={[{ max: 300 }]}>
            <Input.TextArea rows={4} maxLength={300} showCount placeholder={t('account.profilePlaceholder')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="base-save">
            {t('account.save')}
          </Button>
        </Form>
      </Col>
      <Col xl={10} lg={8} xs={24} style={{ textAlign: 'center', paddingTop: 24 }}>
        <Typography.Paragraph>{t('account.avatar')}</Typography.Paragraph>
        <Avatar size={144} src={profile?.avatar} style={{ marginBottom: 16 }} />
        <div>
          <Upload
            accept="image/png,image/jpeg,image/gif,image/webp"
            showUploadList={false}
            customRequest={({ file }) => {
              accountApi.avatar(file as Blob, (file as File).name).then(
                async ({ avatar }) => {
                  setProfile((p) => (p ? { ...p, avatar } : p));
                  feedback.message.success(t('account.saved'));
                  await refreshHeader();
                },
                (err) => feedback.message.error(errorMessage(err)),
              );
            }}
          >
            <Button icon={<UploadOutlined />}>{t('account.changeAvatar')}</Button>
          </Upload>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('account.avatarHint')}
          </Typography.Paragraph>
        </div>
      </Col>
    </Row>
  );
}
