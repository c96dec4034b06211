import { screen } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import { SITE_BOARD } from './mine/fixtures';
import NoticeBoardDrawer from './NoticeBoardDrawer';

const QR_PNG = 'data:image/png;base64,iVBORw0KGgo=';
const toDataURL = vi.fn(async (_text: string, _options: unknown) => QR_PNG);
vi.mock('qrcode', () => ({ toDataURL: (text: string, options: unknown) => toDataURL(text, options) }));

const BOARD = '/builder/project/v1/Project/noticeBoard';

describe('the printable notice board', () => {
  it("carries a QR code of the worker's pages with the project, as an image that prints", async () => {
    renderPage(<NoticeBoardDrawer open onClose={() => undefined} projectId={12} />, { [BOARD]: { code: 201, data: SITE_BOARD } });
    const image = await screen.findByTestId('notice-board-qr-image', {}, { timeout: 20_000 });
    const url = `${window.location.origin}/w?project=12`;
    expect(image.getAttribute('src')).toBe(QR_PNG);
    expect(image.dataset.url).toBe(url);
    expect(toDataURL).toHaveBeenCalledWith(url, expect.objectContaining({ errorCorrectionLevel: 'M' }));
    expect(screen.getByTestId('notice-board-qr').textContent).toContain('扫码查看本人考勤工资 · 反映欠薪');
    // Inside the board: the part that goes on paper.
    expect(screen.getByTestId('notice-board').contains(image)).toBe(true);
  });

  it('has no QR code without a project to name', async () => {
    renderPage(<NoticeBoardDrawer open onClose={() => undefined} />, { [BOARD]: { code: 201, data: SITE_BOARD } });
    await screen.findByTestId('notice-board', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('notice-board-qr')).toBeNull();
  });
});
