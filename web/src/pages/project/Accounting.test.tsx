import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { errors, renderPage } from '@/pages/user/testSetup';
import { URLS } from '@/pages/wage/service';
import Accounting from './Accounting';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

describe('Accounting', () => {
  it('新建工资表 submitted empty shows what is missing, sends nothing and raises no page error', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const { called } = renderPage(<Accounting />, {
      [URLS.options]: { code: 201, data: { units: [], teams: [], defaultMonth: '2026-10', checkKinds: [], balance: '' } },
      [URLS.sheets]: { code: 201, data: { list: [], total: 0, page: 1, limit: 20 } },
    });
    fireEvent.click(await screen.findByRole('button', { name: '新建工资表' }));
    fireEvent.click(await screen.findByRole('button', { name: /^生\s*成$/ }));
    await waitFor(() => expect(errors()).toContain('请选择参建单位'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.off('unhandledRejection', onRejection);
    expect(rejections).toEqual([]);
    expect(called(URLS.createSheet)).toHaveLength(0);
  });
});
