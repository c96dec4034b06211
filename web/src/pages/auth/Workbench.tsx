import { Card, Descriptions } from 'antd';
import { useSession } from '@/store/session';

/** Audit status of the project as the server reports it (docs: '0' draft … '3' rejected). */
const PROJECT_STATUS: Record<string, string> = {
  '0': '未提交',
  '1': '审核中',
  '2': '审核通过',
  '3': '审核驳回',
};

export default function Workbench() {
  const userInfo = useSession((state) => state.userInfo);
  if (!userInfo) return null;
  return (
    <Card title={`欢迎您，${userInfo.account}`} data-testid="workbench-welcome">
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
        <Descriptions.Item label="账号">{userInfo.account}</Descriptions.Item>
        <Descriptions.Item label="姓名">{userInfo.name || '—'}</Descriptions.Item>
        <Descriptions.Item label="项目名称">{userInfo.projectname || '—'}</Descriptions.Item>
        <Descriptions.Item label="项目状态">{PROJECT_STATUS[userInfo.status] ?? '—'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
