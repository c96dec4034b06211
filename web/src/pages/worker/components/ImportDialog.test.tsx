import { fireEvent, screen, waitFor } from '@testing-library/react';
import ImportDialog, { importOutcome } from './ImportDialog';
import { renderPage } from '@/test/renderPage';


const workbook = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], '花名册.xlsx', {
  type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

/** The server: rows 3 and 5 held back for their cards; with `confirmRows` it imports just those. */
const importRoute = ({ url }: { url: string }) => {
  const confirm = new URL(url, 'http://x').searchParams.get('confirmRows');
  return confirm
    ? { code: 201, message: '', data: { saved: 2, failed: [], unconfirmed: [] } }
    : { code: 201, message: '', data: { saved: 7, failed: [{ row: 4, reason: '请填写正确的身份证号码' }], unconfirmed: [{ row: 3, reason: '卡号校验位错误' }, { row: 5, reason: '卡号校验位错误' }] } };
};

function start() {
  const onImported = vi.fn();
  const mock = renderPage(<ImportDialog open onClose={() => undefined} onImported={onImported} />, { '/builder/user/v1/Worker/import': importRoute });
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [workbook()] } });
  return { ...mock, onImported };
}

describe('ImportDialog', () => {
  it('asks about the rows whose card fails its check digit and imports just them when confirmed', async () => {
    const { called, onImported } = start();
    expect(await screen.findByText(/第 3、5 行的银联卡号末位校验不通过/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '卡号无误，导入这些行' }));
    await waitFor(() => expect(screen.getByTestId('import-result').textContent).toContain('成功导入 9 人，失败 1 行'));
    expect(called('/builder/user/v1/Worker/import')).toHaveLength(2);
    expect(new URL(called('/builder/user/v1/Worker/import')[1].url, 'http://x').searchParams.get('confirmRows')).toBe('3,5');
    expect(onImported).toHaveBeenCalled();
  });

  it('lists the rows still held back (the clerk declined) by number with the bad rows', () => {
    const outcome = importOutcome({
      saved: 7,
      failed: [{ row: 4, reason: '请填写正确的身份证号码' }],
      unconfirmed: [{ row: 3, reason: '卡号校验位错误' }, { row: 5, reason: '卡号校验位错误' }],
    });
    expect(outcome.summary).toBe('成功导入 7 人，失败 3 行');
    expect(outcome.failures.map((bad) => bad.row)).toEqual([3, 4, 5]);
    expect(outcome.failures[0].reason).toBe('工资卡号校验位错误，未导入：请核对卡号后重新导入');
  });
});
