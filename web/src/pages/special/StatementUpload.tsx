/**
 * The clerk's side of 专户对账: the bank's statement of the special account uploaded in its layout, and the
 * sandbox bank's statement to download (demos and tests play the bank with it).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Select, Space, Upload, message } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { MSG_UNKNOWN } from '@/api/client';
import { saveBlob } from '@/api/files';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { fetchStatementFormats, sandboxStatement, uploadStatement } from './service';

const DEFAULT_FORMAT = 'generic';

export default function StatementUpload() {
  const queryClient = useQueryClient();
  const formats = useQuery({ queryKey: ['special', 'statementFormats'], queryFn: fetchStatementFormats });
  const [picked, setPicked] = useState<string>();
  const format = picked ?? formats.data?.[0]?.code ?? DEFAULT_FORMAT;
  const { saving, run } = useFormSubmit();
  const [downloading, setDownloading] = useState(false);

  const upload = (file: File) =>
    run(async () => {
      const { data, message: told } = await uploadStatement(file, format);
      void message.success(`${told}：新增 ${data.stored} 笔，此前已导入 ${data.known} 笔`);
      await queryClient.invalidateQueries({ queryKey: ['special'] });
    });

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await sandboxStatement(format), '专户对账单（沙箱银行）.csv');
    } catch (error) {
      void message.error(error instanceof Error ? error.message : MSG_UNKNOWN);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Space wrap>
      <Select
        style={{ width: 300 }}
        value={format}
        loading={formats.isLoading}
        onChange={setPicked}
        options={(formats.data ?? []).map(({ code, name }) => ({ value: code, label: name }))}
        data-testid="statement-format"
      />
      <Upload
        accept=".csv,.txt,.xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button type="primary" icon={<UploadOutlined />} loading={saving} data-testid="statement-upload">
          上传银行对账单
        </Button>
      </Upload>
      <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()} data-testid="statement-sandbox">
        沙箱银行：下载对账单
      </Button>
    </Space>
  );
}
