/**
 * `/w`: the worker's home — his name, and every project he has been on (newest first; the one a QR code named
 * with `?project=` on top): unit, team, work type, entry and exit, his wage standard and its changes; links to
 * his attendance and wages.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Skeleton, Tag } from 'antd';
import { AlertOutlined, CalendarOutlined, FileSearchOutlined, NotificationOutlined, RightOutlined, WalletOutlined } from '@ant-design/icons';
import { workerLogout } from '@/api/session';
import { useWorkerSession } from '@/store/workerSession';
import { rmb } from '@/utils/money';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { fetchMyInfo, type MyProject, type MyRate } from './service';

const rateText = (rate: MyRate) => `${rmb(rate.wage)}/${rate.wageKind === 'month' ? '月' : '日'}`;

/** The standards newest first; the first one already in force is the current one. */
function ratesOf(project: MyProject, today: string) {
  const rates = [...project.rates].sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
  const current = rates.find((rate) => rate.effectiveFrom <= today) ?? rates[rates.length - 1];
  return { rates, current };
}

function ProjectCard({ project, named }: { project: MyProject; named: boolean }) {
  const navigate = useNavigate();
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const { rates, current } = ratesOf(project, today);
  const onSite = project.lines.some((line) => line.onSite);
  return (
    <section className="w-card" data-testid={`my-project-${project.projectId}`}>
      <h2 className="w-card-title">
        {project.projectName} {onSite ? <Tag color="green">在场</Tag> : <Tag>已退场</Tag>}
        {named && <Tag color="blue">本项目</Tag>}
      </h2>
      {project.lines.map((line, index) => (
        <div key={`${line.unitName}-${line.entryDate}-${index}`} style={{ borderTop: index ? '1px dashed #e5e6eb' : undefined, paddingTop: index ? 6 : 0 }}>
          <div className="w-row">
            <span>单位</span>
            <span>{line.unitName}</span>
          </div>
          <div className="w-row">
            <span>班组 · 工种</span>
            <span>
              {line.teamName || '—'} · {line.workType || '—'}
            </span>
          </div>
          <div className="w-row">
            <span>进场 / 退场</span>
            <span data-testid="my-project-dates">
              {line.entryDate} 至 {line.exitDate || (line.onSite ? '今' : '—')}
            </span>
          </div>
        </div>
      ))}
      {current && (
        <div className="w-row">
          <span>工资标准</span>
          <b className="w-money" data-testid="my-project-rate">
            {rateText(current)}
          </b>
        </div>
      )}
      {rates.length > 1 && (
        <div className="w-muted" data-testid="my-project-rate-changes">
          {rates.map((rate) => (
            <div key={`${rate.effectiveFrom}-${rate.wage}`}>
              {rate.effectiveFrom} 起 {rateText(rate)}
              {rate === current ? '（现行）' : ''}
            </div>
          ))}
        </div>
      )}
      <Button block style={{ marginTop: 10 }} icon={<CalendarOutlined />} onClick={() => navigate(`/w/attendance?project=${project.projectId}`)}>
        本项目考勤
      </Button>
    </section>
  );
}

export default function MyHome() {
  const navigate = useNavigate();
  const { projectId, clear } = useWorkerSession();
  const info = useQuery({ queryKey: ['mine', 'info'], queryFn: fetchMyInfo });
  const leaving = useFormSubmit();
  const logout = () =>
    leaving.run(async () => {
      // The session ends here whatever the server answers: a dead one is already gone.
      await workerLogout().catch(() => undefined);
      // Leaving first: without a session this page would send him to the login with itself to come back to.
      navigate('/w/login', { replace: true });
      clear();
    });

  if (info.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (info.isError)
    return (
      <Alert type="error" showIcon title={info.error.message} action={<Button onClick={() => void info.refetch()}>重试</Button>} />
    );
  const me = info.data;
  // The project a QR code named comes first; the others keep the server's order (newest first).
  const projects = [...me.projects].sort((a, b) => Number(b.projectId === projectId) - Number(a.projectId === projectId));
  return (
    <div data-testid="my-home">
      <section className="w-card">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <h2 className="w-card-title" style={{ margin: 0, fontSize: 22 }} data-testid="my-name">
            {me.name}
          </h2>
          <Button onClick={() => void logout()} loading={leaving.saving} data-testid="worker-logout">
            退出登录
          </Button>
        </div>
        <div className="w-row">
          <span>身份证号</span>
          <span>{me.idNumber}</span>
        </div>
        <div className="w-row">
          <span>登记手机</span>
          <span>{me.phone || '—'}</span>
        </div>
      </section>
      <button type="button" className="w-link" onClick={() => navigate('/w/wages')} data-testid="my-link-wages">
        <span>
          <WalletOutlined /> 我的工资 · 工资条 · 确认工资
        </span>
        <RightOutlined />
      </button>
      <button type="button" className="w-link" onClick={() => navigate('/w/attendance')} data-testid="my-link-attendance">
        <span>
          <CalendarOutlined /> 我的考勤
        </span>
        <RightOutlined />
      </button>
      {/* Speaking up (pages/clue/mine) and the site's board (pages/project/mine), with the project a QR code named. */}
      <button type="button" className="w-link" onClick={() => navigate(`/w/report${projectId !== null ? `?project=${projectId}` : ''}`)} data-testid="my-link-report">
        <span>
          <AlertOutlined /> 反映欠薪
        </span>
        <RightOutlined />
      </button>
      <button type="button" className="w-link" onClick={() => navigate('/w/leads')} data-testid="my-link-leads">
        <span>
          <FileSearchOutlined /> 我的欠薪线索
        </span>
        <RightOutlined />
      </button>
      <button type="button" className="w-link" onClick={() => navigate(`/w/board${projectId !== null ? `?project=${projectId}` : ''}`)} data-testid="my-link-board">
        <span>
          <NotificationOutlined /> 维权信息告示牌 · 劳资专管员电话
        </span>
        <RightOutlined />
      </button>
      {projects.length === 0 ? (
        <Alert type="info" showIcon title="花名册上暂无您的项目记录" />
      ) : (
        projects.map((project) => <ProjectCard key={project.projectId} project={project} named={project.projectId === projectId} />)
      )}
      <p className="w-muted" style={{ textAlign: 'center' }}>
        工资被拖欠或对工资有疑问，可在工资条上提出异议，也可拨打劳动保障监察电话 12333
      </p>
    </div>
  );
}
