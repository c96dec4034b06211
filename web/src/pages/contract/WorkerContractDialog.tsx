/**
 * 合同 from a roster line: generate the worker's contract from a template (then print it), the contracts
 * generated for the line, and the signed scan uploaded back, which makes the roster show 已签.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, Modal, Select, Space, Tag, message, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import UploadField from '@/components/upload/UploadField';
import { useFormSubmit } from '@/utils/useFormSubmit';
import type { RosterLine } from '@/pages/worker/service';
import ScanLinks from './ScanLinks';
import {
  EMPTY_CONTRACT_FILTER,
  EMPTY_TEMPLATE_FILTER,
  SCAN_FILES_MAX,
  fetchContracts,
  fetchTemplates,
  generateContract,
  printPath,
  signContract,
  type ContractFilter,
  type ContractLine,
} from './service';

interface Props {
  line: RosterLine | null;
  projectId?: string;
  canEdit: boolean;
  onClose: () => void;
  /** The roster changed (a contract signed). */
  onSigned: () => void;
}

/** The template choices of the generation (the built-in one first). */
const TEMPLATE_CHOICES = 100;

function LineContracts({ line, projectId, canEdit, onClose, onSigned }: Omit<Props, 'line'> & { line: RosterLine }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [templateId, setTemplateId] = useState<number | undefined>();
  const generation = useFormSubmit();
  const [signing, setSigning] = useState<ContractLine | null>(null);
  const [scan, setScan] = useState<string[]>([]);
  const signature = useFormSubmit();
  const templates = useQuery({
    queryKey: ['contract', 'templates', 'choices', projectId ?? ''],
    queryFn: () => fetchTemplates(EMPTY_TEMPLATE_FILTER, 1, TEMPLATE_CHOICES, projectId),
    enabled: canEdit,
  });
  const chosen = templateId ?? templates.data?.list[0]?.id;
  const list = usePagedList({
    queryKey: ['contract', 'contracts', projectId ?? '', line.id],
    fetchPage: (filter: ContractFilter, page, limit) => fetchContracts(filter, page, limit, projectId),
    initialFilter: { ...EMPTY_CONTRACT_FILTER, employmentId: String(line.id) },
    limit: 5,
  });

  const generate = async () => {
    if (chosen === undefined) return;
    await generation.run(
      async () => {
        const contract = await generateContract(line.id, chosen);
        void queryClient.invalidateQueries({ queryKey: ['contract'] });
        // The roster stays open in its tab: the dialog closes so that it does not cover the print page.
        onClose();
        void navigate(printPath(contract.id));
      },
      { success: '合同已生成' },
    );
  };

  const sign = async () => {
    if (!signing) return;
    if (scan.length === 0) {
      void message.error('请上传已签字的合同扫描件');
      return;
    }
    await signature.run(
      async () => {
        await signContract(signing.id, scan);
        setSigning(null);
        setScan([]);
        void queryClient.invalidateQueries({ queryKey: ['contract'] });
        onSigned();
      },
      { success: '已上传，合同已签' },
    );
  };

  const columns: TableColumnsType<ContractLine> = [
    { title: '合同模板', dataIndex: 'templateName', render: (name: string, contract) => `${name}（第${contract.templateVersion}版）` },
    { title: '生成时间', dataIndex: 'createdAt', width: 170 },
    {
      title: '状态',
      dataIndex: 'statusLabel',
      width: 70,
      render: (label: string, contract) => <Tag color={contract.status === 'signed' ? 'green' : 'orange'}>{label}</Tag>,
    },
    { title: '签字扫描件', dataIndex: 'files', render: (_, contract) => <ScanLinks files={contract.files} /> },
    {
      title: '操作',
      key: 'action',
      width: 150,
      render: (_, contract) => (
        <Space size={0}>
          <Link to={printPath(contract.id, projectId)} data-testid={`contract-print-${contract.id}`}>打印</Link>
          {canEdit && (
            <Button type="link" size="small" data-testid={`contract-sign-${contract.id}`}
              onClick={() => {
                setScan([]);
                setSigning(contract);
              }}>
              上传签字件
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="contract-dialog">
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="姓名">{line.name}</Descriptions.Item>
        <Descriptions.Item label="班组">{line.teamName || '—'}</Descriptions.Item>
        <Descriptions.Item label="劳动合同">
          <ContractTag signed={line.contractSigned} />
        </Descriptions.Item>
      </Descriptions>
      {canEdit && (
        <Space style={{ marginBottom: 12 }} wrap>
          <Select style={{ width: 320 }} placeholder="选择合同模板" value={chosen} onChange={setTemplateId} loading={templates.isLoading}
            data-testid="contract-template" options={(templates.data?.list ?? []).map((template) => ({ value: template.id, label: template.name }))} />
          <Button type="primary" loading={generation.saving} disabled={chosen === undefined} onClick={() => void generate()} data-testid="contract-generate">
            生成并打印
          </Button>
        </Space>
      )}
      <ServerTable<ContractFilter, ContractLine> list={list} rowKey="id" columns={columns} size="small" data-testid="contract-line-table" />
      {signing && (
        <Form layout="vertical" style={{ marginTop: 12 }} data-testid="contract-sign-form">
          <Form.Item label={`上传已签字的合同扫描件（${signing.createdAt} 生成；图片或PDF，最多${SCAN_FILES_MAX}个）`}>
            <UploadField kind="attachment" value={scan} onChange={setScan} maxCount={SCAN_FILES_MAX} label="选择文件" data-testid="contract-scan" />
          </Form.Item>
          <Space>
            <Button type="primary" loading={signature.saving} onClick={() => void sign()} data-testid="contract-sign-confirm">确认已签</Button>
            <Button onClick={() => setSigning(null)}>取消</Button>
          </Space>
        </Form>
      )}
    </div>
  );
}

/** 已签 / 未签. */
export function ContractTag({ signed }: { signed: boolean }) {
  return signed ? <Tag color="green">已签</Tag> : <Tag color="orange">未签</Tag>;
}

export default function WorkerContractDialog({ line, projectId, canEdit, onClose, onSigned }: Props) {
  return (
    <Modal open={line !== null} title="劳动合同" width={900} footer={null} destroyOnHidden onCancel={onClose}>
      {line && <LineContracts line={line} projectId={projectId} canEdit={canEdit} onClose={onClose} onSigned={onSigned} />}
    </Modal>
  );
}
