import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import Announcement from './Announcement';
import type { OpenedNotice, ProjectNotice } from './service';


const LIST = '/builder/notice/v1/Notice/ajax_list';
const LOOK = '/builder/notice/v1/Notice/ajax_look';

const unread: ProjectNotice = {
  id: 7,
  title: '关于年底工资支付的通知',
  publisher: 'admin',
  publishedAt: '2026-11-24 09:00:00',
  read: false,
  readAt: '',
  attachmentCount: 1,
};
const read: ProjectNotice = { ...unread, id: 6, title: '旧通知', read: true, readAt: '2026-11-20 10:00:00', attachmentCount: 0 };

const opened: OpenedNotice = {
  ...unread,
  read: true,
  readAt: '2026-11-24 10:00:00',
  body: "<script>window.pwned = true</script>\n第二行 <b>不加粗</b>",
  attachments: [{ id: 3, name: '通知附件.pdf', url: '/uploads/0123456789abcdef0123456789abcdef.pdf' }],
};

const routes = {
  [LIST]: (call: { body: URLSearchParams }) => ({
    code: 201,
    message: '操作成功!',
    data: call.body.get('read') === '0' ? { list: [unread], total: 1, page: 1, limit: 1 } : { list: [unread, read], total: 2, page: 1, limit: 10 },
  }),
  [LOOK]: { code: 201, data: opened },
};

describe('Announcement', () => {
  it('lists the notices with unread marks and the unread count', async () => {
    renderPage(<Announcement />, routes);
    expect(await screen.findByText('关于年底工资支付的通知')).toBeTruthy();
    expect(screen.getByText('旧通知')).toBeTruthy();
    expect(screen.getByTestId('notice-unread-7')).toBeTruthy();
    expect(screen.queryByTestId('notice-unread-6')).toBeNull();
    expect(screen.getByText('未读', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText('已读 2026-11-20 10:00:00')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('notice-unread-count')).getByText('1')).toBeTruthy());
  });

  it('opens a notice: the body as text with its line breaks, the attachment to download, the read recorded', async () => {
    const { called } = renderPage(<Announcement />, routes);
    fireEvent.click(await screen.findByTestId('notice-open-7'));
    const dialog = await screen.findByTestId('notice-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('notice-body').textContent).toBe(opened.body));
    expect(document.querySelector('[data-testid="notice-body"] script')).toBeNull();
    expect(document.querySelector('[data-testid="notice-body"] b')).toBeNull();
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
    const link = within(dialog).getByTestId('notice-attachment-3');
    expect(link.getAttribute('href')).toBe('/uploads/0123456789abcdef0123456789abcdef.pdf');
    expect(link.getAttribute('download')).toBe('通知附件.pdf');
    expect(called(LOOK)[0].body.get('id')).toBe('7');
    // The list is asked again after the read.
    await waitFor(() => expect(called(LIST).length).toBeGreaterThan(2));
  });

  it('searches by title on the server', async () => {
    const { called } = renderPage(<Announcement />, routes);
    await screen.findByText('旧通知');
    fireEvent.change(screen.getByTestId('notice-filter-title'), { target: { value: '工资' } });
    fireEvent.click(screen.getByTestId('notice-search'));
    await waitFor(() => expect(called(LIST).some((call) => call.body.get('title') === '工资')).toBe(true));
  });

  it('shows the server refusal', async () => {
    renderPage(<Announcement />, { [LIST]: { code: 403, message: '通知公告仅供项目账号查看' } });
    expect((await screen.findAllByText('通知公告仅供项目账号查看')).length).toBeGreaterThan(0);
  });
});
