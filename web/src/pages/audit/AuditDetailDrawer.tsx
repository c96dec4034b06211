import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, type DescriptionsProps, Drawer, Empty, message, Modal, Space, Spin, Typography } from 'antd';
import { ApiError, showApiError } from '@/api/client';
import FileList from '@/components/upload/FileList';
import UnlockCompanyDialog, { type UnlockTarget } from '@/pages/company/components/UnlockCompanyDialog';
import { useRegulatorMay } from '@/store/session';
import { StatusTag } from './status';
import {
  approveProject,
  fetchAuditDetail,
  MSG_APPROVED_OK,
  type AuditDetail,
  type AuditUnit,
} from './service';

interface Props {
  projectId: number | null;
  onClose: () => void;
  onReject: (project: { id: number; name: string }) => void;
  onDecided: () => void;
}

type Items = NonNullable<DescriptionsProps['items']>;

const text = (value: unknown): ReactNode => {
  if (value == null) return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.join(' / ');
  const shown = String(value).trim();
  return shown === '' ? '—' : shown;
};

const urlsOf = (value: string | string[] | undefined | null): string[] =>
  (Array.isArray(value) ? value : (value ?? '').split(',')).map((url) => url.trim()).filter((url) => url !== '');


function Section({ title, items, testId }: { title: string; items: Items | null; testId: string }) {
  return (
    <div data-testid={testId} style={{ marginBottom: 24 }}>
      {items ? (
        <Descriptions title={title} bordered size="small" column={2} items={items} />
      ) : (
        <>
          <Typography.Title level={5}>{title}</Typography.Title>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未填写" />
        </>
      )}
    </div>
  );
}

/** A code shown by the label the server resolved, the code itself when it has none. */
const labelled = (label: string | undefined, code: unknown): ReactNode => (label ? label : text(code));

function projectItems(detail: AuditDetail): Items | null {
  const form = detail.stepForm;
  if (!form) return null;
  const labels = detail.labels;
  return [
    { key: 'Name', label: '项目名称', children: text(form.Name), span: 2 },
    { key: 'ProjectType', label: '项目类型', children: labelled(labels.ProjectType, form.ProjectType) },
    { key: 'MoneySource', label: '资金来源', children: labelled(labels.MoneySource, form.MoneySource) },
    { key: 'DepartmentIndustryId', label: '行业主管部门', children: labelled(labels.DepartmentIndustryId, form.DepartmentIndustryId) },
    { key: 'GcProcess', label: '工程进度', children: labelled(labels.GcProcess, form.GcProcess) },
    { key: 'DistrictCode', label: '管辖划分', children: labelled(labels.DistrictCode, form.DistrictCode) },
    { key: 'selectedOptions', label: '所属区域', children: labelled(labels.selectedOptions, form.region || form.selectedOptions) },
    { key: 'Address', label: '项目地址', children: text(form.Address) },
    { key: 'Latlng', label: '坐标', children: text(form.Latlng) },
    { key: 'ContractPrice', label: '中标合同价格', children: form.ContractPrice ? `${form.ContractPrice} 万元` : '—' },
    { key: 'EndTime', label: '合同工期', children: form.EndTime ? `${form.EndTime} 天` : '—' },
    { key: 'tendertime', label: '招标日期', children: text(form.tendertime) },
    { key: 'winningtime', label: '中标日期', children: text(form.winningtime) },
    { key: 'StartTime', label: '合同开工日期', children: text(form.StartTime) },
    { key: 'completiondate', label: '合同竣工日期', children: text(form.completiondate) },
    { key: 'ProjectDesc', label: '项目概况', children: text(form.ProjectDesc), span: 2 },
  ];
}

/** A person with a phone: `name（phone）`, either part left out when empty. */
const person = (name: string, phone: string): ReactNode => {
  if (!name.trim() && !phone.trim()) return '—';
  return phone.trim() ? `${text(name)}（${phone}）` : name;
};

/** The guarantee's validity: `start 至 end`, '—' when neither was given. */
const validity = (start: string, end: string): ReactNode => (start || end ? `${text(start)} 至 ${text(end)}` : '—');

