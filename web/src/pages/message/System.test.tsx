import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import { useProjectInView } from '@/store/projectInView';
import { useSession } from '@/store/session';
import System from './System';
import { pollsMessages, type MessageLine } from './service';


const LIST = '/builder/message/v1/Message/ajax_list';
const DETAIL = '/builder/message/v1/Message/ajax_message_detail';
const ALL = '/builder/message/v1/Message/ajax_message_detail_all';

const lead: MessageLine = {
  id: 7,
  kind: 'lead',
  kindLabel: '欠薪线索',
  title: '新的欠薪线索',
  content: '钢筋班工人反映十月工资未发',
  createdTime: '2026-11-24 09:30:00',
  read: false,
  readTime: '',
  subjectId: 31,
  link: '/remunerationClues/feedbackDetail?id=31',
};
const notice: MessageLine = { ...lead, id: 8, kind: 'notice', kindLabel: '通知公告', title: '岁末年初工资支付通知', content: '请自查', read: true, subjectId: 4, link: '/message/announcement?id=4' };

const page = { code: 201, data: { list: [lead, notice], total: 2, page: 1, limit: 20 } };
const query = (url: string) => new URL(url, 'http://x').searchParams;

describe('System messages', () => {
  beforeEach(() => useProjectInView.getState().clear());

  it('lists the inbox and filters it on the server', async () => {
    const { called } = renderPage(<System />, { [LIST]: page });
    expect(await screen.findByText('新的欠薪线索')).toBeTruthy();
    expect(screen.getByText('欠薪线索')).toBeTruthy();
    expect(screen.getByText('未读')).toBeTruthy();
    expect(screen.getByText('已读')).toBeTruthy();
    expect(query(called(LIST)[0].url).get('limit')).toBe('20');

    fireEvent.mouseDown(screen.getByTestId('message-filter-kind').querySelector('.ant-select-selector') ?? screen.getByTestId('message-filter-kind'));
    fireEvent.click(await screen.findByTitle('通知公告'));
    fireEvent.click(screen.getByTestId('message-search'));
    await waitFor(() => expect(query(called(LIST).at(-1)!.url).get('kind')).toBe('notice'));
  });

  it('opens a message, which the server marks read, and goes to its subject', async () => {
    const { called } = renderPage(<System />, { [LIST]: page, [DETAIL]: { code: 201, data: { ...lead, read: true, readTime: '2026-11-24 10:00:00' } } });
    fireEvent.click(await screen.findByTestId('message-open-7'));
    const detail = await screen.findByTestId('message-detail');
    expect(detail.textContent).toContain('钢筋班工人反映十月工资未发');
    expect(query(called(DETAIL)[0].url).get('id')).toBe('7');
    await waitFor(() => expect(called(LIST).length).toBeGreaterThan(1));
    fireEvent.click(screen.getByTestId('message-detail-go'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/remunerationClues/feedbackDetail?id=31'));
  });

  it('links each row to its screen', async () => {
    renderPage(<System />, { [LIST]: page });
    fireEvent.click(await screen.findByTestId('message-go-8'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/message/announcement?id=4'));
  });

  it('marks everything read', async () => {
    const { called } = renderPage(<System />, { [LIST]: page, [ALL]: { code: 201, data: { count: 1 } } });
    fireEvent.click(await screen.findByTestId('message-read-all'));
    await waitFor(() => expect(called(ALL)).toHaveLength(1));
    expect(await screen.findByText('已将 1 条消息标为已读')).toBeTruthy();
  });

  it('lets a regulator read the project in view without marking it read', async () => {
    useProjectInView.getState().view({ id: 1, name: '幸福里' });
    const { called } = renderPage(<System />, { [LIST]: page }, { roles: ['admin'] });
    await screen.findByText('新的欠薪线索');
    expect(screen.queryByTestId('message-read-all')).toBeNull();
    expect(query(called(LIST)[0].url).get('projectId')).toBe('1');
  });

  it('uses the finance paths on the finance side', async () => {
    const { called } = renderPage(<System />, { '/finance/message/v1/Message/ajax_list': page });
    useSession.setState({ side: 'finance', roles: ['finance'] });
    await waitFor(() => expect(called('/finance/message/v1/Message/ajax_list').length).toBeGreaterThan(0));
    expect(await screen.findByText('消息')).toBeTruthy();
  });

  it('shows the server refusal', async () => {
    renderPage(<System />, { [LIST]: { code: 401, message: '消息类型不正确' } });
    expect(await screen.findByText('消息类型不正确')).toBeTruthy();
  });
});

describe('pollsMessages', () => {
  const config = (areacode: string) => ({ titleall: '', title: '', tieleicon: '', helpcenter: '', areacode, finance: 1, maptiles: '', geocoder: '', centerlatlng: '', idreader: '' });
  it('polls only in area 4208, once the project is approved or out of the wizard', () => {
    expect(pollsMessages(config('4208'), null)).toBe(true);
    expect(pollsMessages(config('4101'), null)).toBe(false);
    expect(pollsMessages(config('4208'), { status: '0', auditStatus: true } as never)).toBe(false);
    expect(pollsMessages(config('4208'), { status: '2', auditStatus: false } as never)).toBe(true);
    expect(pollsMessages(config('4208'), { status: '1', auditStatus: false } as never)).toBe(true);
  });
});
