import { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Upload, message } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { showApiError } from '@/api/client';
import { downloadTemplate, importWorkbook, type ImportResult } from './service';

/** Batch import from the .xlsx template: good rows saved, bad rows listed with their row number and reason. */
export default function ImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const reply = await importWorkbook(file, file.name);
      setResult(reply);
      if (reply.saved > 0) onImported();
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setResult(null);
    onClose();
  };

  return (
    <Modal open={open} title="批量导入" footer={<Button onClick={close}>关闭</Button>} onCancel={close} width={720}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Button
            icon={<DownloadOutlined />}
            data-testid="import-template"
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
            <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="import-upload">
              选择文件并导入
            </Button>
          </Upload>
        </Space>
        <Alert
          type="info"
          showIcon
          title="按模板填写：所属单位、班组、工种、开户银行填写名称；身份证号等请以文本格式填写。每一行按进场登记的规则检查。"
        />
        {result && (
          <div data-testid="import-result">
            <Alert
              type={result.failed.length > 0 ? 'warning' : 'success'}
              showIcon
              title={`成功导入 ${result.saved} 人，失败 ${result.failed.length} 行`}
              style={{ marginBottom: 12 }}
            />
            {result.failed.length > 0 && (
              <Table
                size="small"
                rowKey="row"
                data-testid="import-failed"
                dataSource={result.failed}
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
