/**
 * `/clue`: the worker's page for wage-arrears leads, without login and made for a phone (375 px first). Report
 * (the project searched by name, or — when his site is not registered — the site and the employer in free text;
 * up to 5 photos, a captcha) → the receipt number; 查询进度 with the receipt and the phone shows the status and,
 * once closed, the bureau's answer. `?projectId=<id>` (from a site board's QR code, via the worker's login page)
 * chooses that project at once, when the server knows it as an approved project.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Result, Select, Tabs, Typography, Upload, message } from 'antd';
import type { UploadFile } from 'antd';
import { ApiError } from '@/api/client';
import { fetchSiteBoard } from '@/pages/project/service';
import { projectParam } from '@/store/workerSession';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { LANDLINE, MOBILE, MSG_PHONE } from '@/utils/rules/phone';
import { fetchCaptcha, fetchDistricts, queryProgress, searchProjects, submitReport, type Progress, type ReportFields } from './service';

const MAX_PHOTOS = 5;
const IMAGE_TYPES = '.jpg,.jpeg,.png,.gif';

interface ReportValues {
  name: string;
  phone: string;
  idNumber: string;
  projectId?: number;
  siteName?: string;
  siteAddress?: string;
  siteDistrict?: string;
  employer: string;
  employerPhone?: string;
  amount?: string;
  months?: number;
  description: string;
  captcha?: string;
}

function ReportForm({ onDone }: { onDone: (receipt: string) => void }) {
  const [form] = Form.useForm<ReportValues>();
  const [projectName, setProjectName] = useState('');
  const [photos, setPhotos] = useState<UploadFile[]>([]);
  const { saving: sending, run } = useFormSubmit();
  const [refused, setRefused] = useState('');
  // The worker's site is not registered: he names it and the employer instead of choosing a project.
  const [unregistered, setUnregistered] = useState(false);
  const districts = useQuery({ queryKey: ['clue', 'districts'], queryFn: fetchDistricts, enabled: unregistered, staleTime: Infinity });
  const projects = useQuery({
    queryKey: ['clue', 'projects', projectName],
    queryFn: () => searchProjects(projectName),
    enabled: projectName.trim().length > 0,
  });
  const captcha = useQuery({ queryKey: ['clue', 'captcha'], queryFn: fetchCaptcha, staleTime: 240_000 });
  // The project the link names, by its name: chosen once it is known.
  const [params] = useSearchParams();
  const given = projectParam(params.get('projectId'));
  const givenBoard = useQuery({
    queryKey: ['clue', 'given', given ?? 0],
    queryFn: () => fetchSiteBoard(given ?? 0),
    enabled: given !== null,
    staleTime: Infinity,
  });
  const givenOption = given !== null && givenBoard.data ? [{ value: given, label: givenBoard.data.projectName }] : [];
  useEffect(() => {
    if (given !== null && givenBoard.data && form.getFieldValue('projectId') === undefined) form.setFieldValue('projectId', given);
  }, [form, given, givenBoard.data]);

  const submit = async (values: ReportValues) => {
    setRefused('');
    const fields: ReportFields = {
      name: values.name,
      phone: values.phone,
      idNumber: values.idNumber,
      projectId: !unregistered && values.projectId ? String(values.projectId) : '',
      unregistered: unregistered ? '1' : '',
      siteName: unregistered ? (values.siteName ?? '') : '',
      siteAddress: unregistered ? (values.siteAddress ?? '') : '',
      siteDistrict: unregistered ? (values.siteDistrict ?? '') : '',
      employer: values.employer,
      employerPhone: unregistered ? (values.employerPhone ?? '') : '',
      amount: values.amount ?? '',
      months: values.months ? String(values.months) : '',
      description: values.description,
      captcha: values.captcha ?? '',
      captchaId: captcha.data?.captchaId ?? '',
    };
    await run(
      async () => {
        const reply = await submitReport(
          fields,
          photos.map((photo) => photo.originFileObj).filter((file): file is NonNullable<typeof file> => file !== undefined),
        );
        onDone(reply.receipt);
      },
      {
        // The public page shows the refusal above the button; a captcha is good for one try.
        onError: (error) => {
          setRefused(error instanceof ApiError ? error.message : '提交失败，请稍后重试');
          form.setFieldValue('captcha', '');
          void captcha.refetch();
        },
      },
    );
  };

  const required = (text: string) => [{ required: true, whitespace: true, message: text }];
  return (
    <Form<ReportValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="clue-report">
      <Form.Item name="name" label="姓名" rules={required('请填写姓名')}>
        <Input data-testid="clue-name" maxLength={30} autoComplete="name" />
      </Form.Item>
      <Form.Item name="phone" label="手机号码" rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: '请填写正确的11位手机号码' }]}>
        <Input data-testid="clue-phone" maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="idNumber" label="身份证号" rules={required('请填写身份证号码')}>
        <Input data-testid="clue-id-number" maxLength={18} />
      </Form.Item>
      {!unregistered && (
        <Form.Item name="projectId" label="欠薪项目" rules={[{ required: true, message: '请选择欠薪项目' }]}>
          <Select
            data-testid="clue-project"
            placeholder="输入项目名称搜索"
            showSearch={{ filterOption: false, onSearch: setProjectName }}
            loading={projects.isFetching}
            notFoundContent={projectName ? '没有找到该项目' : '请输入项目名称'}
            options={[
              ...givenOption,
              ...(projects.data?.list ?? []).filter((project) => project.id !== given).map((project) => ({ value: project.id, label: project.name })),
            ]}
          />
        </Form.Item>
      )}
      <Form.Item style={{ marginTop: -8 }}>
        <Checkbox data-testid="clue-unregistered" checked={unregistered} onChange={(event) => setUnregistered(event.target.checked)}>
          找不到项目？项目未登记，手动填写项目信息
        </Checkbox>
      </Form.Item>
      {unregistered ? (
        <>
          <Form.Item name="siteName" label="项目名称" rules={[{ required: true, whitespace: true, max: 100, message: '请填写项目名称（100字以内）' }]}>
            <Input data-testid="clue-site-name" maxLength={100} placeholder="工地或项目的名称" />
          </Form.Item>
          <Form.Item name="siteAddress" label="项目地址" rules={[{ required: true, whitespace: true, min: 3, max: 100, message: '请输入规范的地址' }]}>
            <Input data-testid="clue-site-address" maxLength={100} placeholder="所在街道、门牌号" />
          </Form.Item>
          <Form.Item name="siteDistrict" label="所在区县（选填）">
            <Select
              data-testid="clue-site-district"
              allowClear
              placeholder="选择工地所在区县"
              loading={districts.isFetching}
              options={(districts.data ?? []).map((district) => ({ value: district.code, label: district.name }))}
            />
          </Form.Item>
          <Form.Item name="employer" label="欠薪单位/包工头" rules={[{ required: true, whitespace: true, max: 100, message: '请填写欠薪单位或包工头（100字以内）' }]}>
            <Input data-testid="clue-employer" maxLength={100} placeholder="单位名称或包工头姓名" />
          </Form.Item>
          <Form.Item
            name="employerPhone"
            label="欠薪单位/包工头电话（选填）"
            rules={[{ validator: (_, value?: string) => (!value?.trim() || MOBILE.test(value.trim()) || LANDLINE.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(MSG_PHONE))) }]}
          >
            <Input data-testid="clue-employer-phone" maxLength={20} inputMode="tel" />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="employer" label="欠薪单位或班组" rules={required('请填写欠薪单位或班组')}>
          <Input data-testid="clue-employer" maxLength={100} />
        </Form.Item>
      )}
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item name="amount" label="欠薪金额（元）" style={{ flex: 1 }} rules={[{ required: true, message: '请填写欠薪金额' }]}>
          <InputNumber<string> data-testid="clue-amount" stringMode min="0.01" precision={2} style={{ width: '100%' }} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="months" label="欠薪月数" style={{ flex: 1 }} rules={[{ required: true, message: '请填写欠薪月数' }]}>
          <InputNumber data-testid="clue-months" min={1} max={120} precision={0} style={{ width: '100%' }} inputMode="numeric" />
        </Form.Item>
      </div>
      <Form.Item name="description" label="情况描述" rules={required('请填写情况描述')}>
        <Input.TextArea data-testid="clue-description" rows={4} maxLength={1000} showCount />
      </Form.Item>
      <Form.Item label={`照片（最多${MAX_PHOTOS}张，jpg/png/gif，每张不超过5MB）`}>
        <Upload
          data-testid="clue-photos"
          listType="picture-card"
          accept={IMAGE_TYPES}
          multiple
          maxCount={MAX_PHOTOS}
          fileList={photos}
          beforeUpload={(file) => {
            if (file.size > 5 * 1024 * 1024) {
              void message.error('上传文件大小不能超过 5MB!');
              return Upload.LIST_IGNORE;
            }
            return false;
          }}
          onChange={({ fileList }) => setPhotos(fileList.slice(0, MAX_PHOTOS))}
        >
          {photos.length < MAX_PHOTOS && '+ 添加'}
        </Upload>
      </Form.Item>
      <Form.Item label="验证码" required>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Form.Item name="captcha" noStyle>
            <Input data-testid="clue-captcha" maxLength={6} style={{ flex: 1 }} />
          </Form.Item>
          {captcha.data && (
            <img
              src={captcha.data.image}
              alt="验证码"
              title="看不清？点击换一张"
              data-testid="clue-captcha-image"
              style={{ height: 36, cursor: 'pointer' }}
              onClick={() => void captcha.refetch()}
            />
          )}
        </div>
      </Form.Item>
      {refused && <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} data-testid="clue-refused" />}
      <Button type="primary" htmlType="submit" block size="large" loading={sending} data-testid="clue-submit">
        提交
      </Button>
    </Form>
  );
}

function ProgressForm({ receipt }: { receipt: string }) {
  const [found, setFound] = useState<Progress | null>(null);
  const [refused, setRefused] = useState('');
  const ask = async (values: { receipt: string; phone: string }) => {
    setRefused('');
    setFound(null);
    try {
      setFound(await queryProgress({ receipt: values.receipt.trim(), phone: values.phone.trim() }));
    } catch (error) {
      setRefused(error instanceof ApiError ? error.message : '查询失败，请稍后重试');
    }
  };
  return (
    <Form layout="vertical" initialValues={{ receipt }} onFinish={(values) => void ask(values)} data-testid="clue-progress">
      <Form.Item name="receipt" label="受理编号" rules={[{ required: true, whitespace: true, message: '请填写受理编号' }]}>
        <Input data-testid="clue-progress-receipt" maxLength={32} />
      </Form.Item>
      <Form.Item name="phone" label="手机号码" rules={[{ required: true, message: '请填写举报时的手机号码' }]}>
        <Input data-testid="clue-progress-phone" maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" data-testid="clue-progress-submit">
        查询
      </Button>
      {refused && <Alert type="warning" showIcon title={refused} style={{ marginTop: 16 }} data-testid="clue-progress-refused" />}
      {found && (
        <Card size="small" style={{ marginTop: 16 }} data-testid="clue-progress-result">
          <Typography.Paragraph>
            受理编号：{found.receipt}
            <br />
            当前状态：<Typography.Text strong>{found.statusLabel}</Typography.Text>
          </Typography.Paragraph>
          {found.answer && (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="clue-progress-answer">
              处理结果：{found.answer}
            </Typography.Paragraph>
          )}
        </Card>
      )}
    </Form>
  );
}

/** The page stands outside the shell, so it brings its own query client. */
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export default function PublicClue() {
  return (
    <QueryClientProvider client={queryClient}>
      <CluePage />
    </QueryClientProvider>
  );
}

