import ReasonDialog from '@/components/ReasonDialog';
import { MSG_REJECTED_OK, MSG_REMARK_REQUIRED, MSG_REMARK_TOO_LONG, REMARK_MAX, rejectProject } from './service';

interface Props {
  project: { id: number; name: string } | null;
  onClose: () => void;
  onRejected: () => void;
}

/** 驳回: the reason is required (at most 500 characters) and shown to the project in its wizard. */
export default function RejectDialog({ project, onClose, onRejected }: Props) {
  return (
    <ReasonDialog
      open={project !== null}
      title={`驳回：${project?.name || '未命名项目'}`}
      okText="确认驳回"
      danger
      label="驳回原因"
      placeholder="请填写驳回原因，项目方将在注册向导中看到"
      rows={5}
      maxLength={REMARK_MAX}
      requiredMessage={MSG_REMARK_REQUIRED}
      tooLongMessage={MSG_REMARK_TOO_LONG}
      fieldTestId="reject-remark"
      submitTestId="reject-submit"
      successMessage={MSG_REJECTED_OK}
      onSubmit={(remark) => rejectProject(project?.id ?? 0, remark)}
      onClose={onClose}
      onDone={onRejected}
    />
  );
}
