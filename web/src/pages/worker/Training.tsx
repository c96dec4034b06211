import { useCanWrite } from '@/store/session';
import { chinaNow } from '@/utils/chinaTime';
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Descriptions, Form, Input, Modal, Select, Space, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { ApiError } from '@/api/client';
import { useFormSubmit } from '@/utils/useFormSubmit';
import RevealNumber from '@/components/RevealNumber';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { requiredDateRule, ruleFrom } from '@/utils/rules';
import { hoursRule } from '@/utils/rules/worker';
import { EMPTY_FILTER, fetchRoster, fetchTraining, fetchTrainings, saveTraining, type TrainingLine } from './service';

const DEFAULT_LIMIT = 10;
export const MSG_TOPIC = '请填写1-50个字的培训主题';
export const MSG_TRAINER = '请填写1-20个字的培训讲师';
export const MSG_ATTENDEES = '请选择参加培训的人员';

interface TrainingValues {
  topic: string;
  date: Dayjs | null;
  trainer: string;
  hours: string;
  content?: string;
  workerIds: number[];
}

const lengthCheck = (max: number, message: string) => (value: string) => {
  const length = [...value.trim()].length;
  return length === 0 || length > max ? message : undefined;
};

/** Picks attendees among the project's workers on site, searched by name on the server. `known` names the
 * attendees already chosen (a session being corrected), who may not be among the search's first page or on site. */
function AttendeeSelect({ known, ...props }: { known: { id: number; name: string }[]; value?: number[]; onChange?: (value: number[]) => void }) {
  const [name, setName] = useState('');
  const roster = useQuery({
    queryKey: ['worker', 'list', 'attendees', name],
    queryFn: () => fetchRoster({ ...EMPTY_FILTER, name, status: '1' }, 1, 50),
    placeholderData: keepPreviousData,
  });
  const options = (roster.data?.list ?? []).map((line) => ({ value: line.workerId, label: `${line.name}（${line.teamName || line.unitName}）` }));
  const chosen = known.filter((attendee) => !options.some((option) => option.value === attendee.id));
  return (
    <Select
      {...props}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setName }}
      placeholder="输入姓名查找在场人员"
      options={[...chosen.map((attendee) => ({ value: attendee.id, label: attendee.name })), ...options]}
      loading={roster.isFetching}
      data-testid="train-attendees"
    />
  );
}

/** What the form dialog is open for: a new session, or the correction of session `id`. */
type Editing = { kind: 'new' } | { kind: 'edit'; id: number } | null;

