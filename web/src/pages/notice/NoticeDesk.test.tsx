import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import NoticeDesk from './NoticeDesk';
import { toPublishValues } from './PublishDialog';
import type { NoticeDetail, NoticeSummary, Receipt } from './service';


const LIST = '/admin/notice/v1/Notice/ajax_list';
const DETAIL = '/admin/notice/v1/Notice/detail';
const READS = '/admin/notice/v1/Notice/reads';
const PUBLISH = '/admin/notice/v1/Notice/publish';
const WITHDRAW = '/admin/notice/v1/Notice/withdraw';

const notice: NoticeSummary = {
  id: 5,
  title: '关于年底工资支付的通知',
  audience: 'districts',
  audienceLabel: '指定行政区划：郑州市/金水区',
  status: 'published',
  statusLabel: '已发布',
  publisher: 'jiancha',
  publishedAt: '2026-11-24 09:00:00',
  withdrawnAt: '',
  withdrawnBy: '',
  recipients: 2,
  reads: 1,
  attachmentCount: 1,
};
const detail: NoticeDetail = {
  ...notice,
  body: '各项目：\n请按时支付。<script>alert(1)</script>',
  attachments: [{ id: 1, name: '附件.pdf', url: '/uploads/0123456789abcdef0123456789abcdef.pdf' }],
};
const receipts: Receipt[] = [
  { projectId: 1, projectName: '幸福里安置房项目', read: true, readAt: '2026-11-24 10:00:00', reader: 'demo' },
  { projectId: 3, projectName: '金水河治理工程', read: false, readAt: '', reader: '' },
];

const routes = {
  [LIST]: { code: 201, data: { list: [notice], total: 1, page: 1, limit: 10 } },
  [DETAIL]: { code: 201, data: detail },
  [READS]: { code: 201, data: { list: receipts, total: 2, page: 1, limit: 10 } },
  [PUBLISH]: { code: 201, message: '发布成功', data: { id: 6, recipients: 2 } },
  [WITHDRAW]: { code: 201, message: '已撤回', data: null },
};

const inspector = { district: '410105', districtName: '郑州市/金水区', regulatorRole: 'inspector' };

describe('NoticeDesk', () => {
  it('lists the notices and opens one with its read receipts', async () => {
    renderPage(<NoticeDesk />, routes, { roles: ['admin'], regulator: inspector });
    expect(await screen.findByText('关于年底工资支付的通知')).toBeTruthy();
    expect(screen.getByTestId('notice-reads-5').textContent).toBe('1 / 2');
    fireEvent.click(screen.getByTestId('notice-receipts-5'));
    const drawer = await screen.findByTestId('receipts-drawer');
    expect(await within(drawer).findByText('幸福里安置房项目')).toBeTruthy();
    expect(within(drawer).getByText('2026-11-24 10:00:00')).toBeTruthy();
    expect(within(drawer).getByText('金水河治理工程')).toBeTruthy();
    expect(within(drawer).getByTestId('notice-body').textContent).toBe(detail.body);
    expect(document.querySelector('[data-testid="notice-body"] script')).toBeNull();
    expect(within(drawer).getByTestId('notice-attachment-1').getAttribute('download')).toBe('附件.pdf');
  });

  it('publishes a notice to every project of the district', async () => {
    const { called } = renderPage(<NoticeDesk />, routes, { roles: ['admin'], regulator: inspector });
    fireEvent.click(await screen.findByTestId('notice-publish'));
    fireEvent.change(await screen.findByTestId('publish-title'), { target: { value: '新通知' } });
    fireEvent.change(screen.getByTestId('publish-body'), { target: { value: '第一行\n第二行' } });
    fireEvent.click(screen.getByTestId('publish-submit'));
    await waitFor(() => expect(called(PUBLISH)).toHaveLength(1));
    const sent = called(PUBLISH)[0].body;
    expect(sent.get('title')).toBe('新通知');
    expect(sent.get('body')).toBe('第一行\n第二行');
    expect(sent.get('audience')).toBe('all');
    expect(sent.get('attachments')).toBeNull();
  });

  it('refuses to publish without a title or body', async () => {
    const { called } = renderPage(<NoticeDesk />, routes, { roles: ['admin'], regulator: inspector });
    fireEvent.click(await screen.findByTestId('notice-publish'));
    fireEvent.click(await screen.findByTestId('publish-submit'));
    expect(await screen.findByText('请输入通知标题')).toBeTruthy();
    expect(screen.getByText('请输入通知内容')).toBeTruthy();
    expect(called(PUBLISH)).toHaveLength(0);
  });

  it('withdraws a notice after confirmation', async () => {
    const { called } = renderPage(<NoticeDesk />, routes, { roles: ['admin'], regulator: inspector });
    fireEvent.click(await screen.findByTestId('notice-withdraw-5'));
    const question = await screen.findByText('撤回后项目将看不到该通知，确定撤回？');
    fireEvent.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: '撤 回' }));
    await waitFor(() => expect(called(WITHDRAW)).toHaveLength(1));
    expect(called(WITHDRAW)[0].body.get('id')).toBe('5');
  });

  it('lets an auditor read but not publish or withdraw', async () => {
    renderPage(<NoticeDesk />, routes, { roles: ['admin'], regulator: { ...inspector, regulatorRole: 'auditor' } });
    expect(await screen.findByText('关于年底工资支付的通知')).toBeTruthy();
    expect(screen.queryByTestId('notice-publish')).toBeNull();
    expect(screen.queryByTestId('notice-withdraw-5')).toBeNull();
  });

  it('sends the chosen districts and projects as codes and ids', () => {
    const base = { title: 't', body: 'b', attachments: ['/uploads/a.pdf'] };
    expect(toPublishValues({ ...base, audience: 'districts', districtPaths: [['4101', '410105'], ['4101', '410102', '410102001']] })).toEqual({
      ...base,
      audience: 'districts',
      districts: ['410105', '410102001'],
      projects: [],
    });
    expect(toPublishValues({ ...base, audience: 'projects', projects: [1, 3] }).projects).toEqual([1, 3]);
  });
});