/** A unit's items; `onUnlock` is left out where the account may not unlock. */
function unitItems(unit: AuditUnit | undefined, onUnlock?: (unit: AuditUnit) => void): Items | null {
  if (!unit) return null;
  const contractor = unit.role === 'contractor';
  return [
    { key: 'name', label: '单位名称', children: text(unit.name), span: 2 },
    { key: 'social_credit_code', label: '统一社会信用代码', children: text(unit.social_credit_code), span: 2 },
    {
      key: 'locked',
      label: '登记信息',
      span: 2,
      children: !unit.company_locked ? (
        '未锁定（项目方可修改）'
      ) : onUnlock ? (
        <Space>
          <span>已锁定</span>
          <Button size="small" data-testid={`audit-unlock-${unit.role}`} onClick={() => onUnlock(unit)}>
            解锁
          </Button>
        </Space>
      ) : (
        '已锁定'
      ),
    },
    { key: 'legal_person', label: '法定代表人', children: person(unit.legal_person, unit.legal_person_phone), span: 2 },
    { key: 'project_leader', label: '项目负责人', children: person(unit.project_leader, unit.project_leader_phone), span: 2 },
    ...(contractor
      ? [
          { key: 'labor_leader', label: '劳资专管员', children: person(unit.labor_leader, unit.labor_leader_phone), span: 2 },
          { key: 'site_manager', label: '现场负责人', children: person(unit.site_manager, unit.site_manager_phone), span: 2 },
        ]
      : []),
    { key: 'pay_type', label: '保证金方式', children: labelled(unit.pay_type_label, unit.pay_type) },
    { key: 'deposit', label: '保证金金额', children: unit.deposit ? `${unit.deposit} 万元` : '—' },
    { key: 'guarantee_dates', label: '保函有效期', children: validity(unit.guarantee_start, unit.guarantee_end), span: 2 },
    { key: 'contract', label: '合同附件', children: <FileList urls={urlsOf(unit.contract_attachments)} />, span: 2 },
    { key: 'guarantee', label: '保函', children: <FileList urls={urlsOf(unit.guarantee_path)} />, span: 2 },
  ];
}

/** The bank's last answer on the account, and whether it was about the account saved. */
function bankCheck(check: AuditDetail['bankCheck']): ReactNode {
  if (!check) return '未验证';
  const other = check.same_account ? '' : '（验证的账号与保存的账号不一致）';
  return `${check.outcome_label}，${check.checked_time}${other}`;
}

function accountItems(detail: AuditDetail): Items | null {
  const { accountForm: account, labels } = detail;
  if (!account) return null;
  if (account.banktype === '2') {
    return [
      { key: 'banktype', label: '开户状态', children: '未开户' },
      { key: 'AppointMent', label: '预约开户日期', children: text(account.AppointMent) },
      { key: 'notopenbankSelected', label: '拟开户银行', children: labelled(labels.bank, account.notopenbankSelected), span: 2 },
      { key: 'AdminName', label: '联系人', children: text(account.AdminName) },
      { key: 'AdminPhone', label: '联系电话', children: text(account.AdminPhone) },
    ];
  }
  return [
    { key: 'banktype', label: '开户状态', children: account.banktype === '1' ? '已开户' : text(account.banktype) },
    {
      key: 'AccountStatus',
      label: '银行验证',
      children: account.AccountStatus === '1' ? '已验证' : '未验证',
    },
    { key: 'bankCheck', label: '验证结果', children: bankCheck(detail.bankCheck) },
    { key: 'BankAccount', label: '专户账号', children: text(account.BankAccount) },
    { key: 'AccountName', label: '户名', children: text(account.AccountName) },
    { key: 'bank', label: '开户银行 / 网点', children: labelled(labels.bank, account.bankSelected), span: 2 },
    { key: 'OpenTime', label: '开户日期', children: text(account.OpenTime) },
    { key: 'isvirtual', label: '虚拟子账户', children: account.isvirtual === '1' ? '是' : '否' },
    { key: 'OpenCompanyType', label: '开户主体类型', children: labelled(labels.OpenCompanyType, account.OpenCompanyType) },
    { key: 'OpenCompanyName', label: '开户主体名称', children: text(account.OpenCompanyName) },
    { key: 'SocialCreditCode', label: '统一社会信用代码', children: text(account.SocialCreditCode), span: 2 },
    { key: 'Recurl', label: '开户凭证', children: <FileList urls={urlsOf(account.Recurl)} />, span: 2 },
    { key: 'Agreementurl', label: '三方监管协议', children: <FileList urls={urlsOf(account.Agreementurl)} />, span: 2 },
  ];
}

