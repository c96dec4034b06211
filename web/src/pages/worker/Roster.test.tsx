import { fireEvent, screen, waitFor } from '@testing-library/react';
import Roster from './Roster';
import { formErrors, renderPage } from '@/test/renderPage';
import { rosterLine } from './fixtures';



const listRoute = {
  '/builder/user/v1/Worker/list': ({ url }: { url: string }) => {
    const query = new URL(url, 'http://x').searchParams;
    return { code: 201, message: '', data: { list: [rosterLine(Number(query.get('page')) * 10 + 1)], total: 45, page: Number(query.get('page')), limit: Number(query.get('limit')) } };
  },
};

describe('Roster', () => {
  it('pages on the server and sends the filters', async () => {
    const { called } = renderPage(<Roster />, listRoute);
    expect(await screen.findByText('工人11')).toBeTruthy();
    expect(screen.getByText('共 45 人')).toBeTruthy();
    const first = new URL(called('/builder/user/v1/Worker/list')[0].url, 'http://x').searchParams;
    expect(first.get('limit')).toBe('20');
    fireEvent.click(document.querySelector('.ant-pagination-item-2') as Element);
    expect(await screen.findByText('工人21')).toBeTruthy();

    fireEvent.change(screen.getByTestId('roster-filter-name'), { target: { value: '王' } });
    fireEvent.change(screen.getByTestId('roster-filter-idNumber'), { target: { value: '4101' } });
    fireEvent.click(screen.getByTestId('roster-search'));
    await waitFor(() => expect(new URL(called('/builder/user/v1/Worker/list').at(-1)!.url, 'http://x').searchParams.get('name')).toBe('王'));
    const last = new URL(called('/builder/user/v1/Worker/list').at(-1)!.url, 'http://x').searchParams;
    expect(last.get('idNumber')).toBe('4101');
    expect(last.get('page')).toBe('1');
    expect(last.has('status')).toBe(false);
  });

  it('opens the detail drawer', async () => {
    renderPage(<Roster />, {
      ...listRoute,
      '/builder/user/v1/Worker/detail': { code: 201, data: { ...rosterLine(11), ethnicity: '汉', address: '', issuingAuthority: '', validFrom: '', validTo: '', photo: '', contractStart: '2026-03-01', contractEnd: '2026-12-31', contractFile: '', history: [rosterLine(11)] } },
    });
    fireEvent.click(await screen.findByTestId('roster-view-11'));
    const detail = await screen.findByTestId('worker-detail');
    expect(detail.textContent).toContain('已签订 2026-03-01 至 2026-12-31');
    expect(detail.textContent).toContain('350.00 元/日');
  });

  it('refuses an exit date before the entry, then posts the exit', async () => {
    const { called } = renderPage(<Roster />, { ...listRoute, '/builder/user/v1/Worker/exit': { code: 201, data: null } });
    fireEvent.click(await screen.findByTestId('roster-exit-11'));
    const input = (await screen.findByTestId('move-date')).querySelector('input') ?? screen.getByTestId('move-date');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '2026-02-01' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByTestId('move-submit'));
    await waitFor(() => expect(formErrors()).toContain('退场日期不能早于进场日期'));
    expect(called('/builder/user/v1/Worker/exit')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '2026-05-31' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByTestId('move-submit'));
    await waitFor(() => expect(called('/builder/user/v1/Worker/exit')).toHaveLength(1));
    expect(called('/builder/user/v1/Worker/exit')[0].body.get('date')).toBe('2026-05-31');
    expect(called('/builder/user/v1/Worker/exit')[0].body.get('id')).toBe('11');
  });

  it('shows the regulator a project\'s roster to read, without changes', async () => {
    const { called } = renderPage(
      <Roster />,
      { ...listRoute, '/builder/user/v1/Worker/detail': { code: 201, data: { ...rosterLine(11), ethnicity: '汉', address: '', issuingAuthority: '', validFrom: '', validTo: '', photo: '', contractStart: '', contractEnd: '', contractFile: '', history: [] } } },
      { roles: ['admin'], path: '/user/list?projectId=3' },
    );
    expect(await screen.findByText('工人11')).toBeTruthy();
    expect(new URL(called('/builder/user/v1/Worker/list')[0].url, 'http://x').searchParams.get('projectId')).toBe('3');
    expect(new URL(called('/builder/user/v1/Worker/options')[0].url, 'http://x').searchParams.get('projectId')).toBe('3');
    expect(screen.queryByTestId('roster-import')).toBeNull();
    expect(screen.queryByTestId('roster-exit-11')).toBeNull();
    fireEvent.click(screen.getByTestId('roster-view-11'));
    await screen.findByTestId('worker-detail');
    expect(new URL(called('/builder/user/v1/Worker/detail')[0].url, 'http://x').searchParams.get('projectId')).toBe('3');
  });
});
