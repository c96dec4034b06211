import ReasonDialog from '@/components/ReasonDialog';
import {
  MSG_UNLOCK_REASON_REQUIRED,
  MSG_UNLOCK_REASON_TOO_LONG,
  MSG_UNLOCKED_OK,
  UNLOCK_REASON_MAX,
  unlockCompany,
} from '../service';

/** The company to unlock and the project the regulator is looking at. */
export interface UnlockTarget {
  companyId: number;
  companyName: string;
  projectId: number;
}

interface Props {
  target: UnlockTarget | null;
  onClose: () => void;
  onUnlocked: () => void;
}

/**
 * 解锁单位: the wizard locks a company's registered fields at its first save; the regulator unlocks them
 * with a reason (at most 200 characters, written to the operation log) so the clerk can correct them.
 */
export default function UnlockCompanyDialog({ target, onClose, onUnlocked }: Props) {
  return (
    <ReasonDialog
      open={target !== null}
      title={`解锁单位：${target?.companyName || ''}`}
      okText="确认解锁"
      note="解锁后，项目方在注册向导中可修改该单位的名称、信用代码等登记信息，再次保存时重新锁定。"
      label="解锁原因"
      placeholder="请填写解锁原因，将记入操作日志"
      maxLength={UNLOCK_REASON_MAX}
      requiredMessage={MSG_UNLOCK_REASON_REQUIRED}
      tooLongMessage={MSG_UNLOCK_REASON_TOO_LONG}
      fieldTestId="unlock-reason"
      submitTestId="unlock-submit"
      successMessage={MSG_UNLOCKED_OK}
      onSubmit={(reason) => unlockCompany(target?.companyId ?? 0, target?.projectId ?? 0, reason)}
      onClose={onClose}
      onDone={onUnlocked}
    />
  );
}
