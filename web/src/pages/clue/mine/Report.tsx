/**
 * `/w/report?project=<id>`: the worker reports wage arrears on one of his projects (the project prefilled from
 * `?project=` or the QR code's, else his newest), without retyping who he is: the server takes his name, phone
 * and ID number from the roster. 欠薪单位或班组, amount, months owed, what happened, up to 5 photos → the
 * receipt number; he follows it in 我的欠薪线索 (`/w/leads`).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, AutoComplete, Button, Form, Input, InputNumber, Result, Select, Skeleton, Typography, Upload, message } from 'antd';
import type { UploadFile } from 'antd';
import { MSG_UNKNOWN } from '@/api/client';
import { projectParam, useWorkerSession } from '@/store/workerSession';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { MAX_DESCRIPTION, MAX_PHOTOS, MY_INFO_KEY, fetchMyInfo, submitWorkerReport, type MyProject } from './service';

const IMAGE_TYPES = '.jpg,.jpeg,.png,.gif';
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

interface Values {
  projectId?: number;
  employer: string;
  amount?: string;
  months?: number;
  description: string;
}

/** His units and teams on the project, to pick the one that owes him. */
function employersOf(project: MyProject | undefined): { value: string }[] {
  const names = (project?.lines ?? []).flatMap((line) => [line.teamName, line.unitName]).filter((name) => name.trim() !== '');
  return [...new Set(names)].map((value) => ({ value }));
}

function Receipt({ receipt }: { receipt: string }) {
  const navigate = useNavigate();
  return (
    <div className="w-card" data-testid="report-done">
      <Result
        status="success"
        title="提交成功"
        subTitle={
          <>
            受理编号：
            <Typography.Text copyable strong data-testid="report-receipt">
              {receipt}
            </Typography.Text>
            <br />
            监察机构会尽快处理，处理进度可在“我的欠薪线索”中查看。
          </>
        }
        extra={[
          <Button key="leads" type="primary" block size="large" onClick={() => navigate('/w/leads')} data-testid="report-to-leads">
            查看我的欠薪线索
          </Button>,
          <Button key="home" block size="large" onClick={() => navigate('/w')} style={{ marginTop: 10 }}>
            返回我的信息
          </Button>,
        ]}
      />
    </div>
  );
}

