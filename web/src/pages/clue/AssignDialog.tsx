/**
 * 关联项目: the regulator links a lead from an unregistered site to the registered project it turned out to be
 * (searched by name among approved projects; the server refuses one outside the regulator's district).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select, Typography } from 'antd';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { assignLead, searchProjects, type LeadItem } from './service';

export default function AssignDialog({ lead, onClose, onDone }: { lead: LeadItem | null; onClose: () => void; onDone: () => void }) {
  const [name, setName] = useState('');
  const [projectId, setProjectId] = useState<number | undefined>();
  const [missing, setMissing] = useState(false);
  const { saving, run } = useFormSubmit();
  const projects = useQuery({
    queryKey: ['clue', 'projects', name],
    queryFn: () => searchProjects(name),
    enabled: lead !== null && name.trim().length > 0,
  });
  const save = async () => {
    if (lead === null) return;
    if (projectId === undefined) {
      setMissing(true);
      return;
    }
    await run(async () => {
      await assignLead(lead.id, projectId);
      setProjectId(undefined);
      onDone();
    });
  };
  return (
    <Modal
      open={lead !== null}
      title="关联已登记项目"
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ 'data-testid': 'clue-assign-ok' }}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        举报人填写的项目：{lead?.siteName}（{lead?.siteAddress}）。关联后即可按常规派发至该项目。
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="已登记项目" required validateStatus={missing ? 'error' : undefined} help={missing ? '请选择欠薪项目' : undefined}>
          <Select
            data-testid="clue-assign-project"
            showSearch={{ filterOption: false, onSearch: setName }}
            placeholder="输入项目名称搜索"
            loading={projects.isFetching}
            notFoundContent={name ? '没有找到该项目' : '请输入项目名称'}
            value={projectId}
            onChange={(value: number) => {
              setProjectId(value);
              setMissing(false);
            }}
            options={(projects.data?.list ?? []).map((project) => ({ value: project.id, label: project.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
