/**
 * What the pages that keep other people's accounts share (财务角色配置's approvers, 监管账号's regulators): the
 * state tags, disabling / enabling and resetting a password behind a confirmation, and the initial password
 * shown once.
 */
import { useState } from 'react';
import { Alert, Button, Modal, Popconfirm, Space, Tag, Typography, message } from 'antd';
import { MSG_UNKNOWN } from '@/api/client';

/** An account line as the lists answer it: 1 enabled; `isupdate` 1 once the initial password was changed. */
export interface KeptAccount {
  id: number;
  name: string;
  status: number;
  isupdate: number;
}

/**
 * A new initial password: the dialog's title, the login name and either the password, shown once, or the
 * masked phone it was sent to by SMS (approvers: who prepares wages never sees it).
 */
export interface ShownPassword {
  title: string;
  login: string;
  password?: string;
  sentTo?: string;
}

export function AccountStatusTags({ account }: { account: KeptAccount }) {
  return (
    <Space size={4}>
      {account.status === 1 ? <Tag color="green">启用</Tag> : <Tag color="red">停用</Tag>}
      {account.isupdate !== 1 && <Tag color="orange">待改初始密码</Tag>}
    </Space>
  );
}

interface AccountCalls {
  setEnabled: (id: number, enabled: boolean) => Promise<unknown>;
  /** Resets the password and answers the login name and the new initial password or where it was sent. */
  resetPassword: (id: number) => Promise<Omit<ShownPassword, 'title'>>;
  refresh: () => void;
}

/** Disabling / enabling and password resets of the listed accounts, and the password being shown. */
export function useAccountActions({ setEnabled, resetPassword, refresh }: AccountCalls) {
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const fail = (error: unknown) => void message.error(error instanceof Error ? error.message : MSG_UNKNOWN);

  const toggle = async (account: KeptAccount) => {
    try {
      await setEnabled(account.id, account.status !== 1);
      void message.success(account.status === 1 ? '已停用' : '已启用');
      refresh();
    } catch (error) {
      fail(error);
    }
  };

  const reset = async (account: KeptAccount) => {
    try {
      setShown({ title: '密码已重置', ...(await resetPassword(account.id)) });
      refresh();
    } catch (error) {
      fail(error);
    }
  };

  return { shown, show: setShown, close: () => setShown(null), toggle, reset, fail };
}

/** The 停用 / 启用 and 重置密码 links of a line, each behind a confirmation. */
export function AccountLinks({
  account,
  actions,
  testIdOf,
}: {
  account: KeptAccount;
  actions: Pick<ReturnType<typeof useAccountActions>, 'toggle' | 'reset'>;
  /** The link's test id from its kind ('toggle' or 'reset'). */
  testIdOf: (kind: 'toggle' | 'reset') => string;
}) {
  return (
    <>
      <Popconfirm
        title={account.status === 1 ? `停用后 ${account.name} 将无法登录，是否继续？` : `启用 ${account.name}？`}
        onConfirm={() => void actions.toggle(account)}
      >
        <Button type="link" size="small" danger={account.status === 1} data-testid={testIdOf('toggle')}>
          {account.status === 1 ? '停用' : '启用'}
        </Button>
      </Popconfirm>
      <Popconfirm title={`重置 ${account.name} 的密码？原密码将失效。`} onConfirm={() => void actions.reset(account)}>
        <Button type="link" size="small" data-testid={testIdOf('reset')}>
          重置密码
        </Button>
      </Popconfirm>
    </>
  );
}

/** The initial password, shown once with who must be told, or the phone it was sent to. */
export function InitialPasswordModal({
  shown,
  onClose,
  tell,
  testId,
  valueTestId,
}: {
  shown: ShownPassword | null;
  onClose: () => void;
  /** Who is told the password, e.g. 审批人. */
  tell: string;
  testId?: string;
  valueTestId: string;
}) {
  return (
    <Modal
      open={shown !== null}
      title={shown?.title}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText="我已记下"
    >
      <div data-testid={testId}>
        <p>
          登录账号：<Typography.Text strong copyable>{shown?.login}</Typography.Text>
        </p>
        {shown?.sentTo ? (
          <Alert
            type="success"
            showIcon
            data-testid={valueTestId}
            title={`初始密码已通过短信发送至${tell}本人手机 ${shown.sentTo}`}
            description="系统不显示也不保存初始密码；首次登录须修改密码。"
          />
        ) : (
          <>
            <p>
              初始密码：
              <Typography.Text strong copyable data-testid={valueTestId}>
                {shown?.password}
              </Typography.Text>
            </p>
            <Alert type="warning" showIcon title={`初始密码只显示这一次，请告知${tell}；首次登录须修改密码。`} />
          </>
        )}
      </div>
    </Modal>
  );
}