export default function Report() {
  const [params] = useSearchParams();
  const named = useWorkerSession((state) => state.projectId);
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: MY_INFO_KEY, queryFn: fetchMyInfo });
  const [form] = Form.useForm<Values>();
  const chosen = Form.useWatch('projectId', form);
  const [photos, setPhotos] = useState<UploadFile[]>([]);
  const [refused, setRefused] = useState('');
  const [receipt, setReceipt] = useState('');
  const { saving, run } = useFormSubmit();

  if (receipt) return <Receipt receipt={receipt} />;
  if (info.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (info.isError)
    return <Alert type="error" showIcon title={info.error.message} action={<Button onClick={() => void info.refetch()}>重试</Button>} />;

  const mine = info.data.projects;
  const asked = projectParam(params.get('project')) ?? named;
  const askedIsMine = asked !== null && mine.some((project) => project.projectId === asked);
  const initialProject = askedIsMine ? asked : mine[0]?.projectId;
  const anonymous = `/clue${asked !== null ? `?projectId=${asked}` : ''}`;

  if (mine.length === 0)
    return (
      <div className="w-card" data-testid="report-no-project">
        <Alert type="info" showIcon title="花名册上暂无您的项目记录" description="可以匿名反映欠薪，或拨打劳动保障监察电话 12333。" />
        <Link to={anonymous} className="w-link" style={{ marginTop: 12, boxSizing: 'border-box', color: 'inherit', textDecoration: 'none' }}>
          匿名反映欠薪
        </Link>
      </div>
    );

  const submit = (values: Values) =>
    run(
      async () => {
        setRefused('');
        const files = photos.map((photo) => photo.originFileObj).filter((file): file is NonNullable<typeof file> => file !== undefined);
        const answer = await submitWorkerReport(
          { projectId: values.projectId ?? 0, employer: values.employer, amount: values.amount ?? '', months: values.months ?? 0, description: values.description },
          files,
        );
        await queryClient.invalidateQueries({ queryKey: ['mine', 'leads'] });
        setReceipt(answer);
        window.scrollTo?.(0, 0);
      },
      { onError: (error) => setRefused(error instanceof Error ? error.message : MSG_UNKNOWN) },
    );

  return (
    <div data-testid="worker-report">
      <div className="w-card">
        <p className="w-muted" style={{ margin: 0 }}>
          您的姓名、手机号和身份证号按花名册登记信息提交，无需填写。监察机构受理后会联系您核实。
        </p>
      </div>
      {asked !== null && !askedIsMine && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="report-not-mine"
          title="您不在扫码项目的花名册上"
          description={
            <>
              可选择下面您登记过的项目，或 <Link to={anonymous}>匿名反映该项目欠薪</Link>。
            </>
          }
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ projectId: initialProject }}
        onFinish={(values) => void submit(values)}
        className="w-card"
        data-testid="report-form"
      >
        <Form.Item name="projectId" label="欠薪项目" rules={[{ required: true, message: '请选择欠薪项目' }]}>
          <Select
            data-testid="report-project"
            options={mine.map((project) => ({ value: project.projectId, label: project.projectName }))}
            placeholder="选择项目"
          />
        </Form.Item>
        <Form.Item
          name="employer"
          label="欠薪单位或班组"
          rules={[{ required: true, whitespace: true, message: '请填写欠薪单位或班组' }, { max: 100, message: '100字以内' }]}
        >
          <AutoComplete
            data-testid="report-employer"
            options={employersOf(mine.find((project) => project.projectId === chosen))}
            filterOption={(input, option) => String(option?.value ?? '').includes(input.trim())}
            placeholder="单位名称、班组或包工头"
            maxLength={100}
          />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item name="amount" label="欠薪金额（元）" style={{ flex: 3 }} rules={[{ required: true, message: '请填写欠薪金额' }]}>
            <InputNumber<string> data-testid="report-amount" stringMode min="0.01" max="99999999.99" precision={2} style={{ width: '100%' }} inputMode="decimal" />
          </Form.Item>
          <Form.Item name="months" label="欠薪月数" style={{ flex: 2 }} rules={[{ required: true, message: '请填写1–120' }]}>
            <InputNumber data-testid="report-months" min={1} max={120} precision={0} style={{ width: '100%' }} inputMode="numeric" />
          </Form.Item>
        </div>
        <Form.Item
          name="description"
          label="情况描述"
          rules={[{ required: true, whitespace: true, message: '请填写情况描述' }, { max: MAX_DESCRIPTION, message: `${MAX_DESCRIPTION}字以内` }]}
        >
          <Input.TextArea data-testid="report-description" rows={4} maxLength={MAX_DESCRIPTION} showCount placeholder="何时开始拖欠、做了哪些工、找过谁" />
        </Form.Item>
        <Form.Item label={`照片（选填，最多${MAX_PHOTOS}张，每张不超过5MB）`}>
          <Upload
            data-testid="report-photos"
            listType="picture-card"
            accept={IMAGE_TYPES}
            multiple
            maxCount={MAX_PHOTOS}
            fileList={photos}
            beforeUpload={(file) => {
              if (file.size > MAX_PHOTO_BYTES) {
                void message.error('上传文件大小不能超过 5MB!');
                return Upload.LIST_IGNORE;
              }
              return false;
            }}
            onChange={({ fileList }) => setPhotos(fileList.slice(0, MAX_PHOTOS))}
          >
            {photos.length < MAX_PHOTOS && '+ 添加照片'}
          </Upload>
        </Form.Item>
        {refused && <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} data-testid="report-refused" />}
        <Button type="primary" htmlType="submit" block size="large" loading={saving} data-testid="report-submit">
          提交
        </Button>
      </Form>
      <p className="w-muted" style={{ textAlign: 'center' }}>
        也可拨打劳动保障监察举报投诉电话 <a href="tel:12333">12333</a>
      </p>
    </div>
  );
}
