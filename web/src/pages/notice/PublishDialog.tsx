/**
 * 发布通知: title, plain-text body, audience (every approved project of the district, the projects of chosen
 * districts from the supervising-district tree, or chosen approved projects found by name) and up to 5
 * attachments with the voucher upload rules. The server checks everything again, within the account's district.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Cascader, Form, Input, Modal, Radio, Select, message } from 'antd';
import { showApiError } from '@/api/client';
import UploadField from '@/components/upload/UploadField';
import { fetchSupervisingDistricts, type AreaOption } from '@/pages/area/service';
import { EMPTY_DIRECTORY_FILTER, fetchDirectory } from '@/pages/regulator/service';
import { AUDIENCE_OPTIONS, BODY_MAX, publishNotice, TITLE_MAX, type PublishValues } from './service';

interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

const cascader = (options: AreaOption[] | undefined): CascaderOption[] =>
  (options ?? []).map((option) => ({
    value: option.value,
    label: option.label,
    children: option.children?.length ? cascader(option.children) : undefined,
  }));

interface FormValues {
  title: string;
  body: string;
  audience: PublishValues['audience'];
  /** The cascader's paths; each path's last code is the district chosen. */
  districtPaths?: string[][];
  projects?: number[];
  attachments?: string[];
}

export function toPublishValues(values: FormValues): PublishValues {
  return {
    title: values.title,
    body: values.body,
    audience: values.audience,
    districts: (values.districtPaths ?? []).map((path) => path[path.length - 1]).filter(Boolean),
    projects: values.projects ?? [],
    attachments: values.attachments ?? [],
  };
}

export default function PublishDialog({ onClose, onPublished }: { onClose: () => void; onPublished: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const audience = Form.useWatch('audience', form);
  const [projectSearch, setProjectSearch] = useState('');
  const districts = useQuery({ queryKey: ['area', 'guanxia_list'], queryFn: fetchSupervisingDistricts, staleTime: Infinity, enabled: audience === 'districts' });
  const projects = useQuery({
    queryKey: ['notice', 'projects', projectSearch],
    queryFn: () => fetchDirectory({ ...EMPTY_DIRECTORY_FILTER, name: projectSearch, status: '2' }, 1, 20),
    enabled: audience === 'projects',
  });
  const publish = useMutation({
    mutationFn: publishNotice,
    onSuccess: (published) => {
      void message.success(`发布成功，已通知 ${published.recipients} 个项目`);
      onPublished();
    },
    onError: showApiError,
  });

  return (
    <Modal
      open
      title="发布通知"
      width={760}
      okText="发布"
      confirmLoading={publish.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'publish-submit' } as never}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ audience: 'all', attachments: [] }}
        onFinish={(values) => publish.mutate(toPublishValues(values))}
        data-testid="publish-form"
      >
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入通知标题' }]}>
          <Input maxLength={TITLE_MAX} showCount data-testid="publish-title" />
        </Form.Item>
        <Form.Item name="body" label="内容（纯文本，保留换行）" rules={[{ required: true, whitespace: true, message: '请输入通知内容' }]}>
          <Input.TextArea rows={8} maxLength={BODY_MAX} showCount data-testid="publish-body" />
        </Form.Item>
        <Form.Item name="audience" label="发布范围" rules={[{ required: true, message: '请选择发布范围' }]}>
          <Radio.Group options={AUDIENCE_OPTIONS} data-testid="publish-audience" />
        </Form.Item>
        {audience === 'districts' && (
          <Form.Item name="districtPaths" label="行政区划" rules={[{ required: true, message: '请选择辖区内的行政区划' }]}>
            <Cascader
              multiple
              changeOnSelect
              showCheckedStrategy={Cascader.SHOW_PARENT}
              options={cascader(districts.data)}
              loading={districts.isLoading}
              placeholder="选择区县或街道"
              data-testid="publish-districts"
            />
          </Form.Item>
        )}
        {audience === 'projects' && (
          <Form.Item name="projects" label="项目" rules={[{ required: true, message: '请选择辖区内已审核通过的项目' }]}>
            <Select
              mode="multiple"
              placeholder="输入项目名称搜索"
              showSearch={{ filterOption: false, onSearch: setProjectSearch }}
              loading={projects.isFetching}
              options={(projects.data?.list ?? []).map((project) => ({ value: project.id, label: project.name || `项目 ${project.id}` }))}
              data-testid="publish-projects"
            />
          </Form.Item>
        )}
        <Form.Item name="attachments" label="附件（最多5个，jpg、jpeg、png、gif、pdf、doc、docx，每个不超过5MB）">
          <UploadField kind="voucher" label="上传附件" data-testid="publish-attachments" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
