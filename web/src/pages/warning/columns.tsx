/** What 预警信息 and 预警监管 share: the level and the state as coloured tags, and the worker a warning is about. */
import { Tag, type TableColumnType } from 'antd';
import { Link } from 'react-router';
import { useProjectInView } from '@/store/projectInView';
import { useSession } from '@/store/session';
import { levelColor, type WarningItem } from './service';

export const levelColumn = (width: number): TableColumnType<WarningItem> => ({
  title: '级别',
  dataIndex: 'levelLabel',
  width,
  render: (label: string, row) => <Tag color={levelColor(row.level)}>{label}</Tag>,
});

export const statusColumn = (width: number): TableColumnType<WarningItem> => ({
  title: '状态',
  dataIndex: 'statusLabel',
  width,
  render: (label: string, row) => <Tag color={row.status === 'open' ? 'processing' : 'default'}>{label}</Tag>,
});

/**
 * The worker a warning is about, as name（masked ID）, linked to his roster line: the clerk's own roster, a
 * regulator's the roster of the warning's project, which the link puts in view (the shell shows a regulator's
 * project pages only with a project in view), as 注册审核's 花名册 does.
 */
export function WorkerLink({ warning }: { warning: WarningItem }) {
  const isBuilder = useSession((state) => state.roles.includes('builder'));
  const view = useProjectInView((state) => state.view);
  if (!warning.workerName) return <>—</>;
  const label = `${warning.workerName}（${warning.workerIdNumber}）`;
  if (!warning.workerLineId) return <>{label}</>;
  const query = isBuilder ? `?worker=${warning.workerLineId}` : `?projectId=${warning.projectId}&worker=${warning.workerLineId}`;
  return (
    <Link
      to={`/user/list${query}`}
      data-testid={`warning-worker-${warning.id}`}
      onClick={isBuilder ? undefined : () => view({ id: warning.projectId, name: warning.projectName })}
    >
      {label}
    </Link>
  );
}

export const workerColumn = (width: number): TableColumnType<WarningItem> => ({
  title: '涉及工人',
  key: 'worker',
  width,
  render: (_, row) => <WorkerLink warning={row} />,
});
