/**
 * builderInfo / constructInfo (decisions "Units and teams (issue 4)"): the builder or general contractor as
 * registered — the company (locked), the leaders (editable), the wage guarantee with its change dialog and
 * the list of its recorded changes.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Descriptions, Form, Input, Modal, Select, Space, Table, Tag, message } from 'antd';
import type { FormRule, TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCanWrite } from '@/store/session';
import { ApiError } from '@/api/client';
import { useFormSubmit } from '@/utils/useFormSubmit';
import FileList from '@/components/upload/FileList';
import UploadField from '@/components/upload/UploadField';
import {
  changeGuarantee,
  fetchUnitInfo,
  MSG_REASON_REQUIRED,
  MSG_REASON_TOO_LONG,
  REASON_MAX,
  saveLeaders,
  type FixedRole,
  type GuaranteeChangeView,
  type GuaranteeView,
  type UnitInfoData,
} from '../service';
import { guaranteeRules, leaderRules, leadersOf } from './unitFields';

const DAY = 'YYYY-MM-DD';
const show = (text: string | null | undefined) => (text ? text : '—');

/** "12.5万元 · 银行保函 · 2026-01-01 至 2027-12-31" */
export function guaranteeSummary(view: GuaranteeView): string {
  const parts = [view.paytype_label || view.paytype];
  if (view.desposit) parts.push(`${view.desposit}万元`);
  if (view.startdate || view.enddate) parts.push(`${view.startdate} 至 ${view.enddate}`);
  return parts.join(' · ');
}

function GuaranteeCell({ view }: { view: GuaranteeView }) {
  return (
    <Space orientation="vertical" size={4}>
      {guaranteeSummary(view)}
      {view.guaranteepath && <FileList urls={[view.guaranteepath]} />}
    </Space>
  );
}

const reasonRule: FormRule = {
  required: true,
  validator: (_rule, value: string | undefined) => {
    const text = (value ?? '').trim();
    if (!text) return Promise.reject(new Error(MSG_REASON_REQUIRED));
    if ([...text].length > REASON_MAX) return Promise.reject(new Error(MSG_REASON_TOO_LONG));
    return Promise.resolve();
  },
};

interface LeaderValues {
  projectLeader: string;
  projectLeaderPhone: string;
  projectLeaderIdNumber: string;
  laborLeader?: string;
  laborLeaderPhone?: string;
  laborLeaderIdNumber?: string;
  sitemanager?: string;
  sitemanagerphone?: string;
  sitemanagerIdNumber?: string;
}

function LeadersDialog({ data, open, onClose, onSaved }: { data: UnitInfoData; open: boolean; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<LeaderValues>();
  const { saving, submit } = useFormSubmit(form);
  const save = () =>
    submit(
      async (values) => {
        await saveLeaders({ type: data.role, ...values });
        onSaved();
      },
      { success: '操作成功!' },
    );
  return (
    <Modal title="修改负责人" open={open} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} width={640} destroyOnHidden okButtonProps={{ 'data-testid': 'leaders-save' }}>
      <Form<LeaderValues> form={form} layout="vertical" initialValues={data.form} preserve={false}>
        {leadersOf(data.role).map(({ name, phone, idNumber, label }) => (
          <Space key={name} align="start" wrap>
            <Form.Item label={label} name={name} rules={leaderRules.name()}>
              <Input maxLength={50} data-testid={`leader-${name}`} />
            </Form.Item>
            <Form.Item label="电话" name={phone} rules={leaderRules.phone()}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item label="身份证号" name={idNumber} rules={leaderRules.idNumber()}>
              <Input maxLength={18} />
            </Form.Item>
          </Space>
        ))}
      </Form>
    </Modal>
  );
}

interface GuaranteeValues {
  paytype: string;
  desposit: string;
  dateArr: [Dayjs, Dayjs] | null;
  guaranteepath: string[];
  reason: string;
}

