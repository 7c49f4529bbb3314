import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/client/ui/feedback';

/** A grading screen that could not load: the spec's title and message, what to check, Try Again and a way back. */
export function GradingLoadError({
  courseId,
  title,
  message,
  tips = [],
  detail,
  onRetry,
}: {
  courseId: string;
  title: string;
  message: ReactNode;
  tips?: string[];
  /** The server's own words, when the message above is the spec's fixed text. */
  detail?: string;
  onRetry: () => void;
}) {
  return (
    <ErrorState title={title} message={message} onRetry={onRetry}>
      {detail ? (
        <p className="text-sm opacity-80" data-testid="error-detail">
          {detail}
        </p>
      ) : null}
      {tips.length > 0 ? (
        <ul className="list-disc pl-5 text-sm">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      ) : null}
      <Link to={`/courses/${courseId}`} className="text-sm font-medium underline">
        Back to the course
      </Link>
    </ErrorState>
  );
}
