import { Skeleton } from '@/client/ui/feedback';

/**
 * A grading screen while its data loads: the header, an optional toolbar and the screen's columns,
 * laid out by the same grid classes as the loaded screen so nothing jumps.
 */
export function GradingSkeleton({
  label,
  gridClassName,
  columnCount,
  hasToolbar = false,
}: {
  label: string;
  gridClassName: string;
  columnCount: number;
  hasToolbar?: boolean;
}) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      <Skeleton className="h-28" />
      {hasToolbar ? <Skeleton className="h-14" /> : null}
      <div className={`grid gap-5 ${gridClassName}`}>
        {Array.from({ length: columnCount }, (_, column) => (
          <Skeleton key={column} className="h-96" />
        ))}
      </div>
    </div>
  );
}
