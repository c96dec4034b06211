/** Wizard step 2, 建设单位信息: loads `Site/builderEdit` and shows the unit form (UnitStep). */
import { useQuery } from '@tanstack/react-query';
import { LoadedStep } from '@/components/wizard/StepLoad';
import UnitStep from './UnitStep';
import { fetchBuilderEdit } from '../service';

export const BUILDER_EDIT_KEY = ['wizard', 'builderEdit'] as const;

export default function BuilderStep({ onBack, onSaved }: { onBack: () => void; onSaved: () => void }) {
  const query = useQuery({ queryKey: BUILDER_EDIT_KEY, queryFn: fetchBuilderEdit });
  return (
    <LoadedStep query={query} failedTitle="建设单位信息加载失败" onBack={onBack}>
      {(data) => <UnitStep role="builder" data={data} onBack={onBack} onSaved={onSaved} />}
    </LoadedStep>
  );
}
