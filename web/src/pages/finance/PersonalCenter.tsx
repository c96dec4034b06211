import { Card, Descriptions } from 'antd';
import ChangePasswordForm from '@/components/ChangePasswordForm';
import { useSession } from '@/store/session';

export default function PersonalCenter() {
  const userInfo = useSession((state) => state.userInfo);
  return (
    <div className="stack">
      <Card title="个人信息" className="narrow-card" data-testid="personal-info">
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label="账号">{userInfo?.account}</Descriptions.Item>
          <Descriptions.Item label="姓名">{userInfo?.name || '—'}</Descriptions.Item>
          <Descriptions.Item label="所属项目">{userInfo?.projectname || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="修改密码" className="narrow-card">
        <ChangePasswordForm />
      </Card>
    </div>
  );
}
