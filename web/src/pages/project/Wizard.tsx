/**
 * The registration wizard (spec §2 "Registration wizard", §4), shown in place of the shell while the
 * project is unsubmitted or rejected: five steps, starting where the server says (`wizard_step`).
 * Step 1 is the project form, steps 2–3 the builder and construction units (UnitStep), step 4 the special
 * account and the submit (AccountStep); step 5 is the submitted state.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Spin, Steps } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { ApiError, MSG_UNKNOWN } from '@/api/client';
import ChangePasswordDialog from '@/layout/ChangePasswordDialog';
import { useLogout } from '@/layout/useLogout';
import { mustChangePassword, useSession } from '@/store/session';
import BuilderStep from '@/pages/company/components/BuilderStep';
import AccountStep from '@/pages/account/AccountStep';
import ContractorStep from '@/pages/company/components/ContractorStep';
import ProjectStep from './ProjectStep';
import { fetchProjectEdit } from './service';
import '@/components/wizard/wizard.css';

export const STEP_TITLES = ['项目信息', '建设单位信息', '施工单位信息', '专户信息', '提交审核'] as const;
export const PROJECT_EDIT_KEY = ['wizard', 'projectEdit'] as const;
export const REVIEW_WORKING_DAYS = 3;

/** The server's step, kept within 1–5. */
export const clampStep = (step: number | undefined): number => Math.min(5, Math.max(1, Math.trunc(step ?? 1) || 1));

/**
 * Where the wizard opens. Step 5 (submitted) is only shown right after a submit: a draft whose four steps
 * are saved opens on step 4 to submit; a rejected project opens on step 1 to be corrected from the start.
 */
export function openingStep(data: { wizard_step?: number; auditstatus?: string } | undefined): number {
  if (data?.auditstatus === '3') return 1;
  return Math.min(4, clampStep(data?.wizard_step));
}

/** The steps one may jump to: those the server has seen saved (all four once the project was submitted). */
export const reachableStep = (data: { wizard_step?: number } | undefined): number => Math.min(4, clampStep(data?.wizard_step));

function SubmittedStep() {
  return (
    <div data-testid="wizard-step-5">
      <Result
        status="success"
        title="已提交审核"
        subTitle={`项目信息已提交，预计${REVIEW_WORKING_DAYS}个工作日内完成审核，请耐心等待。`}
        extra={
          <Button type="primary" onClick={() => window.location.assign('/index')} data-testid="wizard-enter">
            进入企业平台
          </Button>
        }
      />
    </div>
  );
}

export default function Wizard() {
  const confirmLogout = useLogout();
  const { side, siteConfig, userInfo } = useSession();
  const queryClient = useQueryClient();
  const project = useQuery({ queryKey: PROJECT_EDIT_KEY, queryFn: fetchProjectEdit });
  // null until the first load answers: then the server's step, then the user's moves.
  const [chosen, setChosen] = useState<number | null>(null);
  const step = chosen ?? openingStep(project.data);
  const reachable = reachableStep(project.data);

  const go = (next: number) => {
    setChosen(clampStep(next));
    // Each move reloads what the steps show (spec §4).
    void queryClient.invalidateQueries({ queryKey: ['wizard'] });
  };

  const data = project.data;
  let body;
  if (project.isPending) {
    body = (
      <Spin className="wizard-loading" description="加载中…" size="large">
        <div />
      </Spin>
    );
  } else if (!data) {
    const text = project.error instanceof ApiError ? project.error.message : MSG_UNKNOWN;
    body = (
      <Result
        status="error"
        title="项目信息加载失败"
        subTitle={text}
        extra={<Button onClick={() => void project.refetch()}>重试</Button>}
      />
    );
  } else if (step === 1) {
    body = <ProjectStep key={project.dataUpdatedAt} data={data} onSaved={() => go(2)} />;
  } else if (step === 2) {
    body = <BuilderStep onBack={() => go(1)} onSaved={() => go(3)} />;
  } else if (step === 3) {
    body = <ContractorStep onBack={() => go(2)} onSaved={() => go(4)} />;
  } else if (step === 4) {
    body = <AccountStep onBack={() => go(3)} onSubmitted={() => go(5)} />;
  } else {
    body = <SubmittedStep />;
  }

  return (
    <div className="wizard-page" data-testid="wizard">
      <header className="navbar">
        <span className="navbar-title">{siteConfig?.titleall || siteConfig?.title}</span>
        <span className="navbar-spacer" />
        <Button
          type="text"
          icon={<LogoutOutlined />}
          onClick={confirmLogout}
          className="navbar-text-button"
          data-testid="wizard-logout"
        >
          退出登录
        </Button>
      </header>
      <main className="wizard-main">
        <div className="wizard-card">
          <div className="wizard-heading">
            <h2>项目注册</h2>
            <span className="wizard-project" data-testid="wizard-project">
              {data?.stepForm.Name || userInfo?.projectname || '未填写项目名称'}
            </span>
          </div>
          <Steps
            current={step - 1}
            onChange={(index) => {
              if (step < 5 && index + 1 <= reachable) go(index + 1);
            }}
            items={STEP_TITLES.map((title, index) => ({ title, disabled: step === 5 || index + 1 > reachable }))}
            className="wizard-steps"
            data-testid="wizard-steps"
          />
          {data?.auditstatus === '3' && (
            <Alert
              type="error"
              showIcon
              className="wizard-alert"
              data-testid="wizard-auditremark"
              title={`审核未通过：${data.auditremark || '未填写原因'}`}
              description="请修改后重新提交审核。"
            />
          )}
          {body}
        </div>
      </main>
      <ChangePasswordDialog open={mustChangePassword(side, userInfo)} forced />
    </div>
  );
}
