import { message } from 'antd';
import { reloadPage, showNoticeFromReload } from './reload';

describe('notice across a reload', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal('location', { ...window.location, reload: vi.fn() });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the notice through the reload and shows it once', () => {
    const error = vi.spyOn(message, 'error');
    reloadPage({ type: 'error', text: '登录已过期请重新登录' });
    expect(window.location.reload).toHaveBeenCalled();
    showNoticeFromReload();
    expect(error).toHaveBeenCalledWith('登录已过期请重新登录');
    error.mockClear();
    showNoticeFromReload();
    expect(error).not.toHaveBeenCalled();
  });

  it('reloads without a notice when none is given', () => {
    const info = vi.spyOn(message, 'info');
    reloadPage();
    showNoticeFromReload();
    expect(info).not.toHaveBeenCalled();
  });
});
