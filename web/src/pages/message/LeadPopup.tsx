import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Modal, Typography } from 'antd';
import { useSession } from '@/store/session';
import { markLeadsSeen, seenLeads } from './leadsSeen';
import { MESSAGE_POLL_MS, fetchUnreadLeads, leadPath, markRead, pollsMessages, type LeadMessage } from './service';

/**
 * The arrears-lead popup (spec §2 "Other dialogs"): once per session, a clerk of an approved project sees the
 * unread lead messages; clicking one, or its 查看, marks it read and opens the lead's report screen. It opens
 * again in the session (a reload, or a poll where the area polls) only for a lead it has not shown yet.
 */
export default function LeadPopup() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { side, roles, siteConfig, userInfo, token } = useSession();
  const clerk = side === 'builder' && roles.includes('builder') && !roles.includes('admin') && userInfo?.status === '2';
  const leads = useQuery({
    queryKey: ['message', 'leads'],
    queryFn: fetchUnreadLeads,
    enabled: clerk,
    staleTime: Infinity,
    refetchInterval: pollsMessages(siteConfig, userInfo) ? MESSAGE_POLL_MS : false,
  });
  const [closedAt, setClosedAt] = useState(0);
  const list = leads.data ?? [];
  // The reply that opened the popup: it stays open for that reply though its leads are now marked seen.
  const [shownFor, setShownFor] = useState(0);
  const seen = seenLeads(token);
  const unseen = clerk && list.some((lead) => !seen.includes(lead.id));
  const updatedAt = leads.dataUpdatedAt;
  const shown = leads.data;
  useEffect(() => {
    if (!unseen || !shown) return;
    markLeadsSeen(token, shown.map((lead) => lead.id));
    setShownFor(updatedAt);
  }, [unseen, token, shown, updatedAt]);
  const open = clerk && list.length > 0 && shownFor === updatedAt && closedAt !== updatedAt;

  const view = (lead: LeadMessage) => {
    setClosedAt(leads.dataUpdatedAt);
    void markRead('builder', lead.id).finally(() => {
      void queryClient.invalidateQueries({ queryKey: ['messageCount'] });
      void queryClient.invalidateQueries({ queryKey: ['message', 'list'] });
    });
    navigate(leadPath(lead));
  };

  return (
    <Modal open={open} title="欠薪线索" footer={null} onCancel={() => setClosedAt(leads.dataUpdatedAt)} width={640} destroyOnHidden>
      <Typography.Paragraph type="secondary">以下欠薪线索待您处理，请及时核实并反馈。</Typography.Paragraph>
      <List<LeadMessage>
        data-testid="lead-popup"
        dataSource={list}
        rowKey="id"
        renderItem={(lead) => (
          <List.Item
            data-testid={`lead-popup-item-${lead.id}`}
            style={{ cursor: 'pointer' }}
            onClick={() => view(lead)}
            actions={[
              <Button
                key="view"
                type="link"
                size="small"
                data-testid={`lead-popup-view-${lead.id}`}
                onClick={(event) => {
                  event.stopPropagation();
                  view(lead);
                }}
              >
                查看
              </Button>,
            ]}
          >
            <List.Item.Meta title={lead.content} description={lead.created_time} />
          </List.Item>
        )}
      />
    </Modal>
  );
}
