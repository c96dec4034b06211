import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Spin } from 'antd';
import { useCanWrite } from '@/store/session';
import { ApiError } from '@/api/client';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { fetchRules, minHoursError, saveRules, type AttendanceRules } from './service';

/** 系统设置 → 考勤采集: the project's attendance rules; saving recounts the open months. */
export default function Rules() {
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AttendanceRules>();
  const { saving, run } = useFormSubmit();
  const [recounted, setRecounted] = useState<string | null>(null);
  const rules = useQuery({ queryKey: ['attendance', 'rules'], queryFn: fetchRules });

  useEffect(() => {
    if (rules.data) form.setFieldsValue(rules.data);
  }, [rules.data, form]);

  const submit = (values: AttendanceRules) =>
    run(
      async () => {
        const saved = await saveRules(values);
        setRecounted(`已按新规则重新计算 ${saved.from} 至 ${saved.to} 的考勤（${saved.workerDays} 人次·天）；手工修正的考勤保持不变。`);
        void queryClient.invalidateQueries({ queryKey: ['attendance'] });
      },
      { success: '保存成功' },
    );

  return (
    <Card title="考勤采集规则" variant="borderless" data-testid="collection-page">
      {rules.isError && <Alert type="error" showIcon title={rules.error instanceof ApiError ? rules.error.message : '加载失败'} />}
      <Spin spinning={rules.isLoading}>
        <Form<AttendanceRules> form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 12 }} style={{ maxWidth: 760 }}
          onFinish={(values) => void submit(values)}>
          <Form.Item name="minHours" label="每日最少工时（小时）" extra="班次内进→出配对打卡的时长合计达到该时长才计为出勤；0 表示有打卡即计出勤。"
            rules={[{ validator: (_, value: string | undefined) => {
              const error = minHoursError(String(value ?? ''));
              return error ? Promise.reject(new Error(error)) : Promise.resolve();
            } }]}>
            <Input style={{ width: 160 }} data-testid="rule-minHours" />
          </Form.Item>
          <Form.Item name="dedupSeconds" label="重复打卡去重（秒）" extra="同一人在该时间内的多次打卡只计一次。"
            rules={[{ required: true, type: 'integer', min: 0, max: 3600, message: '去重时间应为0-3600秒的整数' }]}>
            <InputNumber min={0} max={3600} precision={0} style={{ width: 160 }} data-testid="rule-dedupSeconds" />
          </Form.Item>
          <Form.Item name="directions" label="计入考勤的打卡" rules={[{ required: true, message: '请选择计入考勤的打卡方向' }]}>
            <Radio.Group data-testid="rule-directions"
              options={[{ value: 'both', label: '进、出打卡都计入' }, { value: 'in', label: '仅进场打卡' }, { value: 'out', label: '仅出场打卡' }]} />
          </Form.Item>
          <Form.Item name="maxShiftHours" label="班次最长时长（小时）"
            extra="从班次首次打卡起该时长内的打卡都属于这个班次，可跨过零点（夜班）；班次计入开始那一天和那个月。"
            rules={[{ required: true, type: 'integer', min: 1, max: 24, message: '班次最长时长应为1-24小时的整数' }]}>
            <InputNumber min={1} max={24} precision={0} style={{ width: 160 }} data-testid="rule-maxShiftHours" />
          </Form.Item>
          <Form.Item name="offlineMinutes" label="设备离线判定（分钟）" extra="设备超过该时间无心跳即显示为离线。"
            rules={[{ required: true, type: 'integer', min: 1, max: 1440, message: '离线判定时间应为1-1440分钟的整数' }]}>
            <InputNumber min={1} max={1440} precision={0} style={{ width: 160 }} data-testid="rule-offlineMinutes" />
          </Form.Item>
          {canWrite && (
            <Form.Item wrapperCol={{ offset: 6 }}>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="rule-save">保存并重新计算</Button>
            </Form.Item>
          )}
        </Form>
      </Spin>
      {recounted && <Alert type="success" showIcon title={recounted} data-testid="rule-recounted" />}
    </Card>
  );
}
