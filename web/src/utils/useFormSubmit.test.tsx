import { act, renderHook, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { ApiError, NEEDS_CONFIRMATION } from '@/api/client';
import { useFormSubmit } from './useFormSubmit';

describe('useFormSubmit', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sets saving while the save runs, then says it went through', async () => {
    const success = vi.spyOn(message, 'success').mockImplementation(() => undefined as never);
    let finish: () => void = () => undefined;
    const { result } = renderHook(() => useFormSubmit());
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)), { success: '保存成功' });
    });
    expect(result.current.saving).toBe(true);
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current.saving).toBe(false);
    expect(success).toHaveBeenCalledWith('保存成功');
  });

  it("shows the server's refusal, or hands it to onError, and never throws", async () => {
    const error = vi.spyOn(message, 'error').mockImplementation(() => undefined as never);
    const { result } = renderHook(() => useFormSubmit());
    await act(() => result.current.run(() => Promise.reject(new ApiError(400, '名称已存在'))));
    expect(error).toHaveBeenCalledWith('名称已存在');
    const onError = vi.fn();
    await act(() => result.current.run(() => Promise.reject(new ApiError(400, '验证码错误')), { onError }));
    expect(onError).toHaveBeenCalledWith(new ApiError(400, '验证码错误'));
    expect(error).toHaveBeenCalledTimes(1);
    expect(result.current.saving).toBe(false);
  });

  it('asks the 301 question instead of showing it, when the page can ask', async () => {
    const error = vi.spyOn(message, 'error').mockImplementation(() => undefined as never);
    const confirm = vi.fn();
    const { result } = renderHook(() => useFormSubmit());
    await act(() => result.current.run(() => Promise.reject(new ApiError(NEEDS_CONFIRMATION, '卡号末位校验不通过，确认保存？')), { confirm }));
    expect(confirm).toHaveBeenCalledWith('卡号末位校验不通过，确认保存？');
    expect(error).not.toHaveBeenCalled();
    await act(() => result.current.run(() => Promise.reject(new ApiError(NEEDS_CONFIRMATION, '须确认'))));
    expect(error).toHaveBeenCalledWith('须确认');
  });

  it('sends nothing while the form is invalid', async () => {
    const form = { validateFields: vi.fn().mockRejectedValueOnce(new Error('invalid')).mockResolvedValue({ name: '钢筋班' }) };
    const save = vi.fn(async () => undefined);
    const { result } = renderHook(() => useFormSubmit(form as never));
    await act(() => result.current.submit(save));
    expect(save).not.toHaveBeenCalled();
    await act(() => result.current.submit(save));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ name: '钢筋班' }));
  });
});
