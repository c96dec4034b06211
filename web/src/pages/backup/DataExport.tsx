/**
 * 数据导出备份 (/system/digital): the project's complete export as one .zip (roster, attendance, wages, orders and
 * payouts, account flows, vouchers with their files, credit records), built in the background with its progress
 * shown while the list is polled, downloadable for seven days.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Progress, Space, Tag, type TableColumnsType } from 'antd';
import { CloudDownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { showAnyError } from '@/api/client';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { POLL_MS, downloadExport, fetchExports, isUnfinished, sizeText, startExport, type ExportJob } from './service';

const STATUS_COLORS: Record<string, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  expired: 'default',
};

export default function DataExport() {
  const exports = usePagedList({ queryKey: ['backup', 'exports'], fetchPage: fetchExports, initialFilter: null, limit: 10 });
  const { saving: starting, run } = useFormSubmit();
  const [downloading, setDownloading] = useState<number | null>(null);
  const rows = exports.query.data?.list ?? [];
  const busy = rows.some(isUnfinished);
  const { refetch } = exports.query;

  useEffect(() => {
    if (!busy) return undefined;
    const timer = window.setInterval(() => void refetch(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [busy, refetch]);

  const start = () =>
    run(
      async () => {
        await startExport();
        exports.search(null);
      },
      { success: '导出任务已开始', onError: showAnyError },
    );

  const download = async (job: ExportJob) => {
    setDownloading(job.id);
    try {
      await downloadExport(job);
    } catch (error) {
      showAnyError(error);
    } finally {
      setDownloading(null);
    }
  };

  const columns: TableColumnsType<ExportJob> = [
    { title: '申请时间', dataIndex: 'createdAt', key: 'createdAt', width: 170 },
    { title: '申请人', dataIndex: 'requestedName', key: 'requestedName', width: 120 },
    {
      title: '状态',
      key: 'status',
      width: 260,
      render: (_, job) =>
        isUnfinished(job) ? (
          <Space>
            <Tag color={STATUS_COLORS[job.status]}>{job.statusText}</Tag>
            <Progress percent={job.progress} size="small" style={{ width: 140 }} data-testid={`export-progress-${job.id}`} />
          </Space>
        ) : (
          <Space direction="vertical" size={0}>
            <Tag color={STATUS_COLORS[job.status]} data-testid={`export-status-${job.id}`}>
              {job.statusText}
            </Tag>
            {job.detail && <span style={{ color: '#cf1322' }}>{job.detail}</span>}
          </Space>
        ),
    },
    { title: '文件', dataIndex: 'fileName', key: 'fileName', render: (name: string, job) => (job.status === 'done' ? name : '') },
    { title: '大小', dataIndex: 'size', key: 'size', width: 100, render: (size: number, job) => (job.status === 'done' ? sizeText(size) : '') },
    { title: '下载截止', dataIndex: 'expiresAt', key: 'expiresAt', width: 170 },
    {
      title: '操作',
      key: 'action',
      width: 100,
      render: (_, job) =>
        job.status === 'done' ? (
          <Button
            type="link"
            size="small"
            icon={<CloudDownloadOutlined />}
            loading={downloading === job.id}
            onClick={() => void download(job)}
            data-testid={`export-download-${job.id}`}
          >
            下载
          </Button>
        ) : null,
    },
  ];

  return (
    <Card data-testid="export-page" title="数据导出备份" variant="borderless">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="导出本项目的全部数据（花名册、考勤、工资表与发放、专户流水、支付凭证及其文件、诚信记录）为一个 .zip 压缩包，表格为 Excel 格式，附说明文件。导出在后台进行，完成后 7 天内可下载。"
      />
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<ExportOutlined />} loading={starting} disabled={busy} onClick={() => void start()} data-testid="export-start">
          导出项目数据
        </Button>
        {busy && <span>导出进行中，完成后可下载</span>}
      </Space>
      <ServerTable<null, ExportJob> data-testid="export-table" list={exports} rowKey="id" columns={columns} />
    </Card>
  );
}
