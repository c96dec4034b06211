/**
 * `/w/wages`: every wage line of the worker, newest first — project, month, days, net, state, paid date — each
 * opening its pay slip; 加载更多 for older months (a phone list, not the console's paged table).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Empty, Skeleton, Tag } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { rmb } from '@/utils/money';
import { lineState } from './labels';
import { fetchMyWages, type MyWageLine } from './service';

const LIMIT = 12;

export default function MyWages() {
  const navigate = useNavigate();
  const lines = useInfiniteQuery({
    queryKey: ['mine', 'wages'],
    queryFn: ({ pageParam }) => fetchMyWages(pageParam, LIMIT),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
  if (lines.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (lines.isError)
    return <Alert type="error" showIcon title={lines.error.message} action={<Button onClick={() => void lines.refetch()}>重试</Button>} />;
  const list = lines.data.pages.flatMap((page) => page.list);
  if (list.length === 0) return <Empty description="暂无工资记录" style={{ marginTop: 48 }} />;
  const toConfirm = list.filter((line) => line.state === 'to_confirm').length;
  return (
    <div data-testid="my-wages">
      {toConfirm > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`有 ${toConfirm} 个月的工资等待您确认`} data-testid="my-wages-to-confirm" />
      )}
      {list.map((line) => (
        <WageEntry key={line.id} line={line} onOpen={() => navigate(`/w/wages/${line.id}`)} />
      ))}
      {lines.hasNextPage && (
        <Button block onClick={() => void lines.fetchNextPage()} loading={lines.isFetchingNextPage} data-testid="my-wages-more">
          加载更多
        </Button>
      )}
    </div>
  );
}

function WageEntry({ line, onOpen }: { line: MyWageLine; onOpen: () => void }) {
  const state = lineState(line.state);
  return (
    <button type="button" className="w-link" onClick={onOpen} data-testid={`my-wage-${line.id}`} data-month={line.month}>
      <span style={{ flex: 1, minWidth: 0 }}>
        <span style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
          <b>{line.month}</b>
          <Tag color={state.color} style={{ marginInlineEnd: 0 }} data-testid="my-wage-state">
            {state.label}
          </Tag>
        </span>
        <span className="w-muted" style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {line.projectName}
        </span>
        <span style={{ display: 'flex', justifyContent: 'space-between', marginTop: 4 }}>
          <span className="w-muted">
            出勤 {line.days} 天{line.paidAt ? ` · ${line.paidAt.slice(0, 10)} 发放` : ''}
          </span>
          <b className="w-money" style={{ fontSize: 18 }} data-testid="my-wage-net">
            {rmb(line.net)}
          </b>
        </span>
      </span>
      <RightOutlined style={{ marginLeft: 8, color: '#bfbfbf' }} />
    </button>
  );
}
