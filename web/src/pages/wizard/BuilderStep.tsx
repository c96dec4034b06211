/** Wizard step 2, 建设单位信息: loads `Site/builderEdit` and shows the unit form (UnitStep). */
import { useQuery } from '@tanstack/react-query';
import { StepLoading, StepLoadFailed } from './StepLoad';
import UnitStep from './UnitStep';
import { fetchBuilderEdit } from './service';

export const BUILDER_EDIT_KEY = ['wizard', 'builderEdit'] as const;

export default function BuilderStep({ onBack, onSaved }: { onBack: () => void; onSaved: () => void }) {
  const query = useQuery({ queryKey: BUILDER_EDIT_KEY, queryFn: fetchBuilderEdit });
  if (query.isPending) return <StepLoading />;
  if (!query.data) return <StepLoadFailed title="建设单位信息加载失败" error={query.error} onRetry={() => void query.refetch()} onBack={onBack} />;
  return <UnitStep key={query.dataUpdatedAt} role="builder" data={query.data} onBack={onBack} onSaved={onSaved} />;
}
