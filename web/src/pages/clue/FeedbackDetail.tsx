/** 线索详情 (project, `?id=`): the lead, its history, and the feedback form while the lead awaits the project's answer. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import UploadField from '@/components/upload/UploadField';
import { useFormSubmit } from '@/utils/useFormSubmit';
import LeadHistory from './LeadHistory';
import { fetchProjectLead, sendFeedback } from './service';

interface FeedbackValues {
  content: string;
  files?: string[];
}

export default function FeedbackDetail() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const [form] = Form.useForm<FeedbackValues>();
  const { saving: sending, run } = useFormSubmit();
  const client = useQueryClient();
  const lead = useQuery({ queryKey: ['clue', 'project', 'lead', id], queryFn: () => fetchProjectLead(id), enabled: id > 0 });

  const submit = (values: FeedbackValues) =>
    run(
      async () => {
        await sendFeedback(id, values.content, values.files ?? []);
        form.resetFields();
        await lead.refetch();
        void client.invalidateQueries({ queryKey: ['clue', 'project'] });
      },
      { success: '反馈成功' },
    );

  if (lead.isError) {
    return <Alert type="error" showIcon title={lead.error instanceof ApiError ? lead.error.message : '加载失败'} />;
  }
  const data = lead.data;
  const awaiting = data?.status === 'dispatched' || data?.status === 'returned';
  return (
    <Card data-testid="feedback-detail" title="线索详情" variant="borderless">
      {!data ? (
        <Spin />
      ) : (
        <>
          <LeadHistory lead={data} />
          {awaiting && (
            <Form<FeedbackValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} style={{ maxWidth: 640 }}>
              <Form.Item name="content" label="反馈内容" rules={[{ required: true, whitespace: true, message: '请填写反馈内容' }]}>
                <Input.TextArea data-testid="feedback-content" rows={4} maxLength={1000} showCount />
              </Form.Item>
              <Form.Item name="files" label="附件（最多5个）">
                <UploadField kind="attachment" maxCount={5} data-testid="feedback-files" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={sending} data-testid="feedback-submit">
                提交反馈
              </Button>
            </Form>
          )}
        </>
      )}
    </Card>
  );
}
