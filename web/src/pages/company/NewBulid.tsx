import ParticipantEditor from './components/ParticipantEditor';

/** 新增参建单位 (the spec's route spelling). */
export default function NewBulid() {
  return <ParticipantEditor />;
}
