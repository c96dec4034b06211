/**
 * `/w/leads`: the wage-arrears leads reported under his ID number (from his pages or from `/clue`), newest
 * first: receipt number, project, amount owed, status, when; once closed, the bureau's answer. A page at a
 * time, 加载更多 for the next.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Empty, Skeleton, Tag, Typography } from 'antd';
import { AlertOutlined } from '@ant-design/icons';
import { STATUS_COLORS } from '@/pages/clue/service';
import { rmb } from '@/utils/money';
import { fetchOwnLeads, type OwnLead } from './service';

const PAGE_SIZE = 10;

function LeadCard({ lead }: { lead: OwnLead }) {
  return (
    <section className="w-card" data-testid={`my-lead-${lead.receipt}`}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
        <h2 className="w-card-title" style={{ margin: 0 }}>
          {lead.projectName || '—'}
        </h2>
        <Tag color={STATUS_COLORS[lead.status] ?? 'default'} style={{ marginInlineEnd: 0 }} data-testid="my-lead-status">
          {lead.statusLabel}
        </Tag>
      </div>
      <div className="w-row">
        <span>受理编号</span>
        <Typography.Text copyable data-testid="my-lead-receipt">
          {lead.receipt}
        </Typography.Text>
      </div>
      <div className="w-row">
        <span>反映欠薪</span>
        <b className="w-money" data-testid="my-lead-owed">
          {rmb(lead.owed)}
        </b>
      </div>
      <div className="w-row">
        <span>反映时间</span>
        <span>{lead.createdAt}</span>
      </div>
      {lead.answer && (
        <div style={{ marginTop: 6, padding: '8px 10px', background: '#f6ffed', borderRadius: 8, whiteSpace: 'pre-wrap' }} data-testid="my-lead-answer">
          <b>处理结果：</b>
          {lead.answer}
        </div>
      )}
    </section>
  );
}

export default function Leads() {
  const navigate = useNavigate();
  const leads = useInfiniteQuery({
    queryKey: ['mine', 'leads'],
    queryFn: ({ pageParam }) => fetchOwnLeads(pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((count, page) => count + page.list.length, 0) < last.total ? pages.length + 1 : undefined),
  });

  const report = (
    <Button type="primary" block size="large" icon={<AlertOutlined />} onClick={() => navigate('/w/report')} data-testid="leads-report">
      反映欠薪
    </Button>
  );
  if (leads.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (leads.isError)
    return <Alert type="error" showIcon title={leads.error.message} action={<Button onClick={() => void leads.refetch()}>重试</Button>} />;
  const list = leads.data.pages.flatMap((page) => page.list);
  return (
    <div data-testid="worker-leads">
      {list.length === 0 ? (
        <div className="w-card">
          <Empty description="您还没有反映过欠薪线索" />
        </div>
      ) : (
        <>
          <p className="w-muted" style={{ margin: '0 4px 8px' }} data-testid="leads-total">
            共 {leads.data.pages[0].total} 条，最新的在前
          </p>
          {list.map((lead) => (
            <LeadCard key={lead.receipt} lead={lead} />
          ))}
          {leads.hasNextPage && (
            <Button block size="large" loading={leads.isFetchingNextPage} onClick={() => void leads.fetchNextPage()} style={{ marginBottom: 12 }} data-testid="leads-more">
              加载更多
            </Button>
          )}
        </>
      )}
      {report}
    </div>
  );
}
