import { Switch } from '@/client/ui/switch';
import type { WalkMode } from './use-student-navigator';

/**
 * The teacher's choice of who Next, Save & Next and J/K reach: only the students whose work waits
 * for a grade (the default), or everyone, graded and missing included (decision 050).
 */
export function WalkChoice({
  walk,
  onWalkChange,
  waitingCount,
}: {
  walk: WalkMode;
  onWalkChange: (walk: WalkMode) => void;
  waitingCount: number;
}) {
  return (
    <Switch
      className="w-full max-w-sm items-center sm:w-auto sm:min-w-64"
      checked={walk === 'waiting'}
      onCheckedChange={(checked) => onWalkChange(checked ? 'waiting' : 'everyone')}
      label="Only work waiting for a grade"
      description={
        walk === 'waiting'
          ? waitingCount === 0
            ? 'Nothing waits for a grade: Next goes nowhere.'
            : `Next skips graded and missing students (${waitingCount} waiting).`
          : 'Next goes to every student in turn.'
      }
    />
  );
}
