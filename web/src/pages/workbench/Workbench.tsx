/**
 * 工作台 (/index): the welcome card, then the figures of the account's role, each card a link to the screen
 * that lists and resolves what it counts. A clerk (or a regulator with a project in view) sees the project's
 * cards; a regulator without one its district's. The finance approver's figures head 审批工单.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Row, Space, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useProjectInView } from '@/store/projectInView';
import { useSession } from '@/store/session';
import { groupYuan } from '@/utils/money';
import { fetchDistrictSummary, fetchProjectSummary, type DistrictSummary, type ProjectSummary } from './service';
import './workbench.css';

/** Audit status of the project as the server reports it (docs: '0' draft … '3' rejected). */
const PROJECT_STATUS: Record<string, string> = {
  '0': '未提交',
  '1': '审核中',
  '2': '审核通过',
  '3': '审核驳回',
};

interface FigureCardProps {
  id: string;
  title: string;
  to: string | null;
  children: ReactNode;
  /** Something waits for the user: the card is marked. */
  alert?: boolean;
}

function FigureCard({ id, title, to, children, alert }: FigureCardProps) {
  const navigate = useNavigate();
  const open = to ? () => navigate(to) : undefined;
  return (
    <Col xs={24} sm={12} lg={8} xl={6}>
      <Card
        size="small"
        title={title}
        hoverable={Boolean(to)}
        className={alert ? 'workbench-card workbench-card-alert' : 'workbench-card'}
        data-testid={`workbench-${id}`}
        onClick={open}
        role={to ? 'link' : undefined}
      >
        <div className="workbench-figure">{children}</div>
      </Card>
    </Col>
  );
}

function Levels({ red, orange, yellow }: { red: number; orange: number; yellow: number }) {
  return (
    <Space size="middle">
      <span className="workbench-red">红 {red}</span>
      <span className="workbench-orange">橙 {orange}</span>
      <span className="workbench-yellow">黄 {yellow}</span>
    </Space>
  );
}

const GUARANTEE: Record<string, string> = { none: '未提交', valid: '有效', expired: '已过期' };

function guaranteeText({ state, end, daysLeft }: ProjectSummary['guarantee']): string {
  if (state === 'none') return '未提交';
  if (!end || daysLeft == null) return '有效（长期）';
  if (daysLeft < 0) return `已过期 ${-daysLeft} 天（${end}）`;
  return `${end}，剩余 ${daysLeft} 天`;
}

/** `clerk`: the project's own account; the regulator has no notice inbox or lead feedback of the project's. */
export function ProjectCards({ summary, clerk }: { summary: ProjectSummary; clerk: boolean }) {
  const { guarantee, warnings } = summary;
  const open = warnings.red + warnings.orange + warnings.yellow;
  return (
    <Row gutter={[16, 16]}>
      <FigureCard id="onSite" title="在场人数" to="/user/list">{summary.workersOnSite} 人</FigureCard>
      <FigureCard id="attendedToday" title="今日出勤" to="/project/sheets">{summary.attendedToday} 人</FigureCard>
      <FigureCard id="wages" title={`${summary.wageMonth} 工资 应发 / 已发（元）`} to="/special/orderManagement">
        {groupYuan(summary.wagesPayable)} / {groupYuan(summary.wagesPaid)}
      </FigureCard>
      <FigureCard id="balance" title="专户余额（元）" to="/special/information">
        {summary.balance ? groupYuan(summary.balance) : '未开立'}
      </FigureCard>
      <FigureCard id="warnings" title="未关闭预警" to="/message/warn" alert={open > 0}>
        <Levels {...warnings} />
      </FigureCard>
      <FigureCard id="messages" title="未读系统消息" to="/message/system" alert={summary.unreadMessages > 0}>
        {summary.unreadMessages} 条
      </FigureCard>
      <FigureCard id="notices" title="未读通知公告" to={clerk ? '/message/announcement' : null} alert={summary.unreadNotices > 0}>
        {summary.unreadNotices} 条
      </FigureCard>
      <FigureCard id="leads" title="待反馈欠薪线索" to={clerk ? '/remunerationClues/feedbackManagement' : null} alert={summary.leadsAwaitingFeedback > 0}>
        {summary.leadsAwaitingFeedback} 条
      </FigureCard>
      <FigureCard id="ordersPending" title="待审批工资单" to="/special/orderManagement">{summary.ordersPending} 单</FigureCard>
      <FigureCard id="failedLines" title="发放失败待处理" to="/special/abnormal" alert={summary.failedLines > 0}>
        {summary.failedLines} 笔
      </FigureCard>
      <FigureCard id="keyPosts" title="关键岗位" to="/project/projectManagement" alert={summary.keyPostsMissing.length > 0}>
        {summary.keyPostsMissing.length ? `未配备：${summary.keyPostsMissing.join('、')}` : '已配备'}
      </FigureCard>
      <FigureCard
        id="guarantee"
        title={`工资保证金（${GUARANTEE[guarantee.state] ?? ''}）`}
        to="/project/constructInfo"
        alert={guarantee.state !== 'valid' || (guarantee.daysLeft != null && guarantee.daysLeft <= 30)}
      >
        {guaranteeText(guarantee)}
      </FigureCard>
    </Row>
  );
}