/** 新增培训 / 修改: one form for both; a correction is filled from the session's detail and sent with its id. */
function TrainingFormDialog({ editing, onClose, onSaved }: { editing: Editing; onClose: () => void; onSaved: () => void }) {
  const id = editing?.kind === 'edit' ? editing.id : null;
  const detail = useQuery({ queryKey: ['worker', 'training', id], queryFn: () => fetchTraining(id as number), enabled: id !== null });
  const [form] = Form.useForm<TrainingValues>();
  const { saving, run } = useFormSubmit();
  const training = id === null ? null : detail.data;
  const initialValues: Partial<TrainingValues> = training
    ? {
        topic: training.topic,
        date: dayjs(training.date),
        trainer: training.trainer,
        hours: training.hours,
        content: training.content,
        workerIds: training.attendeeList.map((attendee) => attendee.id),
      }
    : { date: chinaNow(), hours: '2', workerIds: [] };
  const save = (values: TrainingValues) =>
    run(
      async () => {
        await saveTraining({
          ...(id === null ? {} : { id: String(id) }),
          topic: values.topic.trim(),
          date: values.date ? values.date.format('YYYY-MM-DD') : '',
          trainer: values.trainer.trim(),
          hours: values.hours.trim(),
          content: values.content?.trim() ?? '',
          workerIds: values.workerIds.join(','),
        });
        onSaved();
      },
      { success: id === null ? '培训记录已保存' : '培训记录已修改' },
    );
  const ready = id === null || training !== undefined;
  return (
    <Modal open={editing !== null} title={id === null ? '新增培训' : '修改培训'} onCancel={onClose} onOk={() => form.submit()}
      confirmLoading={saving} destroyOnHidden width={640}
      okButtonProps={{ disabled: !ready, ...({ 'data-testid': 'train-submit' } as Record<string, string>) }}>
      {detail.isError && id !== null && (
        <Alert type="error" showIcon title={detail.error instanceof ApiError ? detail.error.message : '加载失败'} />
      )}
      {ready && (
        <Form<TrainingValues> form={form} layout="vertical" preserve={false} initialValues={initialValues}
          onFinish={(values) => void save(values)}>
          <Form.Item name="topic" label="培训主题" rules={[ruleFrom(lengthCheck(50, MSG_TOPIC))]}>
            <Input data-testid="train-topic" />
          </Form.Item>
          <Space size={16} style={{ display: 'flex' }}>
            <Form.Item name="date" label="培训日期" rules={[requiredDateRule('请选择培训日期')]}>
              <DatePicker data-testid="train-date" />
            </Form.Item>
            <Form.Item name="trainer" label="培训讲师" rules={[ruleFrom(lengthCheck(20, MSG_TRAINER))]}>
              <Input data-testid="train-trainer" />
            </Form.Item>
            <Form.Item name="hours" label="学时（小时）" rules={[hoursRule()]}>
              <Input data-testid="train-hours" style={{ width: 120 }} />
            </Form.Item>
          </Space>
          <Form.Item name="content" label="培训内容" rules={[{ max: 1000, message: '输入的文字超过上限' }]}>
            <Input.TextArea rows={3} data-testid="train-content" />
          </Form.Item>
          <Form.Item name="workerIds" label="参训人员" rules={[{ required: true, type: 'array', min: 1, message: MSG_ATTENDEES }]}>
            <AttendeeSelect known={training?.attendeeList ?? []} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 详情: the session as recorded, with its attendees. */
function TrainingDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useQuery({ queryKey: ['worker', 'training', id], queryFn: () => fetchTraining(id as number), enabled: id !== null });
  const training = detail.data;
  return (
    <Modal open={id !== null} title={training ? `培训详情：${training.topic}` : '培训详情'} footer={null} onCancel={onClose} width={640}>
      {training && (
        <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} data-testid="train-detail">
          <Descriptions.Item label="培训主题" span={2}>{training.topic}</Descriptions.Item>
          <Descriptions.Item label="培训日期">{training.date}</Descriptions.Item>
          <Descriptions.Item label="培训讲师">{training.trainer}</Descriptions.Item>
          <Descriptions.Item label="学时">{training.hours} 小时</Descriptions.Item>
          <Descriptions.Item label="参训人数">{training.attendees} 人</Descriptions.Item>
          <Descriptions.Item label="培训内容" span={2}>{training.content || '—'}</Descriptions.Item>
        </Descriptions>
      )}
      <Table
        size="small"
        rowKey="id"
        loading={detail.isLoading}
        dataSource={training?.attendeeList ?? []}
        pagination={{ pageSize: 10 }}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          {
            title: '身份证号',
            dataIndex: 'idNumber',
            render: (value: string, attendee: { id: number }) => <RevealNumber value={value} record="worker" id={attendee.id} />,
          },
        ]}
      />
    </Modal>
  );
}

/** 人员管理 → 培训记录: the project's training sessions with their attendees. */
export default function Training() {
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const [topicInput, setTopicInput] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const list = usePagedList({
    queryKey: ['worker', 'trainings'],
    fetchPage: fetchTrainings,
    initialFilter: '',
    limit: DEFAULT_LIMIT,
  });

  const columns: TableColumnsType<TrainingLine> = [
    { title: '培训主题', dataIndex: 'topic' },
    { title: '培训日期', dataIndex: 'date', width: 120 },
    { title: '培训讲师', dataIndex: 'trainer', width: 120 },
    { title: '学时', dataIndex: 'hours', width: 80 },
    {
      title: '参训人数',
      dataIndex: 'attendees',
      width: 110,
      render: (count: number, line) => (
        <Button type="link" size="small" data-testid={`train-view-${line.id}`} onClick={() => setViewing(line.id)}>
          {count} 人
        </Button>
      ),
    },
    {
      title: '操作',
      width: 130,
      render: (_: unknown, line) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid={`train-detail-${line.id}`} onClick={() => setViewing(line.id)}>
            详情
          </Button>
          {canWrite && (
            <Button type="link" size="small" data-testid={`train-edit-${line.id}`} onClick={() => setEditing({ kind: 'edit', id: line.id })}>
              修改
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="train-page" title="培训记录" variant="borderless"
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="train-new" onClick={() => setEditing({ kind: 'new' })}>
            新增培训
          </Button>
        )
      }
    >
      <Input.Search
        placeholder="培训主题"
        allowClear
        style={{ width: 280, marginBottom: 16 }}
        value={topicInput}
        onChange={(event) => setTopicInput(event.target.value)}
        onSearch={(value) => list.search(value)}
        enterButton="查询"
      />
      <ServerTable<string, TrainingLine> list={list} data-testid="train-table" rowKey="id" size="large" columns={columns} />
      <TrainingFormDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void queryClient.invalidateQueries({ queryKey: ['worker', 'trainings'] });
          void queryClient.invalidateQueries({ queryKey: ['worker', 'training'] });
        }}
      />
      <TrainingDialog id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