/** A project's registration, read-only, with the decision for a submitted one. */
export default function AuditDetailDrawer({ projectId, onClose, onReject, onDecided }: Props) {
  const query = useQuery({
    queryKey: ['audit', 'detail', projectId],
    queryFn: () => fetchAuditDetail(projectId as number),
    enabled: projectId !== null,
  });
  const detail = query.data;
  const project = detail?.project;
  const [unlocking, setUnlocking] = useState<UnlockTarget | null>(null);
  const mayAudit = useRegulatorMay('audit');
  const unlock = (unit: AuditUnit) => {
    if (project) setUnlocking({ companyId: unit.company_id, companyName: unit.name, projectId: project.id });
  };
  const name = project?.name || detail?.stepForm?.Name || '';

  function approve() {
    if (!project) return;
    Modal.confirm({
      title: '审核通过',
      content: `确认通过「${name || '未命名项目'}」的注册审核？通过后项目方即可使用企业平台。`,
      okText: '审核通过',
      okButtonProps: { 'data-testid': 'approve-confirm' },
      cancelText: '取消',
      onOk: async () => {
        try {
          await approveProject(project.id);
          message.success(MSG_APPROVED_OK);
          onDecided();
        } catch (error) {
          showApiError(error);
        }
      },
    });
  }

  const units = detail?.units ?? [];
  const builder = units.find((unit) => unit.role === 'builder');
  const contractor = units.find((unit) => unit.role === 'contractor');
  const attachments = detail?.attachments ?? [];

  const actions =
    project?.status === '1' && mayAudit ? (
      <Space>
        <Button danger data-testid="audit-reject" onClick={() => onReject({ id: project.id, name })}>
          驳回
        </Button>
        <Button type="primary" data-testid="audit-approve" onClick={approve}>
          审核通过
        </Button>
      </Space>
    ) : null;

  return (
    <Drawer
      open={projectId !== null}
      onClose={onClose}
      size={880}
      title={name ? `注册信息：${name}` : '注册信息'}
      extra={actions}
      destroyOnHidden
    >
      <div data-testid="audit-detail">
        {query.isPending && projectId !== null && (
          <div style={{ textAlign: 'center', padding: 48 }}>
            <Spin />
          </div>
        )}
        {query.isError && (
          <Alert
            type="error"
            showIcon
            title={query.error instanceof ApiError ? query.error.message : '加载失败'}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                重试
              </Button>
            }
          />
        )}
        {detail && (
          <>
            <Descriptions
              bordered
              size="small"
              column={2}
              style={{ marginBottom: 24 }}
              items={[
                { key: 'status', label: '审核状态', children: <StatusTag status={project?.status} /> },
                { key: 'submitted', label: '提交时间', children: text(project?.submitted_time) },
                { key: 'decided', label: '审核时间', children: text(project?.decided_time) },
                { key: 'decided_by', label: '审核人', children: text(project?.decided_by) },
                { key: 'step', label: '向导进度', children: project ? `第 ${Math.min(project.wizard_step, 5)} 步` : '—' },
                { key: 'id', label: '项目编号', children: text(project?.id) },
                ...(project?.auditremark
                  ? [{ key: 'remark', label: '驳回原因', children: project.auditremark, span: 2 }]
                  : []),
              ]}
            />
            <Section title="第一步 项目信息" testId="audit-section-project" items={projectItems(detail)} />
            <Section title="第二步 建设单位" testId="audit-section-builder" items={unitItems(builder, mayAudit ? unlock : undefined)} />
            <Section title="第三步 施工单位" testId="audit-section-contractor" items={unitItems(contractor, mayAudit ? unlock : undefined)} />
            <Section title="第四步 专户信息" testId="audit-section-account" items={accountItems(detail)} />
            <div data-testid="audit-section-attachments">
              <Typography.Title level={5}>全部附件（{attachments.length}）</Typography.Title>
              {attachments.length > 0 ? (
                <FileList urls={attachments} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无附件" />
              )}
            </div>
          </>
        )}
      </div>
      <UnlockCompanyDialog
        target={unlocking}
        onClose={() => setUnlocking(null)}
        onUnlocked={() => {
          setUnlocking(null);
          void query.refetch();
        }}
      />
    </Drawer>
  );
}
