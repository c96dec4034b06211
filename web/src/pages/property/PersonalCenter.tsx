/**
 * 个人中心 (finance /personalCenter/index): the approver's profile with the name editable, the phone changed
 * through an SMS code to the new phone, an ID card check on the site reader, and the password change.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Tag, message } from 'antd';
import { EditOutlined, IdcardOutlined } from '@ant-design/icons';
import { MSG_UNKNOWN } from '@/api/client';
import ChangePasswordForm from '@/components/ChangePasswordForm';
import { readCard } from '@/pages/worker/service';
import { useSession } from '@/store/session';
import { personNameRule } from '@/utils/rules/antd';
import PropertyRolePhoneDialog from './PropertyRolePhoneDialog';
import { changeName, changeOwnPhone, checkOwnCard, fetchProfile, sendOwnPhoneCode } from './service';

export default function PersonalCenter() {
  const queryClient = useQueryClient();
  const readerUrl = useSession((state) => state.siteConfig?.idreader ?? '');
  const profile = useQuery({ queryKey: ['finance', 'profile'], queryFn: fetchProfile });
  const [editingName, setEditingName] = useState(false);
  const [changingPhone, setChangingPhone] = useState(false);
  const [reading, setReading] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['finance', 'profile'] });
  const data = profile.data;

  const saveName = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const { name } = values;
    try {
      await changeName(name);
      void message.success('修改成功');
      setEditingName(false);
      refresh();
    } catch (error) {
      form.setFields([{ name: 'name', errors: [error instanceof Error ? error.message : MSG_UNKNOWN] }]);
    }
  };

  const checkCard = async () => {
    setReading(true);
    try {
      const raw = await readCard(readerUrl);
      await checkOwnCard(raw.name, raw.idNumber);
      void message.success('身份证核验通过');
    } catch (error) {
      void message.error(error instanceof Error ? error.message : MSG_UNKNOWN);
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="stack">
      <Card title="个人信息" className="narrow-card" data-testid="personal-info" loading={profile.isLoading}>
        {profile.isError && <Alert type="error" showIcon title={profile.error.message} />}
        {data && (
          <Descriptions column={1} bordered size="middle">
            <Descriptions.Item label="账号">{data.account}</Descriptions.Item>
            <Descriptions.Item label="姓名">
              {editingName ? (
                <Form form={form} layout="inline" initialValues={{ name: data.name }} data-testid="profile-name-form">
                  <Form.Item name="name" rules={[personNameRule()]}>
                    <Input maxLength={50} style={{ width: 180 }} data-testid="profile-name" />
                  </Form.Item>
                  <Space>
                    <Button type="primary" onClick={() => void saveName()} data-testid="profile-name-save">
                      保存
                    </Button>
                    <Button onClick={() => setEditingName(false)}>取消</Button>
                  </Space>
                </Form>
              ) : (
                <Space>
                  <span data-testid="profile-name-text">{data.name}</span>
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditingName(true)} data-testid="profile-name-edit">
                    修改
                  </Button>
                </Space>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="手机号">
              <Space>
                <span data-testid="profile-phone">{data.phone}</span>
                <Button type="link" size="small" onClick={() => setChangingPhone(true)} data-testid="profile-phone-change">
                  更换手机号
                </Button>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="身份证号">
              <Space>
                <span>{data.idnumber || '—'}</span>
                {readerUrl && (
                  <Button size="small" icon={<IdcardOutlined />} loading={reading} onClick={() => void checkCard()}>
                    读卡核验
                  </Button>
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="所属项目">{data.projectname || '—'}</Descriptions.Item>
            <Descriptions.Item label="密码状态">
              {data.isupdate === 1 ? <Tag color="green">已修改初始密码</Tag> : <Tag color="orange">仍为初始密码</Tag>}
              <span style={{ marginLeft: 8 }}>密码设置于 {data.starttime}</span>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title="修改密码" className="narrow-card">
        <ChangePasswordForm />
      </Card>
      <PropertyRolePhoneDialog
        open={changingPhone}
        owner={data?.name ?? ''}
        currentPhone={data?.phone ?? ''}
        send={sendOwnPhoneCode}
        confirm={changeOwnPhone}
        onClose={() => setChangingPhone(false)}
        onChanged={() => {
          setChangingPhone(false);
          refresh();
        }}
      />
    </div>
  );
}
