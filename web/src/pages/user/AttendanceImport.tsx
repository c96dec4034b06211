import { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Upload, message } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { showApiError } from '@/api/client';
import { downloadTemplate, importPunches, type ImportResult } from '@/pages/attendance/service';

/** Punch import from the .xlsx template: good rows saved, bad rows listed with their row number and reason. */
export default function AttendanceImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const reply = await importPunches(file, file.name);
      setResult(reply);
      if (reply.inserted > 0) onImported();
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
    <Modal open={open} title="导入考勤" footer={<Button onClick={close}>关闭</Button>} onCancel={close} width={720}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Button icon={<DownloadOutlined />}
            onClick={() => void downloadTemplate().catch((error: unknown) => (error instanceof Error ? message.error(error.message) : undefined))}>
            下载模板
          </Button>
          <Upload accept=".xlsx" showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return Upload.LIST_IGNORE;
            }}>
            <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="attendance-import-upload">选择文件并导入</Button>
          </Upload>
        </Space>
        <Alert type="info" showIcon
          title="按模板填写：身份证号、打卡时间（YYYY-MM-DD HH:MM:SS）、方向（进/出）必填；姓名填写时须与身份证号一致。人员须在本项目花名册中。每次最多5000行。" />
        {result && (
          <div data-testid="attendance-import-result">
            <Alert type={result.errors.length > 0 ? 'warning' : 'success'} showIcon style={{ marginBottom: 12 }}
              title={`共 ${result.total} 行：新增打卡 ${result.inserted} 条，已存在 ${result.duplicates} 条，失败 ${result.errors.length} 行`} />
            {result.errors.length > 0 && (
              <Table size="small" rowKey="row" dataSource={result.errors} pagination={{ pageSize: 10 }}
                columns={[{ title: '行号', dataIndex: 'row', width: 80 }, { title: '原因', dataIndex: 'reason' }]} />
            )}
          </div>
        )}
      </Space>
    </Modal>
  );
}
