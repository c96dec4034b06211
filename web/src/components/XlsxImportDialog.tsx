import { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Upload, message } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useFormSubmit } from '@/utils/useFormSubmit';

/** What an import answered, as the dialog shows it: how many rows took effect, a summary, the bad rows. */
export interface ImportOutcome {
  applied: number;
  summary: string;
  failures: { row: number; reason: string }[];
}

interface XlsxImportDialogProps<Reply> {
  open: boolean;
  title: string;
  /** How to fill the template. */
  hint: string;
  /** Prefix of the test ids: `<prefix>-template`, `-upload`, `-result`, `-failed`. */
  testId: string;
  downloadTemplate: () => Promise<void>;
  importFile: (file: File) => Promise<Reply>;
  outcome: (reply: Reply) => ImportOutcome;
  onClose: () => void;
  onImported: () => void;
}

/** An .xlsx import from the area's template: good rows saved, bad rows listed with their row number and reason. */
export default function XlsxImportDialog<Reply>({
  open, title, hint, testId, downloadTemplate, importFile, outcome, onClose, onImported,
}: XlsxImportDialogProps<Reply>) {
  const [result, setResult] = useState<ImportOutcome | null>(null);
  const { saving: busy, run } = useFormSubmit();

  const upload = (file: File) =>
    run(async () => {
      const reply = outcome(await importFile(file));
      setResult(reply);
      if (reply.applied > 0) onImported();
    });

  const close = () => {
    setResult(null);
    onClose();
  };

  return (
    <Modal open={open} title={title} footer={<Button onClick={close}>关闭</Button>} onCancel={close} width={720}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Button
            icon={<DownloadOutlined />}
            data-testid={`${testId}-template`}
            onClick={() => void downloadTemplate().catch((error: unknown) => (error instanceof Error ? message.error(error.message) : undefined))}
          >
            下载模板
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid={`${testId}-upload`}>
              选择文件并导入
            </Button>
          </Upload>
        </Space>
        <Alert type="info" showIcon title={hint} />
        {result && (
          <div data-testid={`${testId}-result`}>
            <Alert type={result.failures.length > 0 ? 'warning' : 'success'} showIcon title={result.summary} style={{ marginBottom: 12 }} />
            {result.failures.length > 0 && (
              <Table
                size="small"
                rowKey="row"
                data-testid={`${testId}-failed`}
                dataSource={result.failures}
                pagination={{ pageSize: 10 }}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 80 },
                  { title: '原因', dataIndex: 'reason' },
                ]}
              />
            )}
          </div>
        )}
      </Space>
    </Modal>
  );
}
