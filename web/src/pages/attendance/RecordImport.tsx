import XlsxImportDialog from '@/components/XlsxImportDialog';
import { downloadTemplate, importPunches, type ImportResult } from './service';

/** 考勤管理 punch import from the .xlsx template. */
export default function AttendanceImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  return (
    <XlsxImportDialog<ImportResult>
      open={open}
      title="导入考勤"
      hint="按模板填写：身份证号、打卡时间（YYYY-MM-DD HH:MM:SS）、方向（进/出）必填；姓名填写时须与身份证号一致。人员须在本项目花名册中。每次最多5000行。"
      testId="attendance-import"
      downloadTemplate={downloadTemplate}
      importFile={(file) => importPunches(file, file.name)}
      outcome={(reply) => ({
        applied: reply.inserted,
        summary: `共 ${reply.total} 行：新增打卡 ${reply.inserted} 条，已存在 ${reply.duplicates} 条，失败 ${reply.errors.length} 行`,
        failures: reply.errors,
      })}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
