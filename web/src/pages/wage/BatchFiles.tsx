/**
 * 代发文件: an approved order of a special account that pays by file (代发方式 文件). The clerk downloads its
 * batch file in the bank's layout and takes it to the bank; the bank's result file (回盘) uploaded here settles
 * every line — paid, or failed into 异常处理 — all or nothing. The sandbox bank answers a batch file with its
 * result file, so a demo plays the bank.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Space, Typography, Upload, message, type UploadProps } from 'antd';
import { DownloadOutlined, ExperimentOutlined, UploadOutlined } from '@ant-design/icons';
import { MSG_UNKNOWN } from '@/api/client';
import { saveBlob } from '@/api/files';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { downloadBatchFile, fetchBatchFormats, sandboxBatchResult, uploadBatchResult, type WageOrder } from './service';

const DEFAULT_FORMAT = 'generic-txt';
const ACCEPT = '.txt,.csv,.xlsx';

/** What the last result file did, as the server told it. */
interface Outcome {
  message: string;
  paid: number;
  failed: number;
  unchanged: number;
}

/** An Upload that hands the picked file to `take` and keeps no list. */
const picking = (take: (file: File) => void): UploadProps => ({
  accept: ACCEPT,
  showUploadList: false,
  beforeUpload: (file) => {
    take(file);
    return Upload.LIST_IGNORE;
  },
});

function outcomeText({ message: told, paid, failed, unchanged }: Outcome): string {
  const counts = [paid > 0 && `发放成功 ${paid} 笔`, failed > 0 && `发放失败 ${failed} 笔（已转异常处理）`, unchanged > 0 && `与已记录一致 ${unchanged} 笔`];
  const text = counts.filter(Boolean).join('，');
  return text ? `${told}：${text}` : told;
}

export default function BatchFiles({ order }: { order: WageOrder }) {
  const queryClient = useQueryClient();
  const formats = useQuery({ queryKey: ['wage', 'batchFormats'], queryFn: fetchBatchFormats });
  const [picked, setPicked] = useState<string>();
  const format = picked ?? formats.data?.[0]?.code ?? DEFAULT_FORMAT;
  const [downloading, setDownloading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const result = useFormSubmit();
  const sandbox = useFormSubmit();

  const download = async () => {
    setDownloading(true);
    try {
      const file = await downloadBatchFile(order.id, format);
      saveBlob(file.blob, file.name);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : MSG_UNKNOWN);
    } finally {
      setDownloading(false);
    }
  };

  const upload = (file: File) =>
    result.run(async () => {
      setOutcome(null);
      const { data, message: told } = await uploadBatchResult(order.id, format, file);
      setOutcome({ message: told, ...data });
      await queryClient.invalidateQueries({ queryKey: ['wage'] });
    });

  const playBank = (batch: File) =>
    sandbox.run(
      async () => {
        const file = await sandboxBatchResult(format, batch);
        saveBlob(file.blob, file.name);
      },
      { success: '沙箱银行已生成回盘文件，请上传该回盘文件' },
    );

  return (
    <Card title="代发文件" data-testid="batch-files">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {order.status === 'paying' && (
          <Alert
            type="info"
            showIcon
            data-testid="batch-hint"
            title="本专户为文件代发：请下载代发文件，通过网上银行提交代发；银行办理完成后，上传银行返回的回盘文件，系统据此登记每笔发放结果，发放失败的明细转入异常处理。"
          />
        )}
        <Space wrap>
          <span>文件格式</span>
          <Select
            style={{ width: 300 }}
            value={format}
            loading={formats.isLoading}
            onChange={(code) => {
              setPicked(code);
              setOutcome(null);
            }}
            options={(formats.data ?? []).map(({ code, name }) => ({ value: code, label: name }))}
            data-testid="batch-format"
          />
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()} data-testid="batch-download">
            下载代发文件
          </Button>
          <Upload {...picking((file) => void upload(file))}>
            <Button type="primary" icon={<UploadOutlined />} loading={result.saving} data-testid="batch-result-upload">
              上传银行回盘
            </Button>
          </Upload>
        </Space>
        {outcome && (
          <Alert
            type={outcome.failed > 0 ? 'warning' : outcome.paid > 0 ? 'success' : 'info'}
            showIcon
            data-testid="batch-outcome"
            title={outcomeText(outcome)}
          />
        )}
        <Space wrap>
          <Upload {...picking((file) => void playBank(file))}>
            <Button type="dashed" icon={<ExperimentOutlined />} loading={sandbox.saving} data-testid="batch-sandbox">
              沙箱银行：生成回盘文件
            </Button>
          </Upload>
          <Typography.Text type="secondary">仅用于演示和测试：选择下载的代发文件，由沙箱银行按真实银行的方式处理并返回回盘文件。</Typography.Text>
        </Space>
      </Space>
    </Card>
  );
}
