/**
 * 合同打印: a generated contract as an A4 sheet, `?id=` (the regulator adds `?projectId=`). On screen the sheet
 * sits in the tab under a toolbar; the browser's print (打印 / 另存为 PDF) gets only a copy of it placed directly
 * under <body> (print.css), so the document has no menu, tabs or buttons.
 */
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Spin, Tag } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import ContractText from './ContractText';
import { fetchContract } from './service';

export default function ContractPrint() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(searchParams.get('id')) || 0;
  const projectId = searchParams.get('projectId') ?? undefined;
  const contract = useQuery({
    queryKey: ['contract', 'detail', id, projectId ?? ''],
    queryFn: () => fetchContract(id, projectId),
    enabled: id > 0,
  });

  if (id <= 0) return <Alert type="warning" showIcon message="请从花名册的“合同”中选择要打印的合同" />;
  if (contract.error) {
    return <Alert type="error" showIcon message={contract.error instanceof ApiError ? contract.error.message : '合同加载失败'} />;
  }
  if (!contract.data) return <Spin />;
  const data = contract.data;
  return (
    <Card variant="borderless" data-testid="contract-print-page">
      <Space className="contract-no-print" style={{ marginBottom: 16 }} wrap>
        <Button onClick={() => void navigate(-1)}>返回</Button>
        <Button type="primary" icon={<PrinterOutlined />} data-testid="contract-print" onClick={() => window.print()}>
          打印 / 另存为PDF
        </Button>
        <span>
          {data.workerName} · {data.templateName}（第{data.templateVersion}版） · 生成于 {data.createdAt}
        </span>
        <Tag color={data.status === 'signed' ? 'green' : 'orange'}>{data.statusLabel}</Tag>
      </Space>
      <div className="contract-sheet" data-testid="contract-sheet">
        <ContractText text={data.text} />
      </div>
      {createPortal(
        <div className="contract-print-copy" data-testid="contract-print-copy">
          <ContractText text={data.text} />
        </div>,
        document.body,
      )}
    </Card>
  );
}
