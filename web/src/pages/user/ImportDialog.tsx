import XlsxImportDialog from '@/components/XlsxImportDialog';
import { downloadTemplate, importWorkbook, type ImportResult } from './service';

/** 花名册 batch import from the .xlsx template; every row is checked by the site entry registration's rules. */
export default function ImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  return (
    <XlsxImportDialog<ImportResult>
      open={open}
      title="批量导入"
      hint="按模板填写：所属单位、班组、工种、开户银行填写名称；身份证号等请以文本格式填写。每一行按进场登记的规则检查。"
      testId="import"
      downloadTemplate={downloadTemplate}
      importFile={(file) => importWorkbook(file, file.name)}
      outcome={(reply) => ({ applied: reply.saved, summary: `成功导入 ${reply.saved} 人，失败 ${reply.failed.length} 行`, failures: reply.failed })}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
