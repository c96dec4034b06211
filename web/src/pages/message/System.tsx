import UnderConstruction from '@/components/UnderConstruction';

export default function SystemPage() {
  return <UnderConstruction title="系统消息" />;
}
