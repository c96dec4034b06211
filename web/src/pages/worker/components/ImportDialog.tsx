import { Modal } from 'antd';
import XlsxImportDialog, { type ImportOutcome } from '@/components/XlsxImportDialog';
import { downloadTemplate, importWorkbook, type ImportResult } from '../service';

const MSG_HELD_BACK = '工资卡号校验位错误，未导入：请核对卡号后重新导入';

/** Asks whether the held-back rows' cards are right as written. */
function confirmCards(rows: number[]): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title: '工资卡号校验未通过',
      content: `第 ${rows.join('、')} 行的银联卡号末位校验不通过，可能输错了一位，银行可能拒绝入账。这些行尚未导入。请核对卡号：确认无误则导入这些行（将记录确认人），否则取消、修改表格后重新导入。`,
      okText: '卡号无误，导入这些行',
      cancelText: '取消',
      okButtonProps: { 'data-testid': 'import-card-confirm' } as Record<string, string>,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * 花名册 batch import from the .xlsx template; every row is checked by the site entry registration's rules.
 * Rows whose wage card fails its check digit are held back and, once the clerk confirms them, imported by
 * sending the same file again for just those rows.
 */
async function importChecked(file: File): Promise<ImportResult> {
  const first = await importWorkbook(file, file.name);
  const rows = first.unconfirmed.map((bad) => bad.row);
  if (rows.length === 0 || !(await confirmCards(rows))) return first;
  const second = await importWorkbook(file, file.name, rows);
  return {
    saved: first.saved + second.saved,
    failed: [...first.failed, ...second.failed].sort((a, b) => a.row - b.row),
    unconfirmed: second.unconfirmed,
  };
}

/** What the dialog shows: rows still held back (the clerk declined) are listed with the bad rows. */
export function importOutcome(reply: ImportResult): ImportOutcome {
  const held = reply.unconfirmed.map((bad) => ({ row: bad.row, reason: MSG_HELD_BACK }));
  const failures = [...reply.failed, ...held].sort((a, b) => a.row - b.row);
  return { applied: reply.saved, summary: `成功导入 ${reply.saved} 人，失败 ${failures.length} 行`, failures };
}

export default function ImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  return (
    <XlsxImportDialog<ImportResult>
      open={open}
      title="批量导入"
      hint="按模板填写：所属单位、班组、工种、开户银行填写名称；身份证号、工资卡号等请以文本格式填写。每一行按进场登记的规则检查；银联卡号校验位不符的行会先请您确认。"
      testId="import"
      downloadTemplate={downloadTemplate}
      importFile={importChecked}
      outcome={importOutcome}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
