/**
 * 专项账户 → 专户信息 (special/information): the special wage account as registered, its balance (the sum of
 * its flows) with money in and out, its 代发方式 (the clerk switches it) and 专户对账 state, and the builder's
 * and the general contractor's wage guarantee.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Modal, Radio, Space, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import FileList from '@/components/upload/FileList';
import { useCanWrite } from '@/store/session';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { PAYOUT_MODES, reconciliationState } from './labels';
import { fetchInformation, savePayoutMode, type PayoutMode, type SpecialGuarantee } from './service';

const files = (urls: string[]) => <FileList urls={urls} />;

const STATE_COLOR: Record<string, string> = { 有效: 'green', 已过期: 'red', 未填写: 'default' };

const modeOf = (mode: string) => PAYOUT_MODES.find((option) => option.value === mode) ?? PAYOUT_MODES[0];

/** 代发方式: the clerk switches it after confirming; others read it. */
function PayoutModeField({ mode }: { mode: string }) {
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const { saving, run } = useFormSubmit();
  const [modal, modalHolder] = Modal.useModal();
  const current = modeOf(mode);
  const change = (next: PayoutMode) =>
    void modal.confirm({
      title: `将代发方式改为“${modeOf(next).label}”？`,
      content: `${modeOf(next).hint}。已审核通过的工资单仍按原方式办理。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        run(
          async () => {
            await savePayoutMode(next);
            await queryClient.invalidateQueries({ queryKey: ['special'] });
          },
          { success: '代发方式已保存' },
        ),
    });
  return (
    <Space direction="vertical" size={4}>
      {canWrite ? (
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={current.value}
          disabled={saving}
          onChange={(event) => change(event.target.value as PayoutMode)}
          options={PAYOUT_MODES.map(({ value, label }) => ({ value, label }))}
          data-testid="information-payout-mode"
        />
      ) : (
        <Tag data-testid="information-payout-mode">{current.label}</Tag>
      )}
      <Typography.Text type="secondary">{current.hint}</Typography.Text>
      {modalHolder}
    </Space>
  );
}

export default function Information() {
  const navigate = useNavigate();
  const info = useQuery({ queryKey: ['special', 'information'], queryFn: fetchInformation });
  const data = info.data;
  const account = data?.accountForm;
  const reconciliation = reconciliationState(data?.reconciliation ?? 'none');

  const guaranteeColumns: TableColumnsType<SpecialGuarantee> = [
    { title: '单位', key: 'unit', render: (_, row) => `${row.roleLabel}：${row.companyName}` },
    { title: '缴纳方式', dataIndex: 'paytypeLabel', key: 'paytypeLabel', width: 140 },
    { title: '金额(万元)', dataIndex: 'desposit', key: 'desposit', width: 120, render: (value: string) => value || '—' },
    {
      title: '有效期',
      key: 'dates',
      width: 230,
      render: (_, row) => (row.startdate || row.enddate ? `${row.startdate || '—'} 至 ${row.enddate || '—'}` : '—'),
    },
    { title: '状态', dataIndex: 'state', key: 'state', width: 90, render: (state: string) => <Tag color={STATE_COLOR[state]}>{state}</Tag> },
    { title: '保函/凭证', key: 'file', width: 110, render: (_, row) => (row.guaranteepath ? files([row.guaranteepath]) : '—') },
  ];

  return (
    <div className="stack" data-testid="information-page">
      {info.isError && <Alert type="error" showIcon title={info.error.message} />}
      <Card title="专户余额" variant="borderless" loading={info.isLoading}>
        <Space size={64} wrap>
          <Statistic title="当前余额(元)" value={data?.balance ?? '—'} data-testid="information-balance" />
          <Statistic title="累计收入(元)" value={data?.totalIn ?? '—'} />
          <Statistic title="累计支出(元)" value={data?.totalOut ?? '—'} />
        </Space>
      </Card>
      <Card title="代发与对账" variant="borderless" loading={info.isLoading}>
        {data && (
          <Descriptions column={2} bordered size="middle">
            <Descriptions.Item label="代发方式">
              <PayoutModeField mode={data.payoutMode} />
            </Descriptions.Item>
            <Descriptions.Item label="专户对账">
              <Space>
                <Tag color={reconciliation.color} data-testid="information-reconciliation">{reconciliation.label}</Tag>
                <Button type="link" size="small" onClick={() => navigate('/special/reconciliation')} data-testid="information-reconciliation-link">
                  查看对账
                </Button>
              </Space>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card
        title="专户信息"
        variant="borderless"
        loading={info.isLoading}
        extra={data && <Tag color={data.openStatusLabel === '已开户' ? 'green' : 'orange'}>{data.openStatusLabel}</Tag>}
      >
        {account && (
          <Descriptions column={2} bordered size="middle">
            <Descriptions.Item label="项目名称" span={2}>
              {data?.projectname}
            </Descriptions.Item>
            <Descriptions.Item label="专户账号">{account.BankAccount || '—'}</Descriptions.Item>
            <Descriptions.Item label="账户名称">{account.AccountName || '—'}</Descriptions.Item>
            <Descriptions.Item label="开户银行">{data?.bankName || '—'}</Descriptions.Item>
            <Descriptions.Item label="开户网点">{data?.branchName || '—'}</Descriptions.Item>
            <Descriptions.Item label="开户日期">{account.OpenTime || '—'}</Descriptions.Item>
            <Descriptions.Item label="银行验证">
              {account.AccountStatus === '1' ? <Tag color="green">已验证</Tag> : <Tag>未验证</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="开户主体类型">{data?.openCompanyTypeLabel || '—'}</Descriptions.Item>
            <Descriptions.Item label="开户主体名称">{account.OpenCompanyName || '—'}</Descriptions.Item>
            <Descriptions.Item label="统一社会信用代码" span={2}>
              {account.SocialCreditCode || '—'}
            </Descriptions.Item>
            {account.banktype === '2' && (
              <>
                <Descriptions.Item label="联系人">{account.AdminName || '—'}</Descriptions.Item>
                <Descriptions.Item label="联系电话">{account.AdminPhone || '—'}</Descriptions.Item>
                <Descriptions.Item label="预约开户日期" span={2}>
                  {account.AppointMent || '—'}
                </Descriptions.Item>
              </>
            )}
            <Descriptions.Item label="开户凭证">{files(account.Recurl)}</Descriptions.Item>
            <Descriptions.Item label="三方监管协议">{account.isvirtual === '1' ? '虚拟子账户，无需上传' : files(account.Agreementurl)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title="工资保证金" variant="borderless" loading={info.isLoading}>
        <Table<SpecialGuarantee>
          rowKey="role"
          size="middle"
          pagination={false}
          columns={guaranteeColumns}
          dataSource={data?.guarantees ?? []}
          locale={{ emptyText: '暂无保证金信息' }}
        />
      </Card>
    </div>
  );
}
