import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import ContractTemplates from './ContractTemplates';
import { builtinTemplate, contractLine, ownTemplate, placeholders } from './fixtures';
import { insertAt } from './service';


const TEMPLATES = '/builder/contract/v1/Contract/template_list';
const PLACEHOLDERS = '/builder/contract/v1/Contract/placeholders';
const SAVE = '/builder/contract/v1/Contract/template_save';
const PREVIEW = '/builder/contract/v1/Contract/preview';
const LIST = '/builder/contract/v1/Contract/ajax_list';

const routes = {
  [TEMPLATES]: { code: 201, data: { list: [builtinTemplate, ownTemplate], total: 2, page: 1, limit: 10 } },
  [PLACEHOLDERS]: { code: 201, data: placeholders },
  [SAVE]: { code: 201, message: '保存成功', data: { id: 2, version: 4 } },
  [PREVIEW]: { code: 201, data: { text: '劳务合同\n乙方：张建国' } },
  [LIST]: { code: 201, data: { list: [contractLine(5, { status: 'signed', statusLabel: '已签', files: [{ url: '/uploads/0123456789abcdef0123456789abcdef.pdf', name: '合同.pdf' }] })], total: 1, page: 1, limit: 10 } },
};

describe('ContractTemplates', () => {
  it('inserts a placeholder at the caret', () => {
    expect(insertAt('乙方：，', '{{工人姓名}}', 3, 3)).toEqual({ value: '乙方：{{工人姓名}}，', caret: 11 });
    expect(insertAt('abc', 'X', 1, 2)).toEqual({ value: 'aXc', caret: 2 });
    expect(insertAt('', 'X', 5, 9)).toEqual({ value: 'X', caret: 1 });
  });

  it('lists the built-in template read-only and edits the project\'s own with click-to-insert and preview', async () => {
    const { called } = renderPage(<ContractTemplates />, routes);
    expect(await screen.findByText('钢筋班合同')).toBeTruthy();
    expect(screen.getByText('默认范本')).toBeTruthy();
    expect(screen.queryByTestId('template-delete-1')).toBeNull();
    expect(screen.getByTestId('template-view-1').textContent).toBe('查看');

    fireEvent.click(screen.getByTestId('template-view-2'));
    const body = (await screen.findByTestId('template-body')) as HTMLTextAreaElement;
    await waitFor(() => expect(body.value).toBe('劳务合同\n乙方：{{工人姓名}}'));
    body.setSelectionRange(body.value.length, body.value.length);
    fireEvent.click(await screen.findByTestId('placeholder-工资标准'));
    await waitFor(() => expect(body.value).toBe('劳务合同\n乙方：{{工人姓名}}{{工资标准}}'));

    fireEvent.click(screen.getByTestId('template-preview'));
    const preview = await screen.findByTestId('template-preview-text');
    expect(preview.textContent).toContain('乙方：张建国');
    expect(called(PREVIEW)[0].body.get('body')).toBe('劳务合同\n乙方：{{工人姓名}}{{工资标准}}');

    fireEvent.click(screen.getByTestId('template-save'));
    await waitFor(() => expect(called(SAVE)).toHaveLength(1));
    expect(called(SAVE)[0].body.get('id')).toBe('2');
    expect(called(SAVE)[0].body.get('name')).toBe('钢筋班合同');
  });

  it('shows the server\'s refusal of an unknown placeholder', async () => {
    renderPage(<ContractTemplates />, {
      ...routes,
      [SAVE]: { code: 401, message: '合同正文中有未知的占位符“{{工资}}”，请从占位符列表中选择' },
    });
    fireEvent.click(await screen.findByTestId('template-new'));
    fireEvent.change(await screen.findByTestId('template-name'), { target: { value: '新模板' } });
    fireEvent.change(screen.getByTestId('template-body'), { target: { value: '{{工资}}' } });
    fireEvent.click(screen.getByTestId('template-save'));
    expect(await screen.findByText('合同正文中有未知的占位符“{{工资}}”，请从占位符列表中选择')).toBeTruthy();
  });

  it('lists the generated contracts with their state and scans', async () => {
    renderPage(<ContractTemplates />, routes);
    fireEvent.click(await screen.findByText('已生成合同'));
    const table = await screen.findByTestId('contract-table');
    expect(await within(table).findByText('已签')).toBeTruthy();
    expect(within(table).getByText('合同.pdf').getAttribute('href')).toBe('/uploads/0123456789abcdef0123456789abcdef.pdf');
    expect(within(table).getByTestId('contract-open-5').getAttribute('href')).toBe('/system/contractPrint?id=5');
  });

  it('gives the regulator the templates to read only', async () => {
    renderPage(<ContractTemplates />, routes, { roles: ['admin'] });
    expect(await screen.findByText('钢筋班合同')).toBeTruthy();
    expect(screen.queryByTestId('template-new')).toBeNull();
    expect(screen.getByTestId('template-view-2').textContent).toBe('查看');
  });
});
