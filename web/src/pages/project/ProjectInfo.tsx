/**
 * 项目信息 after approval (spec §7 Project/ajax_project_info, ajax_edit_save): the wizard's step-1 form with its
 * rules; the six fields the regulator approved stay read-only. The regulator reads the project in view.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Space, Spin } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { ApiError, MSG_UNKNOWN } from '@/api/client';
import { useProjectId } from '@/store/useProjectId';
import ProjectStep from './ProjectStep';
import NoticeBoardDrawer from './NoticeBoardDrawer';
import { fetchProjectInfo, saveProjectInfo } from './service';
import '@/components/wizard/wizard.css';

/** The read-only fields by their labels, in the form's order. */
export const READONLY_LABELS: Record<string, string> = {
  Name: '项目名称',
  DepartmentIndustryId: '行业主管部门',
  DistrictCode: '管辖划分',
  ContractPrice: '中标合同价格',
  GcProcess: '工程进度',
  EndTime: '合同工期',
};

export default function ProjectInfo() {
  const projectId = useProjectId();
  const queryClient = useQueryClient();
  const [boardOpen, setBoardOpen] = useState(false);
  const info = useQuery({ queryKey: ['project', 'info', projectId ?? ''], queryFn: fetchProjectInfo });

  if (info.isLoading) return <Spin description="加载中…" size="large" style={{ display: 'block', margin: 48 }} />;
  if (info.isError || !info.data) {
    return (
      <Result
        status="error"
        title="项目信息加载失败"
        subTitle={info.error instanceof ApiError ? info.error.message : MSG_UNKNOWN}
        extra={<Button onClick={() => void info.refetch()}>重试</Button>}
      />
    );
  }
  const data = info.data;
  const locked = data.readonly.map((field) => READONLY_LABELS[field] ?? field).join('、');
  const regulator = data.regulatorName ? `${data.regulatorName}（电话 ${data.regulatorPhone}）` : `监管部门（电话 ${data.regulatorPhone}）`;

  return (
    <Card
      data-testid="project-info"
      title="项目信息"
      variant="borderless"
      extra={
        <Space>
          <Button icon={<NotificationOutlined />} onClick={() => setBoardOpen(true)} data-testid="open-notice-board">
            维权信息告示牌
          </Button>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="project-info-readonly"
        title={`${locked}经监管部门审核确定，不能在此修改；如需变更，请联系${regulator}。`}
      />
      <ProjectStep
        key={data.stepForm.Id}
        data={data}
        submit={saveProjectInfo}
        submitText="保存"
        testId="project-info-form"
        onSaved={() => void queryClient.invalidateQueries({ queryKey: ['project'] })}
      />
      <NoticeBoardDrawer open={boardOpen} onClose={() => setBoardOpen(false)} projectId={data.stepForm.Id} />
    </Card>
  );
}
