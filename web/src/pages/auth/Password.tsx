import { Card } from 'antd';
import ChangePasswordForm from '@/components/ChangePasswordForm';

export default function Password() {
  return (
    <Card title="修改密码" className="narrow-card">
      <ChangePasswordForm />
    </Card>
  );
}
