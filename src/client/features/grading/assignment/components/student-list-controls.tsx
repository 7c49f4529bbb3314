import {
  ORDER_LABELS,
  SHOW_LABELS,
  studentOrders,
  studentShows,
  type StudentOrder,
  type StudentShow,
} from '../student-order';

const SELECT = 'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm';

/**
 * How the student list is ordered and whom it shows. One choice says whom the list shows and whom
 * Next, Save & Next and J/K reach (decision 059): they never disagree.
 */
export function StudentListControls({
  order,
  show,
  waitingCount,
  onChange,
}: {
  order: StudentOrder;
  show: StudentShow;
  waitingCount: number;
  onChange: (choice: { order?: StudentOrder; show?: StudentShow }) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="student-list-controls">
      <label className="flex items-center gap-2">
        <span className="font-medium">Order</span>
        <select
          className={SELECT}
          value={order}
          onChange={(event) => onChange({ order: event.target.value as StudentOrder })}
        >
          {studentOrders.map((value) => (
            <option key={value} value={value}>
              {ORDER_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2">
        <span className="font-medium">Show</span>
        <select
          className={SELECT}
          value={show}
          onChange={(event) => onChange({ show: event.target.value as StudentShow })}
        >
          {studentShows.map((value) => (
            <option key={value} value={value}>
              {value === 'waiting' ? `${SHOW_LABELS[value]} (${waitingCount})` : SHOW_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <span className="text-slate-600" data-testid="show-hint">
        {show === 'everyone'
          ? 'Next goes to every student in turn.'
          : waitingCount === 0
            ? 'Nothing waits for a grade: choose Everyone to see graded work.'
            : 'Next skips graded and missing students.'}
      </span>
      {order === 'least-sure' ? (
        <span className="text-slate-600">Drafted students first, the least sure grade at the top.</span>
      ) : null}
    </div>
  );
}
