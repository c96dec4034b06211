import UnderConstruction from '@/components/UnderConstruction';

export default function Announcement() {
  return <UnderConstruction title="通知公告" />;
}