export function DistrictCards({ summary, handlesLeads }: { summary: DistrictSummary; handlesLeads: boolean }) {
  const { projects } = summary;
  return (
    <Row gutter={[16, 16]}>
      <FigureCard id="projects" title="项目（审核通过 / 待审核 / 驳回 / 未提交）" to="/regulator/projects">
        {projects.approved} / {projects.submitted} / {projects.rejected} / {projects.draft}
      </FigureCard>
      <FigureCard id="submitted" title="待审核项目" to="/audit/project" alert={projects.submitted > 0}>
        {projects.submitted} 个
      </FigureCard>
      <FigureCard id="warnings" title="未关闭预警" to="/regulator/warnings">
        <Levels {...summary.warnings} />
      </FigureCard>
      <FigureCard id="leadsOverdue" title="逾期未反馈线索" to={handlesLeads ? '/regulator/clues' : null} alert={summary.leadsOverdue > 0}>
        {summary.leadsOverdue} 条
      </FigureCard>
      <FigureCard id="onSite" title="在场人数" to="/regulator/projects">{summary.workersOnSite} 人</FigureCard>
      <FigureCard id="wagesPaid" title={`${summary.wageMonth} 工资已发（元）`} to="/regulator/projects">
        {groupYuan(summary.wagesPaid)}
      </FigureCard>
    </Row>
  );
}

function Figures<T>({ query, render }: { query: { data?: T; error: unknown; isPending: boolean }; render: (data: T) => ReactNode }) {
  if (query.data) return render(query.data);
  if (query.error) return <Alert type="warning" showIcon message={query.error instanceof Error ? query.error.message : '加载失败'} />;
  return <Spin />;
}

function ProjectFigures({ projectId, clerk }: { projectId: number | null; clerk: boolean }) {
  const query = useQuery({ queryKey: ['workbench', 'project', projectId], queryFn: fetchProjectSummary });
  return <Figures query={query} render={(summary) => <ProjectCards summary={summary} clerk={clerk} />} />;
}

function DistrictFigures({ handlesLeads }: { handlesLeads: boolean }) {
  const query = useQuery({ queryKey: ['workbench', 'district'], queryFn: fetchDistrictSummary });
  return <Figures query={query} render={(summary) => <DistrictCards summary={summary} handlesLeads={handlesLeads} />} />;
}

export default function Workbench() {
  const userInfo = useSession((state) => state.userInfo);
  const roles = useSession((state) => state.roles);
  const regulator = useSession((state) => state.regulator);
  const inView = useProjectInView((state) => state.project);
  const isRegulator = roles.includes('admin');
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {userInfo && (
        <Card title={`欢迎您，${userInfo.account}`} data-testid="workbench-welcome">
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
            <Descriptions.Item label="账号">{userInfo.account}</Descriptions.Item>
            <Descriptions.Item label="姓名">{userInfo.name || '—'}</Descriptions.Item>
            <Descriptions.Item label="项目名称">{(isRegulator ? inView?.name : userInfo.projectname) || '—'}</Descriptions.Item>
            <Descriptions.Item label={isRegulator ? '辖区' : '项目状态'}>
              {isRegulator ? regulator?.districtName || '全部' : PROJECT_STATUS[userInfo.status] ?? '—'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      {isRegulator && !inView ? (
        <DistrictFigures handlesLeads={['inspector', 'manager'].includes(regulator?.regulatorRole ?? '')} />
      ) : (
        <ProjectFigures projectId={inView?.id ?? null} clerk={!isRegulator} />
      )}
    </Space>
  );
}
