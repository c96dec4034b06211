import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Statistic, Switch, Tag, Typography, message, type TableColumnsType } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import FilterForm from '@/components/FilterForm';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { useCanWrite } from '@/store/session';
import { useFormSubmit } from '@/utils/useFormSubmit';
import {
  EMPTY_RECORD_FILTER,
  fetchCounts,
  fetchRecords,
  fetchSetting,
  METHOD_OPTIONS,
  runSummary,
  saveSetting,
  sendNow,
  STATUS_OPTIONS,
  type PlatformRecord,
  type RecordFilter,
  type SettingValues,
} from './service';

const never = (text: string) => (text.startsWith('0000') ? '—' : text);

/** The project's account on the platform; the secret is write-only. */
function SettingCard({ canWrite }: { canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingValues>();
  const { saving: busy, run } = useFormSubmit();
  const setting = useQuery({ queryKey: ['platform', 'setting'], queryFn: fetchSetting });
  const data = setting.data;
  useEffect(() => {
    if (data) form.setFieldsValue({ appId: data.appId, appSecret: '', endpoint: data.endpoint, enabled: data.appId ? data.enabled : true });
  }, [data, form]);
  const save = (values: SettingValues) =>
    run(
      async () => {
        await saveSetting(values);
        form.setFieldValue('appSecret', '');
        void queryClient.invalidateQueries({ queryKey: ['platform'] });
      },
      { success: '保存成功' },
    );
  return (
    <Card title="上报设置" variant="borderless" style={{ marginBottom: 16 }} data-testid="platform-setting"
      extra={data && !data.updatedAt.startsWith('0000') && <Typography.Text type="secondary">最后保存 {data.updatedAt}</Typography.Text>}>
      <Form<SettingValues> form={form} layout="vertical" disabled={!canWrite} onFinish={(values) => void save(values)}>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="appId" label="AppID" rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{1,64}$/, message: 'AppID应为1-64位字母、数字、-或_' }]}>
              <Input placeholder="平台分配的AppID" data-testid="platform-app-id" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="appSecret" label="AppSecret"
              extra={data?.secretSet ? '已保存，不再显示；留空则保持不变' : '平台分配的密钥，用于签名和证件号加密'}
              rules={[{ required: !data?.secretSet, pattern: /^[\x21-\x7e]{16,64}$/, message: 'AppSecret应为16-64位字母、数字或符号（不含空格）' }]}>
              <Input.Password placeholder={data?.secretSet ? '••••••••' : 'AppSecret'} autoComplete="new-password" data-testid="platform-secret" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="endpoint" label="平台接口地址" extra="留空使用内置沙箱平台（试运行）；正式上报填写平台提供的地址"
              rules={[{ pattern: /^(http:\/\/\S{1,193})?$/, message: '平台接口地址应留空（使用内置沙箱平台）或以http://开头，不超过200个字符' }]}>
              <Input placeholder="内置沙箱平台" data-testid="platform-endpoint" />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="enabled" label="上报" valuePropName="checked">
              <Switch checkedChildren="启用" unCheckedChildren="停用" data-testid="platform-enabled" />
            </Form.Item>
          </Col>
        </Row>
        {canWrite && <Button type="primary" htmlType="submit" loading={busy} data-testid="platform-save">保存设置</Button>}
      </Form>
    </Card>
  );
}

/**
 * 数据上报: the project's records on their way to the national worker platform (全国建筑工人管理服务信息平台): the
 * account, what each record's state is, why the platform refused one, and 立即上报 (the schedule sends too).
 */
export default function Feed() {
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const { saving: sending, run } = useFormSubmit();
  const counts = useQuery({ queryKey: ['platform', 'counts'], queryFn: fetchCounts });
  const records = usePagedList({
    queryKey: ['platform', 'records'],
    fetchPage: fetchRecords,
    initialFilter: EMPTY_RECORD_FILTER,
    limit: 20,
  });
  const send = () =>
    run(async () => {
      const round = await sendNow();
      if (round.error) void message.warning(runSummary(round));
      else void message.success(runSummary(round));
      void queryClient.invalidateQueries({ queryKey: ['platform'] });
    });
  const columns: TableColumnsType<PlatformRecord> = [
    { title: '入队时间', dataIndex: 'createdAt', width: 170 },
    { title: '类别', dataIndex: 'methodLabel', width: 90 },
    { title: '记录', dataIndex: 'label', width: 240, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'statusLabel',
      width: 100,
      render: (label: string, record) => <Tag color={STATUS_OPTIONS.find((option) => option.value === record.status)?.color}>{label}</Tag>,
    },
    {
      title: '平台结果',
      dataIndex: 'result',
      render: (result: string, record) =>
        record.status === 'refused' ? <Typography.Text type="danger">{result}</Typography.Text>
          : record.lastError ? <Typography.Text type="warning">未应答（已试{record.attempts}次）：{record.lastError}</Typography.Text>
            : result || '—',
    },
    { title: '上报时间', dataIndex: 'sentAt', width: 170, render: never },
  ];
  const totals = counts.data;
  return (
    <>
      <SettingCard canWrite={canWrite} />
      <Card title="上报记录" variant="borderless" data-testid="platform-records"
        extra={canWrite && <Button type="primary" icon={<CloudUploadOutlined />} loading={sending} data-testid="platform-send" onClick={() => void send()}>立即上报</Button>}>
        <Alert type="info" showIcon style={{ marginBottom: 16 }}
          title="项目、企业、参建单位、班组、人员、进退场、劳动合同、考勤和工资有变化时自动入队，按顺序上报；平台未应答时自动重试，同一条记录不会重复上报。" />
        <Row gutter={16} style={{ marginBottom: 16 }} data-testid="platform-counts">
          {STATUS_OPTIONS.map((option) => (
            <Col key={option.value} xs={12} md={6}>
              <Statistic title={option.label} value={totals?.[option.value as keyof typeof totals] ?? 0}
                styles={{ content: option.value === 'refused' && totals?.refused ? { color: '#cf1322' } : undefined }} />
            </Col>
          ))}
        </Row>
        <FilterForm<RecordFilter> searchTestId="platform-search" onReset={records.reset}
          onSearch={(values) => records.search({ method: values.method ?? '', status: values.status ?? '' })}>
          <Form.Item name="method">
            <Select placeholder="类别" allowClear style={{ width: 140 }} options={METHOD_OPTIONS} data-testid="platform-filter-method" />
          </Form.Item>
          <Form.Item name="status">
            <Select placeholder="状态" allowClear style={{ width: 130 }} options={STATUS_OPTIONS} data-testid="platform-filter-status" />
          </Form.Item>
        </FilterForm>
        <ServerTable<RecordFilter, PlatformRecord> list={records} rowKey="id" columns={columns} data-testid="platform-table"
          totalText={(total) => `共 ${total} 条`} />
      </Card>
    </>
  );
}
