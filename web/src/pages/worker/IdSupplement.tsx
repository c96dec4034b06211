import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Modal, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useCanWrite } from '@/store/session';
import { useFormSubmit } from '@/utils/useFormSubmit';
import RevealNumber from '@/components/RevealNumber';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import UploadField from '@/components/upload/UploadField';
import { addressRule, requiredDateRule, requiredRule, ruleFrom } from '@/utils/rules';
import { LONG_TERM, MSG_VALID_TO } from '@/utils/rules/worker';
import { fetchIncomplete, supplementWorker, type IncompleteLine } from '@/pages/worker/service';

const DEFAULT_LIMIT = 10;

interface SupplementValues {
  ethnicity?: string;
  address: string;
  issuingAuthority: string;
  validFrom: Dayjs | null;
  validTo: string;
  photo: string[];
}

const checkValidTo = (value: string) => {
  const text = value.trim();
  if (text === '') return '请选择身份证有效期';
  return text === LONG_TERM || (/^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text, 'YYYY-MM-DD', true).isValid()) ? undefined : MSG_VALID_TO;
};

function SupplementDialog({ worker, onClose, onSaved }: { worker: IncompleteLine | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<SupplementValues>();
  const { saving, run } = useFormSubmit();
  const save = async (values: SupplementValues) => {
    if (!worker) return;
    await run(
      async () => {
        await supplementWorker({
          id: String(worker.id),
          ethnicity: values.ethnicity?.trim() ?? '',
          address: values.address.trim(),
          issuingAuthority: values.issuingAuthority.trim(),
          validFrom: values.validFrom ? values.validFrom.format('YYYY-MM-DD') : '',
          validTo: values.validTo.trim(),
          photo: values.photo?.[0] ?? '',
        });
        onSaved();
      },
      { success: '身份证信息已补录' },
    );
  };
  return (
    <Modal open={worker !== null} title={`补录身份证信息：${worker?.name ?? ''}（${worker?.idNumber ?? ''}）`} onCancel={onClose}
      onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden width={640}
      okButtonProps={{ 'data-testid': 'idmsg-submit' } as Record<string, string>}>
      {worker && (
        <Form<SupplementValues>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            ethnicity: worker.ethnicity,
            address: worker.address,
            issuingAuthority: worker.issuingAuthority,
            validFrom: worker.validFrom ? dayjs(worker.validFrom) : null,
            validTo: worker.validTo,
            photo: worker.photo ? [worker.photo] : [],
          }}
          onFinish={(values) => void save(values)}
        >
          <Form.Item name="ethnicity" label="民族" rules={[{ max: 10, message: '民族不能超过10个字' }]}>
            <Input data-testid="idmsg-ethnicity" />
          </Form.Item>
          <Form.Item name="address" label="住址" rules={[addressRule()]}>
            <Input data-testid="idmsg-address" />
          </Form.Item>
          <Form.Item name="issuingAuthority" label="签发机关" rules={[requiredRule('请填写签发机关')]}>
            <Input data-testid="idmsg-issuingAuthority" />
          </Form.Item>
          <Form.Item name="validFrom" label="有效期开始" rules={[requiredDateRule('请选择身份证有效期')]}>
            <DatePicker data-testid="idmsg-validFrom" />
          </Form.Item>
          <Form.Item name="validTo" label="有效期截止" rules={[ruleFrom(checkValidTo)]}>
            <Input placeholder="YYYY-MM-DD 或 长期" data-testid="idmsg-validTo" />
          </Form.Item>
          <Form.Item name="photo" label="身份证照片" rules={[{ required: true, type: 'array', min: 1, message: '请上传身份证照片' }]}>
            <UploadField kind="avatar" label="上传照片" data-testid="idmsg-photo" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 系统设置 → 身份证补录: the project's workers whose ID data is incomplete, completed one by one. */
export default function IdSupplement() {
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const [nameInput, setNameInput] = useState('');
  const [editing, setEditing] = useState<IncompleteLine | null>(null);
  const list = usePagedList({
    queryKey: ['worker', 'incomplete'],
    fetchPage: fetchIncomplete,
    initialFilter: '',
    limit: DEFAULT_LIMIT,
  });
  const columns: TableColumnsType<IncompleteLine> = [
    { title: '姓名', dataIndex: 'name', width: 110 },
    { title: '身份证号', dataIndex: 'idNumber', width: 210, render: (value: string, line) => <RevealNumber value={value} record="worker" id={line.id} /> },
    { title: '性别', dataIndex: 'gender', width: 70 },
    {
      title: '缺少',
      dataIndex: 'missing',
      render: (missing: string[]) => missing.map((item) => <Tag color="orange" key={item}>{item}</Tag>),
    },
    {
      title: '操作',
      key: 'action',
      width: 90,
      render: (_, line) => canWrite && (
        <Button type="link" size="small" data-testid={`idmsg-edit-${line.id}`} onClick={() => setEditing(line)}>
          补录
        </Button>
      ),
    },
  ];
  return (
    <Card data-testid="idmsg-page" title="身份证补录" variant="borderless">
      <Input.Search
        placeholder="姓名"
        allowClear
        style={{ width: 260, marginBottom: 16 }}
        value={nameInput}
        onChange={(event) => setNameInput(event.target.value)}
        onSearch={(value) => list.search(value)}
        enterButton="查询"
      />
      <ServerTable<string, IncompleteLine>
        list={list}
        data-testid="idmsg-table"
        rowKey="id"
        size="large"
        columns={columns}
        totalText={(total) => `共 ${total} 人`}
      />
      <SupplementDialog
        worker={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void queryClient.invalidateQueries({ queryKey: ['worker', 'incomplete'] });
        }}
      />
    </Card>
  );
}
