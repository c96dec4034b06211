/**
 * `/w/board?project=<id>`: the 维权信息告示牌 of a site on the worker's phone (国令724 art. 34) — the parties, the
 * 劳资专管员 and the complaint lines as numbers to tap and call, the minimum wage and the pay day. Readable without
 * a login when the project is given (the QR code on the printed board); otherwise the project of `/w?project=`,
 * else his newest project on the roster.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Select, Skeleton } from 'antd';
import { AlertOutlined, FileSearchOutlined, LoginOutlined, PhoneOutlined } from '@ant-design/icons';
import { projectParam, useWorkerSession, workerLoginPath } from '@/store/workerSession';
import { MY_INFO_KEY, callable, fetchMyInfo, fetchSiteBoard, siteBoardKey, telHref, type SiteBoard, type SiteUnit } from './service';
import './board.css';

function CallButton({ phone, label, primary, testId }: { phone: string; label?: string; primary?: boolean; testId?: string }) {
  return (
    <Button block type={primary ? 'primary' : 'default'} href={telHref(phone)} icon={<PhoneOutlined />} data-testid={testId} style={{ marginTop: 8 }}>
      {label ? `${label} ${phone}` : phone}
    </Button>
  );
}

function Unit({ unit, role }: { unit: SiteUnit | null | undefined; role: string }) {
  return (
    <div className="w-board-unit" data-testid="board-unit">
      <div className="w-muted">{unit?.role || role}</div>
      <b>{unit?.name || '（未登记）'}</b>
      {unit?.leader && <div>负责人：{unit.leader}</div>}
      {callable(unit?.leaderPhone) && <CallButton phone={unit.leaderPhone} />}
    </div>
  );
}

function BoardView({ board, projectId, signedIn }: { board: SiteBoard; projectId: number; signedIn: boolean }) {
  const navigate = useNavigate();
  return (
    <>
      <section className="w-card" data-testid="board-project">
        <h2 className="w-card-title" data-testid="board-project-name">
          {board.projectName}
        </h2>
        <div className="w-row">
          <span>项目地址</span>
          <span>{board.address || '—'}</span>
        </div>
        <div className="w-row">
          <span>合同工期</span>
          <span>
            {board.startTime || '—'} 至 {board.completionDate || '—'}
          </span>
        </div>
      </section>

      <section className="w-card" data-testid="board-clerks">
        <h2 className="w-card-title">劳资专管员</h2>
        <p className="w-muted" style={{ margin: 0 }}>
          考勤、工资有疑问，先找劳资专管员核对。
        </p>
        {board.labourClerks.length === 0 && <p className="w-muted">暂未登记</p>}
        {board.labourClerks.map((person, index) => (
          <div key={`${person.name}-${index}`} className="w-board-unit" data-testid="board-clerk">
            <b>{person.name}</b> <span className="w-muted">{person.unit}</span>
            {callable(person.phone) && <CallButton phone={person.phone} label="拨打" primary testId="board-clerk-call" />}
          </div>
        ))}
      </section>

      <section className="w-card" data-testid="board-pay">
        <h2 className="w-card-title">工资支付</h2>
        <div className="w-row">
          <span>当地月最低工资</span>
          <b className="w-money">¥{board.minimumMonthlyWage}</b>
        </div>
        <div className="w-row">
          <span>小时最低工资</span>
          <b className="w-money">¥{board.minimumHourlyWage}</b>
        </div>
        <div className="w-row">
          <span>工资支付日期</span>
          <b data-testid="board-pay-day">{board.payDay}</b>
        </div>
        <p className="w-muted" style={{ margin: '6px 0 0' }}>
          工资由施工总承包单位通过农民工工资专用账户直接发放至本人银行卡。
        </p>
      </section>

      <section className="w-card" data-testid="board-complaint">
        <h2 className="w-card-title">投诉举报</h2>
        <div className="w-row">
          <span>劳动保障监察</span>
          <span>{board.regulatorName || '—'}</span>
        </div>
        {callable(board.regulatorPhone) && <CallButton phone={board.regulatorPhone} label="监察电话" testId="board-regulator-call" />}
        {callable(board.complaintHotline) && (
          <Button block danger type="primary" href={telHref(board.complaintHotline)} icon={<AlertOutlined />} style={{ marginTop: 8 }} data-testid="board-hotline-call">
            欠薪投诉热线 {board.complaintHotline}
          </Button>
        )}
      </section>

      <section className="w-card" data-testid="board-units">
        <h2 className="w-card-title">参建单位</h2>
        <Unit unit={board.builder} role="建设单位" />
        <Unit unit={board.contractor} role="施工总承包单位" />
        {board.subcontractors.map((unit, index) => (
          <Unit key={`${unit.name}-${index}`} unit={unit} role={unit.role} />
        ))}
      </section>

      <div className="w-no-print">
        {signedIn ? (
          <>
            <Button type="primary" block size="large" icon={<AlertOutlined />} onClick={() => navigate(`/w/report?project=${projectId}`)} data-testid="board-report">
              反映欠薪
            </Button>
            <Button block size="large" icon={<FileSearchOutlined />} onClick={() => navigate('/w/leads')} style={{ marginTop: 10 }} data-testid="board-leads">
              我反映的欠薪线索
            </Button>
            <Button block size="large" onClick={() => navigate('/w')} style={{ marginTop: 10 }} data-testid="board-home">
              返回我的信息
            </Button>
          </>
        ) : (
          <>
            <Button type="primary" block size="large" icon={<LoginOutlined />} onClick={() => navigate(workerLoginPath(projectId))} data-testid="board-login">
              登录查看本人考勤工资
            </Button>
            <p style={{ textAlign: 'center', margin: '12px 0' }}>
              <Link to={`/clue?projectId=${projectId}`} className="w-board-anonymous" data-testid="board-anonymous">
                没有登记手机？匿名反映欠薪
              </Link>
            </p>
          </>
        )}
      </div>
      <p className="w-muted" style={{ textAlign: 'center' }}>
        依据《保障农民工工资支付条例》设置 · {board.generatedDate}
      </p>
    </>
  );
}

export default function Board() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token, projectId: named } = useWorkerSession();
  const signedIn = Boolean(token);
  const info = useQuery({ queryKey: MY_INFO_KEY, queryFn: fetchMyInfo, enabled: signedIn });
  const mine = info.data?.projects ?? [];
  const projectId = projectParam(params.get('project')) ?? named ?? mine[0]?.projectId ?? null;
  const board = useQuery({
    queryKey: siteBoardKey(projectId),
    queryFn: () => fetchSiteBoard(projectId ?? 0),
    enabled: projectId !== null,
  });

  // Without a project only his roster can name one: that takes a login.
  if (projectId === null && !signedIn) return <Navigate to={workerLoginPath(null, '/w/board')} replace />;
  if (projectId === null) {
    if (info.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (info.isError) return <Alert type="error" showIcon title={info.error.message} />;
    return <Alert type="info" showIcon title="花名册上暂无您的项目记录" data-testid="board-no-project" />;
  }
  return (
    <div data-testid="worker-board">
      {mine.length > 1 && (
        <Select
          className="w-no-print"
          value={projectId}
          onChange={(id: number) => navigate(`/w/board?project=${id}`, { replace: true })}
          options={mine.map((project) => ({ value: project.projectId, label: project.projectName }))}
          style={{ width: '100%', marginBottom: 12 }}
          aria-label="选择项目"
          data-testid="board-project-select"
        />
      )}
      {board.isPending && <Skeleton active paragraph={{ rows: 10 }} />}
      {board.isError && (
        <Alert
          type="error"
          showIcon
          title="未找到该项目的维权信息告示牌"
          description={board.error.message}
          action={<Button onClick={() => void board.refetch()}>重试</Button>}
          data-testid="board-error"
        />
      )}
      {board.data && <BoardView board={board.data} projectId={projectId} signedIn={signedIn} />}
    </div>
  );
}