function CluePage() {
  const [tab, setTab] = useState('report');
  const [receipt, setReceipt] = useState('');
  return (
    <div style={{ maxWidth: 480, margin: '0 auto', padding: 12, minHeight: '100vh', background: '#f5f7fa' }} data-testid="clue-page">
      <Typography.Title level={4} style={{ textAlign: 'center', margin: '12px 0' }}>
        农民工欠薪线索举报
      </Typography.Title>
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'report',
              label: '我要举报',
              children: receipt ? (
                <Result
                  status="success"
                  title="提交成功"
                  subTitle={
                    <>
                      受理编号：
                      <Typography.Text copyable strong data-testid="clue-receipt">
                        {receipt}
                      </Typography.Text>
                      <br />
                      请牢记受理编号，凭受理编号和手机号码查询处理进度。
                    </>
                  }
                  extra={
                    <Button type="primary" onClick={() => setTab('progress')} data-testid="clue-to-progress">
                      查询进度
                    </Button>
                  }
                />
              ) : (
                <ReportForm onDone={setReceipt} />
              ),
            },
            { key: 'progress', label: '查询进度', children: <ProgressForm key={receipt} receipt={receipt} /> },
          ]}
        />
      </Card>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 12, fontSize: 12 }}>
        也可拨打劳动保障监察举报投诉电话 12333
      </Typography.Paragraph>
    </div>
  );
}