function GuaranteeDialog({ data, open, onClose, onSaved }: { data: UnitInfoData; open: boolean; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<GuaranteeValues>();
  const { saving, submit } = useFormSubmit(form);
  const rules = guaranteeRules(data.role);
  const save = () =>
    submit(
      async (values) => {
        const [start, end] = values.dateArr ?? [null, null];
        const reply = await changeGuarantee({
          type: data.role,
          paytype: values.paytype,
          desposit: values.desposit ?? '',
          guaranteepath: values.guaranteepath?.[0] ?? '',
          startdate: start ? start.format(DAY) : '',
          enddate: end ? end.format(DAY) : '',
          reason: values.reason,
        });
        if (reply.depositWarning) message.warning(`保证金金额超过上限（${data.desposittop_display}）`);
        onSaved();
      },
      { success: '变更已提交，已通知监管部门' },
    );
  const { startdate, enddate } = data.form;
  const initial: Partial<GuaranteeValues> = {
    paytype: data.form.paytype,
    desposit: data.form.desposit,
    dateArr: startdate && enddate ? [dayjs(startdate, DAY), dayjs(enddate, DAY)] : null,
    guaranteepath: data.form.guaranteepath ? [data.form.guaranteepath] : [],
  };
  return (
    <Modal title="变更工资保证金" open={open} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} width={600} destroyOnHidden okButtonProps={{ 'data-testid': 'guarantee-save' }}>
      <Form<GuaranteeValues> form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item label="缴纳方式" name="paytype" rules={rules.paytype}>
          <Select options={data.depositmethod} data-testid="guarantee-paytype" />
        </Form.Item>
        <Form.Item label="保证金金额" name="desposit" rules={rules.desposit} extra={`上限${data.desposittop_display}`}>
          <Input maxLength={11} suffix="万元" data-testid="guarantee-deposit" />
        </Form.Item>
        <Form.Item
          label="保函有效期"
          name="dateArr"
          rules={rules.dateArr}
        >
          <DatePicker.RangePicker style={{ width: '100%' }} placeholder={['开始日期', '结束日期']} />
        </Form.Item>
        <Form.Item
          label="保函文件"
          name="guaranteepath"
          rules={rules.guaranteepath}
        >
          <UploadField kind="guarantee" data-testid="guarantee-file" />
        </Form.Item>
        <Form.Item label="变更原因" name="reason" rules={[reasonRule]}>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount data-testid="guarantee-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const changeColumns: TableColumnsType<GuaranteeChangeView> = [
  { title: '变更时间', dataIndex: 'created_time', key: 'created_time', width: 170 },
  { title: '变更前', key: 'before', render: (_, row) => <GuaranteeCell view={row.before} /> },
  { title: '变更后', key: 'after', render: (_, row) => <GuaranteeCell view={row.after} /> },
  { title: '变更原因', dataIndex: 'reason', key: 'reason' },
  { title: '操作人', dataIndex: 'account_name', key: 'account_name', width: 100 },
  {
    title: '监管部门',
    key: 'is_read',
    width: 100,
    render: (_, row) => (row.is_read ? <Tag color="success">已阅</Tag> : <Tag color="warning">未阅</Tag>),
  },
];

export default function UnitInfo({ role }: { role: FixedRole }) {
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: ['company', 'info', role], queryFn: () => fetchUnitInfo(role) });
  const [dialog, setDialog] = useState<'leaders' | 'guarantee' | null>(null);
  const title = role === 'builder' ? '建设单位信息' : '施工单位信息';

  if (info.isError) {
    return (
      <Card title={title} variant="borderless">
        <Alert type="error" showIcon title={info.error instanceof ApiError ? info.error.message : '加载失败'} />
      </Card>
    );
  }
  const data = info.data;
  const saved = () => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: ['company'] });
  };
  const f = data?.form;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid={`unit-info-${role}`}>
      <Card title={title} variant="borderless" loading={info.isLoading}>
        {f && data && (
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
            <Descriptions.Item label="单位名称">{f.Name}</Descriptions.Item>
            <Descriptions.Item label="统一社会信用代码">{f.SocialCreditCode}</Descriptions.Item>
            <Descriptions.Item label="单位类型">{data.company_type.find((o) => o.value === f.ProvinceCompanyType)?.label ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="注册日期">{show(f.RegisterDate)}</Descriptions.Item>
            <Descriptions.Item label="注册地址">{show(f.RegisteredAddress)}</Descriptions.Item>
            <Descriptions.Item label="办公地址">{show(f.OfficeAddress)}</Descriptions.Item>
            <Descriptions.Item label="法定代表人">{show(f.LegalPerson)}</Descriptions.Item>
            <Descriptions.Item label="法定代表人电话">{show(f.LegalPersonPhone)}</Descriptions.Item>
          </Descriptions>
        )}
        {data?.locked && <Alert style={{ marginTop: 12 }} type="info" showIcon title="单位信息已登记锁定，不可修改；负责人可以修改" />}
      </Card>
      <Card
        title="负责人"
        variant="borderless"
        loading={info.isLoading}
        extra={
          canWrite && (
            <Button onClick={() => setDialog('leaders')} disabled={!data} data-testid="leaders-edit">
              修改负责人
            </Button>
          )
        }
      >
        {f && (
          <Descriptions column={{ xs: 1, md: 3 }} size="small" data-testid="unit-leaders">
            <Descriptions.Item label="项目负责人">{show(f.projectLeader)}</Descriptions.Item>
            <Descriptions.Item label="电话">{show(f.projectLeaderPhone)}</Descriptions.Item>
            <Descriptions.Item label="身份证号">{show(f.projectLeaderIdNumber)}</Descriptions.Item>
            {role === 'contractor' && (
              <>
                <Descriptions.Item label="劳资专管员">{show(f.laborLeader)}</Descriptions.Item>
                <Descriptions.Item label="电话">{show(f.laborLeaderPhone)}</Descriptions.Item>
                <Descriptions.Item label="身份证号">{show(f.laborLeaderIdNumber)}</Descriptions.Item>
                <Descriptions.Item label="现场负责人">{show(f.sitemanager)}</Descriptions.Item>
                <Descriptions.Item label="电话">{show(f.sitemanagerphone)}</Descriptions.Item>
                <Descriptions.Item label="身份证号">{show(f.sitemanagerIdNumber)}</Descriptions.Item>
              </>
            )}
          </Descriptions>
        )}
      </Card>
      <Card
        title="工资保证金"
        variant="borderless"
        loading={info.isLoading}
        extra={
          canWrite && (
            <Button type="primary" onClick={() => setDialog('guarantee')} disabled={!data} data-testid="guarantee-change">
              变更保证金
            </Button>
          )
        }
      >
        {f && data && (
          <Descriptions column={{ xs: 1, md: 2 }} size="small" data-testid="unit-guarantee">
            <Descriptions.Item label="缴纳方式">{data.depositmethod.find((o) => o.value === f.paytype)?.label ?? f.paytype}</Descriptions.Item>
            <Descriptions.Item label="保证金金额">
              {f.desposit ? `${f.desposit}万元` : '—'}（上限{data.desposittop_display}）
            </Descriptions.Item>
            <Descriptions.Item label="保函有效期">{f.startdate ? `${f.startdate} 至 ${f.enddate}` : '—'}</Descriptions.Item>
            <Descriptions.Item label="保函文件">
              <FileList urls={f.guaranteepath ? [f.guaranteepath] : []} testId="guarantee-file-shown" />
            </Descriptions.Item>
          </Descriptions>
        )}
        <Table<GuaranteeChangeView>
          style={{ marginTop: 16 }}
          rowKey="id"
          size="small"
          title={() => '变更记录'}
          columns={changeColumns}
          dataSource={data?.guarantee_changes ?? []}
          pagination={false}
          data-testid="guarantee-changes"
        />
      </Card>
      {data && dialog === 'leaders' && <LeadersDialog data={data} open onClose={() => setDialog(null)} onSaved={saved} />}
      {data && dialog === 'guarantee' && <GuaranteeDialog data={data} open onClose={() => setDialog(null)} onSaved={saved} />}
    </Space>
  );
}
